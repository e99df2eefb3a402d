"""Assemble a Coimbra replay's report document."""

from __future__ import annotations

from replay.coimbra.catalog import Catalog
from replay.coimbra.claims import Claims
from replay.coimbra.game import Game
from replay.coimbra.phases import LEDGER_ORDER, expected_next
from replay.core.ledger import phase_breakdown
from replay.core.log import GameLog
from replay.core.report import ENGINE_VERSION, REPORT_VERSION, standings, verdict

DEFAULT_RULESET = "coimbra-2018"


def build_report(log: GameLog, game: Game, catalog: Catalog, mode: str, replayed: int,
                 final: dict | None, claims: Claims, warnings: list[dict]) -> dict:
    """The whole report: verdict first, then everything that explains it."""
    state = game.state
    totals = {name: p.points for name, p in state.players.items()}
    rows, notes = standings(totals, state.order) if final else ([], [])
    return {
        "report_version": REPORT_VERSION,
        "engine_version": ENGINE_VERSION,
        "game": "coimbra",
        "ruleset": log.ruleset or DEFAULT_RULESET,
        "variants": sorted(log.variants),
        "catalog": catalog.summary(),
        "input_sha256": log.sha256(),
        "mode": mode,
        "players": list(log.players),
        "verdict": verdict(game.judge.violations, claims.items, final is not None),
        "events": {"total": len(log.events), "replayed": replayed},
        "reached": {"round": state.round, "phase": game.phase_label(),
                    "expected_next": expected_next(game)},
        "violations": [v.to_dict() for v in game.judge.violations],
        "warnings": warnings + game.warnings,
        "claims": claims.items,
        "first_divergence": claims.first_divergence(),
        "phases": phase_breakdown(game.ledger, LEDGER_ORDER),
        "turn_order": game.orders,
        "discards": game.discards,
        "final": final,
        "standings": rows,
        "tie_break": notes,
        "final_order": list(state.order),
        "state": {name: _player_state(p) for name, p in state.players.items()},
        "ledger": [row.to_dict() for row in game.ledger],
    }


def _player_state(player) -> dict:
    return {
        "points": player.points, "coins": player.coins, "guards": player.guards,
        "influence": dict(player.influence), "characters": list(player.characters),
        "monasteries": list(player.monasteries), "voyages": list(player.voyages),
        "pilgrim": player.pilgrim, "favors_taken": player.favors_taken,
    }
