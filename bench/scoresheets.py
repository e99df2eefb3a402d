"""Scoresheets: scoring one sheet of each game, the scoresheet page's running totals (its
server time per answer, asked as a person types) and the page's weight, and the tournament
desk reading and scoring a CSV of many tables. Pages are rendered through the Flask app (no
network) against a project Redis of its own, so the figures are the server's own work.

Run with ``make bench-scoresheets`` (``ARGS="--requests 100 --tables 200"`` to change the
counts).
"""

from __future__ import annotations

import argparse
import gzip
import json
import re
import statistics
import tempfile
import time
from pathlib import Path

import replay
from api import create_app
from replay.core.logs.scoresheet_csv import desk_results, read_desk
from workers.redis_server import RedisServer

ROOT = Path(__file__).resolve().parent.parent
DESK = ROOT / "fixtures" / "desk" / "viscounts-two-tables.csv"
DOCS = {"viscounts": ROOT / "docs" / "viscounts-log.md", "coimbra": ROOT / "docs" /
        "coimbra-log.md"}
SHEET = re.compile(r"<!-- example: scoresheet.*?```json\n(.*?)```", re.S)
# ana's line of the p.25 example, typed into the page's boxes (tests/web).
BOXES = {"players": "ana bruno carla duarte", "t:revealed": "poverty",
         "0:buildings.guildhall": ["2", "3"], "0:castle:0": "4", "0:castle:1": "3",
         "0:castle:2": "3", "0:castle_leader": "1", "0:cleric_bonuses": "black",
         "0:manuscripts": [f"ms-0{i}" for i in range(1, 9)],
         "0:cards": ["Antagonist", "Squire", "Princess", "tf-39", "Thief"],
         "1:deeds": "2", "0:final": "100"}


def milliseconds(work, count: int) -> list[float]:
    """Milliseconds of each of ``count`` runs of ``work``."""
    timings = []
    for _ in range(count):
        start = time.perf_counter()
        work()
        timings.append((time.perf_counter() - start) * 1000)
    return timings


def told(label: str, timings: list[float]) -> str:
    """A line of figures: the median and 95th percentile of ``timings``."""
    return (f"{label}: median {statistics.median(timings):6.2f} ms, p95 "
            f"{sorted(timings)[int(0.95 * len(timings)) - 1]:6.2f} ms over {len(timings)}")


def main(argv: list[str] | None = None) -> None:
    """Time the scoring, the page's totals, the page's weight and a desk of many tables."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--requests", type=int, default=50)
    parser.add_argument("--tables", type=int, default=100)
    args = parser.parse_args(argv)
    for game, doc in DOCS.items():
        sheet = json.loads(SHEET.search(doc.read_text(encoding="utf-8")).group(1))
        print(told(f"{game:>9} score_sheet", milliseconds(
            lambda sheet=sheet: replay.score_sheet(sheet), args.requests)))
    with tempfile.TemporaryDirectory() as folder:
        server = RedisServer(Path(folder)).start()
        try:
            client = create_app({"REDIS_URL": server.url, "API_KEYS": {}}).test_client()
            page = client.get("/scoresheet/viscounts?players=ana+bruno+carla+duarte").data
            print(f"scoresheet page, 4 players: {len(page)} B ({len(gzip.compress(page))} B "
                  "gzip)")
            answer = client.get("/scoresheet/viscounts/totals", query_string=BOXES)
            assert answer.status_code == 200 and answer.get_json()["players"], answer.data
            print(told("   running totals", milliseconds(
                lambda: client.get("/scoresheet/viscounts/totals", query_string=BOXES),
                args.requests)))
        finally:
            server.stop()
    header, *rows = DESK.read_text(encoding="utf-8").splitlines()
    # The two tables again and again, under new table numbers.
    tables = [header] + [f"{int(row.split(',', 1)[0]) + 2 * n},{row.split(',', 1)[1]}"
                         for n in range(args.tables // 2) for row in rows]
    text = "\n".join(tables) + "\n"
    [took] = milliseconds(lambda: desk_results(read_desk(text, replay.GAMES, "viscounts")),
                             1)
    count = len(tables) - 1
    print(f"desk: {count} rows ({count // 2} tables) read, checked and ranked in "
          f"{took:.0f} ms ({took / (count // 2):.2f} ms per table)")


if __name__ == "__main__":
    main()
