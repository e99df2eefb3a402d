"""End-to-end throughput and latency of the service, next to the in-process replay rate.

Starts a project-owned Redis, two workers and the API (each its own process), posts
generated four-player games over HTTP, and measures replays/s until every report is
stored against the rate at which this one process replays the same games itself
(``replay_text``, parse and report included).

The two rates are measured in interleaved rounds (``--rounds``), each round with games of
its own (a resubmitted game would be found again, not replayed): the in-process pass and
the end-to-end pass alternate which goes first, and the figure is the median of the
rounds' ratios, beside the median of each rate. On a machine others share, the load
changes from one second to the next (the in-process rate alone varied from 176 to 327
games/s within one run here); two rates measured minutes apart compare that noise as much
as the service, while rounds side by side meet the same load, and a median is not moved by
one round that met a burst. Side by side is not alike, though: the service works on both
cores and the in-process pass on one, so other work on the machine still moves the ratio,
and every round prints both rates and their ratio for the spread to be seen. A warm-up of
``--warmup`` games (untimed) goes first, so that no round pays for the workers' first
imports and caches.

Then it prints the CPU each process spent per replay over the rounds (where the time goes;
the in-process figure is this process's CPU per game), p50/p95 latency of single games
with ``?wait``, and the worst ``/healthz`` answer while heavy comparisons (``--compares``
at once, of logs of ``--compare-events`` events) arrive together.

The API's rate limit is raised to let every round's submissions in: it still counts every
request in Redis, as in service. Run with ``make bench-service`` (``ARGS="--games 400
--rounds 7"`` to change the load).
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from urllib.parse import urlsplit

import redis
import requests

import replay
from replay.coimbra.generate import generate
from replay.games import GAMES
from workers.redis_server import RedisServer, free_port
from workers.store import UNFINISHED

# Every request of the bench is let in (and still counted, in Redis, as in service).
RATE_LIMIT = "1000000/60"


def _start(args: list[str], url: str, env: dict | None = None) -> subprocess.Popen:
    env = dict(os.environ, REDIS_URL=url, **(env or {}))
    return subprocess.Popen([sys.executable, "-m", "referee_cli.main", *args], env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def _wait_ready(base: str, timeout: float = 30) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            ready = requests.get(f"{base}/readyz", timeout=2).json()
            if ready.get("workers", 0) >= 2:
                return
        except requests.RequestException:
            pass
        time.sleep(0.1)
    raise RuntimeError("the service did not become ready")


def in_process_rate(texts: list[str]) -> float:
    """Games per second replayed in this process (parse and report included)."""
    start = time.perf_counter()
    for text in texts:
        replay.replay_text(text)
    return len(texts) / (time.perf_counter() - start)


def cpu_seconds(pid: int) -> float:
    """CPU time (user and system) a process has used so far, from ``/proc`` (Linux)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def cpu_by_process(pids: dict[str, int]) -> dict[str, float]:
    """CPU seconds used so far by each named process (this one as "clients")."""
    used = {name: cpu_seconds(pid) for name, pid in pids.items()}
    used["clients"] = time.process_time()
    return used


def throughput(base: str, texts: list[str], connection: redis.Redis, clients: int) -> float:
    """Replays per second from the first POST until the last report is stored.

    Each client thread keeps one ``http.client`` connection: the clients share the
    machine's cores with the service, and ``requests`` would spend on them about 2 ms of
    CPU per request that the service then lacks.
    """
    address = urlsplit(base)
    local = threading.local()
    headers = {"Content-Type": "application/json"}

    def post(text: str) -> None:
        if not hasattr(local, "connection"):
            local.connection = http.client.HTTPConnection(address.hostname, address.port,
                                                          timeout=30)
        local.connection.request("POST", "/v1/replays", body=text.encode(), headers=headers)
        response = local.connection.getresponse()
        response.read()
        if response.status != 202:
            raise RuntimeError(f"POST /v1/replays answered {response.status}")

    start = time.perf_counter()
    with ThreadPoolExecutor(clients) as pool:
        list(pool.map(post, texts))
    while connection.zcard(UNFINISHED):
        time.sleep(0.005)
    return len(texts) / (time.perf_counter() - start)


def latencies(base: str, texts: list[str]) -> list[float]:
    """Milliseconds for each single game posted with ``?wait`` until its report returns."""
    session = requests.Session()
    found = []
    for text in texts:
        start = time.perf_counter()
        response = session.post(f"{base}/v1/replays?wait=10", data=text,
                                headers={"Content-Type": "application/json"}, timeout=30)
        assert response.status_code == 200, response.text
        found.append((time.perf_counter() - start) * 1000)
    return found


def heavy_pair(events: int) -> str:
    """A comparison body of two long Viscounts logs (a generated game's events repeated to
    ``events``, replayed in audit mode: each repeat is a violation to find), one event
    apart."""
    game = GAMES.get("viscounts").generate(4, 1)
    game["events"] = (game["events"] * (events // len(game["events"]) + 1))[:events]
    shorter = {**game, "events": game["events"][:-1]}
    return json.dumps({"a": game, "b": shorter, "mode": "audit"})


def health_under_compares(base: str, body: str, count: int) -> tuple[float, float]:
    """The slowest ``/healthz`` answer (ms, probing every 0.1 s) while ``count`` heavy
    comparisons are posted at once with ``?wait`` (those refused as busy sent again after
    ``Retry-After``), and the seconds until all are done."""
    worst, stop = [0.0], threading.Event()

    def probe() -> None:
        while not stop.is_set():
            start = time.perf_counter()
            try:
                requests.get(f"{base}/healthz", timeout=30)
            finally:
                worst[0] = max(worst[0], (time.perf_counter() - start) * 1000)
            time.sleep(0.1)

    def compare() -> None:
        for _ in range(100):  # refused as busy (429): sent again when told
            response = requests.post(f"{base}/v1/compare?wait=30", data=body, timeout=60,
                                     headers={"Content-Type": "application/json"})
            if response.status_code != 429:
                break
            time.sleep(float(response.headers.get("Retry-After", 1)))
        response.raise_for_status()
        location = base + response.headers["Location"]
        while response.json()["status"] not in ("done", "failed"):
            time.sleep(0.5)
            response = requests.get(location, timeout=30)

    prober = threading.Thread(target=probe, daemon=True)
    prober.start()
    start = time.perf_counter()
    with ThreadPoolExecutor(count) as pool:
        list(pool.map(lambda _: compare(), range(count)))
    took = time.perf_counter() - start
    stop.set()
    prober.join()
    return worst[0], took


def interleaved(rounds: list[list[str]], local, service) -> list[tuple[float, float]]:
    """``(local(texts), service(texts))`` for each round's games, the two measured one right
    after the other, the in-process pass first in even rounds and second in odd ones (so
    that neither always meets what the other left behind: a warm cache, a load that grows
    or fades)."""
    rates = []
    for number, texts in enumerate(rounds):
        if number % 2 == 0:
            here = local(texts)
            rates.append((here, service(texts)))
        else:
            there = service(texts)
            rates.append((local(texts), there))
    return rates


def main(argv: list[str] | None = None) -> None:
    """Run the measurements and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=300, help="games in each round")
    parser.add_argument("--rounds", type=int, default=7,
                        help="interleaved rounds of in-process and end-to-end passes")
    parser.add_argument("--warmup", type=int, default=50, help="games posted untimed first")
    parser.add_argument("--single", type=int, default=50, help="games timed one by one")
    parser.add_argument("--clients", type=int, default=4)
    parser.add_argument("--fsync", choices=("always", "everysec"), default="always",
                        help="Redis appendfsync policy (always: nothing lost on a crash)")
    parser.add_argument("--compares", type=int, default=16,
                        help="heavy comparisons posted at once (0: none)")
    parser.add_argument("--compare-events", type=int, default=1500)
    args = parser.parse_args(argv)
    texts = [json.dumps(generate(4, seed))
             for seed in range(args.warmup + args.games * args.rounds + args.single)]
    warmup, single = texts[:args.warmup], texts[len(texts) - args.single:]
    rounds = [texts[args.warmup + n * args.games:args.warmup + (n + 1) * args.games]
              for n in range(args.rounds)]
    with tempfile.TemporaryDirectory() as folder, \
            RedisServer(Path(folder), fsync=args.fsync) as server:
        port = free_port()
        processes = [_start(["worker"], server.url), _start(["worker"], server.url),
                     _start(["serve", "--port", str(port)], server.url,
                            {"REFEREE_RATE_LIMIT": RATE_LIMIT})]
        try:
            base = f"http://127.0.0.1:{port}"
            _wait_ready(base)
            connection = redis.Redis.from_url(server.url)
            pids = {"API": processes[2].pid, "worker 1": processes[0].pid,
                    "worker 2": processes[1].pid, "Redis": server.process.pid}
            in_process_rate(warmup)
            throughput(base, warmup, connection, args.clients)
            spent = dict.fromkeys([*pids, "clients", "in-process"], 0.0)

            def service(batch: list[str]) -> float:
                before = cpu_by_process(pids)
                rate = throughput(base, batch, connection, args.clients)
                after = cpu_by_process(pids)
                for name in after:
                    spent[name] += after[name] - before[name]
                return rate

            def in_process(batch: list[str]) -> float:
                start = time.process_time()
                rate = in_process_rate(batch)
                spent["in-process"] += time.process_time() - start
                return rate

            rates = interleaved(rounds, in_process, service)
            waits = sorted(latencies(base, single))
            if args.compares:
                worst, took = health_under_compares(base, heavy_pair(args.compare_events),
                                                    args.compares)
        finally:
            for process in processes:
                process.terminate()
                process.wait(timeout=15)
    for number, (here, there) in enumerate(rates, start=1):
        print(f"round {number}: in-process {here:6.1f} games/s, end-to-end {there:6.1f} "
              f"replays/s, {there / here:.0%}")
    local = statistics.median(here for here, _ in rates)
    ratios = [there / here for here, there in rates]
    print(f"in-process:  {local:8.1f} games/s  (median of {args.rounds} rounds of "
          f"{args.games} 4-player games, one core)")
    print(f"end-to-end:  {statistics.median(there for _, there in rates):8.1f} replays/s "
          f"(median; {args.clients} HTTP clients, 2 workers, 1 API process, appendfsync "
          f"{args.fsync})")
    print(f"end-to-end / in-process: {statistics.median(ratios):.0%} (median of the rounds' "
          f"ratios; lowest {min(ratios):.0%}, highest {max(ratios):.0%})")
    replays = args.games * args.rounds
    cpu = {name: seconds * 1000 / replays for name, seconds in spent.items()}
    here = cpu.pop("in-process")
    print("CPU per replay, by process (where the time goes): " + ", ".join(
        f"{name} {ms:.1f} ms" for name, ms in cpu.items()) + f"; in-process {here:.1f} ms")
    p95 = waits[min(len(waits) - 1, int(len(waits) * 0.95))]
    print(f"single game with ?wait: p50 {statistics.median(waits):.1f} ms, p95 {p95:.1f} ms "
          f"({len(waits)} games)")
    if args.compares:
        print(f"/healthz worst {worst:.0f} ms while {args.compares} comparisons of "
              f"{args.compare_events}-event logs ran ({took:.1f} s until all were done)")


if __name__ == "__main__":
    main()
