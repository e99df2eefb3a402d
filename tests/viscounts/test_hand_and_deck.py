"""What a player could play from hand or find on top of the draw pile, under hidden
information (the legal-action list offers exactly these)."""

from __future__ import annotations

from collections import Counter

from replay.viscounts.cards import deck_options, hand_options
from replay.viscounts.state import Player


def _player(hand: dict, hidden: dict, unknown: int, draw: int) -> Player:
    return Player("ana", hand=Counter(hand), hidden=Counter(hidden), hand_unknown=unknown,
                  draw_count=draw)


def test_a_hand_of_named_cards_offers_those_cards_only():
    player = _player({"start-thief": 1, "start-squire": 0}, {"start-abbot": 1}, 0, 1)
    assert hand_options(player) == ["start-thief"]


def test_unnamed_cards_in_hand_may_be_any_card_of_the_draw_pile_too():
    player = _player({"start-thief": 1}, {"start-abbot": 1, "start-lender": 0}, 1, 1)
    assert hand_options(player) == ["start-abbot", "start-thief"]


def test_the_top_of_the_draw_pile_is_any_card_it_may_hold():
    player = _player({}, {"start-abbot": 2, "start-lender": 0, "tf-24": 1}, 0, 3)
    assert deck_options(player) == ["start-abbot", "tf-24"]


def test_an_empty_draw_pile_has_no_top():
    # Unnamed cards in hand are counted in ``hidden`` too: none of them is on the pile.
    assert deck_options(_player({}, {"start-abbot": 1}, 1, 0)) == []
