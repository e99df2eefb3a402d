"""Serving a stored report as JSON, Markdown or HTML, with a strong ETag."""

from __future__ import annotations

import hashlib
import json

from flask import Response, request
from flask_babel import gettext

from api.problems import Problem

MEDIA_TYPES = {"application/json": "json", "text/markdown": "md", "text/html": "html"}
# The HTML report is one self-contained page with inline CSS and nothing else: no script,
# image, frame or form may run or load in it, whatever text a log smuggled in.
HTML_POLICY = ("default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; "
               "form-action 'none'; frame-ancestors 'none'")
ETAG_HEADER = {"ETag": {"description": "strong validator of the bytes served",
                        "schema": {"type": "string"}}}
REPORT_HEADERS = [
    {"in": "header", "name": "Accept", "required": False,
     "description": "the format: JSON (default), Markdown or HTML",
     "schema": {"type": "string", "default": "application/json"}},
    {"in": "header", "name": "If-None-Match", "required": False,
     "description": "an ETag from an earlier answer: 304 while the bytes are the same",
     "schema": {"type": "string"}},
]
REPORT_RESPONSES = {
    "200": {"description": "The report", "headers": ETAG_HEADER, "content": {
        "application/json": {"schema": {"$ref": "#/components/schemas/Report"}},
        "text/markdown": {"schema": {"type": "string"}},
        "text/html": {"schema": {"type": "string"}}}},
    "304": {"description": "Not modified (If-None-Match)", "headers": ETAG_HEADER},
    "404": {"description": "No such replay", "content": {
        "application/problem+json": {"schema": {"$ref": "#/components/schemas/Problem"}}}},
    "406": {"description": "No acceptable format", "content": {
        "application/problem+json": {"schema": {"$ref": "#/components/schemas/Problem"}}}},
    "409": {"description": "No report yet", "content": {
        "application/problem+json": {"schema": {"$ref": "#/components/schemas/Problem"}}}},
}


def text_responses(media: str) -> dict:
    """The answers of a route that serves the report in one text format."""
    return {**REPORT_RESPONSES, "200": {
        "description": "The report", "headers": ETAG_HEADER,
        "content": {media: {"schema": {"type": "string"}}}}}


def respond(record: dict, report_text: str | None, media: str | None = None,
            drawn: dict | None = None) -> Response:
    """The report as ``media``, or in the format the client accepts; 304 when its ETag
    still matches. ``drawn``: what a replay of the log added for a page (the board at the
    end, interim points), passed to the Markdown and HTML renderings (JSON is the report
    as it is)."""
    if record["status"] != "done" or report_text is None:
        raise Problem(409, "report-not-ready", gettext("The report is not ready"),
                      gettext("the replay is %(status)s", status=record["status"]),
                      headers={"Retry-After": 1},
                      failure=record.get("failure"))
    # No Accept header means anything goes: JSON, the report's own form.
    if media is None:
        media = request.accept_mimetypes.best_match(list(MEDIA_TYPES), default=None) \
            if request.accept_mimetypes else "application/json"
    if media is None:
        raise Problem(406, "not-acceptable", gettext("No acceptable format"),
                      gettext("the report is application/json, text/markdown or text/html"))
    from replay.render import RENDERERS

    fmt = MEDIA_TYPES[media]
    report = json.loads(report_text)
    body = (RENDERERS[fmt](report) if fmt == "json" or not drawn else
            RENDERERS[fmt](report, **drawn)).encode()
    etag = hashlib.sha256(body).hexdigest()
    response = Response(body, mimetype=media)
    response.set_etag(etag)
    response.headers["Vary"] = "Accept"
    response.headers["X-Content-Type-Options"] = "nosniff"
    if media == "text/html":
        response.headers["Content-Security-Policy"] = HTML_POLICY
    return response.make_conditional(request)
