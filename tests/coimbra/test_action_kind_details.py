"""Details of Coimbra's action kinds that a verdict alone does not show: what a refusal says
it expected, the rows an event writes, and who an event by a stranger is refused for."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from replay import replay
from replay.core.log import load_log

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
