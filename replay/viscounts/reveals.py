"""The new top of a Townsfolk or manuscript pile, as the table saw it: a chance event.

Taking a pile's top card leaves the next one face up; the log says which it is.
Before anything else happens the table owes that reveal, so what may happen next is one of
the cards the pile can still hold.
"""

from __future__ import annotations

from collections.abc import Iterator

from replay.core.protocol.actions import Refusal
from replay.core.speech import say
from replay.viscounts.cards import where
from replay.viscounts.setup import NEUTRAL
from replay.viscounts.table import Table


def _revealed(event: dict) -> tuple[str, str | None]:
    """The kind of pile an event reveals the top of, and what it names there."""
    if "card" in event:
        return "townsfolk", event["card"]
    return "manuscript", event.get("manuscript")


def reveal_refusals(table: Table, event: dict) -> Iterator[Refusal]:
    """A reveal names what it shows, of a pile whose top was taken, and a card that pile
    can hold: a neutral Townsfolk, one not already seen everywhere it can be."""
    state = table.state
    side = event["pile"]
    kind, ident = _revealed(event)
    if not ident:
        yield Refusal("viscounts.log.reveal", say("a reveal names a card or a manuscript"),
                      skip=True)
        return
    if (kind, side) not in state.reveals_owed and (kind, side) not in state.reveals_late:
        yield Refusal("viscounts.log.reveal",
                      say("the top of the {kind} pile of {side} was not taken: nothing to "
                          "reveal", kind=kind, side=side), found=ident, skip=True)
        return
    catalog = table.catalog.townsfolk if kind == "townsfolk" else table.catalog.manuscripts
    unknown = table.unknown(ident, catalog, kind)
    if unknown is not None:
        yield unknown
        return
    deck = catalog[ident].deck if kind == "townsfolk" else NEUTRAL
    if deck != NEUTRAL:
        yield Refusal("viscounts.log.reveal",
                      say("{ident} is a {deck} card: the Townsfolk piles hold only the neutral "
                          "Townsfolk", ident=table.labelled(ident), deck=deck),
                      found=ident, skip=True)
        return
    if not _unseen(table, kind)[ident]:
        yield Refusal("viscounts.log.hidden_unique",
                      say("{ident} cannot be in a pile: it is {seen_at}",
                          ident=table.labelled(ident), seen_at=_seen_at(table, kind, ident)),
                      found=ident, skip=True)


def apply_reveal(table: Table, event: dict) -> None:
    """The card is the pile's top; one fewer of it is unseen; the reveal is no longer owed."""
    state = table.state
    side = event["pile"]
    kind, ident = _revealed(event)
    _unseen(table, kind)[ident] -= 1
    owed = state.reveals_owed if (kind, side) in state.reveals_owed else state.reveals_late
    owed.remove((kind, side))
    (state.townsfolk if kind == "townsfolk" else state.manuscripts)[side].top = ident


def reveal_candidates(table: Table) -> Iterator[dict]:
    """The first reveal the table owes, with each card the pile can still hold."""
    if not table.state.reveals_owed:
        return
    kind, side = table.state.reveals_owed[0]
    field = "card" if kind == "townsfolk" else "manuscript"
    for ident, unseen in _unseen(table, kind).items():
        if unseen:
            yield {"type": "reveal", "pile": side, field: ident}


def _unseen(table: Table, kind: str) -> dict[str, int]:
    state = table.state
    return state.unseen_townsfolk if kind == "townsfolk" else state.unseen_manuscripts


def _seen_at(table: Table, kind: str, ident: str) -> str:
    """Where a card or manuscript no pile can hold is, in words."""
    if kind == "townsfolk":
        return where(table, ident)
    for name, player in table.state.players.items():
        if ident in player.manuscripts:
            return say("in {name}'s manuscripts", name=name)
    return next((say("on top of the manuscript pile of {side}", side=side)
                 for side, pile in table.state.manuscripts.items() if pile.top == ident),
                "out of the game")
