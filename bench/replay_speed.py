"""Replay generated Coimbra games in-process and print games/s and microseconds per event.

Parse and report are included: each game goes from its JSON text to its report document.
Run with ``make bench`` (``ARGS="--games 500 --players 4"`` to change the load).
"""

from __future__ import annotations

import argparse
import json
import statistics
import time

import replay
from replay.coimbra.generate import generate


def measure(texts: list[str], repeats: int) -> list[float]:
    """Seconds per pass over all games, for each of ``repeats`` passes."""
    timings = []
    for _ in range(repeats):
        start = time.perf_counter()
        for text in texts:
            replay.replay(json.loads(text))
        timings.append(time.perf_counter() - start)
    return timings


def main(argv: list[str] | None = None) -> None:
    """Generate the games, replay them ``--repeats`` times, print the best and median pass."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", type=int, default=4, choices=(2, 3, 4))
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args(argv)
    texts = [json.dumps(generate(args.players, seed)) for seed in range(args.games)]
    events = sum(len(json.loads(t)["events"]) for t in texts)
    timings = measure(texts, args.repeats)
    for label, seconds in (("best", min(timings)), ("median", statistics.median(timings))):
        print(f"{label:>6}: {args.games / seconds:8.1f} games/s  "
              f"{seconds / events * 1e6:6.2f} us/event  "
              f"({args.games} {args.players}-player games, {events} events, one core)")


if __name__ == "__main__":
    main()
