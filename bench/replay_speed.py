"""Replay generated games in-process and print games/s and microseconds per event.

Parse and report are included: each game goes from its JSON text to its report document.
Run with ``make bench`` (``ARGS="--games 500 --players 4"`` to change the load). With
``--against REV`` the same games are also replayed by REV's code (a git worktree of REV kept
in the temp folder and reused): the two trees take turns, one pass each, so that the noise of
a shared machine falls on both alike, and the speed-up is printed beside the figures.
Times are CPU seconds of the replaying process (on an idle machine, the same as wall time).
Every registered game is measured unless ``--game`` names one; a game that can be played by
one player (Viscounts against its automated opponent) also gets a 1-player line, since the
opponent's procedure is work the multiplayer game does not do (``--no-solo`` leaves it out).
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

WORKER = Path(__file__).with_name("replay_worker.py")
HERE = Path(__file__).resolve().parent.parent


def sample_logs(game: str, players: int, count: int) -> list[str]:
    """``count`` generated logs of ``game`` as JSON text (the one game-specific step)."""
    chosen = replay.GAMES.get(game)
    return [json.dumps(chosen.generate(players, seed)) for seed in range(count)]


def _git(*args: str) -> str:
    return subprocess.run(["git", "-C", str(HERE), *args], check=True, capture_output=True,
                          text=True).stdout.strip()


def worktree_of(rev: str) -> tuple[str, Path]:
    """The commit ``rev`` names and a checkout of it, made on first use and reused after."""
    commit = _git("rev-parse", "--verify", f"{rev}^{{commit}}")
    path = Path(tempfile.gettempdir()) / "referee-bench" / commit
    if not (path / "replay").is_dir():
        _git("worktree", "prune")  # forget checkouts whose folder the temp cleaner removed
        _git("worktree", "add", "--detach", str(path), commit)
    return commit, path


class CannotReplay(Exception):
    """A tree's engines cannot replay these logs (an older revision may not know the game)."""


class Worker:
    """A Python process replaying the logs with one source tree's engines, pass by pass."""

    def __init__(self, tree: Path, texts_file: str):
        env = dict(os.environ)
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(tree), env.get("PYTHONPATH")]))
        self.process = subprocess.Popen([sys.executable, str(WORKER)], env=env, text=True,
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        self.process.stdin.write(texts_file + "\n")
        self.process.stdin.flush()
        loaded = Path(self.process.stdout.readline().strip())
        if tree.resolve() not in loaded.resolve().parents:
            raise RuntimeError(f"the worker for {tree} loaded {loaded} instead")

    def time_pass(self) -> float:
        """Seconds of one pass over every log."""
        self.process.stdin.write("pass\n")
        self.process.stdin.flush()
        answer = self.process.stdout.readline().strip()
        if answer.startswith("cannot replay"):
            raise CannotReplay(answer)
        return float(answer)

    def close(self) -> None:
        """End the process."""
        self.process.stdin.close()
        self.process.wait()


def measure(trees: dict[str, Path], texts: list[str], repeats: int) -> dict[str, list[float]]:
    """Seconds per pass for each tree; the trees take turns, the first alternating."""
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as file:
        json.dump(texts, file)
    workers = {label: Worker(tree, file.name) for label, tree in trees.items()}
    try:
        for label, worker in list(workers.items()):
            try:
                worker.time_pass()  # warm-up: imports, catalogs, caches
            except CannotReplay as err:
                print(f"  {label}: {err}; measured without it")
                worker.close()
                del workers[label]
        trees = {label: trees[label] for label in workers}
        timings: dict[str, list[float]] = {label: [] for label in trees}
        labels = list(trees)
        for turn in range(repeats):
            for label in labels if turn % 2 == 0 else reversed(labels):
                timings[label].append(workers[label].time_pass())
        return timings
    finally:
        for worker in workers.values():
            worker.close()
        os.unlink(file.name)


def print_figures(timings: dict[str, list[float]], games: int, events: int) -> None:
    """Best and median pass of each tree; with two trees, how many times faster the first is."""
    for label, seconds in timings.items():
        for kind, value in (("best", min(seconds)), ("median", statistics.median(seconds))):
            print(f"  {label:<28} {kind:>6}: {games / value:8.1f} games/s  "
                  f"{value / events * 1e6:6.2f} us/event")
    if len(timings) == 2:
        this, other = timings.values()
        pairs = [before / after for after, before in zip(this, other, strict=True)]
        print(f"  speed-up: {min(other) / min(this):.2f}x best against best, "
              f"{statistics.median(pairs):.2f}x median of {len(pairs)} side-by-side pairs")


def main(argv: list[str] | None = None) -> None:
    """Generate the games, replay them ``--repeats`` times per tree, print the figures."""
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    add_common_arguments(parser, games=200)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--no-solo", action="store_true",
                        help="no 1-player line for the games that have a solo mode")
    args = parser.parse_args(argv)
    trees = trees_to_measure(args.against)
    for game in [args.game] if args.game else replay.GAMES.names():
        for players in player_counts(game, args.players, solo=not args.no_solo):
            texts = sample_logs(game, players, args.games)
            events = sum(len(json.loads(text)["events"]) for text in texts)
            print(f"{game}: {args.games} {players}-player games, {events} events, "
                  f"{args.repeats} passes per tree, one core, CPU time")
            print_figures(measure(trees, texts, args.repeats), args.games, events)


def add_common_arguments(parser: argparse.ArgumentParser, games: int) -> None:
    """The options every replay benchmark takes: the games generated, which game, and a
    revision to measure against."""
    parser.add_argument("--games", type=int, default=games)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--game", choices=replay.GAMES.names(),
                        help="measure this game only (default: every registered game)")
    parser.add_argument("--against", metavar="REV",
                        help="also measure this git revision's code")


def trees_to_measure(against: str | None) -> dict[str, Path]:
    """This source tree, and a worktree of ``against`` when given, by label."""
    trees = {"this tree": HERE}
    if against:
        commit, path = worktree_of(against)
        trees[f"{against} ({commit[:8]})"] = path
    return trees


def player_counts(game: str, players: int, solo: bool) -> list[int]:
    """The player counts measured for ``game``: ``players``, then 1 when the game has a solo
    mode (and ``solo``)."""
    counts = [players]
    if solo and players != 1 and 1 in replay.GAMES.get(game).player_counts:
        counts.append(1)
    return counts


if __name__ == "__main__":
    main()
