"""Reading input files with located messages instead of tracebacks."""

from __future__ import annotations

from pathlib import Path

import click

from replay.core.logs.jsontext import load_json
from replay.core.logs.problems import InvalidLog
from replay.core.speech import message, tr

EXIT_UNREADABLE = 2


class UnreadableInput(click.ClickException):
    """Input that cannot be read at all: exit code 2, with a located message."""

    exit_code = EXIT_UNREADABLE


def read_text(path: Path) -> str:
    """A text file's contents, or ``UnreadableInput`` saying where it is not UTF-8."""
    try:
        return path.read_text(encoding="utf-8")
    except UnicodeDecodeError as err:
        raise UnreadableInput(tr("{path}: not UTF-8 text ({reason} at byte {start})", path=path,
                                 reason=err.reason, start=err.start)) from None


def read_json(path: Path) -> object:
    """Decode a JSON file, or raise ``UnreadableInput`` naming the line and column."""
    try:
        return load_json(path.read_bytes())
    except InvalidLog as err:
        [problem] = err.problems
        raise UnreadableInput(f"{path}:{problem.line}:{problem.column}: "
                              f"{message({'message': problem.message})}") from None
