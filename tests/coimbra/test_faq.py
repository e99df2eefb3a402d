"""Every answer of the rule text's FAQ, checked on small hand-worked situations.

The base is the hand-checked first round in ``fixtures/coimbra/legal/round-one-2p.json``
(see its ``.worked.md``); each test changes one thing and states the expected outcome.
"""

from __future__ import annotations

import contextlib
import copy
import json

import pytest

import replay
from replay.coimbra.catalog import load_catalog
from replay.coimbra.claims import Claims
from replay.coimbra.diplomas import best_diploma_score
from replay.coimbra.engine import apply_event
from replay.coimbra.replayer import replay_to
from replay.coimbra.table import Table
from replay.core.logs.log import load_log
from replay.core.verdicts.judge import StopReplay
from tests.coimbra.logs import index_of
from tests.conftest import FIXTURES

BASE = json.loads((FIXTURES / "coimbra" / "legal" / "round-one-2p.json").read_text())
TYPES = load_catalog().diploma_types


def base_log() -> dict:
    log = copy.deepcopy(BASE)
    log["events"] = [e for e in log["events"] if e["type"] != "check"]
    return log


def first_violation(log: dict, mode: str = "strict") -> dict:
    return replay.replay(log, mode=mode)["violations"][0]


# -- Are higher-value dice always better? ---------------------------------------------

def test_a_high_die_makes_the_character_cost_its_value():
    report = replay.replay(base_log())
    paid = [r for r in report["ledger"] if r["reason"] == "paid for c2-04"]
    assert [(r["player"], r["resource"], r["delta"]) for r in paid] == [("bruno", "coins", -6)]


# -- Who acts first on equal values, several dice in one location? ---------------------

def test_equal_values_go_right_and_tokens_sort_like_dice():
    log = base_log()
    game = replay_to(load_log(log), index_of(log, type="place", die="gray3"))
    queues = {loc: [s.die for s in q] for loc, q in game.state.queues.items()}
    assert queues["castle"] == ["white3", "gray3", "purple4"]
    assert queues["upper"] == ["orange6", "token3", "token2"]
    assert queues["central"] == ["gray5", "token4", "token3"]
    assert queues["lower"] == ["token5", "green1"]


def test_a_die_equal_to_a_token_goes_right_of_it_and_one_player_may_stack_a_location():
    log = base_log()
    events = log["events"]
    first = index_of(log, type="place", die="gray5")
    events[first]["to"] = "upper"  # ana gray5 upper
    events[first + 2]["die"], events[first + 2]["to"] = "purple4", "upper"
    events[first + 4]["die"], events[first + 4]["to"] = "green1", "upper"
    game = replay_to(load_log(log), first + 5)
    assert [s.die for s in game.state.queues["upper"]] == [
        "orange6", "gray5", "purple4", "token3", "token2", "green1"]


# -- Cannot afford, or the display is empty ------------------------------------------

def test_coins_cannot_replace_guards():
    log = base_log()
    i = index_of(log, type="recruit", card="c2-04")
    log["events"][i]["pay"] = {"coins": 3, "guards": 3}
    violation = first_violation(log)
    assert violation["rule"] == "coimbra.city.payment"
    assert violation["legal_under"] == "mixed-payment"
    log["header"]["variants"] = ["mixed-payment"]
    assert replay.replay(log)["violations"] == []


def _apply_with(log: dict, index: int, **purse) -> Table:
    """Replay up to event ``index - 1``, set a player's purse, then apply event ``index``."""
    game = replay_to(load_log(log), index - 1)
    player = game.state.players[log["events"][index]["player"]]
    for resource, amount in purse.items():
        setattr(player, resource, amount)
    game.judge.strict = True
    with contextlib.suppress(StopReplay):
        apply_event(game, index, log["events"][index], Claims())
    return game


def test_the_card_reward_cannot_finance_its_own_cost():
    # c2-07 gives 3 coins on acquisition; with 4 coins ana still cannot pay the 5.
    log = base_log()
    i = index_of(log, type="recruit", card="c2-07")
    game = _apply_with(log, i, coins=4)
    [violation] = game.judge.violations
    assert (violation.rule, violation.event, violation.found) == ("coimbra.city.payment", i, "4")
    game = _apply_with(log, i, coins=5)
    assert game.judge.violations == []
    assert game.state.players["ana"].coins == 0 + 3 + 2  # paid 5, c2-07 +3, c1-01 trigger +2


def test_distress_is_always_available_and_gives_up_to_two_each():
    log = base_log()
    i = index_of(log, type="recruit", card="c2-07")
    log["events"][i] = {"type": "distress", "player": "ana", "coins": 1, "guards": 2}
    report = replay.replay(log, mode="audit")
    rows = [(r["resource"], r["delta"]) for r in report["ledger"] if r["event"] == i]
    assert rows == [("coins", 1), ("guards", 2)]
    log["events"][i]["coins"] = 3
    assert first_violation(log)["rule"] == "coimbra.distress.amount"


# -- Income: die value, white, caps ------------------------------------------------------

def test_income_ignores_die_value_and_white_names_a_track():
    report = replay.replay(base_log())
    income = [(r["player"], r["resource"], r["delta"], r["source"]) for r in report["ledger"]
              if r["phase"] == "E" and r["source"].startswith("track:")]
    assert income == [
        ("bruno", "coins", 2, "track:merchant"),   # orange6: merchant 2 -> box 2-4
        ("bruno", "guards", 1, "track:council"),   # gray3: council 2 -> box 0-2
        ("bruno", "points", 1, "track:scholar"),   # white3 on scholar 0
        ("ana", "guards", 1, "track:council"),     # gray5: council 2 -> box 0-2
        ("ana", "points", 1, "track:scholar"),     # green1: scholar 1 -> box 0-2
    ]


def _with_c2_15(log: dict) -> dict:
    """ana recruits c2-15 (phase E: 1 pilgrim step if no purple die) instead of c2-19."""
    log["events"][index_of(log, type="deal")]["lower"] = ["c2-13", "c2-15", "c2-19", "c2-20"]
    log["events"][index_of(log, type="recruit", card="c2-19")]["card"] = "c2-15"
    last_income = index_of(log, type="income", player="ana", die="green1")
    log["events"].insert(last_income + 1,
                         {"type": "move", "player": "ana", "path": ["stop-01"]})
    return log


def test_white_is_not_purple_for_a_no_purple_ability():
    # With a purple die, c2-15 pays nothing: the extra step after income is illegal.
    log = _with_c2_15(base_log())
    violation = first_violation(log)
    assert violation["rule"] == "coimbra.pilgrim.steps"
    # ana swaps her purple4 for bruno's white3 and puts the white on the clergy track:
    # she has no purple die now, so c2-15 pays its step and the move is legal.
    events = log["events"]
    events[index_of(log, type="place", player="ana", die="purple4")]["die"] = "white3"
    events[index_of(log, type="place", player="bruno", die="white3")]["die"] = "purple4"
    # The castle now resolves ana white3, bruno gray3, bruno purple4 (ascending, ties right).
    first = index_of(log, type="favor", tile="fav-4")
    events[first:first + 4] = [
        {"type": "favor", "player": "ana", "tile": "fav-1", "die": "white3"},
        {"type": "favor", "player": "bruno", "tile": "fav-2", "die": "gray3"},
        {"type": "move", "player": "bruno", "path": ["space-03"]},
        {"type": "favor", "player": "bruno", "tile": "fav-4", "die": "purple4"},
    ]
    events[index_of(log, type="income", player="bruno", die="white3")] = {
        "type": "income", "player": "bruno", "die": "purple4"}
    events[index_of(log, type="income", player="ana", die="purple4")] = {
        "type": "income", "player": "ana", "die": "white3", "track": "clergy"}
    # bruno's purple4 pays a clergy step that he leaves unused.
    report = replay.replay(log)
    assert report["violations"] == []
    assert report["state"]["ana"]["pilgrim"] == "stop-01"


def test_income_respects_the_caps():
    log = base_log()
    i = index_of(log, type="income", die="orange6")
    log["events"].insert(i, {"type": "check", "player": "bruno", "values": {}})
    game = _apply_with(log, i + 1, coins=19)
    row = game.ledger[-1]
    assert (row["resource"], row["delta"], row["after"]) == ("coins", 1, 20)
    assert "beyond the limit" in row["reason"]


# -- Pilgrims ---------------------------------------------------------------------------

def test_monastery_reward_only_on_the_first_visit_and_pilgrims_do_not_block():
    log = base_log()
    # bruno walks space-03 -> stop-03 -> space-03 with more steps: one reward only.
    i = index_of(log, type="move", player="bruno")
    log["events"][i]["path"] = ["space-03", "stop-02"]
    report = replay.replay(log)
    assert report["violations"] == []
    rewards = [r for r in report["ledger"] if r["source"] == "m1-03"]
    assert [(r["player"], r["delta"]) for r in rewards] == [("bruno", 2)]


def test_unused_steps_are_lost_at_the_next_event():
    log = base_log()
    i = index_of(log, type="move", player="bruno")
    move = log["events"].pop(i)
    log["events"].insert(i + 1, move)  # after ana's favor: the steps are gone
    violation = first_violation(log)
    assert violation["rule"] == "coimbra.pilgrim.steps" and violation["event"] == i + 1


def test_roads_out_of_the_city_are_one_way():
    log = base_log()
    i = index_of(log, type="move", player="bruno")
    log["events"][i]["path"] = ["space-03", "corner-se"]
    violation = first_violation(log)
    assert violation["rule"] == "coimbra.pilgrim.road"
    assert violation["legal_under"] == "two-way-roads"


# -- Neutral tokens -----------------------------------------------------------------------

def test_neutral_tokens_discard_highest_influence_leftmost():
    report = replay.replay(base_log())
    by_token = [(d["row"], d["card"], d["reason"]) for d in report["discards"]]
    assert by_token == [
        ("upper", "c2-01", "discarded by a neutral token"),
        ("upper", "c2-02", "discarded by a neutral token"),
        ("upper", "c2-03", "left in the row when it finished"),
        ("central", "c2-10", "discarded by a neutral token"),
        ("central", "c2-08", "discarded by a neutral token"),
        ("central", "c2-09", "left in the row when it finished"),
        ("lower", "c2-13", "discarded by a neutral token"),
        ("lower", "c2-14", "left in the row when it finished"),
        ("lower", "c2-20", "left in the row when it finished"),
    ]


# -- Influence ties, diplomas, leftovers, final ties --------------------------------------

@pytest.mark.parametrize(("symbols", "points"), [
    (["law", "medicine", "theology", "arts", "astronomy"], 12),
    (["law", "law", "medicine"], 3),                       # {law, medicine} 2 + {law} 1
    (["law", "wild"], 2),                                  # wild fills a missing type
    (["law", "medicine", "wild", "wild", "theology"], 12),  # five distinct with two wilds
    (["law"] * 4, 4),
    ([], 0),
])
def test_diploma_sets_use_each_icon_once(symbols, points):
    assert best_diploma_score(symbols, TYPES)[0] == points


def test_phase_d_ties_reverse_the_previous_order():
    log = base_log()
    # Without bruno's fav-2 (1 crown) and his crown token, both have: ana 0; bruno 2+1.
    # Give ana fav-4 (2 crowns) and bruno fav-1 (0): ana 2 + flag 0; bruno token 1 + flag 1.
    log["events"][index_of(log, type="favor", tile="fav-4")]["tile"] = "fav-1"
    log["events"][index_of(log, type="favor", player="ana")]["tile"] = "fav-4"
    i = index_of(log, type="favor", tile="fav-2")
    log["events"][i] = {"type": "distress", "player": "bruno"}
    log["events"].pop(i + 1)  # no steps to walk
    game = replay_to(load_log(log), index_of(log, type="recruit", card="c2-19"))
    assert game.orders[0]["crowns"]["ana"]["total"] == 2
    assert game.orders[0]["crowns"]["bruno"]["total"] == 2
    assert game.state.order == ["bruno", "ana"]  # tie: previous ana, bruno reversed
    log["header"]["variants"] = ["keep-tie-order"]
    game = replay_to(load_log(log), index_of(log, type="recruit", card="c2-19"))
    assert game.state.order == ["ana", "bruno"]
