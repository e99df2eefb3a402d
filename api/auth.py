"""API keys, the client behind each request, and the per-client request rate limit.

Keys come from ``REFEREE_API_KEYS`` (``name:key,name:key``) or a file named by
``REFEREE_API_KEYS_FILE`` (a JSON object ``{"name": "key"}``). With no keys configured the
API is open and every request is the client ``anonymous`` (for local use).
"""

from __future__ import annotations

import hmac
import json
import os
import time
from pathlib import Path

from flask import Flask, current_app, g, request

from api.problems import Problem
from workers.store import PREFIX

PUBLIC_PATHS = ("/healthz", "/readyz", "/openapi.json", "/v1/shared/")
ANONYMOUS = "anonymous"


def load_keys(environ: dict | None = None) -> dict[str, str]:
    """API key -> client name, from the environment or the keys file."""
    environ = os.environ if environ is None else environ
    keys: dict[str, str] = {}
    if environ.get("REFEREE_API_KEYS_FILE"):
        data = json.loads(Path(environ["REFEREE_API_KEYS_FILE"]).read_text())
        keys.update({key: name for name, key in data.items()})
    for item in filter(None, environ.get("REFEREE_API_KEYS", "").split(",")):
        name, _, key = item.partition(":")
        keys[key.strip()] = name.strip()
    return keys


def _client_for(token: str, keys: dict[str, str]) -> str | None:
    # Compare against every key in constant time, so timing tells nothing about keys.
    found = None
    for key, name in keys.items():
        if hmac.compare_digest(key.encode(), token.encode()):
            found = name
    return found


def install_auth(app: Flask) -> None:
    """Resolve the client of every request and apply its rate limit."""

    @app.before_request
    def _authenticate():
        g.client = ANONYMOUS
        if request.path.startswith(PUBLIC_PATHS):
            return
        keys = current_app.config["API_KEYS"]
        if keys:
            header = request.headers.get("Authorization", "")
            scheme, _, token = header.partition(" ")
            client = _client_for(token.strip(), keys) if scheme.lower() == "bearer" else None
            if client is None:
                raise Problem(401, "unauthorized", "An API key is needed",
                              "send Authorization: Bearer <your API key>",
                              headers={"WWW-Authenticate": 'Bearer realm="referee"'})
            g.client = client
        _rate_limit(g.client)


def _rate_limit(client: str) -> None:
    limit, window = current_app.config["RATE_LIMIT"]
    if not limit:
        return
    connection = current_app.extensions["referee_redis"]
    slot = int(time.time() // window)
    key = f"{PREFIX}rate:{client}:{slot}"
    pipe = connection.pipeline()
    pipe.incr(key)
    pipe.expire(key, window + 1)
    count = pipe.execute()[0]
    if count > limit:
        retry = int(window - time.time() % window) + 1
        raise Problem(429, "rate-limited", "Too many requests",
                      f"at most {limit} requests per {window} s", headers={"Retry-After": retry},
                      limit=limit, window_seconds=window)
