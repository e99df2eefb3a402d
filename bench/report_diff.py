"""Replay the same logs with this tree and another revision and say where the reports differ.

For a restructuring that keeps behaviour: generated games of a game (every player count,
seeded), each also damaged a few ways (an event dropped, doubled, swapped with the next, a
field taken from another event of its type, another player named, another variant declared),
are replayed in strict and audit mode, and looked at (``state_at`` and the legal actions) at
a few events, by both trees. The figures are the documents compared, how many differ, and
the paths that differ most often (``/reached/expected_next``), with one example each. Run
with ``make report-diff ARGS="--against REV --game coimbra --games 200"``; ``--ignore words``
leaves out a key one tree adds (such as the ``words`` a phrased message carries) wherever it is.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
from collections import Counter
from pathlib import Path

import replay
from bench.replay_speed import worktree_of

WORKER = Path(__file__).with_name("report_documents.py")
DAMAGES = ("drop", "double", "swap", "field", "player", "variant")


def damaged(doc: dict, rng: random.Random, variants: list[str]) -> dict:
    """A copy of a log with one damage, chosen and placed by ``rng``."""
    copy = json.loads(json.dumps(doc))
    events = copy["events"]
    index = rng.randrange(len(events))
    damage = rng.choice(DAMAGES)
    if damage == "drop":
        del events[index]
    elif damage == "double":
        events.insert(index, json.loads(json.dumps(events[index])))
    elif damage == "swap" and index + 1 < len(events):
        events[index], events[index + 1] = events[index + 1], events[index]
    elif damage == "field":
        event = events[index]
        others = [e for e in events if e["type"] == event["type"] and e is not event]
        fields = [k for k in event if k != "type"]
        if others and fields:
            field = rng.choice(fields)
            other = rng.choice(others)
            if field in other:
                event[field] = json.loads(json.dumps(other[field]))
    elif damage == "player" and "player" in events[index]:
        events[index]["player"] = rng.choice(copy["header"]["players"])
    elif damage == "variant" and variants:
        copy["header"]["variants"] = [rng.choice(variants)]
    return copy


def sample(game_name: str, games: int, damages: int) -> list[dict]:
    """The logs both trees replay: generated games and their damaged copies."""
    game = replay.GAMES.get(game_name)
    rng = random.Random(11)
    counts = sorted(game.player_counts)
    logs = []
    for seed in range(games):
        doc = game.generate(counts[seed % len(counts)], seed)
        logs.append(doc)
        logs += [damaged(doc, rng, sorted(game.variants)) for _ in range(damages)]
    return logs


def documents(tree: Path, logs_file: str) -> list[str]:
    """The documents the tree's engines make of each log, a JSON line per log."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(tree), env.get("PYTHONPATH")]))
    done = subprocess.run([sys.executable, str(WORKER), logs_file], env=env, check=True,
                          capture_output=True, text=True)
    return done.stdout.splitlines()


def without(value, keys: frozenset):
    """``value`` with every dict entry whose key is among ``keys`` left out, at any depth."""
    if isinstance(value, dict):
        return {k: without(v, keys) for k, v in value.items() if k not in keys}
    if isinstance(value, list):
        return [without(v, keys) for v in value]
    return value


def differences(before, after, path: str = ""):
    """The paths where two documents differ, with the two values."""
    if type(before) is not type(after):
        yield path, before, after
    elif isinstance(before, dict):
        for key in sorted(set(before) | set(after), key=str):
            yield from differences(before.get(key), after.get(key), f"{path}/{key}")
    elif isinstance(before, list) and len(before) == len(after):
        for i, (x, y) in enumerate(zip(before, after, strict=True)):
            yield from differences(x, y, f"{path}/{i}")
    elif before != after:
        yield path, before, after


def _refused(documents: list) -> bool:
    """Whether a tree refused to read the log (its one document is the problem)."""
    return len(documents) == 1 and isinstance(documents[0], str) and \
        documents[0].startswith("invalid: ")


def main() -> None:
    """Compare the two trees' documents and print where they differ."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--against", required=True, help="the revision to compare with")
    parser.add_argument("--game", default="coimbra", choices=replay.GAMES.names())
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--damages", type=int, default=4, help="damaged copies per game")
    parser.add_argument("--ignore", action="append", default=[], metavar="KEY",
                        help="leave out this key wherever it is (repeatable), e.g. words "
                             "when one tree adds them")
    args = parser.parse_args()
    logs = sample(args.game, args.games, args.damages)
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as file:
        json.dump(logs, file)
    try:
        commit, other = worktree_of(args.against)
        mine = documents(Path(__file__).resolve().parent.parent, file.name)
        theirs = documents(other, file.name)
    finally:
        os.unlink(file.name)
    paths: Counter = Counter()
    examples: dict[str, tuple] = {}
    differing = compared = 0
    unread = {"this tree": 0, args.against: 0}  # logs only the other tree reads
    ignored = frozenset(args.ignore)
    # Paired by log (a line each), then document by document: a log one tree cannot read
    # has one document there, and is counted apart rather than misaligning the rest.
    for these, those in zip(mine, theirs, strict=True):
        these, those = json.loads(these), json.loads(those)
        if _refused(these) != _refused(those):
            unread["this tree" if _refused(these) else args.against] += 1
            continue
        for this, that in zip(these, those, strict=True):
            compared += 1
            if this == that:
                continue
            this, that = without(this, ignored), without(that, ignored)
            if this == that:
                continue
            differing += 1
            for path, before, after in differences(that, this):
                general = "/".join("#" if part.isdigit() else part for part in path.split("/"))
                paths[general] += 1
                examples.setdefault(general, (before, after))
    left_out = f" (leaving out {', '.join(sorted(ignored))})" if ignored else ""
    print(f"{args.game}: {len(logs)} logs, {compared} documents compared; {differing} differ "
          f"between this tree and {args.against} ({commit[:8]}){left_out}")
    for tree, count in unread.items():
        if count:
            print(f"  {count} logs only the other tree reads: not compared ({tree} refuses "
                  "them)")
    for path, count in paths.most_common(20):
        before, after = examples[path]
        print(f"  {count:6d} {path or '/'}: {str(before)[:60]!r} -> {str(after)[:60]!r}")


if __name__ == "__main__":
    main()
