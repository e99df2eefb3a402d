"""The four favor tiles as the demo catalog takes them from a player's rules summary: what each
asks of its holder (an investment at once, a +3 on a die, a choice of rewards), as the text
notation writes it, as the legal actions offer it, as the ledger and the report show it.

The games are the hand-worked fixtures ``legal/favors-round-one-2p`` and
``legal/favor-die-bonus-2p`` (see their worked notes); the values below are theirs.
"""

from __future__ import annotations

import copy
import json

import pytest

import replay
from replay.coimbra.catalog import builtin_document, check_catalog
from replay.coimbra.claims import Claims
from replay.coimbra.engine import apply_event
from replay.coimbra.legal import legal_actions
from replay.coimbra.new_table import new_table
from replay.coimbra.position import place, position_of
from replay.coimbra.replayer import replay_to
from replay.coimbra.sections import report_sections
from replay.core.logs.log import load_log
from replay.core.logs.problems import InvalidLog
from tests.conftest import FIXTURES

FAVORS = FIXTURES / "coimbra" / "legal" / "favors-round-one-2p.json"
BONUS = FIXTURES / "coimbra" / "legal" / "favor-die-bonus-2p.json"
GAME_2P = FIXTURES / "coimbra" / "legal" / "game-2p.json"


def _document(path) -> dict:
    return json.loads(path.read_text())


def _rows(report: dict, event: int) -> list[tuple]:
    return [(r["player"], r["resource"], r["delta"], r["reason"]) for r in report["ledger"]
            if r["event"] == event]


def replay_event(game, index: int, event: dict) -> None:
    apply_event(game, index, event, Claims())


def _table(path, upto: int):
    return replay_to(load_log(_document(path)), upto)


# -- the catalog -------------------------------------------------------------------------

def test_the_demo_tiles_name_the_summary_and_stay_placeholders_a_log_may_declare():
    favors = {f["id"]: f for f in builtin_document("coimbra-demo")["favors"]}
    assert [favors[t]["crowns"] for t in ("fav-1", "fav-2", "fav-3", "fav-4")] == [3, 2, 1, 0]
    for favor in favors.values():
        assert "rules summary" in favor["source"] and favor["confidence"] == "medium"
        assert favor["placeholder_fields"] == ["name", "crowns", "effects"]


@pytest.mark.parametrize(("effect", "words"), [
    ({"kind": "die_bonus"}, "a die_bonus effect needs amount"),
    ({"kind": "choice"}, "a choice effect needs options"),
])
def test_a_favor_effect_without_its_values_is_refused(effect, words):
    document = copy.deepcopy(builtin_document("coimbra-demo"))
    document["favors"][1]["effects"] = [effect]
    assert words in {p.message for p in check_catalog(document)}


def test_only_a_favor_may_ask_its_holder_for_something():
    document = copy.deepcopy(builtin_document("coimbra-demo"))
    document["voyages"][0]["effects"].append({"kind": "voyage_now"})
    assert ("/voyages/0/effects/1", "voyages cannot have voyage_now effects") in {
        (p.path, p.message) for p in check_catalog(document)}


# -- notation ----------------------------------------------------------------------------

def test_the_text_notation_writes_an_investment_a_bonus_and_a_choice():
    text = replay.print_log(load_log(_document(FAVORS)), "text")
    assert "ana: favor fav-1 with purple4 invest v-03" in text.splitlines()
    assert "bruno: choose coins" in text.splitlines()
    bonus = replay.print_log(load_log(_document(BONUS)), "text")
    assert "ana: favor fav-2 with purple4 bonus green1" in bonus.splitlines()
    for path in (FAVORS, BONUS):
        log = load_log(_document(path))
        assert replay.parse(replay.print_log(log, "text")).events == log.events


def test_a_favor_line_reads_a_voyage_by_its_printed_name():
    text = replay.print_log(load_log(_document(FAVORS)), "text").replace(
        "invest v-03", 'invest "Viagem a Cabo Verde"')
    event = replay.parse(text).events[17]
    assert (event["tile"], event["voyage"]) == ("fav-1", "v-03")


# -- tile 1: an investment at once, 2 cheaper ---------------------------------------------

def test_the_investment_at_once_pays_the_discounted_cost_and_another_follows_in_phase_f():
    report = replay.replay(_document(FAVORS))
    # [17] v-03 costs 3 coins less fav-1's 2; [29] v-05 3 less 2 again (the favor is held).
    assert _rows(report, 17) == [
        ("ana", "coins", -1, "invested in v-03 at once with fav-1 (2 favor discount)")]
    assert _rows(report, 29) == [("ana", "coins", -1, "invested in v-05 (2 favor discount)")]
    assert report["state"]["ana"]["voyages"] == ["v-03", "v-05"]


def test_the_castle_die_of_the_voyage_tile_offers_each_voyage_it_can_pay_for_or_none():
    game = _table(FAVORS, 16)  # ana's purple4 is next, fav-1 and fav-2 are left
    offered = [a for a in legal_actions(game) if a["type"] == "favor"]
    assert {a.get("voyage") for a in offered if a["tile"] == "fav-1"} == {
        None, "v-01", "v-02", "v-03", "v-04", "v-05", "v-06"}
    # fav-2's +3, on either of ana's dice outside the castle (central, lower), or on none.
    assert {a.get("bonus") for a in offered if a["tile"] == "fav-2"} == {None, "gray5", "green1"}


# -- tile 2: +3 on a die outside the castle --------------------------------------------

def test_the_bonus_moves_the_die_in_its_row_and_raises_its_price():
    report = replay.replay(_document(BONUS))
    assert _rows(report, 15) == [("ana", "points", 4, "immediate reward of fav-2")]
    # [18] green1 with +3 pays 4 guards for c2-08 (7 -> 3).
    assert ("ana", "guards", -4, "paid for c2-08") in _rows(report, 18)
    [central] = [q["queues"]["central"] for q in report["dice_queues"]]
    assert [(s["die"], s.get("bonus")) for s in central] == [
        ("gray5", None), ("token4", None), ("green1", 3), ("token3", None), ("gray3", None)]
    rows = {row[1]: row[2] for s in report_sections(report) if s.key == "dice-queues"
            for row in s.rows}
    assert "green1 ana (+3)" in rows["central"]


def test_a_bonus_on_a_copy_of_the_table_leaves_the_original_record_of_the_queues():
    game = _table(BONUS, 14)  # ana's fav-2 [15] is next
    twin = game.copy()
    replay_event(twin, 15, _document(BONUS)["events"][15])
    assert twin.queues[-1]["queues"]["central"][2] == {"die": "green1", "value": 1,
                                                       "owner": "ana", "bonus": 3}
    assert all("bonus" not in s for s in game.queues[-1]["queues"]["central"])


# -- tile 4: a choice ------------------------------------------------------------------

def test_while_the_choice_waits_only_its_options_are_offered():
    game = _table(FAVORS, 13)  # bruno has just taken fav-4
    assert legal_actions(game) == [{"type": "choose", "player": "bruno", "take": "guards"},
                                   {"type": "choose", "player": "bruno", "take": "coins"}]


def test_while_the_choice_waits_the_log_expects_it_next():
    report = replay.replay(_cut(FAVORS, 14), mode="audit")  # up to bruno's fav-4 [13]
    assert report["reached"]["expected_next"] == "choose by bruno"


def _cut(path, events: int) -> dict:
    log = _document(path)
    log["events"] = log["events"][:events]
    return log


def test_the_choice_is_a_ledger_row_of_the_option_taken():
    report = replay.replay(_document(FAVORS))
    assert _rows(report, 14) == [("bruno", "coins", 7, "coins chosen from fav-4")]


def test_a_choice_not_made_lapses_in_audit_mode_and_the_castle_goes_on():
    log = _document(FAVORS)
    del log["events"][14]
    report = replay.replay(log, mode="audit")
    assert [(v["rule"], v["event"]) for v in report["violations"]] == [
        ("coimbra.favor.choice", 14)]
    assert not [r for r in report["ledger"] if r["source"] == "fav-4"]


def test_a_position_keeps_a_waiting_choice_and_a_bonus():
    for path, upto in ((FAVORS, 13), (BONUS, 15)):
        game = _table(path, upto)
        document = json.loads(json.dumps(position_of(game)))
        twin = new_table(list(game.state.order), game.catalog)
        place(twin, document)
        assert twin.state == game.state


def test_a_position_waiting_for_the_choice_of_a_tile_not_held_is_refused():
    game = _table(FAVORS, 13)
    document = json.loads(json.dumps(position_of(game)))
    document["choosing"] = {"bruno": "fav-1"}
    with pytest.raises(InvalidLog) as refused:
        place(new_table(list(game.state.order), game.catalog), document)
    assert [(p.path, p.message) for p in refused.value.problems] == [
        ("/position/choosing/bruno",
         "bruno is to choose a reward of fav-1, a favor tile they do not hold")]


# -- fixtures worked with the earlier invented tiles -----------------------------------

def test_a_fixture_worked_with_other_tiles_declares_them_and_the_report_says_so():
    report = replay.replay(_document(GAME_2P))
    declared = {(v["entry"], v["field"]): v for v in report["catalog"]["declared_values"]}
    assert declared[("fav-1", "crowns")] == {"entry": "fav-1", "field": "crowns", "value": 0,
                                             "replaces": 3}
    assert declared[("fav-4", "effects")]["value"] == [{"kind": "voyage_discount", "amount": 1}]
    assert {entry for entry, _ in declared} == {"fav-1", "fav-2", "fav-3", "fav-4"}
