"""Generate and replay games of every registered game in-process; print games/s and
microseconds per event for each.

Parse and report are included: each game goes from its JSON text to its report document.
Run with ``make bench`` (``ARGS="--games 500 --players 4 --game viscounts"`` to change the
load).
"""

from __future__ import annotations

import argparse
import json
import statistics
import time

import replay
from replay.games import GAMES


def measure(texts: list[str], repeats: int) -> list[float]:
    """Seconds per pass over all games, for each of ``repeats`` passes."""
    timings = []
    for _ in range(repeats):
        start = time.perf_counter()
        for text in texts:
            replay.replay(json.loads(text))
        timings.append(time.perf_counter() - start)
    return timings


def bench(game, games: int, players: int, repeats: int) -> None:
    """Generate ``games`` games of one game, replay them, print the figures."""
    start = time.perf_counter()
    texts = [json.dumps(game.generate(players, seed)) for seed in range(games)]
    generating = time.perf_counter() - start
    events = sum(len(json.loads(t)["events"]) for t in texts)
    timings = measure(texts, repeats)
    print(f"{game.name}: {games} {players}-player games, {events} events, one core")
    print(f"  generate: {games / generating:8.1f} games/s")
    for label, seconds in (("best", min(timings)), ("median", statistics.median(timings))):
        print(f"  {label:>8}: {games / seconds:8.1f} games/s  "
              f"{seconds / events * 1e6:6.2f} us/event")


def main(argv: list[str] | None = None) -> None:
    """Bench each registered game (or the one named by ``--game``)."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", type=int, default=4, choices=(2, 3, 4))
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--game", choices=GAMES.names(), default=None)
    args = parser.parse_args(argv)
    for game in GAMES:
        if args.game in (None, game.name):
            bench(game, args.games, args.players, args.repeats)


if __name__ == "__main__":
    main()
