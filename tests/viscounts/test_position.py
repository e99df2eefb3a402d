"""Viscounts positions (``replay.viscounts.position``): the table at a moment as a document,
a log that starts from one, and the positions that cannot happen, refused where they are
wrong.

The hand-worked position is the one after event 9 of
``fixtures/viscounts/worked/castle-tier1-three`` (its note: ana's 2 Workers make 3 in
``t1-seg2a``; 1 goes in to tier 2, whose reward, a flip, now waits; 1 goes each way).
"""

from __future__ import annotations

import copy
import json

import pytest

import replay
from replay.ruling import rule_on
from tests.conftest import FIXTURES

GAME = replay.GAMES.get("viscounts")
CASTLE = FIXTURES / "viscounts" / "worked" / "castle-tier1-three.json"


def _position_log(after: int = 9):
    return GAME.position_at(replay.load_log(json.loads(CASTLE.read_text())), after)


def test_the_position_holds_the_castle_and_the_waiting_flip():
    position = _position_log().position
    assert position["tier1"]["seg1a"] == {"ana": 1} and position["tier1"]["seg3a"] == {"ana": 1}
    assert position["tier1"]["seg2a"] == {} and position["tier2"]["seg2a"] == {"ana": 1}
    assert position["players"]["ana"]["workers"] == 17
    assert [(d["player"], d["kind"]) for d in position["pending"]] == [("ana", "flip")]


def test_the_rest_of_the_log_replayed_from_the_position_checks_as_the_note_says():
    # The check: Workers 17, Gold 0, 1 acquired and 1 approved Deed, Corruption 2, 6 VP.
    report = GAME.replay(replay.load_log(_position_log().to_dict()))
    assert report["from_position"] is True
    assert report["violations"] == []
    assert {c["what"]: c["computed"] for c in report["claims"]} == {
        "workers": 17, "gold": 0, "deeds": 1, "approved_deeds": 1, "corruption": 2, "vp": 6,
        "space": "seg2a-in"}


def test_a_draw_while_the_flip_waits_is_refused_from_the_position():
    # The tier-2 reward is mandatory (p.18): it must be answered before the turn goes on.
    ruling = rule_on(_position_log(), -1, "ana: draw ?")
    assert [v["rule"] for v in ruling["violations"]] == ["viscounts.effect.mandatory"]
    assert rule_on(_position_log(), -1, "ana: flip deed")["legal"]


def _refused(change) -> list[dict]:
    document = _position_log().to_dict()
    change(document["position"])
    report = replay.replay_text(json.dumps(document))
    assert report["verdict"] == "unparseable"
    return report["problems"]


def _board_card_also_discarded(position):
    ana = position["players"]["ana"]
    ana["discard"].append(next(card for card in ana["board"] if card))


@pytest.mark.parametrize(("change", "path", "words"), [
    # 20 Workers a player (p.3): 17 in supply and 3 in the castle; 25 would be 28.
    (lambda p: p["players"]["ana"].update(workers=25), "/position/players/ana/workers",
     "ana has 20 Workers: 25 in supply and 3 in the castle is 28"),
    (_board_card_also_discarded, None, "is in two places: on ana's board and in ana's discard"),
    (lambda p: p["players"]["ana"].update(draw_count=p["players"]["ana"]["draw_count"] + 1),
     "/position/players/ana/hidden", "as many as they hold"),
    (lambda p: p.update(round=0), "/position/round", "round 0 cannot be in phase 3"),
    (lambda p: p.update(round="two"), "/position/round", "a whole number"),
    (lambda p: p.update(pending=[{"player": "ana"}]), "/position/pending/0",
     "a waiting choice has a player, a kind"),
    (lambda p: p.update(colour="red"), "/position/colour", "no field 'colour'"),
    (lambda p: p.update(solo={}), "/position/solo", "only a solo game's position"),
    (lambda p: p["players"]["ana"].update(space="seg9z-ol"), "/position/players/ana/space",
     "no space 'seg9z-ol'"),
])
def test_a_position_that_cannot_happen_is_refused_where_it_is_wrong(change, path, words):
    problems = _refused(change)
    assert any(words in p["message"] for p in problems), problems
    if path is not None:
        assert path in [p["path"] for p in problems]


def test_replaying_from_a_position_leaves_the_document_as_it_was():
    document = _position_log().to_dict()
    before = json.dumps(document, sort_keys=True)
    GAME.replay(replay.load_log(document))
    assert json.dumps(document, sort_keys=True) == before


@pytest.mark.engine_written
@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_a_position_replayed_with_the_rest_of_the_log_ends_as_the_whole_log(players):
    for seed in range(2):
        log = replay.load_log(GAME.generate(players, seed))
        whole = GAME.replay(log, mode="audit")
        count = len(log.events)
        for after in sorted({0, 12, count // 3, count // 2, count - 2}):
            branch = replay.load_log(copy.deepcopy(GAME.position_at(log, after).to_dict()))
            report = GAME.replay(branch, mode="audit")
            assert report["verdict"] == whole["verdict"], (seed, after)
            assert report["final"]["players"] == whole["final"]["players"], (seed, after)
