"""Components a log declares (``replay.core.logs.declarations``): printed values read off the
table replace the catalog's stand-ins, a contradiction of a sourced value or of the log's own
earlier declaration is refused where the log says it, and text and JSON say the same.

The hand-worked logs are ``fixtures/coimbra/legal/declared-tiles-2p`` and
``fixtures/viscounts/worked/declared-manuscript-cost`` (checked with the other fixtures);
here the refusals, each worked from the catalog's labelled sources.
"""

from __future__ import annotations

import json

import pytest

import replay
from replay.coimbra.catalog import CATALOGS
from replay.core.logs.declarations import Declaration
from tests.conftest import FIXTURES

VISCOUNTS_LOG = FIXTURES / "viscounts" / "worked" / "transcribe-cost-short.json"
COIMBRA_LOG = FIXTURES / "coimbra" / "illegal" / "voyage-payment-cannot-afford.json"


def _with(path, components) -> dict:
    document = json.loads(path.read_text())
    document["components"] = components
    return document


def _problems(document) -> list[dict]:
    report = replay.replay_text(json.dumps(document))
    assert report["verdict"] == "unparseable"
    return report["problems"]


def test_the_report_lists_each_declared_value_with_the_one_it_replaces():
    report = replay.replay(_with(VISCOUNTS_LOG, {"ms-09": {"cost": 2}}))
    assert report["catalog"]["declared_values"] == [
        {"entry": "ms-09", "field": "cost", "value": 2, "replaces": 3}]
    # ms-09 was a placeholder entry of 5 values (back, cost, ribbon, when, effect): 4 remain.
    plain = replay.replay(json.loads(VISCOUNTS_LOG.read_text()))
    assert report["catalog"]["placeholder_values"] == \
        plain["catalog"]["placeholder_values"] - 1
    assert report["catalog"]["sha256"] != plain["catalog"]["sha256"]


def test_a_placeholder_the_print_confirms_is_transcribed_too():
    # ms-09's cost is a placeholder 3; the table reads 3 off the manuscript: the value is
    # the same, but the verdict no longer rests on a stand-in for it.
    report = replay.replay(_with(VISCOUNTS_LOG, {"ms-09": {"cost": 3}}))
    assert report["catalog"]["declared_values"] == [
        {"entry": "ms-09", "field": "cost", "value": 3, "replaces": 3}]
    plain = replay.replay(json.loads(VISCOUNTS_LOG.read_text()))
    assert report["catalog"]["placeholder_values"] == \
        plain["catalog"]["placeholder_values"] - 1
    assert [v["rule"] for v in report["violations"]] == \
        [v["rule"] for v in plain["violations"]]


def test_a_value_the_catalog_holds_from_a_source_cannot_be_declared_otherwise():
    # The Foreman (tf-24) costs 2 on the fan list the catalog cites: a declared 9 is refused,
    # with both values and the source, at the declaration's path.
    problems = _problems(_with(VISCOUNTS_LOG, {"tf-24": {"cost": 9}}))
    assert [p["path"] for p in problems] == ["/components/tf-24/cost"]
    assert "Foreman (tf-24) cost: the catalog holds 2 from the fan list" in \
        problems[0]["message"]
    assert "declares 9" in problems[0]["message"]


def test_declaring_a_sourced_value_as_it_is_changes_nothing():
    report = replay.replay(_with(VISCOUNTS_LOG, {"tf-24": {"cost": 2}}))
    assert "declared_values" not in report["catalog"]
    assert [v["rule"] for v in report["violations"]] == ["viscounts.transcribe.cost"]


@pytest.mark.parametrize(("components", "path", "words"), [
    ({"zz-1": {"cost": 1}}, "/components/zz-1/cost", "no component 'zz-1'"),
    ({"ms-09": {"colour": "red"}}, "/components/ms-09/colour", "has no printed value"),
    ({"ms-09": {"cost": "two"}}, "/components/ms-09/cost", "is a whole number, not text"),
    ({"ms-09": {"source": "printed component"}}, "/components/ms-09/source",
     "has no printed value"),
])
def test_a_declaration_that_fits_no_printed_value_is_refused_where_it_stands(
        components, path, words):
    problems = _problems(_with(VISCOUNTS_LOG, components))
    assert [p["path"] for p in problems] == [path]
    assert words in problems[0]["message"]


def test_a_components_section_that_is_not_an_object_of_objects_is_refused():
    assert [p["path"] for p in _problems(_with(VISCOUNTS_LOG, ["ms-09"]))] == ["/components"]
    assert [p["path"] for p in _problems(_with(VISCOUNTS_LOG, {"ms-09": 2}))] == \
        ["/components/ms-09"]


def _coimbra_text(declare_lines: str) -> str:
    log = replay.load_log(json.loads(COIMBRA_LOG.read_text()))
    text = replay.print_log(log, "text")
    header, _, events = text.partition("\n\n")
    return f"{header}\n{declare_lines}\n\n{events}"


def test_a_declare_line_makes_a_voyage_affordable():
    # bruno holds 2 coins; v-07 costs 4 in the catalog, minus 1 for fav-4: 3 (refused). Its
    # declared printed cost 3 makes it 2 coins: paid in full.
    assert replay.replay_text(_coimbra_text(""))["verdict"] == "illegal"
    report = replay.replay_text(_coimbra_text("declare v-07 cost=3"))
    assert report["violations"] == []
    # Besides the favor tiles the log was worked with (its own declarations).
    assert [value for value in report["catalog"]["declared_values"]
            if not value["entry"].startswith("fav-")] == [
        {"entry": "v-07", "field": "cost", "value": 3, "replaces": 4}]


def test_a_value_declared_twice_differently_is_refused_at_the_second_line():
    text = _coimbra_text("declare v-07 cost=3\ndeclare v-07 cost=4")
    problems = replay.replay_text(text)["problems"]
    second = text.splitlines().index("declare v-07 cost=4") + 1
    assert [(p["line"], p["column"]) for p in problems] == [(second, 14)]
    assert "declared 4 here but 3 on line" in problems[0]["message"]


def test_a_declare_line_without_values_is_refused_with_its_column():
    text = _coimbra_text("declare v-07 cost")
    problems = replay.replay_text(text)["problems"]
    assert [p["column"] for p in problems] == [14]
    assert "not a field=value pair" in problems[0]["message"]


def test_declarations_read_the_same_from_text_and_json():
    text = _coimbra_text('declare v-07 cost=3 name="Cabo da Boa Esperança"')
    log = replay.parse(text)
    worked_with = json.loads(COIMBRA_LOG.read_text())["components"]  # its favor tiles
    assert log.components == {**worked_with,
                              "v-07": {"cost": 3, "name": "Cabo da Boa Esperança"}}
    assert replay.load_log(log.to_dict()).components == log.components
    assert replay.parse(replay.print_log(log, "text")) == log


def test_the_same_declared_values_index_the_catalog_once_wherever_a_log_says_them():
    here = [Declaration("v-01", "cost", 4, path="/components/v-01/cost")]
    there = [Declaration("v-01", "cost", 4, line=3, column=9)]
    first = CATALOGS.load(None, "coimbra-demo", here)
    again = CATALOGS.load(None, "coimbra-demo", there)
    assert again is first  # kept, not indexed again
    # Each report gets its own copy of what was declared: changing one changes no other.
    summary = again.summary()
    summary["declared_values"][0]["value"] = 99
    assert first.summary()["declared_values"][0]["value"] == 4
    assert first.voyages["v-01"].cost == 4
    assert first.declared == ({"entry": "v-01", "field": "cost", "value": 4,
                               "replaces": 2},)
    assert CATALOGS.load(None, "coimbra-demo", [Declaration("v-01", "cost", 5)]) \
        .voyages["v-01"].cost == 5


def test_a_refused_declaration_is_still_located_where_the_log_says_it():
    for line in (4, 7):  # the second time, the same values at another line
        with pytest.raises(replay.InvalidLog) as refused:
            CATALOGS.load(None, "coimbra-demo", [Declaration("v-99", "cost", 4, line=line,
                                                             column=9)])
        assert refused.value.problems[0].line == line


def test_a_declared_object_keeps_its_keys_in_the_order_the_log_writes_them():
    effects = [{"kind": "gain", "when": "immediate", "gain": {"points": 2}}]
    for _ in range(2):  # indexed, then kept
        declared = CATALOGS.load(None, "coimbra-demo",
                                 [Declaration("fav-3", "effects", effects)]).declared
        assert list(declared[0]["value"][0]) == ["kind", "when", "gain"]
