"""``POST /v1/rulings``: one disputed move over HTTP, ruled on by a worker.

The position is the one after event 77 of the hand-worked fixture
``fixtures/coimbra/illegal/voyage-payment-cannot-afford`` (bruno holds 2 coins and fav-4,
which takes 1 coin off each voyage this round)."""

from __future__ import annotations

import json

import pytest
import requests

from tests.conftest import FIXTURES
from tests.service.helpers import ALICE, BOB

pytestmark = pytest.mark.redis

LOG = json.loads((FIXTURES / "coimbra" / "illegal" /
                  "voyage-payment-cannot-afford.json").read_text())


def _ask(api_url, body, headers=ALICE, wait=30):
    return requests.post(f"{api_url}/v1/rulings", json=body, params={"wait": wait},
                         headers=headers, timeout=wait + 10)


def test_a_voyage_bruno_cannot_pay_is_ruled_illegal_by_a_worker(api_url, worker_process):
    # v-07 costs 4 coins less 1: 3, and bruno has 2 (coimbra.voyage.payment).
    response = _ask(api_url, {"log": LOG, "after": 77, "move": "bruno: invest v-07"})
    assert response.status_code == 200, response.text
    result = response.json()["result"]
    assert result["legal"] is False
    assert [v["rule"] for v in result["violations"]] == ["coimbra.voyage.payment"]
    assert "bruno: invest v-01" in result["legal_moves"]
    # v-07's cost is the demo catalog's placeholder: at 3, bruno could pay.
    assert {"entry": "v-07", "field": "cost", "value": 4, "decides": True,
            "weighed": True} in result["rests_on"]


def test_a_voyage_bruno_can_pay_is_legal_with_what_it_costs(api_url, worker_process):
    # v-01 costs 2 coins less 1: bruno pays 1.
    response = _ask(api_url, {"log": LOG, "after": 77,
                              "move": '{"type": "invest", "player": "bruno", "voyage": "v-01"}'})
    result = response.json()["result"]
    assert result["legal"] and result["changes"] == {"bruno": {"coins": -1}}
    again = requests.get(f"{api_url}{response.json()['links']['self']}", headers=ALICE,
                         timeout=10)
    assert again.json()["result"] == result
    other = requests.get(f"{api_url}{response.json()['links']['self']}", headers=BOB,
                         timeout=10)
    assert other.status_code == 404  # one client's ruling is not another's


@pytest.mark.parametrize("body", [
    {"log": LOG, "after": 77},
    {"log": LOG, "after": 999, "move": "bruno: invest v-07"},
    {"log": LOG, "after": -2, "move": "bruno: invest v-07"},
    {"log": LOG, "after": 77, "move": "bruno: invest"},
    {"log": LOG, "after": "77", "move": "bruno: invest v-07"},
    {"log": {"header": {}}, "after": 0, "move": "x"},
])
def test_a_question_that_names_no_point_or_no_move_is_refused_with_a_problem(api_url, body):
    response = _ask(api_url, body, wait=0)
    assert response.status_code == 422, response.text
    assert response.headers["Content-Type"].startswith("application/problem+json")
