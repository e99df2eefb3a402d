"""The dice race through ``referee``, in-process: replay in every format, both notations,
``--at``, generate, rules, convert, score, verify and the catalog commands."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from referee_cli.main import cli
from tests.conformance.races import (
    FIRST_EVENT_LINE,
    SIX_AGAIN_TEXT,
    SIX_AGAIN_TOTALS,
    race_log,
    without_variant,
)

pytestmark = pytest.mark.usefixtures("dice_race")


def _referee(*args: str):
    return CliRunner().invoke(cli, [str(a) for a in args], catch_exceptions=False)


@pytest.fixture
def six_again_files(tmp_path):
    """The hand-worked race as text, and the same race as a JSON log."""
    text = tmp_path / "race.txt"
    text.write_text(SIX_AGAIN_TEXT)
    converted = _referee("convert", text, "--to", "json")
    assert converted.exit_code == 0, converted.stderr
    as_json = tmp_path / "race.json"
    as_json.write_text(converted.stdout)
    return {"text": text, "json": as_json}


@pytest.mark.parametrize("notation", ["text", "json"])
def test_a_legal_race_replays_with_computed_scores_in_both_notations(six_again_files,
                                                                      notation):
    result = _referee("replay", six_again_files[notation], "--format", "json")
    assert result.exit_code == 0, result.stdout
    report = json.loads(result.stdout)
    assert report["verdict"] == "legal"
    assert report["game"] == "dice-race" and report["variants"] == ["six-again"]
    assert {row["player"]: row["points"] for row in report["standings"]} == SIX_AGAIN_TOTALS
    assert report["final"]["players"]["ann"] == {"running": 5, "distance": 20, "bonus": 5,
                                                 "total": 30}
    lost = [row["reason"] for row in report["ledger"] if row["event"] == 7]
    assert lost == ["rolled 5 (2 beyond the finish, lost)"]
    assert all(claim["match"] for claim in report["claims"]) and len(report["claims"]) == 2


def test_markdown_and_html_show_the_games_categories_and_its_own_section(six_again_files):
    markdown = _referee("replay", six_again_files["text"], "--format", "md")
    assert markdown.exit_code == 0
    assert markdown.stdout.startswith("# Verdict: LEGAL")
    assert "| Finish bonus | 5 | 0 |" in markdown.stdout
    assert "| **Total** | **30** | **16** |" in markdown.stdout
    assert "## Race\n\nThe race is over.\n\n| Player | Rolls | Space | Points |" \
        in markdown.stdout
    assert "| ann | 5 | 20 | 30 |" in markdown.stdout
    page = _referee("replay", six_again_files["json"], "--format", "html")
    assert page.exit_code == 0
    assert page.stdout.startswith("<!DOCTYPE html>")
    assert '<section id="race"><h2>Race</h2>' in page.stdout
    assert "<th>Finish bonus</th>" in page.stdout
    assert '<polyline data-player="bob"' in page.stdout


def test_a_roll_out_of_turn_is_located_and_named_legal_under_the_variant(tmp_path):
    log = tmp_path / "race.txt"
    log.write_text(without_variant(SIX_AGAIN_TEXT))
    result = _referee("replay", log, "--format", "json")
    assert result.exit_code == 1
    report = json.loads(result.stdout)
    [violation] = report["violations"]
    line = FIRST_EVENT_LINE  # one header line fewer, and event 1 is one line after event 0
    assert (violation["rule"], violation["event"], violation["line"], violation["column"]) \
        == ("dice-race.turn.order", 1, line, 1)
    assert violation["legal_under"] == "six-again"
    assert violation["expected"] == "bob" and violation["found"] == "ann"
    markdown = _referee("replay", log, "--format", "md").stdout
    assert f"| 1 | {line}:1 | dice-race.turn.order | it is bob's turn to roll |" in markdown
    assert "legal under variant six-again" in markdown
    audit = json.loads(_referee("replay", log, "--mode", "audit", "--format", "json").stdout)
    assert [v["event"] for v in audit["violations"]] == [1, 2, 6]


def test_an_unknown_variant_is_refused_with_its_place_and_a_suggestion(tmp_path):
    log = tmp_path / "race.json"
    log.write_text(json.dumps(race_log([("ann", 3)], variants=("six-agian",))))
    result = _referee("replay", log)
    assert result.exit_code == 2
    assert "/header/variants/0: unknown variant 'six-agian'" in result.stderr
    assert "did you mean six-again?" in result.stderr


def test_state_at_an_event_names_who_rolls_next_and_the_six_rolls(six_again_files):
    result = _referee("replay", six_again_files["json"], "--at", 0, "--format", "json")
    state = json.loads(result.stdout)
    assert state["acting_player"] == "ann"  # ann rolled a six: she rolls again
    assert state["positions"] == {"ann": 6, "bob": 0}
    assert [a["die"] for a in state["legal_actions"]] == [1, 2, 3, 4, 5, 6]


def test_generate_rules_and_convert(tmp_path):
    generated = _referee("generate", "dice-race", "--players", 2, "--seed", 7)
    assert generated.exit_code == 0
    log = tmp_path / "generated.json"
    log.write_text(generated.stdout)
    assert json.loads(_referee("replay", log, "--format", "json").stdout)["verdict"] == "legal"
    refused = _referee("generate", "dice-race", "--players", 3)
    assert refused.exit_code == 2 and "Dice race is for 2 players" in refused.stderr
    text = tmp_path / "generated.txt"
    text.write_text(_referee("convert", log, "--to", "text").stdout)
    assert json.loads(_referee("convert", text, "--to", "json").stdout) \
        == json.loads(_referee("convert", log, "--to", "json").stdout)
    rules = _referee("rules", "dice-race").stdout.splitlines()
    assert [line.split("\t")[0] for line in rules] == [
        "dice-race.turn.order", "dice-race.roll.faces", "dice-race.log.player",
        "dice-race.log.after_end", "dice-race.score.stars"]
    assert rules[-1].split("\t")[1].endswith("(applied by the engine)")


def test_a_text_log_problem_is_located(tmp_path):
    log = tmp_path / "race.txt"
    log.write_text('[game "dice-race"]\n[players "ann bob"]\nann: rol 4\nbob: roll four\n')
    result = _referee("replay", log)
    assert result.exit_code == 2
    assert f"{log}:3:6: unknown event 'rol' (expected player: roll; did you mean roll?)" \
        in result.stderr
    assert f"{log}:4:11: a roll is one whole number" in result.stderr


def test_a_scoresheet_is_scored(tmp_path):
    sheet = tmp_path / "sheet.json"
    sheet.write_text(json.dumps({
        "header": {"game": "dice-race", "players": ["ann", "bob"]},
        "scoresheet": {"positions": {"ann": 20, "bob": 13}, "stars": {"ann": 5, "bob": 3},
                       "final": {"ann": 30, "bob": 17}}}))
    result = _referee("score", sheet, "--format", "json")
    assert result.exit_code == 1
    report = json.loads(result.stdout)
    assert report["input"] == "scoresheet" and report["verdict"] == "score_mismatch"
    assert report["first_divergence"]["player"] == "bob"
    assert report["first_divergence"]["computed"] == 16


def test_verify_a_folder_of_races(tmp_path, six_again_files):
    folder = tmp_path / "tournament"
    folder.mkdir()
    (folder / "a.txt").write_text(SIX_AGAIN_TEXT)
    (folder / "b.txt").write_text(without_variant(SIX_AGAIN_TEXT))
    result = _referee("verify", folder, "--format", "md")
    assert result.exit_code == 1
    assert "totals: 1 illegal, 1 legal (2 logs)" in result.stdout
    # The reports go beside the logs' folder, which keeps only what was put there.
    report = tmp_path / "tournament-reports" / "a.report.md"
    assert report.read_text().startswith("# Verdict: LEGAL")
    assert sorted(p.name for p in folder.iterdir()) == ["a.txt", "b.txt"]


def test_catalog_template_and_check(tmp_path):
    template = json.loads(_referee("catalog", "template", "dice-race").stdout)
    template["meta"]["id"] = "short-board"
    template.update(finish=10, finish_bonus=3, stars={"4": 1, "12": 2})
    board = tmp_path / "board.json"
    board.write_text(json.dumps(template))
    result = _referee("catalog", "check", board)
    assert result.exit_code == 1
    assert "/stars/12" in result.stdout + result.stderr
    template["stars"] = {"4": 1}
    board.write_text(json.dumps(template))
    assert _referee("catalog", "check", board).exit_code == 0
    log = tmp_path / "race.json"
    log.write_text(json.dumps(race_log([("ann", 4), ("bob", 6), ("ann", 6)])))
    report = json.loads(_referee("replay", log, "--catalog", board, "--format", "json").stdout)
    assert report["catalog"]["id"] == "short-board"
    assert report["final"]["players"]["ann"] == {"running": 1, "distance": 10, "bonus": 3,
                                                 "total": 14}
