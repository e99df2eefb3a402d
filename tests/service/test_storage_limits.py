"""Storage that lasts: finished replays expire by default (90 days, or a client's own
period), and each client has a quota of stored replays, refused with a clear 403."""

from __future__ import annotations

import copy

import pytest
import redis
import requests

from referee_cli.services import api_server
from tests.conftest import KEYS
from tests.service.helpers import ALICE, BOB, poll, sample_log
from workers.store import ReplayStore

pytestmark = pytest.mark.redis
HANG = 20
DAY = 86400


def _game(table: int) -> dict:
    log = copy.deepcopy(sample_log())
    log["header"]["metadata"] = {"table": str(table)}
    return log


def test_finished_replays_expire_after_90_days_by_default(api_url, redis_url, worker_process):
    response = requests.post(f"{api_url}/v1/replays", json=sample_log(), headers=ALICE,
                             timeout=HANG)
    record = poll(api_url, response.headers["Location"], ALICE)
    ttl = redis.Redis.from_url(redis_url).ttl(ReplayStore.key(record["id"]))
    assert 89 * DAY < ttl <= 90 * DAY


def test_a_client_can_have_its_own_retention(api_url, redis_url, start_worker):
    start_worker({"REFEREE_RETENTION_DAYS": "2,bob:0"})  # bob's are kept for ever
    connection = redis.Redis.from_url(redis_url)
    ttls = {}
    for name, headers in (("alice", ALICE), ("bob", BOB)):
        response = requests.post(f"{api_url}/v1/replays", json=sample_log(),
                                 headers=headers, timeout=HANG)
        record = poll(api_url, response.headers["Location"], headers)
        ttls[name] = connection.ttl(ReplayStore.key(record["id"]))
    assert DAY < ttls["alice"] <= 2 * DAY
    assert ttls["bob"] == -1  # no expiry


@pytest.fixture
def quota_url(redis_url, monkeypatch):
    """The API with a quota of 2 replays for every client, 3 for bob."""
    monkeypatch.setenv("REFEREE_QUOTA", "2,bob:3")
    with api_server(redis_url, "127.0.0.1", 0, {"API_KEYS": KEYS}) as server:
        yield f"http://127.0.0.1:{server.effective_port}"


def test_a_full_quota_is_a_403_problem_and_a_resubmission_still_answers(quota_url):
    codes = [requests.post(f"{quota_url}/v1/replays", json=_game(i), headers=ALICE,
                           timeout=HANG).status_code for i in range(3)]
    assert codes == [202, 202, 403]
    refused = requests.post(f"{quota_url}/v1/replays", json=_game(9), headers=ALICE,
                            timeout=HANG)
    assert refused.headers["Content-Type"] == "application/problem+json"
    problem = refused.json()
    assert problem["type"].endswith("/quota-exceeded") and problem["limit"] == 2
    assert "alice has 2 replays stored" in problem["detail"]
    assert "90 days" in problem["detail"]
    # Sending a stored game again is not a new replay: it answers as before.
    again = requests.post(f"{quota_url}/v1/replays", json=_game(0), headers=ALICE,
                          timeout=HANG)
    assert again.status_code == 202
    # Another client's quota is its own.
    assert [requests.post(f"{quota_url}/v1/replays", json=_game(i), headers=BOB,
                          timeout=HANG).status_code for i in range(4)] == [202, 202, 202, 403]


def test_replays_that_expired_leave_room_in_the_quota(quota_url, redis_url):
    locations = [requests.post(f"{quota_url}/v1/replays", json=_game(i), headers=ALICE,
                               timeout=HANG).headers["Location"] for i in range(2)]
    # One of them has expired (its retention is over): its place is free again.
    redis.Redis.from_url(redis_url).delete(ReplayStore.key(locations[0].rsplit("/")[-1]))
    assert requests.post(f"{quota_url}/v1/replays", json=_game(5), headers=ALICE,
                         timeout=HANG).status_code == 202


def test_a_batch_past_the_quota_names_the_logs_it_could_not_keep(quota_url):
    response = requests.post(f"{quota_url}/v1/batches", headers=ALICE, timeout=HANG, json={
        "logs": [{"name": f"t{i}", "log": _game(i)} for i in range(3)]})
    assert response.status_code == 202, response.text
    items = response.json()["items"]
    assert [bool(item["replay"]) for item in items] == [True, True, False]
    assert items[2]["problem"]["type"] == "quota-exceeded"


@pytest.fixture
def byte_quota_url(redis_url, monkeypatch):
    """The API with a quota of 16 KiB stored for alice (no quota of replays for anyone)."""
    monkeypatch.setenv("REFEREE_QUOTA", "0")
    monkeypatch.setenv("REFEREE_QUOTA_MB", f"0,alice:{QUOTA_BYTES / 2**20}")
    with api_server(redis_url, "127.0.0.1", 0, {"API_KEYS": KEYS}) as server:
        yield f"http://127.0.0.1:{server.effective_port}"


QUOTA_BYTES = 24576


def test_the_quota_counts_the_bytes_stored_and_their_reports(byte_quota_url, redis_url,
                                                             worker_process):
    base, connection = byte_quota_url, redis.Redis.from_url(redis_url)
    store = ReplayStore(connection)
    connection.delete(store.bytes_key("alice"))
    keys, codes = [], []
    for table in range(3):  # each log about 1.6 KB compressed, its report about 14.5 KB
        answer = requests.post(f"{base}/v1/replays", json=_game(table), headers=ALICE,
                               timeout=HANG)
        codes.append(answer.status_code)
        if answer.status_code != 202:
            break
        keys.append(ReplayStore.key(poll(base, answer.headers["Location"], ALICE)["id"]))
        # a log counts as it is stored (compressed), its report once it is stored too
        held = sum(connection.hstrlen(k, "source") + connection.hstrlen(k, "report")
                   for k in keys)
        assert store.bytes_stored("alice") == held
    # two games and their reports leave less room than a third log takes; three logs
    # alone would fit, so the reports are what filled it
    sources = [connection.hstrlen(k, "source") for k in keys]
    assert codes == [202, 202, 403]
    assert store.bytes_stored("alice") + min(sources) > QUOTA_BYTES > 3 * max(sources)
    refused = requests.post(f"{base}/v1/replays", json=_game(20), headers=ALICE,
                            timeout=HANG).json()
    assert refused["type"].endswith("/quota-exceeded") and refused["unit"] == "bytes"
    assert refused["limit"] == QUOTA_BYTES
    assert "bytes of logs and reports stored" in refused["detail"]
    # bob has no byte quota of his own: the default (500 MiB) leaves room
    assert requests.post(f"{base}/v1/replays", json=_game(0), headers=BOB,
                         timeout=HANG).status_code == 202
    # A replay that left Redis (its retention is over) gives its bytes back.
    connection.delete(keys[0])
    assert requests.post(f"{base}/v1/replays", json=_game(20), headers=ALICE,
                         timeout=HANG).status_code == 202
