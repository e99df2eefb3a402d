"""Signing in to the pages opens a server-side session: the cookie holds a random id, not
the API key, and signing out ends the session for every copy of the cookie."""

from __future__ import annotations

import base64
import json
import zlib

import pytest
import redis
import requests

from tests.web.pages import ALICE_KEY
from tests.web.test_pages_http import BROWSER_ACCEPT, csrf_token, signed_in

pytestmark = pytest.mark.redis


def _cookie_payload(cookie: str) -> dict:
    """What a Flask session cookie says: its signed (not encrypted) payload, decoded."""
    compressed = cookie.startswith(".")
    data = cookie.lstrip(".").split(".")[0]
    raw = base64.urlsafe_b64decode(data + "=" * (-len(data) % 4))
    return json.loads(zlib.decompress(raw) if compressed else raw)


def test_the_cookie_holds_a_session_id_not_the_key(api_url, redis_url):
    session = signed_in(api_url)
    cookie = session.cookies["session"]
    payload = _cookie_payload(cookie)
    assert ALICE_KEY not in cookie and ALICE_KEY not in json.dumps(payload)
    assert set(payload) <= {"session_id", "csrf_token"}
    # Redis holds neither the id nor the key, only their hashes; the session ends by itself.
    connection = redis.Redis.from_url(redis_url)
    [stored] = list(connection.scan_iter("referee:session:*"))
    assert payload["session_id"].encode() not in stored
    assert ALICE_KEY.encode() not in connection.get(stored)
    assert 11 * 3600 < connection.ttl(stored) <= 12 * 3600


def test_a_cookie_copied_before_logout_opens_nothing_after_it(api_url):
    session = signed_in(api_url)
    copied = session.cookies["session"]
    assert session.get(f"{api_url}/replays", timeout=5).status_code == 200
    answer = session.post(f"{api_url}/logout", timeout=5, allow_redirects=False,
                          data={"csrf_token": csrf_token(session, f"{api_url}/replays")})
    assert answer.status_code == 302
    replayed = requests.get(f"{api_url}/replays", cookies={"session": copied}, timeout=5,
                            headers={"Accept": BROWSER_ACCEPT}, allow_redirects=False)
    assert replayed.status_code == 401
    assert "This session has ended" in replayed.text


def test_signing_in_again_gives_a_new_session_id(api_url):
    first, second = signed_in(api_url), signed_in(api_url, ALICE_KEY)
    assert _cookie_payload(first.cookies["session"])["session_id"] != \
        _cookie_payload(second.cookies["session"])["session_id"]
