"""The tournament desk: a CSV of scoresheets (one row per player per table) gives checked
totals and standings; every problem is located at its row and column, and a desk with one
is refused whole."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from referee_cli.main import cli
from replay.core.logs.problems import InvalidLog
from replay.core.logs.scoresheet_csv import desk_results, read_desk
from replay.games import GAMES
from tests.conftest import FIXTURES

DESKS = FIXTURES / "desk"  # the totals are worked by hand in its README.md
VISCOUNTS = (DESKS / "viscounts-two-tables.csv").read_text(encoding="utf-8")
COIMBRA = (DESKS / "coimbra-game-2p.csv").read_text(encoding="utf-8")


def _problems(text: str, game: str | None = "viscounts") -> list[tuple[int, int, str]]:
    with pytest.raises(InvalidLog) as err:
        read_desk(text, GAMES, game)
    return [(p.line, p.column, p.message) for p in err.value.problems]


def test_a_desk_gives_each_table_s_checked_totals_and_the_event_s_standings():
    results = desk_results(read_desk(VISCOUNTS, GAMES, "viscounts"))
    assert [(t["table"], t["verdict"]) for t in results["tables"]] == [
        ("1", "legal"), ("2", "legal")]
    assert [(r["player"], r["table"], r["place"], r["points"]) for r in results["standings"]] \
        == [("ana", "1", 1, 109), ("bruno", "1", 2, 29), ("carla", "2", 1, 4),
            ("duarte", "2", 2, 2)]
    coimbra = desk_results(read_desk(COIMBRA, GAMES, "coimbra"))
    assert [(r["player"], r["points"]) for r in coimbra["standings"]] == [
        ("bruno", 82), ("ana", 63)]


def test_a_wrong_written_total_is_named_with_what_the_scoring_gives():
    results = desk_results(read_desk(VISCOUNTS.replace("2,carla,4,", "2,carla,5,"), GAMES,
                                     "viscounts"))
    table = results["tables"][1]
    assert table["verdict"] == "score_mismatch"
    assert table["wrong_totals"] == [{"player": "carla", "claimed": 5, "computed": 4}]


def test_text_in_a_number_field_and_a_duplicate_player_are_located_by_row_and_column():
    text = VISCOUNTS.replace("2,duarte,2,,,,,,,,,,,2,", "2,carla,2,,,,,,,,,,,two,")
    assert _problems(text) == [
        (5, 2, "carla is listed twice at table 2 (also row 4)")]
    text = VISCOUNTS.replace("2,duarte,2,,,,,,,,,,,2,", "2,duarte,2,,,,,,,,,,,two,")
    assert _problems(text) == [(5, 14, "table 2, duarte, deeds: 'two' is not a whole number")]


def test_a_missing_column_an_unknown_one_and_a_game_wide_value_that_differs():
    without_coins = "\n".join(",".join(c for i, c in enumerate(line.split(",")) if i != 4)
                              for line in COIMBRA.splitlines())
    assert (1, 1, "the desk has no 'coins' column, which every Coimbra sheet needs") \
        in _problems(without_coins, "coimbra")
    misspelt = VISCOUNTS.replace(",silver,", ",silvr,")
    [(line, column, message)] = _problems(misspelt)
    assert (line, column) == (1, 16)
    assert message == "Viscounts of the West Kingdom sheets have no column 'silvr'"
    tiles = COIMBRA.replace(",4,,,,,,", ",4,,st-2,,,,")
    assert _problems(tiles, "coimbra") == [
        (3, 17, "table A's scoring_tiles.council is 'st-1' on row 2 and 'st-2' here")]


def test_a_sheet_that_does_not_hold_together_is_placed_at_its_row_and_column():
    text = VISCOUNTS.replace(",black,Antagonist", ",grey,Antagonist")
    # ms-01 and ms-05 are ana's grey manuscripts (p.25): 2, and a Cleric Bonus needs 3.
    assert _problems(text) == [(2, 10, "table 1, ana: ana's grey Cleric Bonus needs 3 grey "
                                       "manuscripts; the sheet lists 2")]


def test_the_command_line_ranks_the_event_or_imports_nothing(tmp_path):
    good, bad = tmp_path / "desk.csv", tmp_path / "bad.csv"
    good.write_text(VISCOUNTS)
    bad.write_text(VISCOUNTS.replace("2,duarte,2,,,,,,,,,,,2,", "2,duarte,2,,,,,,,,,,,two,"))
    result = CliRunner().invoke(cli, ["desk", str(good), "--game", "viscounts"])
    assert result.exit_code == 0
    assert "Table 1 (Viscounts of the West Kingdom): LEGAL" in result.stdout
    assert "  ana           109 points  (table 1, place 1)" in result.stdout
    as_json = CliRunner().invoke(cli, ["desk", str(good), "--game", "viscounts",
                                       "--format", "json"])
    assert json.loads(as_json.stdout)["standings"][0]["player"] == "ana"
    refused = CliRunner().invoke(cli, ["desk", str(bad), "--game", "viscounts"])
    assert refused.exit_code == 2
    assert f"{bad}:5:14: table 2, duarte, deeds: 'two' is not a whole number" in \
        refused.stderr
    assert "points" not in refused.stdout  # nothing half-imported: no standings at all


@pytest.mark.parametrize(("text", "first"), [
    ("", (1, 1, "the desk file is empty: its first row names the columns")),
    ("table,player\n", (2, 1, "the desk file has no rows below its column names")),
    ("table,player\n1,ana,3,4\n1,bruno\n", (2, 3, "row 2 has 4 cells; the first row names 2 "
                                                   "columns")),
    ("table,player,silver\n1,ana," + "9" * 5000 + "\n1,bruno,\n",
     (2, 3, "table 1, ana, silver: '" + "9" * 40 + "…' is not a whole number")),
    # p.4: Viscounts is for 1-4 players; five at one table is no game it has a board for.
    ("table,player\n" + "".join(f"1,p{i}\n" for i in range(5)),
     (2, 2, "table 1, p0: Viscounts of the West Kingdom is for 1-4 players, not 5")),
    ("table,player,game\n1,ana,chess\n", (2, 3, "unknown game 'chess'")),
    ("table,player\n1,ana\n1,bruno\n1,ana\n", (4, 2, "ana is listed twice at table 1 "
                                                    "(also row 2)")),
])
def test_odd_desk_files_are_refused_with_the_first_problem_located(text, first):
    assert _problems(text)[0] == first
