"""A line written for a player whose turn it is not is refused whole in audit mode, and
changes nothing: the choices waiting for the current player still wait for them, and a play
out of turn starts no turn. A wrong answer to a choice leaves the choice waiting for the
right one."""

from __future__ import annotations

import copy
import json

import pytest

import replay
from replay.viscounts.choices import DECISIONS
from tests.conftest import FIXTURES

GAME = json.loads((FIXTURES / "viscounts/worked/game-2p.json").read_text())


def _answers() -> list[int]:
    """Events answering a choice made on the current player's turn, at the first of each run."""
    events = GAME["events"]
    return [i for i, e in enumerate(events)
            if e["type"] in DECISIONS and events[i - 1]["type"] not in DECISIONS
            and events[i - 1].get("player") == e["player"]]


def _strays(index: int) -> dict[str, dict]:
    """Lines refused whole if written just before ``index``: a draw by the other player, the
    event that asked the choice once more (a second play or primary action), the turn's
    last move again (a phase gone by, or the other player's move)."""
    events = GAME["events"]
    other = next(p for p in GAME["header"]["players"] if p != events[index]["player"])
    return {"other player's draw": {"type": "draw", "player": other, "cards": ["?"]},
            "asked again": dict(events[index - 1]),
            "last move again": dict(next(e for e in reversed(events[:index])
                                         if e["type"] == "move"))}


@pytest.mark.parametrize("index, stray", [(i, s) for i in _answers() for s in _strays(i)])
def test_a_refused_line_before_a_choice_is_answered_declines_nothing(index, stray):
    """The choices asked just before a refused line still wait for their answers after it
    (a Trade's Destroys were refused as asked by no effect, as new root causes)."""
    stray = _strays(index)[stray]
    log = copy.deepcopy(GAME)
    log["events"].insert(index, stray)
    clean = replay.replay(copy.deepcopy(GAME), mode="audit")
    report = replay.replay(log, mode="audit")
    assert [v["event"] for v in report["violations"]] == [index]
    assert report["final"] == clean["final"]


@pytest.mark.parametrize("index", [i for i, e in enumerate(GAME["events"])
                                   if e["type"] == "play"][1:6])
def test_a_play_out_of_turn_starts_no_turn(index):
    """The play of the player whose turn it is not, just before the real one: it used to
    close the turn and start the next one without a card, so every later turn was one off
    (78 violations in this game)."""
    play = GAME["events"][index]
    other = next(p for p in GAME["header"]["players"] if p != play["player"])
    log = copy.deepcopy(GAME)
    log["events"].insert(index, {**play, "player": other})
    clean = replay.replay(copy.deepcopy(GAME), mode="audit")
    report = replay.replay(log, mode="audit")
    assert [(v["rule"], v["event"]) for v in report["violations"]] == [
        ("viscounts.turn.order", index)]
    assert report["final"] == clean["final"]


PLAYS = [i for i, e in enumerate(GAME["events"]) if e["type"] == "play"]


@pytest.mark.parametrize("index, card", [
    (i, card) for i in PLAYS[1:8] for card in ("tf-99", "start-thief")
    if GAME["events"][i]["card"] != card])
def test_a_play_of_a_card_that_cannot_be_played_before_the_real_one_changes_nothing(index,
                                                                                    card):
    """An unknown card, or one not in the hand, written just before the turn's real play:
    the board used to shift before the card was looked for, and the real play then started
    the next player's turn (73 violations in this game)."""
    log = copy.deepcopy(GAME)
    log["events"].insert(index, {**GAME["events"][index], "card": card})
    clean = replay.replay(copy.deepcopy(GAME), mode="audit")
    report = replay.replay(log, mode="audit")
    assert [v["event"] for v in report["violations"]] == [index]
    assert report["final"] == clean["final"]


@pytest.mark.parametrize("index", PLAYS[2:6])
def test_after_a_play_misnamed_the_next_turn_is_played(index):
    """A play whose card is misnamed begins its turn without a card: that turn's lines are
    refused, and the next player's turn starts with their play as usual."""
    log = copy.deepcopy(GAME)
    log["events"][index] = {**GAME["events"][index], "card": "tf-99"}
    following = next(i for i in PLAYS if i > index)
    after = next(i for i in PLAYS if i > following)
    report = replay.replay(log, mode="audit")
    assert not [v for v in report["violations"] if following <= v["event"] < after
                and (v["event"] == following
                     or v["rule"] in ("viscounts.turn.order", "viscounts.cards.play"))]


@pytest.mark.parametrize("index", [i for i, e in enumerate(GAME["events"][:-1])
                                   if e["type"] == "reveal"
                                   and GAME["events"][i + 1]["type"] not in ("hire", "reveal")])
def test_a_reveal_written_one_line_late_is_one_fault(index):
    """The reveal comes after the next event (not a hire, which needs the new top): that event
    is refused for coming first, and the late reveal is still the pile's new top (it was
    refused as "nothing to reveal", and the unknown top then misled every later reveal of
    that pile: 9 violations for one line out of place)."""
    log = copy.deepcopy(GAME)
    events = log["events"]
    events[index], events[index + 1] = events[index + 1], events[index]
    clean = replay.replay(copy.deepcopy(GAME), mode="audit")
    report = replay.replay(log, mode="audit")
    assert [(v["event"], v["rule"]) for v in report["violations"]] == [
        (index, "viscounts.log.chance")]
    assert report["final"] == clean["final"]


# A wrong value for one field of each kind of answer (a name no table holds, or a number no
# option has), and the rule that refuses it.
WRONG_ANSWERS = {
    "resource": ("resource", "silver", "viscounts.effect.any_resource"),
    "flip": ("what", "favour", "viscounts.flip.either"),
    "free_hire": ("card", "tf-01", "viscounts.recruit.free_hire"),
    "discard": ("card", "tf-01", "viscounts.log.hidden_location"),
    "choose": ("option", 9, "viscounts.log.choice"),
    "free_workers": ("section", "t1-seg9z", "viscounts.castle.free_place"),
    "bump": ("owners", {"nobody": 1}, "viscounts.castle.bump"),
}


def _first_answers() -> list[tuple[str, int]]:
    """(fixture, event) of the first answer of each kind in the hand-worked games."""
    found = {}
    for name in ("game-2p", "game-3p", "game-4p"):
        events = json.loads((FIXTURES / f"viscounts/worked/{name}.json").read_text())["events"]
        for index, event in enumerate(events):
            found.setdefault(event["type"], (name, index))
    return [found[kind] for kind in WRONG_ANSWERS]


@pytest.mark.parametrize("name, index", _first_answers())
def test_a_wrong_answer_then_the_right_one_is_one_fault(name, index):
    """A refused answer answers nothing: the choice still waits, and the right answer on the
    next line is taken (the queue used to be emptied, and the right answer refused as asked
    by no effect)."""
    game = json.loads((FIXTURES / f"viscounts/worked/{name}.json").read_text())
    right = game["events"][index]
    field, value, rule = WRONG_ANSWERS[right["type"]]
    log = copy.deepcopy(game)
    log["events"].insert(index, {**right, field: value})
    clean = replay.replay(game, mode="audit")
    report = replay.replay(log, mode="audit")
    assert [(v["rule"], v["event"]) for v in report["violations"]] == [(rule, index)]
    assert report["final"] == clean["final"]


@pytest.mark.parametrize("name, index", _first_answers())
def test_a_wrong_answer_left_uncorrected_is_not_refused_again_as_unanswered(name, index):
    """With no right answer after it, the choice is declined by the next event without a
    second refusal for leaving it unanswered (what follows from the choice never made, such
    as a reveal of a card not hired, is still reported)."""
    game = json.loads((FIXTURES / f"viscounts/worked/{name}.json").read_text())
    right = game["events"][index]
    field, value, rule = WRONG_ANSWERS[right["type"]]
    log = copy.deepcopy(game)
    log["events"][index] = {**right, field: value}
    violations = replay.replay(log, mode="audit")["violations"]
    assert (violations[0]["rule"], violations[0]["event"]) == (rule, index)
    assert "viscounts.effect.mandatory" not in {v["rule"] for v in violations}
