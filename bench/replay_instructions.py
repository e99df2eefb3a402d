"""Count the machine instructions a replay costs, with valgrind's cachegrind.

Instruction counts do not depend on what else the machine is doing, so they compare two
trees reliably where CPU time on a shared machine is noisy. Each tree's worker
(``bench.replay_worker``) runs twice under cachegrind over the same generated games: once with
the warm-up pass only, once with ``--passes`` more; the difference, divided by the games
replayed, is the instructions per game (each from its JSON text to its report document),
without the start-up, the imports and the first-pass caches.
Run with ``make bench-instructions`` (``ARGS="--against REV --games 20"``); needs valgrind.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

import replay
from bench.replay_speed import (
    WORKER,
    CannotReplay,
    add_common_arguments,
    sample_logs,
    trees_to_measure,
)

_REFS = re.compile(r"I\s+refs:\s+([\d,]+)")


def instructions(tree: Path, texts_file: str, passes: int) -> int:
    """Instructions executed by a worker of ``tree`` doing the warm-up and ``passes`` passes."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(tree), env.get("PYTHONPATH")]))
    # String hashing is salted per process, which moves the count by a few per cent from one
    # run to the next (dict probes); one fixed salt makes two runs of a tree count alike.
    env["PYTHONHASHSEED"] = "0"
    run = subprocess.run(
        ["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null",
         sys.executable, str(WORKER)],
        input=texts_file + "\n" + "pass\n" * (1 + passes), env=env, text=True,
        capture_output=True, check=True)
    loaded, *answers = run.stdout.splitlines()
    if tree.resolve() not in Path(loaded.strip()).resolve().parents:
        raise RuntimeError(f"the worker for {tree} loaded {loaded} instead")
    refused = next((a for a in answers if a.startswith("cannot replay")), None)
    if refused is not None:  # an older tree that does not know the game
        raise CannotReplay(refused)
    found = _REFS.search(run.stderr)
    if found is None:
        raise RuntimeError(f"no instruction count in valgrind's output:\n{run.stderr[-2000:]}")
    return int(found.group(1).replace(",", ""))


def per_game(tree: Path, texts_file: str, games: int, passes: int) -> float:
    """Instructions per game replayed, start-up and warm-up left out."""
    return (instructions(tree, texts_file, passes) - instructions(tree, texts_file, 0)) \
        / (games * passes)


def main(argv: list[str] | None = None) -> None:
    """Generate the games, count each tree's instructions per game, print them."""
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    add_common_arguments(parser, games=20)
    parser.add_argument("--passes", type=int, default=2)
    args = parser.parse_args(argv)
    trees = trees_to_measure(args.against)
    for game in [args.game] if args.game else replay.GAMES.names():
        texts = sample_logs(game, args.players, args.games)
        events = sum(len(json.loads(text)["events"]) for text in texts)
        print(f"{game}: {args.games} {args.players}-player games, {events} events, "
              f"{args.passes} measured passes under cachegrind")
        with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as file:
            json.dump(texts, file)
        counts = {}
        try:
            for label, tree in trees.items():
                try:
                    counts[label] = per_game(tree, file.name, args.games, args.passes)
                except CannotReplay as err:
                    print(f"  {label:<28} {err}")
        finally:
            os.unlink(file.name)
        for label, count in counts.items():
            print(f"  {label:<28} {count / 1e6:8.2f} M instructions/game  "
                  f"{count * args.games / events / 1e3:7.1f} k/event")
        if len(counts) == 2:
            this, other = counts.values()
            print(f"  speed-up: {other / this:.2f}x fewer instructions")


if __name__ == "__main__":
    main()
