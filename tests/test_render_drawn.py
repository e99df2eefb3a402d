"""The Markdown and HTML renderings with what a replay drew beside the report (the board at
the end, the interim points), and the charts they draw from a report of either game: they
survive a report with any key missing or of the wrong kind."""

from __future__ import annotations

import json

import pytest

import replay
from replay.render import render_html, render_markdown
from replay.render.rounds import Interim
from tests.conftest import FIXTURES

GAMES = [FIXTURES / "viscounts" / "worked" / "game-2p.json",
         FIXTURES / "coimbra" / "legal" / "game-2p.json"]
INTERIM = Interim([1, 2], {"ana": [0, -2], "bruno": [-3, -11]})


@pytest.mark.parametrize("log", GAMES, ids=lambda p: p.parent.parent.name)
def test_renderings_with_their_drawings_survive_missing_and_odd_keys(log):
    report = replay.replay(json.loads(log.read_text(encoding="utf-8")))
    for key in report:
        for broken in ({k: v for k, v in report.items() if k != key},
                       *({**report, key: odd} for odd in (None, 5, "x", [], {}, [5], [None]))):
            assert isinstance(render_html(broken, interim=INTERIM), str)
            assert isinstance(render_markdown(broken, interim=INTERIM), str)


def test_the_interim_points_are_a_table_in_markdown_and_a_chart_with_a_table_in_html():
    report = replay.replay(json.loads(GAMES[0].read_text(encoding="utf-8")))
    markdown = render_markdown(report, interim=INTERIM)
    assert "| Player | R1 | R2 |\n|---|---|---|\n| ana | 0 | -2 |\n| bruno | -3 | -11 |" \
        in markdown
    assert "## Points if the game ended after each round" not in render_markdown(report)
    html = render_html(report, interim=INTERIM)
    assert 'data-resource="interim_points"' in html and 'id="interim-table"' in html
    assert 'id="interim"' not in render_html(report)
