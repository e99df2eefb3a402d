"""The Flask app factory: configuration from the environment, blueprints, health."""

from __future__ import annotations

import http
import os
import threading

import redis
from flask import Flask
from flask_smorest import Api
from flask_smorest.utils import prepare_response

from api import (
    batches,
    catalog_sharing,
    compare,
    games,
    health,
    recorder,
    replays,
    results,
    rulings,
)
from api.auth import install_auth, load_keys
from api.blueprint import CommonResponsesPlugin
from api.languages import install_languages
from api.problems import PROBLEM_MEDIA_TYPE, install_problem_handlers
from api.schemas import (
    BatchSubmitSchema,
    CompareSubmitSchema,
    ProblemSchema,
    ScoresheetDocumentSchema,
)
from api.web import install_web
from replay.core.logs.log import LogSchema
from replay.core.reports.report_schema import ReportSchema

DEFAULTS = {
    "API_TITLE": "Tabletop rules referee",
    "API_VERSION": "v1",
    "OPENAPI_VERSION": "3.1.0",
    "MAX_CONTENT_LENGTH": 2 * 1024 * 1024,
    "MAX_EVENTS": 5000,
    "MAX_BATCH": 500,
    "RATE_LIMIT": (600, 60),
    "REDIS_URL": "redis://127.0.0.1:6379/0",
    "WEBHOOK_ALLOW_PRIVATE": False,
    "MAX_WAITING": 2,  # requests held by ?wait at once (a quarter of waitress's 8 threads)
    "MAX_BUSY": 4,  # heavy requests served at once, waiting ones aside (half the threads)
}
ENVIRONMENT = {  # variable -> (config key, conversion)
    "REDIS_URL": ("REDIS_URL", str),
    "REFEREE_MAX_BODY": ("MAX_CONTENT_LENGTH", int),
    "REFEREE_MAX_EVENTS": ("MAX_EVENTS", int),
    "REFEREE_MAX_BATCH": ("MAX_BATCH", int),
    "REFEREE_RATE_LIMIT": ("RATE_LIMIT", lambda v: tuple(int(x) for x in v.split("/"))),
    "REFEREE_WEBHOOK_ALLOW_PRIVATE": ("WEBHOOK_ALLOW_PRIVATE",
                                      lambda v: v in ("1", "true", "yes")),
}


class RefereeApi(Api):
    """flask-smorest's Api, without its generic JSON error: every error is problem+json."""

    DEFAULT_ERROR_RESPONSE_NAME = None
    ERROR_SCHEMA = ProblemSchema

    def _register_responses(self):
        # The standard responses flask-smorest documents (e.g. 422 for bad query
        # arguments) are problem+json here, like every other error.
        for status in http.HTTPStatus:
            if status >= 400:
                response = {"description": status.phrase, "schema": self.ERROR_SCHEMA}
                prepare_response(response, self.spec, PROBLEM_MEDIA_TYPE)
                self.spec.components.response(status.name, response, lazy=True)


def create_app(config: dict | None = None) -> Flask:
    """Build the app from ``config``, the environment (``REFEREE_*``) and the defaults.

    Raises ``KeyListError`` when the configured API keys are malformed.
    """
    app = Flask(__name__)
    app.config.update(DEFAULTS)
    for variable, (key, convert) in ENVIRONMENT.items():
        if variable in os.environ:
            app.config[key] = convert(os.environ[variable])
    app.config["API_KEYS"] = load_keys()
    app.config.update(config or {})
    # Short timeouts: with Redis gone a request answers 503 quickly instead of hanging.
    # No client name sent on connecting: ``?wait`` opens a connection each time, and two
    # CLIENT SETINFO commands per request are a fair part of a replay's Redis commands.
    app.extensions["referee_redis"] = redis.Redis.from_url(
        app.config["REDIS_URL"], socket_connect_timeout=2, socket_timeout=35,
        driver_info=None)

    app.extensions["referee_waiting"] = threading.BoundedSemaphore(app.config["MAX_WAITING"])

    api = RefereeApi(app, spec_kwargs={"extra_plugins": [CommonResponsesPlugin()]})
    api.spec.components.schema("Log", schema=LogSchema)
    api.spec.components.schema("ScoresheetDocument", schema=ScoresheetDocumentSchema)
    api.spec.components.schema("BatchSubmit", schema=BatchSubmitSchema)
    api.spec.components.schema("CompareSubmit", schema=CompareSubmitSchema)
    api.spec.components.schema("Report", schema=ReportSchema)
    api.spec.components.security_scheme("apiKey", {"type": "http", "scheme": "bearer"})
    api.spec.options["security"] = [{"apiKey": []}]
    for blueprint in (replays.blp, batches.blp, compare.blp, rulings.blp, games.blp,
                      catalog_sharing.blp, health.blp, recorder.blp, results.blp):
        api.register_blueprint(blueprint)
    install_problem_handlers(app)
    health.install_busy_limit(app)
    install_auth(app)
    install_languages(app)
    install_web(app)
    return app
