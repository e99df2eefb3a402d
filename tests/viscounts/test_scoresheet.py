"""Scoresheet-only input: the end state checked for consistency, scored, compared."""

from __future__ import annotations

import copy
import json

import pytest

import replay
from replay.core.logs.problems import InvalidLog
from replay.core.reports.report_schema import ReportSchema
from replay.render import render_markdown
from tests.conftest import FIXTURES

HEADER = {"game": "viscounts", "catalog": "viscounts-base",
          "players": ["ana", "bruno", "carla", "duarte"]}
# The p.25 scoring example as a scoresheet: 109 VP for ana.
ANA = {"silver": 3, "ink": 1, "debts": 1, "paid_debts": 3, "deeds": 4, "approved_deeds": 2,
       "buildings": {"trading_post": [3], "guildhall": [2, 3], "workshop": [1, 2, 3]},
       "castle": [4, 3, 3], "castle_leader": True, "cleric_bonuses": ["black"],
       "manuscripts": [f"ms-0{i}" for i in range(1, 9)],
       "cards": ["tf-02", "start-squire", "tf-46", "tf-39", "start-thief", "tf-36", "tf-12",
                 "start-abbot"]}
SHEET = {"players": {"ana": ANA, "bruno": {"approved_deeds": 4}, "carla": {"approved_deeds": 3},
                     "duarte": {}},
         "revealed": ["poverty"], "final": {"ana": 109, "bruno": 12 + 12, "carla": 9 + 8,
                                            "duarte": 0}}


def _report(sheet):
    return replay.score_sheet({"header": HEADER, "scoresheet": sheet})


def test_the_p25_example_scores_109_from_a_scoresheet():
    report = _report(copy.deepcopy(SHEET))
    assert report["input"] == "scoresheet"
    assert report["verdict"] == "legal"
    assert report["final"]["players"]["ana"]["total"] == 109
    assert report["final"]["end_cards"]["poverty"][0] == {
        "player": "bruno", "place": 1, "points": 12, "count": 4}
    assert ReportSchema().validate(report) == {}


def test_a_wrong_total_is_a_score_mismatch_explained_by_the_ledger():
    sheet = copy.deepcopy(SHEET)
    sheet["final"]["ana"] = 111
    report = _report(sheet)
    assert report["verdict"] == "score_mismatch"
    wrong = report["first_divergence"]
    assert (wrong["player"], wrong["claimed"], wrong["computed"]) == ("ana", 111, 109)
    assert sum(r["delta"] for r in wrong["explained_by"]) == 109


@pytest.mark.parametrize(("change", "path", "words"), [
    (lambda s: s["players"]["bruno"].update(manuscripts=["ms-01"]), "/scoresheet/players",
     "manuscript ms-01 is on 2 players' sheets"),
    (lambda s: s["players"]["bruno"].update(castle=[0, 0, 4]),
     "/scoresheet/players/ana/castle_leader", "more tier-3 Workers"),
    (lambda s: s["players"]["ana"].update(cleric_bonuses=["grey"]),
     "/scoresheet/players/ana/cleric_bonuses/0", "needs 3 grey manuscripts"),
    (lambda s: s["players"]["bruno"].update(cards=["tf-02"]), "/scoresheet/players",
     "Antagonist (tf-02) is on 2 players' sheets"),
    (lambda s: s["players"]["ana"].update(castle=[10, 8, 3]), "/scoresheet/players/ana/castle",
     "21 Workers"),
])
def test_inconsistent_sheets_are_refused_with_located_problems(change, path, words):
    sheet = copy.deepcopy(SHEET)
    change(sheet)
    with pytest.raises(InvalidLog) as err:
        _report(sheet)
    assert any(p.path == path and words in p.message for p in err.value.problems)


def _tied_sheet(variants: list[str], players: dict) -> dict:
    document = json.loads((FIXTURES / "viscounts" / "worked"
                           / "variant-tiebreak-silver-first.json").read_text())
    document["header"]["variants"] = variants
    sheet = document["scoresheet"]
    base = sheet["players"]["ana"]
    heroes = ("hero-ada", "hero-bertha", "hero-clovis")  # each player owns their own Hero
    sheet["players"] = {name: {**base, "cards": [*base["cards"][:-1], hero], **values}
                        for (name, values), hero in zip(players.items(), heroes, strict=False)}
    document["header"]["players"] = list(players)
    del sheet["final"]
    return document


def test_tie_breaks_are_told_in_their_own_terms():
    silver_first = _tied_sheet(["tiebreak-silver-first"], {
        "ana": {"silver": 2, "ink": 3}, "bruno": {"silver": 2, "ink": 1}})
    assert replay.score_sheet(silver_first)["tie_break"] == [
        "ana and bruno tie on 3 points: ana ranks ahead with the same Silver (2) and more "
        "resources, 3 against 1 (variant tiebreak-silver-first)"]
    by_sum = _tied_sheet([], {"ana": {"silver": 2, "ink": 3}, "bruno": {"silver": 4}})
    assert replay.score_sheet(by_sum)["tie_break"] == [
        "ana and bruno tie on 3 points: ana ranks ahead with 5 Silver plus resources "
        "against 4"]


def test_a_full_tie_below_first_place_shares_that_place_not_the_victory():
    sheet = _tied_sheet([], {"ana": {"castle": [4, 0, 0]}, "bruno": {"silver": 1},
                             "carla": {"silver": 1}})
    report = replay.score_sheet(sheet)
    assert [(r["player"], r["rank"]) for r in report["standings"]] == [
        ("ana", 1), ("bruno", 2), ("carla", 2)]
    assert report["tie_break"] == ["bruno and carla tie on 3 points and 1 Silver plus "
                                   "resources: they share place 2"]


def test_a_full_tie_for_first_place_shares_the_victory():
    # p.24: "If there is still a tie, the players share the victory."
    report = replay.score_sheet(_tied_sheet([], {"ana": {"silver": 1}, "bruno": {"silver": 1}}))
    assert [(r["player"], r["rank"]) for r in report["standings"]] == [("ana", 1), ("bruno", 1)]
    assert report["tie_break"] == ["ana and bruno tie on 3 points and 1 Silver plus resources: "
                                   "the victory is shared"]


def test_only_three_places_are_paid_by_an_end_card():
    # p.24: the Poverty card pays 12 / 8 / 4 for the most approved Deeds: four players with
    # 4, 3, 2 and 1 leave the fourth with no award at all (not an award of 0).
    sheet = copy.deepcopy(SHEET)
    sheet["players"]["duarte"] = {"approved_deeds": 1}
    sheet["players"]["ana"] = {**ANA, "approved_deeds": 5}
    del sheet["final"]
    report = _report(sheet)
    assert [(a["player"], a["place"], a["points"]) for a in report["final"]["end_cards"][
        "poverty"]] == [("ana", 1, 12), ("bruno", 2, 8), ("carla", 3, 4)]


SHEET_FIELDS = ("silver", "ink", "gold", "stone", "debts", "paid_debts", "deeds",
                "approved_deeds", "buildings", "castle", "manuscripts", "cleric_bonuses",
                "castle_leader")


def _sheet_of(log: dict) -> dict:
    """A generated game's end state written as a scoresheet (with its final claims)."""
    state = replay.state_at(log, len(log["events"]) - 1)
    players = {name: {**{k: held[k] for k in SHEET_FIELDS}, "cards": held["cards_owned"]}
               for name, held in state["players"].items()}
    sheet = {"players": players, "revealed": state["end_cards_revealed"],
             "final": {name: held["points"] for name, held in state["players"].items()}}
    if "opponent" in players:
        sheet["ai_board"] = state["players"]["opponent"]["ai_board"]
    return {"header": log["header"], "scoresheet": sheet}


@pytest.mark.engine_written  # the engine's replay against the engine's scoresheet scoring
@pytest.mark.parametrize("seed", [3, 8])
def test_a_solo_end_state_scores_from_a_scoresheet_as_its_replay_does(seed):
    log = replay.GAMES.get("viscounts").generate(1, seed)
    replayed = replay.replay(log)
    report = replay.score_sheet(_sheet_of(log))
    assert report["verdict"] == "legal"
    assert report["final"]["players"] == replayed["final"]["players"]
    assert report["standings"] == replayed["standings"]
    assert report["solo"]["why"] == replayed["solo"]["why"]


def test_a_solo_scoresheet_names_the_ai_board_and_only_a_solo_one_does():
    solo = _sheet_of(replay.GAMES.get("viscounts").generate(1, 3))
    del solo["scoresheet"]["ai_board"]
    with pytest.raises(InvalidLog) as err:
        replay.score_sheet(solo)
    assert [p.path for p in err.value.problems] == ["/scoresheet/ai_board"]
    del solo["scoresheet"]["players"]["opponent"]
    solo["scoresheet"]["ai_board"] = "ai-cleric"
    with pytest.raises(InvalidLog) as err:
        replay.score_sheet(solo)
    assert [(p.path, p.expected) for p in err.value.problems] == [
        ("/scoresheet/players", "ana, opponent")]
    duo = _sheet_of(replay.GAMES.get("viscounts").generate(2, 3))
    duo["scoresheet"]["ai_board"] = "ai-cleric"
    with pytest.raises(InvalidLog) as err:
        replay.score_sheet(duo)
    assert [p.path for p in err.value.problems] == ["/scoresheet/ai_board"]


def test_cards_written_by_printed_name_score_as_their_ids():
    # ana's p.25 cards by printed name (any case); her 109 is the rulebook's.
    sheet = copy.deepcopy(SHEET)
    sheet["players"]["ana"]["cards"] = ["antagonist", "Squire", "Princess", "tf-39", "THIEF",
                                        "tf-36", "Conspirator", "Abbot"]
    report = _report(sheet)
    assert report["verdict"] == "legal"
    assert report["final"]["players"]["ana"]["total"] == 109


@pytest.mark.parametrize(("word", "message", "suggestion"), [
    ("Formen", "ana's sheet: unknown card 'Formen'", "Foreman"),
    # Two cards are printed "Patron": the sheet must say which.
    ("Patron", "ana's sheet: 'Patron' is the name of 2 cards: write one of tf-38, tf-39",
     None),
])
def test_a_card_name_that_is_no_single_card_is_located(word, message, suggestion):
    sheet = copy.deepcopy(SHEET)
    sheet["players"]["ana"]["cards"][2] = word
    with pytest.raises(InvalidLog) as err:
        _report(sheet)
    [problem] = err.value.problems
    assert (problem.path, problem.message) == ("/scoresheet/players/ana/cards/2", message)
    if suggestion:
        assert problem.suggestions[0] == suggestion


def test_a_cleric_bonus_without_its_manuscripts_is_told_in_the_sheet_s_terms():
    # p.21: the Cleric Bonus goes to the first with 3 manuscripts of one ribbon; ms-02 is
    # ana's only black one among ms-01..ms-03 (grey, black, yellow).
    sheet = copy.deepcopy(SHEET)
    sheet["players"]["ana"]["manuscripts"] = ["ms-01", "ms-02", "ms-03"]
    with pytest.raises(InvalidLog) as err:
        _report(sheet)
    [problem] = err.value.problems
    assert problem.path == "/scoresheet/players/ana/cleric_bonuses/0"
    assert problem.message == ("ana's black Cleric Bonus needs 3 black manuscripts; the "
                               "sheet lists 1")


def test_a_wrong_total_on_a_sheet_is_at_no_event():
    sheet = copy.deepcopy(SHEET)
    sheet["final"]["ana"] = 111
    report = _report(sheet)
    [wrong] = [c for c in report["claims"] if not c["match"]]
    assert wrong["event"] is None
    assert "event 0" not in render_markdown(report)


def test_the_ai_board_may_be_written_by_its_name():
    solo = _sheet_of(replay.GAMES.get("viscounts").generate(1, 3))
    by_id = replay.score_sheet(solo)
    board = solo["scoresheet"]["ai_board"]
    name = {"ai-cleric": "Cleric", "ai-builder": "Builder", "ai-noble": "Noble",
            "ai-card": "Card"}[board]  # the boards as printed, p.26
    solo["scoresheet"]["ai_board"] = name.lower()
    by_name = replay.score_sheet(solo)
    assert by_name["solo"]["board"] == board and by_name["final"] == by_id["final"]
