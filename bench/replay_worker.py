"""Time replays of given logs, one pass per request, for ``bench.replay_speed``.

Run as a script (not with ``-m``) with the source tree to measure first on ``PYTHONPATH``, so
that ``import replay`` loads that tree's engines. It reads the path of a JSON file holding the
logs' texts from its first input line, then answers each ``pass`` line with the seconds one
pass over every log took, each from its JSON text to its report document by
``replay.replay_text`` (what a worker runs for a submission: decoding included), or with
``cannot replay: ...`` when that tree fails on them (an older revision may not know the game).
The seconds are the process's CPU time, so that other work on a shared machine slows the
figures less.
"""

from __future__ import annotations

import json
import sys
import time

import replay


def one_pass(texts: list[str]) -> float:
    """CPU seconds to replay every log once, parse and report included."""
    start = time.process_time()
    for text in texts:
        report = replay.replay_text(text)
        if report["verdict"] == "unparseable":
            raise ValueError(f"the log cannot be read: {report['problems'][0]}")
    return time.process_time() - start


def main() -> None:
    """Serve passes until the input ends; the first answer names the package measured."""
    with open(sys.stdin.readline().strip(), encoding="utf-8") as file:
        texts = json.load(file)
    print(replay.__file__, flush=True)
    for line in sys.stdin:
        if line.strip() == "pass":
            try:
                print(one_pass(texts), flush=True)
            except Exception as err:
                print(f"cannot replay: {type(err).__name__}: {err}", flush=True)


if __name__ == "__main__":
    main()
