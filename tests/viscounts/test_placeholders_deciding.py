"""Which placeholder values may decide a violation: those read at the event that broke a
rule. The cases are hand-worked fixtures; the built-in catalog invents every manuscript's
cost (``replay/viscounts/data``), so a refusal over a cost rests on a placeholder."""

from __future__ import annotations

import json

import replay
from replay.render.markdown import render_markdown, verdict_sentence
from tests.conftest import FIXTURES


def _report(path: str) -> dict:
    return replay.replay(replay.load_log(json.loads((FIXTURES / path).read_text())))


def _used(report: dict) -> dict[tuple[str, str], dict]:
    return {(p["entry"], p["field"]): p for p in report["catalog"]["placeholders_used"]}


def test_the_cost_a_refused_transcription_read_is_marked_as_deciding_it():
    # Event 8: ana transcribes ms-09 with 2 Cleric icons; its cost of 3 (p.21) is what the
    # refusal rests on, and the built-in catalog's 3 is a placeholder.
    report = _report("viscounts/worked/transcribe-cost-short.json")
    assert [(v["rule"], v["event"]) for v in report["violations"]] == [
        ("viscounts.transcribe.cost", 8)]
    used = _used(report)
    assert used[("ms-09", "cost")]["violations"] == [8]
    # ms-10, the top of seg2a's pile, is read only at the setup (its back): it decides
    # nothing.
    assert "violations" not in used[("ms-10", "back")]
    markdown = render_markdown(report)
    assert "were read where a rule was broken (event 8): they may decide that verdict" \
        in markdown


def test_a_legal_game_marks_no_placeholder_as_deciding():
    report = _report("viscounts/worked/transcribe-legal.json")
    assert report["violations"] == []
    assert report["catalog"]["placeholders_used"]
    assert not any("violations" in p for p in report["catalog"]["placeholders_used"])
    assert "read where a rule was broken" not in render_markdown(report)


def _weighed(path: str) -> dict:
    return replay.replay(replay.load_log(json.loads((FIXTURES / path).read_text())),
                         weigh=True)


def test_weighing_finds_the_cost_that_decides_a_refused_transcription():
    # transcribe-cost-short.worked.md: at event 8 ana has 2 Cleric icons for ms-09, which
    # costs 3 in the built-in catalog. Printed at 2, the transcription is legal (the
    # violation lifts); at 4 it is still short. Its back, ribbon and timing change nothing
    # of what the refusal counts, nor do the inner space's values she stands on (an outer
    # space there breaks the rule that transcribing is done on the inner path instead).
    report = _weighed("viscounts/worked/transcribe-cost-short.json")
    used = _used(report)
    assert [key for key, p in used.items() if p.get("decides")] == [("ms-09", "cost")]
    assert used[("ms-09", "cost")]["decides"] == [8]
    assert all(p.get("weighed") for p in used.values() if p.get("violations"))
    assert report["catalog"]["weighed"]["left"] == 0
    markdown = render_markdown(report)
    assert "1 of them decides a violation (event 8)" in markdown
    assert "cost decides event 8" in markdown


def test_weighing_finds_the_arrow_a_refused_move_lacks():
    # move-arrows-no-arrow.worked.md: ana walks seg1a-ol -> seg1a-or -> seg1a-in at event 7.
    # The outer-right space's one arrow leads to the next segment (the built-in catalog's
    # invented arrows): with the arrows of an outer-left space (one to the inner space of
    # the same segment), the step is legal. The outer-left space's arrows decide nothing:
    # with an outer-right space's, the first step breaks the same rule.
    report = _weighed("viscounts/worked/move-arrows-no-arrow.json")
    used = _used(report)
    assert [key for key, p in used.items() if p.get("decides")] == [("seg1a-or", "exits")]
    assert used[("seg1a-ol", "exits")]["weighed"] is True
    assert "decides" not in used[("seg1a-ol", "exits")]


def test_an_unweighed_report_says_only_where_values_were_read():
    report = _report("viscounts/worked/move-arrows-no-arrow.json")
    assert "weighed" not in report["catalog"]
    assert not any("decides" in p or "weighed" in p
                   for p in report["catalog"]["placeholders_used"])


def test_the_verdict_sentence_names_the_value_a_weighed_verdict_rests_on():
    # move-arrows-no-arrow: the refused step rests on seg1a-or's invented arrows; the
    # verdict's first sentence says so, so nobody at the table takes it for the printed board.
    report = _weighed("viscounts/worked/move-arrows-no-arrow.json")
    assert verdict_sentence(report).endswith(
        "It rests on a value not yet transcribed (segment 1, outer right space, exits): check "
        "it on the component before trusting it.")
    plain = _report("viscounts/worked/move-arrows-no-arrow.json")
    assert "not yet transcribed" not in verdict_sentence(plain)
