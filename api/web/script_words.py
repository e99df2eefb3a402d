"""The words the pages' scripts write, said by the server in the reader's language.

A script holds no sentence of its own: every page carries the scripts' words as JSON
(``script_words()`` in the base template), and ``static/words.js`` fills their ``{name}``
fields. A text that depends on a count is given for one and for more than one.
"""

from __future__ import annotations

from collections.abc import Callable

from flask_babel import gettext, ngettext
from jinja2.utils import htmlsafe_json_dumps
from markupsafe import Markup


def _for_one_and_more(form: Callable[[int], str]) -> list[str]:
    # The two forms the scripts choose between; the count is filled in by the script.
    return [form(1), form(2)]


def _recorder() -> dict:
    return {
        "queued": gettext("{label} (made on version {version})"),
        "waiting": _for_one_and_more(lambda n: ngettext(
            "{count} tap waits for the network, to be sent in order:",
            "{count} taps wait for the network, to be sent in order:", n)),
        "refused": gettext("Not sent: “{label}” (made on version {version}) was refused: "
                           "{reason}"),
        "not_sent": gettext("These taps were not sent; make them again if they still apply:"),
        "a_change": gettext("a change"),
        "refused_reason": gettext("the referee refused it."),
        "moved_on": gettext("Another phone recorded a change: reload this page to see it "
                            "(what you chose here is not sent yet)."),
    }


def _ask() -> dict:
    return {
        "not_json": gettext("Not JSON yet: {reason}"),
        "items": _for_one_and_more(lambda n: ngettext("{count} item: {items}",
                                                      "{count} items: {items}", n)),
    }


def _scoresheet() -> dict:
    return {
        "matches": gettext("matches"),
        "differs": gettext("worked out {total}, written {written}"),
        "not_scored": gettext("Not scored yet: {problems}"),
        "not_scored_more": gettext("Not scored yet: {problems} (and {count} more)"),
        "scored": gettext("Totals worked out by the referee from what is filled in."),
        "unavailable": gettext("The totals cannot be worked out just now."),
    }


SCRIPTS = (_recorder, _ask, _scoresheet)  # each script's words; their keys differ


def script_words() -> Markup:
    """Every script's words as the JSON block ``words.js`` reads."""
    words = {key: text for script in SCRIPTS for key, text in script().items()}
    return Markup('<script type="application/json" id="script-words">'
                  f"{htmlsafe_json_dumps(words)}</script>")
