"""The end every game's text notation shares: the events read line by line become a log."""

from __future__ import annotations

import json
from collections.abc import Mapping

from replay.core.logs.log import GameLog, at_tag_lines, load_log
from replay.core.logs.problems import InvalidLog, LogProblem
from replay.core.logs.text import TextSource
from replay.core.protocol.shapes import FieldKind, check_shapes
from replay.core.speech import say


def finish_text_log(source: TextSource, header: dict, events: list[dict],
                    positions: list[tuple[int, int]], event_specs: Mapping,
                    field_kinds: Mapping[str, FieldKind]) -> tuple[GameLog, list[dict]]:
    """The log of a read text, with each event's position, and the leniency warnings.

    Raises ``InvalidLog`` with every problem of ``source`` (and every event the game's specs
    find incomplete, at its line), in line order.
    """
    position = _position(source, header)
    source.problems += _shape_problems(events, positions, source, event_specs, field_kinds)
    if source.problems:
        raise InvalidLog(sorted(source.problems, key=lambda p: (p.line or 0, p.column or 0)))
    try:
        log = load_log({"header": header, "events": events})
    except InvalidLog as err:
        raise InvalidLog(at_tag_lines(err.problems, source.tag_lines)) from None
    log.positions = positions
    log.tag_lines = source.tag_lines
    log.components = source.components
    log.component_lines = source.component_lines
    log.position = position
    log.warnings = source.warnings
    return log, source.warnings


def _position(source: TextSource, header: dict) -> dict | None:
    """The ``[position "..."]`` tag: the JSON of the table the events start from."""
    text = header["metadata"].pop("position", None)
    if text is None:
        return None
    try:
        position = json.loads(text)
    except ValueError as err:
        position = None
        message = say("the position tag holds JSON: {reason}", reason=str(err))
    else:
        message = say("the position tag holds a JSON object")
    if isinstance(position, dict):
        return position
    line, raw = source.tag_lines["position"]
    source.problems.append(LogProblem(message, line=line, column=1, text=raw))
    return None


def _shape_problems(events: list[dict], positions: list[tuple[int, int]], source: TextSource,
                    event_specs: Mapping, field_kinds: Mapping[str, FieldKind]
                    ) -> list[LogProblem]:
    """Lines that read well but make an incomplete event (a required field missing)."""
    try:
        check_shapes(events, event_specs, field_kinds)
    except InvalidLog as err:
        raws = {line.number: line.raw for line in source.lines}
        located = []
        for problem in err.problems:
            index = int(problem.path.split("/")[2])
            line, column = positions[index]
            located.append(LogProblem(problem.message, line=line, column=column,
                                      expected=problem.expected, text=raws.get(line)))
        return located
    return []
