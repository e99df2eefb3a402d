"""Reading input files with located messages instead of tracebacks."""

from __future__ import annotations

import json
from pathlib import Path

import click

EXIT_UNREADABLE = 2


class UnreadableInput(click.ClickException):
    """Input that cannot be read at all: exit code 2, with a located message."""

    exit_code = EXIT_UNREADABLE


def read_json(path: Path) -> object:
    """Decode a JSON file, or raise ``UnreadableInput`` naming the line and column."""
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as err:
        line, column = getattr(err, "lineno", "?"), getattr(err, "colno", "?")
        raise UnreadableInput(
            f"{path}:{line}:{column}: not valid JSON: {getattr(err, 'msg', err)}"
        ) from None
