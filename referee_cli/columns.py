"""Text in a terminal's columns: a Chinese character takes two cells, a Latin letter one, so
a column is padded to the cells its text takes, not to its number of characters."""

from __future__ import annotations

from unicodedata import east_asian_width


def cells(text) -> int:
    """How many terminal cells ``text`` takes (wide and full-width characters take two)."""
    return sum(2 if east_asian_width(c) in "WF" else 1 for c in str(text))


def left(text, size: int) -> str:
    """``text`` padded on the right to ``size`` cells (as ``str.ljust`` for Latin text)."""
    text = str(text)
    return text + " " * max(size - cells(text), 0)


def right(text, size: int) -> str:
    """``text`` padded on the left to ``size`` cells (as ``str.rjust`` for Latin text)."""
    text = str(text)
    return " " * max(size - cells(text), 0) + text
