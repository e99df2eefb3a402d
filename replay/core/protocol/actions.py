"""Action kinds: a game's event types, each declaring its legality once.

An action kind is an ``EventSpec`` (one per event type of a game) that declares, besides
its fields, phase and notation, three functions:

- ``refusals(table, event)`` yields a ``Refusal`` for each rule the event breaks, in the
  order a judge reads them, and reads the table without changing it. A refusal with
  ``skip`` means the event cannot be applied as the table played it; the refusals after it
  are not asked for (they may assume what the skip refused, such as a known player);
- ``apply(table, event)`` changes the table and writes ledger rows, checking nothing;
- ``candidates(table)`` yields the events of this kind worth offering at this point.

So legality has one source: replay is "refusals, then apply" (``replay.core.protocol.flow``),
and the legal actions are the candidates with no refusal. A decision the rules leave to a player is
an action kind like any other.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass


@dataclass(frozen=True)
class EventSpec:
    """One event type of a game, declared once.

    ``fields`` maps each field to ``(kind, required)``, the kind naming an entry of the game's
    field kinds. ``phase`` is the phase the event belongs to (None: any time, such as claims
    and markers). ``read(reader, event, tokens)`` fills it from the words of a text line
    after ``player:`` and the verb (None for events the notation reads by their own first
    word); ``write(event)`` gives its text lines. ``positional`` names the fields a text
    line gives by position, in order, for notations that read fields that way.

    An action kind (``replay.core.protocol.actions``) declares its legality here, once:
    ``refusals(table, event)``, ``apply(table, event)`` and ``candidates(table)``;
    ``chance`` marks events that record chance the table supplies, and ``supply(table)``
    describes, for chance too varied to list (a roll of thirteen dice), what the table may
    supply. ``step(table, event)`` is how the table moves on to an event of a kind that may
    come at several points of a turn, before its refusals are asked (a game's loop moves the
    table to a kind's ``phase`` itself).
    """

    kind: str
    fields: Mapping[str, tuple[str, bool]]
    phase: str | None = None
    read: Callable | None = None
    write: Callable[[dict], list[str]] | None = None
    positional: tuple[str, ...] = ()
    refusals: Callable[[object, dict], Iterable] | None = None
    apply: Callable[[object, dict], None] | None = None
    candidates: Callable[[object], Iterable[dict]] | None = None
    chance: bool = False
    supply: Callable[[object], dict] | None = None
    step: Callable[[object, dict], None] | None = None


@dataclass(frozen=True)
class Refusal:
    """One rule an event breaks: the rule id, a one-line reason, and what was expected.

    ``player`` is whose fault it is (None: the table's, for a player-less event);
    ``legal_under`` a known variant under which the event would be legal; ``skip``: the event
    cannot be applied as played; ``parts``: it is applied, but the engine's game and the
    table's part all the same (later refusals may follow from this one). ``moved_on(table)``
    is what the table did all the same, such as a turn used by a move that cannot be
    applied: an audit replay makes that change as it records the refusal (a strict replay
    stops with the table as the event found it).
    """

    rule: str
    message: str
    player: str | None = None
    expected: object = None
    found: object = None
    legal_under: str | None = None
    skip: bool = False
    parts: bool = False
    moved_on: Callable[[object], None] | None = None


def refusals_of(spec, table, event: dict) -> Iterator[Refusal]:
    """The refusals of one event, up to and including the first that skips it."""
    for refusal in spec.refusals(table, event):
        yield refusal
        if refusal.skip:
            return


def is_legal(spec, table, event: dict) -> bool:
    """Whether an event of this kind breaks no rule here (no refusal at all)."""
    return next(iter(spec.refusals(table, event)), None) is None


def legal_candidates(specs: Iterable, table) -> list[dict]:
    """The candidates of the given kinds that no refusal stops, in declaration order."""
    return [event for spec in specs for event in spec.candidates(table)
            if is_legal(spec, table, event)]
