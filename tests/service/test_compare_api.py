"""``POST /v1/compare``: two versions of one game over HTTP."""

from __future__ import annotations

import pytest
import requests

import replay
from replay.coimbra.generate import generate
from tests.service.helpers import ALICE

pytestmark = pytest.mark.redis


def test_compare_gives_the_first_difference_verdicts_and_score_difference(api_url):
    game = generate(3, seed=5)
    text = replay.print_log(replay.load_log(game), "text")
    changed = generate(3, seed=5)
    index = next(i for i, e in enumerate(changed["events"]) if e["type"] == "pass")
    del changed["events"][index]
    response = requests.post(f"{api_url}/v1/compare", json={"a": text, "b": changed},
                             headers=ALICE, timeout=30)
    assert response.status_code == 200, response.text
    result = response.json()
    assert result["same_game"] is False and result["mode"] == "audit"
    first = result["first_difference"]
    assert first["a"]["event"] == first["b"]["event"] == index
    assert first["a"]["line"] > index  # A came as text: its line is given
    assert "line" not in first["b"]  # B came as JSON
    assert result["a"]["verdict"] == "legal"
    assert set(result["score_difference"]) == set(game["header"]["players"])


@pytest.mark.parametrize("body, status, slug", [
    ({"a": {"header": {}}, "b": "x"}, 422, "invalid-log"),
    ({"a": 3, "b": "x"}, 422, "invalid-comparison"),
    ({"b": "x"}, 422, "invalid-comparison"),
])
def test_compare_refuses_bad_input_with_a_problem(api_url, body, status, slug):
    response = requests.post(f"{api_url}/v1/compare", json=body, headers=ALICE, timeout=10)
    assert response.status_code == status
    assert response.headers["Content-Type"].startswith("application/problem+json")
    assert response.json()["type"].endswith("/" + slug)


def test_compare_names_the_side_of_an_unreadable_log(api_url):
    good = generate(2, seed=1)
    response = requests.post(f"{api_url}/v1/compare",
                             json={"a": good, "b": '[game "coimbra"]\n[players "ana bruno"]\n'
                                                    "ana: recruit c2-o8\n"},
                             headers=ALICE, timeout=10)
    assert response.status_code == 422
    problem = response.json()
    assert problem["side"] == "b" and problem["title"].startswith("Log B")
    assert "line 3:" in problem["detail"]
