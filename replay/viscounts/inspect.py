"""Replay a log up to a point and look at the game there (``referee replay --at N``)."""

from __future__ import annotations

from replay.core.log import GameLog
from replay.core.shapes import check_shapes
from replay.viscounts.catalog import load_catalog
from replay.viscounts.claims import Claims
from replay.viscounts.engine import run_events
from replay.viscounts.events import EVENT_SPECS, FIELD_KINDS
from replay.viscounts.legal import acting_player, legal_actions
from replay.viscounts.report import player_state
from replay.viscounts.table import Table, new_table


def replay_to(log: GameLog, upto: int, catalog: dict | None = None) -> Table:
    """The table after events ``0..upto`` (inclusive), replayed in audit mode."""
    events, _ = check_shapes(log.events, EVENT_SPECS, FIELD_KINDS)
    table = new_table(log.players, load_catalog(catalog, log.catalog), "audit", log.variants,
                      log.positions)
    run_events(table, events[:upto + 1], Claims())
    return table


def state_at(log: GameLog, upto: int, catalog: dict | None = None) -> dict:
    """Every player's state after event ``upto`` and what the acting player could do next."""
    table = replay_to(log, upto, catalog)
    state = table.state
    return {
        "after_event": upto,
        "round": state.round,
        "phase": state.phase,
        "order": state.turn_order() if state.start_player else list(state.seats),
        "players": {name: player_state(table, name) for name in state.seats},
        "acting_player": acting_player(table),
        "legal_actions": legal_actions(table),
        "violations_so_far": [v.to_dict() for v in table.judge.violations],
    }
