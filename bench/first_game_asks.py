"""How much the recorder asks the table: values (and components) a first game asks for,
by game and player count, and what a second game still asks once the first was answered.

Generated games stand for typical ones; a client with an empty draft and the built-in
catalog. Run: ``.venv/bin/python -m bench.first_game_asks [--seeds N]``.
"""

from __future__ import annotations

import argparse
import statistics

import replay
from api import recorder_asks as asks
from api.recorder_engine import new_header


def asked(header: dict, events: list[dict]) -> tuple[int, int, dict]:
    """Components and values a recording of ``events`` asks for (each answered in full),
    and those values as the log's declarations."""
    components = asks.pending(header, events)
    declared = {entry: {slot.field: slot.stand_in for slot in asks.open_slots(header, entry)}
                for entry in components}
    return len(components), sum(len(v) for v in declared.values()), declared


def main() -> None:
    """Print, per game and player count, the median (and range) over the seeds."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=5)
    seeds = range(1, parser.parse_args().seeds + 1)
    print(f"{'game':<10} {'players':>7}  {'after setup':>17}  {'first game':>17}  "
          f"{'second game':>17}")
    for game in replay.GAMES:
        for players in game.player_counts:
            setup, first, second = [], [], []
            for seed in seeds:
                log = replay.load_log(game.generate(players, seed))
                header = new_header(game.name, log.players, [])
                setup.append(asked(header, log.events[:1])[:2])
                components, values, declared = asked(header, log.events)
                first.append((components, values))
                following = replay.load_log(game.generate(players, seed + 1000))
                answered = dict(new_header(game.name, following.players, []),
                                components=declared)
                second.append(asked(answered, following.events)[:2])
            print(f"{game.name:<10} {players:>7}  {_cell(setup):>17}  {_cell(first):>17}  "
                  f"{_cell(second):>17}")
    print("cells: values (components), median over the seeds [min-max of values]")


def _cell(found: list[tuple[int, int]]) -> str:
    values = [v for _, v in found]
    components = statistics.median(c for c, _ in found)
    return f"{statistics.median(values):g} ({components:g}) [{min(values)}-{max(values)}]"


if __name__ == "__main__":
    main()
