"""RFC 9457 problem details: every error the API gives is one of these, never a traceback."""

from __future__ import annotations

import logging

import redis
from flask import Flask, Response, json
from werkzeug.exceptions import HTTPException, InternalServerError

PROBLEM_MEDIA_TYPE = "application/problem+json"
TYPE_BASE = "https://referee.example/problems/"

log = logging.getLogger(__name__)


class Problem(Exception):
    """An error answer with a stable ``type`` slug, a title, a detail and extra members."""

    def __init__(self, status: int, slug: str, title: str, detail: str = "",
                 headers: dict | None = None, **extra):
        super().__init__(detail or title)
        self.status = status
        self.slug = slug
        self.title = title
        self.detail = detail
        self.headers = {k: str(v) for k, v in (headers or {}).items()}
        self.extra = extra


def problem_response(problem: Problem, headers: dict | None = None) -> Response:
    """Render a ``Problem`` as an ``application/problem+json`` response."""
    body = {"type": TYPE_BASE + problem.slug, "title": problem.title, "status": problem.status}
    if problem.detail:
        body["detail"] = problem.detail
    body.update(problem.extra)
    response = Response(json.dumps(body), status=problem.status, mimetype=PROBLEM_MEDIA_TYPE)
    for name, value in (headers or {}).items():
        response.headers[name] = value
    return response


def _from_http_exception(err: HTTPException) -> Response:
    slug = (err.name or "error").lower().replace(" ", "-")
    extra = {}
    # flask-smorest / webargs put validation messages on ``data``.
    messages = getattr(err, "data", {}).get("messages") if hasattr(err, "data") else None
    if messages:
        extra["errors"] = messages
    headers = dict(err.get_headers()) if err.code in (405, 429) else {}
    headers.pop("Content-Type", None)
    return problem_response(
        Problem(err.code or 500, slug, err.name, err.description or "", **extra), headers
    )


def install_problem_handlers(app: Flask) -> None:
    """Answer every error, expected or not, with problem+json."""

    @app.errorhandler(Problem)
    def _problem(err: Problem):
        return problem_response(err, err.headers)

    @app.errorhandler(redis.ConnectionError)
    @app.errorhandler(redis.TimeoutError)
    def _redis_down(err: redis.RedisError):
        log.warning("Redis is not reachable: %s", err)
        return problem_response(
            Problem(503, "service-unavailable", "The service is briefly unavailable",
                    "its database is not reachable; try again shortly"),
            {"Retry-After": "5"})

    @app.errorhandler(HTTPException)
    def _http(err: HTTPException):
        if err.response is not None:  # already a problem (e.g. the rate limiter's 429)
            return err.response
        return _from_http_exception(err)

    @app.errorhandler(Exception)
    def _unexpected(err: Exception):
        log.exception("unhandled error")
        return _from_http_exception(InternalServerError())
