"""Viscounts violations said in Simplified Chinese, on hand-picked illegal logs.

The engine writes English and keeps each message's words; a reader of Chinese gets the
catalog's template with the values said again in Chinese too (the counted cards, the action
names), while player names and printed card names stay as they are. Each expected text is
written out by hand from the catalog's templates and the glossary's words.
"""

from __future__ import annotations

import json
import re

import pytest

import languages
import replay
from replay.core.speech import message, speaking
from replay.viscounts.catalog import load_catalog
from tests.conftest import FIXTURES

ILLEGAL = FIXTURES / "viscounts" / "illegal"
ZH = languages.translations("zh_Hans")

# (fixture, text of the first violation, its English, its Chinese)
CASES = [
    ("transcribe-twice", "message",
     "ana has already transcribed a manuscript this turn: the Transcribe action takes one",
     "ana 本回合已经抄写过一本手稿：抄写行动只取一本"),
    ("hire-not-adjacent", "message",
     "ana can hire only the card adjacent to the Viscount, Foreman, not Scoundrel",
     "ana 只能招募与子爵相邻的牌 Foreman，不能招募 Scoundrel"),
    ("collision-resolved-off-turn", "message",
     "bruno's collision waits for phase 5 of bruno's next turn",
     "bruno 的碰撞要等到 bruno 下一回合的第 5 阶段"),
    # The counted cards ("2 cards", "1 card") are said with their measure word.
    ("draw-over-the-limit", "message",
     "ana holds 2 cards and the hand limit is 3: 1 card to draw, not 2",
     "ana 手牌有 2 张牌，手牌上限是 3：要抽 1 张牌，不是 2 张"),
    ("draw-over-the-limit", "expected", "at most 1", "至多 1"),
    ("move-too-few-spaces", "message",
     "ana played Thief (Silver value 1) and must move at least 1 space, not 0",
     "ana 打出 Thief（银币值 1），必须至少移动 1 格，不是 0 格"),
    ("move-too-few-spaces", "expected", "1 space", "1 格"),
    # What the card is taken to do ("play") and where it is are words of their own.
    ("play-card-not-in-hand", "message",
     "ana cannot play Lothaire from hand: it is in bruno's draw pile or hand",
     "ana 不能从手牌打出 Lothaire：它在 bruno 的牌库或手牌中"),
    ("pick-out-of-order", "expected", "pick by bruno", "bruno 选择组合"),
]


def _first_violation(fixture: str) -> tuple[dict, dict]:
    """The report of an illegal fixture (in its expected mode) and its first violation."""
    log = json.loads((ILLEGAL / f"{fixture}.json").read_text(encoding="utf-8"))
    expected = json.loads((ILLEGAL / f"{fixture}.expected.json").read_text(encoding="utf-8"))
    report = replay.replay(log, mode=expected.get("mode", "strict"))
    return report, report["violations"][0]


def _printed_names() -> set[str]:
    """Every word of a printed component name of the built-in catalog."""
    catalog = load_catalog()
    names = [card.name for card in catalog.townsfolk.values()]
    names += [building.name for building in catalog.buildings.values()]
    return {word for name in names for word in name.split()}


PRINTED = _printed_names()


@pytest.mark.parametrize(("fixture", "text", "english", "chinese"), CASES,
                         ids=[f"{case[0]}-{case[1]}" for case in CASES])
def test_the_violation_is_said_in_chinese_and_its_english_is_unchanged(fixture, text, english,
                                                                      chinese):
    report, violation = _first_violation(fixture)
    assert violation[text] == english
    with speaking(ZH):
        assert message(violation, text) == chinese
    # A stored report (plain JSON) is said again the same way, from its words.
    stored = json.loads(json.dumps(report))["violations"][0]
    with speaking(ZH):
        assert message(stored, text) == chinese


@pytest.mark.parametrize(("fixture", "text", "english", "chinese"), CASES,
                         ids=[f"{case[0]}-{case[1]}" for case in CASES])
def test_no_english_word_is_left_but_names(fixture, text, english, chinese):
    report, violation = _first_violation(fixture)
    with speaking(ZH):
        said = message(violation, text)
    words = set(re.findall(r"[A-Za-z]+", said))
    assert words <= set(report["players"]) | PRINTED, words - set(report["players"]) - PRINTED


def test_a_note_is_said_in_chinese():
    # game-2p: the Debt pile runs out in round 5 (event 83), so round 6 is the last.
    log = json.loads((FIXTURES / "viscounts" / "worked" / "game-2p.json").read_text())
    notes = replay.replay(log)["notes"]
    assert [n["message"] for n in notes] == [
        "the Poverty card is revealed: the end is triggered, round 6 is the last"]
    with speaking(ZH):
        assert message(notes[0]) == "贫困牌已揭示：终局触发，第 6 轮是最后一轮"
