"""Reading input files with located messages instead of tracebacks."""

from __future__ import annotations

from pathlib import Path

import click

from replay.core.logs.jsontext import load_json
from replay.core.logs.problems import InvalidLog
from replay.core.speech import message

EXIT_UNREADABLE = 2


class UnreadableInput(click.ClickException):
    """Input that cannot be read at all: exit code 2, with a located message."""

    exit_code = EXIT_UNREADABLE


def read_json(path: Path) -> object:
    """Decode a JSON file, or raise ``UnreadableInput`` naming the line and column."""
    try:
        return load_json(path.read_bytes())
    except InvalidLog as err:
        [problem] = err.problems
        raise UnreadableInput(f"{path}:{problem.line}:{problem.column}: "
                              f"{message({'message': problem.message})}") from None
