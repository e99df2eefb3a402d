"""The rulebook's worked examples, with their numbers (construct p.17, castle p.20,
collision p.22, the 109 VP scoring example p.25).

Each test sets a table up as the example describes it, then applies the example's event
through the replay loop (or final scoring) and checks the example's numbers.
"""

from __future__ import annotations

from collections import Counter

import pytest

from replay.core.verdicts.judge import StopReplay
from replay.viscounts.catalog import load_catalog
from replay.viscounts.claims import Claims
from replay.viscounts.engine import apply_event, run_events
from replay.viscounts.generate import generate
from replay.viscounts.new_table import new_table
from replay.viscounts.scoring import final_scoring
from replay.viscounts.table import Table


def table_at_first_turn(players: int) -> Table:
    """A table after a generated setup and picks, in its first turn's action phase."""
    log = generate(players, 1)
    events = log["events"]
    first = next(i for i, e in enumerate(events) if e["type"] == "play")
    table = new_table(log["header"]["players"], load_catalog())
    run_events(table, events[:first], Claims())
    state = table.state
    state.round, state.turn, state.current = 1, 0, state.turn_order()[0]
    state.phase, state.played, state.moved = "action", "start-squire", True
    for section in (*state.tier1.values(), *state.tier2.values()):
        section.clear()  # free Workers from Player Cards would blur the examples
    state.tier3.clear()
    return table


def _apply(table: Table, event: dict) -> None:
    table.in_force.clear()  # boards arranged by hand: the abilities in force are re-read
    apply_event(table, 1000, event, Claims())


def _silver_rows(table: Table, name: str) -> list[int]:
    return [r["delta"] for r in table.ledger if r["player"] == name and r["resource"] == "silver"]


def _construct_example():
    table = table_at_first_turn(2)
    ana = table.state.current
    blue = next(n for n in table.state.seats if n != ana)
    player = table.player(ana)
    player.board = ["start-squire", "start-abbot", "start-trader"]  # no Builder icon
    player.space, player.stone, player.silver, player.ink = "seg1a-ol", 2, 1, 0
    player.built = {"trading_post": [], "guildhall": [], "workshop": []}
    table.state.townsfolk["seg1a"].top = "tf-30"  # the Mason
    table.state.spots["seg1a-l2"] = (blue, "trading_post")  # Blue's Trading Post
    table.player(blue).built["trading_post"].append(1)
    return table, ana, blue


def test_construct_p17_mason_dismissed_spot_and_link():
    """2 Stone and the dismissed Mason (1 Silver) give 3 Builder icons: a Workshop. The
    Mason's Rearrange comes before the building; the spot gives 1 Ink; the link to Blue's
    Trading Post gives both players 2 Silver."""
    table, ana, blue = _construct_example()
    silver_before = table.player(blue).silver
    _apply(table, {"type": "construct", "player": ana, "slot": "workshop-1",
                   "spot": "seg1a-l1", "pay": {"stone": 2}, "dismiss": "tf-30"})
    player = table.player(ana)
    assert table.judge.violations == []
    assert player.built["workshop"] == [1]
    assert player.stone == 0 and player.ink == 1
    assert _silver_rows(table, ana)[-2:] == [-1, 2]  # the dismiss, then the link
    assert player.silver == 2
    assert table.player(blue).silver == silver_before + 2
    assert table.state.pending[0].kind == "rearrange"
    assert table.state.pending[0].source == "tf-30"
    assert table.state.reveals_owed == [("townsfolk", "seg1a")]


def test_construct_p17_one_stone_short_is_refused():
    table, ana, _ = _construct_example()
    with pytest.raises(StopReplay):
        _apply(table, {"type": "construct", "player": ana, "slot": "workshop-1",
                       "spot": "seg1a-l1", "pay": {"stone": 1}, "dismiss": "tf-30"})
    violation = table.judge.violations[0]
    assert violation.rule == "viscounts.build.cost"
    assert "costs 3 Builder icons; " in violation.message


def test_castle_p20_five_workers_spread_and_two_reach_tier_three():
    """After placing, 5 of the player's Workers stand in a tier-1 section: 1 goes inward,
    1 clockwise, 1 counter-clockwise and 2 remain; tier 2 then holds 4, so 2 move on to
    tier 3 (each with any 1 resource) and the player takes the Castle Leader."""
    table = table_at_first_turn(2)
    name = table.state.current
    player = table.player(name)
    segments = table.state.segments
    side = segments[2]
    player.space = f"{side}-in"
    player.board = ["start-abbot", "start-trader", "start-labourer"]  # no Noble icon
    player.gold = 5
    table.state.tier1[side][name] = 2
    table.state.tier2[side][name] = 3
    _apply(table, {"type": "workers", "player": name, "count": 3, "pay": {"gold": 5}})
    state = table.state
    assert table.judge.violations == []
    assert state.tier1[side][name] == 2
    assert state.tier1[segments[3]][name] == 1 and state.tier1[segments[1]][name] == 1
    assert state.tier2[side][name] == 2
    assert state.tier3[name] == 2
    assert state.leader == name
    assert [d.kind for d in state.pending if d.source == "castle-tier3"] == ["resource"] * 2


def test_collision_p22_space_six_in_order():
    """Red collides on space 6: a player with the second Workshop and no Criminals gains 1
    Virtue (step 1), the Peddler gains 1 Ink (step 2), Red gains 3 Silver and 2 Debts (step
    3), opponents without Criminals gain 1 Virtue (step 4), Red's markers reset (step 5)."""
    table = table_at_first_turn(3)
    state = table.state
    red = state.current
    state.phase = "recruit"
    others = state.order_from(red)[1:]
    blue = others[0]
    table.player(red).board = ["start-thief", "start-abbot", "start-trader"]  # a Criminal
    table.player(red).corruption = table.player(red).virtue = 6
    table.player(blue).board = ["tf-40", "start-abbot", "start-squire"]  # Peddler (Ink)
    table.player(blue).built["workshop"].append(2)
    table.player(blue).virtue = 7
    before = {n: (table.player(n).silver, table.player(n).debts, table.player(n).ink)
              for n in state.seats}
    _apply(table, {"type": "collision", "player": red, "space": 6})
    assert table.judge.violations == []
    silver, debts, _ink = before[red]
    assert (table.player(red).silver, table.player(red).debts) == (silver + 3, debts + 2)
    assert table.player(blue).ink == before[blue][2] + 1
    blue_virtue = [(r["delta"], r["source"]) for r in table.ledger
                   if r["player"] == blue and r["resource"] == "virtue"]
    assert blue_virtue == [(1, "workshop-2"), (1, "collision-6")]
    assert table.player(blue).virtue == 5
    assert (table.player(red).corruption, table.player(red).virtue) == (1, 7)


def test_collision_without_shared_space_is_refused():
    table = table_at_first_turn(2)
    table.state.phase = "recruit"
    with pytest.raises(StopReplay):
        _apply(table, {"type": "collision", "player": table.state.current})
    assert table.judge.violations[0].rule == "viscounts.collision.when"


def test_scoring_p25_is_109_points():
    """26 buildings + 19 castle + 44 manuscripts (sets 16 + 9 + 1, 6 buildings, 5 Noble
    icons, 4 Criminal icons, 3 flipped Debts) + 5 Leader + 3 Cleric Bonus - 2 Debt + 4 + 6
    Deeds + 4 for third place on Poverty = 109."""
    table = table_at_first_turn(4)
    state = table.state
    ana = state.seats[0]
    player = table.player(ana)
    player.built = {"trading_post": [3], "guildhall": [2, 3], "workshop": [1, 2, 3]}
    state.tier1[state.segments[0]][ana] = 4
    state.tier2[state.segments[1]][ana] = 3
    state.tier3[ana] = 3
    state.leader = ana
    player.manuscripts = [f"ms-0{i}" for i in range(1, 9)]
    player.bonuses = ["black"]
    player.board = ["tf-02", "start-squire", "tf-46"]  # Antagonist, Squire, Princess
    player.hand, player.hand_unknown = Counter({"tf-39": 1, "start-thief": 1}), 0
    player.hidden, player.draw_count = Counter({"tf-36": 1, "tf-12": 1}), 2
    player.discard = ["start-abbot"]
    player.debts, player.paid_debts, player.deeds, player.approved_deeds = 1, 3, 4, 2
    for name, approved in zip(state.seats[1:], (4, 3, 0), strict=True):
        table.player(name).approved_deeds = approved
    state.revealed = ["poverty"]
    final = final_scoring(table)
    assert final["players"][ana] == {
        "buildings": 26, "castle": 19, "manuscripts": 44, "leader": 5, "cleric": 3,
        "debts": -2, "deeds": 10, "poverty": 4, "prosperity": 0, "total": 109}
    manuscripts = [r["delta"] for r in table.ledger
                   if r["player"] == ana and r["reason"].startswith(("a set", "manuscript"))]
    assert manuscripts == [16, 9, 1, 6, 5, 4, 3]
