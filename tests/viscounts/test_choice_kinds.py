"""Choices effects leave to players, declared once (``replay.viscounts.choices``): the answers
offered are those the replay accepts, and the limits come from the rule (and the catalog),
not from a second copy of them.

Each case sets a waiting choice up by hand on a table in its first turn; the expected
answers are worked out from the rule texts cited.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from replay.core.verdicts.judge import StopReplay
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


def _apply(table, event):
    trial = strict_copy(table)
    apply_event(trial, 1000, event, Claims())
    assert not trial.judge.violations
    return trial


def test_a_castle_move_adds_the_worker_to_those_already_there():
    # Moving 1 Worker to an adjacent tier-1 section (Bertha): ana has 1 in each of the first
    # two sections; after the move the first holds 0 and the second 2 (fewer than 3: no
    # spread).
    table, ana, _ = _waiting("castle_move")
    first, second = table.state.segments[:2]
    table.state.tier1[first][ana] = table.state.tier1[second][ana] = 1
    after = _apply(table, {"type": "castle_move", "player": ana, "from": f"t1-{first}",
                           "to": f"t1-{second}"})
    assert (after.state.tier1[first][ana], after.state.tier1[second][ana]) == (0, 2)


def test_an_order_of_tier1_sections_offers_the_sections_that_hold_three():
    # p.20: with several tier-1 sections holding 3 of hers, the player picks the order; only
    # those sections are answers.
    table, _, decision = _waiting("castle_order")
    first, _, third = table.state.segments[:3]
    decision = table.state.pending[0] = replace(decision, data={"sections": [first, third]})
    assert [a["section"] for a in decision_options(table, decision)] == \
        [f"t1-{first}", f"t1-{third}"]


def test_a_destroyed_card_pays_its_silver_value_with_its_name_as_the_reason():
    # Destroy: the card leaves the game and the player gains its Silver value (p.32).
    table, ana, _ = _waiting("destroy")
    player = table.player(ana)
    card = next(c for c, n in player.hand.items() if n)
    value = table.catalog.townsfolk[card].cost
    after = _apply(table, {"type": "destroy", "player": ana, "card": card})
    row = after.ledger[-1]
    assert (row["resource"], row["delta"]) == ("silver", value)
    assert row["reason"] == f"destroys {table.name(card)}" and row["source"] == card


def test_a_chosen_option_is_credited_to_the_component_that_offered_it():
    table, ana, decision = _waiting("choose")
    options = [{"op": "gain", "items": {"gold": 1}}, {"op": "gain", "items": {"stone": 2}}]
    decision = table.state.pending[0] = replace(decision, data={"options": options})
    after = _apply(table, {"type": "choose", "player": ana, "option": 2})
    row = after.ledger[-1]
    assert (row["resource"], row["delta"], row["source"]) == ("stone", 2, "castle")


def test_an_option_beyond_those_offered_is_refused_saying_how_many_there_are():
    table, ana, decision = _waiting("choose")
    decision = table.state.pending[0] = replace(decision, data={"options": [
        {"op": "gain", "items": {"gold": 1}}, {"op": "gain", "items": {"stone": 1}}]})
    trial = strict_copy(table)
    with pytest.raises(StopReplay):
        apply_event(trial, 1000, {"type": "choose", "player": ana, "option": 3}, Claims())
    refusal = trial.judge.violations[-1]
    assert refusal.rule == "viscounts.log.choice"
    assert "offers 2 options, not 3" in refusal.message and refusal.found == "3"


def test_player_card_8s_building_goes_on_the_viscounts_side_of_the_river():
    # Player Card 8's free building goes on a spot of the Viscount's own space: its segment
    # and its side of the river (p.8). From the left outer space, the left spots are
    # offered; a right spot of the same segment is refused.
    table, ana, decision = _waiting("free_building", building="any", scope="viscount_space")
    side = table.state.segments[0]
    player = table.player(ana)
    player.space = f"{side}-ol"
    offered = {a["spot"] for a in decision_options(table, decision)}
    assert offered == {f"{side}-l1", f"{side}-l2"}
    slot = next(a["slot"] for a in decision_options(table, decision))
    assert _refusal(table, {"type": "free_building", "player": ana, "slot": slot,
                            "spot": f"{side}-r1"}) == "viscounts.setup.player_card.special"


def test_a_castle_move_that_makes_three_spreads_them():
    # p.18: 3 of a player's Workers in a tier-1 section: 1 goes in to tier 2, 1 clockwise, 1
    # counter-clockwise. ana moves her 1 Worker of the first section into the second, where
    # she has 2: the second spreads (1 in, 1 to the third, 1 back to the first).
    table, ana, _ = _waiting("castle_move")
    first, second, third = table.state.segments[:3]
    table.state.tier1[first][ana], table.state.tier1[second][ana] = 1, 2
    after = strict_copy(table)
    apply_event(after, 1000, {"type": "castle_move", "player": ana, "from": f"t1-{first}",
                              "to": f"t1-{second}"}, Claims())
    tier1 = after.state.tier1
    assert (tier1[first][ana], tier1[second][ana], tier1[third][ana]) == (1, 0, 1)
    assert after.state.tier2[second][ana] == 1
