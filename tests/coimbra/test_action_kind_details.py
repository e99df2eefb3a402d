"""Details of Coimbra's action kinds that a verdict alone does not show: what a refusal says
it expected, the rows an event writes, and who an event by a stranger is refused for."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from replay import replay
from replay.core.logs.log import load_log

FIXTURES = Path(__file__).parents[2] / "fixtures/coimbra"


def _log(name: str) -> dict:
    return json.loads((FIXTURES / f"{name}.json").read_text())


def test_distress_for_three_coins_says_what_distress_gives_and_pays_two_as_played():
    # Event 20: ana's distress for 3 coins and 1 guard; "up to two coins and up to two
    # guards": refused, and in audit mode applied within what distress can give: 2 and 1.
    report = replay(load_log(_log("illegal/distress-amount-three-coins")), "audit")
    first = report["violations"][0]
    assert (first["rule"], first["event"]) == ("coimbra.distress.amount", 20)
    assert first["expected"] == "0-2 coins, 0-2 guards"
    assert first["found"] == "3 coins, 1 guards"
    rows = [(r["resource"], r["delta"], r["reason"], r["source"])
            for r in report["ledger"] if r["event"] == 20]
    assert rows == [("coins", 2, "distress action", "distress"),
                    ("guards", 1, "distress action", "distress")]


def test_a_second_investment_says_the_player_may_invest_once():
    report = replay(load_log(_log("illegal/voyage-limit-second-investment")))
    [violation] = report["violations"]
    assert violation["message"] == "bruno may invest once this round"
    assert (violation["expected"], violation["found"]) == ("1", "2")


@pytest.mark.parametrize("kind", ["start", "place", "favor", "recruit", "distress", "income",
                                  "move", "invest", "pass"])
def test_an_event_by_someone_not_at_the_table_is_refused_for_the_player_rule(kind):
    # game-2p takes no distress: the distress fixture's only fault is at that event.
    log = _log("illegal/distress-amount-three-coins" if kind == "distress" else "legal/game-2p")
    index = next(i for i, e in enumerate(log["events"]) if e["type"] == kind)
    log["events"][index]["player"] = "zed"
    report = replay(load_log(log), "audit")
    first = report["violations"][0]
    assert (first["rule"], first["event"], first["applied"]) == (
        "coimbra.log.player", index, False)
    assert first["message"] == "'zed' is not a player of this game"
    # The players at the table, in the turn order of the moment.
    assert sorted(first["expected"].split(", ")) == ["ana", "bruno"]


def test_an_investment_in_a_voyage_not_revealed_still_moves_the_turn_to_its_player():
    # Round 2's order is ana, bruno. bruno invests in v-02, not among the six revealed
    # (v-01, v-03, v-05, v-06, v-07, v-13): refused, but the table moved on to bruno's turn,
    # so ana's pass after it comes after her turn.
    log = _log("illegal/voyage-display-not-revealed")
    log["events"][53]["player"] = "bruno"
    log["events"].append({"type": "pass", "player": "ana"})
    report = replay(load_log(log), "audit")
    display, turn = report["violations"]
    assert (display["rule"], display["event"], display["applied"]) == (
        "coimbra.voyage.display", 53, False)
    assert display["message"] == "v-02 is not one of the revealed voyages"
    assert display["expected"] == "v-01, v-03, v-05, v-06, v-07, v-13"
    assert display["found"] == "v-02"
    assert (turn["rule"], turn["event"]) == ("coimbra.voyage.turn", 54)
    assert turn["message"] == "ana's investment turn has passed; it is bruno's turn"
