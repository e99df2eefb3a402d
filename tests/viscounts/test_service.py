"""Viscounts through the API and the workers, like any registered game."""

from __future__ import annotations

import json

import pytest
import requests

from replay.core.logs.log import load_log
from replay.viscounts.generate import generate
from replay.viscounts.notation import print_text
from tests.conftest import FIXTURES
from tests.service.helpers import ALICE

pytestmark = pytest.mark.redis


def test_viscounts_is_listed_with_its_variants_and_rules(api_url):
    games = requests.get(f"{api_url}/v1/games", headers=ALICE, timeout=5).json()
    viscounts = next(g for g in games if g["game"] == "viscounts")
    assert viscounts["players"] == [1, 2, 3, 4]
    assert "build-slot-leftmost" in [v["id"] for v in viscounts["variants"]]
    rules = requests.get(f"{api_url}/v1/games/viscounts/rules", headers=ALICE,
                         timeout=5).json()
    assert "viscounts.build.river" in [r["id"] for r in rules]


def test_a_generated_game_is_replayed_by_a_worker_in_both_notations(api_url, worker_process):
    log = generate(3, 4)
    response = requests.post(f"{api_url}/v1/replays?wait=20", json=log, headers=ALICE,
                             timeout=30)
    assert response.status_code == 200
    report = response.json()["report"]
    assert report["game"] == "viscounts" and report["verdict"] == "legal"
    text = print_text(load_log(log))
    response = requests.post(f"{api_url}/v1/replays?wait=20", data=text.encode(),
                             headers={**ALICE, "Content-Type": "text/plain"}, timeout=30)
    assert response.json()["report"]["final"] == report["final"]


def test_an_illegal_log_is_reported_with_its_rule(api_url, worker_process):
    log = json.loads((FIXTURES / "viscounts" / "illegal" / "move-too-few-spaces.json")
                     .read_text())
    response = requests.post(f"{api_url}/v1/replays?wait=20", json=log, headers=ALICE,
                             timeout=30)
    violation = response.json()["report"]["violations"][0]
    assert (violation["rule"], violation["event"]) == ("viscounts.move.steps", 7)


@pytest.mark.parametrize(("line", "column", "message"), [
    ('"', 1, "this quote is not closed"),
    ("ana: trade 1 pay=stone:\u00b2", 14, "'\u00b2' is not a count")])
def test_a_text_line_that_crashed_the_parser_is_a_located_422(api_url, line, column, message):
    text = '[game "viscounts"]\n[players "ana bruno"]\n' + line + "\n"
    response = requests.post(f"{api_url}/v1/replays", data=text.encode(), timeout=30,
                             headers={**ALICE, "Content-Type": "text/plain"})
    assert response.status_code == 422
    assert [(p["line"], p["column"], p["message"]) for p in response.json()["problems"]] == [
        (3, column, message)]


@pytest.mark.parametrize("media", ["application/json", "text/plain"])
def test_a_log_saved_with_a_byte_order_mark_is_replayed(api_url, worker_process, media):
    log = generate(2, 4)
    body = json.dumps(log) if media == "application/json" else print_text(load_log(log))
    response = requests.post(f"{api_url}/v1/replays?wait=20",
                             data=b"\xef\xbb\xbf" + body.encode(), timeout=30,
                             headers={**ALICE, "Content-Type": media})
    assert response.status_code == 200
    assert response.json()["report"]["verdict"] == "legal"
