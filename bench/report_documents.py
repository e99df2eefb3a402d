"""The documents one source tree makes of given logs, for ``bench.report_diff``.

Run as a script with the tree on ``PYTHONPATH`` (so that ``import replay`` loads that tree's
engines) and the path of a JSON file of logs: prints, one JSON line per log (in the file's
order), the list of its documents: its report in strict and in audit mode (without the engine
version), and its ``state_at`` and legal actions before the first event and at a third, half
and the end of it; a log the tree refuses to read gives its problem instead, a one-item list.
"""

from __future__ import annotations

import json
import sys

import replay
from replay.core.logs.log import load_log
from replay.core.logs.problems import InvalidLog


def looks(log) -> list:
    """The reports and looks at a few events of one log."""
    found = []
    for mode in ("strict", "audit"):
        report = replay.replay(log, mode)
        report.pop("engine_version", None)
        found.append(report)
    game = replay.GAMES.get(log.game)
    last = len(log.events) - 1
    for event in sorted({-1, 0, last // 3, last // 2, last}):
        found.append(game.state_at(log, event))
        found.append(game.legal_actions(log, event))
    return found


def main() -> None:
    """Print the documents of every log in the file named on the command line."""
    with open(sys.argv[1], encoding="utf-8") as file:
        logs = json.load(file)
    for doc in logs:
        try:
            found = looks(load_log(doc))
        except InvalidLog as err:
            found = [f"invalid: {err}"]
        print(json.dumps(found, sort_keys=True, default=str))


if __name__ == "__main__":
    main()
