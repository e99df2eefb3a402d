"""Completion webhooks, signed as Standard Webhooks and retried with backoff.

Deliveries run on their own queue (``webhooks``), served by their own worker process, so a
slow receiver never delays replays. Each delivery connects to the address checked by
``workers.webhook_address`` (pinned: no second lookup), follows no redirect, and is signed
with the client's ``whsec_...`` secret (``GET /v1/webhooks/secret``) by the
``standardwebhooks`` library.
"""

from __future__ import annotations

import base64
import json
import secrets
import time
from datetime import UTC, datetime

import redis
import urllib3
from rq import Queue, Retry
from rq.job import get_current_job
from standardwebhooks.webhooks import Webhook

from workers.store import PREFIX, ReplayStore
from workers.webhook_address import ForbiddenTarget, Target, resolve_target

QUEUE_NAME = "webhooks"
BACKOFF = [1, 5, 30, 120, 600]
TIMEOUT = 5


def secret_for(connection: redis.Redis, owner: str) -> str:
    """The client's signing secret, created on first use."""
    key = f"{PREFIX}webhook-secret:{owner}"
    fresh = "whsec_" + base64.b64encode(secrets.token_bytes(24)).decode()
    connection.set(key, fresh, nx=True)
    return connection.get(key).decode()


def enqueue_delivery(connection: redis.Redis, replay_id: str) -> None:
    """Queue the completion webhook of a finished replay."""
    Queue(QUEUE_NAME, connection=connection).enqueue(
        deliver_webhook, replay_id, retry=Retry(max=len(BACKOFF), interval=BACKOFF),
        job_timeout=TIMEOUT * 3, result_ttl=600)


def signed_headers(secret: str, message_id: str, timestamp: int, body: bytes) -> dict:
    """The Standard Webhooks headers of a message."""
    moment = datetime.fromtimestamp(timestamp, tz=UTC)
    return {"webhook-id": message_id, "webhook-timestamp": str(timestamp),
            "webhook-signature": Webhook(secret).sign(message_id, moment, body.decode())}


def deliver_webhook(replay_id: str) -> int | None:
    """POST the replay's outcome to its webhook URL; raise (and be retried) unless 2xx.

    A URL that is (or has come to resolve to) a refused address is recorded and dropped.
    """
    connection = get_current_job().connection
    store = ReplayStore(connection)
    record = store.get(replay_id)
    if record is None:  # expired meanwhile: nobody to tell about
        return None
    timestamp = round(time.time())
    body = json.dumps({
        "type": "replay.finished",
        "timestamp": timestamp,
        "data": {"id": replay_id, "status": record["status"],
                 "verdict": record.get("verdict"), "links": {
                     "self": f"/v1/replays/{replay_id}",
                     "report": f"/v1/replays/{replay_id}/report"}},
    }, sort_keys=True).encode()
    connection.hincrby(store.key(replay_id), "webhook_attempts", 1)
    try:
        target = resolve_target(record["options"]["webhook"])
    except ForbiddenTarget as err:
        connection.hset(store.key(replay_id), "webhook_status", f"refused: {err}")
        return None
    headers = {"Content-Type": "application/json", "Host": target.host_header,
               **signed_headers(secret_for(connection, record["owner"]), f"msg_{replay_id}",
                                timestamp, body)}
    status = _post(target, body, headers)
    connection.hset(store.key(replay_id), "webhook_status", status)
    if not 200 <= status < 300:
        raise RuntimeError(f"webhook answered {status}")
    return status


def _post(target: Target, body: bytes, headers: dict) -> int:
    """POST to the pinned address; a redirect is an answer like any other, not followed."""
    options = {"timeout": urllib3.Timeout(connect=TIMEOUT, read=TIMEOUT), "retries": False,
               "maxsize": 1}
    if target.scheme == "https":
        pool = urllib3.HTTPSConnectionPool(target.address, target.port,
                                           server_hostname=target.host,
                                           assert_hostname=target.host, **options)
    else:
        pool = urllib3.HTTPConnectionPool(target.address, target.port, **options)
    with pool:
        response = pool.urlopen("POST", target.path, body=body, headers=headers,
                                redirect=False, preload_content=False)
        response.read(64 * 1024)  # the answer's body is not used; read a bounded part
        response.release_conn()
        return response.status
