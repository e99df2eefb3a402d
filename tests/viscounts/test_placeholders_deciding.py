"""Which placeholder values may decide a violation: those read at the event that broke a
rule. The cases are hand-worked fixtures; the built-in catalog invents every manuscript's
cost (``replay/viscounts/data``), so a refusal over a cost rests on a placeholder."""

from __future__ import annotations

import json

import replay
from replay.render.markdown import render_markdown
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
