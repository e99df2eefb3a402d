"""Where a refused card is said to be: a starting card exists once per player, so the message
names the player's own copy, never another player's."""

from __future__ import annotations

import json

import pytest

import replay
from replay.core.logs.log import load_log
from replay.viscounts.cards import where
from tests.conftest import FIXTURES

WORKED = FIXTURES / "viscounts" / "worked"


def _first_violation(name, mode="strict"):
    report = replay.replay(json.loads((WORKED / f"{name}.json").read_text()), mode=mode)
    return report["violations"][0]


@pytest.mark.parametrize("mode", ["strict", "audit"])
def test_a_destroyed_starting_card_is_out_of_the_game_not_in_another_players_pile(mode):
    violation = _first_violation("hidden-draw-after-shuffle-destroyed", mode)
    assert (violation["rule"], violation["found"], violation["applied"]) == (
        "viscounts.log.hidden_location", "start-lender", False)
    assert violation["message"] == ("Lender cannot be in ana's draw pile: it is out of "
                                    "the game")


@pytest.mark.parametrize("mode", ["strict", "audit"])
def test_a_card_known_not_in_hand_is_in_the_draw_pile(mode):
    violation = _first_violation("hidden-card-not-in-hand", mode)
    assert (violation["found"], violation["applied"]) == ("start-abbot", False)
    assert violation["message"] == "ana cannot play Abbot from hand: it is in ana's draw pile"


def _table_at(event: int):
    """The table of the hand-worked 2-player game after ``event``. At event 30, as its
    ``.worked.md`` records: ana's board holds her Lender and Thief (event 21), her discard pile
    tf-31 and tf-57 (events 10, 25), her hand Guntram, Squire and Labourer (event 28); bruno's
    discard pile tf-18 (event 16); tf-24 tops the Townsfolk pile of seg1a (event 11)."""
    log = load_log(json.loads((WORKED / "game-2p.json").read_text()))
    return replay.GAMES.get("viscounts").engine.replayer.replay_to(log, event)


@pytest.mark.parametrize("card, owner, said", [
    ("start-lender", None, "on ana's board"),
    ("start-lender", "bruno", "in bruno's draw pile"),  # his own copy, not ana's on her board
    ("tf-31", None, "in ana's discard pile"),
    ("tf-18", "ana", "in bruno's discard pile"),  # a neutral card: anyone's copy
    ("hero-guntram", None, "in ana's hand"),
    ("start-abbot", "ana", "in ana's draw pile"),
    ("tf-24", None, "on top of the Townsfolk pile of seg1a"),
    ("tf-01", None, "in a Townsfolk pile"),
    ("hero-ada", None, "out of the game"),  # a Hero no one took
])
def test_where_a_card_is_said_to_be(card, owner, said):
    assert where(_table_at(30), card, owner) == said


def test_a_card_in_a_draw_pile_may_be_in_hand_when_the_hand_holds_unnamed_cards():
    table = _table_at(30)
    table.state.players["ana"].hand_unknown = 1
    assert where(table, "start-abbot", "ana") == "in ana's draw pile or hand"


def test_a_starting_card_refused_from_hand_is_looked_for_among_its_players_own_cards():
    """bruno plays a Lender at event 30 of the hand-worked game, where ana's Lender lies on
    her board and his own is in his draw pile: the message names his copy."""
    log = json.loads((WORKED / "game-2p.json").read_text())
    assert log["events"][30]["player"] == "bruno"
    log["events"][30]["card"] = "start-lender"
    violation = replay.replay(log)["violations"][0]
    assert (violation["event"], violation["rule"]) == (30, "viscounts.log.hidden_location")
    assert violation["message"] == ("bruno cannot play Lender from hand: it is in bruno's "
                                    "draw pile")


@pytest.mark.parametrize("mode", ["strict", "audit"])
def test_a_draw_with_both_piles_empty_is_refused_whole(mode):
    violation = _first_violation("draw-exhausted-both-piles-empty", mode)
    assert (violation["event"], violation["rule"], violation["found"], violation["applied"]) \
        == (26, "viscounts.draw.exhausted", "?", False)
    assert violation["message"] == ("ana's draw and discard piles are both empty: drawing "
                                    "stops")


@pytest.mark.parametrize("manuscript, where_it_is", [
    ("ms-11", "in ana's manuscripts"),  # transcribed at event 41
    ("ms-12", "on top of the manuscript pile of seg4a"),
    ("ms-04", "on top of the manuscript pile of seg3a"),  # revealed at event 42
])
def test_a_manuscript_revealed_twice_is_said_where_it_is(manuscript, where_it_is):
    """The reveal at event 93 of the hand-worked game names a manuscript no pile can hold
    (its ``.worked.md``: ms-09 ... ms-13 top seg1a ... seg5a at setup; ana transcribes ms-11
    at event 41; ms-04 is revealed on seg3a at event 42)."""
    log = json.loads((WORKED / "game-2p.json").read_text())
    assert log["events"][93]["type"] == "reveal"
    log["events"][93]["manuscript"] = manuscript
    violation = replay.replay(log)["violations"][0]
    assert (violation["event"], violation["rule"], violation["found"]) == (
        93, "viscounts.log.hidden_unique", manuscript)
    assert violation["message"] == f"manuscript {manuscript} cannot be in a pile: it is " \
        f"{where_it_is}"
