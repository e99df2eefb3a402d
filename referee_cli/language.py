"""The language the command line speaks: ``--lang``, else the environment's locale.

Every command runs inside ``speaking(...)`` (``replay.core.speech``): the group chooses the
locale's language (``LANGUAGE``, then the first of ``LC_ALL``, ``LC_MESSAGES`` and ``LANG``
that is set, as gettext reads them), and a command's ``--lang`` overrides it. What a person
reads follows it; JSON output does not change with it.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping

import click

import languages
from replay.core.speech import speaking, tr

LOCALE_VARIABLES = ("LC_ALL", "LC_MESSAGES", "LANG")


def environment_language(environ: Mapping[str, str] = os.environ) -> str:
    """The supported language the environment's locale asks for (English by default).

    ``LANGUAGE`` lists languages, most wanted first (``zh_CN:en``); after it, the first of
    ``LC_ALL``, ``LC_MESSAGES`` and ``LANG`` that is set is the locale (``C`` is English).
    """
    wanted = [tag for tag in environ.get("LANGUAGE", "").split(":") if tag]
    locale = next((environ[name] for name in LOCALE_VARIABLES if environ.get(name)), None)
    return languages.choose([*wanted, locale])


def speak_environment_language(context: click.Context) -> None:
    """From now until ``context`` closes, speak the environment's language."""
    context.with_resource(speaking(languages.translations(environment_language())))


def _speak(context: click.Context, _parameter, value: str | None) -> None:
    if value is None:
        return
    language = languages.supported(value)
    if language is None:
        raise click.BadParameter(tr("{value} is not a language the referee speaks ({known})",
                                    value=repr(value), known=", ".join(languages.NAMES)))
    context.with_resource(speaking(languages.translations(language)))


def lang_option(command: Callable) -> Callable:
    """``--lang``: the language of what the command prints or writes for people."""
    return click.option(
        "--lang", metavar="LANGUAGE", callback=_speak, expose_value=False, is_eager=True,
        help="The language of the reports and messages: en or zh_Hans (default: the "
             "locale's, LANGUAGE, LC_ALL, LC_MESSAGES or LANG; else English). JSON output "
             "is the same in every language.")(command)
