"""The reader's language in a rendering: its tag, its numbers, and texts said again in it.

The language is the one the current context speaks (``replay.core.speech.speaking``): its
catalog names itself, so a page and the command line need set nothing more than the
translator for a report to say its ``lang`` and write its numbers the reader's way.
"""

from __future__ import annotations

from babel.numbers import format_decimal

from languages import ENGLISH, supported
from replay.core.speech import Phrase, say_again, spoken_language, tr


def language() -> str:
    """The language being spoken (``en``, ``zh_Hans``): as its catalog's header names it,
    else as its translation of its own tag says."""
    # TRANSLATORS: not a sentence: the language tag of this catalog (zh-Hans), for <html lang>.
    return supported(spoken_language()) or supported(tr("en")) or ENGLISH


def html_language() -> str:
    """The BCP 47 tag of the language being spoken, for an ``lang`` attribute."""
    return language().replace("_", "-")


def number(value) -> str:
    """A whole or decimal number as the reader writes it; anything else as text. English
    numbers stay as Python writes them, so an English report is the same file it was."""
    if isinstance(value, bool) or not isinstance(value, int | float) \
            or language() == ENGLISH:
        return str(value)
    return format_decimal(value, locale=language())


def joined(items) -> str:
    """Items one after another as the reader's language lists them (``a, b``; ``a、b``)."""
    return tr(", ").join(str(item) for item in items)


def again(text):
    """A text the game or the engine wrote, in the reader's language: a phrase said again
    from its words, a fixed text looked up; anything that is not text left as it is."""
    if isinstance(text, Phrase):
        return say_again(text)
    return tr(text) if isinstance(text, str) and text else text
