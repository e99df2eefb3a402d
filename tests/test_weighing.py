"""Weighing placeholder values (``replay.core.verdicts.weighing``) with a stand-in replay:
which other values are tried, when a violation counts as lifted, when a claim changes, and
that a report's replays are bounded."""

from __future__ import annotations

from replay.core.protocol.placeholders import Placeholder
from replay.core.verdicts.judge import Violation
from replay.core.verdicts.weighing import MOST_REPLAYS, Outcome, alternatives, weigh


def test_a_number_is_tried_one_either_side_never_below_zero():
    assert alternatives(3) == [2, 4]
    assert alternatives(0) == [1]
    assert alternatives(True) == [False]


def test_a_mapping_has_one_number_moved_at_a_time():
    assert alternatives({"silver": 2, "kind": "x"}) == [{"silver": 1, "kind": "x"},
                                                        {"silver": 3, "kind": "x"}]


def test_other_words_come_from_the_same_field_elsewhere_in_the_catalog():
    assert alternatives("left", ["left", "right", None, "up"]) == ["right", None, "up"]
    assert alternatives("left", ["left"]) == []


def _used(**extra) -> dict:
    return {"entry": "card", "field": "cost", "path": "/cards/0/cost", "value": 3, **extra}


PLACEHOLDERS = {"card": (Placeholder("card", "cost", "/cards/0/cost", 3),)}


def test_a_value_decides_a_violation_another_value_lifts():
    tried = []

    def replay(components, upto):
        tried.append((components, upto))
        cost = components["card"]["cost"]
        return Outcome(() if cost < 3 else ((5, "rule.cost"),), {})

    used = [_used(violations=[5])]
    summary = weigh(used, [Violation("rule.cost", 5, "short")], [], PLACEHOLDERS, replay)
    assert tried == [({"card": {"cost": 2}}, 5), ({"card": {"cost": 4}}, 5)]
    assert used[0]["decides"] == [5] and used[0]["weighed"] is True
    assert summary == {"values": 1, "replays": 2, "left": 0}


def test_a_value_that_moves_the_violation_earlier_does_not_decide_it():
    # With the value changed, event 5 is legal but event 2 breaks a rule: still not legal.
    def replay(components, upto):
        return Outcome(((2, "rule.other"),), {})

    used = [_used(violations=[5])]
    weigh(used, [Violation("rule.cost", 5, "short")], [], PLACEHOLDERS, replay)
    assert "decides" not in used[0]


def test_a_value_the_catalog_refuses_is_not_a_printed_value():
    used = [_used(violations=[5])]
    weigh(used, [Violation("rule.cost", 5, "short")], [], PLACEHOLDERS,
          lambda components, upto: None)
    assert "decides" not in used[0] and used[0]["weighed"] is True


def test_a_value_bears_on_a_wrong_claim_whose_computed_value_it_changes():
    claim = {"event": 9, "player": "ana", "what": "silver", "claimed": 7, "computed": 6,
             "match": False, "explained_by": [{"source": "card", "event": 4}]}
    used = [_used(), {**_used(), "entry": "other", "path": "/cards/1/cost"}]

    def replay(components, upto):
        assert upto == 9
        return Outcome((), {(9, "ana", "silver"): 6 + components["card"]["cost"] - 3})

    weigh(used, [], [claim], PLACEHOLDERS, replay)
    assert used[0]["claims"] == [9]
    assert "weighed" not in used[1]  # no row of the claim comes from it


def test_a_report_weighs_a_bounded_number_of_replays_and_counts_the_rest():
    used = [_used(entry=f"card{n}", path=f"/cards/{n}/cost", violations=[5])
            for n in range(MOST_REPLAYS)]
    calls = []
    summary = weigh(used, [Violation("rule.cost", 5, "short")], [], PLACEHOLDERS,
                    lambda components, upto: calls.append(1) or Outcome(((5, "r"),), {}))
    assert len(calls) == MOST_REPLAYS
    assert summary == {"values": MOST_REPLAYS // 2, "replays": MOST_REPLAYS,
                       "left": MOST_REPLAYS - MOST_REPLAYS // 2}


def test_values_read_where_a_rule_was_broken_are_weighed_before_those_of_claims():
    claim = {"event": 9, "player": "ana", "what": "silver", "claimed": 7, "computed": 6,
             "match": False, "explained_by": [{"source": "first"}]}
    used = [_used(entry="first"), _used(entry="second", violations=[5])]
    order = []
    weigh(used, [Violation("rule.cost", 5, "short")], [claim], PLACEHOLDERS,
          lambda components, upto: order.append(next(iter(components))) or Outcome((), {}))
    assert order == ["second", "second", "first", "first"]


def test_a_value_decides_a_legal_event_another_value_would_refuse():
    from replay.core.verdicts.weighing import weigh_at
    used = [_used(), {**_used(), "entry": "other", "path": "/cards/1/cost"}]

    def replay(components, upto):
        assert upto == 5
        cost = components.get("card", {}).get("cost", 3)
        return Outcome(((5, "rule.cost"),) if cost > 3 else (), {})

    summary = weigh_at(used, 5, [], PLACEHOLDERS, replay)
    assert used[0]["decides"] is True  # at 4 the event is refused
    assert "decides" not in used[1] and used[1]["weighed"] is True
    assert summary["values"] == 2


def test_a_change_that_breaks_an_earlier_event_does_not_turn_this_one():
    from replay.core.verdicts.weighing import weigh_at
    used = [_used()]
    weigh_at(used, 5, [], PLACEHOLDERS,
             lambda components, upto: Outcome(((2, "rule.other"), (5, "rule.cost")), {}))
    assert "decides" not in used[0]
