"""The shapes of Coimbra log events, checked before replay.

Only the JSON shape and the die notation are checked here (every problem in one pass);
whether an event is allowed by the rules is the engine's question.
"""

from __future__ import annotations

import difflib
import re
from functools import lru_cache

from replay.core.problems import InvalidLog, LogProblem
from replay.core.words import article

DIE = re.compile(r"^([a-z]+)(\d+)$")
COLOURS = ("gray", "orange", "purple", "green", "white")
COLOUR_ALIASES = {"grey": "gray", "yellow": "orange"}


def _is_str(value) -> bool:
    return isinstance(value, str)


def _is_int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _str_list(value) -> bool:
    return isinstance(value, list) and all(_is_str(v) for v in value)


def _str_map(value) -> bool:
    return isinstance(value, dict) and all(_is_str(v) for v in value.values())


def _claims(value) -> bool:
    return isinstance(value, dict) and all(_is_int(v) or _is_str(v) for v in value.values())


def _counts(value) -> bool:
    return isinstance(value, dict) and all(_is_int(v) and v >= 0 for v in value.values())


def _scores(value) -> bool:
    return isinstance(value, dict) and all(_is_int(v) for v in value.values())


def _pairs(value) -> bool:
    return isinstance(value, list) and all(_str_list(p) and len(p) == 2 for p in value)


def _pair(value) -> bool:
    return _str_list(value) and len(value) == 2


# kind name -> (test, what is expected)
KINDS = {
    "str": (_is_str, "a string"),
    "int": (_is_int, "an integer"),
    "die": (_is_str, "a die such as gray5"),
    "dice": (_str_list, "a list of dice such as [\"gray5\", \"white2\"]"),
    "strs": (_str_list, "a list of strings"),
    "pair": (_pair, "a pair of two ids"),
    "pairs": (_pairs, "a list of [id, id] pairs"),
    "str_map": (_str_map, "an object of strings"),
    "claims": (_claims, "an object of numbers (or a place, for pilgrim)"),
    "counts": (_counts, "an object of whole numbers, none negative"),
    "scores": (_scores, "an object of whole numbers"),
}

# event type -> {field: (kind, required)}
EVENTS: dict[str, dict[str, tuple[str, bool]]] = {
    "setup": {"order": ("strs", True), "monasteries": ("str_map", True),
              "voyages": ("strs", True), "scoring_tiles": ("str_map", True),
              "start_pairs": ("pairs", True)},
    "start": {"player": ("str", True), "pair": ("pair", False), "corner": ("str", False)},
    "deal": {"round": ("int", True), "upper": ("strs", True), "central": ("strs", True),
             "lower": ("strs", True)},
    "roll": {"dice": ("dice", True)},
    "place": {"player": ("str", True), "die": ("die", True), "to": ("str", True)},
    "favor": {"player": ("str", True), "tile": ("str", True), "die": ("die", False)},
    "recruit": {"player": ("str", True), "card": ("str", True), "die": ("die", False),
                "pay": ("counts", False)},
    "distress": {"player": ("str", True), "coins": ("int", False), "guards": ("int", False),
                 "die": ("die", False)},
    "income": {"player": ("str", True), "die": ("die", True), "track": ("str", False)},
    "move": {"player": ("str", True), "path": ("strs", True)},
    "invest": {"player": ("str", True), "voyage": ("str", True)},
    "pass": {"player": ("str", True)},
    "check": {"player": ("str", True), "values": ("claims", True)},
    "marker": {"round": ("int", False), "phase": ("str", False)},
    "final": {"scores": ("scores", True)},
}


@lru_cache(maxsize=1024)
def normalise_die(text: str) -> tuple[str | None, str | None]:
    """``(die, warning)`` for a die's text, or ``(None, problem)`` when it is not a die."""
    match = DIE.match(text.strip().lower())
    if not match:
        return None, f"{text!r} is not a die (a colour and a value, e.g. gray5)"
    colour, value = match.groups()
    warning = None
    if colour in COLOUR_ALIASES:
        warning = f"{text!r} read as {COLOUR_ALIASES[colour]}{value}"
        colour = COLOUR_ALIASES[colour]
    elif text != text.strip().lower():
        warning = f"{text!r} read as {colour}{value}"
    if colour not in COLOURS:
        close = difflib.get_close_matches(colour, COLOURS + tuple(COLOUR_ALIASES), n=2)
        hint = f" (did you mean {' or '.join(close)}?)" if close else ""
        return None, f"unknown die colour {colour!r}{hint}"
    return f"{colour}{int(value)}", warning


# event type -> ((field, test, expected, required, is a die list, is one die), ...)
_COMPILED = {
    kind: tuple((name, *KINDS[field_kind], required, field_kind == "dice", field_kind == "die")
                for name, (field_kind, required) in spec.items())
    for kind, spec in EVENTS.items()
}
_ALLOWED = {kind: frozenset(spec) | {"type", "comment"} for kind, spec in EVENTS.items()}


def check_events(events: list[dict]) -> tuple[list[dict], list[dict]]:
    """Shape-check every event; return the events with dice normalised, and warnings.

    The input events are not changed: an event whose dice were spelt otherwise is copied.
    Raises ``InvalidLog`` listing every shape problem found.
    """
    problems: list[LogProblem] = []
    warnings: list[dict] = []
    normalised: list[dict] = []
    for index, event in enumerate(events):
        kind = event.get("type")
        fields = _COMPILED.get(kind)
        if fields is None:
            problems.append(LogProblem(
                f"unknown event type {kind!r}", path=f"/events/{index}/type",
                expected=", ".join(EVENTS),
                suggestions=tuple(difflib.get_close_matches(str(kind), EVENTS, n=3))))
            continue
        for name, test, expected, required, many, one in fields:
            if name not in event:
                if required:
                    problems.append(LogProblem(f"{article(kind)} {kind} event needs {name!r}",
                                               path=f"/events/{index}/{name}"))
                continue
            value = event[name]
            if not test(value):
                problems.append(LogProblem(f"{name!r} must be {expected}",
                                           path=f"/events/{index}/{name}", expected=expected))
            elif one or many:
                texts = value if many else (value,)
                dice = [_die(text, f"/events/{index}/{name}" + (f"/{i}" if many else ""),
                             index, problems, warnings) for i, text in enumerate(texts)]
                if dice != list(texts):
                    event = {**event, name: dice if many else dice[0]}
        extra = event.keys() - _ALLOWED[kind]
        for name in sorted(extra):
            problems.append(LogProblem(f"{article(kind)} {kind} event has no field {name!r}",
                                       path=f"/events/{index}/{name}",
                                       expected=", ".join(EVENTS[kind])))
        normalised.append(event)
    if problems:
        raise InvalidLog(problems)
    return normalised, warnings


def _die(text: str, path: str, index: int, problems: list, warnings: list) -> str | None:
    """The normalised die, recording a problem or a leniency warning for its spelling."""
    die, note = normalise_die(text)
    if die is None:
        problems.append(LogProblem(note, path=path, expected="a die such as gray5"))
    elif note:
        warnings.append({"event": index, "path": path, "message": note})
    return die
