"""Components a log declares: printed values read off the table, used in place of the
catalog's.

A log may declare any value of a catalog entry (a card, a tile, a board space) by the entry's
id and the field's dotted path (``tf-07`` ``cost``; ``pc-3`` ``gain.silver``), in a
``components`` section of its JSON or a ``declare`` line of its text. A declared value
replaces the catalog's when the catalog holds a stand-in there (a placeholder, or any value
of a catalog that is invented as a whole); a declaration that contradicts a value the catalog
holds from a source (the rulebook's text or pictures) is refused, naming both values and the
source (a log declares each value once: a text log that declares one twice, differently, is
refused as it is read). The declared catalog is then checked as a whole by the game's own
catalog checks, like any transcribed catalog.
"""

from __future__ import annotations

import copy
from collections.abc import Iterator
from dataclasses import dataclass

import orjson

from replay.core.logs.problems import InvalidLog, LogProblem
from replay.core.speech import say

# Keys that describe an entry rather than a value the engine reads: never a placeholder,
# and never declared but for ``names`` (the entry's name printed in another language, which
# a log may add: ``_declare_name``).
NAMES = "names"
ENTRY_KEYS = frozenset({"id", "source", "placeholder", "placeholder_fields", "confidence",
                        "note", "confirmed_by", NAMES})
# The source of an entry whose values were all stand-ins until the log declared some.
DECLARED_SOURCE = "declared in the log"


@dataclass(frozen=True)
class Declaration:
    """One value a log declares: the entry, the field's dotted path, the value, and where
    the log says it (a JSON pointer, or a text line and column)."""

    entry: str
    field: str
    value: object
    path: str | None = None
    line: int | None = None
    column: int | None = None
    text: str | None = None  # the line as written, for a located message

    def problem(self, message: str, expected: str | None = None) -> LogProblem:
        """A problem located where the log declares this value."""
        return LogProblem(message, path=self.path, line=self.line, column=self.column,
                          expected=expected, text=self.text)


def copied(declared: tuple[dict, ...]) -> list[dict]:
    """A report's own copy of what a catalog records as declared (JSON data read from a log,
    so a round trip through orjson copies it, several times faster than ``deepcopy``)."""
    return orjson.loads(orjson.dumps(declared))


def from_json(components: dict) -> list[Declaration]:
    """The declarations of a JSON log's ``components`` section (entry id -> field -> value);
    the section's shape was checked when the log was read."""
    return [Declaration(entry, field, value, path=f"/components/{entry}/{field}")
            for entry, values in components.items() for field, value in values.items()]


def iter_entries(document: object, path: str = "") -> Iterator[tuple[str, dict]]:
    """Every entry of a catalog document (an object with an ``id``, meta excluded) with its
    JSON pointer."""
    if isinstance(document, dict):
        if "id" in document and path != "/meta":
            yield path, document
        for key, value in document.items():
            yield from iter_entries(value, f"{path}/{key}")
    elif isinstance(document, list):
        for index, value in enumerate(document):
            yield from iter_entries(value, f"{path}/{index}")


def _step(node: object, part: str) -> tuple[bool, object]:
    if isinstance(node, dict) and part in node:
        return True, node[part]
    if isinstance(node, list) and part.isdigit() and int(part) < len(node):
        return True, node[int(part)]
    return False, None


def _kind(value: object) -> str:
    """What kind of JSON value this is, in words."""
    if isinstance(value, bool):
        return say("true or false")
    if isinstance(value, int):
        return say("a whole number")
    if value is None or isinstance(value, str):
        return say("text")
    return say("a list") if isinstance(value, list) else say("an object")


def _label(entry: dict) -> str:
    """A component as a person names it: its printed name, with its id."""
    name = entry.get("name")
    return f"{name} ({entry['id']})" if isinstance(name, str) else entry["id"]


def _source(entry: dict) -> str:
    if "source" not in entry:
        return say("the catalog")
    source = entry["source"]
    return say("the fan list") if source == "fan list" else source


def held_from_source(document: dict, entry: dict, field: str) -> bool:
    """Whether the catalog holds this value from a source rather than as a stand-in. A
    catalog that labels its placeholders holds every value it does not label from the
    source its entry names; a catalog that labels none is invented as a whole."""
    if "placeholders" not in document.get("meta", {}):
        return False
    if entry.get("placeholder"):
        return False
    labelled = entry.get("placeholder_fields", [])
    return not any(field == name or field.startswith(f"{name}.") for name in labelled)


def declare(document: dict, declarations: list[Declaration]) -> tuple[dict, list[dict]]:
    """A copy of the catalog ``document`` with the declared values in place, and the list of
    values the log declared (entry, field, value, and the value it replaced). Raises
    ``InvalidLog`` with every refused declaration, each located where the log says it. A
    list of one value may be declared as that value (``icons=merchant``)."""
    declared_doc = copy.deepcopy(document)
    index = {entry["id"]: entry for _, entry in iter_entries(declared_doc)}
    problems: list[LogProblem] = []
    record: list[dict] = []
    for item in declarations:
        entry = index.get(item.entry)
        if entry is None:
            problems.append(item.problem(say("no component {entry} in catalog {catalog}",
                                             entry=repr(item.entry),
                                             catalog=document["meta"]["id"])))
            continue
        parts = item.field.split(".")
        if parts[0] == NAMES:
            problems.extend(_declare_name(entry, item, record))
            continue
        node, found = entry, True
        for part in parts[:-1]:
            found, node = _step(node, part)
            if not found:
                break
        found = found and _step(node, parts[-1])[0]
        if not found or parts[0] in ENTRY_KEYS:
            problems.append(_no_such_value(entry, item))
            continue
        held = _step(node, parts[-1])[1]
        value = item.value
        if isinstance(held, list) and not isinstance(value, list):
            value = [value]
        if _kind(value) != _kind(held) and held is not None:
            problems.append(_wrong_kind(item, held, value))
            continue
        sourced = held_from_source(document, entry, item.field)
        if value == held:
            # The print agrees: a sourced value stays as it is; a stand-in the table read
            # off the component is transcribed now, no longer a placeholder.
            if not sourced:
                record.append({"entry": item.entry, "field": item.field, "value": value,
                               "replaces": held})
            continue
        if sourced:
            problems.append(_contradiction(entry, item, held, value))
            continue
        node[int(parts[-1]) if isinstance(node, list) else parts[-1]] = value
        record.append({"entry": item.entry, "field": item.field, "value": value,
                       "replaces": held})
    if problems:
        raise InvalidLog(problems)
    for item in record:
        if not item["field"].startswith(f"{NAMES}."):  # a name in a language is no stand-in
            _mark_declared(index[item["entry"]], item["field"])
    _recount(declared_doc)
    return declared_doc, record


def _no_such_value(entry: dict, item: Declaration) -> LogProblem:
    """A declaration refused for naming a field the entry does not print."""
    return item.problem(say("{component} has no printed value {field}",
                            component=_label(entry), field=repr(item.field)),
                        expected=", ".join(sorted(key for key in entry
                                                  if key not in ENTRY_KEYS)))


def _wrong_kind(item: Declaration, held: object, value: object) -> LogProblem:
    """A declaration refused for a value of another kind than the catalog's."""
    return item.problem(say("{entry} {field} is {held}, not {value}", entry=item.entry,
                            field=item.field, held=_kind(held), value=_kind(value)),
                        expected=_kind(held))


def _contradiction(entry: dict, item: Declaration, held: object, value: object) -> LogProblem:
    """A declaration refused for contradicting the value the catalog holds from a source."""
    return item.problem(
        say("{component} {field}: the catalog holds {held} from {source}, and the log "
            "declares {value} (only a value the catalog holds as a placeholder may be "
            "declared)", component=_label(entry), field=item.field, held=repr(held),
            source=_source(entry), value=repr(value)), expected=repr(held))


def _declare_name(entry: dict, item: Declaration, record: list[dict]) -> list[LogProblem]:
    """Add the name ``entry`` has printed in a language (``names.zh_Hans``): a component
    with a printed name may be given its name in a language the catalog does not name it
    in; a name it holds is kept, and a different one refused. Whether the language is one
    the referee speaks is the catalog schema's to say."""
    parts = item.field.split(".")
    if len(parts) != 2 or not isinstance(entry.get("name"), str):
        return [_no_such_value(entry, item)]
    held = (entry.get(NAMES) or {}).get(parts[1])
    if not isinstance(item.value, str):
        return [_wrong_kind(item, "", item.value)]
    if held is not None and held != item.value:
        return [_contradiction(entry, item, held, item.value)]
    if held is None:
        entry[NAMES] = {**(entry.get(NAMES) or {}), parts[1]: item.value}
        record.append({"entry": item.entry, "field": item.field, "value": item.value,
                       "replaces": None})
    return []


def _mark_declared(entry: dict, field: str) -> None:
    """A declared value is no longer a placeholder (a wholly placeholder entry becomes one
    whose other values still are)."""
    if entry.pop("placeholder", False):
        entry["placeholder_fields"] = [key for key in entry if key not in ENTRY_KEYS
                                       and not holds_entries(entry[key])]
        entry["source"] = DECLARED_SOURCE  # its other values stay labelled placeholders
    labelled = entry.get("placeholder_fields")
    if labelled is not None:
        entry["placeholder_fields"] = [name for name in labelled if name != field]
        if not entry["placeholder_fields"]:
            del entry["placeholder_fields"]


def _recount(document: dict) -> None:
    """The catalog's own count of its placeholder entries, after declarations."""
    counts = document.get("meta", {}).get("placeholders")
    if counts is None:
        return
    found = [entry for _, entry in iter_entries(document)]
    counts["entries"] = sum(bool(entry.get("placeholder")) for entry in found)
    counts["entries_with_placeholder_fields"] = sum(
        bool(entry.get("placeholder_fields")) for entry in found)


def holds_entries(value: object) -> bool:
    """Whether a value is an entry or a list of entries (which carry their own labels)."""
    if isinstance(value, dict):
        return "id" in value
    return isinstance(value, list) and any(isinstance(v, dict) and "id" in v for v in value)


def resolve(entry: object, dotted: str) -> tuple[bool, object]:
    """Follow a dotted field path (``unlocks.guildhall.1``) inside an entry: whether it is
    there, and the value."""
    node = entry
    for part in dotted.split("."):
        found, node = _step(node, part)
        if not found:
            return False, None
    return True, node
