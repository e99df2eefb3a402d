"""Kept tables (``replay.core.protocol.table_cache``): a look at a game served from a kept table is
the look a fresh replay gives, and a changed game is never served from another's table."""

from __future__ import annotations

import dataclasses
import json

import pytest

import replay


def _look(game, log, at) -> str:
    return json.dumps(game.state_at(log, at), sort_keys=True, default=str)


def _fresh(game, log, at) -> str:
    kept = game.engine.replayer.tables
    saved = dict(kept._kept)
    kept._kept.clear()
    try:
        return _look(game, log, at)
    finally:
        kept._kept.clear()
        kept._kept.update(saved)


@pytest.mark.engine_written
@pytest.mark.parametrize("name", ["coimbra", "viscounts"])
def test_looking_event_after_event_gives_what_a_fresh_replay_gives(name):
    game = replay.GAMES.get(name)
    for players in sorted(game.player_counts):
        log = replay.load_log(game.generate(players, 2))
        step = max(1, len(log.events) // 12)
        for at in [*range(-1, len(log.events), step), len(log.events) - 1]:
            assert _look(game, log, at) == _fresh(game, log, at), (players, at)


def test_an_earlier_event_changed_is_another_game():
    game = replay.GAMES.get("coimbra")
    log = replay.load_log(game.generate(2, 0))
    at = len(log.events) // 2
    _look(game, log, at)  # keeps the table after event ``at``
    moved = next(i for i, e in enumerate(log.events) if e["type"] == "place")
    changed = dict(log.events[moved], to="castle" if log.events[moved]["to"] != "castle"
                   else "upper")
    other = dataclasses.replace(log, events=[*log.events[:moved], changed,
                                             *log.events[moved + 1:]])
    assert _look(game, other, at + 1) == _fresh(game, other, at + 1)


def test_a_look_does_not_change_what_is_kept_for_the_next():
    game = replay.GAMES.get("viscounts")
    log = replay.load_log(game.generate(1, 0))
    last = len(log.events) - 1
    _look(game, log, last - 1)
    end = _look(game, log, last)  # the last look scores the end on its own table
    assert _look(game, log, last) == end == _fresh(game, log, last)


@pytest.mark.parametrize("name", ["coimbra", "viscounts"])
def test_two_games_with_one_header_and_two_boards_are_each_served_their_own(name):
    # Two recordings by the same players start with the same header: the table kept before
    # either's setup serves both, and what one's board set up (Viscounts' arrows between
    # segments laid out in another order) must not reach the other.
    game = replay.GAMES.get(name)
    first, second = (dataclasses.replace(replay.load_log(game.generate(2, seed)), metadata={})
                     for seed in (0, 1))
    assert first.events[0] != second.events[0]  # two set-ups
    game.engine.replayer.tables._kept.clear()
    _look(game, first, -1)  # kept before any event
    _look(game, first, len(first.events) - 1)  # goes on from a copy of it
    last = len(second.events) - 1
    assert _look(game, second, last) == _fresh(game, second, last)
