"""Event shapes: each event type's fields, checked before replay in one pass.

A game names the kinds of value its fields hold (``FieldKind``); the check here reports
every problem at once with its JSON path, and hands back the events with the values a kind
normalises (a die spelt ``Grey5`` becomes ``gray5``) and a warning for each such change.
Whether an event is allowed by the rules is the engine's question, not this one's.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from itertools import chain
from operator import itemgetter
from typing import TYPE_CHECKING

from replay.core.logs.problems import InvalidLog, LogProblem
from replay.core.speech import Phrase, say
from replay.core.words import article

if TYPE_CHECKING:
    from replay.core.protocol.actions import EventSpec


@dataclass(frozen=True, eq=False)  # one kind is one object: compared and hashed as such
class FieldKind:
    """What a field may hold: a test, the words for it, and an optional normaliser.

    ``normalise(text) -> (value, note)`` turns one written item into its canonical value
    (``value`` None: not valid, ``note`` says why; else ``note`` is a leniency warning or None);
    ``many``: the field is a list of such items. ``plain``: a value of exactly this type
    passes without calling ``test`` (a shortcut for the commonest kinds, checked first);
    ``plain_items``: likewise, a list whose items are all of exactly this type.
    """

    test: Callable[[object], bool]
    expected: str
    normalise: Callable[[str], tuple[str | None, str | None]] | None = None
    item_expected: str = ""
    many: bool = False
    plain: type | None = None
    plain_items: type | None = None


_STR = {str}  # JSON strings are never of a subclass of str


def is_str(value) -> bool:
    """A JSON string."""
    return isinstance(value, str)


def is_int(value) -> bool:
    """A JSON integer (not a boolean)."""
    return isinstance(value, int) and not isinstance(value, bool)


def str_list(value) -> bool:
    """A list of strings."""
    # The item types as a set: one pass in C for the long lists (rolls, paths, deals).
    return isinstance(value, list) and set(map(type, value)) <= _STR


def _str_map(value) -> bool:
    return isinstance(value, dict) and set(map(type, value.values())) <= _STR


def _counts(value) -> bool:
    return isinstance(value, dict) and all(is_int(v) and v >= 0 for v in value.values())


def _scores(value) -> bool:
    return isinstance(value, dict) and all(is_int(v) for v in value.values())


def _pair(value) -> bool:
    return str_list(value) and len(value) == 2


def _pairs(value) -> bool:
    return isinstance(value, list) and all(_pair(p) for p in value)


COMMON_KINDS: dict[str, FieldKind] = {
    "str": FieldKind(is_str, say("a string"), plain=str),
    "int": FieldKind(is_int, say("an integer"), plain=int),
    "strs": FieldKind(str_list, say("a list of strings"), plain_items=str),
    "pair": FieldKind(_pair, say("a pair of two ids")),
    "pairs": FieldKind(_pairs, say("a list of [id, id] pairs")),
    "str_map": FieldKind(_str_map, say("an object of strings")),
    "counts": FieldKind(_counts, say("an object of whole numbers, none negative")),
    "scores": FieldKind(_scores, say("an object of whole numbers")),
}

# What every event may carry besides its declared fields.
ALWAYS_ALLOWED = frozenset({"type", "comment"})


@dataclass(frozen=True)
class _Compiled:
    """An event type's fields resolved to their kinds once, for the per-event loop: each
    field as ``(name, required, plain, test, normalise, kind)``, ``normalise`` None when the
    kind keeps values as written."""

    fields: tuple[tuple[str, bool, type | None, Callable, Callable | None, FieldKind], ...]
    allowed: frozenset[str]
    names: str


_CACHE: dict[int, tuple[Mapping, dict[str, _Compiled]]] = {}


def _compile(specs: Mapping[str, EventSpec], kinds: Mapping[str, FieldKind]) -> dict:
    cached = _CACHE.get(id(specs))
    if cached is not None and cached[0] is specs:
        return cached[1]
    compiled = {
        kind: _Compiled(
            fields=tuple((name, required, kinds[field_kind].plain, kinds[field_kind].test,
                          kinds[field_kind].normalise, kinds[field_kind])
                         for name, (field_kind, required) in spec.fields.items()),
            allowed=frozenset(spec.fields) | ALWAYS_ALLOWED,
            names=", ".join(spec.fields))
        for kind, spec in specs.items()
    }
    _CACHE[id(specs)] = (specs, compiled)
    return compiled


def check_shapes(events: list[dict], specs: Mapping[str, EventSpec],
                 kinds: Mapping[str, FieldKind]) -> tuple[list[dict], list[dict]]:
    """Shape-check every event; return the events with values normalised, and warnings.

    The input events are not changed: an event with a value spelt otherwise is copied.
    Raises ``InvalidLog`` listing every shape problem found.
    """
    compiled = _compile(specs, kinds)
    if _all_kept_as_written(events, compiled):
        return list(events), []
    return _check_each(events, specs, compiled)


def _check_each(events: list[dict], specs: Mapping[str, EventSpec],
                compiled: dict[str, _Compiled]) -> tuple[list[dict], list[dict]]:
    """The check event by event: every problem with its path, every normalised value."""
    problems: list[LogProblem] = []
    warnings: list[dict] = []
    normalised: list[dict] = []
    for index, event in enumerate(events):
        kind = event.get("type")
        spec = compiled.get(kind)
        if spec is None:
            problems.append(LogProblem(
                say("unknown event type {type}", type=repr(kind)), path=f"/events/{index}/type",
                expected=", ".join(specs),
                suggestions=tuple(difflib.get_close_matches(str(kind), specs, n=3))))
            continue
        for name, required, plain, test, normalise, field_kind in spec.fields:
            if name not in event:
                if required:
                    problems.append(LogProblem(
                        say("an {kind} event needs {field}", kind=kind, field=repr(name))
                        if article(kind) == "an" else
                        say("a {kind} event needs {field}", kind=kind, field=repr(name)),
                        path=f"/events/{index}/{name}"))
                continue
            value = event[name]
            if type(value) is plain:
                continue
            if not test(value):
                problems.append(LogProblem(say("{field} must be {kind}", field=repr(name),
                                               kind=field_kind.expected),
                                           path=f"/events/{index}/{name}",
                                           expected=field_kind.expected))
            elif normalise is None:
                continue
            elif field_kind.many:
                items = []
                for i, text in enumerate(value):
                    item, note = normalise(text)
                    if note:
                        _note(field_kind, item, note, index, f"{name}/{i}", problems, warnings)
                    items.append(item)
                if items != value:
                    event = {**event, name: items}
            else:
                item, note = normalise(value)
                if note:
                    _note(field_kind, item, note, index, name, problems, warnings)
                if item != value:
                    event = {**event, name: item}
        if not isinstance(event.get("comment", ""), str):
            problems.append(LogProblem(say("'comment' must be a string"),
                                       path=f"/events/{index}/comment",
                                       expected=say("a string")))
        if not event.keys() <= spec.allowed:
            for name in sorted(event.keys() - spec.allowed):
                problems.append(LogProblem(
                    say("an {kind} event has no field {field}", kind=kind, field=repr(name))
                    if article(kind) == "an" else
                    say("a {kind} event has no field {field}", kind=kind, field=repr(name)),
                    path=f"/events/{index}/{name}",
                                           expected=spec.names))
        normalised.append(event)
    if problems:
        raise InvalidLog(problems)
    return normalised, warnings


def _all_kept_as_written(events: list[dict], compiled: dict[str, _Compiled]) -> bool:
    """Whether every event is well formed and kept exactly as written.

    The usual log is, and saying so takes far less than checking it event by event: the
    fields present are checked once per event type, and the values once per kind over the
    whole log, mostly in C (the types of the values as one set, each distinct value
    normalised once). A no sends the log through the event-by-event check, which says what
    is wrong and where.
    """
    by_kind: dict[object, list[dict]] = {}
    for event in events:
        by_kind.setdefault(event.get("type"), []).append(event)
    # Every value of a kind, whatever its field and event type (the player of every event,
    # the die of every place and income together).
    values_of: dict[FieldKind, list] = {}
    for kind, group in by_kind.items():
        spec = compiled.get(kind)
        if spec is None:
            return False
        keys = set().union(*group)
        if not keys <= spec.allowed:
            return False
        for name, required, *_, field_kind in spec.fields:
            values = values_of.setdefault(field_kind, [])
            if name not in keys:
                if required:
                    return False
            elif required:
                try:
                    values += map(itemgetter(name), group)
                except KeyError:
                    return False
            else:
                values += [event[name] for event in group if name in event]
        if "comment" in keys and not set(
                type(event["comment"]) for event in group if "comment" in event) <= _STR:
            return False
    return all(_values_kept(values, kind) for kind, values in values_of.items())


def _values_kept(values: list, kind: FieldKind) -> bool:
    """Whether every value is of its kind and kept as written (each distinct written item
    normalised once: a log repeats the same few dice and ids)."""
    if kind.normalise is None:
        return set(map(type, values)) <= {kind.plain} or _plain_lists(values, kind) \
            or all(map(kind.test, values))
    if kind.many:
        if not (_plain_lists(values, kind) or all(map(kind.test, values))):
            return False
        values = chain.from_iterable(values)
    try:
        distinct = set(values)
    except TypeError:  # a list where an item was expected: the full check names it
        return False
    if not kind.many and not all(map(kind.test, distinct)):
        return False
    normalise = kind.normalise
    return all(normalise(item) == (item, None) for item in distinct)


def _plain_lists(values: list, kind: FieldKind) -> bool:
    """Whether every value is a list of items of exactly the kind's ``plain_items`` type."""
    return kind.plain_items is not None and set(map(type, values)) <= _LIST \
        and set(map(type, chain.from_iterable(values))) <= {kind.plain_items}


_LIST = {list}


def _note(kind: FieldKind, value: str | None, note: str, index: int, where: str,
          problems: list, warnings: list) -> None:
    """Record what normalising a value said: a problem (no value) or a leniency warning
    (the path, ``/events/{index}/{where}``, is only written out for those)."""
    path = f"/events/{index}/{where}"
    if value is None:
        problems.append(LogProblem(note, path=path, expected=kind.item_expected or None))
    else:
        warning = {"event": index, "path": path, "message": note}
        if isinstance(note, Phrase):
            warning["words"] = {"message": note.words()}
        warnings.append(warning)
