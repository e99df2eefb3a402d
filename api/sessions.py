"""Server-side sessions of the web pages: the cookie holds a random id, the key never.

Signing in stores, under a hash of a new random session id, a hash of the key that signed
in; the cookie (signed, HttpOnly) carries only the id. Each page looks the id up, and the
client is the one whose configured key has that hash, so a key taken out of the key list
ends its sessions too. Signing out deletes the stored session: a copy of the cookie kept
from before opens nothing afterwards, on any machine. Sessions end on their own after
``REFEREE_SESSION_HOURS`` (12 by default).
"""

from __future__ import annotations

import hashlib
import hmac
import os
import secrets

import redis

from workers.store import PREFIX

SESSION_ID = "session_id"  # the cookie's only field besides the CSRF token


def session_seconds() -> int:
    """How long a sign-in lasts."""
    return round(float(os.environ.get("REFEREE_SESSION_HOURS", "12")) * 3600)


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def _key(session_id: str) -> str:
    # Hashed: what Redis holds cannot be used as a cookie.
    return f"{PREFIX}session:{_digest(session_id)}"


def open_session(connection: redis.Redis, api_key: str) -> str:
    """A new session for the client of ``api_key``; its id, for the cookie."""
    session_id = secrets.token_urlsafe(32)
    connection.set(_key(session_id), _digest(api_key), ex=session_seconds())
    return session_id


def session_client(connection: redis.Redis, session_id: str,
                   keys: dict[str, str]) -> str | None:
    """The client a live session is for, or None (ended, expired, or its key removed)."""
    stored = connection.get(_key(session_id))
    if stored is None:
        return None
    found = None
    for key, name in keys.items():  # every key compared, in constant time
        if hmac.compare_digest(_digest(key).encode(), stored):
            found = name
    return found


def close_session(connection: redis.Redis, session_id: str) -> None:
    """End a session everywhere its cookie was copied."""
    connection.delete(_key(session_id))
