"""Assemble a Coimbra replay's report document."""

from __future__ import annotations

from functools import lru_cache
from operator import itemgetter

from replay.coimbra.catalog import Catalog
from replay.coimbra.claims import Claims
from replay.coimbra.phases import LEDGER_ORDER, expected_next
from replay.coimbra.state import TRACK_NAMES
from replay.coimbra.table import Table
from replay.core.logs.log import GameLog
from replay.core.logs.names import names_of, words_of
from replay.core.logs.printed_names import with_translations
from replay.core.protocol.placeholders import rests_on
from replay.core.reports.report import (
    ENGINE_VERSION,
    REPORT_VERSION,
    causes_with_lines,
    report_words,
    standings,
    verdict,
)
from replay.core.speech import say, worded
from replay.core.verdicts.causes import audit_caveat
from replay.core.verdicts.ledger import phase_breakdown

DEFAULT_RULESET = "coimbra-2018"


def build_report(log: GameLog, game: Table, catalog: Catalog, mode: str, replayed: int,
                 final: dict | None, claims: Claims, warnings: list[dict]) -> dict:
    """The whole report: verdict first, then everything that explains it."""
    state = game.state
    totals = {name: p.points for name, p in state.players.items()}
    rows, notes = standings(totals, state.order) if final else ([], [])
    violations = [v.to_dict() for v in game.judge.violations]
    summary = dict(catalog.summary(), placeholders_used=rests_on(
        catalog.placeholders_used, game, game.judge.violations))
    ledger = game.ledger  # its rows are in their report form already
    all_warnings = warnings + game.warnings
    causes = causes_with_lines(log.positions, violations, claims.items, ledger, all_warnings,
                               game.discards)
    awaited = expected_next(game)
    return report_words(with_translations({
        "report_version": REPORT_VERSION,
        "engine_version": ENGINE_VERSION,
        "game": "coimbra",
        "ruleset": log.ruleset or DEFAULT_RULESET,
        "variants": sorted(log.variants),
        "catalog": summary,
        "input_sha256": log.sha256(),
        "mode": mode,
        "players": list(log.players),
        "verdict": verdict(game.judge.violations, claims.items, final is not None),
        "events": {"total": len(log.events), "replayed": replayed},
        "reached": {"round": state.round, "phase": game.phase_label(),
                    "expected_next": awaited},
        "violations": violations,
        "causes": causes,
        "warnings": all_warnings,
        "claims": claims.items,
        "first_divergence": claims.first_divergence(),
        "phases": phase_breakdown(ledger, LEDGER_ORDER),
        "turn_order": game.orders,
        "dice_queues": game.queues,
        "crown_tokens": [worded(dict(entry), "fate") for entry in game.crown_cards],
        "discards": game.discards,
        "final": final,
        "standings": rows,
        "tie_break": notes,
        "standings_caveat": audit_caveat(mode, violations, final is not None),
        "final_order": list(state.order),
        "state": {name: _player_state(p) for name, p in state.players.items()},
        "ledger": ledger,
        "names": _names_used(game, catalog, violations, summary["placeholders_used"],
                            awaited),
    }, catalog.names_in))


def _names_used(game: Table, catalog: Catalog, violations: list[dict], placeholders: list,
                awaited: str) -> dict[str, str]:
    """The printed name of every component the report mentions, by id."""
    names = catalog.names
    used = set(map(itemgetter("source"), game.ledger))
    used.update(d["card"] for d in game.discards)
    used.update(c["card"] for c in game.crown_cards)
    used.update(words_of(awaited))
    used.update(d["entry"] for d in catalog.declared)
    used.update(p["entry"] for p in placeholders)
    # The ids a placeholder value holds are a road's ends, each a value of its own: an
    # effect names no component.
    nodes = catalog.nodes
    used.update(p["value"] for p in placeholders
                if isinstance(p["value"], str) and p["value"] in nodes)
    for player in game.state.players.values():
        used.update(player.characters, player.start_cards, player.monasteries, player.voyages)
    for violation in violations:
        for key in ("found", "expected", "message"):
            used.update(words_of(violation.get(key)))
    return names_of(used, lambda ident: names.get(ident) or place_name(catalog, ident)
                    or source_name(ident))


# Ledger sources that are no component: where the points and resources came from.
SOURCES = {"setup": say("the start of the game"), "distress": say("the distress action"),
           "diplomas": say("diploma sets"), "leftovers": say("leftover resources")}


CORNERS = {"nw": say("north-west"), "ne": say("north-east"), "se": say("south-east"),
           "sw": say("south-west")}


def place_name(catalog: Catalog, ident: str) -> str | None:
    """A space or road of the pilgrim map, a scoring tile, a turn-order flag or an influence
    track, by what it is and its number."""
    node = catalog.nodes.get(ident)
    number = ident.rpartition("-")[2].lstrip("0")
    if node is None:
        return _board_part(ident, number)
    kind = node.get("kind")
    if kind == "monastery":
        return say("level-{level} monastery space {number}", level=node.get("level"),
                   number=number)
    if kind == "stopover":
        return say("stopover {number}", number=number)
    if kind == "corner":
        return say("{corner} corner", corner=CORNERS.get(number, number))
    return None


# The parts of the board named by their kind and number (``st-2``: scoring tile 2).
NUMBERED = {"st-": lambda number: say("scoring tile {number}", number=number),
            "flag-": lambda number: say("turn-order flag {number}", number=number),
            "road-": lambda number: say("road {number}", number=number)}


@lru_cache(maxsize=512)
def _board_part(ident: str, number: str) -> str | None:
    """A scoring tile, flag, road or track of the board, in words (None: none of them);
    made once each, as every report names them."""
    kind, _, track = ident.partition("-")
    if kind == "track" and track in TRACK_NAMES:
        return say("{track} track", track=TRACK_NAMES[track])
    prefix = f"{kind}-"
    return NUMBERED[prefix](number) if prefix in NUMBERED and number.isdigit() else None


def source_name(ident: str) -> str | None:
    """A ledger source that is no component, in words: ``track:scholar`` is the scholar
    track."""
    kind, _, track = ident.partition(":")
    if kind == "track" and track:
        return say("{track} track", track=TRACK_NAMES.get(track, track))
    return SOURCES.get(ident)


def _player_state(player) -> dict:
    return {
        "points": player.points, "coins": player.coins, "guards": player.guards,
        "influence": dict(player.influence), "characters": list(player.characters),
        "monasteries": list(player.monasteries), "voyages": list(player.voyages),
        "pilgrim": player.pilgrim, "favors_taken": player.favors_taken,
    }
