"""Decoding JSON input with a located problem for anything that is not valid JSON."""

from __future__ import annotations

import json

from replay.core.problems import InvalidLog, LogProblem


def load_json(text: str | bytes) -> object:
    """The decoded document, or ``InvalidLog`` with the line and column at fault."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as err:
        problem = LogProblem(f"not valid JSON: {err.msg}", line=err.lineno, column=err.colno)
    except UnicodeDecodeError as err:
        problem = LogProblem(f"not UTF-8 text: {err.reason} at byte {err.start}", line=1,
                             column=1)
    except RecursionError:
        problem = LogProblem("not valid JSON here: arrays or objects nested too deeply",
                             line=1, column=1)
    raise InvalidLog([problem])
