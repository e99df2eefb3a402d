"""Completion webhooks: signed (Standard Webhooks) and retried until delivered."""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import threading
import time
import typing
from http.server import BaseHTTPRequestHandler, HTTPServer

import pytest
import requests
from standardwebhooks.webhooks import Webhook, WebhookVerificationError

from tests.service.helpers import ALICE, sample_log

pytestmark = pytest.mark.redis


class Receiver(BaseHTTPRequestHandler):
    """Answers 500 to the first delivery, then 204; keeps what it received."""

    received: typing.ClassVar[list] = []

    def do_POST(self):
        body = self.rfile.read(int(self.headers["Content-Length"]))
        Receiver.received.append(({k.lower(): v for k, v in self.headers.items()}, body))
        self.send_response(500 if len(Receiver.received) == 1 else 204)
        self.end_headers()

    def log_message(self, *args):
        pass


def test_webhook_is_signed_and_retried(api_url, worker_process):
    Receiver.received = []
    server = HTTPServer(("127.0.0.1", 0), Receiver)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        hook = f"http://127.0.0.1:{server.server_port}/done"
        response = requests.post(f"{api_url}/v1/replays", params={"webhook": hook},
                                 json=sample_log(), headers=ALICE, timeout=5)
        replay_id = response.headers["Location"].rsplit("/", 1)[1]
        deadline = time.monotonic() + 30
        while len(Receiver.received) < 2:
            assert time.monotonic() < deadline, "the webhook was not retried"
            time.sleep(0.1)
    finally:
        server.shutdown()
    secret = requests.get(f"{api_url}/v1/webhooks/secret", headers=ALICE, timeout=5).json()[
        "secret"]
    key = base64.b64decode(secret.removeprefix("whsec_"))
    for headers, body in Receiver.received:
        # As a receiver checks it, with the Standard Webhooks library...
        assert Webhook(secret).verify(body, headers)["data"]["id"] == replay_id
        # ... and by the specification's own formula.
        signed = f"{headers['webhook-id']}.{headers['webhook-timestamp']}.".encode() + body
        expected = base64.b64encode(hmac.new(key, signed, hashlib.sha256).digest()).decode()
        assert headers["webhook-signature"] == f"v1,{expected}"
    with pytest.raises(WebhookVerificationError):
        Webhook(secret).verify(Receiver.received[0][1] + b" ", Receiver.received[0][0])
    payload = json.loads(Receiver.received[-1][1])
    assert payload["data"]["id"] == replay_id and payload["data"]["verdict"] == "legal"
