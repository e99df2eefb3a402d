"""Shared fixtures: a real Redis server, real worker processes, the API over HTTP."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest
import redis
from hypothesis import HealthCheck, settings
from rq import Worker

from referee_cli.services import api_server, start_worker_process, stop_process
from workers.redis_server import RedisServer

# Speed is measured by the benchmarks, not by tests: no property test fails for being slow
# on a busy machine (a deadline per example, or drawing examples "too slowly").
settings.register_profile("untimed", deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
# In CI the property tests draw the same examples every run, so a submission's verdict does
# not depend on luck; locally they explore new examples each time.
settings.register_profile("ci", settings.get_profile("untimed"), derandomize=True,
                          print_blob=True)
settings.load_profile("ci" if os.environ.get("CI") else "untimed")

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "fixtures"
KEYS = {"alice-key-0123456789": "alice", "bob-key-9876543210": "bob"}
# Workers in tests notice abandoned replays quickly, and may call webhooks on loopback.
WORKER_ENV = {"REFEREE_LEASE_SECONDS": "2", "REFEREE_RECOVERY_INTERVAL": "1",
              "REFEREE_WEBHOOK_ALLOW_PRIVATE": "1"}


@pytest.fixture(scope="session")
def redis_server(tmp_path_factory):
    """A project-owned redis-server with AOF on, for the whole test session."""
    server = RedisServer(tmp_path_factory.mktemp("redis")).start()
    yield server
    server.stop()


@pytest.fixture
def redis_url(redis_server):
    """The session server's URL, with an empty database for each test."""
    if redis_server.process is None:  # a test stopped it: bring it back
        redis_server.start()
    connection = redis.Redis.from_url(redis_server.url)
    connection.flushdb()
    connection.close()
    return redis_server.url


def wait_for_worker(url: str, pid: int, timeout: float = 20) -> None:
    """Block until the worker process ``pid`` has registered with Redis.

    By process id, not by count: a killed worker leaves its registration behind.
    """
    connection = redis.Redis.from_url(url)
    deadline = time.monotonic() + timeout
    while pid not in {worker.pid for worker in Worker.all(connection=connection)}:
        if time.monotonic() > deadline:
            pytest.fail(f"worker {pid} did not register with Redis")
        time.sleep(0.05)


@pytest.fixture
def start_worker(redis_url):
    """Start real ``referee worker`` processes; all are stopped after the test."""
    started = []

    def start(env: dict | None = None, wait: bool = True):
        process = start_worker_process(redis_url, {**WORKER_ENV, **(env or {})})
        started.append(process)
        if wait:
            wait_for_worker(redis_url, process.pid)
        return process

    yield start
    for process in started:
        stop_process(process)


@pytest.fixture
def worker_process(start_worker):
    """One real worker."""
    return start_worker()


@pytest.fixture
def api_url(redis_url):
    """The API over HTTP on 127.0.0.1, with two clients' keys configured."""
    with api_server(redis_url, "127.0.0.1", 0,
                    {"API_KEYS": KEYS, "WEBHOOK_ALLOW_PRIVATE": True}) as server:
        yield f"http://127.0.0.1:{server.effective_port}"


@pytest.fixture
def open_api_url(redis_url):
    """The API with no keys configured (local use: every request is anonymous)."""
    with api_server(redis_url, "127.0.0.1", 0, {"API_KEYS": {}}) as server:
        yield f"http://127.0.0.1:{server.effective_port}"
