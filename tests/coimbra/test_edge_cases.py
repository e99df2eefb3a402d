"""Edge cases found by review: each was wrong once, and each states the intended outcome."""

from __future__ import annotations

import copy
import json

import pytest

import replay
from tests.coimbra.logs import index_of
from tests.conftest import FIXTURES

GAME = json.loads((FIXTURES / "coimbra" / "legal" / "game-2p.json").read_text())


def game() -> dict:
    return copy.deepcopy(GAME)


@pytest.mark.parametrize("pay", [{"coins": "x"}, {"coins": -2, "guards": 8}])
def test_a_payment_must_be_whole_non_negative_numbers(pay):
    log = game()
    log["header"]["variants"] = ["mixed-payment"]
    i = index_of(log, type="recruit")
    log["events"][i]["pay"] = pay
    with pytest.raises(replay.InvalidLog) as err:
        replay.replay(log)
    assert [p.path for p in err.value.problems] == [f"/events/{i}/pay"]


def test_a_marker_between_a_gain_and_its_move_changes_nothing():
    log = game()
    i = index_of(log, type="move")
    log["events"].insert(i, {"type": "marker", "round": 0})  # right: still the start
    assert replay.replay(log)["violations"] == []
    log["events"][i] = {"type": "marker", "round": 2}  # wrong, but the steps survive it
    report = replay.replay(log, mode="audit")
    assert [v["rule"] for v in report["violations"]] == ["coimbra.log.order"]
    assert "marker says round 2" in report["violations"][0]["message"]


def test_a_late_income_in_the_last_round_is_out_of_order_not_after_the_end():
    log = game()
    final = log["events"].pop()
    last_income = max(i for i, e in enumerate(log["events"]) if e["type"] == "income")
    log["events"].append(copy.deepcopy(log["events"][last_income]))
    [violation] = replay.replay(log)["violations"]
    assert violation["rule"] == "coimbra.log.order"
    log["events"][-1] = {"type": "roll", "dice": ["gray1"] * 7}
    log["events"].append(final)
    assert replay.replay(log)["violations"][0]["rule"] == "coimbra.log.after_end"


def test_a_late_pass_does_not_hand_the_turn_back():
    log = game()
    invest = index_of(log, type="invest")
    first, second = log["header"]["players"]
    log["events"][invest:invest] = [{"type": "pass", "player": first},
                                    {"type": "pass", "player": second},
                                    {"type": "pass", "player": first}]
    rules = [(v["rule"], v["event"]) for v in replay.replay(log, mode="audit")["violations"]]
    assert ("coimbra.voyage.turn", invest + 2) in rules
    assert ("coimbra.voyage.turn", invest + 3) in rules  # the invest that followed


def test_a_pair_displayed_twice_is_not_applied():
    log = game()
    setup = log["events"][0]
    setup["start_pairs"] = [setup["start_pairs"][0]] * 2
    report = replay.replay(log, mode="audit")
    first = report["violations"][0]
    assert (first["rule"], first["event"], first["applied"]) == (
        "coimbra.setup.start_pairs", 0, False)
