"""A verified game's result for play trackers (``replay.render.results`` and
``referee results``): every number is the hand-worked one of the fixture's expected file."""

from __future__ import annotations

import csv
import io
import json

import pytest

import replay
from replay.render.results import NotVerified, bg_stats_play, game_result, result_rows
from tests.conftest import FIXTURES
from tests.test_cli import _referee

COIMBRA_2P = FIXTURES / "coimbra" / "legal" / "game-2p.json"
VISCOUNTS_2P = FIXTURES / "viscounts" / "worked" / "game-2p.json"
ILLEGAL = FIXTURES / "coimbra" / "illegal" / "castle-favor-already-taken.json"


def _worked(log_path) -> dict:
    return json.loads(log_path.with_name(log_path.name.replace(".json", ".expected.json"))
                      .read_text())


def _result(log_path) -> dict:
    text = log_path.read_text()
    log = replay.parse(text)
    return game_result(replay.replay_text(text), replay.GAMES.get(log.game),
                       log.metadata.get("date"))


@pytest.mark.parametrize("log_path", [COIMBRA_2P, VISCOUNTS_2P])
def test_a_result_holds_each_players_worked_points_by_category_and_the_winner(log_path):
    worked = _worked(log_path)
    result = _result(log_path)
    by_player = {p["name"]: p for p in result["players"]}
    assert set(by_player) == set(worked["final"])
    for name, points in worked["final"].items():
        categories = {key: value for key, value in points.items() if key != "total"}
        assert by_player[name]["by_category"] == categories
        assert by_player[name]["points"] == points["total"]
        assert by_player[name]["winner"] == (name == worked["winner"])
    # In rank order: the winner first.
    assert result["players"][0]["name"] == worked["winner"]
    assert [p["rank"] for p in result["players"]] == list(range(1, len(worked["final"]) + 1))


def test_a_result_names_the_game_by_title_and_boardgamegeek_id_and_keeps_the_date_tag():
    result = _result(COIMBRA_2P)
    assert (result["game"], result["title"], result["bgg_id"]) == ("coimbra", "Coimbra", 245638)
    assert result["date"] == "2026-11-20"  # the log's [date] tag
    viscounts = _result(VISCOUNTS_2P)
    assert (viscounts["title"], viscounts["bgg_id"]) == ("Viscounts of the West Kingdom", 296151)
    assert viscounts["date"] is None  # its log has no date tag
    # A multiplayer game has no solo opponent's leftovers to list.
    assert "leftover" not in viscounts["players"][0]["by_category"]


def test_a_date_tag_that_is_no_calendar_date_is_left_out():
    text = COIMBRA_2P.read_text()
    report = replay.replay_text(text)
    assert game_result(report, replay.GAMES.get("coimbra"), "last Tuesday")["date"] is None


def test_an_illegal_game_has_no_result_and_says_its_first_broken_rule_and_place():
    report = replay.replay_text(ILLEGAL.read_text())
    with pytest.raises(NotVerified) as refused:
        game_result(report, replay.GAMES.get("coimbra"))
    worked = _worked(ILLEGAL)["violations"][0]
    assert worked["rule"] in str(refused.value)
    assert f"event {worked['event']}" in str(refused.value)
    assert "breaks a rule" in str(refused.value)


def test_a_bg_stats_play_gives_ranks_scores_winner_and_the_day():
    play = bg_stats_play(_result(COIMBRA_2P))
    assert play["game"] == {"name": "Coimbra", "bggId": 245638, "highestWins": True,
                            "noPoints": False, "sourceGameId": "coimbra"}
    # game-2p.worked.md: bruno 82, ana 63.
    assert [(p["name"], p["rank"], p["score"], p["winner"]) for p in play["players"]] == [
        ("bruno", 1, 82, True), ("ana", 2, 63, False)]
    assert play["playDate"] == "2026-11-20 00:00:00"
    assert "bruno: Running (during play) 18, Voyages 13" in play["comments"]
    assert "ana: Running (during play) 20, Voyages 11" in play["comments"]
    assert "playDate" not in bg_stats_play(_result(VISCOUNTS_2P))


def test_result_rows_give_a_row_per_player_and_a_column_per_category_of_either_game():
    header, rows = result_rows([("c.json", _result(COIMBRA_2P)), ("v.json", _result(VISCOUNTS_2P))])
    assert header[:7] == ["log", "game", "date", "player", "rank", "winner", "points"]
    assert {"voyages", "debts"} <= set(header)
    assert len(rows) == 4
    ana_viscounts = next(r for r in rows if r[0] == "v.json" and r[3] == "ana")
    assert ana_viscounts[header.index("debts")] == -10  # game-2p.expected.json
    assert ana_viscounts[header.index("voyages")] == ""  # a Coimbra category


def test_the_command_prints_results_and_names_a_log_without_one():
    done = _referee("results", str(COIMBRA_2P), str(ILLEGAL), "--format", "csv")
    assert done.returncode == 1
    assert str(ILLEGAL) in done.stderr and "coimbra.castle.favor" in done.stderr
    rows = list(csv.DictReader(io.StringIO(done.stdout)))
    assert [(r["player"], r["rank"], r["points"], r["winner"]) for r in rows] == [
        ("bruno", "1", "82", "yes"), ("ana", "2", "63", "no")]
    plays = _referee("results", str(COIMBRA_2P), "--format", "bgstats")
    assert plays.returncode == 0, plays.stderr
    assert json.loads(plays.stdout)[0]["players"][0]["name"] == "bruno"


def test_a_scoresheet_checked_by_the_command_has_a_result_without_a_date():
    """A scoresheet (``leftovers-two-odd-parts``, worked by hand: bruno 83, ana 64) is no
    log: its result comes from its scoring, with no date tag to read."""
    sheet = FIXTURES / "coimbra" / "scoresheets" / "leftovers-two-odd-parts.json"
    done = _referee("results", str(sheet), "--format", "csv")
    assert done.returncode == 0, done.stderr
    rows = list(csv.DictReader(io.StringIO(done.stdout)))
    assert [(r["player"], r["points"], r["date"]) for r in rows] == [("bruno", "83", ""),
                                                                    ("ana", "64", "")]
