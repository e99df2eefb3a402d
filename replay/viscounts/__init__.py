"""Viscounts of the West Kingdom (2020 base game): the game object the registry lists (``GAME``).

The multiplayer game (2-4 players) and the solo game against the automated opponent (one
player; ``solo/``) are replayed.
"""

from __future__ import annotations

from replay.core.game import Category, Game
from replay.core.log import GameLog
from replay.viscounts import catalog as catalogs
from replay.viscounts.catalog_template import template_document
from replay.viscounts.claims import Claims
from replay.viscounts.engine import finish, run_events
from replay.viscounts.events import EVENT_SPECS, FIELD_KINDS
from replay.viscounts.generate import generate
from replay.viscounts.hints import add_variant_hints
from replay.viscounts.inspect import replay_to, state_at
from replay.viscounts.legal import legal_actions
from replay.viscounts.notation import parse_text, print_text
from replay.viscounts.phases import LEDGER_ORDER
from replay.viscounts.report import build_report
from replay.viscounts.rules import RULES, VARIANTS
from replay.viscounts.scoresheet import ScoresheetSchema, score_sheet
from replay.viscounts.sections import final_tables, report_sections
from replay.viscounts.table import new_table


class Viscounts(Game):
    """Viscounts of the West Kingdom for 1-4 players; chance is recorded as the table saw it."""

    name = "viscounts"
    title = "Viscounts of the West Kingdom"
    player_counts = (1, 2, 3, 4)
    rulesets = ("viscounts-2020",)
    rules = RULES
    variants = VARIANTS
    builtin_catalogs = catalogs.BUILTIN
    event_specs = EVENT_SPECS
    field_kinds = FIELD_KINDS
    scoring_categories = (
        Category("buildings", "Buildings"), Category("castle", "Workers in the castle"),
        Category("manuscripts", "Manuscripts"), Category("leader", "Castle Leader"),
        Category("cleric", "Cleric Bonus cards"), Category("debts", "Unpaid Debts"),
        Category("deeds", "Deeds"), Category("poverty", "Poverty"),
        Category("prosperity", "Prosperity"),
        Category("leftover", "Leftover resources (solo opponent)"), Category("total", "Total"))
    phase_order = LEDGER_ORDER
    scoresheet_schema = ScoresheetSchema

    def replay(self, log: GameLog, mode: str = "strict", catalog: dict | None = None) -> dict:
        """Replay a Viscounts log and return its report document."""
        events, warnings = self.validate(log, catalog)
        loaded = catalogs.load_catalog(catalog, log.catalog)
        table = new_table(log.players, loaded, mode, log.variants, log.positions)
        claims = Claims()
        completed = run_events(table, events, claims)
        final = finish(table) if completed else None
        claims.close(table, {n: p.points for n, p in table.state.players.items()}
                     if final else None)
        replayed = len(events) if completed else table.judge.event
        add_variant_hints(table, events, loaded, mode, log.players, log.variants)
        return build_report(log, table, loaded, mode, replayed, final, claims,
                            log.warnings + warnings)

    def state_at(self, log: GameLog, event: int, catalog: dict | None = None) -> dict:
        """Every player's state after ``event`` and what the acting player could do next."""
        self.validate(log, catalog)
        return state_at(log, event, catalog)

    def legal_actions(self, log: GameLog, event: int, catalog: dict | None = None) -> list:
        """The events the acting player may write after ``event``."""
        self.validate(log, catalog)
        return legal_actions(replay_to(log, event, catalog))

    def score_sheet(self, log: GameLog, sheet: object, catalog: dict | None = None) -> dict:
        """Final scoring from a scoresheet."""
        return score_sheet(log, sheet, catalog)

    def parse_text(self, text: str) -> GameLog:
        """A log from the text notation."""
        return parse_text(text)[0]

    def print_text(self, log: GameLog) -> str:
        """The canonical text notation of a log."""
        return print_text(log)

    def generate(self, players: int, seed: int) -> dict:
        """A complete legal game played by a seeded random player."""
        return generate(players, seed)

    def check_catalog(self, document: object) -> list:
        """Every problem of a transcribed catalog."""
        return catalogs.check_catalog(document)

    def catalog_sha256(self, document: dict) -> str:
        """The content hash of a catalog document."""
        return catalogs.catalog_sha256(document)

    def catalog_template(self) -> dict:
        """A fill-in catalog for transcribing the printed components."""
        return template_document()

    def report_sections(self, report: dict) -> list:
        """The placeholder values this verdict depended on."""
        return report_sections(report)

    def final_tables(self, report: dict) -> list:
        """Poverty and Prosperity places below the final breakdown."""
        return final_tables(report)


GAME = Viscounts()
