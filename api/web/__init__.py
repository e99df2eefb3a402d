"""Pages for people: players at the table, a judge with a dispute, the tournament desk.

Server-rendered Jinja templates over the same functions the API uses (so an upload meets
the same checks and limits as an API body); small scripts only add live progress and the
step-through slider, and every page works without them. Signing in opens a server-side
session (``api.sessions``) whose id only lives in the session cookie (HttpOnly,
SameSite=Lax); every form carries a CSRF token (Flask-WTF), checked on every POST to these
pages.
"""

from __future__ import annotations

import os
import secrets
from datetime import UTC, datetime

from flask import Blueprint, Flask, request
from flask_wtf.csrf import CSRFProtect

from api.auth import WEB_PAGES

bp = Blueprint(WEB_PAGES, __name__, template_folder="templates", static_folder="static",
               static_url_path="/assets")
csrf = CSRFProtect()

# Scripts and styles only from this origin; forms post only here; no framing.
PAGE_POLICY = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
               "object-src 'none'; base-uri 'none'; form-action 'self'; "
               "frame-ancestors 'none'")


@bp.after_request
def page_headers(response):
    """Headers every HTML page carries: its content policy, no sniffing, no referrer."""
    if response.mimetype == "text/html":
        response.headers["Content-Security-Policy"] = PAGE_POLICY
        response.headers["X-Content-Type-Options"] = "nosniff"
        response.headers["Referrer-Policy"] = "same-origin"
    return response


def install_web(app: Flask) -> None:
    """Register the pages, their session secret and CSRF checks, and HTML error pages."""
    # Sessions are signed with REFEREE_SECRET_KEY; without it each process makes its own,
    # so a restart signs everyone out (set it when several processes serve the pages).
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = os.environ.get("REFEREE_SECRET_KEY") \
            or secrets.token_urlsafe(32)
    app.config.update(SESSION_COOKIE_HTTPONLY=True, SESSION_COOKIE_SAMESITE="Lax",
                      WTF_CSRF_CHECK_DEFAULT=False, WTF_CSRF_TIME_LIMIT=None,
                      # a pasted log may be as long as an API body
                      MAX_FORM_MEMORY_SIZE=app.config["MAX_CONTENT_LENGTH"])
    csrf.init_app(app)
    app.register_blueprint(bp)
    app.extensions["referee_problem_page"] = problem_page


@bp.app_template_filter("utc")
def _utc(seconds: float) -> str:
    return datetime.fromtimestamp(seconds, UTC).strftime("%Y-%m-%d %H:%M")


@bp.before_request
def _check_csrf():
    if request.method not in ("GET", "HEAD", "OPTIONS"):
        csrf.protect()


from api.web import (  # noqa: E402  (the views register themselves on ``bp``)
    catalog_pages,
    dispute_pages,
    recorder_pages,
    replay_pages,
    scoresheet_pages,
    session_pages,
    step_pages,
    submit_pages,
    tournament_pages,
)
from api.web.errors import problem_page  # noqa: E402

__all__ = ["bp", "catalog_pages", "dispute_pages", "install_web", "page_headers",
           "recorder_pages", "replay_pages", "scoresheet_pages", "session_pages", "step_pages",
           "submit_pages", "tournament_pages"]
