"""The order of a turn and of the log, worked by hand from the rulebook: the six phases of a
turn in order (p.11), each phase's requirement checked as a later phase's event ends it, a
phase the turn passed refused, the one setup first, and round markers that must agree with
the event after them; and the legal actions that follow the same order.

Every case cuts or changes the hand-worked fixture ``build-dismiss-foreman`` (its
``.worked.md`` gives the opening): bruno picks first, ana is the start player, her first
turn plays the Thief (Silver value 1), moves one space to seg1a-or, builds Workshop slot 1
dismissing the adjacent Foreman (tf-24), the Townsfolk pile of seg1a reveals tf-12, and she
draws one card back to 3.
"""

from __future__ import annotations

import json

import pytest

import replay
from tests.conftest import FIXTURES

BASE = json.loads((FIXTURES / "viscounts" / "worked" / "build-dismiss-foreman.json").read_text())
EVENTS = BASE["events"]
PLAY, MOVE, CONSTRUCT, REVEAL, DRAW = (EVENTS[i] for i in (6, 7, 8, 9, 10))
PHASES = "card, move, action, recruit, collision, draw"


def _replay(events: list[dict], mode: str = "strict") -> dict:
    return replay.replay({**BASE, "events": events}, mode=mode)


def _violations(report: dict) -> list[tuple]:
    return [(v["rule"], v["event"], v["message"], v["applied"], v.get("expected"),
             v.get("found")) for v in report["violations"]]


def test_leaving_phase_2_unmoved_breaks_the_movement_rule_and_stops_where_the_event_found_it():
    # The construct skips the movement: phase 2 ends with the Viscount unmoved, though the
    # Thief's value asks for at least 1 space.
    report = _replay([*EVENTS[:7], CONSTRUCT])
    assert _violations(report) == [
        ("viscounts.move.steps", 7,
         "ana must move the Viscount at least 1 space before the next phase", True, None, None)]
    # A strict replay stops with the table as the construct found it: in phase 1.
    assert (report["reached"]["phase"], report["reached"]["expected_next"]) == (
        "1 cards", "move by ana")


def test_an_event_of_a_phase_the_turn_passed_is_refused_by_the_turn_order():
    # After the construct (phase 3) and the reveal, a second move would go back to phase 2.
    report = _replay([*EVENTS[:10], {"type": "move", "player": "ana", "path": ["seg1a-r1"]}])
    assert _violations(report) == [
        ("viscounts.turn.phases", 10,
         f"a move event cannot come after action in ana's turn: the phases go {PHASES}", False,
         "trade, construct, workers, transcribe, hire or draw by ana", "move")]


def test_a_turn_event_before_the_first_turn_is_out_of_order():
    # bruno has picked and drawn; ana has not picked: no turn has begun.
    report = _replay([*EVENTS[:4], MOVE])
    assert _violations(report) == [
        ("viscounts.log.order", 4, "a move event cannot come before the first turn", False,
         "pick by ana", "move")]


def test_a_log_starts_with_its_one_setup_event():
    assert _violations(_replay(EVENTS[1:4])) == [
        ("viscounts.log.setup", 0, "the log starts with one setup event (start player, "
         "segments, castle, piles, pairs)", False, "setup", "pick")]
    assert _violations(_replay([*EVENTS[:6], EVENTS[0]])) == [
        ("viscounts.log.order", 6, "the game is set up once, before the picks: a second setup "
         "event is out of sequence", False, "play by ana", "setup")]


@pytest.mark.parametrize(("round_", "expected"), [
    (1, []),
    # ana's play begins round 1: a marker of round 2 before it is wrong, at its own line.
    (2, [("viscounts.log.order", 6, "the marker says round 2 but the next event, a play, is in "
          "round 1", True, "round 1", "round 2")]),
])
def test_a_round_marker_agrees_with_the_event_after_it(round_, expected):
    report = _replay([*EVENTS[:6], {"type": "marker", "round": round_}, PLAY, MOVE])
    assert _violations(report) == expected


@pytest.mark.parametrize(("round_", "expected"), [
    (1, []),
    # bruno's turn is the second of round 1 (each player has one turn a round, p.11).
    (2, [("viscounts.log.order", 11, "the marker says round 2 but the next event, a play, is "
          "in round 1", True, "round 1", "round 2")]),
])
def test_the_second_turn_of_a_round_is_in_the_same_round(round_, expected):
    bruno = {"type": "play", "player": "bruno", "card": "start-abbot"}
    report = _replay([*EVENTS[:11], {"type": "marker", "round": round_}, bruno])
    assert _violations(report) == expected


def _legal(events: list[dict]) -> list[dict]:
    log = replay.validate({**BASE, "events": events})
    return replay.game_of(log).legal_actions(log, len(events) - 1)


def test_after_the_play_only_a_move_is_legal():
    # Phase 2 requires the move before any later phase's event.
    offered = _legal(EVENTS[:7])
    assert offered and {a["type"] for a in offered} == {"move"}
    assert MOVE in offered


def test_after_the_move_the_later_phases_are_offered_and_no_second_move():
    offered = _legal(EVENTS[:8])
    kinds = {a["type"] for a in offered}
    assert "move" not in kinds
    # The log's construct, the Foreman adjacent to seg1a-or (hired in phase 4), and the
    # draw of phase 6 (2 cards in hand, limit 3).
    assert CONSTRUCT in offered
    assert {"type": "hire", "player": "ana", "card": "tf-24"} in offered
    assert {"type": "draw", "player": "ana", "cards": ["?"]} in offered


def test_after_the_primary_action_none_is_offered_again():
    # One primary action a turn: after the construct and the reveal, the hire of the card
    # now adjacent (tf-12) and the draw are left.
    assert _legal(EVENTS[:10]) == [{"type": "hire", "player": "ana", "card": "tf-12"},
                                   {"type": "draw", "player": "ana", "cards": ["?"]}]


def test_after_the_draw_the_next_turn_is_bruno_s_play():
    offered = _legal(EVENTS[:11])
    assert offered and {(a["type"], a["player"]) for a in offered} == {("play", "bruno")}


def test_a_turn_that_passed_phase_2_unmoved_offers_no_move_and_refuses_one():
    # Audit mode: the construct ended phase 2 with the Viscount unmoved (flagged). The turn
    # cannot go back to phase 2, so no move is offered, and a move written is refused.
    events = [*EVENTS[:7], CONSTRUCT, REVEAL]
    offered = _legal(events)
    assert offered and all(a["type"] != "move" for a in offered)
    report = _replay([*events, MOVE], mode="audit")
    assert [(v["rule"], v["event"]) for v in report["violations"]][-1] == (
        "viscounts.turn.phases", 9)
    for action in offered:
        # Each offered event is accepted: it adds no violation to the two already there.
        assert len(_replay([*events, action], mode="audit")["violations"]) == len(
            _replay(events, mode="audit")["violations"])


def test_under_strict_primary_action_leaving_phase_3_without_a_possible_action_is_refused():
    # variant-strict-primary-action (its .worked.md): on seg1a-or a Trade and a Construct
    # are both legal, and ana draws instead; the Trade is the first the legal list offers.
    log = json.loads((FIXTURES / "viscounts" / "worked" /
                      "variant-strict-primary-action.json").read_text())
    assert _violations(replay.replay(log)) == [
        ("viscounts.action.one", 8, "under strict-primary-action ana must take a primary "
         "action, and could (trade)", True, "trade, construct, workers or transcribe", "draw")]
    # Without the variant the same turn is legal: "take just 1" (p.14) read as at most one
    # (action-none-taken).
    assert replay.replay({**log, "header": {**log["header"], "variants": []}})[
        "violations"] == []


def test_under_strict_primary_action_a_turn_that_takes_one_is_legal():
    # ana's construct is her primary action: the variant has nothing to refuse.
    log = {**BASE, "header": {**BASE["header"], "variants": ["strict-primary-action"]}}
    assert replay.replay(log)["violations"] == []


GAME_3P = json.loads((FIXTURES / "viscounts" / "worked" / "game-3p.json").read_text())


def _step_3p(event: int):
    log = replay.validate(GAME_3P)
    return replay.game_of(log).next_step(log, event)


def test_after_the_second_turn_of_a_round_the_third_seat_plays():
    # game-3p: seating ana, bruno, carla; bruno's round-1 turn ends with his draw (event
    # 20): carla plays next, not ana.
    step = _step_3p(20)
    assert step.acting == "carla"
    assert step.actions and {(a["type"], a["player"]) for a in step.actions} == {
        ("play", "carla")}


def test_after_the_final_round_s_last_turn_nobody_acts_and_the_game_is_over():
    # game-3p.worked.md: the end is triggered in round 5, round 6 is the final round, and
    # carla's turn (events 127-136) is its last: nothing may follow but the final scores.
    step = _step_3p(136)
    assert (step.acting, step.actions, step.over) == (None, [], True)


def test_a_turn_begun_by_a_refused_play_cannot_leave_phase_1_without_a_card():
    # Abbot is in ana's draw pile, not her hand (Thief, Squire, Lender): the play is refused,
    # the turn has no card, and her move (phase 2) cannot come before one is played.
    abbot = {"type": "play", "player": "ana", "card": "start-abbot"}
    report = _replay([*EVENTS[:6], abbot, MOVE], mode="audit")
    assert [v[:4] for v in _violations(report)] == [
        ("viscounts.log.hidden_location", 6,
         "ana cannot play Abbot from hand: it is in ana's draw pile", False),
        ("viscounts.cards.play", 7, "ana must play a card first", False)]
    assert report["reached"]["phase"] == "1 cards"


def test_leaving_phase_5_with_a_due_collision_unresolved_is_refused():
    # collision-deferred-draw-shuffle.worked.md: ana's markers share space 5 when her round-4
    # turn reaches phase 5; without its collision (event 37), the shuffle for her phase-6
    # draw ends phase 5 with it unresolved.
    log = json.loads((FIXTURES / "viscounts" / "worked" /
                      "collision-deferred-draw-shuffle.json").read_text())
    assert log["events"][37]["type"] == "collision"
    del log["events"][37]
    assert _violations(replay.replay(log)) == [
        ("viscounts.collision.when", 37, "ana's Virtue and Corruption markers share space 5: "
         "the collision must be resolved in phase 5", True, "collision", None)]
