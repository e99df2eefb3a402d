"""Bring up the pieces of the service on this machine: Redis, workers, the API."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import threading
from contextlib import contextmanager
from pathlib import Path

from werkzeug.serving import make_server

from workers.redis_server import RedisServer

DATA_DIR = Path(os.environ.get("REFEREE_DATA_DIR", ".data"))


@contextmanager
def redis_url():
    """Yield a Redis URL: ``REDIS_URL`` when set, else a project-owned server started here."""
    if os.environ.get("REDIS_URL"):
        yield os.environ["REDIS_URL"]
        return
    with RedisServer(DATA_DIR / "redis") as server:
        yield server.url


def start_worker_process(url: str, env: dict | None = None) -> subprocess.Popen:
    """Start ``referee worker`` as a child process bound to ``url``, leading its own process
    group (the worker and the RQ scheduler process it starts; see ``stop_worker_process``)."""
    env = dict(os.environ, REDIS_URL=url, **(env or {}))
    return subprocess.Popen([sys.executable, "-m", "referee_cli.main", "worker"], env=env,
                            start_new_session=True)


def stop_worker_process(process: subprocess.Popen, timeout: float = 15) -> None:
    """Stop a worker and what it started: its RQ scheduler process outlives a worker that
    was killed, and would go on trying to reach Redis after Redis has stopped."""
    if process.poll() is None:
        process.terminate()
        process.wait(timeout=timeout)
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, signal.SIGTERM)


@contextmanager
def api_server(url: str, host: str, port: int, config: dict | None = None):
    """Serve the API in a background thread; yields the server (its port may be 0 -> chosen)."""
    from api import create_app

    app = create_app({"REDIS_URL": url, **(config or {})})
    server = make_server(host, port, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield server
    finally:
        server.shutdown()
        thread.join(timeout=5)
