"""Whose turn it is during the picks, one answer for the legal actions, the expected next
event and the pick refusals: a player who picked draws up to three before the next player
picks (p.8 step 9), picks go in reverse turn order, then the start player plays."""

from __future__ import annotations

from replay.core.logs.log import load_log
from replay.viscounts import GAME


def _log():
    return load_log(GAME.generate(3, 2))


def test_a_player_who_picked_draws_before_the_next_pick():
    log = _log()
    picks = [i for i, e in enumerate(log.events) if e["type"] == "pick"]
    first, second = log.events[picks[0]]["player"], log.events[picks[1]]["player"]
    before_draw = next(i for i, e in enumerate(log.events)
                       if e["type"] == "draw" and e["player"] == first) - 1
    step = GAME.next_step(log, before_draw)
    assert (step.acting, step.expected) == (first, f"draw by {first}")
    assert {(a["type"], a["player"]) for a in step.actions} == {("draw", first)}
    after_draw = GAME.next_step(log, before_draw + 1)
    assert (after_draw.acting, after_draw.expected) == (second, f"pick by {second}")
    assert {a["type"] for a in after_draw.actions} == {"pick"}


def test_once_every_player_picked_and_drew_the_start_player_plays():
    log = _log()
    play = next(i for i, e in enumerate(log.events) if e["type"] == "play")
    step = GAME.next_step(log, play - 1)
    start = log.events[play]["player"]
    assert (step.acting, step.expected) == (start, f"play by {start}")
