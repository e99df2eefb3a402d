"""Every ledger row's reason, and the name of a source that is no component, said in the
reader's language from the report as it is stored (JSON), the English left as it was."""

from __future__ import annotations

import json

import replay
from languages import translations
from replay.core.speech import speaking
from replay.render import render_markdown
from tests.conftest import FIXTURES

ZH = translations("zh_Hans")


def stored_report() -> dict:
    """The sample Coimbra game's report as a page reads it: through its JSON."""
    log = json.loads((FIXTURES / "coimbra" / "sample.json").read_text())
    return json.loads(json.dumps(replay.replay(log)))



def test_the_setup_rows_in_english_and_in_chinese():
    report = stored_report()
    english = render_markdown(report)
    with speaking(ZH):
        chinese = render_markdown(report)
    # Every player starts with 7 coins and 7 guards (C§4): one ledger row each, at setup.
    assert "| 0 | 0 | setup | bruno | coins | +7 | 7 | starting coins | The start of the game |" \
        in english
    assert "| 0 | 0 | setup | bruno | 金币 | +7 | 7 | 起始金币 | 游戏开始 |" in chinese
    assert "| 0 | 0 | setup | ana | 守卫 | +7 | 7 | 起始守卫 | 游戏开始 |" in chinese


def test_no_reason_is_left_in_english():
    report = stored_report()
    assert all(row["words"]["reason"]["template"] for row in report["ledger"])
    with speaking(ZH):
        chinese = render_markdown(report)
    ledger = chinese[chinese.index("## 账目"):]
    for english in ("starting", "reward of", "influence of", "paid for", "income from",
                    "track, place", "rounded down", "diploma sets", "invested in"):
        assert english not in ledger, english
