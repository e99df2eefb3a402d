"""A refused setup keeps what was laid out before the rule it breaks: the start player is
named first (p.8 step 1), so a board, castle or pile laid out wrong still leaves the turn
order starting from them when the replay goes on (audit). A strict replay stops with the
table as the setup found it, as every refused event leaves it there."""

from __future__ import annotations

import json

import pytest

import replay
from tests.conftest import FIXTURES

GAME_2P = FIXTURES / "viscounts" / "worked" / "game-2p.json"


def _with_setup(**changes) -> dict:
    document = json.loads(GAME_2P.read_text())
    document["events"][0].update(changes)
    return document


@pytest.mark.parametrize(("mode", "order"), [("strict", ["ana", "bruno"]),
                                             ("audit", ["bruno", "ana"])])
@pytest.mark.parametrize(("changes", "rule"), [
    ({"castle": "tier2-none"}, "viscounts.setup.castle"),
    ({"pile_sizes": {"seg1a": 68}}, "viscounts.setup.townsfolk_piles"),
    ({"manuscripts": {"seg1a": "ms-09"}}, "viscounts.setup.manuscript_piles"),
])
def test_a_refused_setup_keeps_the_start_player_named_before_it(changes, rule, mode, order):
    # Bruno starts: the order of a 2-player game is then Bruno, Ana (audit). Stopped at the
    # setup (strict), nobody was named yet: the seats' order.
    report = replay.replay(_with_setup(start_player="bruno", **changes), mode=mode)
    assert report["violations"][0]["rule"] == rule
    assert report["violations"][0]["event"] == 0
    assert report["final_order"] == order


@pytest.mark.parametrize("mode", ["strict", "audit"])
def test_a_start_player_not_in_the_game_lays_nothing_out(mode):
    report = replay.replay(_with_setup(start_player="carla"), mode=mode)
    assert report["violations"][0]["rule"] == "viscounts.setup.start_player"
    assert report["final_order"] == ["ana", "bruno"]
