"""Soak: many submissions while workers are killed -9 every two seconds and Redis once (it
restarts from its append-only file while the workers run on).

Starts a project-owned Redis, the API (``referee serve``) and two replay workers, each its
own process. Eight clients submit N distinct games, each retrying with the same
Idempotency-Key until it is accepted, then poll every accepted replay to its end. Prints
accepted, completed, failed, lost, duplicated, 5xx (503 while Redis is down counted apart),
never accepted, wall time, replays/s, Redis commands per replay and memory per 1,000
stored games.

``--bombs`` also posts archive bombs and holds half-open connections throughout, while a
health probe must answer within 1 s. Run with ``make soak`` (``ARGS="--games 500"``).
"""

from __future__ import annotations

import argparse
import bz2
import gzip
import io
import json
import os
import random
import re
import signal
import socket
import subprocess
import sys
import tarfile
import tempfile
import threading
import time
import traceback
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import redis
import requests
from rq import Worker

from replay.coimbra.generate import generate
from workers.redis_server import RedisServer
from workers.store import REPLAY, UNFINISHED

WORKER_ENV = {"REFEREE_LEASE_SECONDS": "5", "REFEREE_RECOVERY_INTERVAL": "1"}


class Stack:
    """Redis, the API and the workers, each a process this soak can kill."""

    def __init__(self, folder: Path, workers: int):
        self.redis = RedisServer(folder / "redis")
        self.workers: list[subprocess.Popen] = []
        self.worker_count = workers
        self.api: subprocess.Popen | None = None
        self.base = ""

    def _start(self, args: list[str], env: dict | None = None) -> subprocess.Popen:
        environ = dict(os.environ, REDIS_URL=self.redis.url, REFEREE_RATE_LIMIT="0/60",
                       **(env or {}))
        return subprocess.Popen([sys.executable, "-m", "referee_cli.main", *args],
                                env=environ, stdout=subprocess.DEVNULL,
                                stderr=subprocess.PIPE, text=True)

    def start(self) -> None:
        """Bring everything up and wait until the API answers and workers are ready."""
        self.redis.start()
        self.api = self._start(["serve", "--port", "0", "--threads", "16"])
        for line in self.api.stderr:
            found = re.search(r"referee API on (http://\S+)", line)
            if found:
                self.base = found.group(1)
                break
        threading.Thread(target=self.api.stderr.read, daemon=True).start()
        self.workers = [self.start_worker() for _ in range(self.worker_count)]
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                if requests.get(f"{self.base}/readyz", timeout=2).status_code == 200:
                    return
            except requests.RequestException:
                pass
            time.sleep(0.1)
        raise RuntimeError("the service did not become ready")

    def start_worker(self) -> subprocess.Popen:
        """A replay worker (its output discarded)."""
        process = self._start(["worker", "--queue", "replays"], WORKER_ENV)
        threading.Thread(target=_relay_errors, args=(process,), daemon=True).start()
        return process

    def replace_dead_workers(self) -> None:
        """Start a new worker in place of any that stopped on its own."""
        for slot, process in enumerate(self.workers):
            if process.poll() is not None:
                print(f"worker {process.pid} stopped by itself ({process.returncode})",
                      file=sys.stderr)
                self.workers[slot] = self.start_worker()

    def kill_a_worker(self, index: int) -> bool:
        """kill -9 a worker that has come up, and start a new one in its place.

        Only a worker registered with Redis is killed: on a loaded machine a worker can
        take longer than the kill interval to start, and killing it before it has done
        anything tests nothing.
        """
        try:
            registered = {w.pid for w in Worker.all(connection=redis.Redis.from_url(
                self.redis.url, socket_timeout=2))}
        except redis.RedisError:
            return False
        ready = [i for i, p in enumerate(self.workers) if p.pid in registered]
        if not ready:
            return False
        slot = ready[index % len(ready)]
        self.workers[slot].send_signal(signal.SIGKILL)
        self.workers[slot].wait()
        self.workers[slot] = self.start_worker()
        return True

    def stop(self) -> None:
        """Stop every process started here."""
        for process in [*self.workers, self.api]:
            if process and process.poll() is None:
                process.terminate()
                process.wait(timeout=15)
        self.redis.stop()


def _relay_errors(process: subprocess.Popen) -> None:
    """Pass on a worker's tracebacks (not its routine warnings) to this soak's stderr."""
    for line in process.stderr:
        # RQ notes each drain job a killed worker abandoned: expected here, not an error.
        if ("Traceback" in line or "Error" in line) and "AbandonedJobError" not in line:
            sys.stderr.write(f"[worker {process.pid}] {line}")


def distinct_games(count: int) -> list[str]:
    """``count`` different logs: a few generated games under different table numbers."""
    bases = [generate(4, seed) for seed in range(20)]
    texts = []
    for i in range(count):
        game = dict(bases[i % len(bases)])
        game["header"] = {**game["header"], "metadata": {"table": str(i)}}
        texts.append(json.dumps(game))
    return texts


class Tally:
    """What the clients saw, thread-safe."""

    def __init__(self):
        self.lock = threading.Lock()
        self.codes: Counter = Counter()
        self.locations: dict[int, set[str]] = {}

    def saw(self, status: int) -> None:
        with self.lock:
            self.codes[status] += 1

    def accepted(self, index: int, location: str) -> None:
        with self.lock:
            self.locations.setdefault(index, set()).add(location)


def submit(base: str, index: int, text: str, tally: Tally, deadline: float) -> None:
    """POST one game until it is accepted, always with the same Idempotency-Key; then POST
    it once more, as a client unsure of the first answer would, to catch duplicates."""
    headers = {"Content-Type": "application/json", "Idempotency-Key": f"soak-{index}"}
    confirmations = 0
    while time.monotonic() < deadline and confirmations < 2:
        try:
            response = requests.post(f"{base}/v1/replays", data=text, headers=headers,
                                     timeout=10)
        except requests.RequestException:
            tally.saw(0)
            time.sleep(0.2)
            continue
        tally.saw(response.status_code)
        if response.status_code in (200, 202):
            tally.accepted(index, response.headers["Location"])
            confirmations += 1
        else:
            time.sleep(float(response.headers.get("Retry-After", "0.2")) / 5)


def probe(base: str, stop: threading.Event, slow: list[str]) -> None:
    """GET /healthz every 0.2 s; note when an answer took over 1 s (or never came)."""
    began = time.perf_counter()
    while not stop.is_set():
        start = time.perf_counter()
        try:
            requests.get(f"{base}/healthz", timeout=1)
        except requests.RequestException as err:
            slow.append(f"at {start - began:.1f} s: {type(err).__name__}")
        else:
            if time.perf_counter() - start > 1:
                slow.append(f"at {start - began:.1f} s: {time.perf_counter() - start:.1f} s")
        time.sleep(0.2)


def bombard(base: str, stop: threading.Event, answers: Counter) -> None:
    """Post archive bombs and hold half-open connections until told to stop."""
    info = tarfile.TarInfo("zeros.json")
    info.size = 16 << 30
    bz2_bomb = bz2.compress(info.tobuf()) + bz2.compress(b"\0" * (16 << 20)) * 1024
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w") as archive:
        for i in range(20_000):
            archive.addfile(tarfile.TarInfo(f"m{i}.dat"), io.BytesIO(b""))
    many = gzip.compress(buffer.getvalue())
    host, port = base.removeprefix("http://").split(":")
    sockets = []
    while not stop.is_set():
        for data, media in ((bz2_bomb, "application/x-tar"), (many, "application/gzip")):
            try:
                response = requests.post(f"{base}/v1/batches", data=data, timeout=30,
                                         headers={"Content-Type": media})
                answers[response.status_code] += 1
            except requests.RequestException:
                answers["no answer"] += 1
        try:
            for _ in range(20):
                sock = socket.create_connection((host, int(port)), timeout=5)
                sock.sendall(b"POST /v1/replays HTTP/1.1\r\nHost: x\r\nContent-Length: 9\r\n")
                sockets.append(sock)
        except OSError:
            answers["connection refused"] += 1
        while len(sockets) > 300:
            sockets.pop(0).close()
        time.sleep(0.5)
    for sock in sockets:
        sock.close()


def outcomes(connection: redis.Redis, tally: Tally, games: int, patience: float) -> dict:
    """Wait for every accepted replay to finish, as long as some finish every ``patience``
    seconds; count how they ended (what never finished is lost)."""
    ids = {index: {loc.rsplit("/", 1)[1] for loc in locs}
           for index, locs in tally.locations.items()}
    left, progress = connection.zcard(UNFINISHED), time.monotonic()
    while left and time.monotonic() - progress < patience:
        time.sleep(0.5)
        now_left = connection.zcard(UNFINISHED)
        if now_left < left:
            left, progress = now_left, time.monotonic()
    statuses = Counter()
    for replay_ids in ids.values():
        for replay_id in replay_ids:
            statuses[(connection.hget(REPLAY + replay_id, "status") or b"missing").decode()] += 1
    return {
        "accepted": len(ids),
        "completed": statuses["done"],
        "failed": statuses["failed"],
        "lost": sum(n for status, n in statuses.items() if status not in ("done", "failed")),
        "duplicated": sum(len(r) - 1 for r in ids.values()),
        "never accepted": games - len(ids),
    }


def main(argv: list[str] | None = None) -> None:
    """Run the soak and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--kill-every", type=float, default=2.0,
                        help="seconds between kill -9 of a worker")
    parser.add_argument("--bombs", action="store_true",
                        help="archive bombs and half-open connections alongside")
    args = parser.parse_args(argv)
    texts = distinct_games(args.games)
    tally, stop = Tally(), threading.Event()
    slow: list[str] = []
    bomb_answers: Counter = Counter()
    with tempfile.TemporaryDirectory() as folder:
        stack = Stack(Path(folder), args.workers)
        stack.start()
        helpers = [threading.Thread(target=probe, args=(stack.base, stop, slow), daemon=True)]
        if args.bombs:
            helpers.append(threading.Thread(target=bombard, args=(stack.base, stop,
                                                                  bomb_answers), daemon=True))
        for helper in helpers:
            helper.start()
        start = time.perf_counter()
        deadline = time.monotonic() + max(120.0, args.games / 5)
        redis_killed = threading.Event()

        kills_done = [0]
        redis_down = ["no time"]
        reloaded = ["nothing"]

        def chaos() -> None:
            kills = 0
            while not stop.is_set():
                time.sleep(args.kill_every)
                try:
                    stack.replace_dead_workers()
                    kills += stack.kill_a_worker(kills)
                    if kills >= 3 and not redis_killed.is_set():
                        redis_down[0] = f"{time.perf_counter() - start:.1f} s"
                        stack.redis.stop(kill=True)
                        time.sleep(1)
                        stack.redis.start()  # the workers run on; Redis reads its AOF
                        reloaded[0] = _reloaded(stack.redis.url)
                        redis_killed.set()
                except Exception:  # the soak goes on; say what went wrong
                    traceback.print_exc()
                kills_done[0] = kills

        chaos_thread = threading.Thread(target=chaos, daemon=True)
        chaos_thread.start()
        try:
            with ThreadPoolExecutor(args.clients) as pool:
                order = list(range(args.games))
                random.Random(0).shuffle(order)
                list(pool.map(lambda i: submit(stack.base, i, texts[i], tally, deadline),
                              order))
            # However quickly the games went in, Redis restarts (from its AOF, the workers
            # running on) before the outcomes are counted.
            redis_killed.wait(timeout=60)
            connection = redis.Redis.from_url(stack.redis.url)
            figures = outcomes(connection, tally, args.games, patience=60)
            wall = time.perf_counter() - start
            stop.set()
            chaos_thread.join(timeout=30)
            costs = redis_costs(stack.base, connection, distinct_games(args.games + 100)[
                args.games:])
        finally:
            stop.set()
            stack.stop()
    print(f"games {args.games}, clients {args.clients}, workers {args.workers} killed -9 "
          f"every {args.kill_every:g} s, Redis killed -9 once and restarted from its AOF "
          f"while the workers ran ({reloaded[0]})")
    for name, value in figures.items():
        print(f"  {name:15} {value}")
    print(f"  {'workers killed':15} {kills_done[0]}")
    server_errors = sum(n for code, n in tally.codes.items() if code >= 500 and code != 503)
    print(f"  {'5xx':15} {server_errors} (and {tally.codes[503]} 503 while Redis was down, "
          f"{tally.codes[0]} requests without an answer)")
    print(f"  {'wall':15} {wall:.1f} s")
    print(f"  {'replays/s':15} {figures['completed'] / wall:.1f}")
    print(f"  Redis, per replay (100 more, polled every 0.1 s, no faults): "
          f"{costs['commands']:.1f} commands, {costs['memory'] / 1024:.1f} KiB stored "
          f"({costs['memory'] * 1000 / 2**20:.1f} MiB per 1,000 stored games)")
    print(f"  health probe: {len(slow)} answers slower than 1 s or missing "
          f"({', '.join(slow) or 'none'}; Redis was killed at {redis_down[0]})")
    if args.bombs:
        print(f"  bombs and half-open connections: {dict(bomb_answers)}")


def _reloaded(url: str) -> str:
    """What the restarted Redis read back from its append-only file."""
    connection = redis.Redis.from_url(url, socket_timeout=5)
    persistence = connection.info("persistence")
    if not persistence.get("aof_enabled"):
        return "AOF off: nothing read back"
    return f"{connection.dbsize()} keys read back from the AOF"


def redis_costs(base: str, connection: redis.Redis, texts: list[str]) -> dict:
    """Redis commands and memory per replay: submit, poll to the end, read the report."""
    session = requests.Session()
    before = connection.info()
    for text in texts:
        response = session.post(f"{base}/v1/replays", data=text, timeout=10,
                                headers={"Content-Type": "application/json"})
        location = base + response.headers["Location"]
        while (record := session.get(location, timeout=10).json())["status"] not in (
                "done", "failed"):
            time.sleep(0.1)
        session.get(base + record["links"]["report"], timeout=10)
    after = connection.info()
    # The INFO calls themselves are two of the commands counted.
    return {"commands": (after["total_commands_processed"]
                         - before["total_commands_processed"] - 1) / len(texts),
            "memory": (after["used_memory"] - before["used_memory"]) / len(texts)}


if __name__ == "__main__":
    main()
