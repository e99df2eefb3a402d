"""The core's replay loop and phase flow (``replay.core.protocol.flow``) on a small game of its own.

The game: two players each ``take`` 1 or 2 coins once, in seat order (phase "take", over
when both have taken); then each may ``spend`` coins in any order (phase "spend", which only
a ``tally`` ends early, giving back what was not spent); ``tally`` closes the game (phase
"tally"). Nothing may follow the tally.
"""

from __future__ import annotations

import copy
from dataclasses import replace

import pytest

from replay.core.protocol.actions import EventSpec, Refusal, is_legal
from replay.core.protocol.flow import Flow, Phase, PhaseOrder
from replay.core.protocol.rules import Rule
from replay.core.verdicts.judge import Judge

RULES = {rule_id: Rule(rule_id, statement, "Toy") for rule_id, statement in (
    ("toy.order", "Phases follow one another: take, spend, tally."),
    ("toy.after_end", "Nothing follows the tally."),
    ("toy.turn", "Players take in seat order."),
    ("toy.amount", "A player takes 1 or 2 coins."),
    ("toy.afford", "A player spends at most the coins they have."),
)}
PLAYERS = ("ann", "bob")


class Table:
    def __init__(self, mode: str = "audit"):
        self.judge = Judge(mode, RULES, set())
        self.phase = "take"
        self.event = -1
        self.coins = dict.fromkeys(PLAYERS, 0)
        self.taken: list[str] = []
        self.spent = dict.fromkeys(PLAYERS, 0)
        self.begun: list[str] = []
        self.closed: list[str] = []


def take_refusals(table, event):
    expected = PLAYERS[len(table.taken)] if len(table.taken) < len(PLAYERS) else None
    if event["player"] != expected:
        yield Refusal("toy.turn", f"it is {expected}'s turn to take", player=event["player"],
                      expected=expected, found=event["player"], skip=True)
    if event["amount"] not in (1, 2):
        yield Refusal("toy.amount", "a player takes 1 or 2 coins", player=event["player"],
                      expected="1 or 2", found=event["amount"])


def take(table, event):
    table.coins[event["player"]] += event["amount"]
    table.taken.append(event["player"])


def take_candidates(table):
    for amount in (0, 1, 2, 3):
        yield {"type": "take", "player": PLAYERS[len(table.taken) % 2], "amount": amount}


def spend_refusals(table, event):
    if event["amount"] > table.coins[event["player"]]:
        yield Refusal("toy.afford", "not enough coins", player=event["player"],
                      expected=table.coins[event["player"]], found=event["amount"], skip=True)


def spend(table, event):
    table.coins[event["player"]] -= event["amount"]
    table.spent[event["player"]] += event["amount"]


def spend_candidates(table):
    for name in PLAYERS:
        for amount in (1, 2):
            yield {"type": "spend", "player": name, "amount": amount}


def close_spend(table):
    table.closed.append("spend")


SPECS = {spec.kind: spec for spec in (
    EventSpec("take", {}, phase="take", refusals=take_refusals, apply=take,
              candidates=take_candidates),
    EventSpec("spend", {}, phase="spend", refusals=spend_refusals, apply=spend,
              candidates=spend_candidates),
    EventSpec("tally", {}, phase="tally", refusals=lambda t, e: (), apply=lambda t, e: None),
)}
PHASES = {phase.name: phase for phase in (
    Phase("take", "the taking", "take", expected=lambda t: "take",
          finished=lambda t: len(t.taken) == 2, next="spend"),
    Phase("spend", "the spending", "spend", expected=lambda t: "spend or tally",
          close=close_spend, next="tally", begin=lambda t: t.begun.append("spend"),
          early=True),
    Phase("tally", "the tally", "tally", expected=lambda t: "nothing",
          begin=lambda t: t.begun.append("tally")),
)}
FLOW = Flow(SPECS, PhaseOrder(PHASES, order_rule="toy.order", after_end_rule="toy.after_end"),
            acting=lambda t: PLAYERS[len(t.taken)] if t.phase == "take" else None)


def ev(kind: str, player: str | None = None, amount: int = 0) -> dict:
    return {"type": kind, "player": player, "amount": amount}


def test_legal_actions_are_the_candidates_no_refusal_stops():
    table = Table()
    # ann takes first; 0 and 3 coins are refused by toy.amount.
    assert FLOW.legal_actions(table) == [ev("take", "ann", 1), ev("take", "ann", 2)]
    FLOW.run(table, [ev("take", "ann", 2)])
    assert FLOW.legal_actions(table) == [ev("take", "bob", 1), ev("take", "bob", 2)]


def test_every_legal_action_replays_without_a_violation_and_no_other_candidate_does():
    table = Table()
    FLOW.run(table, [ev("take", "ann", 1), ev("take", "bob", 2)])
    offered = FLOW.legal_actions(table)
    # ann has 1 coin, bob 2: ann may spend 1, bob 1 or 2.
    assert offered == [ev("spend", "ann", 1), ev("spend", "bob", 1), ev("spend", "bob", 2)]
    for event in spend_candidates(table):
        trial = copy.deepcopy(table)
        FLOW.run(trial, [event])
        assert (trial.judge.violations == []) == (event in offered)


def test_a_finished_phase_ends_by_itself_and_the_next_begins():
    table = Table()
    FLOW.run(table, [ev("take", "ann", 1)])
    assert table.phase == "take" and table.begun == []
    FLOW.run(table, [ev("take", "bob", 1)])
    assert table.phase == "spend" and table.begun == ["spend"]


def test_an_event_of_a_later_phase_ends_the_unfinished_one_as_a_fault_and_is_applied():
    table = Table()
    FLOW.run(table, [ev("take", "ann", 1), ev("take", "bob", 1), ev("tally")])
    [violation] = table.judge.violations
    assert (violation.rule, violation.event, violation.applied) == ("toy.order", 2, True)
    assert violation.message == "a tally event comes before the end of the spending"
    assert violation.expected == "spend or tally"
    assert table.phase == "tally" and table.closed == ["spend"]
    assert table.begun == ["spend", "tally"]


def test_an_event_past_a_phase_that_cannot_end_early_is_skipped_and_changes_nothing():
    table = Table()
    FLOW.run(table, [ev("take", "ann", 1)])
    before = copy.deepcopy(table.__dict__)
    FLOW.run(table, [ev("spend", "ann", 1)])
    [violation] = table.judge.violations
    assert (violation.rule, violation.applied) == ("toy.order", False)
    assert violation.message == "a spend event cannot come during the taking"
    after = {k: v for k, v in table.__dict__.items() if k not in ("judge", "event")}
    assert after == {k: v for k, v in before.items() if k not in ("judge", "event")}


def test_an_event_after_the_last_phase_breaks_the_after_end_rule():
    table = Table()
    FLOW.run(table, [ev("take", "ann", 1), ev("take", "bob", 1), ev("spend", "bob", 1)])
    FLOW.run(table, [ev("tally"), ev("spend", "ann", 1)])
    rules = [(v.rule, v.event, v.applied) for v in table.judge.violations]
    assert rules == [("toy.order", 0, True), ("toy.after_end", 1, False)]
    assert table.coins == {"ann": 1, "bob": 0}


def test_a_refusal_that_skips_stops_the_later_refusals_and_applies_nothing():
    table = Table()
    FLOW.run(table, [ev("take", "bob", 5)])  # out of turn (skip) and 5 coins (not asked)
    assert [(v.rule, v.applied) for v in table.judge.violations] == [("toy.turn", False)]
    assert table.coins == {"ann": 0, "bob": 0} and table.taken == []


def test_a_refusal_that_does_not_skip_applies_the_event_as_played():
    table = Table()
    FLOW.run(table, [ev("take", "ann", 3)])
    assert [(v.rule, v.applied) for v in table.judge.violations] == [("toy.amount", True)]
    assert table.coins["ann"] == 3


def test_strict_mode_stops_at_the_first_refusal():
    table = Table("strict")
    completed = FLOW.run(table, [ev("take", "ann", 1), ev("take", "ann", 1),
                                 ev("take", "bob", 1)])
    assert completed is False
    assert [(v.rule, v.event) for v in table.judge.violations] == [("toy.turn", 1)]
    assert table.taken == ["ann"]


def test_check_lists_the_refusals_without_replaying():
    table = Table()
    FLOW.run(table, [ev("take", "ann", 1)])
    before = copy.deepcopy(table.__dict__)
    refusals = FLOW.check(table, ev("take", "bob", 3))
    assert [r.rule for r in refusals] == ["toy.amount"]
    assert [r.rule for r in FLOW.check(table, ev("spend", "ann", 1))] == ["toy.order"]
    assert table.judge.violations == [] and table.coins == before["coins"]
    assert not is_legal(SPECS["take"], table, ev("take", "bob", 3))


@pytest.mark.parametrize(("events", "acting", "expected", "actions"), [
    ([], "ann", "take", 2),
    ([ev("take", "ann", 1), ev("take", "bob", 1)], None, "spend or tally", 2),
    ([ev("take", "ann", 1), ev("take", "bob", 1), ev("tally")], None, "nothing", 0),
])
def test_next_step_says_who_acts_what_is_legal_and_what_comes_next(events, acting, expected,
                                                                     actions):
    table = Table()
    FLOW.run(table, events)
    step = FLOW.next_step(table)
    assert (step.acting, step.expected, len(step.actions)) == (acting, expected, actions)
    assert step.over == (actions == 0 and acting is None)


def test_next_step_names_the_phase_and_says_when_the_table_supplies_chance():
    specs = dict(SPECS, take=replace(SPECS["take"], chance=True,
                                     supply=lambda t: {"coins": [1, 2]}))
    flow = Flow(specs, PhaseOrder(PHASES, order_rule="toy.order", after_end_rule="toy.after_end"),
                acting=lambda t: None)
    step = flow.next_step(Table())
    assert (step.phase, step.title, step.expected, step.chance) == (
        "take", "the taking", "take", True)
    assert step.supply == {"type": "take", "coins": [1, 2]}
    assert not step.over
    plain = FLOW.next_step(Table())
    assert (plain.chance, plain.supply) == (False, None)


def test_check_refuses_an_event_that_ends_a_phase_early_without_skipping_it():
    table = Table()
    FLOW.run(table, [ev("take", "ann", 1), ev("take", "bob", 1)])
    [refusal] = FLOW.check(table, ev("tally"))
    assert (refusal.rule, refusal.skip) == ("toy.order", False)
    assert refusal.message == "a tally event comes before the end of the spending"


def test_check_tells_an_event_after_the_end_from_one_that_returns_to_a_passed_phase():
    flow = Flow(SPECS, PhaseOrder(PHASES, order_rule="toy.order", after_end_rule="toy.after_end",
                beyond=lambda table, phase: phase != "take"),
                acting=lambda t: None)
    table = Table()
    flow.run(table, [ev("take", "ann", 1), ev("take", "bob", 1), ev("tally")])
    assert [r.rule for r in flow.check(table, ev("take", "ann", 1))] == ["toy.order"]
    assert [r.rule for r in flow.check(table, ev("spend", "ann", 1))] == ["toy.after_end"]


def test_a_phase_that_yields_ends_without_a_fault_and_its_close_runs():
    phases = dict(PHASES, spend=replace(PHASES["spend"], yields=True))
    flow = Flow(SPECS, PhaseOrder(phases, order_rule="toy.order", after_end_rule="toy.after_end"),
                acting=lambda t: None)
    table = Table()
    flow.run(table, [ev("take", "ann", 1), ev("take", "bob", 1), ev("tally")])
    assert table.judge.violations == []
    assert table.phase == "tally" and table.closed == ["spend"]


def test_an_event_after_the_end_that_returns_to_a_passed_phase_breaks_the_order_rule():
    flow = Flow(SPECS, PhaseOrder(PHASES, order_rule="toy.order", after_end_rule="toy.after_end",
                beyond=lambda table, phase: phase != "take"),
                acting=lambda t: None)
    table = Table()
    flow.run(table, [ev("take", "ann", 1), ev("take", "bob", 1), ev("tally"),
                     ev("take", "ann", 1)])
    assert [(v.rule, v.event, v.applied) for v in table.judge.violations] == [
        ("toy.order", 2, True), ("toy.order", 3, False)]
    assert table.judge.violations[1].message == "a take event cannot come during the tally"


def test_what_a_judge_records_tentatively_is_taken_back_wherever_it_stands():
    # A choice declined before an event is recorded tentatively; the event refused whole
    # (its own violation recorded after) takes the decline back and keeps its own refusal.
    judge = Judge("audit", RULES, set())
    judge.event = 3
    notes: list[str] = []
    judge.breach("toy.amount", "before")
    declined = judge.tentative(notes)
    judge.breach("toy.amount", "declined")
    notes.append("lost")
    declined.close()
    judge.breach("toy.amount", "refused")
    notes.append("after")
    declined.take_back()
    assert [v.message for v in judge.violations] == ["before", "refused"]
    assert notes == ["after"]


def _toy_order(**changes) -> PhaseOrder:
    phases = {name: replace(phase, **changes.get(name, {})) for name, phase in PHASES.items()}
    return PhaseOrder(phases, order_rule="toy.order", after_end_rule="toy.after_end")


def test_ahead_goes_on_through_phases_that_yield_while_each_is_done():
    # spend yields; done once both have spent something.
    order = _toy_order(spend={"yields": True,
                              "done": lambda t: all(t.spent[p] for p in PLAYERS)})
    table = Table()
    table.phase = "spend"
    assert order.ahead(table) == ["spend"]
    table.spent = {"ann": 1, "bob": 1}
    assert order.ahead(table) == ["spend", "tally"]
    # A phase that does not yield keeps the next ones out, done or not.
    assert _toy_order().ahead(table) == ["spend"]


def test_a_strict_replay_stopped_by_a_phase_s_end_stays_in_the_phase_the_event_found():
    def close_flagged(table):
        table.judge.breach("toy.order", "spend left early")
    order = _toy_order(spend={"yields": True, "close": close_flagged})
    flow = Flow(SPECS, order, acting=lambda t: None)
    table = Table(mode="strict")
    assert not flow.run(table, [ev("take", "ann", 1), ev("take", "bob", 1), ev("tally")])
    assert (table.phase, [v.message for v in table.judge.violations]) == (
        "spend", ["spend left early"])
    audit = Table()
    flow.run(audit, [ev("take", "ann", 1), ev("take", "bob", 1), ev("tally")])
    assert audit.phase == "tally"


def test_the_prelude_is_given_back_when_the_event_is_refused_whole_and_after_follows_apply():
    given_back, after = [], []
    flow = Flow(SPECS, _toy_order(), acting=lambda t: None,
                prelude=lambda t, spec, e: (lambda: given_back.append(t.event)),
                after=lambda t, spec, e: after.append(t.event))
    table = Table()
    # bob takes out of turn (skipped), then ann takes.
    flow.run(table, [ev("take", "bob", 1), ev("take", "ann", 1)])
    assert (given_back, after) == ([0], [1])


def test_a_seat_gives_the_kind_its_events_are_replayed_with_and_the_step_moves_the_table():
    stepped = []
    doubled = replace(SPECS["take"], apply=lambda t, e: take(t, {**e, "amount": 2 * e["amount"]}))
    flow = Flow(SPECS, _toy_order(), acting=lambda t: None,
                seat=lambda t, e: doubled if e["player"] == "bob" else None,
                step=lambda t, spec, e: stepped.append(e["player"]))
    table = Table()
    flow.run(table, [ev("take", "ann", 1), ev("take", "bob", 1)])
    assert (table.coins, stepped) == ({"ann": 1, "bob": 2}, ["ann", "bob"])
