"""What a verdict rests on: the placeholder values of a catalog that a replay read.

A catalog labels its stand-in values (an entry marked ``placeholder``, or the fields it lists
in ``placeholder_fields``); ``placeholder_index`` indexes them by entry. A table notes every
catalog entry or field it reads, event by event (``CatalogReads``); ``used_placeholders``
turns what was read into the placeholder values among it, and ``rests_on`` says, for each,
at which events that broke a rule it was read: such a value may decide that violation.
Shared by every game whose catalog labels its placeholders.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from operator import itemgetter

from replay.core.logs.declarations import ENTRY_KEYS, holds_entries, iter_entries, resolve


@dataclass(frozen=True, slots=True)
class Placeholder:
    """One placeholder value of the catalog: where it is and what stands in for the print."""

    entry: str  # the entry's id
    field: str  # dotted path inside the entry
    path: str  # JSON pointer of the value
    value: object
    note: str = ""
    plain: dict = field(init=False, repr=False, compare=False)  # ``to_dict``'s, made once
    head: str = field(init=False, repr=False, compare=False)  # the field's first key

    def __post_init__(self) -> None:
        # Made once: every report lists the placeholder values its verdict depended on.
        plain = {"entry": self.entry, "field": self.field, "path": self.path,
                 "value": self.value}
        if self.note:
            plain["note"] = self.note
        object.__setattr__(self, "plain", plain)
        object.__setattr__(self, "head", self.field.partition(".")[0])

    def to_dict(self) -> dict:
        """Plain-data form for reports (a copy of its own: a report may be changed)."""
        return dict(self.plain)


def placeholder_index(document: dict) -> dict[str, tuple[Placeholder, ...]]:
    """Entry id -> every placeholder value in it (a whole placeholder entry: each field)."""
    index = {}
    for path, entry in iter_entries(document):
        if entry.get("placeholder"):
            names = [key for key in entry if key not in ENTRY_KEYS and not holds_entries(
                entry[key])]
        else:
            names = entry.get("placeholder_fields", [])
        if names:
            index[entry["id"]] = tuple(
                Placeholder(entry["id"], name, f"{path}/{name.replace('.', '/')}",
                            copy.deepcopy(resolve(entry, name)[1]), entry.get("note", ""))
                for name in names)
    return index


def entry_paths(document: dict) -> dict[str, str]:
    """JSON pointer -> the id of the entry there, for every entry of a catalog document."""
    return {path: entry["id"] for path, entry in iter_entries(document)}


def used_placeholders(placeholders: Mapping[str, tuple[Placeholder, ...]],
                      paths: Mapping[str, str], touched: Iterable[str]) -> list[Placeholder]:
    """The placeholder values among what a replay touched, in catalog order.

    ``touched`` holds entry ids (``ms-12``: every placeholder value of the entry), dotted
    fields (``pc-3.gain``) or JSON pointers (``/player_cards/2/gain/silver``); ``paths`` maps
    the catalog's JSON pointers to the entries there (``entry_paths``).
    """
    wanted: dict[str, set[str] | None] = {}  # entry -> fields, None for all of them
    for item in touched:
        if "." not in item and not item.startswith("/"):  # an entry id: most are
            if item in placeholders:
                wanted[item] = None
            continue
        entry, field_ = _locate(paths, item)
        if entry is None or entry not in placeholders:
            continue
        if field_ is None:
            wanted[entry] = None
        elif wanted.get(entry, set()) is not None:
            wanted.setdefault(entry, set()).add(field_)
    found = []
    for entry, values in placeholders.items():
        if entry not in wanted:
            continue
        fields_ = wanted[entry]
        if fields_ is None:
            found.extend(values)
            continue
        # Most fields read are the placeholder's own; only those under the same first key
        # can overlap otherwise.
        heads = {item.partition(".")[0] for item in fields_}
        found.extend(v for v in values if v.field in fields_ or (
            v.head in heads and any(overlaps(v.field, item) for item in fields_)))
    return found


def _locate(paths: Mapping[str, str], item: str) -> tuple[str | None, str | None]:
    """The entry and dotted field a touched item names."""
    if item.startswith("/"):
        parts = item.rstrip("/").split("/")
        for cut in range(len(parts), 0, -1):
            entry = paths.get("/".join(parts[:cut]))
            if entry is not None:
                return entry, ".".join(parts[cut:]) or None
        return None, None
    entry, _, field_ = item.partition(".")
    return entry, field_ or None


class PlaceholderLookup:
    """``used_placeholders`` for one catalog, each touched item's values worked out once and
    kept: a replay touches a few hundred items of a catalog, the same from game to game."""

    def __init__(self, placeholders: Mapping[str, tuple[Placeholder, ...]],
                 paths: Mapping[str, str]):
        self.placeholders, self.paths = placeholders, paths
        self.rank = {p.path: rank for rank, p in enumerate(
            p for values in placeholders.values() for p in values)}  # catalog order
        self.covered: dict[str, tuple[Placeholder, ...]] = {}

    def __call__(self, touched: Iterable[str]) -> list[Placeholder]:
        """The placeholder values among what a replay touched, in catalog order."""
        covered, found = self.covered, {}
        for item in touched:
            values = covered.get(item)
            if values is None:
                values = covered[item] = tuple(
                    used_placeholders(self.placeholders, self.paths, (item,)))
            for value in values:
                found[value.path] = value
        return [found[path] for path in sorted(found, key=self.rank.__getitem__)]


def overlaps(placeholder_field: str, touched_field: str) -> bool:
    """A touched field covers a placeholder field inside it, or lies inside one."""
    a, b = placeholder_field.split("."), touched_field.split(".")
    shorter = min(len(a), len(b))
    return a[:shorter] == b[:shorter]


class CatalogReads:
    """What a table read of its catalog, event by event: mixed into a game's table, which
    sets ``reads`` (a list) and ``event`` (the event being replayed)."""

    reads: list[tuple[int | None, str]]
    event: int | None

    def touch(self, item: str) -> None:
        """Note a catalog entry (id or ``id.field``) the replay depended on, at this event."""
        self.reads.append((self.event, item))

    def touch_all(self, items: Iterable[str]) -> None:
        """Note several catalog entries at once (the spaces a move walks through)."""
        event, append = self.event, self.reads.append  # a loop: cheaper than extend's
        for item in items:
            append((event, item))

    def touched(self) -> set[str]:
        """The catalog entries the replay depended on."""
        return set(map(itemgetter(1), self.reads))

    def touched_at(self, events: Iterable[int]) -> dict[int, set[str]]:
        """The catalog entries read at each of ``events`` (those that read any), in one
        pass over the reads."""
        wanted = set(events)
        found: dict[int, set[str]] = {}
        for event, item in self.reads:
            if event in wanted:
                found.setdefault(event, set()).add(item)
        return found


def rests_on(used: Callable[[Iterable[str]], list[Placeholder]], table: CatalogReads,
             violations: Iterable) -> list[dict]:
    """The placeholder values the verdict rests on (``used`` is the catalog's
    ``placeholders_used``); each read at an event that broke a rule says at which
    (``violations``): such a value may decide that violation."""
    found = [p.to_dict() for p in used(table.touched())]
    broken = sorted({v.event for v in violations})
    if not broken or not found:
        return found
    at: dict[str, list[int]] = {}
    for event, items in sorted(table.touched_at(broken).items()):
        for placeholder in used(items):
            at.setdefault(placeholder.path, []).append(event)
    for item in found:
        if item["path"] in at:
            item["violations"] = at[item["path"]]
    return found
