"""The moves offered after a card is played (p.13): at least the card's Silver value in
spaces along the arrows, each space beyond it 1 Silver, offered while the player can pay.

The position is the hand-worked fixture ``transcribe-cost-short`` after event 6, where ana
has played the Thief (Silver value 1) on Player Card 1's start space."""

from __future__ import annotations

import json

from replay.core.logs.log import load_log
from replay.viscounts.catalog import load_catalog
from replay.viscounts.claims import Claims
from replay.viscounts.engine import apply_event
from replay.viscounts.legal import legal_actions
from replay.viscounts.new_table import new_table
from tests.conftest import FIXTURES


def _after_the_thief(silver: int):
    log = load_log(json.loads(
        (FIXTURES / "viscounts" / "worked" / "transcribe-cost-short.json").read_text()))
    table = new_table(log.players, load_catalog(), "strict", log.variants)
    for index, event in enumerate(log.events[:7]):
        apply_event(table, index, event, Claims())
    table.player("ana").silver = silver
    return [a["path"] for a in legal_actions(table) if a["type"] == "move"]


def test_a_value_one_card_offers_one_space_and_paid_extra_spaces():
    paths = _after_the_thief(silver=2)
    assert ["seg1a-in"] in paths  # the move of event 7: exactly the Thief's value
    assert {len(p) for p in paths} == {1, 2, 3}  # 2 Silver pay for 2 extra spaces


def test_an_extra_space_the_player_cannot_pay_for_is_not_offered():
    assert {len(p) for p in _after_the_thief(silver=1)} == {1, 2}
    assert {len(p) for p in _after_the_thief(silver=0)} == {1}
