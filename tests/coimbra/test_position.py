"""Coimbra positions (``replay.coimbra.position``): the table at a moment as a document, a
log that starts from one, and the positions that cannot happen, refused where they are wrong.

The hand-worked position is the one after event 77 of
``fixtures/coimbra/illegal/voyage-payment-cannot-afford`` (its note: bruno holds 2 coins and
fav-4, and v-07 costs 4); each refused position changes one value of it, and the expected
path and reason are worked from the rulebook's limits.
"""

from __future__ import annotations

import copy
import json

import pytest

import replay
from replay.ruling import rule_on
from tests.conftest import FIXTURES

GAME = replay.GAMES.get("coimbra")
VOYAGE = FIXTURES / "coimbra" / "illegal" / "voyage-payment-cannot-afford.json"


def _position_log(after: int = 77):
    log = replay.load_log(json.loads(VOYAGE.read_text()))
    return GAME.position_at(log, after)


def test_a_log_from_a_position_says_so_and_judges_the_move_there():
    log = _position_log()
    assert log.events[0] == {"type": "invest", "player": "bruno", "voyage": "v-07"}
    report = GAME.replay(replay.load_log(log.to_dict()))
    assert report["from_position"] is True
    # v-07: 4 coins less 1 for fav-4 is 3; bruno has 2 (phase F: a voyage costs its printed
    # coins less any held favor discount, from what the player has).
    assert [(v["rule"], v["event"]) for v in report["violations"]] == [
        ("coimbra.voyage.payment", 0)]


def test_the_position_holds_what_the_log_says():
    # Three deals before event 78: round 3, in phase F (voyages); bruno took fav-4 (with
    # green5) this round and holds 2 coins.
    position = _position_log().position
    bruno = position["players"]["bruno"]
    assert bruno["coins"] == 2 and bruno["favors"] == ["fav-4"]
    assert (position["phase"], position["round"]) == ("F", 3)


def test_a_disputed_move_is_ruled_on_from_a_position():
    ruling = rule_on(_position_log(), -1, "bruno: invest v-01")
    assert ruling["legal"] and ruling["changes"] == {"bruno": {"coins": -1}}


def test_a_position_survives_the_text_notation():
    log = _position_log()
    text = replay.print_log(log, "text")
    assert "[position " in text
    again = replay.parse(text)
    assert again.position == log.position and again.events == log.events


def _refused(change) -> list[dict]:
    document = _position_log().to_dict()
    change(document["position"])
    report = replay.replay_text(json.dumps(document))
    assert report["verdict"] == "unparseable"
    return report["problems"]


def _deck_card_also_recruited(position):
    position["players"]["ana"]["characters"].append(position["deck"][0])


@pytest.mark.parametrize(("change", "path", "words"), [
    # The coin and guard tracks go to 20 (reference, open question 13: source S7).
    (lambda p: p["players"]["ana"].update(coins=21), "/position/players/ana/coins",
     "less than or equal to 20"),
    (lambda p: p["players"]["ana"]["influence"].update(council=99),
     "/position/players/ana/influence/council", "the council track ends at"),
    (_deck_card_also_recruited, None, "is in two places: the deck and ana's characters"),
    (lambda p: p["deck"].append("c9-99"), None, "no character 'c9-99'"),
    (lambda p: p.update(round=0), "/position/round", "cannot be in phase F"),
    (lambda p: p.update(phase="Z"), "/position/phase", "Must be one of"),
    (lambda p: p["players"]["ana"].update(dice=["gray1", "gray2", "gray3", "gray4"]),
     "/position/players/ana/dice", "3 dice a round"),
    (lambda p: p["players"]["ana"].update(start_cards=["c3-01"]),
     "/position/players/ana/start_cards/0", "is not among ana's characters"),
    (lambda p: p["players"].pop("bruno"), "/position/players", "the log's ana, bruno"),
    (lambda p: p["players"]["ana"].pop("guards"), "/position/players/ana/guards",
     "Missing data"),
])
def test_a_position_that_cannot_happen_is_refused_where_it_is_wrong(change, path, words):
    problems = _refused(change)
    assert any(words in p["message"] for p in problems), problems
    if path is not None:
        assert path in [p["path"] for p in problems]


@pytest.mark.engine_written
@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_position_replayed_with_the_rest_of_the_log_ends_as_the_whole_log(players):
    for seed in range(3):
        log = replay.load_log(GAME.generate(players, seed))
        whole = GAME.replay(log, mode="audit")
        count = len(log.events)
        for after in sorted({0, 5, count // 3, count // 2, count - 2}):
            branch = replay.load_log(copy.deepcopy(GAME.position_at(log, after).to_dict()))
            report = GAME.replay(branch, mode="audit")
            assert report["verdict"] == whole["verdict"], (seed, after)
            assert report["final"]["players"] == whole["final"]["players"], (seed, after)
