"""The Flask app factory."""

from __future__ import annotations

import http
import os

import redis
from flask import Flask
from flask_smorest import Api
from flask_smorest.utils import prepare_response

from api import replays
from api.problems import PROBLEM_MEDIA_TYPE, install_problem_handlers
from api.schemas import ProblemSchema
from replay.core.log import LogSchema

DEFAULTS = {
    "API_TITLE": "Tabletop rules referee",
    "API_VERSION": "v1",
    "OPENAPI_VERSION": "3.1.0",
    "MAX_CONTENT_LENGTH": 2 * 1024 * 1024,
    "REDIS_URL": "redis://127.0.0.1:6379/0",
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
    """Build the app; ``REDIS_URL`` comes from ``config`` or the environment."""
    app = Flask(__name__)
    app.config.update(DEFAULTS)
    if "REDIS_URL" in os.environ:
        app.config["REDIS_URL"] = os.environ["REDIS_URL"]
    app.config.update(config or {})
    app.extensions["referee_redis"] = redis.Redis.from_url(app.config["REDIS_URL"])

    api = RefereeApi(app)
    api.spec.components.schema("Log", schema=LogSchema)
    api.register_blueprint(replays.blp)
    install_problem_handlers(app)

    @app.get("/healthz")
    def healthz():
        return {"status": "ok"}

    return app
