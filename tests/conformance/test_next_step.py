"""What may happen next in a dice race, from the declarations the replay uses too: the six
faces of the next roller's die, each one replaying legal, and nothing once the race is over."""

from __future__ import annotations

from replay.core.logs.log import load_log
from tests.conformance.dice_race import GAME
from tests.conformance.races import race_log


def test_before_the_first_roll_ann_rolls_and_the_table_reads_one_of_six_faces():
    step = GAME.next_step(load_log(race_log([])), -1)
    assert step.acting == "ann" and step.chance
    assert step.actions == [{"type": "roll", "player": "ann", "die": d} for d in range(1, 7)]
    assert step.expected == "a roll by ann"


def test_after_a_six_the_same_player_rolls_again_only_under_six_again():
    rolled_six = [("ann", 6)]
    assert GAME.next_step(load_log(race_log(rolled_six, ("six-again",))), 0).acting == "ann"
    assert GAME.next_step(load_log(race_log(rolled_six)), 0).acting == "bob"


def test_every_offered_roll_replays_legal_and_a_roll_by_the_other_player_does_not():
    # ann 6 (star 6), bob 5, ann 6 -> 12: bob rolls next.
    rolls = [("ann", 6), ("bob", 5), ("ann", 6)]
    step = GAME.next_step(load_log(race_log(rolls)), len(rolls) - 1)
    assert {a["player"] for a in step.actions} == {"bob"}
    for action in step.actions:
        report = GAME.replay(load_log(race_log([*rolls, ("bob", action["die"])])))
        assert report["violations"] == []
    refused = GAME.replay(load_log(race_log([*rolls, ("ann", 3)])))
    assert [v["rule"] for v in refused["violations"]] == ["dice-race.turn.order"]


def test_once_a_pawn_is_on_the_finish_nothing_may_happen_and_a_roll_is_after_the_end():
    # ann 6, 6, 6 under six-again: 18; ann 2: 20, the finish.
    rolls = [("ann", 6), ("ann", 6), ("ann", 6), ("ann", 2)]
    log = load_log(race_log(rolls, ("six-again",)))
    step = GAME.next_step(log, len(rolls) - 1)
    assert step.over and step.actions == [] and step.expected == "the final scores"
    report = GAME.replay(load_log(race_log([*rolls, ("bob", 1)], ("six-again",))), "audit")
    [violation] = report["violations"]
    assert (violation["rule"], violation["event"], violation["applied"]) == (
        "dice-race.log.after_end", 4, False)
