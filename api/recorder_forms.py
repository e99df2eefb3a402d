"""Forms for what the table saw: plain data that the pages show as choices and that
make one event.

A form (kept with the recording's step) has the event's ``type`` and ``fixed`` fields, a
``title`` (and an optional ``note``) and ``groups`` of slots. A slot's ``path`` says where
its value goes (``monasteries/space-01``, ``upper/0``, ``pairs/0/1``); ``choices`` are the
values it may take with their labels; ``pair``: a value written ``a+b``; ``number``: a
whole number (typed in, or chosen when the slot has choices); ``keyed``: a value written
``field:value`` that says which field it fills. ``order_by`` puts the keys of mapping fields
in the order of a list field (a pile per board side, in board order).
"""

from __future__ import annotations

from flask_babel import gettext


class EntryError(ValueError):
    """A form filled in wrongly (a slot left empty, a value not offered)."""

    def __init__(self, message: str, slot: str | None = None):
        super().__init__(message)
        self.slot = slot


def slot(path: str, label: str, choices: list[tuple[str, str]], **extra) -> dict:
    """One slot of a form: where its value goes, its label, its choices, its flags."""
    return {"path": path, "label": label, "choices": [list(c) for c in choices], **extra}


def build_event(form: dict, values) -> dict:
    """The event a filled-in form makes; ``EntryError`` names the first slot at fault.
    ``values`` maps each slot's path to the value chosen (a form's fields)."""
    event = {"type": form["type"], **form["fixed"]}
    for group in form["groups"]:
        for slot in group["slots"]:
            raw = values.get(slot["path"])
            raw = raw.strip() if isinstance(raw, str) else raw
            if raw in (None, ""):
                raise EntryError(gettext("%(group)s: %(slot)s is not chosen",
                                         group=group["title"], slot=slot["label"]),
                                 slot["path"])
            value = _value(slot, raw, group["title"])
            if slot.get("keyed"):
                field, _, value = value.partition(":")
                event[field] = value
            else:
                _put(event, slot["path"].split("/"), value)
    for field, by in form.get("order_by", {}).items():
        event[field] = {key: event[field][key] for key in event[by] if key in event[field]} \
            | event[field]
    return event


def _value(slot: dict, raw, title: str):
    typed = slot.get("number") and not slot["choices"]
    if not typed and raw not in {c[0] for c in slot["choices"]}:
        raise EntryError(gettext("%(group)s: %(slot)s cannot be %(value)s", group=title,
                                 slot=slot["label"], value=repr(raw)), slot["path"])
    if slot.get("number"):
        try:
            return int(raw)
        except (TypeError, ValueError):
            raise EntryError(gettext("%(group)s: %(slot)s is a whole number, not %(value)s",
                                     group=title, slot=slot["label"], value=repr(raw)),
                             slot["path"]) from None
    return raw.split("+") if slot.get("pair") else raw


def _put(into, path: list[str], value) -> None:
    """Put ``value`` at ``path`` (field names, list positions) inside ``into``."""
    key, rest = path[0], path[1:]
    if isinstance(into, list):
        key = int(key)
        into.extend([None] * (key + 1 - len(into)))
    if not rest:
        into[key] = value
        return
    missing = into[key] is None if isinstance(into, list) else key not in into
    if missing:
        into[key] = [] if rest[0].isdigit() else {}
    _put(into[key], rest, value)
