"""Solo logs through the command line, the API and batches, as multiplayer logs go."""

from __future__ import annotations

import json
import subprocess
import sys
import time

import pytest
import requests

from replay.core.logs.log import load_log
from replay.viscounts.generate import generate
from replay.viscounts.notation import print_text
from replay.viscounts.solo import OPPONENT
from tests.conftest import FIXTURES, ROOT
from tests.service.helpers import ALICE


def _referee(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "referee_cli.main", *args],
                          capture_output=True, text=True, cwd=ROOT, timeout=120, check=False)


def test_the_cli_generates_a_solo_game_that_replays_legal_in_every_format(tmp_path):
    path = tmp_path / "solo.json"
    made = _referee("generate", "viscounts", "--players", "1", "--seed", "7", "-o", str(path))
    assert made.returncode == 0, made.stderr
    log = json.loads(path.read_text())
    assert log["header"]["players"] == ["ana"]
    assert log["events"][1] == {"type": "opponent", "board": log["events"][1]["board"],
                                "difficulty": 0}
    result = _referee("replay", str(path), "--format", "json")
    report = json.loads(result.stdout)
    assert result.returncode == 0 and report["verdict"] == "legal"
    assert report["solo"]["winner"] == report["standings"][0]["player"]
    markdown = _referee("replay", str(path), "--format", "md").stdout
    assert "## Solo game" in markdown and report["solo"]["why"] in markdown
    assert "| Leftover resources (solo opponent) |" in markdown
    assert "Solo game" in _referee("replay", str(path), "--format", "html").stdout
    text = _referee("convert", str(path), "--to", "text")
    assert f"{OPPONENT}: scheme" in text.stdout
    (tmp_path / "solo.txt").write_text(text.stdout)
    back = _referee("convert", str(tmp_path / "solo.txt"), "--to", "json")
    assert json.loads(back.stdout)["events"] == log["events"]


def test_the_cli_verifies_the_solo_fixtures(tmp_path):
    for path in (FIXTURES / "viscounts" / "solo").glob("opponent-*.json"):
        if not path.name.endswith(".expected.json"):
            (tmp_path / path.name).write_text(path.read_text())
    result = _referee("verify", str(tmp_path))
    assert result.returncode == 1
    assert "illegal" in result.stdout


@pytest.mark.redis
def test_a_solo_game_is_replayed_by_a_worker_in_both_notations(api_url, worker_process):
    log = generate(1, 4)
    response = requests.post(f"{api_url}/v1/replays?wait=20", json=log, headers=ALICE,
                             timeout=30)
    assert response.status_code == 200
    report = response.json()["report"]
    assert report["verdict"] == "legal" and OPPONENT in report["final"]["players"]
    text = print_text(load_log(log))
    response = requests.post(f"{api_url}/v1/replays?wait=20", data=text.encode(),
                             headers={**ALICE, "Content-Type": "text/plain"}, timeout=30)
    assert response.json()["report"]["final"] == report["final"]


@pytest.mark.redis
def test_a_batch_of_solo_logs_names_each_winner(api_url, worker_process):
    games = [generate(1, seed) for seed in (5, 6)]
    wrong = json.loads((FIXTURES / "viscounts" / "solo" / "opponent-moves-inside.json")
                       .read_text())
    logs = [{"name": "solo-5", "log": games[0]}, {"name": "solo-6", "log": games[1]},
            {"name": "wrong", "log": wrong}]
    response = requests.post(f"{api_url}/v1/batches", json={"logs": logs}, headers=ALICE,
                             timeout=10)
    assert response.status_code == 202
    deadline = time.monotonic() + 60
    while True:
        batch = requests.get(api_url + response.headers["Location"], headers=ALICE,
                             timeout=5).json()
        if batch["status"] == "done":
            break
        assert time.monotonic() < deadline, batch
        time.sleep(0.2)
    items = {item["name"]: item for item in batch["items"]}
    for name, game in zip(("solo-5", "solo-6"), games, strict=True):
        scores = game["events"][-1]["scores"]
        winner = "ana" if scores["ana"] > scores[OPPONENT] else OPPONENT
        assert items[name]["verdict"] == "legal" and items[name]["winner"] == winner
    assert items["wrong"]["verdict"] == "illegal"
