"""A refused answer to a choice says which rule, where, what was wrong and whose it is, and
(refused whole) changes nothing at the table.

Each case is a hand-worked log (``fixtures/viscounts/worked/NAME.json``; its ``.worked.md``
gives the state), either as recorded or with one answer changed here. The fields expected are
worked out from that state and the rule: the page cited beside each case.
"""

from __future__ import annotations

import copy
import json

import pytest

import replay
from tests.conftest import FIXTURES

WORKED = FIXTURES / "viscounts" / "worked"


def _log(name: str, index: int | None = None, event: dict | None = None) -> dict:
    """A worked fixture's log; with ``event``, its event ``index`` replaced by that answer."""
    log = json.loads((WORKED / f"{name}.json").read_text())
    if event is not None:
        log["events"][index] = event
    return log


def _violation(report: dict, index: int) -> dict:
    """The violation at event ``index``, without its rule statement and words."""
    found = [{k: v for k, v in violation.items() if k not in ("statement", "words")}
             for violation in report["violations"] if violation["event"] == index]
    assert len(found) == 1, report["violations"]
    return found[0]


def _bump_one_of_two() -> dict:
    """game-3p with bruno placing 2 Workers into t1-seg2b at event 124, then bumping 1."""
    log = _log("game-3p", 124, {"type": "workers", "player": "bruno", "count": 2,
                                "pay": {"gold": 1}})
    log["events"][125] = {"type": "bump", "player": "bruno", "section": "t1-seg2b",
                          "owners": {"carla": 1}}
    return log


# (log, index of the refused answer, the refusal as people should read it)
REFUSALS = {
    # Player Card 2's bottom step flips a Deed (p.8 step 9); p.9 lets the player choose the
    # kind only with the Debt-or-Deed icon, so bruno's Debt flip is no answer to anything.
    "fixed flip of the other kind": (_log("flip-fixed-deed-as-debt"), 4, {
        "rule": "viscounts.flip.either", "event": 4, "applied": False,
        "message": "Player Card 2 flips a Deed, not a Debt: only the Debt-or-Deed flip lets "
                   "the player choose the kind",
        "expected": "no flip event (the Deed flip is done)", "found": "debt"}),
    # bruno ends his move on ana's inner space: the player landed on may rearrange (p.13).
    "rearrange by the mover": (_log("move-land-rearrange-by-mover"), 11, {
        "rule": "viscounts.move.land_on_opponent", "event": 11, "applied": False,
        "message": "bruno landed on ana's Viscount: ana, not bruno, may rearrange",
        "expected": "rearrange by ana", "found": "rearrange by bruno"}),
    # The Thief's effect asks for nothing (no "any resource" waits for ana).
    "answer to nothing": (_log("log-choice-nothing-waits"), 7, {
        "rule": "viscounts.log.choice", "event": 7, "applied": False,
        "message": "no effect waits for a resource by ana", "found": "resource"}),
    # 9 cards - 5 destroyed at the first Trade - the Abbot at event 21 = 3, the floor (p.15).
    "destroy below three cards": (_log("effect-destroy-below-three"), 22, {
        "rule": "viscounts.effect.destroy_floor", "event": 22, "applied": False,
        "message": "ana owns 3 cards and cannot go below 3", "found": "start-squire"}),
    # Her board holds the Thief only; the Squire is in her hand (p.13: the cards on the board
    # are reordered, none added).
    "rearrange adds a hand card": (_log("effect-rearrange-adds-hand-card"), 11, {
        "rule": "viscounts.effect.rearrange", "event": 11, "applied": False,
        "message": "a rearrangement reorders the cards on ana's board (Thief)",
        "found": "start-thief, start-squire"}),
    # bruno's board holds the Abbot and the Squire (worked file); a rearrangement keeps both.
    "rearrange drops a card": (
        _log("collision-space4-opponent-rearrange", 24, {
            "type": "rearrange", "player": "bruno", "cards": ["start-squire"]}), 24, {
            "rule": "viscounts.effect.rearrange", "event": 24, "applied": False,
            "message": "a rearrangement reorders the cards on bruno's board (Abbot, Squire)",
            "found": "start-squire"}),
    # t1-seg3a is two sections from t1-seg1a; Bertha's Castle move is to an adjacent one (p.32).
    "castle move two sections": (_log("castle-move-not-adjacent"), 9, {
        "rule": "viscounts.castle.move_effect", "event": 9, "applied": False,
        "message": "ana cannot move a Worker from t1-seg1a to t1-seg3a"}),
    # Her one Worker in the castle is in t1-seg1a (Player Card 3, event 5): none to move from
    # t1-seg2a, and a tier-2 section is no tier-1 section (p.32).
    "castle move from a section without her Worker": (
        _log("castle-move-not-adjacent", 9, {
            "type": "castle_move", "player": "ana", "from": "t1-seg2a", "to": "t1-seg1a"}),
        9, {"rule": "viscounts.castle.move_effect", "event": 9, "applied": False,
            "message": "ana cannot move a Worker from t1-seg2a to t1-seg1a"}),
    "castle move from tier 2": (
        _log("castle-move-not-adjacent", 9, {
            "type": "castle_move", "player": "ana", "from": "t2-seg1a", "to": "t1-seg2a"}),
        9, {"rule": "viscounts.castle.move_effect", "event": 9, "applied": False,
            "message": "ana cannot move a Worker from t2-seg1a to t1-seg2a"}),
    # Player Card 3's free Workers go on a tier-1 section (p.8).
    "free workers on tier 2": (_log("castle-free-workers-tier2"), 5, {
        "rule": "viscounts.castle.free_place", "event": 5, "applied": False,
        "message": "t2-seg1a is not a tier-1 section", "found": "t2-seg1a"}),
    # Player Card 5's free building is a Workshop (catalog); guildhall-1 is a Guildhall.
    "free building of the wrong kind": (_log("build-free-wrong-building"), 5, {
        "rule": "viscounts.build.free", "event": 5, "applied": False,
        "message": "Player Card 5 places a Workshop, not a Guildhall", "found": "guildhall-1"}),
    # Player Card 8's building goes on the Viscount's space (p.8), seg4a-in, not segment 1.
    "player card 8 building elsewhere": (_log("setup-pc8-building-elsewhere"), 6, {
        "rule": "viscounts.setup.player_card.special", "event": 6, "applied": False,
        "message": "building spot seg1a-l1 is not on the space of ana's Viscount (seg4a-in): "
                   "Player Card 8's building goes there",
        "expected": "a spot of seg4a-in", "found": "seg1a-l1"}),
    # A spot id no board has: named as unknown, with the near ones.
    "player card 8 building on no spot": (
        _log("setup-pc8-building-elsewhere", 6, {
            "type": "free_building", "player": "ana", "slot": "workshop-1",
            "spot": "seg9z-l1"}), 6, {
            "rule": "viscounts.log.component", "event": 6, "applied": False,
            "message": "unknown building spot 'seg9z-l1' in catalog viscounts-base; did you "
                       "mean seg5b-l1, seg5a-l1, seg4b-l1?", "found": "seg9z-l1"}),
    # ms-23 (revealed at event 20) costs 5: a free manuscript costs 3 or 4 (p.32).
    "free manuscript of cost five": (_log("transcribe-free-cost-five"), 21, {
        "rule": "viscounts.transcribe.free", "event": 21, "applied": False,
        "message": "ms-23 is not a visible manuscript of cost 3 or 4 at seg3a",
        "found": "ms-23"}),
    # The top of seg1a is ms-02 (cost 4, revealed at event 10); ms-11 was transcribed by bruno
    # at event 14: a free manuscript is the one on top, not any of cost 3 or 4.
    "free manuscript not on top": (
        _log("transcribe-free-cost-five", 21, {
            "type": "free_manuscript", "player": "ana", "pile": "seg1a",
            "manuscript": "ms-11"}), 21, {
            "rule": "viscounts.transcribe.free", "event": 21, "applied": False,
            "message": "ms-11 is not a visible manuscript of cost 3 or 4 at seg1a",
            "found": "ms-11"}),
    "free manuscript of no pile": (
        _log("transcribe-free-cost-five", 21, {
            "type": "free_manuscript", "player": "ana", "pile": "seg9z",
            "manuscript": "ms-23"}), 21, {
            "rule": "viscounts.transcribe.free", "event": 21, "applied": False,
            "message": "ms-23 is not a visible manuscript of cost 3 or 4 at seg9z",
            "found": "ms-23"}),
    # The pre-printed manuscript under seg1a's pile is never collected (p.32).
    "free pre-printed manuscript": (_log("transcribe-free-preprinted"), 40, {
        "rule": "viscounts.transcribe.free", "event": 40, "applied": False,
        "message": "the pre-printed manuscript seg1a-ms cannot be collected: a free "
                   "manuscript is a tile of cost 3 or 4 on top of a pile",
        "found": "seg1a-ms"}),
    # After event 25 t1-seg1a and t1-seg3a hold 3 of ana's Workers; t1-seg2a holds 1 (p.18).
    "castle order of a section not ready": (_log("castle-tier1-repeat-order"), 26, {
        "rule": "viscounts.castle.tier1_repeat", "event": 26, "applied": False,
        "message": "t1-seg2a does not hold 3 of ana's Workers",
        "expected": "t1-seg1a, t1-seg3a", "found": "t1-seg2a"}),
    # 4 Workers in t1-seg3a under the spread variant: 1 inward, 3 to both sides, 1 or 2
    # clockwise (worked file).
    "castle split all one way": (_log("variant-castle-spread-one-way"), 11, {
        "rule": "viscounts.castle.tier1", "event": 11, "applied": False,
        "message": "the 3 Workers leaving t1-seg3a beside the inward one go to both sides, "
                   "at least 1 each",
        "expected": "t1-seg3a, clockwise 1 to 2", "found": "t1-seg3a, clockwise 3"}),
    "castle split in another section": (
        _log("variant-castle-spread-one-way", 11, {
            "type": "castle_split", "player": "ana", "section": "t1-seg2a", "clockwise": 1}),
        11, {
            "rule": "viscounts.castle.tier1", "event": 11, "applied": False,
            "message": "the 3 Workers leaving t1-seg3a beside the inward one go to both "
                       "sides, at least 1 each",
            "expected": "t1-seg3a, clockwise 1 to 2", "found": "t1-seg2a, clockwise 1"}),
    # t1-seg4a holds 2 of bruno's and 2 of ana's: 4 - 3 = 1 Worker goes (p.19).
    "bump two for one": (_log("castle-bump-too-many"), 18, {
        "rule": "viscounts.castle.bump", "event": 18, "applied": False,
        "message": "1 Worker leaves t1-seg4a, chosen among those there (2 of bruno's, "
                   "2 of ana's)", "found": "2 of bruno's"}),
    # The same, but bruno places 2 Workers for his Squire's Noble icon and 1 Gold (2 icons
    # of the 3 two Workers take, p.18: refused, yet applied): carla 2 + ana 1 + bruno 2 = 5,
    # and 2 must go (p.19), not 1.
    "bump one of two": (_bump_one_of_two(), 125, {
        "rule": "viscounts.castle.bump", "event": 125, "applied": False,
        "message": "2 Workers leave t1-seg2b, chosen among those there (2 of carla's, "
                   "1 of ana's, 2 of bruno's)", "found": "1 of carla's"}),
    # t1-seg2b holds carla 2 + ana 1 + bruno 1 (game-3p.worked.md, event 124): one of them
    # goes, and dario has no Worker there to bump.
    "bump of a Worker not there": (
        _log("game-4p", 157, {"type": "bump", "player": "bruno", "section": "t1-seg2b",
                              "owners": {"dario": 1}}), 157, {
            "rule": "viscounts.castle.bump", "event": 157, "applied": False,
            "message": "1 Worker leaves t1-seg2b, chosen among those there (2 of carla's, "
                       "1 of ana's, 1 of bruno's)", "found": "1 of dario's"}),
}


@pytest.mark.parametrize("case", REFUSALS)
def test_the_refusal_names_the_rule_the_place_and_the_fields(case):
    log, index, expected = REFUSALS[case]
    assert _violation(replay.replay(copy.deepcopy(log), mode="audit"), index) == expected


@pytest.mark.parametrize("case", REFUSALS)
def test_a_refused_answer_changes_nothing(case):
    """Refused whole: the table ends as it would without the line."""
    log, index, _ = REFUSALS[case]
    without = copy.deepcopy(log)
    del without["events"][index]
    report = replay.replay(copy.deepcopy(log), mode="audit")
    assert report["final"] == replay.replay(without, mode="audit")["final"]


@pytest.mark.parametrize("case", REFUSALS)
def test_the_refusal_is_the_answering_player_s_own(case):
    """Only the answering player's state is in doubt after the refusal: a stray line of
    another player's just after it is refused as a fault of its own, not one following from
    the first."""
    log, index, _ = REFUSALS[case]
    answering = log["events"][index]["player"]
    other = next(p for p in log["header"]["players"] if p != answering)
    log = copy.deepcopy(log)
    log["events"].insert(index + 1, {"type": "resource", "player": other, "resource": "ink"})
    stray = _violation(replay.replay(log, mode="audit"), index + 1)
    assert (stray["rule"], stray["message"], stray.get("follows_from")) == (
        "viscounts.log.choice", f"no effect waits for a resource by {other}", None)


def test_a_flip_by_another_player_is_no_answer_to_a_fixed_flip():
    """Player Card 2 flips bruno's Deed (p.8 step 9); ana's Debt flip just after answers
    nothing of hers, and bruno's flip of the wrong kind is still refused for its kind."""
    log = _log("flip-fixed-deed-as-debt")
    log["events"].insert(4, {"type": "flip", "player": "ana", "what": "debt"})
    report = replay.replay(log, mode="audit")
    assert [(v["rule"], v["event"], v["message"]) for v in report["violations"]][:2] == [
        ("viscounts.log.choice", 4, "no effect waits for a flip by ana"),
        ("viscounts.flip.either", 5, "Player Card 2 flips a Deed, not a Debt: only the "
         "Debt-or-Deed flip lets the player choose the kind")]


def test_a_castle_move_goes_round_the_ring():
    """The five tier-1 sections make a ring: t1-seg5a is beside t1-seg1a (p.32)."""
    log = _log("castle-move-bertha", 9, {"type": "castle_move", "player": "ana",
                                         "from": "t1-seg1a", "to": "t1-seg5a"})
    assert replay.replay(log)["violations"] == []


@pytest.mark.parametrize("clockwise", [1, 2])
def test_a_castle_split_may_send_one_either_way(clockwise):
    """3 Workers beside the inward one: 1+2 or 2+1 (variant-castle-spread-one-way.worked.md)."""
    log = _log("variant-castle-spread-one-way", 11, {
        "type": "castle_split", "player": "ana", "section": "t1-seg3a", "clockwise": clockwise})
    assert replay.replay(log)["violations"] == []


def test_a_mandatory_choice_nothing_can_answer_is_lost_and_the_report_says_so():
    """Player Card 8's free building goes on a spot of the Viscount's space (p.8); in the
    built-in catalog start number 8 is an inner space, which has no building spot, so the
    building is lost: no violation, but a note at the event that moved past it."""
    log = _log("setup-pc8-building-elsewhere")
    assert log["events"][6]["type"] == "free_building"
    log["events"][6] = {"type": "draw", "player": "ana", "cards": ["?", "?", "?"]}
    report = replay.replay(log, mode="audit")
    assert [{k: v for k, v in n.items() if k != "words"}
            for n in report["notes"] if "is lost" in n["message"]] == [{
        "event": 6, "round": 0, "message": "ana's free building from Player Card 8 is lost: "
        "no empty building spot is left where it may go"}]
    assert not [v for v in report["violations"] if v["rule"] == "viscounts.effect.mandatory"]


def test_a_mandatory_choice_left_unanswered_is_refused_at_the_next_event():
    """game-2p, event 73: ana's Lender asks her to flip a Debt or a Deed (mandatory, p.32);
    without the answer, the move that follows is where the choice is found unanswered. The
    move itself is played (the refusal does not skip it)."""
    log = _log("game-2p")
    assert log["events"][73] == {"type": "flip", "player": "ana", "what": "deed"}
    del log["events"][73]
    report = replay.replay(log, mode="audit")
    assert _violation(report, 73) == {
        "rule": "viscounts.effect.mandatory", "event": 73, "applied": True,
        "message": "ana must first answer the flip of Lender",
        "expected": "flip by ana", "found": "move"}


def test_an_answer_that_passes_over_a_mandatory_choice_is_refused_whole():
    """castle-leader-lost-hand-limit, events 50-51: the tier-2 section's flip comes before
    the resource of the Debt it flips; written the other way round, the resource answers
    nothing (the flip still waits) and is refused whole."""
    log = _log("castle-leader-lost-hand-limit")
    events = log["events"]
    assert [e["type"] for e in events[50:52]] == ["flip", "resource"]
    events[50], events[51] = events[51], events[50]
    report = replay.replay(log, mode="audit")
    assert _violation(report, 50) == {
        "rule": "viscounts.effect.mandatory", "event": 50, "applied": False,
        "message": "bruno must first answer the flip of castle tier-2 section tier2-flip",
        "expected": "flip by bruno", "found": "resource by bruno"}


def test_a_line_refused_whole_leaves_a_lost_choice_unnoted_until_it_is_really_lost():
    """A line refused whole answers nothing, so the choice waiting before it is not lost yet:
    Player Card 8's building is noted lost once, at ana's draw that really moves past it, not
    also at a stray draw by bruno written before it (refused: it is not his turn to act)."""
    log = _log("setup-pc8-building-elsewhere")
    log["events"][6:7] = [{"type": "draw", "player": "bruno", "cards": ["?", "?", "?"]},
                          {"type": "draw", "player": "ana", "cards": ["?", "?", "?"]}]
    report = replay.replay(log, mode="audit")
    assert [(v["event"], v["applied"]) for v in report["violations"]] == [(6, False)]
    assert [n["event"] for n in report["notes"] if "is lost" in n["message"]] == [7]
