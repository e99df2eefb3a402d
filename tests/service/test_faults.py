"""Faults and abuse around the service: races, keys, limits, webhooks, Redis down."""

from __future__ import annotations

import json
import tarfile
import threading
import time
import typing
import zlib
from http.server import BaseHTTPRequestHandler, HTTPServer

import pytest
import redis
import requests
from click.testing import CliRunner
from rq import Worker

from api import create_app
from api.auth import KeyListError
from referee_cli.main import cli
from referee_cli.services import api_server
from tests.conftest import KEYS
from tests.service.helpers import ALICE, poll, sample_log
from workers.recovery import recover_abandoned
from workers.store import PENDING, ReplayStore, lease_key

pytestmark = pytest.mark.redis
HANG = 20


# -- 4. a finished replay is terminal -------------------------------------------------------

def test_recovery_never_requeues_a_replay_that_finished_while_it_looked(redis_url, monkeypatch):
    connection = redis.Redis.from_url(redis_url)
    store = ReplayStore(connection)
    replay_id = store.create('{"header": {"game": "coimbra", "players": ["ana", "bo"]}}',
                             {"mode": "strict"})
    connection.hset(store.key(replay_id), "status", "running")  # its lease has expired
    real_states = ReplayStore.claim_states

    def states_then_finish(self, wanted):
        # Recovery reads "running" without a lease; right then the worker stores the report.
        states = real_states(self, wanted)
        ReplayStore(connection).save_report(replay_id, {"verdict": "legal", "standings": []})
        return states

    monkeypatch.setattr(ReplayStore, "claim_states", states_then_finish)
    recover_abandoned(connection)
    monkeypatch.undo()
    assert store.get(replay_id)["status"] == "done"
    assert connection.llen(PENDING) == 0
    # And a late second finish (another worker's run) changes nothing.
    assert not store.save_failure(replay_id, {"type": "interrupted"})
    assert store.get(replay_id)["status"] == "done"
    assert not connection.exists(lease_key(replay_id))


# -- 9. a malformed key list is refused at start-up -----------------------------------------

@pytest.mark.parametrize("keys", [
    "alice:alice-key-0123456789,bob:bob-key-9876543210,carol",
    "alice:alice-key-0123456789,:nameless-key-0123456",
    "alice:short",
    "alice:alice-key-0123456789,bob:alice-key-0123456789",
])
def test_a_malformed_key_list_stops_the_service_from_starting(monkeypatch, keys):
    monkeypatch.setenv("REFEREE_API_KEYS", keys)
    with pytest.raises(KeyListError):
        create_app({"REDIS_URL": "redis://127.0.0.1:1/0"})


# -- 11. every request counts, with a moving window ------------------------------------------

def test_unauthenticated_requests_and_shared_links_are_rate_limited(redis_url):
    with api_server(redis_url, "127.0.0.1", 0, {"API_KEYS": KEYS, "RATE_LIMIT": (3, 60)}) as s:
        base = f"http://127.0.0.1:{s.effective_port}"
        no_key = [requests.get(f"{base}/v1/replays", timeout=HANG).status_code
                  for _ in range(4)]
        shared = [requests.get(f"{base}/v1/shared/nope-{i}", timeout=HANG) for i in range(4)]
        health = requests.get(f"{base}/healthz", timeout=HANG)
    assert no_key == [401, 401, 401, 429]
    # The same address: its allowance is already spent.
    assert {r.status_code for r in shared} == {429}
    assert int(shared[0].headers["Retry-After"]) > 0
    assert health.status_code == 200  # probes are never limited


# -- 5. webhooks reach no internal address ---------------------------------------------------

@pytest.mark.parametrize("hook", [
    "http://localhost/x", "http://0x7f000001/", "http://[::1]:8080/", "http://127.0.0.1:6379/",
    "http://169.254.169.254/latest/meta-data/", "http://10.0.0.7/", "ftp://example.org/",
    "http://user:pw@example.org/",
])
def test_webhooks_to_internal_addresses_are_refused(redis_url, hook):
    with api_server(redis_url, "127.0.0.1", 0, {"API_KEYS": KEYS}) as server:
        response = requests.post(f"http://127.0.0.1:{server.effective_port}/v1/replays",
                                 params={"webhook": hook}, json=sample_log(), headers=ALICE,
                                 timeout=HANG)
    assert response.status_code == 422, response.text
    assert response.json()["type"].rsplit("/", 1)[1] in ("webhook-refused",
                                                          "unprocessable-entity")


class _Redirector(BaseHTTPRequestHandler):
    """Answers every delivery with a redirect to a second receiver."""

    hits: typing.ClassVar[list] = []
    target = ""

    def do_POST(self):
        _Redirector.hits.append(self.path)
        self.send_response(307)
        self.send_header("Location", _Redirector.target)
        self.end_headers()

    def log_message(self, *args):
        pass


def test_webhook_redirects_are_not_followed_and_deliveries_have_their_own_worker(
        api_url, redis_url, worker_process):
    _Redirector.hits = []
    first, second = (HTTPServer(("127.0.0.1", 0), _Redirector) for _ in range(2))
    _Redirector.target = f"http://127.0.0.1:{second.server_port}/stolen"
    for server in (first, second):
        threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        response = requests.post(f"{api_url}/v1/replays", json=sample_log(), headers=ALICE,
                                 params={"webhook": f"http://127.0.0.1:{first.server_port}/h"},
                                 timeout=HANG)
        replay_id = response.headers["Location"].rsplit("/", 1)[1]
        connection = redis.Redis.from_url(redis_url)
        deadline = time.monotonic() + 30
        while connection.hget(ReplayStore.key(replay_id), "webhook_status") is None:
            assert time.monotonic() < deadline, "the webhook was never called"
            time.sleep(0.1)
    finally:
        first.shutdown()
        second.shutdown()
    assert _Redirector.hits == ["/h"]  # the second receiver got nothing
    assert connection.hget(ReplayStore.key(replay_id), "webhook_status") == b"307"
    queues = {tuple(q.name for q in w.queues) for w in Worker.all(connection=connection)}
    assert queues == {("replays",), ("webhooks",)}


# -- 13. share links expire and are revocable; Redis down is a 503 ---------------------------

def test_share_links_expire_and_can_be_revoked(api_url, redis_url, worker_process):
    done = requests.post(f"{api_url}/v1/replays?wait=10", json=sample_log(), headers=ALICE,
                         timeout=HANG).json()
    share_url = f"{api_url}{done['links']['self']}/share"
    share = requests.post(share_url, params={"expires_in": 120}, headers=ALICE,
                          timeout=HANG).json()
    assert 100 < share["expires_at"] - time.time() <= 121
    connection = redis.Redis.from_url(redis_url)
    ttls = [connection.ttl(key) for key in connection.scan_iter("referee:share:*")]
    assert len(ttls) == 1 and 0 < ttls[0] <= 120
    assert requests.get(api_url + share["url"], timeout=HANG).status_code == 200
    assert requests.delete(share_url, headers=ALICE, timeout=HANG).status_code == 204
    gone = requests.get(api_url + share["url"], timeout=HANG)
    assert gone.status_code == 404 and gone.json()["type"].endswith("/share-not-found")


def test_while_redis_is_down_the_api_answers_503_with_retry_after(api_url, redis_server):
    redis_server.stop(kill=True)
    try:
        for method, path in (("GET", "/v1/replays"), ("POST", "/v1/replays"),
                             ("GET", "/v1/batches/x")):
            response = requests.request(method, api_url + path, json=sample_log(),
                                        headers=ALICE, timeout=HANG)
            assert response.status_code == 503, (path, response.text)
            assert response.headers["Retry-After"] == "5"
    finally:
        redis_server.start()


def test_while_redis_takes_no_writes_a_submission_is_503_and_accepted_once_it_does(
        api_url, redis_url):
    # A primary set up to write only with a replica (min-replicas-to-write 1), none
    # connected: it refuses every write, as during a failover, and reads still work.
    connection = redis.Redis.from_url(redis_url)
    headers = {**ALICE, "Idempotency-Key": "while-refused"}
    connection.config_set("min-replicas-to-write", 1)
    try:
        refused = requests.post(f"{api_url}/v1/replays", json=sample_log(), headers=headers,
                                timeout=HANG)
        listing = requests.get(f"{api_url}/v1/replays", headers=ALICE, timeout=HANG)
    finally:
        connection.config_set("min-replicas-to-write", 0)
    assert refused.status_code == 503, refused.text
    assert refused.headers["Retry-After"] == "5"
    assert refused.headers["Content-Type"] == "application/problem+json"
    assert listing.status_code == 200 and listing.json()["total"] == 0
    again = requests.post(f"{api_url}/v1/replays", json=sample_log(), headers=headers,
                          timeout=HANG)
    assert again.status_code == 202
    assert requests.get(f"{api_url}/v1/replays", headers=ALICE,
                        timeout=HANG).json()["total"] == 1


# -- storage: compressed, ETags of the bytes served ------------------------------------------

def test_logs_and_reports_are_stored_compressed(api_url, redis_url, worker_process):
    response = requests.post(f"{api_url}/v1/replays", json=sample_log(), headers=ALICE,
                             timeout=HANG)
    record = poll(api_url, response.headers["Location"], ALICE)
    connection = redis.Redis.from_url(redis_url)
    source, report = connection.hmget(ReplayStore.key(record["id"]), ["source", "report"])
    assert zlib.decompress(source).decode().startswith("{")
    served = requests.get(api_url + record["links"]["report"], headers=ALICE, timeout=HANG)
    assert json.loads(zlib.decompress(report)) == served.json()
    assert len(report) * 4 < len(served.content)


# -- retention and export: old games leave Redis without being lost ---------------------------

def test_finished_replays_expire_after_the_retention_time(api_url, redis_url, start_worker):
    start_worker({"REFEREE_RETENTION_DAYS": "0.01"})  # 864 s
    response = requests.post(f"{api_url}/v1/replays", json=sample_log(), headers=ALICE,
                             timeout=HANG)
    record = poll(api_url, response.headers["Location"], ALICE)
    connection = redis.Redis.from_url(redis_url)
    assert 0 < connection.ttl(ReplayStore.key(record["id"])) <= 864
    content_keys = list(connection.scan_iter("referee:content:alice:*"))
    assert [0 < connection.ttl(key) <= 864 for key in content_keys] == [True]


def test_export_writes_logs_and_reports_and_can_clear_them(api_url, redis_url, worker_process,
                                                          tmp_path, monkeypatch):
    response = requests.post(f"{api_url}/v1/batches", headers=ALICE, timeout=HANG, json={
        "logs": [{"name": "t1", "log": sample_log()}]})
    batch = response.json()
    replay_id = batch["items"][0]["replay"]
    poll(api_url, f"/v1/replays/{replay_id}", ALICE)
    monkeypatch.setenv("REDIS_URL", redis_url)
    archive = tmp_path / "club.tar.gz"
    result = CliRunner().invoke(cli, ["export", "--batch", batch["id"], "--out", str(archive),
                                      "--delete"])
    assert result.exit_code == 0, result.output
    with tarfile.open(archive) as tar:
        names = set(tar.getnames())
        index = json.loads(tar.extractfile("index.json").read())
        log = json.loads(tar.extractfile(f"{replay_id}.log").read())
        report = json.loads(tar.extractfile(f"{replay_id}.report.json").read())
    assert names == {"index.json", f"{replay_id}.log", f"{replay_id}.report.json"}
    assert index[0]["verdict"] == "legal" and log == sample_log()
    assert report["verdict"] == "legal"
    gone = requests.get(f"{api_url}/v1/replays/{replay_id}", headers=ALICE, timeout=HANG)
    assert gone.status_code == 404
    folder = tmp_path / "alice"
    assert CliRunner().invoke(cli, ["export", "--client", "alice", "--out",
                                    str(folder)]).exit_code == 0
    assert json.loads((folder / "index.json").read_text()) == []
