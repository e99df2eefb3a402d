"""Replay a log up to a point and look at the game there (``referee replay --at N``)."""

from __future__ import annotations

from replay.core.logs.log import GameLog
from replay.core.logs.names import action_ids, ids_in, names_of
from replay.core.logs.printed_names import with_translations
from replay.core.protocol.replayer import Replayer
from replay.viscounts.catalog import load_catalog
from replay.viscounts.claims import Claims
from replay.viscounts.engine import finish, run_events
from replay.viscounts.events import EVENT_SPECS, FIELD_KINDS
from replay.viscounts.legal import acting_player, legal_actions
from replay.viscounts.new_table import new_table
from replay.viscounts.position import place, position_of
from replay.viscounts.report import player_state, printed_names
from replay.viscounts.table import Table

# The engine as the shared replay steps take it (the game object replays with it too).
REPLAYER = Replayer(EVENT_SPECS, FIELD_KINDS, load_catalog, new_table, Claims, run_events, finish,
                    place=place, position_of=position_of)


def replay_to(log: GameLog, upto: int, catalog: dict | None = None) -> Table:
    """The table after events ``0..upto`` (inclusive), replayed in audit mode."""
    return REPLAYER.replay_to(log, upto, catalog)


def state_at(log: GameLog, upto: int, catalog: dict | None = None) -> dict:
    """Every player's state after event ``upto`` and what the acting player could do next."""
    table = REPLAYER.replay_to(log, upto, catalog, score_end=True)
    state = table.state
    players = {name: player_state(table, name) for name in state.seats}
    actions = legal_actions(table)
    return with_translations({
        "after_event": upto,
        "round": state.round,
        "phase": state.phase,
        "order": state.turn_order() if state.start_player else list(state.seats),
        "players": players,
        "end_cards_revealed": list(state.revealed),
        "names": names_of([*ids_in(players), *action_ids(actions)], printed_names(table)),
        "acting_player": acting_player(table),
        "legal_actions": actions,
        "violations_so_far": [v.to_dict() for v in table.judge.violations],
    }, table.catalog.names_in)
