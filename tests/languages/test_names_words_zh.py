"""Components with no printed name (a board space, a manuscript) are named by where they are
and what is printed on them; from a stored report, a page says those names in its reader's
language, and the English names stay as they were."""

from __future__ import annotations

import json

import replay
from languages import translations
from replay.core.speech import speaking
from replay.render.names import NameLabels
from tests.conftest import FIXTURES


def stored_report(game: str, name: str) -> dict:
    log = json.loads((FIXTURES / game / "illegal" / f"{name}.json").read_text())
    return json.loads(json.dumps(replay.replay(log)))


def test_board_spaces_and_manuscripts_named_in_chinese():
    report = stored_report("viscounts", "move-too-few-spaces")
    # The base catalog's black manuscript ms-11 gives 2 Stone and costs 3; seg1a-ol is the
    # outer left space of segment 1's side A.
    assert report["names"]["ms-11"] == "black manuscript: 2 stone, cost 3"
    assert report["names"]["seg1a-ol"] == "segment 1, outer left space"
    assert NameLabels.of(report).names["ms-11"] == "black manuscript: 2 stone, cost 3"
    with speaking(translations("zh_Hans")):
        chinese = NameLabels.of(report).names
    assert chinese["ms-11"] == "黑色手稿：2 石材，费用 3"
    assert chinese["seg1a-ol"] == "地图板块 1，外圈左格"
    assert chinese["seg1a"] == "地图板块 1，A 面"


def test_a_ledger_source_that_is_no_component_named_in_chinese():
    report = stored_report("coimbra", "city-payment-wrong-resource")
    assert report["names"]["setup"] == "the start of the game"
    with speaking(translations("zh_Hans")):
        assert NameLabels.of(report).name("setup") == "游戏开始"
        assert NameLabels.of(report).name("track:scholar") == "学者轨道"
