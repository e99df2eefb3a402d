"""What a Coimbra verdict rests on: the placeholder values of the demo catalog a replay read,
and which of them were read where a rule was broken. The demo catalog invents every value
a card, tile, track box, flag or road prints (``replay/coimbra/data``); the cases are
hand-worked fixtures (``fixtures/coimbra/illegal``)."""

from __future__ import annotations

import copy
import json
from html import unescape

import replay
from referee_cli.summary import report_summary
from replay.coimbra.catalog import builtin_document, check_catalog, load_catalog
from replay.core.logs.declarations import Declaration, declare
from replay.render.html import render_html
from replay.render.markdown import game_sections, render_markdown
from tests.conftest import FIXTURES

CATALOG = load_catalog()
CANNOT_AFFORD = FIXTURES / "coimbra" / "illegal" / "city-payment-cannot-afford.json"
VOYAGE = FIXTURES / "coimbra" / "illegal" / "voyage-payment-cannot-afford.json"


def _report(path, components: dict | None = None) -> dict:
    log = json.loads(path.read_text())
    if components:
        log["components"] = {**log.get("components", {}), **components}
    return replay.replay(log)


def _used(report: dict) -> dict[tuple[str, str], dict]:
    return {(p["entry"], p["field"]): p for p in report["catalog"]["placeholders_used"]}


def test_a_card_that_cannot_be_afforded_rests_on_its_cost_icon():
    # city-payment-cannot-afford.worked.md: at event 17 ana's gray5 recruits c2-10, whose
    # cost icon (guards) the refusal reads; she holds 1 guard after paying 6 for c2-08.
    report = _report(CANNOT_AFFORD)
    assert [(v["rule"], v["event"]) for v in report["violations"]] == [
        ("coimbra.city.payment", 17)]
    used = _used(report)
    assert used[("c2-10", "cost")] == {
        "entry": "c2-10", "field": "cost", "path": "/characters/17/cost", "value": "guards",
        "note": "The rulebook's decks of 8 level-I, 24 level-II and 24 level-III characters; "
                "everything the card prints is invented.", "violations": [17]}
    assert [key for key, p in used.items() if "violations" in p] == [("c2-10", "cost")]
    # c2-08's cost icon was read at event 16, where no rule was broken.
    assert used[("c2-08", "cost")]["path"] == "/characters/15/cost"
    assert "violations" not in used[("c2-08", "cost")]
    # The refused card was never acquired: its influence and effects were not read; its
    # class was, when the deal [5] placed the crown tokens.
    assert ("c2-10", "influence") not in used and ("c2-10", "effects") not in used
    assert "violations" not in used[("c2-10", "class")]
    # A level is the rulebook's deck, no placeholder, though the setup [0] read each tile's.
    assert ("c2-10", "level") not in used and ("m1-01", "level") in used


def test_a_voyage_refused_rests_on_its_cost_and_the_favor_discount():
    # voyage-payment-cannot-afford: bruno invests in v-07 (4 coins, minus 1 for fav-4) at
    # event 78 holding 2 coins: the cost, its currency and fav-4's discount are read there.
    # The log declares the favor tiles it was worked with (fav-4: a discount of 1), so the
    # discount is a value from the log; without the declarations it is a placeholder.
    report = _report(VOYAGE)
    deciding = [(p["entry"], p["field"], p["path"], p["value"], p["violations"])
                for p in report["catalog"]["placeholders_used"] if "violations" in p]
    assert deciding == [
        ("v-07", "cost", "/voyages/6/cost", 4, [78]),
        ("v-07", "currency", "/voyages/6/currency", "coins", [78])]
    assert {"entry": "fav-4", "field": "effects",
            "value": [{"kind": "voyage_discount", "amount": 1}],
            "replaces": [{"kind": "choice", "options": {"guards": {"guards": 7},
                                                        "coins": {"coins": 7}}}]} \
        in report["catalog"]["declared_values"]


def test_the_report_says_how_many_values_the_verdict_rests_on():
    report = _report(CANNOT_AFFORD)
    used = report["catalog"]["placeholders_used"]
    entries = {p["entry"] for p in used}
    sentence = (f"This verdict rests on {len(used)} values not yet transcribed, from "
                f"{len(entries)} components: check them against the printed components. 1 of "
                "them was read where a rule was broken (event 17): it may decide that verdict.")
    # The pages show the same sections as the renderings (``api.web.report_view``), and
    # the command line's summary prints the section's note.
    _, sections = game_sections(report)
    [section] = [s for s in sections if s.key == "placeholders"]
    assert section.note == sentence
    markdown = render_markdown(report)
    assert sentence in markdown and sentence in unescape(render_html(report))
    assert sentence in report_summary(report)
    # The entries are named as printed.
    assert "| Martim Azevedo (c2-10) | " in markdown


def test_a_declared_value_is_no_longer_a_placeholder():
    # Declared as coins, c2-10 is paid from ana's 7 coins: no rule is broken, and its cost
    # is a value from the log, not a placeholder.
    plain = _report(CANNOT_AFFORD)
    report = _report(CANNOT_AFFORD, {"c2-10": {"cost": "coins"}})
    assert report["violations"] == []
    assert {"entry": "c2-10", "field": "cost", "value": "coins", "replaces": "guards"} \
        in report["catalog"]["declared_values"]
    used = _used(report)
    assert ("c2-10", "cost") not in used and ("c2-08", "cost") in used
    assert report["catalog"]["placeholder_values"] \
        == plain["catalog"]["placeholder_values"] - 1


def test_every_board_value_the_engine_reads_by_kind_is_named_by_an_entry():
    # Tracks, flags and roads are read by what they are (a track's name, an order position,
    # two ends); their ids name their placeholders.
    assert CATALOG.track_ids["council"] == "track-council"
    assert CATALOG.flag_ids == ["flag-1", "flag-2", "flag-3", "flag-4"]
    assert CATALOG.road_ids["coimbra", "corner-nw"] == CATALOG.road_ids["corner-nw", "coimbra"]
    # The council track's boxes 0-2, 3-5, 6-8...: position 7 is in its third box.
    box_of_7 = CATALOG.income_boxes["council"][7]
    [box] = CATALOG.placeholders_used([f"track-council.income.{box_of_7}"])
    assert (box.path, box.value) == ("/tracks/council/income/2",
                                     {"from": 6, "to": 8, "gain": {"guards": 3}})
    [crowns] = CATALOG.placeholders_used(["flag-2"])
    assert (crowns.field, crowns.value) == ("crowns", 1)
    assert CATALOG.placeholders_used(["track-council.max", "flag-2.position"]) == []


def test_labels_that_name_no_value_or_miscount_are_located():
    document = copy.deepcopy(builtin_document("coimbra-demo"))
    document["characters"][0]["placeholder_fields"] = ["cost", "crowns"]
    document["meta"]["placeholders"]["entries"] += 1
    problems = {(p.path, p.message) for p in check_catalog(document)}
    assert problems == {("/characters/0/placeholder_fields/1", "c1-01 has no value 'crowns'"),
                        ("/meta/placeholders/entries", "92 entries")}


def test_a_catalog_adopted_from_declared_values_keeps_its_labels_right():
    # A client's catalog is the built-in one with its draft's values declared in
    # (``api.catalog_growth``): the declared values are no longer placeholders, a wholly
    # invented entry says its source is the log, and the catalog still passes its checks.
    document, _ = declare(builtin_document("coimbra-demo"), [
        Declaration("c2-10", "cost", "coins"), Declaration("st-1", "two_players", [9, 4]),
        Declaration("flag-2", "crowns", 2)])
    assert check_catalog(document) == []
    adopted = load_catalog(document)
    assert adopted.placeholders_used(["c2-10.cost", "flag-2.crowns", "st-1.two_players"]) == []
    assert [p.field for p in adopted.placeholders_used(["st-1"])] == ["three_four_players"]
    tile = document["scoring_tiles"][0]
    assert (tile["source"], tile["placeholder_fields"]) == ("declared in the log",
                                                            ["three_four_players"])
    assert "placeholder" not in tile
    assert adopted.summary()["placeholder_values"] \
        == CATALOG.summary()["placeholder_values"] - 3


def test_the_values_a_log_declares_are_said_in_words_as_from_the_log():
    # voyage-payment-cannot-afford declares fav-4 as a voyage discount of 1; the demo
    # catalog holds the player's summary's tile there (7 guards or 7 coins). The report
    # says the log's value and the catalog's in words, and claims no more than that the
    # log declared them.
    markdown = render_markdown(_report(VOYAGE))
    assert ("Favor do Almirante (fav-4), effects: while held, each voyage costs 1 less (the "
            "catalog has one of: 7 guards or 7 coins)") in markdown
    assert "came from the log, declared there" in markdown
    assert "'kind'" not in markdown and "printed components:" not in markdown
