"""Choices effects leave to players, declared once (``replay.viscounts.choices``): the answers
offered are those the replay accepts, and the limits come from the rule (and the catalog),
not from a second copy of them.

Each case sets a waiting choice up by hand on a table in its first turn; the expected
answers are worked out from the rule texts cited.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from replay.core.judge import StopReplay
from replay.viscounts.claims import Claims
from replay.viscounts.engine import apply_event
from replay.viscounts.legal import decision_options, legal_actions
from replay.viscounts.state import Decision
from tests.viscounts.test_legal_actions import strict_copy
from tests.viscounts.test_rulebook_examples import table_at_first_turn


def _waiting(kind: str, **data):
    table = table_at_first_turn(2)
    ana = table.state.current
    decision = Decision(ana, kind, False, "castle", data)
    table.state.pending = [decision]
    return table, ana, decision


def _refusal(table, event) -> str:
    """The rule a strict replay of ``event`` here cites (on a copy of the table)."""
    trial = strict_copy(table)
    with pytest.raises(StopReplay):
        apply_event(trial, 1000, event, Claims())
    return trial.judge.violations[-1].rule


def _accepted(table, event) -> bool:
    trial = strict_copy(table)
    apply_event(trial, 1000, event, Claims())
    return not trial.judge.violations


def test_a_split_of_five_workers_sends_one_to_three_clockwise():
    # zh-castle-spread-rest: of 5 Workers in a section, 1 goes inward and the 4 others leave
    # to both sides, at least 1 each way: 1, 2 or 3 clockwise (inventory 72, zh §6).
    table, ana, decision = _waiting("castle_split", section="seg1a", workers=5)
    side = table.state.segments[0]
    decision = table.state.pending[0] = replace(decision, data={"section": side,
                                                                 "workers": 5})
    table.state.tier1[side][ana] = 5
    offered = decision_options(table, decision)
    assert [a["clockwise"] for a in offered] == [1, 2, 3]
    assert all(_accepted(table, answer) for answer in offered)
    for clockwise in (0, 4):
        assert _refusal(table, {"type": "castle_split", "player": ana,
                                "section": f"t1-{side}", "clockwise": clockwise}) \
            == "viscounts.castle.tier1"


def test_destroy_is_not_offered_at_the_catalogs_floor_of_owned_cards():
    # Destroy cannot take a player below the board's minimum of owned cards (p.32); with a
    # catalog whose floor is 4 (a transcribed board), a player owning 4 cards destroys none.
    table, ana, decision = _waiting("destroy")
    player = table.player(ana)
    owned = player.owned_cards()
    table.catalog = replace(table.catalog, player_board=replace(
        table.catalog.player_board, minimum_cards=owned))
    assert decision_options(table, decision) == []
    card = next(c for c, n in player.hand.items() if n)
    assert _refusal(table, {"type": "destroy", "player": ana, "card": card}) \
        == "viscounts.effect.destroy_floor"
    table.catalog = replace(table.catalog, player_board=replace(
        table.catalog.player_board, minimum_cards=owned - 1))
    offered = decision_options(table, decision)
    assert {a["card"] for a in offered} == {c for c, n in player.hand.items() if n}
    assert all(_accepted(table, answer) for answer in offered)


def test_a_bump_offers_only_answers_that_take_the_whole_excess():
    # A section above 3 Workers sends the excess back, the current player choosing whose
    # (p.19): with 2 of the current player's and 3 of the other's and an excess of 2, the
    # answers worth offering send back 2 of the current player's or 2 of the other's (a mix
    # is legal too); an answer of 1 Worker is refused.
    table, current, decision = _waiting("bump", section="t1-seg1a", excess=2)
    side = table.state.segments[0]
    section = f"t1-{side}"
    other = next(n for n in table.state.seats if n != current)
    table.state.tier1[side].update({current: 2, other: 3})
    decision = table.state.pending[0] = replace(decision, data={"section": section,
                                                                 "excess": 2})
    offered = decision_options(table, decision)
    assert sorted((a["owners"] for a in offered), key=str) == sorted(
        [{current: 2}, {other: 2}], key=str)
    assert all(_accepted(table, answer) for answer in offered)
    assert _refusal(table, {"type": "bump", "player": current, "section": section,
                            "owners": {current: 1}}) == "viscounts.castle.bump"


def test_the_legal_list_leads_with_the_waiting_choices_answers():
    # A mandatory choice waits: the next events are its answers (any resource: Ink, Gold,
    # Stone), each accepted.
    table, _, _ = _waiting("resource")
    actions = legal_actions(table)
    assert [a.get("resource") for a in actions] == ["ink", "gold", "stone"]
    assert all(_accepted(table, answer) for answer in actions)
