"""RFC 9457 problem details: every error the API gives is one of these, never a traceback."""

from __future__ import annotations

import logging

import redis
from flask import Flask, Response, current_app, has_request_context, json, request
from flask_babel import gettext, lazy_gettext
from werkzeug.exceptions import HTTPException, InternalServerError

import languages
from api.languages import request_language

PROBLEM_MEDIA_TYPE = "application/problem+json"
TYPE_BASE = "https://referee.example/problems/"

log = logging.getLogger(__name__)
# What Redis says when it takes no writes for now (also inside a script's error).
REFUSED_WRITES = ("NOREPLICAS", "READONLY", "read only replica")
# The HTTP errors the framework raises, as a person reads them: the English title is
# the status's own name (the ``type`` slug is made from it, so it never changes), and the
# detail is said in another language only when it is the framework's own description.
HTTP_TITLES = {400: lazy_gettext("Bad Request"), 401: lazy_gettext("Unauthorized"),
               403: lazy_gettext("Forbidden"), 404: lazy_gettext("Not Found"),
               405: lazy_gettext("Method Not Allowed"), 406: lazy_gettext("Not Acceptable"),
               409: lazy_gettext("Conflict"), 413: lazy_gettext("Request Entity Too Large"),
               415: lazy_gettext("Unsupported Media Type"),
               422: lazy_gettext("Unprocessable Entity"),
               429: lazy_gettext("Too Many Requests"),
               500: lazy_gettext("Internal Server Error"),
               503: lazy_gettext("Service Unavailable")}
HTTP_DETAILS = {
    400: lazy_gettext("The request cannot be understood."),
    401: lazy_gettext("The request needs credentials this server accepts."),
    403: lazy_gettext("You may not see this."),
    404: lazy_gettext("Nothing is at this address: check it, or go back to the home page."),
    405: lazy_gettext("This address does not take that method."),
    406: lazy_gettext("This address has no answer in a form the request accepts."),
    413: lazy_gettext("The request is larger than this server takes."),
    415: lazy_gettext("This server does not take the request in that form."),
    429: lazy_gettext("Too many requests in a short time: wait a little and try again."),
    500: lazy_gettext("Something went wrong on the server: the request was not carried out."),
    503: lazy_gettext("The service is briefly unavailable: try again shortly."),
}


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


def wants_html() -> bool:
    """Whether the client (a browser) prefers an HTML page to a JSON document."""
    accepted = request.accept_mimetypes
    return accepted.best_match(("text/html", "application/json")) == "text/html" \
        and accepted["text/html"] > accepted[PROBLEM_MEDIA_TYPE]


def problem_response(problem: Problem, headers: dict | None = None) -> Response:
    """Render a ``Problem`` as an ``application/problem+json`` response, or as the page
    the app registered under ``referee_problem_page`` when the client asked for HTML."""
    page = current_app.extensions.get("referee_problem_page") if has_request_context() \
        else None
    if page is not None and wants_html():
        response = page(problem)
        for name, value in (headers or {}).items():
            response.headers[name] = value
        return response
    body = {"type": TYPE_BASE + problem.slug, "title": str(problem.title),
            "status": problem.status}
    if problem.detail:
        body["detail"] = str(problem.detail)
    body.update(problem.extra)
    response = Response(json.dumps(body), status=problem.status, mimetype=PROBLEM_MEDIA_TYPE)
    for name, value in (headers or {}).items():
        response.headers[name] = value
    return response


def _from_http_exception(err: HTTPException) -> Response:
    slug = (err.name or "error").lower().replace(" ", "-")
    title, detail = err.name, err.description or ""
    if not _in_english():  # in English the framework's own words, as they always were
        title = str(HTTP_TITLES.get(err.code, title))
        if detail == type(err).description and err.code in HTTP_DETAILS:
            detail = str(HTTP_DETAILS[err.code])  # not when whoever raised it gave words
    extra = {}
    # flask-smorest / webargs put validation messages on ``data``.
    messages = getattr(err, "data", {}).get("messages") if hasattr(err, "data") else None
    if messages:
        extra["errors"] = messages
    headers = dict(err.get_headers()) if err.code in (405, 429) else {}
    headers.pop("Content-Type", None)
    return problem_response(
        Problem(err.code or 500, slug, title, detail, **extra), headers
    )


def _in_english() -> bool:
    return not has_request_context() or request_language() == languages.ENGLISH


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
            Problem(503, "service-unavailable", gettext("The service is briefly unavailable"),
                    gettext("its database is not reachable; try again shortly")),
            {"Retry-After": "5"})

    @app.errorhandler(redis.ResponseError)
    def _redis_refused(err: redis.ResponseError):
        # A primary without enough replicas (min-replicas-to-write), or a former primary
        # now a replica after a failover, refuses writes for a while: try again.
        if not any(word in str(err) for word in REFUSED_WRITES):
            log.exception("unhandled Redis error")
            return _from_http_exception(InternalServerError())
        log.warning("Redis refuses writes: %s", err)
        return problem_response(
            Problem(503, "service-unavailable", gettext("The service is briefly unavailable"),
                    gettext("its database takes no writes just now (a failover, or no "
                            "replica to copy them); try again shortly")),
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
