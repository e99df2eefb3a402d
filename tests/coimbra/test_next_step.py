"""What may happen next in Coimbra, as the recorder asks it: who acts, the legal events, and
for chance too varied to list (a deal, a roll) what the table may supply."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from replay import replay
from replay.coimbra import GAME
from replay.core.logs.log import load_log


def _first(log, kind: str) -> int:
    return next(i for i, e in enumerate(log.events) if e["type"] == kind)


@pytest.mark.parametrize(("players", "dice"), [
    # Rules, player-count adjustments: 4p 13 dice; 3p 11 without a purple and a green; 2p 7
    # without a gray, an orange, two purple and two green. The full pool is 3 gray, 3 orange,
    # 3 purple, 3 green and 1 white.
    (4, {"gray": 3, "green": 3, "orange": 3, "purple": 3, "white": 1}),
    (3, {"gray": 3, "green": 2, "orange": 3, "purple": 2, "white": 1}),
    (2, {"gray": 2, "green": 1, "orange": 2, "purple": 1, "white": 1}),
])
def test_after_a_deal_the_table_reads_every_die_of_the_pool(players, dice):
    log = load_log(GAME.generate(players, 3))
    step = GAME.next_step(log, _first(log, "deal"))
    assert (step.phase, step.acting, step.actions) == ("A", None, [])
    assert step.supply == {"type": "roll", "dice": dice, "faces": [1, 2, 3, 4, 5, 6]}
    assert not step.over


def test_before_the_first_deal_the_table_reveals_level_ii_characters_first():
    log = load_log(GAME.generate(2, 3))
    step = GAME.next_step(log, _first(log, "deal") - 1)
    assert step.phase == "deal" and step.actions == []
    supply = step.supply
    assert (supply["type"], supply["round"], supply["per_row"]) == ("deal", 1, 4)
    assert supply["rows"] == ["upper", "central", "lower"]
    levels = GAME.engine.replayer.load_catalog(None, None).levels
    # The 24 level-II cards fill round 1's 12 places: no level-III card may come up yet.
    assert supply["first"] == sorted(levels["II"]) and supply["then"] == []


def test_the_third_deal_reveals_level_iii_characters_once_level_ii_is_used_up():
    log = load_log(GAME.generate(2, 3))
    deals = [i for i, e in enumerate(log.events) if e["type"] == "deal"]
    supply = GAME.next_step(log, deals[2] - 1).supply
    levels = GAME.engine.replayer.load_catalog(None, None).levels
    # Rounds 1 and 2 dealt 12 level-II cards each (24 = 2 x 12): round 3 is level III only.
    assert supply["round"] == 3 and supply["first"] == []
    assert supply["then"] == sorted(levels["III"])


def test_a_decision_offers_its_legal_events_and_no_supply():
    log = load_log(GAME.generate(2, 3))
    roll = _first(log, "roll")
    step = GAME.next_step(log, roll)
    assert step.phase == "B" and step.supply is None and not step.chance
    assert step.acting == log.events[roll + 1]["player"]
    assert log.events[roll + 1] in step.actions


def test_before_the_setup_the_table_lays_out_what_the_rules_ask():
    log = load_log(GAME.generate(3, 3))
    step = GAME.next_step(log, -1)
    assert (step.phase, step.acting, step.actions) == ("setup", None, [])
    supply = step.supply
    catalog = GAME.engine.replayer.load_catalog(None, None)
    assert supply["type"] == "setup" and supply["order"] == sorted(log.players)
    # A monastery tile of the space's level on each space; six voyages; one scoring tile per
    # track; one start pair per player.
    for space, tiles in supply["monasteries"].items():
        assert tiles and {catalog.monasteries[t].level for t in tiles} == {catalog.spaces[space]}
    assert set(supply["monasteries"]) == set(catalog.spaces)
    assert supply["voyages"]["count"] == 6
    assert supply["scoring_tiles"]["tracks"] == ["council", "merchant", "clergy", "scholar"]
    assert supply["start_pairs"]["count"] == 3
    setup = log.events[0]
    assert all(t in supply["monasteries"][s] for s, t in setup["monasteries"].items())
    assert set(setup["voyages"]) <= set(supply["voyages"]["from"])


def test_under_all_dice_the_table_reads_all_thirteen_dice_at_any_player_count():
    # Variant all-dice: "Always roll all 13 dice and use no neutral tokens".
    doc = GAME.generate(2, 3)
    doc["header"]["variants"] = ["all-dice"]
    log = load_log(doc)
    step = GAME.next_step(log, _first(log, "deal"))
    assert step.supply["dice"] == {"gray": 3, "green": 3, "orange": 3, "purple": 3, "white": 1}


def test_a_roll_of_the_wrong_dice_says_which_dice_the_player_count_rolls():
    # fixtures/coimbra/illegal/roll-pool-wrong-dice: 2 players roll 3 gray, 1 orange, 1 purple,
    # 1 green, 1 white; two players roll 2 gray, 2 orange, 1 purple, 1 green and 1 white.
    path = Path(__file__).parents[2] / "fixtures/coimbra/illegal/roll-pool-wrong-dice.json"
    [violation] = replay(load_log(json.loads(path.read_text())))["violations"]
    assert violation["message"] == (
        "the roll for 2 players is 2 gray, 1 green, 2 orange, 1 purple, 1 white")
    assert violation["expected"] == "2 gray, 1 green, 2 orange, 1 purple, 1 white"
    assert violation["found"] == "3 gray, 1 green, 1 orange, 1 purple, 1 white"


def test_once_every_player_passed_the_next_round_is_dealt_and_after_round_four_nothing():
    log = load_log(GAME.generate(2, 3))
    second_deal = [i for i, e in enumerate(log.events) if e["type"] == "deal"][1]
    step = GAME.next_step(log, second_deal - 1)  # round 1's investments are over
    assert (step.phase, step.acting, step.actions) == ("F", None, [])
    assert (step.supply["type"], step.supply["round"]) == ("deal", 2)
    last = max(i for i, e in enumerate(log.events) if e["type"] in ("invest", "pass"))
    end = GAME.next_step(log, last)
    assert (end.phase, end.acting, end.supply, end.over) == ("F", None, None, True)
