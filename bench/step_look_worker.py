"""Time the recorder's look at a game after each tap, for ``bench.step_look``.

Run as a script with the source tree to measure first on ``PYTHONPATH``. It reads a JSON
log from the path on its first input line, then answers each ``pass`` line with the CPU
seconds of one look at the table after the log's last event, right after a look at the
table after the event before it (as a recorder looks after every tap): ``state_at`` and the
legal actions there.
"""

from __future__ import annotations

import json
import sys
import time

import replay


def one_look(log: replay.GameLog) -> float:
    """CPU seconds of ``state_at`` and the legal actions at the last event, after a look at
    the event before it."""
    last = len(log.events) - 1
    replay.state_at(log, last - 1)
    start = time.process_time()
    replay.state_at(log, last)
    replay.game_of(log).legal_actions(log, last)
    return time.process_time() - start


def main() -> None:
    """Serve passes until the input ends; the first answer names the package measured."""
    with open(sys.stdin.readline().strip(), encoding="utf-8") as file:
        log = replay.load_log(json.load(file))
    print(replay.__file__, flush=True)
    for line in sys.stdin:
        if line.strip() == "pass":
            print(one_look(log), flush=True)


if __name__ == "__main__":
    main()
