"""Coimbra (2018 base game): the game object the registry lists (``GAME``)."""

from __future__ import annotations

from replay.coimbra import catalog as catalogs
from replay.coimbra.catalog_template import template_document
from replay.coimbra.claims import Claims
from replay.coimbra.engine import finish, run_events
from replay.coimbra.events import EVENT_SPECS, FIELD_KINDS
from replay.coimbra.generate import generate
from replay.coimbra.inspect import replay_to, state_at
from replay.coimbra.legal import legal_actions
from replay.coimbra.notation import parse_text, print_text
from replay.coimbra.phases import LEDGER_ORDER
from replay.coimbra.report import build_report
from replay.coimbra.rules import RULES, VARIANTS
from replay.coimbra.scoresheet import ScoresheetSchema, score_sheet
from replay.coimbra.sections import final_tables, report_sections
from replay.coimbra.table import new_game
from replay.core.game import Category, Game
from replay.core.log import GameLog


class Coimbra(Game):
    """Coimbra for 2-4 players; chance (setup draws, deals, rolls) is recorded in the log."""

    name = "coimbra"
    title = "Coimbra"
    player_counts = (2, 3, 4)
    rulesets = ("coimbra-2018",)
    rules = RULES
    variants = VARIANTS
    builtin_catalogs = catalogs.BUILTIN
    event_specs = EVENT_SPECS
    field_kinds = FIELD_KINDS
    scoring_categories = (
        Category("running", "Running (during play)"), Category("voyages", "Voyages"),
        Category("influence", "Influence tracks"), Category("diplomas", "Diplomas"),
        Category("abilities", "Abilities"), Category("leftovers", "Leftovers"),
        Category("total", "Total"))
    phase_order = LEDGER_ORDER
    scoresheet_schema = ScoresheetSchema

    def replay(self, log: GameLog, mode: str = "strict", catalog: dict | None = None) -> dict:
        """Replay a Coimbra log and return its report document."""
        events, warnings = self.validate(log, catalog)
        loaded = catalogs.load_catalog(catalog, log.catalog)
        game = new_game(log.players, loaded, mode, log.variants, log.positions)
        claims = Claims()
        completed = run_events(game, events, claims)
        final = finish(game) if completed else None
        claims.close(game, {n: p.points for n, p in game.state.players.items()}
                     if final else None)
        replayed = len(events) if completed else game.judge.event
        return build_report(log, game, loaded, mode, replayed, final, claims,
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
        """Coimbra's turn-order table."""
        return report_sections(report)

    def final_tables(self, report: dict) -> list:
        """The influence tracks' places below the final breakdown."""
        return final_tables(report)


GAME = Coimbra()
