"""Coimbra's own report tables in Simplified Chinese, and the same tables in English as they
were: headings, notes and the game's words from the catalog; what the engine wrote into the
report (a crown token's fate, why a place paid nothing) said again from its stored words."""

from __future__ import annotations

import json

import replay
from languages import translations
from replay.coimbra.sections import final_tables, report_sections
from replay.core.speech import say, speaking
from tests.conftest import FIXTURES

ZH = translations("zh_Hans")
TAKEN = say("taken by {player} at {where}", player="bruno", where=say("line {line}", line=18))
BEHIND = say("only the first {number} places pay", number=2)
# A report as the engine writes it, cut down to what the tables read (worked by hand).
REPORT = {
    "names": {"c2-19": "Mestre Aurélio"},
    "turn_order": [{"round": 1, "previous": ["ana", "bruno"], "new": ["bruno", "ana"],
                    "ties": "reversed", "crowns": {"ana": {"total": 4, "tokens": 1,
                                                           "favors": 3, "flag": 0}}}],
    "dice_queues": [{"round": 1, "queues": {"upper": [
        {"die": "green6", "owner": "bruno", "value": 6},
        {"die": "token3", "owner": None, "value": 3}]}}],
    "crown_tokens": [{"round": 1, "card": "c2-19", "class": "scholar", "fate": TAKEN,
                      "words": {"fate": TAKEN.words()}}],
    "final": {"track_ranks": {"scholar": [
        {"player": "ana", "rank": 3, "position": 3, "points": 0, "why_nothing": BEHIND,
         "words": {"why_nothing": BEHIND.words()}}]},
              "diploma_symbols": {"ana": {"law": 1, "wild": 1}},
              "diploma_sets": {"ana": [["law", "wild"]]},
              "leftovers": {"ana": {"coins": 3, "guards": 2, "crowns": 4,
                                    "crowns_from": {"tokens": 1, "favors": 2, "flag": 1}}}},
}


def tables(report: dict) -> dict:
    """Each table's title, header, rows and note, by its key."""
    return {s.key: (s.title, s.header, s.rows, s.note)
            for s in [*report_sections(report), *final_tables(report)]}


def test_the_tables_in_english_are_as_they_were():
    shown = tables(REPORT)
    assert shown["turn-order"] == (
        "Turn order", ["Round", "Previous order", "Crowns", "New order", "Ties"],
        [[1, "ana, bruno", "ana 4 (1+3+0)", "bruno, ana", "reversed"]],
        "Crowns: total (tokens + favors + flag).")
    assert shown["dice-queues"][2] == [[1, "upper", "green6 bruno → neutral token 3"]]
    assert shown["crown-tokens"][2] == [[1, "c2-19 (Mestre Aurélio)", "scholar",
                                         "taken by bruno at line 18"]]
    assert shown["influence-places"][2] == [["scholar", 3, "ana", 3, None, 0,
                                             "only the first 2 places pay"]]
    assert shown["diploma-symbols"][2] == [["ana", "law 1, wild 1", "law+wild"]]
    assert shown["leftovers"][2] == [["ana", 3, 2, "4 (1 token + 2 favors + 1 flag)"]]


def test_the_tables_in_chinese():
    with speaking(ZH):
        shown = tables(REPORT)
    assert shown["turn-order"] == (
        "顺位", ["轮", "原顺位", "皇冠", "新顺位", "平手"],
        [[1, "ana、bruno", "ana 4 (1+3+0)", "bruno、ana", "反转"]],
        "皇冠：总数（标记 + 恩惠板 + 顺位旗）。")
    assert shown["dice-queues"][:3] == ("骰子队列", ["轮", "城区", "结算顺序"],
                                        [[1, "上城", "green6 bruno → 中立骰片 3"]])
    assert shown["crown-tokens"][2] == [[1, "c2-19 (Mestre Aurélio)", "学者",
                                         "被 bruno 拿走（第 18 行）"]]
    assert shown["influence-places"][2] == [["学者", 3, "ana", 3, None, 0, "只有前 2 名得分"]]
    assert shown["diploma-symbols"][2] == [["ana", "法学 1、万能 1", "law+wild"]]
    assert shown["leftovers"][2] == [["ana", 3, 2, "4（1 皇冠标记 + 2 恩惠板 + 1 顺位旗）"]]


def test_the_engine_keeps_the_words_of_what_it_wrote():
    # The sample game: every crown token's fate and every reason a place paid nothing can be
    # said again, and said in English it is the text the report holds.
    log = json.loads((FIXTURES / "coimbra" / "sample.json").read_text())
    report = replay.replay(log)
    fates = report["crown_tokens"]
    ranks = [r for rows in report["final"]["track_ranks"].values() for r in rows]
    assert fates and all(set(c["words"]) == {"fate"} for c in fates)
    assert any("why_nothing" in r.get("words", {}) for r in ranks)
    with speaking(ZH):
        chinese = tables(report)
    english = tables(report)
    assert all(row[3] for row in english["crown-tokens"][2])
    assert not any(row[3] == chinese_row[3] for row, chinese_row
                   in zip(english["crown-tokens"][2], chinese["crown-tokens"][2], strict=True))
