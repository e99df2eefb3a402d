"""Assemble a Viscounts replay's report document (the shape every game's report has)."""

from __future__ import annotations

from operator import itemgetter

from replay.core.logs.log import GameLog
from replay.core.logs.names import ids_in, names_of, words_of
from replay.core.logs.printed_names import with_translations
from replay.core.protocol.placeholders import rests_on
from replay.core.reports.report import (
    ENGINE_VERSION,
    REPORT_VERSION,
    causes_with_lines,
    report_words,
    verdict,
)
from replay.core.verdicts.causes import audit_caveat
from replay.core.verdicts.ledger import phase_breakdown
from replay.viscounts.claims import Claims
from replay.viscounts.components import Catalog
from replay.viscounts.names import printed_names
from replay.viscounts.phases import LEDGER_ORDER, PHASES, expected_next
from replay.viscounts.scoring import castle_workers, standings
from replay.viscounts.solo.scoring import summary as solo_summary
from replay.viscounts.table import Table

DEFAULT_RULESET = "viscounts-2020"


def build_report(log: GameLog, table: Table, catalog: Catalog, mode: str, replayed: int,
                 final: dict | None, claims: Claims, warnings: list[dict]) -> dict:
    """The whole report: verdict first, then everything that explains it."""
    state = table.state
    rows, notes = standings(table) if final else ([], [])
    summary = dict(catalog.summary(), placeholders_used=rests_on(
        catalog.placeholders_used, table, table.judge.violations))
    phase = PHASES[state.phase].ledger if state.phase in PHASES else state.phase
    violations = [v.to_dict() for v in table.judge.violations]
    ledger = table.ledger  # its rows are in their report form already
    all_warnings = warnings + table.warnings
    causes = causes_with_lines(log.positions, violations, claims.items, ledger, all_warnings,
                               table.notes)
    awaited = expected_next(table)
    report = report_words({
        "report_version": REPORT_VERSION,
        "engine_version": ENGINE_VERSION,
        "game": "viscounts",
        "ruleset": log.ruleset or DEFAULT_RULESET,
        "variants": sorted(log.variants),
        "catalog": summary,
        "input_sha256": log.sha256(),
        "mode": mode,
        "players": list(log.players),
        "verdict": verdict(table.judge.violations, claims.items, final is not None),
        "events": {"total": len(log.events), "replayed": replayed},
        "reached": {"round": state.round, "phase": phase, "turn": state.current,
                    "expected_next": awaited},
        "violations": violations,
        "causes": causes,
        "warnings": all_warnings,
        "notes": table.notes,
        "claims": claims.items,
        "first_divergence": claims.first_divergence(),
        "phases": phase_breakdown(ledger, LEDGER_ORDER),
        "final": final,
        "standings": rows,
        "tie_break": notes,
        "standings_caveat": audit_caveat(mode, violations, final is not None),
        "final_order": state.turn_order() if state.start_player else list(state.seats),
        "state": {name: player_state(table, name) for name in state.seats},
        "ledger": ledger,
        "names": _names_used(table, ledger, violations, summary["placeholders_used"],
                            awaited),
    })
    if table.solo is not None:
        report["solo"] = solo_summary(table, final)
    return with_translations(report, catalog.names_in)


def _names_used(table: Table, ledger: list[dict], violations: list[dict],
                placeholders: list, awaited: str) -> dict[str, str]:
    """The name of every component the report mentions by id."""
    used = set(map(itemgetter("source"), ledger))
    used.update(p["entry"] for p in placeholders)
    used.update(ids_in([p["value"] for p in placeholders]))
    used.update(d["entry"] for d in table.catalog.declared)
    used.update(words_of(awaited))
    for name in table.state.seats:
        player = table.player(name)
        used.update(player.board, player.discard)
    used.discard(None)  # an empty space of a board
    if table.solo is not None:
        used.update(ids_in([table.solo.cards, table.solo.discard]))
    for violation in violations:
        for key in ("found", "expected", "message"):
            used.update(words_of(violation.get(key)))
    return names_of(used, printed_names(table))


def player_state(table: Table, name: str) -> dict:
    """What a player holds, as plain data; the solo opponent's Scheme cards besides."""
    p = table.player(name)
    held = {
        "points": p.points, "silver": p.silver, "ink": p.ink, "gold": p.gold,
        "stone": p.stone, "debts": p.debts, "paid_debts": p.paid_debts, "deeds": p.deeds,
        "approved_deeds": p.approved_deeds, "corruption": p.corruption, "virtue": p.virtue,
        "space": p.space, "player_card": p.player_card, "hero": p.hero,
        "board": list(p.board), "hand": p.hand_size, "draw_pile": p.draw_count,
        # Every card the player owns, wherever it is (their hand and draw pile are hidden).
        "cards_owned": sorted([*filter(None, p.board), *p.hand.elements(),
                               *p.hidden.elements(), *p.discard]),
        "discard": list(p.discard), "workers_supply": p.workers,
        "castle": list(castle_workers(table, name)),
        "buildings": {b: sorted(s) for b, s in p.built.items()},
        "manuscripts": list(p.manuscripts), "cleric_bonuses": list(p.bonuses),
        "castle_leader": table.state.leader == name,
    }
    solo = table.solo
    if solo is not None and name == solo.name:
        held.update({
            "ai_board": solo.board.id if solo.board else None,
            "schemes": list(solo.cards),  # its board's three spaces, left to right
            "scheme_draw_pile": solo.draw_size, "scheme_discard": list(solo.discard)})
    return held
