"""Every cap of the rule text, each on a hand-worked case that comes out otherwise without it.

"Coins and guards are each capped at 20, influence at 15, and excess is lost." Points are
never negative: a player who has none loses nothing ("loses up to 1 point").
"""

from __future__ import annotations

import json

import replay
from replay.coimbra.catalog import load_catalog
from replay.coimbra.effects import HANDLERS
from replay.coimbra.new_table import new_table
from replay.coimbra.table import Table
from tests.conftest import FIXTURES

CAPS = json.loads((FIXTURES / "coimbra" / "legal" / "caps-2p.json").read_text())


def _rows(report: dict, event: int, player: str, resource: str) -> list[tuple]:
    return [(r["delta"], r["after"], r["reason"]) for r in report["ledger"]
            if (r["event"], r["player"], r["resource"]) == (event, player, resource)]


def _game() -> Table:
    return new_table(["ana", "bruno"], load_catalog())


def test_coins_stop_at_twenty_and_the_excess_is_lost():
    report = replay.replay(CAPS)
    # caps-2p.worked.md: ana has 19 coins when her orange5 distress at [37] gives two.
    assert _rows(report, 37, "ana", "coins") == [
        (1, 20, "distress action (+1 beyond the limit, lost)")]
    assert _rows(report, 39, "ana", "coins") == [
        (0, 20, "distress action (+2 beyond the limit, lost)")]
    assert report["state"]["ana"]["coins"] == 20


def test_guards_stop_at_twenty_and_the_excess_is_lost():
    report = replay.replay(CAPS)
    # bruno has 19 guards when his gray6 distress at [38] gives two; his income at [43] is lost.
    assert _rows(report, 38, "bruno", "guards") == [
        (1, 20, "distress action (+1 beyond the limit, lost)")]
    assert _rows(report, 43, "bruno", "guards") == [
        (0, 20, "income from gray6 on council (position 1) (+1 beyond the limit, lost)")]
    assert report["state"]["bruno"]["guards"] == 20


def test_the_capped_resources_are_what_the_leftovers_count():
    report = replay.replay(CAPS)
    no_crowns = {"tokens": 0, "favors": 0, "flag": 0}
    assert report["final"]["leftovers"] == {
        "ana": {"coins": 20, "guards": 20, "crowns": 0, "crowns_from": no_crowns},
        "bruno": {"coins": 20, "guards": 20, "crowns": 1, "crowns_from": {**no_crowns,
                                                                           "flag": 1}}}
    assert [(s["player"], s["points"]) for s in report["standings"]] == [("ana", 41),
                                                                       ("bruno", 41)]


def test_influence_stops_at_fifteen_and_a_disk_at_the_end_does_not_move():
    game = _game()
    assert game.change("ana", "council", 14, "test", "test") == 14
    assert game.change("ana", "council", 3, "three steps", "test") == 1
    assert game.state.players["ana"].influence["council"] == 15
    assert game.ledger[-1]["reason"] == "three steps (+2 beyond the limit, lost)"
    game.change("bruno", "council", 15, "test", "test")  # bruno reaches the end after ana
    # A further gain at the end does not move ana's disk: she still ranks ahead of bruno.
    assert game.change("ana", "council", 2, "two more", "test") == 0
    players = game.state.players
    assert players["ana"].arrived["council"] < players["bruno"].arrived["council"]


def test_a_player_without_points_loses_none():
    game = _game()
    game.change("ana", "points", 1, "test", "test")
    HANDLERS["steal_points"](game, "bruno", {"amount": 1}, "c2-24")
    HANDLERS["steal_points"](game, "bruno", {"amount": 1}, "c2-24")
    assert game.state.players["ana"].points == 0
    assert [(r["delta"], r["after"]) for r in game.ledger
            if r["source"] == "c2-24"] == [(-1, 0), (0, 0)]
    assert game.state.players["bruno"].points == 0
