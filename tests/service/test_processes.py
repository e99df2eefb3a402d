"""The ``referee`` processes as an operator starts them: one Redis per data folder, clean
stops on SIGTERM, and a server that half-open connections cannot block."""

from __future__ import annotations

import json
import os
import re
import select
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
import redis
import requests
from rq import Worker

from referee_cli.services import stop_process
from workers.redis_server import RedisServer

pytestmark = [pytest.mark.redis, pytest.mark.slow]


def _referee(args: list[str], data_dir: Path, **env) -> subprocess.Popen:
    environ = {k: v for k, v in os.environ.items() if k != "REDIS_URL"}
    environ.update(REFEREE_DATA_DIR=str(data_dir), **env)
    return subprocess.Popen([sys.executable, "-m", "referee_cli.main", *args], env=environ,
                            stderr=subprocess.PIPE, text=True)


def _api_base(process: subprocess.Popen, timeout: float = 30) -> str:
    """The API address ``referee serve`` prints once it listens."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        line = process.stderr.readline()
        found = re.search(r"referee API on (http://\S+)", line)
        if found:
            return found.group(1)
        assert process.poll() is None, "referee serve stopped"
    raise AssertionError("referee serve never said where it listens")


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    # A zombie is dead for our purpose.
    status = Path(f"/proc/{pid}/status")
    return not (status.exists() and "State:\tZ" in status.read_text())


def _wait_dead(pids: list[int], timeout: float = 20) -> list[int]:
    deadline = time.monotonic() + timeout
    while any(_alive(pid) for pid in pids) and time.monotonic() < deadline:
        time.sleep(0.1)
    return [pid for pid in pids if _alive(pid)]


def _described(pids: list[int]) -> list[str]:
    """Each process still alive, with its command line and state, for a failure message."""
    def describe(pid: int) -> str:
        proc = Path(f"/proc/{pid}")
        if not proc.exists():
            return f"{pid} (ended as it was being described)"
        with_args = proc.joinpath("cmdline").read_bytes().replace(b"\0", b" ").decode()
        status = [line for line in proc.joinpath("status").read_text().splitlines()
                  if line.startswith(("State", "PPid"))]
        return f"{pid} {with_args.strip()} ({', '.join(status)})"
    return [describe(pid) for pid in pids]


def _worker_pids(connection: redis.Redis, count: int, timeout: float = 20) -> list[int]:
    deadline = time.monotonic() + timeout
    while len(pids := [w.pid for w in Worker.all(connection=connection)]) < count:
        assert time.monotonic() < deadline, f"{count} workers never registered"
        time.sleep(0.1)
    return pids


def test_serve_and_worker_share_one_redis_and_sigterm_stops_everything(tmp_path):
    serve = _referee(["serve", "--port", "0"], tmp_path)
    base = _api_base(serve)
    worker = _referee(["worker"], tmp_path)
    try:
        deadline = time.monotonic() + 30
        while requests.get(f"{base}/readyz", timeout=5).status_code != 200:
            assert time.monotonic() < deadline, "the worker never became ready"
            time.sleep(0.2)
        state = json.loads((tmp_path / "redis" / "server.json").read_text())
        assert sorted(state["users"]) == sorted([serve.pid, worker.pid])
        connection = redis.Redis(port=state["port"])
        worker_pids = _worker_pids(connection, 2)  # replays, and deliveries beside it
        submitted = requests.post(f"{base}/v1/replays?wait=10", timeout=15, data=(
            Path(__file__).parents[2] / "fixtures" / "coimbra" / "sample.json").read_bytes(),
            headers={"Content-Type": "application/json"})
        assert submitted.json()["status"] == "done"
        serve.send_signal(signal.SIGTERM)
        assert serve.wait(timeout=20) is not None
        assert _alive(state["pid"]), "Redis stopped while the worker still used it"
        worker.send_signal(signal.SIGTERM)
        worker.wait(timeout=20)
        assert _described(_wait_dead([state["pid"], *worker_pids])) == []
        assert not (tmp_path / "redis" / "server.json").exists()
    finally:
        for process in (serve, worker):
            stop_process(process)


def test_referee_run_stops_its_redis_and_worker_on_sigterm(tmp_path):
    run = _referee(["run", "--port", "0"], tmp_path)
    try:
        deadline = time.monotonic() + 60
        while "service running" not in run.stderr.readline():
            assert time.monotonic() < deadline and run.poll() is None, "run never came up"
        state = json.loads((tmp_path / "redis" / "server.json").read_text())
        connection = redis.Redis(port=state["port"])
        pids = [state["pid"], *_worker_pids(connection, 2)]
        run.send_signal(signal.SIGTERM)
        run.wait(timeout=30)
        assert _described(_wait_dead(pids)) == []
    finally:
        stop_process(run)


def test_half_open_connections_do_not_block_the_server(redis_url, tmp_path):
    serve = _referee(["serve", "--port", "0"], tmp_path, REDIS_URL=redis_url)
    sockets = []
    try:
        base = _api_base(serve)
        host, port = base.removeprefix("http://").split(":")
        for _ in range(150):  # more than waitress's default limit of 100 connections
            sock = socket.create_connection((host, int(port)), timeout=5)
            sock.sendall(b"GET /v1/replays HTTP/1.1\r\nHost: x\r\n")  # and never finish
            sockets.append(sock)
        response = requests.get(f"{base}/healthz", timeout=3)
        assert response.status_code == 200
    finally:
        for sock in sockets:
            sock.close()
        stop_process(serve)


# Runs in a child process: the delivery worker receives SIGTERM right after forking its
# scheduler, before RQ has installed its own signal handlers.
_SIGTERM_WHILE_STARTING = """
import os, signal, sys
from rq.scheduler import RQScheduler
from referee_cli.services import stop_on_sigterm
from workers.worker import run_worker

start = RQScheduler.start

def start_then_sigterm(scheduler):
    process = start(scheduler)
    print(process.pid, flush=True)
    os.kill(os.getpid(), signal.SIGTERM)
    return process

RQScheduler.start = start_then_sigterm
stop_on_sigterm()
run_worker(sys.argv[1], queue="webhooks")
"""


def test_a_delivery_worker_stopped_while_starting_stops_its_scheduler(tmp_path):
    # A Redis of its own: a scheduler left by an earlier test's worker (one killed outright
    # leaves its scheduler running) would hold the webhooks queue's scheduler lock, and this
    # worker would never start one.
    server = RedisServer(tmp_path).start()
    process = subprocess.Popen([sys.executable, "-c", _SIGTERM_WHILE_STARTING, server.url],
                               stdout=subprocess.PIPE, text=True)
    try:
        ready, _, _ = select.select([process.stdout], [], [], 30)
        assert ready, "the delivery worker started no scheduler in 30 s"
        scheduler_pid = int(process.stdout.readline())
        assert process.wait(timeout=20) != 0
        assert _wait_dead([scheduler_pid]) == []
    finally:
        stop_process(process)
        server.stop()


def test_the_in_process_server_shares_the_interpreter_as_serve_does(redis_url):
    # ``referee serve`` hands the interpreter lock on every 0.5 ms (CPython's default is
    # 5 ms); the server that tests and ``referee run`` start in-process does the same while
    # it runs, and gives the setting back when it stops.
    from referee_cli.services import api_server

    before = sys.getswitchinterval()
    with api_server(redis_url, "127.0.0.1", 0, {"API_KEYS": {}}) as server:
        assert sys.getswitchinterval() == pytest.approx(0.0005)
        health = requests.get(f"http://127.0.0.1:{server.effective_port}/healthz", timeout=10)
        assert health.status_code == 200
    assert sys.getswitchinterval() == before
