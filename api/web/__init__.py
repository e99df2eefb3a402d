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
from flask_babel import format_datetime, format_number, gettext
from flask_wtf.csrf import CSRFProtect

import languages
from api import effect_forms
from api.auth import WEB_PAGES
from api.languages import request_language
from replay.core.speech import message
from replay.games import GAMES

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
    """A stored time in UTC, as the reader's locale writes a date and a time."""
    moment = datetime.fromtimestamp(seconds, UTC)
    if request_language() == languages.ENGLISH:
        return moment.strftime("%Y-%m-%d %H:%M")  # the pages' English form, as before
    return format_datetime(moment, "short", rebase=False)


@bp.app_template_filter("game_title")
def game_title(name: object) -> str:
    """A game as a person reads it: its registered title in the reader's language
    (``viscounts``: Viscounts of the West Kingdom, 西國子爵); a name no game is registered
    under as it is, nothing as an empty text."""
    game = GAMES.find(name)
    return gettext(game.title) if game is not None else "" if name is None else str(name)


@bp.app_template_filter("number")
def _number(value):
    """A count as the reader's locale writes it; anything not a number left as it is."""
    if isinstance(value, int | float) and not isinstance(value, bool):
        return format_number(value)
    return value


@bp.app_template_global("message_of")
def _message_of(item: dict, name: str = "message") -> str:
    """A report item's ``message`` (or ``expected``, ``found``) in the reader's language:
    said again from its stored words; in English the text as the engine wrote it."""
    text = item.get(name)
    if request_language() == languages.ENGLISH or not isinstance(text, str | None):
        return "" if text is None else str(text)
    return message(item, name)


@bp.app_template_global("printed_name")
def _printed_name(item: dict) -> str | None:
    """A component's name as the reader's edition prints it (``item["names"]``, by
    language), else its English printed name (``item["name"]``); None when it has none."""
    return (item.get("names") or {}).get(request_language()) or item.get("name")


@bp.app_template_global("translated")
def _translated(text):
    """A fixed English text a page holds in a variable (a rule statement, a game's table
    heading), in the reader's language: looked up in the catalogs, and escaped like any
    value (``_()`` in a template would take it as markup). Not text: left as it is."""
    return gettext(text) if isinstance(text, str) and text else text or ""


@bp.app_template_global("effect_boxes")
def _effect_boxes(game: str, asked: dict, entered: dict) -> dict:
    """The effect form of an effect the component form asks (``asked``: one of its
    ``areas[].asked``), with what was posted kept (``entered``: the form's fields)."""
    posted = {key[2:]: value for key, value in entered.items() if key.startswith("v-")}
    return effect_forms.form(effect_forms.Shape(game, asked["effect"] == "many"),
                             asked["field"], asked["stand_in_value"], posted)


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
from api.web.report_view import failure_title, mode_word, status_word, verdict_word  # noqa: E402
from api.web.script_words import script_words  # noqa: E402

for _word in (failure_title, mode_word, script_words, status_word, verdict_word):
    bp.add_app_template_global(_word)

__all__ = ["bp", "catalog_pages", "dispute_pages", "install_web", "page_headers",
           "recorder_pages", "replay_pages", "scoresheet_pages", "session_pages", "step_pages",
           "submit_pages", "tournament_pages"]
