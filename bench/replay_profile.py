"""Profile replays of generated games (parse and report included) and print where time goes.

Run with ``.venv/bin/python -m bench.replay_profile`` (``--games``, ``--players``, ``--top``).
cProfile slows Python calls more than C ones, so read the shares as a map of where to look,
and measure any change with ``make bench ARGS='--against REV'``.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats

import replay
from bench.replay_speed import sample_logs


def main(argv: list[str] | None = None) -> None:
    """Replay the games once to warm up, then once under cProfile; print the top functions."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--top", type=int, default=25)
    parser.add_argument("--game", choices=replay.GAMES.names(), default=replay.GAMES.names()[0])
    args = parser.parse_args(argv)
    texts = sample_logs(args.game, args.players, args.games)
    for text in texts:
        replay.replay_text(text)
    profile = cProfile.Profile()
    profile.enable()
    for text in texts:
        replay.replay_text(text)
    profile.disable()
    stats = pstats.Stats(profile)
    for order in ("tottime", "cumulative"):
        stats.sort_stats(order).print_stats(args.top)


if __name__ == "__main__":
    main()
