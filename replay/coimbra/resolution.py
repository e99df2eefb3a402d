"""Phase C: dice return castle first, then the city rows, each left to right."""

from __future__ import annotations

from replay.coimbra.order import establish_new_order
from replay.coimbra.state import CITY_ROWS, LOCATIONS, Slot
from replay.coimbra.table import Table
from replay.core.speech import say

NEUTRAL_DISCARD = "discarded by a neutral token"
LEFT_IN_ROW = "left in the row when it finished"


def begin_resolution(game: Table) -> None:
    """Phase C begins: resolve whatever needs no player (neutral tokens, empty rows)."""
    state = game.state
    # For the report: the order every die and neutral token resolves in, location by location.
    game.queues.append({"round": state.round, "queues": {
        location: [{"die": slot.die, "value": slot.value, "owner": slot.owner}
                   for slot in state.queues.get(location, ())] for location in LOCATIONS}})
    game.judge.settle_shared()
    state.resolving = 0
    advance(game)


def advance(game: Table, done: Slot | None = None) -> None:
    """Mark the die just used (``done``) resolved, then resolve neutral tokens and finished
    rows until a player's die is next."""
    if done is not None:
        done.resolved = True
    state = game.state
    while state.resolving < len(LOCATIONS):
        location = LOCATIONS[state.resolving]
        for slot in state.queues[location]:
            if slot.resolved:
                continue
            if slot.owner is not None:
                return
            _neutral_discard(game, location)
            slot.resolved = True
        if location in CITY_ROWS and state.rows.get(location):
            _discard_leftovers(game, location)
        state.resolving += 1


def resolved(game: Table) -> bool:
    """Whether every location's queue is done with (phase C has nothing left)."""
    return game.state.resolving >= len(LOCATIONS)


def end_resolution(game: Table) -> None:
    """Phase C ends: dice not resolved yet are lost (a later phase's event ended it), the
    rows finish, and phase D sets the new order."""
    for queue in game.state.queues.values():
        for slot in queue:
            slot.resolved = True
    advance(game)
    establish_new_order(game)


def _neutral_discard(game: Table, row: str) -> None:
    """Discard the remaining character with the highest printed influence, leftmost on ties."""
    cards = [c for c in game.state.rows[row] if c is not None]
    if not cards:
        return
    game.touch_all(f"{c}.influence" for c in cards)
    influence = {c: game.catalog.characters[c].influence for c in cards}
    highest = max(influence.values())
    victim = next(c for c in cards if influence[c] == highest)
    # A token writes no line of its own: its discard is credited to the roll that placed it,
    # not to the player's event resolved before it.
    _remove_card(game, row, victim, NEUTRAL_DISCARD, game.roll_event)


def _discard_leftovers(game: Table, row: str) -> None:
    for card in [c for c in game.state.rows[row] if c is not None]:
        _remove_card(game, row, card, LEFT_IN_ROW)
    game.state.rows[row] = []


def _remove_card(game: Table, row: str, card: str, why: str, event: int | None = None) -> None:
    """Take ``card`` out of ``row``, credited to ``event`` (the current one by default)."""
    state = game.state
    event = game.event if event is None else event
    state.rows[row][state.rows[row].index(card)] = None
    if state.crown_tokens.pop(card, None):
        crown_fate(game, card, _fate(why, game.judge.where(event)))
    game.discards.append({"event": event, "round": state.round, "row": row,
                          "card": card, "reason": why})


def _fate(why: str, where: str) -> str:
    """Why a card left its row, with the line it is credited to: a neutral token's discard is
    credited to the roll that placed the token."""
    if why == NEUTRAL_DISCARD:
        return say("discarded by a neutral token placed by the roll at {where}", where=where)
    return say("left in the row when it finished at {where}", where=where)


def crown_fate(game: Table, card: str, fate: str) -> None:
    """Say in the report what became of the crown token on ``card`` this round."""
    for entry in reversed(game.crown_cards):
        if entry["card"] == card:
            entry["fate"] = fate
            return


def gone(game: Table, card_id: str) -> str:
    """Why a character is not on display: who took it, or what discarded it, and where."""
    if card_id in game.taken:
        who, event = game.taken[card_id]
        return say("it is not on display: {player} took it at {where}", player=who,
                   where=game.judge.where(event))
    discard = next((d for d in reversed(game.discards) if d["card"] == card_id), None)
    if discard is not None:
        where = game.judge.where(discard["event"])
        if discard["reason"] == NEUTRAL_DISCARD:
            return say("it is not on display: a neutral token placed by the roll at {where} "
                       "discarded it", where=where)
        return say("it is not on display: it was left in its row when the row finished, and "
                   "discarded at {where}", where=where)
    return say("it is not on display (it was not dealt this round)")
