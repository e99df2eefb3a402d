"""Where a refused card is said to be: a starting card exists once per player, so the message
names the player's own copy, never another player's."""

from __future__ import annotations

import json

import replay
from tests.conftest import FIXTURES

WORKED = FIXTURES / "viscounts" / "worked"


def _first_violation(name):
    report = replay.replay(json.loads((WORKED / f"{name}.json").read_text()))
    return report["violations"][0]


def test_a_destroyed_starting_card_is_out_of_the_game_not_in_another_players_pile():
    violation = _first_violation("hidden-draw-after-shuffle-destroyed")
    assert violation["rule"] == "viscounts.log.hidden_location"
    assert violation["message"] == ("Lender cannot be in ana's draw pile: it is out of "
                                    "the game")


def test_a_card_known_not_in_hand_is_in_the_draw_pile():
    violation = _first_violation("hidden-card-not-in-hand")
    assert violation["message"] == "ana cannot play Abbot from hand: it is in ana's draw pile"
