"""Which placeholder values decide a verdict: the log replayed again with each one changed.

A report lists the placeholder values its verdict rests on, and the ones read where a rule
was broken (``replay.core.protocol.placeholders.rests_on``). Read there is not the same as
deciding: a move's start space is read at a refused move whatever the arrow it lacks. This
module weighs each value read where a rule was broken, or at a claimed row the referee
computes differently, by replaying the log up to that event with the value changed (declared,
as a table would declare the printed one): a value decides a violation when some other value
of the same kind lifts it (and breaks nothing earlier), and bears on a claim when the
computed value it is compared with changes.

Each weighing is a whole replay with a catalog of its own (tens of milliseconds), so it is
asked for where a report is made for a person (the worker, the command line), not by every
replay, and a report weighs at most ``MOST_REPLAYS`` changes: what was left unweighed is said.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass

# A report's weighing stops after this many replays (each builds its catalog again: about
# 50 ms on Viscounts' board), and says how many values it left.
MOST_REPLAYS = 48
# Other values tried for one placeholder: the neighbours of a number, a few of the values
# the catalog holds in the same field of other entries.
MOST_TRIES = 3


@dataclass(frozen=True)
class Outcome:
    """What a replay with one value changed found, up to the event it was replayed to."""

    violations: tuple[tuple[int, str], ...]  # (event, rule) of every rule broken
    claims: Mapping[tuple[int, str, str], object]  # (event, player, what) -> computed


Counterfactual = Callable[[dict[str, dict], int], Outcome | None]


def weigh(used: list[dict], violations: Iterable, claims: list[dict],
          placeholders: Mapping[str, tuple], replay: Counterfactual) -> dict:
    """Mark in ``used`` (the report's ``placeholders_used``) the values that decide a
    violation (``decides``: the events whose violation another value lifts) or bear on a
    claim the table got wrong (``claims``: the events of those claims); returns what was
    weighed: ``values``, ``replays``, and ``left`` (values read there, not weighed).

    ``replay(components, upto)`` replays the log to event ``upto`` with ``components``
    declared (entry -> field -> value) and says what it found, or None when the catalog
    refuses the changed value (it cannot be the printed one)."""
    broken = sorted({(v.event, v.rule) for v in violations})
    wrong = {(c["event"], c["player"], c["what"]): c for c in claims if not c.get("match")}
    sources = _claim_sources(wrong.values())
    budget = _Budget(placeholders)
    asked = []  # (item, events of its violations, keys of its wrong claims)
    for item in used:
        events = [e for e, _ in broken if e in (item.get("violations") or ())]
        claim_keys = [key for key in wrong if item["entry"] in sources.get(key, ())]
        if events or claim_keys:
            asked.append((item, events, claim_keys))
    # A broken rule before a wrong claim: a verdict's cause comes before its consequences.
    asked.sort(key=lambda asking: not asking[1])
    for item, events, claim_keys in asked:
        if not (tries := budget.tries(item)):
            continue
        decides, bears = set(), set()
        upto = max(events + [key[0] for key in claim_keys])
        for value in tries:
            budget.replays += 1
            outcome = replay({item["entry"]: {item["field"]: value}}, upto)
            if outcome is None:
                continue
            decides.update(_lifted(events, broken, outcome))
            bears.update(key[0] for key in claim_keys
                         if outcome.claims.get(key, wrong[key]["computed"])
                         != wrong[key]["computed"])
        if decides:
            item["decides"] = sorted(decides)
        if bears:
            item["claims"] = sorted(bears)
    return budget.summary()


def weigh_at(used: list[dict], event: int, broken: Iterable[tuple[int, str]],
             placeholders: Mapping[str, tuple], replay: Counterfactual) -> dict:
    """Mark in ``used`` (the placeholder values read at ``event``) those that decide its
    verdict (``decides``): with another value there, a refused event is legal or a legal one
    refused, nothing earlier changed. ``broken`` is every (event, rule) broken up to it. For
    one disputed move (``replay.ruling``); returns what was weighed, as ``weigh`` does."""
    before = {v for v in broken if v[0] < event}
    refused = any(v[0] == event for v in broken)
    budget = _Budget(placeholders)
    for item in used:
        for value in budget.tries(item):
            budget.replays += 1
            outcome = replay({item["entry"]: {item["field"]: value}}, event)
            if outcome is None or {v for v in outcome.violations if v[0] < event} != before:
                continue
            if any(v[0] == event for v in outcome.violations) != refused:
                item["decides"] = True
                break
    return budget.summary()


class _Budget:
    """The values one report weighs within its ``MOST_REPLAYS``: what was weighed, the
    replays it took (counted by the caller, one per replay) and the values left."""

    def __init__(self, placeholders: Mapping[str, tuple]):
        self.domains = _domains(placeholders)
        self.values = self.replays = self.left = 0

    def tries(self, item: dict) -> list:
        """The values to try in place of ``item``'s, which is marked ``weighed``; none when
        there are none, or when they no longer fit in the replays left (the item is then
        counted as left)."""
        tries = alternatives(item["value"], self.domains.get(_field_name(item["field"]), ()))
        if not tries or self.replays + len(tries) > MOST_REPLAYS:
            self.left += bool(tries)
            return []
        self.values += 1
        item["weighed"] = True
        return tries

    def summary(self) -> dict:
        """What was weighed: ``values``, ``replays`` and ``left``."""
        return {"values": self.values, "replays": self.replays, "left": self.left}


def _lifted(events: list[int], broken: list[tuple[int, str]], outcome: Outcome) -> set[int]:
    """The events among ``events`` whose violation the changed value lifts: nothing is broken
    there any more, and nothing earlier is broken that was not."""
    found = set()
    for event in events:
        before = {v for v in broken if v[0] < event}
        after = {v for v in outcome.violations if v[0] <= event}
        if after == before:
            found.add(event)
    return found


def _claim_sources(claims: Iterable[dict]) -> dict[tuple, set[str]]:
    """Each wrong claim's key -> the components of the rows that explain its computed value."""
    return {(c["event"], c["player"], c["what"]): {
        row.get("source") for row in c.get("explained_by") or () if row.get("source")}
        for c in claims}


def _field_name(field: str) -> str:
    return field.rpartition(".")[2]


def _domains(placeholders: Mapping[str, tuple]) -> dict[str, list]:
    """Field name -> the distinct values the catalog's placeholders hold there, in order."""
    seen: dict[str, dict[str, object]] = {}
    for values in placeholders.values():
        for placeholder in values:
            key = json.dumps(placeholder.value, sort_keys=True)
            seen.setdefault(_field_name(placeholder.field), {}).setdefault(
                key, placeholder.value)
    return {name: list(values.values()) for name, values in seen.items()}


def alternatives(value: object, domain: Iterable = ()) -> list:
    """Other values to try in place of ``value``: a number's neighbours (never below 0), the
    other truth value, a mapping with one of its numbers moved by one, or else other values
    the catalog holds in the same field (``domain``); at most ``MOST_TRIES``."""
    if isinstance(value, bool):
        return [not value]
    if isinstance(value, int):
        return [n for n in (value - 1, value + 1) if n >= 0]
    if isinstance(value, dict):
        found = [dict(value, **{key: n}) for key, number in value.items()
                 if isinstance(number, int) and not isinstance(number, bool)
                 for n in (number - 1, number + 1) if n >= 0]
        if found:
            return found[:MOST_TRIES]
    return [other for other in domain if other != value][:MOST_TRIES]
