"""The words that explain verdicts, each on a hand-worked case: why a turn is blamed on a
missing line, why a card is gone, why an ability paid nothing, how a tie on a track is told.

Mutation testing (``make mutation``) found these sentences unchecked; each test writes out in
full what a player should read.
"""

from __future__ import annotations

import copy
import json

import replay
from replay.coimbra.catalog import load_catalog
from replay.coimbra.claims import Claims
from replay.coimbra.engine import apply_event
from replay.coimbra.income import close_income
from replay.coimbra.new_table import new_table
from replay.coimbra.replayer import replay_to
from replay.coimbra.scoring import _influence_awards, _track_ranks
from replay.core.verdicts.ledger import LedgerRow
from tests.conftest import FIXTURES

LEGAL = FIXTURES / "coimbra" / "legal"


def _fixture(name: str) -> dict:
    return json.loads((LEGAL / f"{name}.json").read_text())


def _first_violation(log: dict) -> tuple[str, int, str]:
    v = replay.replay(log, mode="audit")["violations"][0]
    return v["rule"], v["event"], v["message"]


# -- Draft turns: a missing line or a wrong player ---------------------------------------

# game-3p, round one: turn order carla, ana, bruno; nine picks at events 9-17, the last two
# ana's gray6 (event 16, pick 8 of 9) and bruno's purple6 (event 17, pick 9 of 9).

def test_a_missing_second_to_last_pick_is_blamed_on_the_missing_line():
    # With ana's pick deleted, bruno's purple6 comes where ana was due; bruno is the player
    # right after her and a pick is still left for him, so the line missing is ana's.
    log = _fixture("game-3p")
    assert log["events"][16] == {"type": "place", "player": "ana", "die": "gray6", "to": "lower"}
    del log["events"][16]
    assert _first_violation(log) == (
        "coimbra.draft.turn", 16,
        "a line is missing before event 16: it was ana's turn to take a die, then bruno's")


def test_the_last_pick_by_the_wrong_player_is_not_a_missing_line():
    # The ninth and last pick is bruno's. carla comes right after bruno in the order, but no
    # pick is left after bruno's: no line can be missing, carla simply played out of turn.
    log = _fixture("game-3p")
    assert log["events"][17]["player"] == "bruno"
    log["events"][17]["player"] = "carla"
    assert _first_violation(log) == (
        "coimbra.draft.turn", 17, "it is bruno's turn to take a die")


# -- Why a card is not on display ----------------------------------------------------------

def test_a_card_left_when_its_row_finished_says_so_and_where():
    # game-2p: c2-02 (Gonçalo Pires) was left in the upper row when bruno's recruit at event 18
    # finished it, and discarded then. In round two bruno writes it for his gray3 instead
    # of c2-06: the card was not taken and no neutral token discarded it.
    log = _fixture("game-2p")
    report = replay.replay(copy.deepcopy(log))
    assert {"event": 18, "round": 1, "row": "upper", "card": "c2-02",
            "reason": "left in the row when it finished"} in report["discards"]
    assert log["events"][44]["card"] == "c2-06"
    log["events"][44]["card"] = "c2-02"
    assert _first_violation(log) == (
        "coimbra.city.row", 44,
        "c2-02 (Gonçalo Pires) cannot be taken with a die in the upper: it is not on display: "
        "it was left in its row when the row finished, and discarded at event 18")


# -- Mixed payment without the mix written --------------------------------------------------

def test_an_unwritten_mix_for_a_guards_card_assumes_the_guards_first_then_coins():
    # Variant "mixed-payment": a character may be paid with coins and guards together. bruno's
    # gray5 recruits c2-05 (Álvaro Serrão, paid in guards) at event 19 with 3 guards and 5
    # coins: legal, but the log does not say the mix, so 3 guards and then 2 coins are assumed.
    log = _fixture("game-2p")
    log["header"]["variants"] = ["mixed-payment"]
    event = log["events"][19]
    assert event == {"type": "recruit", "player": "bruno", "card": "c2-05", "die": "gray5"}
    game = replay_to(replay.load_log(log), 18)
    bruno = game.state.players["bruno"]
    bruno.guards, bruno.coins = 3, 5
    apply_event(game, 19, event, Claims())
    assert game.judge.violations == []
    warning = {k: v for k, v in game.warnings[-1].items() if k != "words"}  # words: a phrase
    assert warning == {"event": 19, "message": (
        "bruno paid 5 for c2-05 (Álvaro Serrão) with only 3 guards: the log does not say how "
        "the rest was paid (write pay=coins:N,guards:N); assumed 3 guards and 2 coins")}
    paid = [(r["resource"], r["delta"], r["after"], r["reason"], r["source"]) for r in game.ledger
            if r["event"] == 19 and r["reason"].startswith("paid for")]
    assert paid == [("guards", -3, 0, "paid for c2-05", "c2-05"),
                    ("coins", -2, 3, "paid for c2-05 (mix assumed)", "c2-05")]


# -- Phase-E abilities that did not pay ------------------------------------------------------

def test_each_phase_e_ability_that_did_not_pay_leaves_a_ledger_row_saying_why():
    # Phase E: a character's income ability pays only when its die condition holds. Each
    # player here holds one conditional character and broke its condition this round; the
    # ledger shows a row of no change in the resource the ability would have paid, with the
    # player's holding unchanged, the round, the phase and the card that did not pay.
    game = new_table(["ana", "bruno", "carla", "dora"], load_catalog())
    state = game.state
    holdings = {  # character, dice this round, (coins, guards, points)
        "ana": ("c2-03", ["gray3", "orange2", "white1"], (1, 4, 7)),  # 2 guards, no gray die
        "bruno": ("c2-09", ["gray2", "purple5", "green4"], (6, 2, 3)),  # 2 coins, an orange one
        "carla": ("c2-21", ["gray6", "orange1", "purple2"], (0, 0, 9)),  # 2 points, a green one
        "dora": ("c2-15", ["purple3", "gray5", "green6"], (2, 3, 5)),  # a step, no purple die
    }
    for name, (card, dice, (coins, guards, points)) in holdings.items():
        player = state.players[name]
        player.characters = [card]
        player.dice = list(dice)
        player.income_used = list(dice)  # every die was activated: no breach here
        player.coins, player.guards, player.points = coins, guards, points
    state.round, game.phase, state.cursor = 2, "E", 0
    game.event = 40  # the first event of phase F, which closes phase E
    close_income(game)
    assert state.cursor == len(state.order)  # every income turn is over
    assert game.ledger == [
        _row(40, "ana", "guards", 0, 4,
             "phase-E ability of c2-03 (Rui Teixeira) did not pay: ana held a gray die "
             "this round (it pays only without one)", 2, "E", "c2-03"),
        _row(40, "bruno", "coins", 0, 6,
             "phase-E ability of c2-09 (Simão Rebelo) did not pay: bruno held no orange "
             "die this round (it pays only with one)", 2, "E", "c2-09"),
        _row(40, "carla", "points", 0, 9,
             "phase-E ability of c2-21 (Licenciado Brás) did not pay: carla held no green "
             "die this round (it pays only with one)", 2, "E", "c2-21"),
        # Pilgrim steps are no resource of the ledger: the row stands in points.
        _row(40, "dora", "points", 0, 5,
             "phase-E ability of c2-15 (Padre Jerónimo) did not pay: dora held a purple "
             "die this round (it pays only without one)", 2, "E", "c2-15"),
    ]



def _row(event, player, resource, delta, after, reason, round_, phase, source) -> LedgerRow:
    """A ledger row of the report, its fields in the order they are listed."""
    return LedgerRow(event=event, player=player, resource=resource, delta=delta, after=after,
                     reason=reason, round=round_, phase=phase, source=source)

def test_an_influence_gain_that_did_not_pay_is_shown_on_its_track_unless_it_pays_points():
    # A GAIN of the effect vocabulary may be influence alone: the row of no change stands on
    # the track it would have moved, at the disk's position. A gain of points and influence
    # stands in points, the first thing it pays (coins, guards, points, then tracks).
    game = new_table(["ana", "bruno"], load_catalog())
    ana = game.state.players["ana"]
    ana.influence["clergy"], ana.points = 6, 11
    game.phase, game.event = "E", 12
    game.unpaid("ana", {"influence": {"clergy": 2}}, "an ability did not pay", "m2-08")
    game.unpaid("ana", {"points": 1, "influence": {"clergy": 1}}, "another did not pay",
                "m2-08")
    assert game.ledger == [
        _row(12, "ana", "clergy", 0, 6, "an ability did not pay", 0, "E", "m2-08"),
        _row(12, "ana", "points", 0, 11, "another did not pay", 0, "E", "m2-08")]


# -- Ties on a track --------------------------------------------------------------------------

def test_four_players_on_one_space_are_told_first_to_fourth_to_arrive():
    # Rules, end-game scoring: on a shared space the disk below (the earlier arrival) ranks
    # ahead. All four players reached council space 5, dora first and ana last.
    game = new_table(["ana", "bruno", "carla", "dora"], load_catalog())
    game.state.scoring_tiles = {"council": "st-1", "merchant": "st-2", "clergy": "st-3",
                                "scholar": "st-4"}
    for name, arrived in (("ana", 4), ("bruno", 2), ("carla", 3), ("dora", 1)):
        player = game.state.players[name]
        player.influence["council"] = 5
        player.arrived["council"] = arrived
    ranks = _track_ranks(game, _influence_awards(game))["council"]
    assert [(r["player"], r["arrival"]) for r in ranks] == [
        ("dora", "1st of 4 to reach space 5"), ("bruno", "2nd of 4 to reach space 5"),
        ("carla", "3rd of 4 to reach space 5"), ("ana", "4th of 4 to reach space 5")]


def test_an_unwritten_mix_counts_one_coin_and_one_guard_in_the_singular():
    # The same recruit (c2-05 costs 5, paid in guards) with 4 guards and 1 guard short:
    # "assumed 4 guards and 1 coin", and with 1 guard: "with only 1 guard".
    log = _fixture("game-2p")
    log["header"]["variants"] = ["mixed-payment"]
    event = log["events"][19]
    for guards, *words in ((4, "with only 4 guards: ", "assumed 4 guards and 1 coin"),
                           (1, "with only 1 guard: ", "assumed 1 guard and 4 coins")):
        game = replay_to(replay.load_log(log), 18)
        bruno = game.state.players["bruno"]
        bruno.guards, bruno.coins = guards, 5
        apply_event(game, 19, event, Claims())
        message = game.warnings[-1]["message"]
        assert words[0] in message and message.endswith(words[1]), message
