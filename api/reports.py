"""Serving a stored report as JSON, Markdown or HTML, with a strong ETag."""

from __future__ import annotations

import hashlib
import json

from flask import Response, request

from api.problems import Problem

MEDIA_TYPES = {"application/json": "json", "text/markdown": "md", "text/html": "html"}
REPORT_RESPONSES = {
    "200": {"description": "The report", "content": {
        "application/json": {"schema": {"$ref": "#/components/schemas/Report"}},
        "text/markdown": {"schema": {"type": "string"}},
        "text/html": {"schema": {"type": "string"}}}},
    "304": {"description": "Not modified (If-None-Match)"},
    "404": {"description": "No such replay", "content": {
        "application/problem+json": {"schema": {"$ref": "#/components/schemas/Problem"}}}},
    "406": {"description": "No acceptable format", "content": {
        "application/problem+json": {"schema": {"$ref": "#/components/schemas/Problem"}}}},
    "409": {"description": "No report yet", "content": {
        "application/problem+json": {"schema": {"$ref": "#/components/schemas/Problem"}}}},
}


def respond(record: dict, report_text: str | None) -> Response:
    """The report in the format the client accepts; 304 when its ETag still matches."""
    if record["status"] != "done" or report_text is None:
        raise Problem(409, "report-not-ready", "The report is not ready",
                      f"the replay is {record['status']}", headers={"Retry-After": 1},
                      failure=record.get("failure"))
    # No Accept header means anything goes: JSON, the report's own form.
    media = request.accept_mimetypes.best_match(list(MEDIA_TYPES), default=None) \
        if request.accept_mimetypes else "application/json"
    if media is None:
        raise Problem(406, "not-acceptable", "No acceptable format",
                      "the report is application/json, text/markdown or text/html")
    from replay.render import RENDERERS

    body = RENDERERS[MEDIA_TYPES[media]](json.loads(report_text)).encode()
    etag = hashlib.sha256(body).hexdigest()
    response = Response(body, mimetype=media)
    response.set_etag(etag)
    response.headers["Vary"] = "Accept"
    if media != "application/json":
        response.charset = "utf-8"
    return response.make_conditional(request)
