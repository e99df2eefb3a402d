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


def test_replay_prints_a_json_report_with_a_verdict():
    result = _referee("replay", str(FIXTURES / "coimbra" / "sample.json"))
    report = json.loads(result.stdout)
    assert report["verdict"] in {"legal", "illegal", "score_mismatch", "incomplete"}
    assert result.returncode == (0 if report["verdict"] == "legal" else 1)


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
