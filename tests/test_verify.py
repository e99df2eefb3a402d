"""``referee verify`` reads only logs, and prints the table alone when not on a terminal."""

from __future__ import annotations

import json
import subprocess
import sys

import replay
from tests.conftest import FIXTURES, ROOT


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
    assert lines[0] == "skipped 2 files that are not a log: README.txt, notes.log"
    assert lines[-1].startswith("totals: 1 legal (1 log)")
    assert not (tmp_path / "reports" / "README.report.json").exists()


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
    reports = tmp_path / "reports"
    assert sorted(p.name for p in reports.iterdir()) == [
        "game.json.report.json", "game.txt.report.json", "other.report.json"]
    verdicts = {p.name: json.loads(p.read_text())["verdict"] for p in reports.iterdir()}
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
    reports = tmp_path / "reports"
    players = {p.relative_to(reports).as_posix(): json.loads(p.read_text())["players"]
               for p in reports.rglob("*.report.json")}
    assert sorted(players) == ["a--b.report.json", "a/b.report.json"]
    assert "anna" in str(players["a--b.report.json"])
    assert "anna" not in str(players["a/b.report.json"])
