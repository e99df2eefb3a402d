"""The ``referee`` command line replays in-process, without Redis."""

from __future__ import annotations

import json
import subprocess
import sys

from tests.conftest import FIXTURES, ROOT


def _referee(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "referee_cli.main", *args],
        capture_output=True, text=True, cwd=ROOT, timeout=60, check=False,
    )


def test_replay_of_the_legal_sample_is_legal_and_exits_0():
    sample = FIXTURES / "coimbra" / "sample.json"
    result = _referee("replay", str(sample), "--format", "json")
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert report["verdict"] == "legal"
    assert report["violations"] == []
    events = json.loads(sample.read_text())["events"]
    assert report["events"] == {"total": len(events), "replayed": len(events)}
    # The sample ends with the table's scoresheet: every total was compared, and matched.
    sheet = events[-1]["scores"]
    finals = [c for c in report["claims"] if c["what"] == "final score"]
    assert {c["player"]: c["computed"] for c in finals} == sheet
    assert all(c["match"] for c in report["claims"])


def test_replay_of_a_hand_checked_game_prints_its_winner_and_an_illegal_log_exits_1():
    legal = json.loads(_referee("replay", str(FIXTURES / "coimbra" / "legal" / "game-3p.json"),
                                "--format", "json").stdout)
    assert [(s["player"], s["points"]) for s in legal["standings"]] == [
        ("bruno", 83), ("carla", 82), ("ana", 72)]  # legal/game-3p.worked.md
    illegal = _referee("replay", str(FIXTURES / "coimbra" / "illegal" / "city-row-other-row.json"),
                       "--format", "json")
    assert illegal.returncode == 1
    report = json.loads(illegal.stdout)
    assert report["verdict"] == "illegal"
    assert [v["rule"] for v in report["violations"]] == ["coimbra.city.row"]


def test_unreadable_log_is_a_located_message_and_exit_2(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text('{"header":\n  {"game": "coimbra",}\n}')
    result = _referee("replay", str(bad))
    assert result.returncode == 2
    assert f"{bad}:2:" in result.stderr
    assert "Traceback" not in result.stderr


def test_log_for_unknown_game_names_the_field(tmp_path):
    bad = tmp_path / "chess.json"
    bad.write_text(json.dumps({"header": {"game": "chess", "players": ["a", "b"]}}))
    result = _referee("replay", str(bad))
    assert result.returncode == 2
    assert "/header/game: unknown game 'chess'" in result.stderr


def test_verify_replays_a_folder_writes_reports_and_fails_on_illegal_logs(tmp_path):
    for name in ("game-2p", "game-3p"):
        (tmp_path / f"{name}.json").write_text(
            (FIXTURES / "coimbra" / "legal" / f"{name}.json").read_text())
    (tmp_path / "bad.json").write_text(
        (FIXTURES / "coimbra" / "illegal" / "city-row-other-row.json").read_text())
    result = _referee("verify", str(tmp_path), "--format", "md")
    assert result.returncode == 1
    lines = result.stdout.splitlines()
    assert lines[0].split() == ["log", "verdict", "winner", "points", "violations"]
    table = lines[1:lines.index("")] if "" in lines else lines[1:-1]
    rows = {line.split()[0]: line.split() for line in table}
    assert rows["game-2p.json"][1:4] == ["legal", "bruno", "82"]
    assert rows["bad.json"][1] == "illegal"
    assert lines[-1].startswith("totals: 1 illegal, 2 legal (3 logs)")
    reports = tmp_path.with_name(tmp_path.name + "-reports")  # beside the logs, not among them
    assert (reports / "game-3p.report.md").read_text().startswith("# Verdict: LEGAL")
    legal_only = _referee("verify", str(tmp_path), "--out", str(tmp_path / "r2"))
    assert legal_only.returncode == 1  # the illegal log is still there
    (tmp_path / "bad.json").unlink()
    assert _referee("verify", str(tmp_path)).returncode == 0


def test_convert_round_trips_between_notations(tmp_path):
    source = FIXTURES / "coimbra" / "legal" / "game-2p.json"
    text = _referee("convert", str(source), "--to", "text")
    assert text.returncode == 0 and text.stdout.startswith('[game "coimbra"]')
    path = tmp_path / "game.txt"
    path.write_text(text.stdout)
    back = _referee("convert", str(path), "--to", "json")
    assert json.loads(back.stdout) == json.loads(source.read_text())
    report = json.loads(_referee("replay", str(path), "--format", "json").stdout)
    assert report["verdict"] == "legal"


def test_replay_renders_markdown_and_html_and_shows_state_at_an_event():
    source = str(FIXTURES / "coimbra" / "legal" / "round-one-2p.json")
    assert _referee("replay", source, "--format", "md").stdout.startswith("# Verdict")
    assert "<svg" in _referee("replay", source, "--format", "html").stdout
    state = json.loads(_referee("replay", source, "--at", "12", "--format", "json").stdout)
    assert state["phase"] == "C" and state["acting_player"] == "bruno"
    assert {"type": "favor", "player": "bruno", "tile": "fav-4"} in state["legal_actions"]


def test_a_text_log_with_errors_lists_each_with_line_and_column(tmp_path):
    path = tmp_path / "bad.txt"
    path.write_text('[game "coimbra"]\n[players "ana bruno"]\nana: recruit c2-4o\nbob: pass\n')
    result = _referee("replay", str(path))
    assert result.returncode == 2
    errors = result.stderr.splitlines()
    assert errors[0].startswith(f"{path}:3:14: unknown character 'c2-4o'")
    assert "did you mean" in errors[0]
    assert errors[1].startswith(f"{path}:4:1: ")
    assert result.stdout.startswith("UNPARSEABLE: The log could not be read (2 problems)")
    as_json = _referee("replay", str(path), "--format", "json")
    assert json.loads(as_json.stdout)["verdict"] == "unparseable"
