"""Details of the rule text that the complete fixtures do not reach, each on a hand-worked case.

Mutation testing (``make mutation``) found these holes. The base is the hand-checked first
round in ``fixtures/coimbra/legal/round-one-2p.json`` (see its ``.worked.md``) or a
hand-set situation; each test states the outcome worked out from the rule text.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

import replay
from replay.coimbra.catalog import load_catalog
from replay.coimbra.effects import HANDLERS, count
from replay.coimbra.new_table import new_table
from replay.coimbra.table import Table
from tests.coimbra.logs import index_of
from tests.conftest import FIXTURES

ROUND_ONE = json.loads((FIXTURES / "coimbra" / "legal" / "round-one-2p.json").read_text())
GAME_2P = FIXTURES / "coimbra" / "legal" / "game-2p.json"


def round_one() -> dict:
    """round-one-2p without its end-of-round checks."""
    log = copy.deepcopy(ROUND_ONE)
    log["events"] = [e for e in log["events"] if e["type"] != "check"]
    return log


def _demo_catalog(catalog_id: str) -> dict:
    """The demo catalog's document under a new id, to be changed into a transcribed catalog."""
    catalog = json.loads((Path(replay.__file__).parent / "coimbra" / "data" /
                          "coimbra-demo.json").read_text())
    catalog["meta"]["id"] = catalog_id
    return catalog


def _printing(log: dict, tile: str) -> dict:
    """The log without its declaration of ``tile``'s effects (its other declared values
    kept): the transcribed catalog's effects of that tile are the ones judged."""
    del log["components"][tile]["effects"]
    return log


def _game(players=("ana", "bruno", "carla")) -> Table:
    return new_table(list(players), load_catalog())


def _rows(report: dict, event: int) -> list[tuple]:
    return [(r["player"], r["resource"], r["delta"]) for r in report["ledger"]
            if r["event"] == event]


# -- Effects ------------------------------------------------------------------------------

def test_steal_points_takes_the_amount_printed_from_every_other_player():
    game = _game()
    for name in ("ana", "bruno", "carla"):
        game.change(name, "points", 5, "test", "test")
    HANDLERS["steal_points"](game, "bruno", {"amount": 2}, "c2-24")
    HANDLERS["steal_points"](game, "bruno", {}, "c2-24")  # no amount printed: one point
    points = {name: p.points for name, p in game.state.players.items()}
    assert points == {"ana": 2, "bruno": 5, "carla": 2}
    assert [r["reason"] for r in game.ledger if r["source"] == "c2-24"] == ["taken by c2-24"] * 4


@pytest.mark.parametrize(("params", "taken"), [
    ({"amount": 3}, -3),  # the catalog prints 3: ana 7 -> 4
    (None, -1),           # the catalog prints no amount: one point, ana 7 -> 6
])
def test_a_recruited_steal_points_card_takes_what_its_catalog_prints(params, taken):
    # game-2p [46]: bruno recruits c2-24, whose immediate ability takes points from every
    # other player, while ana has 7 points (game-2p.worked.md: "steal_points: ana 7 -> 6",
    # the demo catalog printing 1). The amount is the catalog's, read when the card is taken.
    catalog = _demo_catalog("demo-steal-points")
    [effect] = next(c for c in catalog["characters"] if c["id"] == "c2-24")["effects"]
    effect.pop("params")
    if params is not None:
        effect["params"] = params
    log = json.loads(GAME_2P.read_text())
    i = index_of(log, type="recruit", card="c2-24")
    report = replay.replay(log, catalog=catalog)
    assert [row for row in _rows(report, i) if row[0] == "ana"] == [("ana", "points", taken)]


def test_a_gain_of_nothing_in_one_resource_still_gives_the_next():
    # Rules, "Retrieval and actions": a castle die takes a favor tile and applies its
    # immediate reward. A transcribed catalog whose fav-1 prints 0 coins and 2 guards: ana's
    # purple4 takes it in round-one-2p and gains the 2 guards (the 0 coins write no row).
    catalog = _demo_catalog("demo-zero-coins")
    favor = next(f for f in catalog["favors"] if f["id"] == "fav-1")
    favor["effects"] = [{"kind": "gain", "when": "immediate", "gain": {"coins": 0, "guards": 2}}]
    log = _printing(round_one(), "fav-1")
    i = index_of(log, type="favor", tile="fav-1")
    assert _rows(replay.replay(log, catalog=catalog), i) == [("ana", "guards", 2)]


@pytest.mark.parametrize("steps, lost", [(2, "2 steps from fav-2 are lost"),
                                         (1, "1 step from fav-2 is lost")])
def test_steps_gained_before_a_pilgrim_is_on_the_map_are_lost_with_a_warning(steps, lost):
    # Rules, "Personal setup": a pilgrim enters the map by occupying a starting corner. Here
    # ana's corner choice [2] is missing, so bruno's corner comes in her turn and is skipped:
    # nobody has a pilgrim. bruno's fav-2 gives its steps (2 as the demo catalog prints it,
    # 1 in a transcribed copy) with no pilgrim to walk them.
    catalog = _demo_catalog("demo-one-step")
    favor = next(f for f in catalog["favors"] if f["id"] == "fav-2")
    favor["effects"] = [{"kind": "gain", "when": "immediate", "gain": {"pilgrim": steps}}]
    log = _printing(round_one(), "fav-2")
    del log["events"][index_of(log, type="start", corner="corner-nw")]
    i = index_of(log, type="favor", tile="fav-2")
    report = replay.replay(log, mode="audit", catalog=catalog)
    assert [w["message"] for w in report["warnings"] if w["event"] == i] == [
        f"bruno has no pilgrim on the map yet: {lost}"]


def test_tracks_at_least_counts_a_track_exactly_at_the_threshold():
    game = _game()
    ana = game.state.players["ana"]
    ana.influence.update(council=8, merchant=7, clergy=9, scholar=15)
    assert count("tracks_at_least:8", game, ana) == 3


def test_an_unknown_counter_is_named_in_the_error():
    game = _game()
    with pytest.raises(ValueError, match="unknown counter crowns"):
        count("crowns", game, game.state.players["ana"])


# -- Distress -----------------------------------------------------------------------------

def test_distress_may_take_no_coins_or_no_guards():
    # "gain up to two coins and up to two guards": ana's gray5 takes 0 coins and 2 guards.
    log = round_one()
    i = index_of(log, type="recruit", card="c2-07")
    log["events"][i] = {"type": "distress", "player": "ana", "coins": 0, "guards": 2}
    report = replay.replay(log, mode="audit")
    assert _rows(report, i) == [("ana", "guards", 2)]
    log["events"][i] = {"type": "distress", "player": "ana", "coins": 2, "guards": 0}
    assert _rows(replay.replay(log, mode="audit"), i) == [("ana", "coins", 2)]


@pytest.mark.parametrize(("coins", "guards", "found", "rows"), [
    # -1 coins is out of range: no coin, the 2 guards as played.
    (-1, 2, "-1 coins, 2 guards", [("ana", "guards", 2)]),
    # "up to two coins and up to two guards": 3 coins and -1 guards are both out of range;
    # as played within what distress can give, ana gains 2 coins and no guard.
    (3, -1, "3 coins, -1 guards", [("ana", "coins", 2)]),
])
def test_a_distress_out_of_range_is_a_violation_and_gives_what_distress_can(coins, guards,
                                                                            found, rows):
    log = round_one()
    i = index_of(log, type="recruit", card="c2-07")
    log["events"][i] = {"type": "distress", "player": "ana", "coins": coins, "guards": guards}
    report = replay.replay(log, mode="audit")
    assert [(v["rule"], v["event"], v["found"]) for v in report["violations"]][:1] == [
        ("coimbra.distress.amount", i, found)]
    assert _rows(report, i) == rows


def test_a_fourth_die_for_one_player_is_refused_and_charged_to_that_player():
    # Rules, "Drafting and placement": in player order each takes one die at a time "until
    # everyone has placed three dice". After her third (green1), ana writes a fourth place,
    # orange2 (the die nobody drafts), where bruno's third pick is due: out of turn, and a
    # fourth die, so it is not placed. bruno's gray3 is then his third pick as the log has it
    # and the round goes on as hand-checked. The skipped event is ana's: bruno's distress for
    # three coins (in place of his recruit) breaks a rule of its own, not following from it.
    log = round_one()
    i = index_of(log, type="place", die="gray3")
    log["events"].insert(i, {"type": "place", "player": "ana", "die": "orange2", "to": "upper"})
    recruit = index_of(log, type="recruit", player="bruno")
    log["events"][recruit] = {"type": "distress", "player": "bruno", "coins": 3}
    report = replay.replay(log, mode="audit")
    assert [(v["rule"], v["event"], v["message"], v.get("follows_from"), v["applied"])
            for v in report["violations"]] == [
        ("coimbra.draft.turn", i, "it is bruno's turn to take a die", None, True),
        ("coimbra.draft.turn", i, "ana has already placed three dice", None, False),
        ("coimbra.distress.amount", recruit,
         "distress for 3 coins and 2 guards: at most two of each", None, True)]


def test_a_missing_place_line_is_named_with_whose_turn_it_was_and_whose_line_came():
    # 3 players: the second place of round one is left out, so the third player's place
    # comes where the second player's was due (one line missing, not a wrong turn).
    log = json.loads((FIXTURES / "coimbra" / "legal" / "game-3p.json").read_text())
    places = [i for i, e in enumerate(log["events"]) if e["type"] == "place"]
    missing, came = log["events"][places[1]]["player"], log["events"][places[2]]["player"]
    del log["events"][places[1]]
    first = replay.replay(log)["violations"][0]
    assert (first["rule"], first["event"], first["expected"], first["found"]) == (
        "coimbra.draft.turn", places[1], f"a place by {missing}", f"a place by {came}")
    assert f"it was {missing}'s turn to take a die, then {came}'s" in first["message"]
    # The missing line is ana's (purple1 to the castle): her favor with purple1 follows from
    # it. bruno's line came in its place rightly: his distress for three coins (in place of
    # his recruit of c2-19) is a violation of its own.
    assert (missing, came) == ("ana", "bruno")
    favor = index_of(log, type="favor", die="purple1")
    distress = index_of(log, type="recruit", card="c2-19")
    log["events"][distress] = {"type": "distress", "player": "bruno", "coins": 3}
    follows = {v["event"]: v.get("follows_from")
               for v in replay.replay(log, mode="audit")["violations"]}
    assert (follows[favor], follows[distress]) == (places[1], None)


def test_a_distress_out_of_order_breaks_resolution_order_and_uses_the_players_own_die():
    # The castle resolves white3 (bruno), gray3 (bruno), purple4 (ana): ana cannot go first.
    log = round_one()
    i = index_of(log, type="favor", tile="fav-4")
    log["events"].insert(i, {"type": "distress", "player": "ana"})
    report = replay.replay(log, mode="audit")
    first = report["violations"][0]
    assert (first["rule"], first["event"]) == ("coimbra.resolve.order", i)
    assert first["expected"] == "bruno's white3 in the castle"
    assert first["found"] == "ana"  # the event names no die
    assert _rows(report, i) == [("ana", "coins", 2), ("ana", "guards", 2)]


def test_a_die_written_on_a_resolution_must_be_the_next_one():
    # The castle resolves white3 (bruno) first, then gray3 (bruno): bruno's favor fav-4 is
    # taken with white3. Written with gray3, it names his die that is not next.
    log = round_one()
    i = index_of(log, type="favor", tile="fav-4")
    log["events"][i]["die"] = "white3"
    assert replay.replay(log)["violations"] == []
    log["events"][i]["die"] = "gray3"
    first = replay.replay(log, mode="audit")["violations"][0]
    assert (first["rule"], first["event"], first["expected"], first["found"]) == (
        "coimbra.resolve.order", i, "bruno's white3 in the castle", "bruno gray3")
    # Played as written, fav-4 used gray3, so white3 is still next: bruno's fav-2 written
    # with white3 is then in order, and the swap is one violation, not two.
    log["events"][i + 1]["die"] = "white3"
    assert [(v["rule"], v["event"]) for v in replay.replay(log, mode="audit")["violations"]] \
        == [("coimbra.resolve.order", i)]


def test_a_later_violation_of_the_same_player_follows_from_a_skipped_event():
    # Before her favor, ana writes one for an unknown tile (skipped); her later distress for
    # three coins is marked as following from it, bruno's events are not.
    log = round_one()
    favor = index_of(log, type="favor", player="ana")
    log["events"].insert(favor, {"type": "favor", "player": "ana", "tile": "fav-9"})
    distress = index_of(log, type="recruit", card="c2-07")
    log["events"][distress] = {"type": "distress", "player": "ana", "coins": 3}
    report = replay.replay(log, mode="audit")
    found = [(v["rule"], v["event"], v.get("follows_from")) for v in report["violations"]]
    assert found == [("coimbra.log.component", favor, None),
                     ("coimbra.distress.amount", distress, favor)]


# -- Income -------------------------------------------------------------------------------

def test_a_die_left_without_income_is_named_when_the_next_phase_begins():
    # ana does not activate green1 (scholar 1 -> 1 point); bruno's investment ends phase E.
    log = round_one()
    log["events"].pop(index_of(log, type="income", die="green1"))
    invest = index_of(log, type="invest", player="bruno")
    report = replay.replay(log, mode="audit")
    [violation] = report["violations"]
    assert (violation["rule"], violation["event"]) == ("coimbra.income.die", invest)
    assert violation["message"] == "ana did not activate green1"
    assert (violation["expected"], violation["found"]) == ("three income activations", "2")
    assert report["state"]["ana"]["points"] == 2  # round-one-2p.worked.md: 3 with green1
    # The violation is ana's: it follows from an earlier skipped event of hers.
    stray = index_of(log, type="income", player="ana")
    log["events"].insert(stray, {"type": "move", "player": "ana", "path": ["nowhere"]})
    report = replay.replay(log, mode="audit")
    assert report["violations"][-1]["follows_from"] == stray


def test_the_last_round_is_scored_even_when_its_income_is_unfinished():
    # The same gap in round four: the log ends after phase E's events, so final scoring
    # closes phase E itself and names the die.
    log = json.loads(GAME_2P.read_text())
    fourth = index_of(log, type="deal", round=4)
    log["events"] = log["events"][:fourth] + [
        e for e in log["events"][fourth:] if e["type"] not in ("invest", "pass", "final")]
    last = max(i for i, e in enumerate(log["events"]) if e["type"] == "income")
    die, player = log["events"][last]["die"], log["events"][last]["player"]
    log["events"].pop(last)
    report = replay.replay(log, mode="audit")
    assert [(v["rule"], v["message"]) for v in report["violations"]] == [
        ("coimbra.income.die", f"{player} did not activate {die}")]
    assert report["final"] is not None
    assert report["reached"]["phase"] == "final"


def test_a_player_who_took_income_out_of_turn_is_done_when_the_turn_comes():
    # ana takes her three incomes before bruno (each out of turn); after bruno's third,
    # ana has nothing left to activate, so phase E is over and phase F is next.
    log = round_one()
    events = log["events"]
    first = index_of(log, type="income")
    ana = [e for e in events[first:first + 7] if e["player"] == "ana"]
    bruno = [e for e in events[first:first + 7] if e["player"] == "bruno"]
    log["events"] = events[:first] + ana + bruno
    report = replay.replay(log, mode="audit")
    assert [(v["rule"], v["event"]) for v in report["violations"]] == [
        ("coimbra.income.turn", first), ("coimbra.income.turn", first + 1),
        ("coimbra.income.turn", first + 3)]
    reached = {k: v for k, v in report["reached"].items() if k != "words"}
    assert reached == {"round": 1, "phase": "F",
                       "expected_next": "invest, pass, or the next round's deal"}


def test_a_white_die_on_no_track_is_skipped_and_the_four_tracks_are_named():
    log = round_one()
    i = index_of(log, type="income", die="white3")
    log["events"][i]["track"] = "gold"
    report = replay.replay(log, mode="audit")
    violation = report["violations"][0]
    assert (violation["rule"], violation["event"], violation["applied"]) == (
        "coimbra.income.track", i, False)
    assert violation["message"] == "a white die names one of the four tracks"
    assert violation["expected"] == "council, merchant, clergy, scholar"
    assert _rows(report, i) == []


# -- Paying for a character ---------------------------------------------------------------
# round-one-2p: bruno's orange6 recruits c2-04 (cost icon coins, so 6 coins) at the first
# recruit; ana's green1 recruits c2-19 (coins, 1) at the last.

def _recruit(log: dict, card: str, pay: dict | None = None, variants=(), **purse) -> dict:
    """The first violation (or None), the ledger rows and the warnings when ``card``'s recruit
    is paid."""
    log["header"]["variants"] = list(variants)
    i = index_of(log, type="recruit", card=card)
    if pay is not None:
        log["events"][i]["pay"] = pay
    game = _apply_with(log, i, **purse)
    rows = [(r["resource"], r["delta"]) for r in game.ledger
            if r["event"] == i and r["reason"].startswith("paid for")]
    return {"violation": game.judge.violations[0] if game.judge.violations else None,
            "paid": rows, "warnings": [w["message"] for w in game.warnings if w["event"] == i]}


def _apply_with(log: dict, index: int, **purse):
    """Replay up to event ``index - 1``, set the acting player's purse, apply event ``index``."""
    import contextlib

    from replay.coimbra.claims import Claims
    from replay.coimbra.engine import apply_event
    from replay.coimbra.replayer import replay_to
    from replay.core.logs.log import load_log
    from replay.core.verdicts.judge import StopReplay

    game = replay_to(load_log(log), index - 1)
    player = game.state.players[log["events"][index]["player"]]
    for resource, amount in purse.items():
        setattr(player, resource, amount)
    game.judge.strict = True
    with contextlib.suppress(StopReplay):
        apply_event(game, index, log["events"][index], Claims())
    return game


@pytest.mark.parametrize(("pay", "purse", "paid"), [
    ({"guards": 6}, {"coins": 9, "guards": 6}, [("guards", -6)]),  # no coins written: none
    ({"coins": 6}, {"coins": 6, "guards": 7}, [("coins", -6)]),    # no guards written: none
    ({"coins": 2, "guards": 4}, {"coins": 2, "guards": 4}, [("coins", -2), ("guards", -4)]),
])
def test_a_mixed_payment_writes_the_mix_and_may_spend_all_that_is_held(pay, purse, paid):
    result = _recruit(round_one(), "c2-04", pay, ["mixed-payment"], **purse)
    assert result["violation"] is None
    assert result["paid"] == paid


def test_a_mixed_payment_cannot_spend_more_coins_than_are_held():
    result = _recruit(round_one(), "c2-04", {"coins": 2, "guards": 4}, ["mixed-payment"],
                      coins=1, guards=10)
    violation = result["violation"]
    assert violation.rule == "coimbra.city.payment"
    assert violation.message == "c2-04 costs 6, paid from 1 coins and 10 guards"
    assert (violation.expected, violation.found) == ("6", "2 coins + 4 guards")


@pytest.mark.parametrize(("coins", "guards", "legal_under"), [
    (4, 2, "mixed-payment"),  # 4 + 2 = 6: enough as a mix
    (4, 1, None),             # 5: not even as a mix
])
def test_too_few_coins_names_mixed_payment_only_when_a_mix_would_pay(coins, guards, legal_under):
    violation = _recruit(round_one(), "c2-04", coins=coins, guards=guards)["violation"]
    assert violation.rule == "coimbra.city.payment"
    assert violation.message == f"c2-04 (Vasco Quintela) costs 6 coins but bruno has {coins}"
    assert violation.legal_under == legal_under


def test_under_mixed_payment_a_short_purse_without_pay_is_a_recording_warning():
    # Legal at the table (4 coins + 2 guards); the log only fails to say the mix.
    result = _recruit(round_one(), "c2-04", variants=["mixed-payment"], coins=4, guards=5)
    assert result["violation"] is None
    assert sorted(result["paid"]) == [("coins", -4), ("guards", -2)]


@pytest.mark.parametrize(("coins", "guards", "paid", "warned"), [
    (6, 0, [("coins", -6)], False),                 # exactly 6 coins: the default payment
    (4, 2, [("coins", -4), ("guards", -2)], True),  # 4 + 2 is exactly 6: a mix, unwritten
])
def test_under_mixed_payment_a_purse_of_exactly_the_value_pays(coins, guards, paid, warned):
    # VARIANTS.md, mixed-payment: any mix totalling the die's value (bruno's orange6 on c2-04,
    # a coin card). Without `pay`, a mix is assumed (and the log warned) only when the coins
    # alone fall short; a purse of exactly 6 in either form pays without a violation.
    result = _recruit(round_one(), "c2-04", variants=["mixed-payment"], coins=coins,
                      guards=guards)
    assert result["violation"] is None
    assert sorted(result["paid"]) == paid
    assert result["warnings"] == ([
        "bruno paid 6 for c2-04 (Vasco Quintela) with only 4 coins: the log does not say how "
        "the rest was paid (write pay=coins:N,guards:N); assumed 4 coins and 2 guards"]
        if warned else [])


def test_a_payment_written_in_the_cards_resource_alone_is_the_default():
    assert _recruit(round_one(), "c2-04", {"coins": 6, "guards": 0})["violation"] is None
    violation = _recruit(round_one(), "c2-19", {"guards": 0})["violation"]  # 0 of 1 coin
    assert (violation.rule, violation.message) == ("coimbra.city.payment",
                                                   "c2-19 is paid entirely in coins")
    violation = _recruit(round_one(), "c2-04", {"coins": 3, "guards": 3})["violation"]
    assert (violation.expected, violation.found) == ("6 coins", "3 coins + 3 guards")


@pytest.mark.parametrize(("variants", "pay", "message"), [
    # VARIANTS.md, mixed-payment: a mix must total the die's value; 3 + 4 is 7, not 6.
    (["mixed-payment"], {"coins": 3, "guards": 4},
     "c2-04 costs 6, paid from 9 coins and 7 guards"),
    # Rules, "Retrieval and actions": by default the card's resource alone (coins) pays.
    ([], {"coins": 3, "guards": 3}, "c2-04 is paid entirely in coins"),
])
def test_a_payment_breach_is_charged_to_the_payer_and_follows_from_their_skipped_event(
        variants, pay, message):
    # bruno's orange6 takes c2-04 (6 coins). The breach is bruno's, so it may follow from
    # bruno's earlier event that could not be applied (a pilgrim move to no known place).
    log = round_one()
    log["header"]["variants"] = variants
    i = index_of(log, type="recruit", card="c2-04")
    log["events"][i]["pay"] = pay
    log["events"].insert(i, {"type": "move", "player": "bruno", "path": ["nowhere"]})
    report = replay.replay(log, mode="audit")
    violation = next(v for v in report["violations"] if v["rule"] == "coimbra.city.payment")
    assert (violation["event"], violation["message"]) == (i + 1, message)
    assert violation["follows_from"] == i


# -- Wrong components and wrong locations --------------------------------------------------

@pytest.mark.parametrize(("selector", "field", "bad", "what"), [
    ({"type": "favor", "player": "ana"}, "tile", "fav-9", "favor tile"),
    ({"type": "recruit", "card": "c2-07"}, "card", "c2-99", "character"),
    ({"type": "invest", "player": "ana"}, "voyage", "v-99", "voyage"),
])
def test_an_unknown_component_is_named_and_charged_to_its_player(selector, field, bad, what):
    log = round_one()
    i = index_of(log, **selector)
    log["events"][i][field] = bad
    log["events"].insert(i, {"type": "move", "player": "ana", "path": ["nowhere"]})
    report = replay.replay(log, mode="audit")
    violation = next(v for v in report["violations"] if v["event"] == i + 1)
    assert violation["rule"] == "coimbra.log.component"
    assert violation["message"].startswith(f"unknown {what} '{bad}' in catalog coimbra-demo")
    assert violation["follows_from"] == i and not violation["applied"]


def test_a_castle_die_cannot_recruit():
    log = round_one()
    i = index_of(log, type="favor", player="ana")
    log["events"][i] = {"type": "recruit", "player": "ana", "card": "c2-07"}
    log["events"].insert(i, {"type": "move", "player": "ana", "path": ["nowhere"]})
    report = replay.replay(log, mode="audit")
    violation = next(v for v in report["violations"] if v["event"] == i + 1)
    assert (violation["rule"], violation["message"]) == (
        "coimbra.city.row", "a castle die takes a favor, not a character")
    assert violation["follows_from"] == i and not violation["applied"]


def test_a_city_die_cannot_take_a_favor():
    log = round_one()
    i = index_of(log, type="recruit", card="c2-07")
    log["events"][i] = {"type": "favor", "player": "ana", "tile": "fav-3"}
    report = replay.replay(log, mode="audit")
    violation = report["violations"][0]
    assert (violation["rule"], violation["event"], violation["applied"]) == (
        "coimbra.castle.favor", i, False)
    assert violation["message"] == "a favor is taken with a castle die, not from the central"
    assert _rows(report, i) == []  # fav-3's two points are not given


@pytest.mark.parametrize(("taken", "expected"), [
    (["fav-1", "fav-2", "fav-3", "fav-4"], "no favor tile is left: only distress"),
    (["fav-1", "fav-2", "fav-3"], "fav-4 (Favor do Almirante)"),
])
def test_a_favor_already_taken_names_the_tiles_still_available(taken, expected):
    # caps-2p round 1: all six dice go to the castle (orange1, white1, gray2, orange4, gray5,
    # green6). Rules, "Shared setup": four favor tiles are displayed; a castle die takes "an
    # available favor tile". Here the first dice take the tiles listed, then ana's gray5 writes
    # fav-3, already taken: the violation is hers and names what is left. Her die is used up
    # all the same (as a recruit of a card gone): the dice after it resolve in order.
    log = json.loads((FIXTURES / "coimbra" / "legal" / "caps-2p.json").read_text())
    events = log["events"]
    first = index_of(log, type="distress")
    for i, tile in enumerate(taken, start=first):
        events[i] = {"type": "favor", "player": events[i]["player"], "tile": tile,
                     "die": events[i]["die"]}
    if "fav-4" in taken:  # its holder chooses 7 guards or 7 coins at once
        at = index_of(log, type="favor", tile="fav-4")
        events.insert(at + 1, {"type": "choose", "player": events[at]["player"],
                               "take": "coins"})
    i = index_of(log, type="distress", die="gray5")
    events[i] = {"type": "favor", "player": "ana", "tile": "fav-3", "die": "gray5"}
    events.insert(i, {"type": "move", "player": "ana", "path": ["nowhere"]})  # ana's, skipped
    violations = replay.replay(log, mode="audit")["violations"]
    violation = next(v for v in violations if v["event"] == i + 1)
    assert (violation["rule"], violation["message"], violation["expected"],
            violation["found"], violation.get("follows_from"), violation["applied"]) == (
        "coimbra.castle.favor", "fav-3 (Favor do Reitor) has already been taken", expected,
        "fav-3", i, False)
    later = [v for v in violations if v["event"] > i + 1]
    assert not [v for v in later if v["rule"] in ("coimbra.resolve.order", "coimbra.log.order")]
    assert all(v.get("follows_from") == i for v in later)  # turn order moved by the tiles


def test_a_recruit_of_a_card_gone_says_who_took_it_and_what_the_row_still_offers():
    # Rules, "Retrieval and actions": a city die acquires a character "from that location's
    # row". round-one-2p: ana took c2-07 from the central row at [18]; her green1 in the lower
    # row then writes c2-07 again. The lower row still shows c2-14, c2-19 and c2-20 (token 5
    # discarded c2-13). The violation is ana's, and her die is used up all the same: nothing
    # after it breaks a rule (the row finishes, income and investments go on).
    log = round_one()
    i = index_of(log, type="recruit", card="c2-19")
    log["events"][i]["card"] = "c2-07"
    log["events"].insert(i, {"type": "move", "player": "ana", "path": ["nowhere"]})
    report = replay.replay(log, mode="audit")
    violation = next(v for v in report["violations"] if v["event"] == i + 1)
    assert (violation["rule"], violation["message"]) == (
        "coimbra.city.row", "c2-07 (Duarte Camelo) cannot be taken with a die in the lower: it "
                            "is not on display: ana took it at event 18")
    assert violation["expected"] == ("c2-14 (Irmã Benedita), c2-19 (Mestre Aurélio), "
                                     "c2-20 (Doutor Caetano)")
    assert (violation["found"], violation.get("follows_from"), violation["applied"]) == (
        "c2-07", i, False)
    assert [v["event"] for v in report["violations"]] == [i, i, i + 1]
    # Where the replay stops there (strict), the die is still the one expected next.
    del log["events"][i]
    stopped = replay.replay(log, mode="strict")
    assert stopped["violations"][0]["event"] == i
    assert stopped["reached"]["expected_next"].endswith("by ana with green1 in the lower")


def test_a_recruit_out_of_order_of_a_card_not_on_display_uses_a_city_die_not_the_castle_die():
    # Rules, "Retrieval and actions": a city die acquires a character, a castle die takes a
    # favor. ana writes a recruit of c3-01 (never dealt) while bruno's castle die is next; of
    # her three unresolved dice (purple4 castle, gray5 central, green1 lower) the recruit is
    # charged to a city die, the central gray5: the row is wrong, not the kind of die.
    log = round_one()
    i = index_of(log, type="favor", player="bruno")
    log["events"].insert(i, {"type": "recruit", "player": "ana", "card": "c3-01"})
    report = replay.replay(log, mode="audit")
    assert [(v["rule"], v["message"]) for v in report["violations"] if v["event"] == i] == [
        ("coimbra.resolve.order", "the next die to resolve is bruno's white3 in the castle"),
        ("coimbra.city.row", "c3-01 (Conde Henrique Valadares) cannot be taken with a die in the "
                             "central: it is not on display (it was not dealt this round)")]


def test_a_recruit_out_of_order_uses_the_die_in_the_cards_row():
    # ana recruits c2-19 (lower row) before bruno's upper die: out of order, and played with
    # her green1 in the lower row (not her gray5 in the central row), paying 1 coin.
    log = round_one()
    i = index_of(log, type="recruit", card="c2-04")
    moved = log["events"].pop(index_of(log, type="recruit", card="c2-19"))
    del moved["die"]  # the event does not say which die: the row decides
    log["events"].insert(i, moved)
    report = replay.replay(log, mode="audit")
    assert [(v["rule"], v["event"]) for v in report["violations"]] == [
        ("coimbra.resolve.order", i)]
    assert ("ana", "coins", -1) in _rows(report, i)


# -- Voyages ------------------------------------------------------------------------------

def test_a_turn_that_has_passed_when_every_player_has_had_theirs():
    log = round_one()
    i = index_of(log, type="invest", player="ana")
    log["events"][i + 1:i + 1] = [{"type": "pass", "player": "ana"},
                                  {"type": "invest", "player": "bruno", "voyage": "v-01"}]
    violation = replay.replay(log)["violations"][0]
    assert (violation["rule"], violation["event"]) == ("coimbra.voyage.turn", i + 2)
    assert violation["message"] == ("bruno's investment turn has passed; every player has had "
                                    "their turn")


@pytest.mark.parametrize(("player", "message"), [
    ("ana", "v-01 (Rota da Madeira) costs 2 coins but ana has 1"),
    ("bruno", "v-03 (Viagem a Cabo Verde) costs 2 coins (3 less 1 favor discount) but bruno "
              "has 1"),
])
def test_a_voyage_too_dear_names_its_cost_and_the_discount_only_when_there_is_one(player,
                                                                                 message):
    # Rules, "Voyage investment": pay the printed cost; a favor discount applies while the
    # favor is held. round-one-2p: ana invests in v-01 (2 coins, no discount); bruno in v-03
    # (3 coins less fav-4's 1). Each is left 1 coin.
    log = round_one()
    game = _apply_with(log, index_of(log, type="invest", player=player), coins=1)
    [violation] = game.judge.violations
    assert (violation.rule, violation.message, violation.expected, violation.found) == (
        "coimbra.voyage.payment", message, "2", "1")


def test_two_investments_allowed_means_a_third_breaks_the_limit():
    # game-3p round 2: ana may invest twice (m2-06) and does, in v-08 and v-15 ([80], [82]).
    log = json.loads((FIXTURES / "coimbra" / "legal" / "game-3p.json").read_text())
    log["events"].insert(83, {"type": "invest", "player": "ana", "voyage": "v-10"})
    violation = replay.replay(log)["violations"][0]
    assert (violation["rule"], violation["event"]) == ("coimbra.voyage.limit", 83)
    assert violation["message"] == "ana may invest twice this round"
    assert (violation["expected"], violation["found"]) == ("2", "3")


def test_three_investments_allowed_means_a_fourth_breaks_the_limit():
    # Rules, "Voyage investment": one investment, and abilities grant more. game-3p round 2:
    # ana has m2-06's extra one and invests in v-08 and v-15; were c2-10's extra also hers
    # (set by hand), she would have invested three times, so a fourth (v-10) breaks the limit.
    log = json.loads((FIXTURES / "coimbra" / "legal" / "game-3p.json").read_text())
    log["events"].insert(83, {"type": "invest", "player": "ana", "voyage": "v-10"})
    game = _apply_with(log, 83, investments=3, invested_this_round=3)
    [violation] = game.judge.violations
    assert violation.rule == "coimbra.voyage.limit"
    assert violation.message == "ana may invest 3 times this round"
    assert (violation.expected, violation.found) == ("3", "4")


def test_a_voyage_discount_larger_than_the_cost_makes_it_free_not_a_gain():
    # A transcribed catalog whose fav-4 takes 4 off: bruno's v-03 (3 coins) costs 0.
    catalog = _demo_catalog("demo-big-discount")
    favor = next(f for f in catalog["favors"] if f["id"] == "fav-4")
    favor["effects"] = [{"kind": "voyage_discount", "amount": 4}]
    log = _printing(round_one(), "fav-4")
    i = index_of(log, type="invest", player="bruno")
    report = replay.replay(log, catalog=catalog)
    assert report["violations"] == []
    assert _rows(report, i) == []  # nothing paid (round-one-2p.worked.md: 2 coins by default)
    assert report["state"]["bruno"]["coins"] == 6


def _deal_violations(log: dict, mode: str = "audit") -> list[tuple]:
    return [(v["rule"], v["event"], v["message"], v.get("expected"), v.get("found"))
            for v in replay.replay(log, mode=mode)["violations"] if v["rule"] in (
                "coimbra.deal.cards", "coimbra.log.order")]


def test_a_deal_of_the_wrong_round_is_out_of_order():
    # game-2p deals round 2 at [33]; written as round 3, it is not the next round.
    log = json.loads(GAME_2P.read_text())
    log["events"][33]["round"] = 3
    assert _deal_violations(log)[:1] == [
        ("coimbra.log.order", 33, "round 3 cannot be dealt now", "2", "3")]


def test_a_row_of_three_characters_is_not_a_deal():
    # "Reveal four characters beside each city location": round 2's upper row lacks one.
    log = json.loads(GAME_2P.read_text())
    log["events"][33]["upper"] = log["events"][33]["upper"][:3]
    assert _deal_violations(log)[:1] == [
        ("coimbra.deal.cards", 33, "3 characters dealt to upper", "4", "3")]


@pytest.mark.parametrize(("card", "message"), [
    ("c1-03", "c1-03 is not in the deck (already dealt, or a start card)"),  # not displayed
    ("c2-99", "unknown character 'c2-99' in catalog coimbra-demo; did you mean c2-19, c2-09, "
              "c3-19?"),
])
def test_a_start_character_or_an_unknown_card_is_not_dealt(card, message):
    # game-2p displayed the start pairs c1-01+c1-06 and c1-02+c1-07: c1-03 stayed in the box.
    log = json.loads(GAME_2P.read_text())
    log["events"][33]["lower"][-1] = card
    [violation] = replay.replay(log)["violations"]
    assert (violation["event"], violation["message"], violation.get("found")) == (
        33, message, card)


def test_level_three_comes_only_once_level_two_is_dealt_out():
    # The deck is level II on top of level III. game-2p's round 2 deals the last 12 of the
    # 24 level-II cards: its last card cannot be level III (c3-01, still in the deck).
    log = json.loads(GAME_2P.read_text())
    log["events"][33]["lower"][-1] = "c3-01"
    log["events"][59]["upper"][0] = "c2-24"  # round 3 then deals the level-II card left
    assert _deal_violations(log)[:1] == [
        ("coimbra.deal.cards", 33, "c3-01 is level III but level-II cards are still on top",
         "a level-II character", "c3-01")]
    # Audited on: round 1 dealt c3-01 in place of c2-01, which stays on top of the deck.
    # Round 3 deals it first, and the level-III cards after it are then on top, legally.
    log = json.loads(GAME_2P.read_text())
    log["events"][6]["lower"][3] = "c3-01"
    log["events"][59]["upper"][0] = "c2-01"
    assert [(rule, event) for rule, event, *_ in _deal_violations(log)] == [
        ("coimbra.deal.cards", 6)]


def test_start_cards_without_abilities_in_a_transcribed_catalog():
    # A catalog may print start characters with no on-acquire ability: recruiting finds
    # nothing to trigger.
    catalog = _demo_catalog("demo-plain-start-cards")
    for item in catalog["characters"]:
        if item["id"].startswith("c1-"):
            item["effects"] = []
    log = json.loads(GAME_2P.read_text())
    report = replay.replay(log, catalog=catalog, mode="audit")
    assert report["final"] is not None
    assert not any("triggered by" in row["reason"] for row in report["ledger"])
    assert any("triggered by" in row["reason"] for row in replay.replay(log)["ledger"])


# -- The setup draws -----------------------------------------------------------------------
# round-one-2p's setup [0], changed one way at a time; each change is the first violation,
# and a setup that cannot be laid out as written (the order, a component, the pairs) is not
# applied.
# Spaces 13 and 14 are the map's level-III spaces; the demo catalog's start pairs are
# c1-01+c1-06, c1-02+c1-07, c1-03+c1-08 and c1-04+c1-05.

@pytest.mark.parametrize(("field", "change", "violation"), [
    ("order", ["ana", "ana"],
     ("coimbra.setup.order", "the initial order ana, ana does not list every player once",
      "ana, bruno", "ana, ana", False)),
    ("monasteries", {"space-14": None},
     ("coimbra.setup.monasteries", "no monastery placed on space-14", "a level-III tile",
      None, True)),
    ("monasteries", {"space-14": "m3-01"},
     ("coimbra.setup.monasteries", "monastery m3-01 placed 2 times", None, None, True)),
    ("monasteries", {"space-99": "m1-11"},
     ("coimbra.log.component", "unknown monastery space 'space-99' in catalog coimbra-demo; "
      "did you mean space-09, space-14, space-13?", None, "space-99", False)),
    ("monasteries", {"space-01": "m1-99"},
     ("coimbra.log.component", "unknown monastery 'm1-99' in catalog coimbra-demo; did you "
      "mean m1-09, m1-12, m1-11?", None, "m1-99", False)),
    ("voyages", {0: "v-99"},
     ("coimbra.log.component", "unknown voyage 'v-99' in catalog coimbra-demo; did you mean "
      "v-09?", None, "v-99", False)),
    ("voyages", {0: "zzz"},  # nothing like it: no suggestion
     ("coimbra.log.component", "unknown voyage 'zzz' in catalog coimbra-demo", None, "zzz", False)),
    ("scoring_tiles", {"council": "st-9"},
     ("coimbra.log.component", "unknown scoring tile 'st-9' in catalog coimbra-demo; did you "
      "mean st-4, st-3, st-2?", None, "st-9", False)),
    ("start_pairs", [["c1-01", "c1-06"], ["c1-06", "c1-01"]],
     ("coimbra.setup.start_pairs", "a pair is displayed twice", None,
      "c1-01+c1-06 / c1-06+c1-01", False)),
    ("start_pairs", [["c1-01", "c1-07"], ["c1-02", "c1-06"]],
     ("coimbra.setup.start_pairs", "c1-01 and c1-07 are not a pair",
      "c1-01+c1-06 / c1-02+c1-07 / c1-03+c1-08 / c1-04+c1-05", "c1-01+c1-07", False)),
])
def test_a_setup_that_was_not_drawn_so_is_named_at_the_setup(field, change, violation):
    log = round_one()
    setup = log["events"][0]
    if isinstance(change, dict):  # some entries changed (None: taken away)
        for key, value in change.items():
            setup[field][key] = value
            if value is None:
                del setup[field][key]
    else:
        setup[field] = change
    first = replay.replay(log)["violations"][0]
    assert (first["rule"], first["message"], first.get("expected"), first.get("found"),
            first["applied"]) == violation
    assert first["event"] == 0


def test_a_path_through_a_place_not_on_the_map_is_named():
    # ana's move at [25] walks to space-01; a path to "nowhere" names the unknown place.
    log = round_one()
    i = index_of(log, type="move", player="ana")
    log["events"][i]["path"] = ["nowhere"]
    violation = next(v for v in replay.replay(log, mode="audit")["violations"]
                     if v["rule"] == "coimbra.log.component")
    assert (violation["event"], violation["message"], violation["applied"]) == (
        i, "unknown map location 'nowhere' in catalog coimbra-demo", False)


def test_steps_walked_beyond_those_held_leave_none_and_a_monastery_gives_more_from_zero():
    # Rules, "Pilgrims and limits": each step follows one road; on first reaching a monastery
    # apply its reward. round-one-2p with m1-10 (+1 step) on space-04: bruno's fav-2 gives 2
    # steps and he writes five: space-03 and stop-03 use both, space-04 (step 3) has none left
    # but is walked as played, and m1-10's step takes him to stop-04; space-01 (step 5) has
    # none again.
    log = round_one()
    log["events"][0]["monasteries"]["space-04"] = "m1-10"
    i = index_of(log, type="move", player="bruno")
    log["events"][i]["path"] = ["space-03", "stop-03", "space-04", "stop-04", "space-01"]
    report = replay.replay(log, mode="audit")
    assert [(v["rule"], v["event"], v["message"], v["expected"], v["found"])
            for v in report["violations"]] == [
        ("coimbra.pilgrim.steps", i, "bruno has no pilgrim step left for space-04 (step 3 of "
         "the path)", "2", "5"),
        ("coimbra.pilgrim.steps", i, "bruno has no pilgrim step left for space-01 (step 5 of "
         "the path)", "4", "5")]
    assert report["state"]["bruno"]["monasteries"] == ["m1-03", "m1-10", "m1-01"]


# -- Start choices ------------------------------------------------------------------------
# round-one-2p's start choices are bruno's pair [1], ana's corner [2], ana's pair [3] and
# bruno's corner [4]. Each case below begins with a choice out of turn by the other player,
# charged to that player alone: the wrong choice that follows does not follow from it. The
# wrong choice is charged to its player alone too: the deal, which comes while a start choice
# is still missing, does not follow from it.

def _start_violations(choices: list[dict]) -> list[tuple]:
    log = round_one()
    log["events"][1:5] = choices
    report = replay.replay(log, mode="audit")
    [order, wrong, deal] = report["violations"][:3]
    assert (deal["rule"], deal["event"], deal["message"], deal.get("follows_from")) == (
        "coimbra.log.order", len(choices) + 1,
        "a deal event comes before the end of the start choices", None)
    return [(v["rule"], v["event"], v["message"], v.get("follows_from"), v["applied"])
            for v in (order, wrong)]


@pytest.mark.parametrize(("choice", "message"), [
    ({"pair": ["c1-02", "c1-07"], "corner": "corner-se"},
     "a start choice takes a pair or a corner, not both"),
    ({}, "a start choice takes a pair or a corner: neither is given"),
])
def test_a_start_choice_takes_a_pair_or_a_corner_not_both_nor_neither(choice, message):
    # "Each player either takes one available pair or occupies an empty starting corner."
    assert _start_violations([{"type": "start", "player": "ana", "corner": "corner-nw"},
                              {"type": "start", "player": "bruno", **choice}]) == [
        ("coimbra.start.order", 1,
         "it is bruno's start choice (reverse order, then forward order)", None, False),
        ("coimbra.start.choice", 2, message, None, False)]


def test_a_second_start_corner_in_the_second_pass_is_the_choice_made_already():
    # ana occupied a corner in the first pass: her second choice must be a pair.
    assert _start_violations([{"type": "start", "player": "bruno", "pair": ["c1-02", "c1-07"]},
                              {"type": "start", "player": "ana", "corner": "corner-nw"},
                              {"type": "start", "player": "bruno", "corner": "corner-se"},
                              {"type": "start", "player": "ana", "corner": "corner-ne"}]) == [
        ("coimbra.start.order", 3,
         "it is ana's start choice (reverse order, then forward order)", None, False),
        ("coimbra.start.choice", 4,
         "ana already made this choice; in the second pass they do the other action", None,
         False)]


@pytest.mark.parametrize(("choice", "message"), [
    ({"pair": ["c1-02", "c1-99"]}, "unknown character 'c1-99' in catalog coimbra-demo"),
    ({"corner": "corner-x"}, "unknown starting corner 'corner-x' in catalog coimbra-demo"),
])
def test_an_unknown_start_card_or_corner_is_named_and_charged_to_its_player(choice, message):
    [order, unknown] = _start_violations([
        {"type": "start", "player": "ana", "corner": "corner-nw"},
        {"type": "start", "player": "bruno", **choice}])
    assert order[:2] == ("coimbra.start.order", 1)
    assert unknown[:2] == ("coimbra.log.component", 2) and unknown[2].startswith(message)
    assert unknown[3:] == (None, False)


def test_a_pair_not_on_offer_names_every_pair_still_available():
    # game-3p's first choice, bruno's, takes c1-03+c1-08; c1-03 with c1-04 is no pair.
    log = json.loads((FIXTURES / "coimbra" / "legal" / "game-3p.json").read_text())
    log["events"][1]["pair"] = ["c1-03", "c1-04"]
    [violation] = replay.replay(log)["violations"]
    assert (violation["rule"], violation["event"], violation["message"]) == (
        "coimbra.start.choice", 1, "c1-03+c1-04 is not an available pair")
    assert violation["expected"] == "c1-01+c1-06 / c1-03+c1-08 / c1-04+c1-05"


# -- Final scoring ------------------------------------------------------------------------

def test_an_end_game_reward_counts_among_the_abilities_and_the_categories_add_up():
    # A transcribed catalog may give a monastery an end-game gain; ana visited m1-08 in
    # game-2p. Her 3 extra points are an ability's, and every category adds up to the total.
    from tests.coimbra.test_scoresheet import sheet_from

    sheet, expected = sheet_from("game-2p")
    sheet["scoresheet"]["final"] = {}
    catalog = _demo_catalog("demo-end-game-reward")
    monastery = next(m for m in catalog["monasteries"] if m["id"] == "m1-08")
    monastery["effects"].append({"kind": "gain", "when": "end_game", "gain": {"points": 3}})
    report = replay.score_sheet(sheet, catalog=catalog)
    ana = report["final"]["players"]["ana"]
    assert ana["abilities"] == expected["final"]["ana"]["abilities"] + 3
    assert ana["total"] == expected["final"]["ana"]["total"] + 3
    assert sum(v for k, v in ana.items() if k != "total") == ana["total"]
    assert [(r["delta"], r["reason"]) for r in report["ledger"] if r["source"] == "m1-08"] == [
        (3, "end-game reward of m1-08")]


def test_every_die_left_without_income_is_named():
    log = round_one()
    for die in ("gray5", "green1"):
        log["events"].pop(index_of(log, type="income", player="ana", die=die))
    invest = index_of(log, type="invest", player="bruno")
    [violation] = replay.replay(log, mode="audit")["violations"]
    assert (violation["event"], violation["message"], violation["found"]) == (
        invest, "ana did not activate gray5, green1", "1")


@pytest.mark.parametrize("refused", [{"corner": "corner-nowhere"}, {"corner": "corner-sw"},
                                     {"pair": ["c1-01", "c1-06"]}])
def test_a_refused_last_start_choice_leaves_the_choice_to_its_player(refused):
    """The last start choice refused (unknown corner, a corner taken, a pair taken) is
    skipped in audit mode and the turn is still the player's: the same choice made right
    after it completes the start, and the game goes on as if the refused one were not
    there. (The turn used to be spent on the refused choice, the phase never ended, and a
    later start choice crashed the replay.)"""
    log = json.loads((FIXTURES / "coimbra" / "sample.json").read_text())
    last = max(i for i, e in enumerate(log["events"]) if e["type"] == "start")
    good = log["events"][last]
    bad = {"type": "start", "player": good["player"], **refused}
    expected = replay.replay(copy.deepcopy(log), mode="audit")
    log["events"].insert(last, bad)
    report = replay.replay(log, mode="audit")
    assert [v["event"] for v in report["violations"]] == [last]
    assert report["final"] == expected["final"]
    # A start choice after the start has ended is out of order, not a crash.
    log["events"].insert(last + 3, dict(bad))
    late = replay.replay(log, mode="audit")
    assert (late["violations"][1]["rule"], late["violations"][1]["event"]) == (
        "coimbra.log.order", last + 3)
