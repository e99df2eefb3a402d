"""Submit, follow and read replays over HTTP, through real workers and a real Redis."""

from __future__ import annotations

import json

import pytest
import redis
import requests

from replay.coimbra.notation import print_text
from replay.core.logs.log import load_log
from tests.conftest import FIXTURES
from tests.service.helpers import ALICE, BOB, poll, sample_log
from workers.store import ReplayStore

pytestmark = pytest.mark.redis


def test_a_json_log_is_replayed_by_a_worker_and_stored(api_url, redis_url, worker_process):
    log = sample_log()
    response = requests.post(f"{api_url}/v1/replays", json=log, headers=ALICE, timeout=5)
    assert response.status_code == 202
    location = response.headers["Location"]
    assert location.startswith("/v1/replays/") and response.headers["Retry-After"]
    record = poll(api_url, location, ALICE)
    assert record["status"] == "done" and record["verdict"] == "legal"
    assert record["progress"] == {"total": len(log["events"]), "replayed": len(log["events"])}
    report = requests.get(api_url + record["links"]["report"], headers=ALICE, timeout=5).json()
    assert report["verdict"] == "legal" and report["game"] == "coimbra"
    # Kept under the project's own key, not only as an RQ result.
    stored = ReplayStore(redis.Redis.from_url(redis_url)).get(record["id"], with_source=True,
                                                              with_report=True)
    assert stored["report"] == report
    assert json.loads(stored["source"]) == log


def test_text_notation_is_accepted_as_text_plain(api_url, worker_process):
    text = print_text(load_log(sample_log()))
    response = requests.post(f"{api_url}/v1/replays?wait=10", data=text.encode(),
                             headers={**ALICE, "Content-Type": "text/plain"}, timeout=15)
    assert response.status_code == 200
    assert response.json()["report"]["verdict"] == "legal"


def test_wait_returns_the_finished_report(api_url, worker_process):
    response = requests.post(f"{api_url}/v1/replays?wait=10", json=sample_log(),
                             headers=ALICE, timeout=15)
    assert response.status_code == 200
    body = response.json()
    assert body["status"] == "done" and body["report"]["standings"][0]["player"] == "bruno"


def test_report_formats_by_accept_with_strong_etags(api_url, worker_process):
    response = requests.post(f"{api_url}/v1/replays?wait=10", json=sample_log(),
                             headers=ALICE, timeout=15)
    url = api_url + response.json()["links"]["report"]
    for media, marker in (("application/json", '"verdict"'), ("text/markdown", "# Verdict"),
                          ("text/html", "<html")):
        got = requests.get(url, headers={**ALICE, "Accept": media}, timeout=5)
        assert got.status_code == 200
        assert got.headers["Content-Type"].startswith(media)
        assert marker in got.text
        etag = got.headers["ETag"]
        assert etag.startswith('"') and not etag.startswith("W/")
        again = requests.get(url, headers={**ALICE, "Accept": media, "If-None-Match": etag},
                             timeout=5)
        assert again.status_code == 304
    refused = requests.get(url, headers={**ALICE, "Accept": "image/png"}, timeout=5)
    assert refused.status_code == 406
    session = requests.Session()
    session.headers.pop("Accept")
    plain = session.get(url, headers=ALICE, timeout=5)
    assert plain.headers["Content-Type"] == "application/json"


def test_idempotency_key_and_identical_logs(api_url, worker_process):
    log = sample_log()
    first = requests.post(f"{api_url}/v1/replays", json=log,
                          headers={**ALICE, "Idempotency-Key": "k1"}, timeout=5)
    same = requests.post(f"{api_url}/v1/replays", json=log,
                         headers={**ALICE, "Idempotency-Key": "k1"}, timeout=5)
    assert same.headers["Location"] == first.headers["Location"]
    other = dict(log, header={**log["header"], "metadata": {"table": "9"}})
    reused = requests.post(f"{api_url}/v1/replays", json=other,
                           headers={**ALICE, "Idempotency-Key": "k1"}, timeout=5)
    assert reused.status_code == 422
    assert reused.json()["type"].endswith("/idempotency-key-reused")
    identical = requests.post(f"{api_url}/v1/replays", json=log, headers=ALICE, timeout=5)
    assert identical.headers["Location"] == first.headers["Location"]
    # Another client sending the same log gets a replay of its own.
    bobs = requests.post(f"{api_url}/v1/replays", json=log, headers=BOB, timeout=5)
    assert bobs.headers["Location"] != first.headers["Location"]


def test_clients_see_only_their_own_replays_and_share_links_work(api_url, worker_process):
    response = requests.post(f"{api_url}/v1/replays?wait=10", json=sample_log(),
                             headers=ALICE, timeout=15)
    location = response.headers["Location"]
    assert requests.get(api_url + location, headers=BOB, timeout=5).status_code == 404
    assert requests.get(api_url + location + "/report", headers=BOB,
                        timeout=5).status_code == 404
    assert requests.get(f"{api_url}/v1/replays", headers=BOB, timeout=5).json()["total"] == 0
    listing = requests.get(f"{api_url}/v1/replays?per_page=1", headers=ALICE, timeout=5).json()
    assert listing["total"] == 1 and listing["items"][0]["links"]["self"] == location
    assert requests.get(api_url + location, timeout=5).status_code == 401
    share = requests.post(api_url + location + "/share", headers=ALICE, timeout=5).json()
    shared = requests.get(api_url + share["url"], headers={"Accept": "text/markdown"}, timeout=5)
    assert shared.status_code == 200 and "LEGAL" in shared.text
    assert requests.post(api_url + location + "/share", headers=BOB,
                         timeout=5).status_code == 404


def test_listing_is_paginated(api_url):
    log = sample_log()
    for table in range(3):
        log["header"]["metadata"] = {"table": str(table)}
        requests.post(f"{api_url}/v1/replays", json=log, headers=ALICE, timeout=5)
    first = requests.get(f"{api_url}/v1/replays?per_page=2", headers=ALICE, timeout=5).json()
    assert first["total"] == 3 and len(first["items"]) == 2 and "next" in first["links"]
    second = requests.get(api_url + first["links"]["next"], headers=ALICE, timeout=5).json()
    assert len(second["items"]) == 1 and "prev" in second["links"]


def test_a_log_the_worker_cannot_read_ends_as_a_recorded_failure(redis_url, worker_process):
    from workers.jobs import submit

    connection = redis.Redis.from_url(redis_url)
    store = ReplayStore(connection)
    replay_id = store.create('[game "coimbra"]\n[players "ana bruno"]\nana: fly\n',
                             {"mode": "strict"})
    submit(connection, replay_id)
    import time
    deadline = time.monotonic() + 20
    while store.get(replay_id)["status"] not in ("done", "failed"):
        assert time.monotonic() < deadline
        time.sleep(0.05)
    failure = store.get(replay_id)["failure"]
    assert failure["type"] == "invalid-log"
    assert failure["problems"][0]["line"] == 3


def test_a_worker_report_weighs_the_placeholder_values_a_violation_read(api_url,
                                                                      worker_process):
    # move-arrows-no-arrow.worked.md: the step seg1a-or -> seg1a-in at event 7 is refused
    # because the built-in catalog's invented arrows of seg1a-or lead only to the next
    # segment; the worker's report says that value decides the verdict.
    log = json.loads((FIXTURES / "viscounts" / "worked" / "move-arrows-no-arrow.json")
                     .read_text())
    response = requests.post(f"{api_url}/v1/replays?wait=20", json=log, headers=ALICE,
                             timeout=30)
    report = response.json()["report"]
    assert report["verdict"] == "illegal"
    deciding = [(p["entry"], p["field"], p["decides"])
                for p in report["catalog"]["placeholders_used"] if "decides" in p]
    assert deciding == [("seg1a-or", "exits", [7])]
    assert report["catalog"]["weighed"]["left"] == 0
