"""The table at one point of a log (``referee replay --at``, the step pages), for every game."""

from __future__ import annotations

import pytest

import replay
from replay.core.logs.names import action_ids

GAMES = ("coimbra", "viscounts")


@pytest.mark.parametrize("name", GAMES)
def test_the_table_after_the_last_event_holds_the_final_scores(name):
    log = replay.GAMES.get(name).generate(3, 4)
    last = len(log["events"]) - 1
    state = replay.state_at(log, last)
    report = replay.replay(log)
    assert report["verdict"] == "legal"
    assert {n: p["points"] for n, p in state["players"].items()} == \
        {row["player"]: row["points"] for row in report["standings"]}
    assert state["legal_actions"] == []
    before = replay.state_at(log, last - 1)
    assert {n: p["points"] for n, p in before["players"].items()} != \
        {n: p["points"] for n, p in state["players"].items()}


@pytest.mark.parametrize("name", GAMES)
def test_the_table_names_the_components_it_shows(name):
    log = replay.GAMES.get(name).generate(3, 4)
    state = replay.state_at(log, len(log["events"]) // 2)
    shown = {value for player in state["players"].values() for values in player.values()
             for value in (values if isinstance(values, list) else [values])
             if isinstance(value, str)}
    # The components of the legal moves are named too, for the moves offered.
    shown |= set(action_ids(state["legal_actions"]))
    assert state["names"] and set(state["names"]) <= shown


def test_a_viscounts_table_shows_every_owned_card_and_the_revealed_end_cards():
    log = replay.GAMES.get("viscounts").generate(3, 4)
    state = replay.state_at(log, len(log["events"]) - 1)
    report = replay.replay(log)
    revealed = [card for card in ("poverty", "prosperity") for note in report["notes"]
                if f"the {card.capitalize()} card is revealed" in note["message"]]
    assert state["end_cards_revealed"] == revealed != []
    for player in state["players"].values():
        held = len([c for c in player["board"] if c]) + player["hand"] + player["draw_pile"] \
            + len(player["discard"])
        assert len(player["cards_owned"]) == held
        assert set(player["discard"]) <= set(player["cards_owned"])
