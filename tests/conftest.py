"""Shared fixtures: a real Redis server for the tests marked ``redis``."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
import redis

from workers.redis_server import RedisServer

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "fixtures"


@pytest.fixture(scope="session")
def redis_server(tmp_path_factory):
    """A project-owned redis-server with AOF on, for the whole test session."""
    server = RedisServer(tmp_path_factory.mktemp("redis")).start()
    yield server
    server.stop()


@pytest.fixture
def redis_url(redis_server):
    """The session server's URL, with an empty database for each test."""
    connection = redis.Redis.from_url(redis_server.url)
    connection.flushdb()
    connection.close()
    return redis_server.url


@pytest.fixture
def worker_process(redis_url):
    """A real ``referee worker`` process on the test Redis."""
    env = dict(os.environ, REDIS_URL=redis_url)
    process = subprocess.Popen(
        [sys.executable, "-m", "referee_cli.main", "worker"], env=env, cwd=ROOT
    )
    connection = redis.Redis.from_url(redis_url)
    deadline = time.monotonic() + 20
    while not connection.keys("rq:worker:*"):
        if process.poll() is not None or time.monotonic() > deadline:
            process.kill()
            pytest.fail("the worker did not register with Redis")
        time.sleep(0.05)
    yield process
    process.terminate()
    process.wait(timeout=15)
