"""Viscounts of the West Kingdom (2020 base game): the game object the registry lists (``GAME``).

The multiplayer game (2-4 players) and the solo game against the automated opponent (one
player; ``solo/``) are replayed.
"""

from __future__ import annotations

from replay.core.logs.log import GameLog
from replay.core.logs.problems import LogProblem
from replay.core.protocol.game import Category, Engine, EngineGame
from replay.core.speech import say
from replay.viscounts import catalog as catalogs
from replay.viscounts.catalog_template import template_document
from replay.viscounts.events import EVENT_SPECS, FIELD_KINDS
from replay.viscounts.generate import generate
from replay.viscounts.hints import add_variant_hints
from replay.viscounts.legal import acting_player, legal_actions
from replay.viscounts.notation import event_line, parse_text, print_text
from replay.viscounts.phases import LEDGER_ORDER, PHASES, expected_next
from replay.viscounts.replayer import REPLAYER, state_at
from replay.viscounts.report import build_report
from replay.viscounts.rules import RULES, VARIANTS
from replay.viscounts.scoresheet import ScoresheetSchema, score_sheet
from replay.viscounts.sections import final_tables, printed_effect, report_sections
from replay.viscounts.solo import OPPONENT


class Viscounts(EngineGame):
    """Viscounts of the West Kingdom for 1-4 players; chance is recorded as the table saw it."""

    name = "viscounts"
    title = "Viscounts of the West Kingdom"
    bgg_id = 296151  # its page on BoardGameGeek
    player_counts = (1, 2, 3, 4)
    rulesets = ("viscounts-2020",)
    rules = RULES
    variants = VARIANTS
    builtin_catalogs = catalogs.BUILTIN
    event_specs = EVENT_SPECS
    field_kinds = FIELD_KINDS
    scoring_categories = (
        Category("buildings", say("Buildings")), Category("castle", say("Workers in the castle")),
        Category("manuscripts", say("Manuscripts")), Category("leader", say("Castle Leader")),
        Category("cleric", say("Cleric Bonus cards")), Category("debts", say("Unpaid Debts")),
        Category("deeds", say("Deeds")), Category("poverty", say("Poverty")),
        Category("prosperity", say("Prosperity")),
        Category("leftover", say("Leftover resources (solo opponent)")),
        Category("total", say("Total")))
    phase_order = LEDGER_ORDER
    scoresheet_schema = ScoresheetSchema
    effect_words = staticmethod(printed_effect)
    engine = Engine(
        replayer=REPLAYER, build_report=build_report, state_at=state_at,
        legal_actions=legal_actions, acting_player=acting_player,
        expected_next=expected_next, phases=PHASES, score_sheet=score_sheet, parse_text=parse_text,
        print_text=print_text, generate=generate, check_catalog=catalogs.check_catalog,
        catalog_template=template_document,
        report_sections=report_sections,  # the placeholder values a verdict depended on
        final_tables=final_tables,  # Poverty and Prosperity places
        add_hints=add_variant_hints)  # the undeclared variant a refused event is legal under

    def header_problems(self, log: GameLog, catalog: dict | None) -> list[LogProblem]:
        """The shared header checks, and a solo player named otherwise than the opponent,
        whose fixed name would make the two one seat."""
        problems = super().header_problems(log, catalog)
        if log.players == [OPPONENT]:
            problems.append(LogProblem(
                f"{OPPONENT!r} is the solo opponent's name: the human player needs another",
                path="/header/players/0", expected="another name, such as ana"))
        return problems

    def event_text(self, event: dict) -> str:
        """One event as a line of the Viscounts notation; its JSON when the notation cannot
        write it (an event the table's log got wrong)."""
        try:
            return event_line({k: v for k, v in event.items() if k != "comment"})
        except (KeyError, TypeError, ValueError, AttributeError):
            return super().event_text(event)


GAME = Viscounts()
