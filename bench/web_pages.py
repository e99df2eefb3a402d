"""Server time and weight of the web pages of a four-player game: its report page and its
step page. The game is replayed in-process into a project Redis of its own; pages are
rendered through the Flask app (no network), so the figures are the server's own work.

Run with ``make bench-web`` (``ARGS="--requests 100"`` to change the count).
"""

from __future__ import annotations

import argparse
import gzip
import re
import statistics
import tempfile
import time
from pathlib import Path

import redis

from api import create_app
from api.web.report_view import log_lines
from workers.jobs import run_replay
from workers.redis_server import RedisServer
from workers.store import ReplayStore

FIXTURE = Path(__file__).resolve().parent.parent / "fixtures" / "coimbra" / "legal" / \
    "game-4p.json"
LOG_PANEL = re.compile(r'<aside class="log".*?</aside>', re.S)


def timed(client, url: str, count: int, cold: bool = False) -> tuple[list[float], bytes]:
    """Milliseconds of each of ``count`` GETs of ``url``, and the last body; ``cold``: with
    the kept log lines forgotten before each (a log's first view)."""
    timings, body = [], b""
    for _ in range(count):
        if cold:
            log_lines.cache_clear()
        start = time.perf_counter()
        response = client.get(url)
        timings.append((time.perf_counter() - start) * 1000)
        assert response.status_code == 200, (url, response.status_code)
        body = response.data
    return timings, body


def weight(body: bytes) -> str:
    """Bytes of a page, without its log panel, and gzip-compressed."""
    without_log = LOG_PANEL.sub("", body.decode()).encode()
    return (f"{len(body):7d} B ({len(gzip.compress(body)):6d} B gzip); without the log "
            f"{len(without_log):7d} B ({len(gzip.compress(without_log)):6d} B gzip)")


def main(argv: list[str] | None = None) -> None:
    """Replay the game, then time and weigh its report page and its step page."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--requests", type=int, default=50)
    parser.add_argument("--event", type=int, default=150)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        server = RedisServer(Path(folder)).start()
        try:
            connection = redis.Redis.from_url(server.url)
            store = ReplayStore(connection)
            replay_id = store.accept(FIXTURE.read_text(), {"mode": "strict"},
                                     "anonymous").replay_id
            run_replay(connection, replay_id, 1)
            client = create_app({"REDIS_URL": server.url, "API_KEYS": {}}).test_client()
            pages = (("report", f"/replays/{replay_id}"),
                     ("step", f"/replays/{replay_id}/step?event={args.event}"))
            for label, url in pages:
                timed(client, url, 3)  # templates compiled, connections open
                for view, cold in (("first view", True), ("again", False)):
                    timings, body = timed(client, url, args.requests, cold)
                    print(f"{label:>6} page, {view:>10}: median "
                          f"{statistics.median(timings):6.1f} ms, p95 "
                          f"{sorted(timings)[int(0.95 * len(timings)) - 1]:6.1f} ms over "
                          f"{args.requests} requests")
                print(f"{label:>6} page weight: {weight(body)}")
            static = [client.get(f"/assets/{name}").data for name in
                      ("site.css", "poll.js", "step.js")]
            print(f"assets: site.css {len(static[0])} B, poll.js {len(static[1])} B, "
                  f"step.js {len(static[2])} B (each cached by the browser)")
        finally:
            server.stop()


if __name__ == "__main__":
    main()
