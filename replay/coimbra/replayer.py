"""Replay a log up to a point and look at the game there (``referee replay --at N``)."""

from __future__ import annotations

from replay.coimbra.catalog import load_catalog
from replay.coimbra.claims import Claims
from replay.coimbra.engine import finish, run_events
from replay.coimbra.events import EVENT_SPECS, FIELD_KINDS
from replay.coimbra.legal import acting_player, legal_actions
from replay.coimbra.new_table import new_table
from replay.coimbra.position import place, position_of
from replay.coimbra.table import Table
from replay.core.logs.log import GameLog
from replay.core.logs.names import action_ids, ids_in, names_of
from replay.core.logs.printed_names import with_translations
from replay.core.protocol.replayer import Replayer

# The engine as the shared replay steps take it (the game object replays with it too).
REPLAYER = Replayer(EVENT_SPECS, FIELD_KINDS, load_catalog, new_table, Claims, run_events, finish,
                    place=place, position_of=position_of)


def replay_to(log: GameLog, upto: int, catalog: dict | None = None) -> Table:
    """The game after events ``0..upto`` (inclusive), replayed in audit mode."""
    return REPLAYER.replay_to(log, upto, catalog)


def state_at(log: GameLog, upto: int, catalog: dict | None = None) -> dict:
    """Every player's state after event ``upto`` and what the acting player could do next."""
    game = REPLAYER.replay_to(log, upto, catalog, score_end=True)
    state = game.state
    players = {name: {
        "points": p.points, "coins": p.coins, "guards": p.guards,
        "influence": dict(p.influence), "characters": list(p.characters),
        "monasteries": list(p.monasteries), "voyages": list(p.voyages),
        "pilgrim": p.pilgrim, "dice": list(p.dice), "favors": list(p.favors),
    } for name, p in state.players.items()}
    actions = legal_actions(game)
    return with_translations({
        "after_event": upto,
        "round": state.round,
        "phase": game.phase_label(),
        "order": list(state.order),
        "players": players,
        "names": names_of([*ids_in(players), *action_ids(actions)], game.catalog.names.get),
        "acting_player": acting_player(game),
        "legal_actions": actions,
        "violations_so_far": [v.to_dict() for v in game.judge.violations],
    }, game.catalog.names_in)
