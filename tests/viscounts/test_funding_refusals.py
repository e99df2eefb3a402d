"""A refused funding of a primary action says what was wrong, with the numbers worked out by
hand (p.14: icons, resources as icons, one dismiss of the adjacent card for its Silver value),
and whether the event was applied.

The logs are hand-worked fixtures (their ``.worked.md`` files give the numbers), some with
their primary action rewritten here; the opening they share (events 0-5) leaves ``ana`` on
``seg1a-ol`` with 8 Silver, 2 Ink, 1 Stone, the Thief, Squire and Lender in hand, and the
Foreman (tf-24, 2 Silver, Builder + Merchant) on top of ``seg1a``'s pile.
"""

from __future__ import annotations

import json

import pytest

import replay
from tests.conftest import FIXTURES

WORKED = FIXTURES / "viscounts" / "worked"


def _log(name: str, action: dict | None = None) -> dict:
    """A worked fixture's log; with ``action``, cut after event 7 (ana's move to
    ``seg1a-or``) and ended by that primary action instead."""
    log = json.loads((WORKED / f"{name}.json").read_text())
    if action is not None:
        log["events"] = [*log["events"][:8], {"player": "ana", **action}]
    return log


def _first(report: dict) -> dict:
    return {k: v for k, v in report["violations"][0].items() if k not in ("statement", "words")}


@pytest.mark.parametrize(("log", "expected"), [
    # The Mason lies on seg3a's pile; the card adjacent to seg1a-or is the Foreman.
    (_log("dismiss-not-adjacent"), {
        "rule": "viscounts.dismiss.adjacent", "event": 8, "applied": False,
        "message": "Mason is not adjacent to ana's Viscount: Foreman is",
        "expected": "tf-24", "found": "tf-30"}),
    # The Friar shows a Cleric icon only; the action is a Construct.
    (_log("dismiss-adjacent-wrong-icon"), {
        "rule": "viscounts.dismiss.adjacent", "event": 8, "applied": False,
        "message": "Friar shows no Builder or Criminal icon and cannot be dismissed for "
                   "Construct", "found": "tf-25"}),
    # 8 Silver - 7 for the extra spaces = 1; the Swindler costs 3.
    (_log("dismiss-cost-unaffordable"), {
        "rule": "viscounts.dismiss.cost", "event": 8, "applied": False,
        "message": "dismissing Swindler costs 3 Silver; ana has 1 left",
        "expected": "3 Silver"}),
    # 8 Silver - 7 paid as Merchant icons = 1 left for the Foreman's 2: the Silver spent as
    # icons is not there any more to pay the dismiss (p.14: the cost is paid on top).
    (_log("trade-criminal-wild", {"type": "trade", "times": 2, "pay": {"silver": 7},
                                  "dismiss": "tf-24"}), {
        "rule": "viscounts.dismiss.cost", "event": 8, "applied": False,
        "message": "dismissing Foreman costs 2 Silver; ana has 1 left",
        "expected": "2 Silver"}),
    # Ink is a Cleric icon, not a Builder icon (p.14: 1 Stone is 1 Builder icon).
    (_log("action-ink-as-builder"), {
        "rule": "viscounts.action.resource_as_icon", "event": 8, "applied": True,
        "message": "ink cannot fund Construct: 1 Stone is 1 Builder icon",
        "expected": "stone", "found": "ink"}),
    # Two resources that are no Builder icons, named together (the Stone pays the third).
    (_log("build-dismiss-foreman", {"type": "construct", "slot": "workshop-1",
                                    "spot": "seg1a-r1",
                                    "pay": {"stone": 1, "ink": 1, "silver": 1}}), {
        "rule": "viscounts.action.resource_as_icon", "event": 8, "applied": True,
        "message": "ink, silver cannot fund Construct: 1 Stone is 1 Builder icon",
        "expected": "stone", "found": "ink, silver"}),
    # Player Card 1 gave her 1 Stone (p.8); she pays 2.
    (_log("build-dismiss-foreman", {"type": "construct", "slot": "workshop-1",
                                    "spot": "seg1a-r1", "pay": {"stone": 2}}), {
        "rule": "viscounts.action.resource_as_icon", "event": 8, "applied": False,
        "message": "ana has 1 Stone, not 2"}),
    # Only Silver, Ink, Gold and Stone stand for icons (p.14); Virtue is no resource.
    (_log("build-dismiss-foreman", {"type": "construct", "slot": "workshop-1",
                                    "spot": "seg1a-r1", "pay": {"virtue": 1}}), {
        "rule": "viscounts.action.resource_as_icon", "event": 8, "applied": False,
        "message": "'virtue' cannot be spent as an icon",
        "expected": "silver, ink, gold, stone", "found": "virtue"}),
])
def test_the_refusal_names_the_numbers(log, expected):
    assert _first(replay.replay(log)) == expected


REFUSED_WHOLE = [
    _log("dismiss-not-adjacent"), _log("dismiss-adjacent-wrong-icon"),
    _log("dismiss-cost-unaffordable"),
    _log("trade-criminal-wild", {"type": "trade", "times": 2, "pay": {"silver": 7},
                                 "dismiss": "tf-24"}),
    _log("build-dismiss-foreman", {"type": "construct", "slot": "workshop-1",
                                   "spot": "seg1a-r1", "pay": {"stone": 2}}),
    _log("build-dismiss-foreman", {"type": "construct", "slot": "workshop-1",
                                   "spot": "seg1a-r1", "pay": {"virtue": 1}}),
]


@pytest.mark.parametrize("log", REFUSED_WHOLE)
def test_the_refusal_is_ana_s_own_and_not_the_cause_of_bruno_s(log):
    """In audit mode a refused funding leaves only ana's state in doubt: bruno's own fault
    in the next turn (Squire, value 2, moved 1 space, p.13) does not follow from it."""
    events = [*log["events"], {"type": "draw", "player": "ana", "cards": ["?"]},
              {"type": "play", "player": "bruno", "card": "start-squire"},
              {"type": "move", "player": "bruno", "path": ["seg4a-or"]}]
    report = replay.replay(dict(log, events=events), mode="audit")
    assert [(v["rule"], v["event"], v.get("follows_from")) for v in report["violations"]][1:] \
        == [("viscounts.move.steps", 11, None)]


def test_silver_left_equal_to_the_dismiss_cost_is_enough():
    """8 Silver - 6 paid as Merchant icons leaves the Foreman's 2 (p.14). Merchant icons:
    space 3's 2 + the Thief's wild + 6 Silver + the Foreman's 1 = 10, 5 uses of seg1a-or's
    2 Merchants -> 1 Ink exchange (p.15): Ink 2 -> 7; the Foreman's top-right Virtue: 6 -> 5."""
    log = _log("trade-criminal-wild", {"type": "trade", "times": 5, "pay": {"silver": 6},
                                       "dismiss": "tf-24"})
    log["events"] += [{"type": "reveal", "pile": "seg1a", "card": "tf-12"},
                      {"type": "check", "player": "ana",
                       "values": {"silver": 0, "ink": 7, "virtue": 5}}]
    report = replay.replay(log)
    assert report["violations"] == []
    assert {c["what"]: (c["computed"], c["match"]) for c in report["claims"]} == {
        "silver": (0, True), "ink": (7, True), "virtue": (5, True)}


def test_a_hire_before_the_new_top_is_revealed_is_refused_for_the_unknown_card():
    """ana dismisses the Foreman (seg1a's top) for her Trade; the new top is never revealed
    and she hires "tf-12" all the same. In audit mode the missing reveal is noted and the hire
    refused whole: nobody at the table knows the card adjacent to her Viscount. bruno's own
    fault in the next turn (Squire, value 2, moved 1 space, p.13) does not follow from it."""
    log = _log("trade-criminal-wild", {"type": "trade", "times": 1, "dismiss": "tf-24"})
    log["events"] += [{"type": "hire", "player": "ana", "card": "tf-12"},
                      {"type": "draw", "player": "ana", "cards": ["?"]},
                      {"type": "play", "player": "bruno", "card": "start-squire"},
                      {"type": "move", "player": "bruno", "path": ["seg4a-or"]}]
    report = replay.replay(log, mode="audit")
    assert [(v["rule"], v["event"], v.get("follows_from")) for v in report["violations"]] == [
        ("viscounts.log.chance", 9, None), ("viscounts.log.reveal", 9, None),
        ("viscounts.move.steps", 12, None)]
    assert {k: v for k, v in report["violations"][1].items()
            if k not in ("statement", "words")} == {
        "rule": "viscounts.log.reveal", "event": 9, "applied": False, "found": "tf-12",
        "message": "the top of the Townsfolk pile at ana's Viscount was never revealed"}


def test_a_funding_refusal_after_a_refused_event_of_the_same_player_may_follow_from_it():
    """In audit mode ana's second move is refused whole (one move a turn, p.13), so her
    state is in doubt from there: the Ink she then pays for a Construct (p.14: Ink is no
    Builder icon) is reported as possibly following from that refusal."""
    log = _log("build-dismiss-foreman")
    log["events"] = [*log["events"][:8], {"type": "move", "player": "ana", "path": ["seg2a-ol"]},
                     {"type": "construct", "player": "ana", "slot": "workshop-1",
                      "spot": "seg1a-r1", "pay": {"stone": 1, "ink": 1}}]
    report = replay.replay(log, mode="audit")
    assert [(v["rule"], v["event"], v.get("follows_from")) for v in report["violations"]] == [
        ("viscounts.move.steps", 8, None), ("viscounts.action.resource_as_icon", 9, 8)]


def test_a_dismiss_writes_its_silver_as_the_card_dismissed_then_its_effect():
    """Event 8 of build-dismiss-foreman: the Foreman's Silver value 2 is paid (8 -> 6), it
    leaves the pile and its top-right effect, 1 Virtue, follows (p.14); then the spot's
    Stone (1 -> 2)."""
    report = replay.replay(_log("build-dismiss-foreman"))
    rows = [(r["resource"], r["delta"], r["after"], r["reason"], r["source"])
            for r in report["ledger"] if r["event"] == 8]
    assert rows[0] == ("silver", -2, 6, "dismisses Foreman", "tf-24")
    assert [r[0] for r in rows[1:3]] == ["virtue", "stone"]
