"""What the recorder asks the table: the printed values of a component the game has reached
while the recording's catalog holds them only as placeholders.

A component is *reached* when an event of the recording names it (a card dealt, a tile
turned over, a space moved through). Its *slots* are the values the game's fill-in catalog
leaves blank (``catalog_template``) that the catalog does not hold from a source: the values
a person must read off the printed component. A slot is asked for once per recording, and
never when the client already transcribed it (its draft's values are declared by every new
recording; an adopted catalog holds them). The form is laid out like the component: each
value in the area of the card, tile or board segment where it is printed, with a sentence
(``data/component_layouts.json``); the values the sources give are shown beside, marked with
their source. On a page in another language than English, the form also asks for the
component's name as the owner's edition prints it in that language (``name_slot``), kept
like any value read off the table.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import cache
from importlib import resources

from flask_babel import gettext

import languages
from api import effect_forms, recorder_catalog
from api import recorder_engine as engine
from api.languages import request_language
from api.recorder_words import Labeller
from replay.core.logs.declarations import (
    DECLARED_SOURCE,
    ENTRY_KEYS,
    NAMES,
    held_from_source,
    holds_entries,
    iter_entries,
)
from replay.core.logs.declarations import resolve as resolve_field
from replay.core.logs.declare_text import read_value
from replay.games import GAMES

AREAS = ("top-left", "top", "top-right", "left", "middle", "right", "bottom", "back", "edge")
NOT_COMPONENTS = frozenset({"type", "player", "comment"})  # event keys that name no component
MAX_JSON = 4000  # characters of one value written as JSON
MAX_GIVEN = 12  # values known of a component shown beside the form (the rest are not asked)


class AnswerError(Exception):
    """A value of the form that cannot be read; ``field`` is the slot at fault."""

    def __init__(self, field: str, message: str):
        super().__init__(message)
        self.field = field


@dataclass(frozen=True)
class Slot:
    """One value to read off a component: its dotted field, its kind (number, text, list,
    choice, json), the stand-in the catalog holds and, for an effect or a list of effects
    (of kind json), its shape: it is then asked with the effect form too."""

    field: str
    kind: str
    stand_in: object
    shape: effect_forms.Shape | None = None


@cache
def _layouts() -> dict:
    return json.loads(resources.files("api").joinpath("data", "component_layouts.json")
                      .read_text("utf-8"))


def collection(pointer: str) -> str:
    """The collection an entry's JSON pointer is in, numbers as ``*``
    (``/segments/0/sides/1/spaces/2`` is in ``/segments/*/sides/*/spaces``)."""
    return re.sub(r"/\d+", "/*", pointer).rsplit("/", 1)[0]


def leaves(value: object, path: str = ""):
    """The values of an entry by dotted path, down to scalars, lists of scalars and the
    blanks of a template (entries inside it are left to themselves)."""
    if isinstance(value, dict) and not (path and "id" in value):
        for key, item in value.items():
            if not path and key in ENTRY_KEYS:
                continue
            yield from leaves(item, f"{path}.{key}" if path else key)
    elif isinstance(value, list) and value and all(isinstance(v, dict) for v in value) \
            and not holds_entries(value):
        for index, item in enumerate(value):
            yield from leaves(item, f"{path}.{index}")
    elif not holds_entries(value):
        yield path, value


@cache
def _builtin(game: str) -> tuple[dict, dict[str, tuple[str, dict]], dict[str, list[str]]]:
    """The game's default catalog, its entries by id (with their pointers) and the slots
    of each entry: the template's blanks that the catalog does not hold from a source."""
    found = GAMES.get(game)
    document = engine.catalog_document(game, found.builtin_catalogs[0])
    entries = {entry["id"]: (pointer, entry) for pointer, entry in iter_entries(document)}
    slots: dict[str, list[str]] = {}
    for _, blank in iter_entries(found.catalog_template()):
        if blank["id"] not in entries:
            continue
        entry = entries[blank["id"]][1]
        names = [path for path, value in leaves(blank) if value is None or value == []]
        names = [path for path in names if not held_from_source(document, entry, path)]
        if names:
            slots[blank["id"]] = names
    return document, entries, slots


@cache
def _list_of_objects(game: str, where: str, field: str) -> bool:
    """Whether a field of a collection holds objects in some entry of the default catalog
    (then it is asked for as JSON)."""
    _, entries, _ = _builtin(game)
    for pointer, entry in entries.values():
        if collection(pointer) == where:
            found, value = resolve_field(entry, field)
            if found and (isinstance(value, dict) or (isinstance(value, list) and any(
                    isinstance(v, (dict, list)) for v in value))):
                return True
    return False


def _kind(game: str, where: str, field: str, stand_in: object) -> str:
    if isinstance(stand_in, bool):
        return "choice"
    if isinstance(stand_in, int):
        return "number"
    if isinstance(stand_in, str):
        return "text"
    if isinstance(stand_in, list) and not _list_of_objects(game, where, field):
        return "list"
    return "json"


def open_slots(header: dict, entry_id: str) -> list[Slot]:
    """The slots of a component still to be read off the table in this recording: not
    held from a source, not transcribed into the recording's catalog, not declared by its
    log."""
    document = engine.document_of(header)
    if document["meta"].get("printed"):
        return []
    game = header["game"]
    _, entries, slots = _builtin(game)
    if entry_id not in slots:
        return []
    done = set(recorder_catalog.transcribed(header).get(entry_id, {}))
    done |= set((header.get("components") or {}).get(entry_id, {}))
    current = _index(header).get(entry_id)
    if current is None:
        return []
    where = collection(entries[entry_id][0])
    found = []
    for field in slots[entry_id]:
        if field in done or field.split(".")[0] in done:
            continue
        stand_in = resolve_field(current, field)[1]
        kind = _kind(game, where, field, stand_in)
        shape = effect_forms.shape(game, entries[entry_id][0], field) if kind == "json" \
            else None
        found.append(Slot(field, kind, stand_in, shape))
    return found


def name_slot(header: dict, entry_id: str) -> Slot | None:
    """The name of a component as printed in the page's language (its edition's name),
    asked beside its open slots when the page is not in English, the component has a
    printed name, and neither the catalog, the client's transcription nor the log gives
    its name in that language; None otherwise."""
    language = request_language()
    current = _index(header).get(entry_id)
    if language == languages.ENGLISH or current is None \
            or not isinstance(current.get("name"), str) or language in (current.get(NAMES) or {}):
        return None
    field = f"{NAMES}.{language}"
    if field in recorder_catalog.transcribed(header).get(entry_id, {}) \
            or field in (header.get("components") or {}).get(entry_id, {}):
        return None
    return Slot(field, "text", None)


def answer_slots(header: dict, entry_id: str) -> list[Slot]:
    """What a filled-in form of a component may give: its open slots, and its name in the
    page's language when that is asked too (``name_slot``)."""
    return [*open_slots(header, entry_id), *filter(None, [name_slot(header, entry_id)])]


def components_with_slots(game: str) -> list[tuple[str, str]]:
    """Every component of the game that has slots, in the catalog's order, with what its
    kind is called in the plural ("character cards")."""
    _, entries, slots = _builtin(game)
    layouts = _layouts().get(game, {})
    found = []
    for entry in slots:
        layout = layouts.get(collection(entries[entry][0]), {"what": "component"})
        found.append((entry, layout.get("many") or layout["what"] + "s"))
    return found


_INDEXES: dict[tuple, dict[str, dict]] = {}


def _index(header: dict) -> dict[str, dict]:
    """The entries of a recording's catalog by id (kept per catalog: documents do not
    change)."""
    key = (header["game"], header["catalog"], header.get("catalog_sha"))
    if key not in _INDEXES:
        _INDEXES[key] = {e["id"]: e for _, e in iter_entries(engine.document_of(header))}
    return _INDEXES[key]


def reached(header: dict, events: list[dict]) -> list[str]:
    """The components the recording's events name that have slots, in the order first
    named."""
    _, _, slots = _builtin(header["game"])
    seen: dict[str, None] = {}

    def walk(value: object) -> None:
        if isinstance(value, str):
            if value in slots:
                seen.setdefault(value)
        elif isinstance(value, list):
            for item in value:
                walk(item)
        elif isinstance(value, dict):
            for item in value.values():
                walk(item)

    for event in events:
        for key, value in event.items():
            if key not in NOT_COMPONENTS:
                walk(value)
    return list(seen)


def pending(header: dict, events: list[dict]) -> list[str]:
    """The components reached that still have open slots and were not asked about (none
    once the table said to stop asking in this recording)."""
    if header.get("asking") is False:
        return []
    asked = set(header.get("asked") or ())
    return [entry for entry in reached(header, events)
            if entry not in asked and open_slots(header, entry)]


def form(header: dict, events: list[dict]) -> dict | None:
    """The form asking for the values of the first component the recording reached that
    waits to be asked about; None when none waits."""
    waiting = pending(header, events)
    if not waiting:
        return None
    return dict(component_form(header, waiting[0]), waiting=len(waiting))


def component_form(header: dict, entry_id: str) -> dict | None:
    """The form asking for a component's open slots, laid out like the component: each
    value in the area where it is printed, with its sentence, and the values the sources
    give beside, marked with their source; None when no slot is open."""
    slots = open_slots(header, entry_id)
    if not slots:
        return None
    game = header["game"]
    _, entries, _ = _builtin(game)
    where = collection(entries[entry_id][0])
    layout = _layouts().get(game, {}).get(where, {"what": "component", "fields": {}})
    current = _index(header)[entry_id]
    named = name_slot(header, entry_id)
    areas: dict[str, dict] = {area: {"area": area, "asked": [], "given": []} for area in AREAS}
    open_fields = {slot.field for slot in slots}
    for slot in slots:
        place = layout["fields"].get(slot.field.split(".")[0], {})
        areas[place.get("area", "middle")]["asked"].append({
            "field": slot.field, "kind": slot.kind,
            "sentence": gettext(place["sentence"]) if place.get("sentence") else gettext(
                "The %(field)s printed on the %(what)s.", field=_words(slot.field),
                what=gettext(layout["what"])),
            "stand_in": _written(slot.stand_in, slot.kind),
            "effect": None if slot.shape is None else "many" if slot.shape.many else "one",
            "stand_in_value": slot.stand_in if slot.shape else None,
            "stand_in_words": effect_forms.said(game, slot.stand_in) if slot.shape else None})
    for path, value, told in _given(header, current, open_fields)[:MAX_GIVEN]:
        place = layout["fields"].get(path.split(".")[0], {})
        areas[place.get("area", "middle")]["given"].append({
            "field": path, "value": _written(value, "json" if isinstance(value, dict)
                                             else "list" if isinstance(value, list) else ""),
            "source": told})
    labels = Labeller(header, [])
    # ``called``: what a person finds it by at the table, its printed name or where it sits
    # (a board segment's space, a link between building spots) in the recorder's words.
    return {"entry": entry_id, "game": game, "name": labels.names.get(entry_id),
            "called": labels.word(entry_id),
            "what": gettext(layout["what"]),
            "name_asked": {"field": named.field,
                           "language": languages.NAMES[request_language()]} if named else None,
            "collection": where, "source": _source(current),
            "fields": [slot.field for slot in slots],
            "areas": [area for area in areas.values() if area["asked"] or area["given"]]}


def _given(header: dict, entry: dict, open_fields: set[str]) -> list[tuple[str, object, str]]:
    """The values of a component already known, each with where it is known from: a
    source the catalog names, the client's transcription, or the log's declaration (a
    stand-in is no value known, and is not shown)."""
    document = engine.document_of(header)
    transcribed = recorder_catalog.transcribed(header).get(entry["id"], {})
    declared = (header.get("components") or {}).get(entry["id"], {})
    found = []
    for path, value in leaves(entry):
        top = path.split(".")[0]
        if path in open_fields or top in open_fields or top in ("name", "level"):
            continue
        if top in transcribed:
            found.append((path, value, transcribed[top]["source"]))
        elif top in declared:
            if not any(known == top for known, _, _ in found):
                found.append((top, declared[top], gettext("what you typed before")))
        elif held_from_source(document, entry, path) and entry.get("source") not in (
                None, DECLARED_SOURCE):
            found.append((path, value, _source(entry)))
    return found


def _source(entry: dict) -> str:
    source = entry.get("source")
    if entry.get("placeholder") or source in (None, "placeholder"):
        return gettext("not given by any source")
    return gettext("the fan card list") if source == "fan list" else source


def _words(field: str) -> str:
    return field.replace("_", " ").replace(".", " ")


def _written(value: object, kind: str) -> str:
    """A value as the form shows it (a stand-in, a value a source gives)."""
    if kind == "list" and isinstance(value, list):
        return ", ".join(str(v) for v in value)
    if kind == "json" or isinstance(value, (dict, list)):
        return json.dumps(value)
    if isinstance(value, bool):
        return "yes" if value else "no"
    return "" if value is None else str(value)


def read_answer(slots: list[Slot], values: dict[str, str]) -> dict[str, object]:
    """The values a filled-in form declares (a blank is left a placeholder), each read as
    its slot's kind; an effect from its JSON box when one is written, else from the boxes
    of the effect form. ``AnswerError`` names the first that cannot be read (a box of an
    effect by its path: ``hire/items/silver``)."""
    declared: dict[str, object] = {}
    for slot in slots:
        text = (values.get(slot.field) or "").strip()
        if text:
            declared[slot.field] = _read(slot, text)
        elif slot.shape is not None:
            try:
                effect = effect_forms.read(slot.shape, slot.field, values)
            except effect_forms.EffectError as err:
                raise AnswerError(err.field, str(err)) from None
            if effect is not None:
                declared[slot.field] = effect
    return declared


def _read(slot: Slot, text: str) -> object:
    if slot.kind == "number":
        if not (text.isascii() and text.lstrip("-").isdigit()) or len(text) > 6:
            raise AnswerError(slot.field, gettext("%(field)s: a whole number, not %(text)s",
                                                  field=_words(slot.field), text=repr(text)))
        return int(text)
    if slot.kind == "choice":
        if text not in ("true", "false", "yes", "no"):
            raise AnswerError(slot.field, gettext("%(field)s: yes or no, not %(text)s",
                                                  field=_words(slot.field), text=repr(text)))
        return text in ("true", "yes")
    if slot.kind == "list":
        return [read_value(item.strip()) for item in text.split(",") if item.strip()]
    if slot.kind == "json":
        if len(text) > MAX_JSON:
            raise AnswerError(slot.field, gettext("%(field)s: at most %(limit)s characters",
                                                  field=_words(slot.field), limit=MAX_JSON))
        try:
            return json.loads(text)
        except ValueError as err:
            raise AnswerError(slot.field, gettext("%(field)s: not JSON (%(error)s)",
                                                  field=_words(slot.field), error=err)) from None
    return " ".join(text.split())
