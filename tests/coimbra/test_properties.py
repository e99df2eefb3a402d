"""Property tests over games played by the seeded random player.

Every example asserts: where a generated game offers no place for the tampering a test needs,
``assume`` rejects the example and hypothesis draws another, so each test checks
``max_examples`` games that did have one (and fails if too few such games can be found).
"""

from __future__ import annotations

import copy
import json

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import replay
from replay.coimbra.catalog import load_catalog
from replay.coimbra.generate import generate
from replay.coimbra.replayer import replay_to
from replay.core.logs.log import load_log
from tests.tampering import first_violation, indices

games = st.builds(generate, players=st.integers(2, 4), seed=st.integers(0, 10**6))
SETTINGS = settings(max_examples=25, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(games)
def test_generated_games_replay_as_legal(log):
    report = replay.replay(log)
    assert report["violations"] == []
    assert report["verdict"] == "legal"
    reached = {k: v for k, v in report["reached"].items() if k != "words"}
    assert reached == {"round": 4, "phase": "final", "expected_next": "nothing"}
    # Every point is explained: the ledger's point rows add up to each total.
    for name, total in log["events"][-1]["scores"].items():
        assert sum(r["delta"] for r in report["ledger"]
                   if r["player"] == name and r["resource"] == "points") == total


@SETTINGS
@given(games)
def test_reports_are_deterministic(log):
    first = json.dumps(replay.replay(log), sort_keys=True)
    again = json.dumps(replay.replay(copy.deepcopy(log)), sort_keys=True)
    assert first == again


@SETTINGS
@given(games, st.data())
def test_paying_with_the_other_resource_breaks_payment(log, data):
    index = data.draw(st.sampled_from(indices(log, "recruit")))
    event = log["events"][index]
    catalog = load_catalog()
    card = catalog.characters[event["card"]]
    other = "guards" if card.cost == "coins" else "coins"
    game = replay_to(load_log(log), index - 1)
    slot = game.state.next_slot()[1]
    event["pay"] = {other: slot.value}
    violation = first_violation(log, index)
    assert violation["rule"] == "coimbra.city.payment"
    assert violation["legal_under"] == "mixed-payment"


@SETTINGS
@given(games, st.data())
def test_resolving_out_of_order_breaks_resolution_order(log, data):
    events = log["events"]
    swaps = [i for i in indices(log, "recruit") + indices(log, "favor")
             + indices(log, "distress")
             if events[i + 1]["type"] in ("recruit", "favor", "distress")
             and events[i + 1]["player"] != events[i]["player"]]
    index = data.draw(st.sampled_from(swaps))
    events[index], events[index + 1] = events[index + 1], events[index]
    assert first_violation(log, index)["rule"] == "coimbra.resolve.order"


@SETTINGS
@given(games, st.data())
def test_recruiting_from_another_row_breaks_row_rule(log, data):
    index = data.draw(st.sampled_from(indices(log, "recruit")))
    game = replay_to(load_log(log), index - 1)
    location, _ = game.state.next_slot()
    elsewhere = [c for row, cards in game.state.rows.items() if row != location
                 for c in cards if c]
    assume(elsewhere)
    log["events"][index]["card"] = data.draw(st.sampled_from(elsewhere))
    assert first_violation(log, index)["rule"] == "coimbra.city.row"


@SETTINGS
@given(games, st.data())
def test_second_investment_in_a_round_breaks_the_limit(log, data):
    investments = indices(log, "invest")
    assume(investments)
    index = data.draw(st.sampled_from(investments))
    event = log["events"][index]
    game = replay_to(load_log(log), index)
    player = game.state.players[event["player"]]
    # Not a player whom an ability granted another investment this round.
    assume(player.investments == player.invested_this_round)
    others = [v for v in game.state.voyages if v not in player.voyages]
    assume(others)  # a voyage left to invest in
    log["events"].insert(index + 1, {"type": "invest", "player": event["player"],
                                     "voyage": others[0]})
    assert first_violation(log, index + 1)["rule"] == "coimbra.voyage.limit"


@SETTINGS
@given(games, st.data())
def test_walking_back_along_a_one_way_road_breaks_road_rule(log, data):
    events = log["events"]
    corners = {e["player"]: e["corner"] for e in events if e["type"] == "start" and "corner" in e}
    # A pilgrim stands on its starting corner until its player's first move.
    first_moves = {}
    for index in indices(log, "move"):
        first_moves.setdefault(events[index]["player"], index)
    candidates = [i for i in first_moves.values() if len(events[i]["path"]) >= 2]
    assume(candidates)
    index = data.draw(st.sampled_from(candidates))
    event = events[index]
    event["path"] = [event["path"][0], corners[event["player"]]]
    violation = first_violation(log, index)
    assert violation["rule"] == "coimbra.pilgrim.road"
    assert violation["legal_under"] == "two-way-roads"


@SETTINGS
@given(games, st.data())
def test_taking_a_die_out_of_turn_breaks_draft_turn(log, data):
    index = data.draw(st.sampled_from(indices(log, "place")))
    event = log["events"][index]
    others = [p for p in log["header"]["players"] if p != event["player"]]
    event["player"] = data.draw(st.sampled_from(others))
    assert first_violation(log, index)["rule"] == "coimbra.draft.turn"
