"""Coimbra's dice as written in a log: a colour and a value, such as ``gray5``."""

from __future__ import annotations

import difflib
import re
from functools import lru_cache

from replay.core.speech import say
from replay.core.words import alternatives

# A die's value in ASCII digits (not ``\d``, which takes other scripts' digits), at most 4:
# a longer number is no die, and past 4300 digits ``int`` would refuse it with an exception.
DIE = re.compile(r"^([a-z]+)([0-9]{1,4})$")
COLOURS = ("gray", "orange", "purple", "green", "white")
# The colours as words in a message ("3 gray").
COLOUR_NAMES = {"gray": say("gray"), "orange": say("orange"), "purple": say("purple"),
                "green": say("green"), "white": say("white")}
COLOUR_ALIASES = {"grey": "gray", "yellow": "orange"}
DIE_EXAMPLE = say("a die such as gray5")


@lru_cache(maxsize=1024)
def normalise_die(text: str) -> tuple[str | None, str | None]:
    """``(die, warning)`` for a die's text, or ``(None, problem)`` when it is not a die."""
    match = DIE.match(text.strip().lower())
    if not match:
        return None, say("{text} is not a die (a colour and a value, e.g. gray5)",
                         text=repr(text))
    colour, value = match.groups()
    warning = None
    if colour in COLOUR_ALIASES:
        read = COLOUR_ALIASES[colour] + value
        warning = say("{written} read as {read}", written=repr(text), read=read)
        colour = COLOUR_ALIASES[colour]
    elif text != text.strip().lower():
        read = colour + value
        warning = say("{written} read as {read}", written=repr(text), read=read)
    if colour not in COLOURS:
        close = difflib.get_close_matches(colour, COLOURS + tuple(COLOUR_ALIASES), n=2)
        if close:
            return None, say("unknown die colour {colour} (did you mean {close}?)",
                             colour=repr(colour), close=alternatives(close))
        return None, say("unknown die colour {colour}", colour=repr(colour))
    return f"{colour}{int(value)}", warning


# Parts of a die as the engine reads it (a checked die is a colour and a number): looked up
# at every roll, place and income, so each die's text is split once.
@lru_cache(maxsize=1024)
def die_colour(die: str) -> str:
    """The colour of a die: ``gray`` for ``gray5``."""
    return die.rstrip("0123456789")


@lru_cache(maxsize=1024)
def die_value(die: str) -> int:
    """The number a die shows: ``5`` for ``gray5``."""
    return int(die.lstrip("abcdefghijklmnopqrstuvwxyz"))
