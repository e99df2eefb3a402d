"""Bring up the pieces of the service on this machine: Redis, workers, the API."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path

import waitress

from workers.redis_server import shared_redis

DATA_DIR = Path(os.environ.get("REFEREE_DATA_DIR", ".data"))
# waitress: many connections may be open at once (half-open ones included), an idle one
# is closed after 10 s, and a body past 64 MiB is refused before it is buffered; the app's
# own limit (REFEREE_MAX_BODY) answers smaller oversized bodies with a problem+json 413.
SERVER_SETTINGS = {
    "connection_limit": 1000,
    "channel_timeout": 10,
    "cleanup_interval": 2,
    "asyncore_use_poll": True,  # select() cannot watch more than 1024 sockets
    "max_request_body_size": 64 * 1024 * 1024,
    # A body read in 256 KiB gulps, not 8 KiB ones: each read gives up the interpreter lock
    # and waits to take it back while request threads work.
    "recv_bytes": 256 * 1024,
    "ident": "referee",
}


def server_settings(threads: int = 8) -> dict:
    """waitress settings, with the reverse proxy to trust from ``REFEREE_TRUSTED_PROXY``."""
    settings = {**SERVER_SETTINGS, "threads": threads}
    proxy = os.environ.get("REFEREE_TRUSTED_PROXY")
    if proxy:
        settings.update(trusted_proxy=proxy, trusted_proxy_count=1,
                        trusted_proxy_headers="x-forwarded-for x-forwarded-proto "
                                              "x-forwarded-host x-forwarded-port",
                        clear_untrusted_proxy_headers=True)
    return settings


def share_the_interpreter(seconds: float = 0.0005) -> None:
    """Let a thread that waits for the interpreter lock have it sooner (CPython's default
    is 5 ms). waitress's one thread reads and writes every connection, and it gives the
    lock up at each socket call: while request threads check and replay logs, each of its
    calls waited up to 5 ms per busy thread, and ``/healthz`` with them."""
    sys.setswitchinterval(seconds)


def stop_on_sigterm() -> None:
    """Make SIGTERM unwind like Ctrl-C, so every ``finally`` stops what it started.

    With ``REFEREE_STOP_WITH_PARENT=1`` (``make run`` sets it) the process also receives
    SIGTERM when its parent dies: make does not pass its own SIGTERM on to its children.
    """
    def _raise(signum, frame):
        raise SystemExit(128 + signum)

    signal.signal(signal.SIGTERM, _raise)
    if os.environ.get("REFEREE_STOP_WITH_PARENT") == "1" and sys.platform == "linux":
        import ctypes

        pr_set_pdeathsig = 1
        ctypes.CDLL(None, use_errno=True).prctl(pr_set_pdeathsig, signal.SIGTERM)


@contextmanager
def redis_url() -> Iterator[str]:
    """Yield a Redis URL: ``REDIS_URL`` when set, else the project Redis of the data folder
    (started here, or the one another ``referee`` process started)."""
    if os.environ.get("REDIS_URL"):
        yield os.environ["REDIS_URL"]
        return
    with shared_redis(DATA_DIR / "redis") as url:
        yield url


def start_worker_process(url: str, env: dict | None = None,
                         args: tuple[str, ...] = ()) -> subprocess.Popen:
    """Start ``referee worker`` as a child process bound to ``url``."""
    env = dict(os.environ, REDIS_URL=url, **(env or {}))
    return subprocess.Popen([sys.executable, "-m", "referee_cli.main", "worker", *args],
                            env=env)


def stop_process(process: subprocess.Popen, timeout: float = 15) -> None:
    """Terminate a child process and wait for it; kill it if it does not stop in time."""
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=timeout)


def waiting_slots(threads: int) -> int:
    """How many requests may wait (``?wait``) at once: a quarter of the threads."""
    return max(1, threads // 4)


def busy_slots(threads: int) -> int:
    """How many heavy requests (``api.health``) may be served at once, waiting ones aside:
    half the threads. With those that wait, a quarter of the threads is always free for
    light requests (``/healthz`` among them) and for refusing heavy ones at once."""
    return max(1, threads // 2)


def thread_limits(threads: int) -> dict:
    """The app's settings that follow from the number of threads."""
    return {"MAX_WAITING": waiting_slots(threads), "MAX_BUSY": busy_slots(threads)}


@contextmanager
def api_server(url: str, host: str, port: int, config: dict | None = None,
               threads: int = 8) -> Iterator[waitress.server.BaseWSGIServer]:
    """Serve the API with waitress in a background thread; yields the server, whose
    ``effective_port`` is the port bound (``port=0`` lets the system choose: no race).
    The interpreter is shared as ``referee serve`` shares it, while the server runs."""
    from api import create_app

    app = create_app({"REDIS_URL": url, **thread_limits(threads), **(config or {})})
    server = waitress.create_server(app, host=host, port=port, **server_settings(threads))
    thread = threading.Thread(target=server.run, daemon=True)
    interval = sys.getswitchinterval()
    share_the_interpreter()
    thread.start()
    try:
        yield server
    finally:
        sys.setswitchinterval(interval)
        # waitress's loop runs while it has sockets to watch: the loop itself closes every
        # connection, then the listener and its wake-up pipe, and so ends. (Closing them from
        # this thread raced with the loop's own polling of them.)
        with suppress(OSError):  # its wake-up pipe closed already: it is ending
            server.trigger.pull_trigger(lambda: _close_all(server))
        server.task_dispatcher.shutdown()
        thread.join(timeout=5)


def _close_all(server: waitress.server.BaseWSGIServer) -> None:
    """Close every connection of ``server``, then the server (run by its own loop)."""
    for channel in list(server._map.values()):
        if channel is not server and channel is not server.trigger:
            channel.close()
    server.close()
