"""API keys, the client behind each request, and the request rate limit.

Keys come from ``REFEREE_API_KEYS`` (``name:key,name:key``) or a file named by
``REFEREE_API_KEYS_FILE`` (a JSON object ``{"name": "key"}``); a list that is not exactly
that is refused at start-up. With no keys configured the API is open and every request is
the client ``anonymous`` (for local use).

Every request counts against a rate limit (flask-limiter, moving window, kept in Redis so
every API process shares it): a known client's own, and for requests without a valid key
(401s, shared report links) their address's.
"""

from __future__ import annotations

import hmac
import json
import math
import os
import re
import time
from pathlib import Path

from flask import Flask, current_app, g, request, session
from flask_babel import gettext
from flask_limiter import Limiter, RequestLimit

from api.problems import Problem, problem_response
from api.sessions import SESSION_ID, session_client

PUBLIC_PATHS = ("/healthz", "/readyz", "/openapi.json", "/v1/shared/")
UNLIMITED_PATHS = ("/healthz", "/readyz")  # probes must always get an answer
ANONYMOUS = "anonymous"
CLIENT_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,63}\Z")
MIN_KEY_LENGTH = 16
WEB_PAGES = "web"  # the blueprint of the pages for people (api/web)


class KeyListError(ValueError):
    """The configured API keys are malformed; the service must not start with them."""


def load_keys(environ: dict | None = None) -> dict[str, str]:
    """API key -> client name, from the environment or the keys file.

    Raises ``KeyListError`` for an entry without a name or a key, a key shorter than 16
    characters, or one key given to two clients.
    """
    environ = os.environ if environ is None else environ
    pairs: list[tuple[str, object]] = []
    if environ.get("REFEREE_API_KEYS_FILE"):
        data = json.loads(Path(environ["REFEREE_API_KEYS_FILE"]).read_text())
        if not isinstance(data, dict):
            raise KeyListError("REFEREE_API_KEYS_FILE holds a JSON object {\"name\": \"key\"}")
        pairs += data.items()
    for item in environ.get("REFEREE_API_KEYS", "").split(","):
        if not item.strip():
            continue
        name, colon, key = item.partition(":")
        if not colon:
            raise KeyListError(f"REFEREE_API_KEYS entry {name.strip()!r} has no ':key'")
        pairs.append((name.strip(), key.strip()))
    return check_keys(pairs)


def check_keys(pairs) -> dict[str, str]:
    """``(name, key)`` pairs as key -> name, or ``KeyListError`` naming the first bad one."""
    keys: dict[str, str] = {}
    for name, key in pairs:
        if not isinstance(name, str) or not CLIENT_NAME.match(name):
            raise KeyListError(f"client name {name!r} is not 1-64 letters, digits, '.-_'")
        if not isinstance(key, str) or len(key) < MIN_KEY_LENGTH or key != key.strip():
            raise KeyListError(f"the key of {name} is not a string of at least "
                               f"{MIN_KEY_LENGTH} characters without spaces around it")
        if key in keys:
            raise KeyListError(f"{keys[key]} and {name} have the same key")
        keys[key] = name
    return keys


def client_for(token: str, keys: dict[str, str]) -> str | None:
    """The client whose key ``token`` is, or None."""
    # Compare against every key in constant time, so timing tells nothing about keys.
    found = None
    for key, name in keys.items():
        if hmac.compare_digest(key.encode(), token.encode()):
            found = name
    return found


def _presented_client(keys: dict[str, str]) -> str | None:
    """The client the request speaks for: by its bearer token, or for the web pages by the
    server-side session their login opened (the cookie holds its id only). The API never
    reads the cookie, so a page of another site cannot use it to act on the API."""
    scheme, _, token = request.headers.get("Authorization", "").partition(" ")
    if scheme.lower() == "bearer":
        return client_for(token.strip(), keys)
    session_id = session.get(SESSION_ID) if request.blueprint == WEB_PAGES else None
    if session_id is None:
        return None
    return session_client(current_app.extensions["referee_redis"], session_id, keys)


def _rate_key() -> str:
    # A client known by its key has its own allowance; anything else (no key, a wrong key,
    # a shared link, an open API) is counted by the address it comes from.
    return g.get("rate_key") or f"address:{request.remote_addr}"


def _too_many(limit: RequestLimit):
    retry = max(1, math.ceil(limit.reset_at - time.time()))
    item = limit.limit
    window = item.get_expiry()
    return problem_response(
        Problem(429, "rate-limited", gettext("Too many requests"),
                gettext("at most %(amount)s requests per %(window)s s", amount=item.amount,
                        window=window), limit=item.amount,
                window_seconds=window),
        {"Retry-After": str(retry)})


def install_auth(app: Flask) -> None:
    """Resolve the client of every request, count it, then refuse it without a valid key."""

    @app.before_request
    def _identify():
        g.client = ANONYMOUS
        keys = current_app.config["API_KEYS"]
        if not keys or request.path.startswith(PUBLIC_PATHS):
            return
        g.client = _presented_client(keys)
        if g.client is not None:
            g.rate_key = f"client:{g.client}"

    count, window = app.config["RATE_LIMIT"]
    limiter = Limiter(
        _rate_key, app=app, storage_uri=app.config["REDIS_URL"],
        storage_options={"socket_connect_timeout": 2, "socket_timeout": 2},
        strategy="moving-window", key_prefix="referee-rate",
        application_limits=[f"{count} per {window} second"] if count else [],
        # Redis down: let the request through to answer 503 itself, not a limiter error.
        swallow_errors=True, on_breach=_too_many, headers_enabled=False)
    limiter.request_filter(lambda: request.path in UNLIMITED_PATHS)
    app.extensions["referee_limiter"] = limiter

    @app.before_request
    def _require_key():
        # The web pages answer a missing or wrong key with a page of their own.
        if g.client is None and request.blueprint != WEB_PAGES:
            raise Problem(401, "unauthorized", gettext("An API key is needed"),
                          gettext("send Authorization: Bearer <your API key>"),
                          headers={"WWW-Authenticate": 'Bearer realm="referee"'})
