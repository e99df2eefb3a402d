"""Liveness, readiness, and the client's webhook secret."""

from __future__ import annotations

import redis
from flask import current_app, g
from marshmallow import Schema, fields
from rq import Queue, Worker

from api.blueprint import RefereeBlueprint
from api.problems import PROBLEM_MEDIA_TYPE, Problem
from workers.jobs import QUEUE_NAME
from workers.webhooks import secret_for

blp = RefereeBlueprint("health", __name__, description="Health and account")


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
        raise Problem(503, "not-ready", "Redis is not reachable", str(err)) from None
    if not workers:
        raise Problem(503, "not-ready", "No worker is running",
                      "start one with `referee worker`", headers={"Retry-After": 5})
    return {"status": "ready", "redis": "ok", "workers": workers}


@blp.route("/v1/webhooks/secret", methods=["GET"])
@blp.response(200, SecretSchema)
def webhook_secret():
    """The caller's secret for checking webhook signatures (Standard Webhooks)."""
    return {"secret": secret_for(current_app.extensions["referee_redis"], g.client)}
