"""One disputed move (``replay.ruling``): legal or not at that point of the game, the rule it
breaks, what it costs and gains, and the moves legal there instead.

The positions are those of two hand-worked fixtures; each expectation is worked from the
rule text and the fixture's worked note.
"""

from __future__ import annotations

import json

import pytest

import replay
from replay.render.ruling import ruling_lines
from replay.ruling import rule_on
from tests.conftest import FIXTURES


def _log(path: str):
    return replay.load_log(json.loads((FIXTURES / path).read_text()))


TRANSCRIBE = "viscounts/worked/transcribe-cost-short.json"
VOYAGE = "coimbra/illegal/voyage-payment-cannot-afford.json"


def test_a_transcribe_two_icons_short_is_refused_with_its_rule():
    # After event 7 ana has 2 Cleric icons (space 2's Cleric, the Thief's wild) and ms-09
    # costs 3 (p.21): the move breaks viscounts.transcribe.cost.
    ruling = rule_on(_log(TRANSCRIBE), 7, "ana: transcribe ms-09")
    assert not ruling["legal"]
    assert [v["rule"] for v in ruling["violations"]] == ["viscounts.transcribe.cost"]
    assert "ana: transcribe ms-09 pay=ink:1" in ruling["legal_moves"]


def test_the_same_transcribe_paying_one_ink_is_legal_and_says_what_it_does():
    # 1 Ink counts as 1 Cleric icon (p.21): 3 icons. ana spends the Ink, then ms-09's
    # immediate effect gives her 2 Ink: a net gain of 1 Ink.
    ruling = rule_on(_log(TRANSCRIBE), 7, "ana: transcribe ms-09 pay=ink:1")
    assert ruling["legal"] and ruling["violations"] == []
    assert [(r["resource"], r["delta"]) for r in ruling["ledger"]] == [("ink", -1), ("ink", 2)]
    assert ruling["changes"] == {"ana": {"ink": 1}}
    assert ruling["earlier_problems"] == 0


def test_a_voyage_bruno_cannot_pay_is_refused_and_a_cheaper_one_is_legal():
    # bruno holds 2 coins and fav-4 (1 off each voyage): v-07 costs 4 - 1 = 3 (refused,
    # coimbra.voyage.payment); v-01 costs 2 - 1 = 1 coin, paid.
    log = _log(VOYAGE)
    refused = rule_on(log, 77, "bruno: invest v-07")
    assert [v["rule"] for v in refused["violations"]] == ["coimbra.voyage.payment"]
    allowed = rule_on(log, 77, '{"type": "invest", "player": "bruno", "voyage": "v-01"}')
    assert allowed["legal"]
    assert allowed["changes"] == {"bruno": {"coins": -1}}


@pytest.mark.parametrize(("after", "move", "path"), [
    (999, "bruno: invest v-07", "/after"),
    (-2, "bruno: invest v-07", "/after"),
    (77, "bruno: invest", "/move"),
    (77, "bruno: invest v-07\nbruno: pass", "/move"),
    (77, '["invest"]', "/move"),
])
def test_a_question_that_names_no_point_or_no_move_is_refused_where_it_is_wrong(
        after, move, path):
    with pytest.raises(replay.InvalidLog) as refused:
        rule_on(_log(VOYAGE), after, move)
    assert [p.path for p in refused.value.problems] == [path]


@pytest.mark.parametrize(("move", "column"), [
    ("bruno: invset v-07", 8),        # the verb starts after "bruno: " (7 characters)
    ("  bruno: invest v-07 extra=1", 22),  # two blanks typed before the move
])
def test_a_typed_move_that_cannot_be_read_is_located_on_its_line(move, column):
    with pytest.raises(replay.InvalidLog) as refused:
        rule_on(_log(VOYAGE), 77, move)
    assert [(p.path, p.line, p.column) for p in refused.value.problems] == [
        ("/move", 1, column)]


def test_a_refusal_that_rests_on_a_placeholder_says_which_value_decides_it():
    # ms-09's cost of 3 is the built-in catalog's placeholder; ana has 2 Cleric icons after
    # event 7. Printed at 2, the transcription would be legal: the ruling rests on it. Her
    # space's values and the manuscript's back were read too, and decide nothing.
    ruling = rule_on(_log(TRANSCRIBE), 7, "ana: transcribe ms-09")
    deciding = [(p["entry"], p["field"], p["value"]) for p in ruling["rests_on"]
                if p["decides"]]
    assert deciding == [("ms-09", "cost", 3)]
    assert all(p["weighed"] for p in ruling["rests_on"])
    lines = ruling_lines(ruling)
    assert "  This ruling rests on a value not yet transcribed: with another printed value " \
        "there, the move would be legal. Check it on the component before you rule." in lines
    assert "    Grey manuscript: 2 ink, cost 3, cost: 3" in lines


def test_a_voyage_refused_rests_on_its_invented_cost_not_its_end_game_points():
    # bruno has 2 coins; v-07 costs 4 (a placeholder) less fav-4's declared 1. At 3 it costs
    # 2 and he can pay. Its effect scores at the end of the game: whatever it prints, the
    # payment at event 78 is the same.
    ruling = rule_on(_log(VOYAGE), 77, "bruno: invest v-07")
    found = {p["field"]: p["decides"] for p in ruling["rests_on"] if p["entry"] == "v-07"}
    assert found["cost"] is True and found["effects"] is False


def test_a_legal_move_that_rests_on_an_invented_cost_says_so_too():
    # With 1 Ink, ana has 3 Cleric icons for ms-09, whose cost of 3 is a placeholder: printed
    # at 4 she would be 1 short, so the ruling "legal" rests on it as well.
    ruling = rule_on(_log(TRANSCRIBE), 7, "ana: transcribe ms-09 pay=ink:1")
    assert ruling["legal"]
    assert [(p["entry"], p["field"]) for p in ruling["rests_on"] if p["decides"]] == [
        ("ms-09", "cost")]
    assert "  This ruling rests on a value not yet transcribed: with another printed value " \
        "there, the move would not be legal. Check it on the component before you rule." \
        in ruling_lines(ruling)


def test_a_legal_voyage_with_coins_to_spare_is_legal_whatever_its_invented_cost():
    # v-01 costs 2 less fav-4's 1: bruno pays 1 of his 2 coins. At 1 or 3 he still can.
    ruling = rule_on(_log(VOYAGE), 77, "bruno: invest v-01")
    assert ruling["legal"] and ruling["rests_on"]
    assert not any(p["decides"] for p in ruling["rests_on"])
    assert any(line.startswith("  The move read ") and line.endswith(
        "replayed with each changed, it is still legal.") for line in ruling_lines(ruling))
