"""Scoresheet-only input: the end state checked for consistency, scored, compared."""

from __future__ import annotations

import copy

import pytest

import replay
from replay.core.problems import InvalidLog
from replay.core.report_schema import ReportSchema

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
     "ms-01 is held 2 times"),
    (lambda s: s["players"]["bruno"].update(castle=[0, 0, 4]),
     "/scoresheet/players/ana/castle_leader", "more tier-3 Workers"),
    (lambda s: s["players"]["ana"].update(cleric_bonuses=["grey"]),
     "/scoresheet/players/ana/cleric_bonuses/0", "needs 3 grey manuscripts"),
    (lambda s: s["players"]["bruno"].update(cards=["tf-02"]), "/scoresheet/players",
     "Antagonist (tf-02) is owned 2 times"),
    (lambda s: s["players"]["ana"].update(castle=[10, 8, 3]), "/scoresheet/players/ana/castle",
     "21 Workers"),
])
def test_inconsistent_sheets_are_refused_with_located_problems(change, path, words):
    sheet = copy.deepcopy(SHEET)
    change(sheet)
    with pytest.raises(InvalidLog) as err:
        _report(sheet)
    assert any(p.path == path and words in p.message for p in err.value.problems)
