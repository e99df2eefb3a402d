"""``referee verify`` reads only logs, and prints the table alone when not on a terminal."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

import replay
from replay.core.reports.tournament import natural_key, read_place_points, tally
from tests.conftest import FIXTURES, ROOT


def reports_of(folder):
    """Where ``referee verify`` writes a folder's reports unless told: beside it."""
    return folder.with_name(folder.name + "-reports")


def test_verify_skips_files_that_are_not_logs_and_prints_no_progress_line(tmp_path):
    (tmp_path / "game.json").write_text((FIXTURES / "coimbra" / "legal" / "game-2p.json")
                                        .read_text())
    (tmp_path / "README.txt").write_text("# Club night\n\nThe logs of table 1 and 2.\n")
    (tmp_path / "notes.log").write_text("bruno was late\n")
    result = subprocess.run([sys.executable, "-m", "referee_cli.main", "verify",
                             str(tmp_path)], capture_output=True, text=True, cwd=ROOT,
                            timeout=60, check=False)
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stderr == ""  # no "replaying" progress line when output is piped
    lines = result.stdout.splitlines()
    # In the order people sort names: case aside, numbers as numbers.
    assert lines[0] == "skipped 2 files that are not a log: notes.log, README.txt"
    assert lines[-1].startswith("totals: 1 legal (1 log)")
    assert not (reports_of(tmp_path) / "README.report.json").exists()
    assert not (tmp_path / "reports").exists()  # nothing is written among the logs


def test_what_looks_like_a_log():
    assert replay.looks_like_log('# table 3\n\n[game "coimbra"]\n')
    assert replay.looks_like_log('\ufeff{"header": {}}')
    assert not replay.looks_like_log("# Tournament\n\nRead me first.\n")
    assert not replay.looks_like_log("")


def test_logs_that_differ_only_in_their_suffix_get_a_report_each(tmp_path):
    """``game.json`` and ``game.txt`` (a game and its text copy) both wrote
    ``game.report.json``: the second report replaced the first."""
    document = (FIXTURES / "coimbra" / "legal" / "game-2p.json").read_text()
    (tmp_path / "game.json").write_text(document)
    (tmp_path / "game.txt").write_text(replay.print_log(replay.parse(document), "text")
                                       + "final ana=0 bruno=0\n")
    (tmp_path / "other.json").write_text(document)
    result = subprocess.run([sys.executable, "-m", "referee_cli.main", "verify",
                             str(tmp_path)], capture_output=True, text=True, cwd=ROOT,
                            timeout=60, check=False)
    assert result.returncode == 1, result.stdout + result.stderr
    reports = [p for p in reports_of(tmp_path).iterdir() if ".report." in p.name]
    assert sorted(p.name for p in reports) == [
        "game.json.report.json", "game.txt.report.json", "other.report.json"]
    verdicts = {p.name: json.loads(p.read_text())["verdict"] for p in reports}
    assert verdicts["game.json.report.json"] == "legal"
    assert verdicts["game.txt.report.json"] != "legal"


def test_logs_in_folders_get_reports_in_the_same_folders(tmp_path):
    """``a/b.json`` and ``a--b.json`` both wrote ``a--b.report.json`` when folders were
    joined by ``--`` in one flat folder of reports."""
    document = (FIXTURES / "coimbra" / "legal" / "game-2p.json").read_text()
    (tmp_path / "a").mkdir()
    (tmp_path / "a" / "b.json").write_text(document)
    (tmp_path / "a--b.json").write_text(document.replace('"ana"', '"anna"'))
    result = subprocess.run([sys.executable, "-m", "referee_cli.main", "verify",
                             str(tmp_path)], capture_output=True, text=True, cwd=ROOT,
                            timeout=60, check=False)
    assert result.returncode == 0, result.stdout + result.stderr
    reports = reports_of(tmp_path)
    players = {p.relative_to(reports).as_posix(): json.loads(p.read_text())["players"]
               for p in reports.rglob("*.report.json")}
    assert sorted(players) == ["a--b.report.json", "a/b.report.json"]
    assert "anna" in str(players["a--b.report.json"])
    assert "anna" not in str(players["a/b.report.json"])


def test_verify_says_why_a_game_is_illegal_counts_a_duplicate_once_and_ranks_per_game(
        tmp_path):
    """Two copies of one Coimbra game (one as text), an illegal one, and a Viscounts game:
    the illegal game's first rule, event and card are printed; the copy is named and
    counted once; Coimbra's and Viscounts' players stand in tables of their own."""
    logs = tmp_path / "club"
    logs.mkdir()
    two = (FIXTURES / "coimbra" / "legal" / "game-2p.json").read_text()
    (logs / "table1.json").write_text(two)
    (logs / "table10.txt").write_text(replay.print_log(replay.parse(two), "text"))
    (logs / "table2.json").write_text(
        (FIXTURES / "coimbra" / "illegal" / "city-row-other-row.json").read_text())
    (logs / "table3.json").write_text(json.dumps(replay.GAMES.get("viscounts").generate(2, 1)))
    result = subprocess.run([sys.executable, "-m", "referee_cli.main", "verify", str(logs)],
                            capture_output=True, text=True, cwd=ROOT, timeout=120, check=False)
    assert result.returncode == 1, result.stdout + result.stderr
    lines = result.stdout.splitlines()
    logs_in_order = [line.split()[0] for line in lines[1:] if line.startswith("table")]
    assert logs_in_order == ["table1.json", "table2.json", "table3.json", "table10.txt"]
    why = next(line for line in lines if "why:" in line)
    # The fixture's broken move: event 18 takes c2-05 from the wrong row of the city.
    assert "rule coimbra.city.row at event 18" in why and "(c2-05)" in why
    assert "the same game as table1.json: counted once" in result.stdout
    coimbra = lines.index(next(line for line in lines if line.startswith("standings, Coimbra")))
    viscounts = lines.index(next(line for line in lines
                                 if line.startswith("standings, Viscounts")))
    coimbra_rows = {line.split()[1]: line.split()[2:] for line in
                    lines[coimbra + 2:coimbra + 4]}
    # One counted Coimbra game (its copy and the illegal game do not count): one game each.
    assert {row[0] for row in coimbra_rows.values()} == {"1"}
    assert sorted(coimbra_rows) == ["ana", "bruno"]
    viscounts_rows = [line.split()[1] for line in lines[viscounts + 2:viscounts + 4]]
    assert sorted(viscounts_rows) == ["ana", "bruno"]
    assert (tmp_path / "club-reports" / "table2.report.json").exists()
    assert not (logs / "reports").exists()
    # The verified games' results beside the reports: the worked game once (game-2p.worked.md:
    # bruno 82, ana 63; its copy left out), the generated Viscounts game; not the illegal one.
    results = (tmp_path / "club-reports" / "results.csv").read_text().splitlines()
    coimbra_results = [line.split(",")[:7] for line in results if line.startswith("table1.json")]
    assert coimbra_results == [["table1.json", "coimbra", "2026-11-20", "bruno", "1", "yes", "82"],
                               ["table1.json", "coimbra", "2026-11-20", "ana", "2", "no", "63"]]
    assert {line.split(",")[0] for line in results[1:]} == {"table1.json", "table3.json"}
    plays = json.loads((tmp_path / "club-reports" / "results-bgstats.json").read_text())
    assert [play["game"]["name"] for play in plays] == ["Coimbra", "Viscounts of the West Kingdom"]


def test_tournament_order_and_standings_worked_by_hand():
    assert sorted(["table10", "table2", "Table1", "table11"], key=natural_key) == \
        ["Table1", "table2", "table10", "table11"]
    games = [[{"rank": 1, "player": "ana", "points": 50}, {"rank": 2, "player": "bo",
                                                            "points": 40}],
             [{"rank": 1, "player": "bo", "points": 30}, {"rank": 2, "player": "ana",
                                                          "points": 45}],
             [{"rank": 1, "player": "cy", "points": 10}]]
    # ana and bo: one win each; ana has 95 points to bo's 70. cy: one win, 10 points.
    assert tally(games) == [{"player": "ana", "games": 2, "wins": 1, "points": 95},
                            {"player": "bo", "games": 2, "wins": 1, "points": 70},
                            {"player": "cy", "games": 1, "wins": 1, "points": 10}]


def test_tournament_points_per_place_rank_before_wins():
    # bo wins two games and is last in the third; ana is second twice and wins the third.
    # By wins, bo leads (2 to 1); with 3, 2, 0 points per place ana has 2 + 2 + 3 = 7 to
    # bo's 3 + 3 + 0 = 6, and cy 0 + 0 + 2 = 2.
    games = [[{"rank": 1, "player": "bo", "points": 30}, {"rank": 2, "player": "ana",
                                                          "points": 25},
              {"rank": 3, "player": "cy", "points": 5}]] * 2 + \
        [[{"rank": 1, "player": "ana", "points": 40}, {"rank": 2, "player": "cy",
                                                        "points": 20},
          {"rank": 3, "player": "bo", "points": 10}]]
    assert [row["player"] for row in tally(games)] == ["bo", "ana", "cy"]
    ranking = read_place_points("3, 2, 0")
    ranked = tally(games, ranking)
    assert [(row["player"], row["tournament_points"]) for row in ranked] == [
        ("ana", 7), ("bo", 6), ("cy", 2)]
    assert ranking.words.startswith(
        "tournament points per place in each game (1st 3, 2nd 2, 3rd 0), then wins")
    # A place beyond those given scores 0.
    assert read_place_points("1").points_for(2) == 0


@pytest.mark.parametrize(("text", "message"), [
    ("4,x,1", "the points for 2nd place are 'x'"),
    ("4,-1", "the points for 2nd place are '-1'"),
    (",".join(["1"] * 9), "points for at most 8 places, not 9"),
])
def test_points_per_place_that_cannot_be_read_say_which_place(text, message):
    with pytest.raises(ValueError, match=message):
        read_place_points(text)


def test_verify_refuses_points_per_place_it_cannot_read(tmp_path):
    result = subprocess.run([sys.executable, "-m", "referee_cli.main", "verify", str(tmp_path),
                             "--place-points", "4,x"], capture_output=True, text=True,
                            cwd=ROOT, timeout=60, check=False)
    assert result.returncode == 2
    assert "the points for 2nd place are 'x'" in result.stderr
