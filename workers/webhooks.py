"""Completion webhooks, signed as Standard Webhooks and retried with backoff.

The signature is ``v1,`` + base64(HMAC-SHA256(secret, f"{id}.{timestamp}.{body}")), sent in
``webhook-signature`` with ``webhook-id`` and ``webhook-timestamp``; the secret is the
client's ``whsec_...`` secret (``GET /v1/webhooks/secret``).
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import secrets
import time
import urllib.error
import urllib.request

import redis
from rq import Queue, Retry
from rq.job import get_current_job

from workers.store import PREFIX, ReplayStore

QUEUE_NAME = "webhooks"
BACKOFF = [1, 5, 30, 120, 600]
TIMEOUT = 5


def secret_for(connection: redis.Redis, owner: str) -> str:
    """The client's signing secret, created on first use."""
    key = f"{PREFIX}webhook-secret:{owner}"
    fresh = "whsec_" + base64.b64encode(secrets.token_bytes(24)).decode()
    connection.set(key, fresh, nx=True)
    return connection.get(key).decode()


def sign(secret: str, message_id: str, timestamp: int, body: bytes) -> str:
    """The ``webhook-signature`` header value for a message."""
    key = base64.b64decode(secret.removeprefix("whsec_"))
    content = f"{message_id}.{timestamp}.".encode() + body
    return "v1," + base64.b64encode(hmac.new(key, content, hashlib.sha256).digest()).decode()


def enqueue_delivery(connection: redis.Redis, replay_id: str) -> None:
    """Queue the completion webhook of a finished replay."""
    Queue(QUEUE_NAME, connection=connection).enqueue(
        deliver_webhook, replay_id, retry=Retry(max=len(BACKOFF), interval=BACKOFF),
        job_timeout=TIMEOUT * 3, result_ttl=600)


def deliver_webhook(replay_id: str) -> int:
    """POST the replay's outcome to its webhook URL; raise (and be retried) unless 2xx."""
    connection = get_current_job().connection
    store = ReplayStore(connection)
    record = store.get(replay_id, with_source=False)
    body = json.dumps({
        "type": "replay.finished",
        "timestamp": round(time.time()),
        "data": {"id": replay_id, "status": record["status"],
                 "verdict": record.get("verdict"), "links": {
                     "self": f"/v1/replays/{replay_id}",
                     "report": f"/v1/replays/{replay_id}/report"}},
    }, sort_keys=True).encode()
    message_id = f"msg_{replay_id}"
    timestamp = round(time.time())
    request = urllib.request.Request(record["options"]["webhook"], data=body, method="POST")
    request.add_header("Content-Type", "application/json")
    request.add_header("webhook-id", message_id)
    request.add_header("webhook-timestamp", str(timestamp))
    request.add_header("webhook-signature",
                       sign(secret_for(connection, record["owner"]), message_id, timestamp, body))
    connection.hincrby(store.key(replay_id), "webhook_attempts", 1)
    try:
        with urllib.request.urlopen(request, timeout=TIMEOUT) as response:
            status = response.status
    except urllib.error.HTTPError as err:
        status = err.code
    connection.hset(store.key(replay_id), "webhook_status", status)
    if not 200 <= status < 300:
        raise RuntimeError(f"webhook answered {status}")
    return status
