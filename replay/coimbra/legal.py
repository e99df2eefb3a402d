"""What the players could legally write next at the current point of a game.

Legality has one source: each action kind's refusals (``replay.coimbra.events``). The legal
actions are the candidates of the kinds offered now that no refusal stops, so they follow
the variants the log declares (``mixed-payment`` adds the mixed payments, ``two-way-roads``
the roads back) the way replay does.
"""

from __future__ import annotations

from replay.coimbra.events import EVENT_SPECS
from replay.coimbra.table import Table
from replay.core.protocol.actions import legal_candidates

MOVES = (EVENT_SPECS["move"],)
# The kinds offered in each phase where a player decides, in the order they are offered.
OFFERED = {phase: tuple(EVENT_SPECS[kind] for kind in kinds) for phase, kinds in (
    ("start", ("start",)), ("B", ("place",)), ("C", ("distress", "favor", "choose", "recruit")),
    ("E", ("income",)), ("F", ("invest", "pass")))}


def acting_player(game: Table) -> str | None:
    """Who decides next; None when the table's next step is chance (setup, deal, roll)."""
    state = game.state
    if game.phase == "start":
        return state.start_turns[0]
    if game.phase == "B":
        return state.drafting()
    if game.phase == "C":
        return state.next_slot()[1].owner
    if game.phase in ("E", "F") and state.cursor < len(state.order):
        return state.acting_in_turn()
    return None


def legal_actions(game: Table) -> list[dict]:
    """Every event the players may write next: the candidates no refusal stops, pilgrim
    moves first (when steps wait), then the acting player's choices in the current phase
    (in phase F also those of the players after them, whose investment or pass ends the
    earlier players' turns)."""
    state = game.state
    actions = legal_candidates(MOVES, game)
    if acting_player(game) is None:
        return actions
    offered = legal_candidates(OFFERED.get(game.phase, ()), game)
    if game.phase == "F":  # player by player in the order, investments before the pass
        offered.sort(key=lambda action: state.order.index(action["player"]))
    return actions + offered
