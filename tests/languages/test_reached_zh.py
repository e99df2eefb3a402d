"""Where an unfinished game stands and what it awaits, said in the reader's language from
the report as it is stored (JSON), the English left as it was."""

from __future__ import annotations

import json

import replay
from languages import translations
from replay.core.speech import speaking
from replay.render import render_markdown
from tests.conftest import FIXTURES


def test_what_an_unfinished_game_awaits_in_english_and_in_chinese():
    log = json.loads((FIXTURES / "coimbra" / "sample.json").read_text())
    # The first 40 events end in round 1's phase F, the voyage investments (C§13): each
    # player in turn invests or passes, then the next round's cards are dealt.
    log["events"] = log["events"][:40]
    report = json.loads(json.dumps(replay.replay(log)))
    english = render_markdown(report)
    with speaking(translations("zh_Hans")):
        chinese = render_markdown(report)
    assert ("- Reached: round 1, phase F; expected next: invest, pass, or the next round's deal"
            in english)
    assert "- 进行到：第 1 轮，阶段 F；下一个应为：投资、放弃，或下一轮的发牌" in chinese
