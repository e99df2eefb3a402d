"""Signing in with an API key (a server-side session; the cookie holds its id) and out;
pages that need a key."""

from __future__ import annotations

from urllib.parse import urlsplit

from flask import current_app, g, redirect, render_template, request, session, url_for
from flask_babel import gettext

from api.auth import client_for
from api.problems import Problem
from api.sessions import SESSION_ID, close_session, open_session
from api.web import bp

# Pages anyone may open: the rest ask for a key when keys are configured.
OPEN_PAGES = {"web.home", "web.login", "web.static", "web.guide"}


def keys_configured() -> bool:
    """Whether the service has API keys (else it is open and nobody signs in)."""
    return bool(current_app.config["API_KEYS"])


@bp.app_context_processor
def _page_globals() -> dict:
    return {"signed_in_as": g.get("client"), "keys_configured": keys_configured()}


@bp.before_request
def _require_sign_in():
    if g.client is not None or request.endpoint in OPEN_PAGES:
        return None
    if session.get(SESSION_ID) is not None:  # signed out elsewhere, expired, or key removed
        session.pop(SESSION_ID)
        raise Problem(401, "unauthorized", gettext("This session has ended"),
                      gettext("sign in again with a valid key"))
    return redirect(url_for("web.login", next=request.full_path))


def _safe_next(target: str | None) -> str:
    # Only a path on this site: a crafted link must not send people elsewhere.
    parts = urlsplit(target or "")
    # "//host" and "/\host" are read by browsers as another site.
    if parts.scheme or parts.netloc or not parts.path.startswith("/") \
            or target.startswith(("//", "/\\")):
        return url_for("web.home")
    return target


@bp.route("/login", methods=["GET", "POST"])
def login():
    """The sign-in form; a valid key opens a server-side session, whose id only is kept
    in the HttpOnly session cookie."""
    target = _safe_next(request.values.get("next"))
    if request.method == "GET":
        return render_template("login.html", next=target)
    key = request.form.get("key", "").strip()
    client = client_for(key, current_app.config["API_KEYS"]) if key else None
    if client is None:
        return render_template("login.html", next=target,
                               error=gettext("This API key is not known.")), 401
    _end_session()  # a fresh session (and CSRF token) for the signed-in client
    session[SESSION_ID] = open_session(_redis(), key)
    return redirect(target)


@bp.route("/logout", methods=["POST"])
def logout():
    """End the session on the server (every copy of its cookie) and clear the cookie."""
    _end_session()
    return redirect(url_for("web.home"))


def _redis():
    return current_app.extensions["referee_redis"]


def _end_session() -> None:
    if session.get(SESSION_ID) is not None:
        close_session(_redis(), session[SESSION_ID])
    session.clear()
