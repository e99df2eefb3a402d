"""``referee replay --at N --ask MOVE`` and ``--format position``: the arbiter's questions
from the command line, answered in words a person reads, with exit codes a script can use."""

from __future__ import annotations

import json

from tests.conftest import FIXTURES
from tests.test_cli import _referee

VOYAGE = str(FIXTURES / "coimbra" / "illegal" / "voyage-payment-cannot-afford.json")


def test_a_move_bruno_cannot_pay_is_ruled_illegal_with_its_rule_and_exit_1():
    # bruno holds 2 coins and fav-4: v-07 costs 4 - 1 = 3.
    result = _referee("replay", VOYAGE, "--at", "77", "--ask", "bruno: invest v-07")
    assert result.returncode == 1
    assert "Not legal: it breaks rule coimbra.voyage.payment" in result.stdout
    assert "Legal here: bruno: invest Rota da Madeira (v-01)" in result.stdout


def test_a_move_bruno_can_pay_is_legal_with_what_it_costs_and_exit_0():
    result = _referee("replay", VOYAGE, "--at", "77", "--ask", "bruno: invest v-01",
                      "--format", "json")
    assert result.returncode == 0
    ruling = json.loads(result.stdout)
    assert ruling["legal"] and ruling["changes"] == {"bruno": {"coins": -1}}


def test_the_position_after_an_event_replays_to_the_same_refusal():
    result = _referee("replay", VOYAGE, "--at", "77", "--format", "position")
    document = json.loads(result.stdout)
    assert document["position"]["players"]["bruno"]["coins"] == 2
    assert document["events"][0] == {"type": "invest", "player": "bruno", "voyage": "v-07"}


def test_asking_without_a_point_is_a_usage_error():
    result = _referee("replay", VOYAGE, "--ask", "bruno: invest v-07")
    assert result.returncode == 2
    assert "need --at N" in result.stderr
