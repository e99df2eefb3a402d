"""Webhook targets that carry a non-public IPv4 address inside an IPv6 one, or sit in a
special-purpose range, are refused: at submission (422) and by the worker before it
connects."""

from __future__ import annotations

import time

import pytest
import redis
import requests

from referee_cli.services import api_server
from tests.conftest import KEYS
from tests.service.helpers import ALICE, sample_log
from workers.store import ReplayStore
from workers.webhook_address import ForbiddenTarget, resolve_target

HANG = 20
# Each is loopback, private or reserved once unwrapped, worked out from RFC 4291 (mapped
# and compatible: the last 32 bits), RFC 6052 (NAT64: the last 32 bits), RFC 3056 (6to4:
# bits 16-47), RFC 4380 (Teredo: the server in bits 32-63), RFC 6890 (192.0.0.0/24).
REFUSED = {
    "[::7f00:1]": "127.0.0.1",  # IPv4-compatible
    "[::ffff:7f00:1]": "127.0.0.1",  # IPv4-mapped
    "[::ffff:10.1.2.3]": "10.1.2.3",
    "[64:ff9b::7f00:1]": "127.0.0.1",  # NAT64
    "[64:ff9b::a9fe:a9fe]": "169.254.169.254",  # NAT64 to the cloud metadata address
    "[2002:7f00:1::]": "127.0.0.1",  # 6to4
    "[2002:c0a8:101::1]": "192.168.1.1",
    "[2001:0:a00:1::1]": "10.0.0.1",  # Teredo, its server
    "192.0.0.8": "192.0.0.8",
    "192.0.0.170": "192.0.0.170",
    "[fec0::1]": "fec0::1",  # site-local
}
PUBLIC = ["8.8.8.8", "[2606:4700::1111]", "[64:ff9b::808:808]", "[2002:808:808::1]"]


@pytest.mark.parametrize("host", list(REFUSED))
def test_addresses_carrying_a_non_public_address_are_refused(host):
    with pytest.raises(ForbiddenTarget, match=REFUSED[host].replace(".", r"\.")):
        resolve_target(f"http://{host}/hook", allow_private=False)


@pytest.mark.parametrize("host", PUBLIC)
def test_public_addresses_and_their_nat64_and_6to4_forms_are_allowed(host):
    target = resolve_target(f"http://{host}:8443/hook", allow_private=False)
    assert target.port == 8443 and target.address == host.strip("[]")


@pytest.mark.redis
@pytest.mark.parametrize("host", ["[::7f00:1]", "[64:ff9b::7f00:1]", "[2002:7f00:1::]",
                                  "192.0.0.8"])
def test_the_api_refuses_them_with_a_problem(redis_url, host):
    with api_server(redis_url, "127.0.0.1", 0, {"API_KEYS": KEYS}) as server:
        response = requests.post(f"http://127.0.0.1:{server.effective_port}/v1/replays",
                                 params={"webhook": f"http://{host}:8080/x"},
                                 json=sample_log(), headers=ALICE, timeout=HANG)
    assert response.status_code == 422, response.text
    assert response.headers["Content-Type"] == "application/problem+json"
    assert response.json()["type"].endswith("/webhook-refused")
    assert "not a public address" in response.json()["detail"]


@pytest.mark.redis
def test_the_worker_refuses_them_before_connecting(api_url, redis_url, start_worker):
    # This API lets private webhooks through (as when a name resolved elsewhere at
    # submission); the worker, which does not, checks again and never connects.
    start_worker({"REFEREE_WEBHOOK_ALLOW_PRIVATE": "0"})
    response = requests.post(f"{api_url}/v1/replays", json=sample_log(), headers=ALICE,
                             params={"webhook": "http://[::7f00:1]:9/x"}, timeout=HANG)
    assert response.status_code == 202, response.text
    replay_id = response.headers["Location"].rsplit("/", 1)[1]
    connection = redis.Redis.from_url(redis_url)
    deadline = time.monotonic() + 30
    while connection.hget(ReplayStore.key(replay_id), "webhook_status") is None:
        assert time.monotonic() < deadline, "the worker never decided about the webhook"
        time.sleep(0.1)
    status = connection.hget(ReplayStore.key(replay_id), "webhook_status").decode()
    assert status.startswith("refused:") and "127.0.0.1" in status
