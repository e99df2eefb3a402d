"""The reader's language on every page and rendered report (Flask-Babel over ``languages``).

The language is, first to last: ``?lang=`` (remembered in a cookie for the next pages), the
cookie, the browser's ``Accept-Language``, English. Templates use Flask-Babel's ``_`` and
``ngettext``; the report renderers in ``replay.render`` use ``replay.core.speech``, told the
same catalog at the start of each request. Numbers and dates follow the same locale.
"""

from __future__ import annotations

from urllib.parse import urlencode

from flask import Flask, g, has_request_context, request
from flask_babel import Babel, Domain, get_locale

import languages
from replay.core.speech import speak

COOKIE = "lang"
COOKIE_AGE = 365 * 24 * 3600


def request_language() -> str:
    """The language this request is answered in (see the module's order); English for
    work done outside a request."""
    if not has_request_context():
        return languages.ENGLISH
    if "referee_language" not in g:
        g.referee_language = languages.choose(
            [request.args.get("lang"), request.cookies.get(COOKIE),
             *request.accept_languages.values()])
    return g.referee_language


class CatalogDomain(Domain):
    """Flask-Babel's domain, answered from the project's catalogs (compiled in memory)."""

    def get_translations(self):
        return languages.translations(str(get_locale()))


class RefereeBabel(Babel):
    """Flask-Babel with the one catalog domain of every request."""

    domain_instance = CatalogDomain()


def install_languages(app: Flask) -> None:
    """Choose each request's language, tell both kinds of renderer, remember a switch."""
    app.jinja_env.policies["ext.i18n.trimmed"] = True  # as pybabel extracts (pages.cfg)
    RefereeBabel(app, locale_selector=request_language)

    @app.before_request
    def _speak():
        language = request_language()
        speak(None if language == languages.ENGLISH else languages.translations(language))

    @app.teardown_request
    def _hush(_error):
        speak(None)  # the thread's next work (another request, a test) starts in English

    @app.after_request
    def _remember(response):
        asked = request.args.get("lang")
        if asked and languages.supported(asked):
            response.set_cookie(COOKIE, request_language(), max_age=COOKIE_AGE,
                                samesite="Lax", httponly=True)
        response.vary.add("Accept-Language")
        response.vary.add("Cookie")
        return response

    @app.context_processor
    def _language_switch():
        current = request_language()
        return {"page_language": languages.html_tag(current),
                "language_links": [(code, name, languages.html_tag(code),
                                    _with_language(code), code == current)
                                   for code, name in languages.NAMES.items()]}


def _with_language(code: str) -> str:
    """This page's address asking for ``code``, its other query arguments kept."""
    arguments = [(key, value) for key, value in request.args.items(multi=True)
                 if key != "lang"]
    return f"{request.path}?{urlencode([*arguments, ('lang', code)])}"
