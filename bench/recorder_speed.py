"""Server time per tap of a recording at the last move of a four-player game, beside a full
in-process replay of the same game.

For each game a generated four-player game is recorded up to its last move that is a tap
(a legal action the page offers); then that move is appended through the API and taken
back again, ``--taps`` times. A tap is the append, the check, the new table and its legal
moves; it is timed through the Flask app (no network), in a project Redis of its own. The
page a phone shows after a tap is timed and weighed too (gzip, as served compressed).

Run with ``make bench-recorder`` (``ARGS="--taps 50"``).
"""

from __future__ import annotations

import argparse
import gzip
import re
import statistics
import tempfile
import time
from pathlib import Path

import replay
from api import create_app
from api import recorder_engine as engine
from api.recorder_steps import make_step
from workers.recordings import RecordingStore
from workers.redis_server import RedisServer

CSRF = re.compile(rb'name="csrf_token" value="([^"]+)"')
GAMES = ("viscounts", "coimbra")


def percentile(values: list[float], share: float) -> float:
    """The value below which ``share`` of ``values`` lie (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(share * len(ordered)) - 1))]


def figures(values: list[float]) -> str:
    """Median, p95 and largest of a list of milliseconds."""
    return (f"p50 {statistics.median(values):6.1f} ms  p95 {percentile(values, 0.95):6.1f} ms"
            f"  max {max(values):6.1f} ms")


def last_tap(game, log) -> int:
    """The index of the game's last event that is one of the legal moves offered."""
    for index in range(len(log.events) - 1, 0, -1):
        if log.events[index] in game.legal_actions(log, index - 1):
            return index
    raise ValueError("no event of the game is an offered move")


def prepared(store: RecordingStore, app, game_name: str, seed: int):
    """A recording holding a generated four-player game up to its last tap; the recording's
    id, the tap's event, the game and its log."""
    game = replay.GAMES.get(game_name)
    log = replay.load_log(game.generate(4, seed))
    index = last_tap(game, log)
    header = engine.new_header(game_name, log.players, log.variants)
    events = log.events[:index]
    with app.app_context():
        recording = store.create("anonymous", header, {"version": 0})
        step = make_step(header, events, 2, engine.look(header, events))
    store.append(recording.id, 1, events, step, 100000)
    return recording.id, log.events[index], game, log, index


def bench_game(client, app, store, game_name: str, seed: int, taps: int) -> None:
    """Time the taps at the last move of one game, its page, and a full replay."""
    recording, event, game, log, index = prepared(store, app, game_name, seed)
    url = f"/v1/recordings/{recording}"
    api_times, page_times, page_sizes = [], [], []
    version = client.get(url).json["version"]
    offers = client.get(url).json["moves"]
    move = next(m["index"] for m in offers if m["event"] == event)
    token = CSRF.search(client.get(f"/record/{recording}").data).group(1).decode()
    for _ in range(taps):
        start = time.perf_counter()
        answer = client.post(url + "/events", json={"version": version, "event": event})
        api_times.append((time.perf_counter() - start) * 1000)
        assert answer.status_code == 200, answer.json
        version = client.post(url + "/undo", json={"version": answer.json["version"]}) \
            .json["version"]
        start = time.perf_counter()
        tapped = client.post(f"/record/{recording}/move",
                             data={"version": version, "move": move, "csrf_token": token})
        page = client.get(f"/record/{recording}")
        page_times.append((time.perf_counter() - start) * 1000)
        assert tapped.status_code == 303 and page.status_code == 200
        page_sizes.append((len(page.data), len(gzip.compress(page.data))))
        version = client.post(url + "/undo", json={"version": version + 1}).json["version"]
    replays = []
    for _ in range(max(3, taps // 5)):
        start = time.perf_counter()
        game.replay(log)
        replays.append((time.perf_counter() - start) * 1000)
    fresh = client.post("/v1/recordings", json={"game": game_name, "players": log.players})
    setup_page = client.get(f"/record/{fresh.json['id']}").data
    raw, packed = page_sizes[-1]
    print(f"{game_name} 4 players, seed {seed}: {len(log.events)} events, tap at event {index} "
          f"({event['type']})")
    print(f"  tap via API (append + check + new table + legal moves): {figures(api_times)}")
    print(f"  tap on the page (POST, redirect, GET of the new page):  {figures(page_times)}")
    print(f"  page after the tap: {raw} B, {packed} B gzip; the set-up form's page: "
          f"{len(setup_page)} B, {len(gzip.compress(setup_page))} B gzip")
    print(f"  full in-process replay of the game:                    {figures(replays)}")


def main(argv: list[str] | None = None) -> None:
    """Start a Redis of its own, then time the taps of each game."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--taps", type=int, default=30)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        server = RedisServer(Path(folder)).start()
        try:
            app = create_app({"REDIS_URL": server.url, "API_KEYS": {}, "RATE_LIMIT": (0, 60)})
            store = RecordingStore(app.extensions["referee_redis"])
            client = app.test_client()
            for game_name in GAMES:
                bench_game(client, app, store, game_name, args.seed, args.taps)
        finally:
            server.stop()


if __name__ == "__main__":
    main()
