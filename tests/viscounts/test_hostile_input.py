"""Hostile and careless input: each is refused with a located problem or replayed to a
verdict, never a traceback and never a hang."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

import replay
from replay.core.logs.problems import InvalidLog
from replay.viscounts.catalog import check_catalog, load_catalog
from replay.viscounts.claims import Claims
from replay.viscounts.engine import run_events
from replay.viscounts.generate import generate
from replay.viscounts.new_table import new_table
from replay.viscounts.notation import parse_text
from tests.conftest import FIXTURES, ROOT

HEADER = '[game "viscounts"]\n[players "ana bruno"]\n'


def _problems(text: str) -> list[tuple[int, int, str]]:
    with pytest.raises(InvalidLog) as err:
        parse_text(HEADER + text)
    return [(p.line, p.column, p.message) for p in err.value.problems]


@pytest.mark.parametrize(("line", "column"), [('"', 1), ('ana: hire "Debt Collector', 11)])
def test_an_unclosed_quote_is_located_at_the_quote(line, column):
    assert _problems(line + "\nana: play Thief\n") == [(3, column, "this quote is not closed")]


@pytest.mark.parametrize("line", ["ana: trade {}", "ana: check vp={}", "final ana={}",
                                  "ana: trade 1 pay=silver:{}"])
def test_a_number_too_long_to_read_is_a_located_problem(line):
    [(number, _, message)] = _problems(line.format("9" * 5000) + "\n")
    assert number == 3
    assert message == "a number of 5000 digits is longer than any this service reads"


def test_a_count_in_superscript_digits_is_not_a_count():
    assert _problems("ana: trade 1 pay=stone:\u00b2\n") == [(3, 14, "'\u00b2' is not a count")]


@pytest.mark.parametrize(("line", "column", "message"), [
    ("ana: trade 1 pay=stone:\u0663", 14, "'\u0663' is not a count"),
    ("ana: trade 1 pay=stone:-1", 14, "'-1' is not a count"),
    ("ana: trade \uff12", 12, "times is a number, not '\uff12'"),
    ("final ana=\u0663 bruno=1", 7, "a final score is a number, not '\u0663'")])
def test_digits_of_other_scripts_are_not_read_as_numbers(line, column, message):
    """``\\d`` matched Arabic-Indic and fullwidth digits, which ``int`` read without a word
    (the JSON log has ASCII digits only)."""
    assert _problems(line + "\n") == [(3, column, message)]


def test_a_flag_is_true_or_false_and_nothing_else():
    assert _problems("ana: play Thief blind=maybe\n") == [
        (3, 17, "blind is true or false, not 'maybe'")]
    log, _ = parse_text(HEADER + "ana: play Thief blind=FALSE\n")
    assert log.events[0]["blind"] is False


@pytest.mark.parametrize(("line", "column", "field"), [
    ("ana: play Thief card=Lender", 17, "card"),
    ("ana: construct workshop-1 seg1a-l1 slot=workshop-2", 36, "slot"),
    ("ana: play blind Thief blind", 23, "blind")])
def test_a_field_written_twice_is_refused_not_overwritten(line, column, field):
    assert _problems(line + "\n") == [(3, column, f"{field} is given twice")]


def test_a_byte_order_mark_before_either_notation_is_ignored():
    text = (FIXTURES / "viscounts" / "worked" / "trade-destroy.json").read_text()
    assert replay.parse("\ufeff" + text) == replay.parse(text)
    assert replay.parse("\ufeff" + HEADER + "ana: play Thief\n").players == ["ana", "bruno"]


def test_a_points_claim_before_the_solo_opponent_has_a_board_is_compared():
    report = replay.replay({"header": {"game": "viscounts", "players": ["ana"]},
                            "events": [{"type": "check", "player": "ana",
                                        "values": {"vp": 0}}]})
    assert report["verdict"] == "incomplete"
    assert [(c["what"], c["computed"], c["match"]) for c in report["claims"]] == [
        ("vp", 0, True)]


def test_a_trade_of_a_trillion_destroys_is_refused_at_once():
    """Audit mode applies an underfunded Trade as played: the uses no card could answer
    are not queued one by one (a trillion of them held the replay for hours)."""
    log = json.loads((FIXTURES / "viscounts" / "worked" / "trade-destroy.json").read_text())
    assert log["events"][8]["type"] == "trade"
    log["events"][8]["times"] = 50
    table = new_table(["ana", "bruno"], load_catalog(), mode="audit")
    run_events(table, log["events"][:9], Claims())
    owned = table.player("ana").owned_cards()
    assert [d.kind for d in table.state.pending] == ["destroy"] * owned
    log["events"][8]["times"] = 10 ** 12
    report = replay.replay(log, mode="audit")
    assert [(v["rule"], v["event"]) for v in report["violations"]] == [
        ("viscounts.trade.destroy", 8)]


def _sheet() -> dict:
    return json.loads((FIXTURES / "viscounts" / "worked" / "scoring-p25-example.json")
                      .read_text())


def _sheet_problems(document: dict) -> list[tuple[str, str]]:
    with pytest.raises(InvalidLog) as err:
        replay.score_sheet(document)
    return [(p.path, p.message) for p in err.value.problems]


def test_a_scoresheet_with_a_starting_card_twice_in_one_hand_is_refused():
    document = _sheet()
    document["scoresheet"]["players"]["ana"]["cards"].append("start-thief")
    assert _sheet_problems(document) == [
        ("/scoresheet/players/ana/cards", "ana owns their Thief (start-thief) 2 times")]


def test_a_final_score_for_someone_not_playing_is_refused_not_ignored():
    document = _sheet()
    document["scoresheet"]["final"] = {"zed": 3}
    assert _sheet_problems(document) == [
        ("/scoresheet/final/zed", "a final score for 'zed', who is not a player")]


def _catalog() -> dict:
    return json.loads((ROOT / "replay" / "viscounts" / "data" / "viscounts-base.json")
                      .read_text())


@pytest.mark.parametrize(("path", "value", "message"), [
    (("castle", "sections"), 1.5, "Not a valid integer."),
    (("castle", "sections"), 10 ** 12,
     "Must be greater than or equal to 1 and less than or equal to 100."),
    (("castle", "noble_brackets"), [], "Shorter than minimum length 1."),
    (("segments", 0, "id"), "seg9", "segment 1 has the id 'seg9'"),
])
def test_a_catalog_value_the_engine_cannot_use_is_refused_by_the_check(path, value, message):
    """Each was accepted (or crashed the check) and then crashed or held the replay."""
    document = _catalog()
    assert check_catalog(document) == []
    *parents, last = path
    target = document
    for key in parents:
        target = target[key]
    target[last] = value
    assert [(p.path, p.message) for p in check_catalog(document)] == [
        ("/" + "/".join(map(str, path)), message)]


def test_a_solo_player_named_opponent_is_refused_at_the_header():
    """The human and the automated opponent shared one seat: "1 different Player Card and
    Hero pairs are laid out for 0 players"."""
    with pytest.raises(InvalidLog) as err:
        replay.validate({"header": {"game": "viscounts", "players": ["opponent"]},
                         "events": []})
    assert [(p.path, p.message) for p in err.value.problems] == [
        ("/header/players/0",
         "'opponent' is the solo opponent's name: the human player needs another")]


def test_a_choice_left_waiting_at_the_end_of_the_log_is_legal_under_no_variant():
    """The variant trials stopped before the end of the log, so a refusal made there was
    absent from each and said "legal under build-slot-leftmost"."""
    log = generate(1, 4)
    cut = next(i for i in range(len(log["events"]) - 1, 0, -1)
               if log["events"][i]["type"] == "flip")
    report = replay.replay({"header": log["header"], "events": log["events"][:cut]})
    [violation] = report["violations"]
    assert (violation["rule"], violation["event"], violation["found"]) == (
        "viscounts.effect.mandatory", cut, "the end of the log")
    assert "legal_under" not in violation


def test_header_lists_may_be_separated_by_commas():
    """``[players "ana, bruno"]`` made a player ``ana,``, and every line "unknown player
    'ana'"."""
    log, _ = parse_text('[game "viscounts"]\n[players "Ana, bruno"]\n'
                        '[variants "build-slot-leftmost,min3-no-check"]\nana: play Thief\n')
    assert log.players == ["ana", "bruno"]
    assert log.variants == ["build-slot-leftmost", "min3-no-check"]


def test_a_comment_that_is_not_text_is_refused_with_its_path():
    """It was replayed, and crashed the text printer (``referee convert``)."""
    log = generate(2, 5)
    log["events"][3]["comment"] = {"note": ["x"]}
    with pytest.raises(InvalidLog) as err:
        replay.validate(log)
    assert [(p.path, p.message) for p in err.value.problems] == [
        ("/events/3/comment", "'comment' must be a string")]


@pytest.mark.parametrize(("event", "message"), [
    ({"type": "nope", "player": "ana"}, "unknown event type 'nope'"),
    ({"type": "draw", "player": "ana", "cards": "?"}, "'cards' must be a list of strings")])
def test_convert_refuses_an_event_it_cannot_print_with_its_place(tmp_path, event, message):
    log = generate(2, 5)
    log["events"][3] = event
    path = tmp_path / "log.json"
    path.write_text(json.dumps(log))
    result = subprocess.run([sys.executable, "-m", "referee_cli.main", "convert", str(path),
                             "--to", "text"], capture_output=True, text=True, cwd=ROOT,
                            timeout=60, check=False)
    assert result.returncode == 2, result.stderr
    assert f"{path}:/events/3/" in result.stderr and message in result.stderr
    assert "Traceback" not in result.stderr


def _discard_from(where: str) -> tuple[dict, int]:
    log = generate(4, 2)
    index = next(i for i, e in enumerate(log["events"])
                 if e["type"] in ("discard", "destroy") and e.get("from") == "hand")
    log["events"][index]["from"] = where
    return log, index


@pytest.mark.parametrize("where", ["pile", "Deck", "t1-seg4b", ""])
def test_a_discard_from_neither_hand_nor_deck_is_refused_with_its_path(where):
    """Anything but ``deck`` was taken from the hand: ``"from": "pile"`` replayed as legal."""
    log, index = _discard_from(where)
    with pytest.raises(InvalidLog) as err:
        replay.validate(log)
    assert [(p.path, p.message) for p in err.value.problems] == [
        (f"/events/{index}/from", "'from' must be \"hand\" or \"deck\"")]


@pytest.mark.parametrize("where", ["pile", "3"])
def test_a_discard_from_neither_hand_nor_deck_is_refused_on_its_line(where):
    log, _ = _discard_from(where)
    text = replay.print_log(replay.load_log(log), "text")
    number = next(i for i, line in enumerate(text.split("\n"), start=1)
                  if f"from={where}" in line)
    report = replay.replay_text(text)
    assert report["verdict"] == "unparseable"
    [problem] = report["problems"]
    assert (problem["line"], problem["message"]) == (number, "'from' must be \"hand\" or \"deck\"")


def test_a_trade_of_a_trillion_silver_uses_is_refused_at_once_in_audit():
    """Applied as played, it left the player a trillion Silver; the variant trials then
    listed every Trade that Silver could fund, one use more at a time, and never ended."""
    log = generate(2, 1)
    index = next(i for i, e in enumerate(log["events"]) if e["type"] == "trade")
    log["events"][index]["times"] = 10 ** 12
    report = replay.replay(log, mode="audit")
    assert (report["violations"][0]["rule"], report["violations"][0]["event"]) == (
        "viscounts.trade.silver", index)


@pytest.mark.parametrize("number", ["\u00b2", "\u0663", "1" * 5000])
def test_a_building_slot_numbered_in_other_digits_is_no_slot(number):
    """``workshop-²`` passed ``isdigit`` and crashed ``int``; ``workshop-٣`` was built from
    slot 3 (and the refusal surfaced turns later); a slot of 5000 digits crashed ``int``."""
    log = generate(2, 1)
    index = next(i for i, e in enumerate(log["events"]) if e["type"] == "construct")
    log["events"][index]["slot"] = log["events"][index]["slot"].split("-")[0] + "-" + number
    [violation] = replay.replay(log)["violations"][:1]
    assert (violation["rule"], violation["event"]) == ("viscounts.build.choice", index)


@pytest.mark.parametrize("slot", ["workshop-0", "workshop-4", "workshop-\u00b2"])
@pytest.mark.parametrize("mode", ["strict", "audit"])
def test_the_solo_opponent_building_a_slot_its_board_lacks_is_refused(slot, mode):
    """The opponent's Workshop has slots 1-3: ``workshop-4`` was built as played in audit
    mode and crashed the replay when its unlock was looked up."""
    log = json.loads((FIXTURES / "viscounts/solo/first-two-opponent-turns.json").read_text())
    index = next(i for i, e in enumerate(log["events"])
                 if e["type"] == "construct" and e["player"] == "opponent")
    log["events"][index]["slot"] = slot
    [violation] = replay.replay(log, mode=mode)["violations"][:1]
    assert (violation["rule"], violation["event"]) == ("viscounts.solo.ai.build", index)
    assert "should have built its Workshop (slot 1)" in violation["message"]


@pytest.mark.parametrize("mode", ["strict", "audit"])
def test_a_solo_pick_before_the_opponent_event_stands_and_places_no_opponent(mode):
    """Without its AI board the opponent cannot be placed; the human's pick itself is made
    (it is said to be applied, and is) when the replay goes on; a strict replay stops with the
    table as the pick found it."""
    log = json.loads((FIXTURES / "viscounts/solo/first-two-opponent-turns.json").read_text())
    opponent = log["events"].pop(1)
    log["events"].insert(2, opponent)
    report = replay.replay(log, mode=mode)
    first = report["violations"][0]
    assert (first["rule"], first["event"], first["applied"]) == (
        "viscounts.solo.setup.ai_board", 1, True)
    assert report["state"]["ana"]["player_card"] == ("pc-9" if mode == "audit" else None)


@pytest.mark.parametrize("mode", ["strict", "audit"])
@pytest.mark.parametrize("owner", ["debts", "Bruno"])
def test_a_bump_naming_someone_not_playing_is_refused(mode, owner):
    """A bump's owners are players: one of nobody's Workers (0 of them, so the count still
    added up) reached the table's player lookup and crashed the replay."""
    log = json.loads((FIXTURES / "viscounts/worked/castle-bump-tier1.json").read_text())
    index = next(i for i, e in enumerate(log["events"]) if e["type"] == "bump")
    log["events"][index]["owners"][owner] = 0
    [violation] = replay.replay(log, mode=mode)["violations"][:1]
    assert (violation["rule"], violation["event"]) == ("viscounts.castle.bump", index)


def test_a_solo_game_offers_no_pick_before_the_opponent_s_board_is_named():
    """p.26: the opponent's AI board comes first (its pair is the one the human leaves), so
    right after the setup nobody picks: the table names the board, and a pick tapped there
    would break viscounts.solo.setup.ai_board."""
    log = json.loads((FIXTURES / "viscounts/solo/first-two-opponent-turns.json").read_text())
    setup_only = replay.load_log({**log, "events": log["events"][:1]})
    game = replay.GAMES.get("viscounts")
    assert game.legal_actions(setup_only, 0) == []
    assert game.next_step(setup_only, 0).acting is None
    # Once the board is named, the human's picks are offered, and each is accepted.
    named = replay.load_log({**log, "events": log["events"][:2]})
    picks = game.legal_actions(named, 1)
    assert picks and {e["type"] for e in picks} == {"pick"}
    for pick in picks:
        tried = replay.replay({**log, "events": [*log["events"][:2], pick]}, mode="audit")
        assert tried["violations"] == [] or tried["violations"][0]["event"] > 2


def test_a_bump_while_the_opponents_card_gain_waits_is_refused_not_a_crash():
    # A fuzzed solo log (tests/viscounts/data/README.md): its audit replay once raised a
    # KeyError naming the waiting choice. The bump breaks the castle's bump rule, and the
    # message names the waiting choice in words.
    log = json.loads((Path(__file__).parent / "data" / "bump-while-card-gain-waits.json")
                     .read_text())
    report = replay.replay(log, mode="audit")
    [bump] = [v for v in report["violations"] if v["event"] == 205]
    assert bump["rule"] == "viscounts.castle.bump"
    assert "must first answer the card gain of" in bump["message"]


def test_every_choice_a_player_or_the_opponent_answers_has_its_words():
    from replay.viscounts.solo.opponent import ANSWERS
    from replay.viscounts.words import CHOICE_WORDS
    assert set(ANSWERS) <= set(CHOICE_WORDS)
