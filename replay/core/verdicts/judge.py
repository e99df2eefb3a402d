"""Violations and the judge that records them according to the replay mode."""

from __future__ import annotations

import copy
from collections.abc import Collection
from dataclasses import dataclass

from replay.core.speech import Phrase, say

# The texts of a violation a person reads that may be phrases (said again in their language).
SAID = ("message", "expected", "found")


@dataclass
class Violation:
    """A rule broken at one event of the log."""

    rule: str
    event: int
    message: str
    statement: str = ""
    line: int | None = None
    column: int | None = None
    expected: str | None = None
    found: str | None = None
    legal_under: str | None = None  # a known variant under which the event would be legal
    follows_from: int | None = None  # an earlier violation's event this one is a consequence of
    applied: bool = True  # audit mode: the event was applied as played (else skipped)

    def to_dict(self) -> dict:
        """Plain-data form for the report (unset optional fields left out). ``words`` keeps,
        for each text built as a phrase, its template and values, so a page can say it in
        the reader's language; the English texts themselves are the same in every language."""
        data = {"rule": self.rule, "event": self.event, "message": self.message,
                "statement": self.statement, "applied": self.applied}
        for name in ("line", "column", "expected", "found", "legal_under", "follows_from"):
            value = getattr(self, name)
            if value is not None:
                data[name] = value
        words = {name: getattr(self, name).words() for name in SAID
                 if isinstance(getattr(self, name), Phrase)}
        if words:
            data["words"] = words
        return data


# strict: stop at the first violation; audit: record every violation and go on.
MODES = ("strict", "audit")


class StopReplay(Exception):
    """Strict mode: the first violation ends the replay."""


class SkipEvent(Exception):
    """Audit mode: the violating event cannot be represented and is skipped."""


class Tentative:
    """What a judge records tentatively (``Judge.tentative``) until ``close``: the violations
    and the entries of the other records it was given (a table's notes), taken back together
    when the event they were recorded for is refused whole (``take_back``). Made for every
    event that finds a choice waiting, so it only notes where each record stood."""

    __slots__ = ("lists", "spans")

    def __init__(self, lists: tuple[list, ...]):
        self.lists = lists
        self.spans = [len(entries) for entries in lists]

    def close(self) -> None:
        """What was recorded since the start is what ``take_back`` takes back."""
        self.spans = [(start, len(entries)) for start, entries in zip(self.spans, self.lists,
                                                                    strict=True)]

    def take_back(self) -> None:
        """Remove what was recorded, wherever it now stands in each record."""
        for entries, (start, end) in zip(self.lists, self.spans, strict=True):
            taken = set(map(id, entries[start:end]))
            entries[:] = [entry for entry in entries if id(entry) not in taken]


class Judge:
    """Records violations: stops at the first (strict) or collects them all (audit)."""

    def __init__(self, mode: str, rules: dict, variants: set[str],
                 positions: list[tuple[int, int]] | None = None,
                 known_variants: Collection[str] = ()):
        self.strict = mode == "strict"
        self.rules = rules
        self.variants = variants
        self.known_variants = frozenset(known_variants) | frozenset(variants)
        self.positions = positions or []
        self.violations: list[Violation] = []
        self.event = -1
        self._tainted: dict[str | None, int] = {}
        # The earliest skipped event before the game last settled what all players share
        # (whose turn it is, what resolves next): shared rules may follow from it.
        self._shared_cause: int | None = None

    def copy(self) -> Judge:
        """A judge that goes on from here on its own (the violations so far copied, since a
        later event may mark one not applied)."""
        twin = copy.copy(self)
        twin.violations = [copy.copy(v) for v in self.violations]
        twin._tainted = dict(self._tainted)
        return twin

    def tentative(self, *records: list) -> Tentative:
        """Record tentatively: the violations (and entries of ``records``) recorded until the
        tentative record is closed stand unless it is taken back. For what an event declines
        before it is tried (a choice left waiting), which an event refused whole did not
        decline. A tentative violation never skips, so it taints nobody."""
        return Tentative((self.violations, *records))

    def where(self, event: int | None) -> str:
        """An event's place as people find it: ``line 42`` for text logs, else ``event 30``."""
        if event is None:
            return say("final scoring")
        if 0 <= event < len(self.positions):
            return say("line {line}", line=self.positions[event][0])
        return say("event {event}", event=event)

    def before(self) -> str:
        """Where a missing event belonged: ``before line 24`` (``before event 12``)."""
        return say("before {where}", where=self.where(self.event))

    @property
    def shared_in_doubt(self) -> bool:
        """Whether shared state (a turn order) was settled after a skipped event, so the
        table's may differ from the engine's."""
        return self._shared_cause is not None

    def settle_shared(self) -> None:
        """The game has just settled state every player shares (a turn order, a queue) from
        the state as replayed: a skipped event before now may be behind its violations."""
        self._shared_cause = min(self._tainted.values(), default=None)

    def _cause(self, player: str | None, shared: bool) -> int | None:
        """The earliest skipped event this breach may follow from.

        A skipped event leaves the engine's state and the table's apart for its player (for
        everyone, when it names no player). A rule about shared state (whose turn it is) may
        also follow from any skipped event before that state was last settled.
        """
        own = self._tainted.get(player, self._tainted.get(None))
        if shared and self._shared_cause is not None:
            return self._shared_cause if own is None else min(own, self._shared_cause)
        return own

    def allows(self, variant: str) -> bool:
        """Whether the log declared this variant (a name the game does not know is a bug)."""
        if variant not in self.known_variants:
            raise KeyError(f"unknown variant id {variant}")
        return variant in self.variants

    def breach(self, rule: str, message: str, *, player: str | None = None,
               expected: object = None, found: object = None,
               legal_under: str | None = None, skip: bool = False,
               parts: bool = False) -> None:
        """Record a violation of ``rule`` at the current event.

        Returns when the replay can go on with the event applied as played; raises
        ``StopReplay`` in strict mode and ``SkipEvent`` when ``skip`` (not representable).
        ``parts``: the event is applied, but the engine's game and the table's part all the
        same (an event the log misses), so later violations may follow from this one.
        """
        if rule not in self.rules:
            raise KeyError(f"unknown rule id {rule}")
        if legal_under is not None and legal_under not in self.known_variants:
            raise KeyError(f"unknown variant id {legal_under}")
        line, column = (self.positions[self.event] if self.event < len(self.positions)
                        else (None, None))
        earlier = self._cause(player, self.rules[rule].shared)
        violation = Violation(
            rule=rule, event=self.event, message=message, statement=self.rules[rule].statement,
            line=line, column=column,
            expected=_text(expected), found=_text(found),
            legal_under=legal_under,
            follows_from=earlier if earlier is not None and earlier < self.event else None,
            applied=not skip,
        )
        self.violations.append(violation)
        if skip or parts:
            # A skipped event leaves the engine's state and the table's apart: later
            # violations of this player (of everyone, for a player-less event) may follow.
            self._tainted.setdefault(player, self.event)
        if self.strict:
            raise StopReplay
        if skip:
            raise SkipEvent


def _text(value: object) -> str | None:
    """A value as report text: a phrase stays a phrase (``str()`` would drop its words)."""
    if value is None or isinstance(value, str):
        return value
    return str(value)
