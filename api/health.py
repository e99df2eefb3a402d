"""Liveness, readiness, the client's webhook secret, and the bound on heavy requests that
keeps liveness answering.

waitress serves a fixed number of threads, and a request that arrives when all are busy
waits in its queue, ``/healthz`` as well; and requests that check, score or replay logs
hold the interpreter, slowing every other thread. So at most ``MAX_BUSY`` heavy requests
(those that send something, and the pages that replay) are served at once, half of
waitress's threads; a request waiting with ``?wait`` counts among the ``MAX_WAITING``
instead. Past that, a heavy request is refused at once (429 ``busy`` with
``Retry-After``), which takes a thread for a moment only: light requests (``/healthz``,
statuses, reports) always find a thread.
"""

from __future__ import annotations

import threading

import redis
from flask import Flask, current_app, g, request
from flask_babel import gettext
from marshmallow import Schema, fields
from rq import Queue, Worker

from api.blueprint import RefereeBlueprint
from api.problems import PROBLEM_MEDIA_TYPE, Problem
from workers.jobs import QUEUE_NAME
from workers.webhooks import secret_for

blp = RefereeBlueprint("health", __name__, description="Health and account")

# Pages that replay a log (or score a sheet) to answer a GET.
HEAVY_PAGES = frozenset({"web.step", "web.scoresheet_totals", "web.recording",
                         "web.recorder_correct"})
LIGHT_METHODS = ("GET", "HEAD", "OPTIONS", "DELETE")
RETRY_AFTER = 2  # seconds a heavy request refused for want of a thread is told to wait


def install_busy_limit(app: Flask) -> None:
    """Refuse heavy requests past ``MAX_BUSY`` served at once. Installed before everything
    else that runs before a request, so a refusal costs nothing more (not even a rate-limit
    hit)."""
    slots = app.extensions["referee_busy"] = threading.BoundedSemaphore(app.config["MAX_BUSY"])

    @app.before_request
    def _admit():
        if request.method in LIGHT_METHODS and request.endpoint not in HEAVY_PAGES:
            return
        if not slots.acquire(blocking=False):
            raise Problem(429, "busy", gettext("The referee is busy"),
                          gettext("it is checking and replaying other games: try again in "
                                  "%(seconds)s s", seconds=RETRY_AFTER),
                          headers={"Retry-After": str(RETRY_AFTER)})
        g.busy_slot = True

    @app.teardown_request
    def _leave(_error):
        if g.pop("busy_slot", False):
            slots.release()


class HealthSchema(Schema):
    """The process is up."""

    status = fields.String(required=True)


class ReadySchema(Schema):
    """Redis answers and workers are registered."""

    status = fields.String(required=True)
    redis = fields.String(required=True)
    workers = fields.Integer(required=True)


class SecretSchema(Schema):
    """The Standard Webhooks signing secret of the caller."""

    secret = fields.String(required=True)


def set_busy_slot_aside() -> None:
    """The request no longer counts among the busy ones (it waits with ``?wait``, in one of
    the waiting slots, doing nothing)."""
    if g.pop("busy_slot", False):
        current_app.extensions["referee_busy"].release()


@blp.route("/healthz", methods=["GET"])
@blp.response(200, HealthSchema)
@blp.doc(security=[])
def healthz():
    """The process is up."""
    return {"status": "ok"}


@blp.route("/readyz", methods=["GET"])
@blp.response(200, ReadySchema)
@blp.alt_response(503, schema="Problem", description="Not ready",
                  content_type=PROBLEM_MEDIA_TYPE)
@blp.doc(security=[])
def readyz():
    """Redis answers and at least one replay worker is registered."""
    connection = current_app.extensions["referee_redis"]
    try:
        connection.ping()
        workers = len(Worker.all(queue=Queue(QUEUE_NAME, connection=connection)))
    except redis.RedisError as err:
        raise Problem(503, "not-ready", gettext("Redis is not reachable"), str(err)) from None
    if not workers:
        raise Problem(503, "not-ready", gettext("No worker is running"),
                      gettext("start one with `referee worker`"), headers={"Retry-After": 5})
    return {"status": "ready", "redis": "ok", "workers": workers}


@blp.route("/v1/webhooks/secret", methods=["GET"])
@blp.response(200, SecretSchema)
def webhook_secret():
    """The caller's secret for checking webhook signatures (Standard Webhooks)."""
    return {"secret": secret_for(current_app.extensions["referee_redis"], g.client)}
