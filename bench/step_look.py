"""The recorder's look at the table after a tap, this tree against another revision.

A recorder shows, after every tap, the table after the last event and the moves legal
there: ``state_at`` and the legal actions at the last event of a generated 4-player game,
looked at right after the event before it. Each tree runs in its own process (a git
worktree of ``--against`` kept in the temp folder), the two taking turns; the figures are
CPU milliseconds per look, best and median, and how many times faster this tree is. Run
with ``make bench-look ARGS="--against d477e31"``.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

import replay
from bench.replay_speed import HERE, worktree_of

WORKER = Path(__file__).with_name("step_look_worker.py")


class Looker:
    """A process looking at one log with one tree's engines."""

    def __init__(self, tree: Path, log_file: str):
        env = dict(os.environ)
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(tree), env.get("PYTHONPATH")]))
        self.process = subprocess.Popen([sys.executable, str(WORKER)], env=env, text=True,
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        self.process.stdin.write(log_file + "\n")
        self.process.stdin.flush()
        loaded = Path(self.process.stdout.readline().strip())
        if tree.resolve() not in loaded.resolve().parents:
            raise RuntimeError(f"the looker for {tree} loaded {loaded} instead")

    def look(self) -> float:
        """Seconds of one look."""
        self.process.stdin.write("pass\n")
        self.process.stdin.flush()
        return float(self.process.stdout.readline())

    def close(self) -> None:
        """End the process."""
        self.process.stdin.close()
        self.process.wait()


def main() -> None:
    """Print milliseconds per look for each tree and game, and the speed-up."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--against", help="the revision to compare with")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--looks", type=int, default=15)
    args = parser.parse_args()
    trees = {"this tree": HERE}
    if args.against:
        commit, path = worktree_of(args.against)
        trees[f"{args.against} ({commit[:8]})"] = path
    for game in replay.GAMES:
        log = game.generate(args.players, 1)
        with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as file:
            json.dump(log, file)
        lookers = {label: Looker(tree, file.name) for label, tree in trees.items()}
        try:
            for looker in lookers.values():
                looker.look()  # warm-up: imports, catalogs
            timings = {label: [] for label in lookers}
            labels = list(lookers)
            for turn in range(args.looks):
                for label in labels if turn % 2 == 0 else reversed(labels):
                    timings[label].append(lookers[label].look())
        finally:
            for looker in lookers.values():
                looker.close()
            os.unlink(file.name)
        print(f"{game.name}: the look after the last of {len(log['events'])} events "
              f"({args.players} players)")
        for label, seconds in timings.items():
            print(f"  {label:<28} best {min(seconds) * 1000:7.2f} ms  median "
                  f"{statistics.median(seconds) * 1000:7.2f} ms")
        if len(timings) == 2:
            this, other = timings.values()
            print(f"  speed-up: {min(other) / min(this):.2f}x best against best, "
                  f"{statistics.median(other) / statistics.median(this):.2f}x median")


if __name__ == "__main__":
    main()
