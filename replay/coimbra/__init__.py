"""Coimbra (2018 base game): the game object the registry lists (``GAME``)."""

from __future__ import annotations

from replay.coimbra import catalog as catalogs
from replay.coimbra.catalog_template import template_document
from replay.coimbra.effect_words import effect_words
from replay.coimbra.events import EVENT_SPECS, FIELD_KINDS
from replay.coimbra.generate import generate
from replay.coimbra.legal import acting_player, legal_actions
from replay.coimbra.notation import parse_text, print_text
from replay.coimbra.phases import LEDGER_ORDER, PHASES, expected_next
from replay.coimbra.replayer import REPLAYER, state_at
from replay.coimbra.report import build_report
from replay.coimbra.rules import RULES, VARIANTS
from replay.coimbra.scoresheet import ScoresheetSchema, score_sheet
from replay.coimbra.sections import final_tables, report_sections
from replay.core.protocol.game import Category, Engine, EngineGame
from replay.core.speech import say


class Coimbra(EngineGame):
    """Coimbra for 2-4 players; chance (setup draws, deals, rolls) is recorded in the log."""

    name = "coimbra"
    title = "Coimbra"
    bgg_id = 245638  # its page on BoardGameGeek
    player_counts = (2, 3, 4)
    rulesets = ("coimbra-2018",)
    rules = RULES
    variants = VARIANTS
    builtin_catalogs = catalogs.BUILTIN
    event_specs = EVENT_SPECS
    field_kinds = FIELD_KINDS
    scoring_categories = (
        Category("running", say("Running (during play)")), Category("voyages", say("Voyages")),
        Category("influence", say("Influence tracks")), Category("diplomas", say("Diplomas")),
        Category("abilities", say("Abilities")), Category("leftovers", say("Leftovers")),
        Category("total", say("Total")))
    phase_order = LEDGER_ORDER
    scoresheet_schema = ScoresheetSchema
    effect_words = staticmethod(effect_words)
    engine = Engine(
        replayer=REPLAYER, build_report=build_report, state_at=state_at,
        legal_actions=legal_actions, acting_player=acting_player,
        expected_next=expected_next, phases=PHASES, score_sheet=score_sheet, parse_text=parse_text,
        print_text=print_text, generate=generate, check_catalog=catalogs.check_catalog,
        catalog_template=template_document,
        report_sections=report_sections,  # the turn-order table
        final_tables=final_tables)  # the influence tracks' places


GAME = Coimbra()
