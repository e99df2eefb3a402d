"""Effects asked as a form a person fills from the printed card: "what the card does" as a
choice among the operations of the game's effect vocabulary, then that operation's values
as numbers and choices of the game's words; the server writes the effect's JSON.

The vocabulary has one source, the game's catalog schema (``replay.<game>.catalog_schema``):
its ``EffectSchema`` gives the operations (the choices of its required field, ``op`` or
``kind``) and the shape of every field, its table of operations (``OPS``: needed and
optional fields; or ``REQUIRED_BY_KIND``: the needed ones) what each takes. The words of
``data/effect_words.json`` only say them. A field the form cannot ask (a free dictionary;
an effect inside an effect inside an effect) leaves its operation to the JSON box the form
keeps beside.

Posted names are the slot's field, then the path inside the effect, ``/`` between:
``v-hire/op``, ``v-hire/items/silver``, ``v-effects/0/gain/influence/council``. The
operation whose boxes the page showed is posted as ``<effect>/~shown``: boxes filled under
a choice left as "not read" are read as that operation.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import import_module, resources

from flask_babel import gettext
from marshmallow import Schema, fields, validate

from replay.core.speech import Phrase, say_again
from replay.games import GAMES

MAX_DEPTH = 2  # an effect and the effects inside it (an `on`'s effect, the parts of `all`)
MAX_PARTS = 3  # effects of a list asked as boxes; a longer one is left to the JSON box
SHOWN = "~shown"


class EffectError(Exception):
    """A box of the effect form that cannot be read; ``field`` is its posted name."""

    def __init__(self, field: str, message: str):
        super().__init__(message)
        self.field = field


@dataclass(frozen=True)
class Shape:
    """An effect slot: its game, and whether it holds a list of effects or one."""

    game: str
    many: bool


@dataclass(frozen=True)
class Vocabulary:
    """A game's effects: the key naming the operation, each operation's needed and optional
    fields (by data key, in the schema's order), and the schema's fields by data key."""

    key: str
    ops: dict[str, tuple[tuple[str, ...], tuple[str, ...]]]
    fields: dict[str, fields.Field]
    schema: Schema


@cache
def _all_words() -> dict:
    return json.loads(resources.files("api").joinpath("data", "effect_words.json")
                      .read_text("utf-8"))


def _words(game: str) -> dict:
    """A game's words of the effect form (a game without any is said by its ids)."""
    return _all_words().get(game, {})


def _said(game: str, table: str) -> dict[str, str]:
    return _words(game).get(table, {}).get("words", {})


@cache
def _schemas(game: str):
    """The game's catalog schema module; None for a game that has none."""
    try:
        return import_module(f"{type(GAMES.get(game)).__module__}.catalog_schema")
    except ModuleNotFoundError:
        return None


def _choices(field: fields.Field) -> tuple[str, ...]:
    for check in field.validators:
        if isinstance(check, validate.OneOf):
            return tuple(check.choices)
    return ()


def _by_key(schema: Schema) -> dict[str, fields.Field]:
    return {field.data_key or name: field for name, field in schema.fields.items()}


@cache
def vocabulary(game: str) -> Vocabulary | None:
    """The game's effect vocabulary, read off its catalog schema; None without one."""
    module = _schemas(game)
    if module is None or not hasattr(module, "EffectSchema"):
        return None
    schema = module.EffectSchema()
    by_key = _by_key(schema)
    keys = {name: field.data_key or name for name, field in schema.fields.items()}
    key = next(k for k, field in by_key.items() if field.required and _choices(field))
    optional_words = _words(game).get("optional", {})
    ops = {}
    for op in _choices(by_key[key]):
        if hasattr(module, "OPS"):
            needed, optional = module.OPS[op]
        else:
            needed, optional = module.REQUIRED_BY_KIND[op], optional_words.get(op, ())
        ops[op] = tuple(tuple(keys[n] for n in keys if n in group or keys[n] in group)
                        for group in (set(needed), set(optional)))
    return Vocabulary(key, ops, by_key, schema)


def shape(game: str, pointer: str, field: str) -> Shape | None:
    """Whether a slot (an entry's JSON pointer, its dotted field) holds an effect or a list
    of effects, by the catalog schema; None when it holds neither."""
    module = _schemas(game)
    if vocabulary(game) is None or not hasattr(module, "CatalogSchema"):
        return None
    node: object = module.CatalogSchema()
    for part in [p for p in pointer.split("/") if p] + field.split("."):
        if isinstance(node, fields.Nested):
            node = node.schema
        if isinstance(node, Schema):
            node = _by_key(node).get(part)
        elif isinstance(node, fields.List) and part.isdigit():
            node = node.inner
        elif isinstance(node, fields.Dict) and node.value_field is not None:
            node = node.value_field
        else:
            return None
        if node is None:
            return None
    if _is_effect(game, node):
        return Shape(game, False)
    if isinstance(node, fields.List) and _is_effect(game, node.inner):
        return Shape(game, True)
    return None


def _is_effect(game: str, field: object) -> bool:
    return isinstance(field, fields.Nested) and \
        isinstance(field.schema, _schemas(game).EffectSchema)


# -- the widgets a field of the schema is asked with ------------------------------------------

def _widget(game: str, field: fields.Field, depth: int) -> tuple | None:
    """How a field is asked: ``("number", range)``, ``("select", choices)``, ``("counts",
    choices, as_list)`` (a number for each choice), ``("group", parts)``, ``("effect",)``,
    ``("effects", least)``; None when the form cannot ask it at this depth."""
    if _is_effect(game, field):
        return ("effect",) if depth < MAX_DEPTH else None
    if isinstance(field, fields.Nested):
        parts = {key: _widget(game, inner, depth) for key, inner in _by_key(field.schema).items()}
        return ("group", {k: w for k, w in parts.items() if w}) if all(parts.values()) else None
    if isinstance(field, fields.List):
        if _is_effect(game, field.inner):
            return ("effects", _least(field)) if depth < MAX_DEPTH else None
        return ("counts", _choices(field.inner), True) if _choices(field.inner) else None
    if isinstance(field, fields.Dict):
        if field.key_field and _choices(field.key_field) \
                and isinstance(field.value_field, fields.Integer):
            return ("counts", _choices(field.key_field), False)
        return None
    if isinstance(field, fields.Integer):
        return ("number", _range(field))
    if isinstance(field, fields.String) and _choices(field):
        return ("select", _choices(field))
    return None


def _least(field: fields.Field) -> int:
    for check in field.validators:
        if isinstance(check, validate.Length) and check.min:
            return check.min
    return 0


def _range(field: fields.Field) -> tuple[int | None, int | None]:
    for check in field.validators:
        if isinstance(check, validate.Range):
            return check.min, check.max
    return None, None


def offered(game: str, depth: int) -> dict[str, dict[str, tuple]]:
    """The operations the form can ask at a depth, each with the widgets of its fields
    (needed first, then optional); an operation with a field the form cannot ask there is
    left out."""
    found = {}
    words = vocabulary(game)
    for op, (needed, optional) in words.ops.items():
        widgets = {key: _widget(game, words.fields[key], depth) for key in needed + optional}
        if all(widgets[key] for key in needed):
            found[op] = {key: widget for key, widget in widgets.items() if widget}
    return found


# -- words ----------------------------------------------------------------------------------

def op_words(game: str, op: str) -> str:
    """What an operation does, in the reader's language."""
    return gettext(_said(game, "ops").get(op, op.replace("_", " ")))


def field_words(game: str, key: str) -> str:
    """The label of a field of an effect, in the reader's language."""
    return gettext(_words(game).get("fields", {}).get(key, key.replace("_", " ")))


def choice_words(game: str, value: str) -> str:
    """The word of one value a field may take (``icons:noble`` by its pattern)."""
    words = _said(game, "choices")
    if value in words:
        return gettext(words[value])
    kind, _, arg = value.partition(":")
    if arg and f"{kind}:*" in words:
        return gettext(words[f"{kind}:*"], what=choice_words(game, arg) if arg in words else arg)
    return value.replace("_", " ")


def said(game: str, value: object) -> str:
    """An effect (or a list of them) in words, as the form says its stand-in: what it does,
    then its values in parentheses ("Discard cards (How many cards: 1)")."""
    if isinstance(value, list):
        between = ", " if all(isinstance(item, str) for item in value) else "; "
        return between.join(said(game, item) for item in value) or gettext("none")
    if isinstance(value, str):
        return choice_words(game, value)
    if not isinstance(value, dict):
        return gettext("none") if value is None else str(value)
    key = vocabulary(game).key
    if key in value:
        rest = [f"{field_words(game, k)}: {said(game, v)}" for k, v in value.items() if k != key]
        words = op_words(game, value[key])
        return f"{words} ({'; '.join(rest)})" if rest else words
    choices = _said(game, "choices")
    return ", ".join(f"{choice_words(game, k) if k in choices else field_words(game, k)} "
                     f"{said(game, v)}" if isinstance(v, int) else
                     f"{field_words(game, k)}: {said(game, v)}" for k, v in value.items())


# -- the form, as the template draws it ------------------------------------------------------

def form(slot_shape: Shape, name: str, stand_in: object, entered: dict[str, str]) -> dict:
    """The boxes of an effect slot: the effect (or the list of effects) with what was
    posted kept, the stand-in's values as hints and its operation's boxes shown until
    another is chosen."""
    if slot_shape.many:
        return _list_node(slot_shape.game, name, "", stand_in, entered, 1, 0)
    return _effect_node(slot_shape.game, name, "", stand_in, entered, 1)


def _effect_node(game: str, name: str, label: str, stand_in: object, entered: dict,
                 depth: int) -> dict:
    words = vocabulary(game)
    ops = offered(game, depth)
    hint = stand_in.get(words.key) if isinstance(stand_in, dict) else None
    chosen = entered.get(f"{name}/{words.key}", "")
    shown = chosen if chosen in ops else entered.get(f"{name}/{SHOWN}") or hint
    shown = shown if shown in ops else None
    parts = []
    if shown:
        for key, widget in ops[shown].items():
            inner = stand_in.get(key) if isinstance(stand_in, dict) and hint == shown else None
            parts.append(_part(game, f"{name}/{key}", field_words(game, key), widget, inner,
                               entered, depth, key not in words.ops[shown][0]))
    return {"kind": "effect", "name": name, "label": label, "op_name": f"{name}/{words.key}",
            "op_id": _box_id(f"{name}/{words.key}"),
            "chosen": chosen, "shown": shown, "shown_words": op_words(game, shown) if shown
            else "", "hint": op_words(game, hint) if hint in words.ops else "",
            "ops": [{"value": op, "words": op_words(game, op)} for op in ops], "parts": parts}


def _list_node(game: str, name: str, label: str, stand_in: object, entered: dict,
               depth: int, least: int) -> dict:
    given = stand_in if isinstance(stand_in, list) else []
    return {"kind": "effects", "name": name, "label": label, "least": least, "boxes": [
        _effect_node(game, f"{name}/{index}", gettext("Effect %(number)s", number=index + 1),
                     given[index] if index < len(given) else None, entered, depth)
        for index in range(MAX_PARTS)]}


def _box_id(name: str) -> str:
    """The id of a box on the page (``hire/items/silver``: ``ask-hire-items-silver``)."""
    return "ask-" + name.replace("/", "-").replace(".", "-")


def _part(game: str, name: str, label: str, widget: tuple, hint: object, entered: dict,
          depth: int, optional: bool) -> dict:
    kind = widget[0]
    if kind == "effect":
        return dict(_effect_node(game, name, label, hint, entered, depth + 1), optional=optional)
    if kind == "effects":
        return _list_node(game, name, label, hint, entered, depth + 1, widget[1])
    if kind == "group":
        return {"kind": "group", "name": name, "label": label, "optional": optional, "parts": [
            _part(game, f"{name}/{key}", field_words(game, key), inner,
                  hint.get(key) if isinstance(hint, dict) else None, entered, depth, False)
            for key, inner in widget[1].items()]}
    if kind == "counts":
        held = hint if isinstance(hint, dict) else {
            choice: hint.count(choice) for choice in set(hint)} if isinstance(hint, list) else {}
        return {"kind": "counts", "name": name, "label": label, "optional": optional, "parts": [
            {"kind": "number", "name": f"{name}/{choice}", "id": _box_id(f"{name}/{choice}"),
             "label": choice_words(game, choice),
             "value": entered.get(f"{name}/{choice}", ""),
             "hint": "" if held.get(choice) is None else str(held[choice]), "low": 0,
             "high": None}
            for choice in widget[1]]}
    node = {"kind": kind, "name": name, "id": _box_id(name), "label": label, "optional": optional,
            "value": entered.get(name, ""), "hint": "" if hint is None else str(hint)}
    if kind == "select":
        node["choices"] = [{"value": c, "words": choice_words(game, c)} for c in widget[1]]
        node["hint"] = choice_words(game, hint) if isinstance(hint, str) else ""
    else:
        node["low"], node["high"] = widget[1]
    return node


# -- the posted boxes, read back into the effect's JSON --------------------------------------

def read(slot_shape: Shape, name: str, values: dict[str, str]) -> object | None:
    """The effect (or list of effects) the boxes of a slot give, checked with the game's
    effect schema; None when nothing was chosen or typed. ``EffectError`` names the first
    box that cannot be read."""
    if slot_shape.many:
        found = _read_list(slot_shape.game, name, values, 1, 0)
        return found or None
    return _read_effect(slot_shape.game, name, values, 1)


def _typed(values: dict[str, str], name: str) -> bool:
    """Whether any box under a name was filled (the operation shown is no box)."""
    return any(value.strip() for key, value in values.items()
               if key.startswith(f"{name}/") and not key.endswith(SHOWN))


def _read_effect(game: str, name: str, values: dict, depth: int) -> dict | None:
    words = vocabulary(game)
    op_name = f"{name}/{words.key}"
    op = (values.get(op_name) or "").strip()
    if not op:
        shown = values.get(f"{name}/{SHOWN}") or ""
        if not (shown and _typed(values, name)):
            return None
        op = shown
    ops = offered(game, depth)
    if op not in ops:
        raise EffectError(op_name, gettext("%(what)s: not one of the choices (%(text)s)",
                                           what=gettext("What it does"), text=repr(op)))
    needed = words.ops[op][0]
    effect: dict = {words.key: op}
    for key, widget in ops[op].items():
        value = _read_part(game, f"{name}/{key}", widget, values, depth)
        if value is None and key in needed:
            raise EffectError(f"{name}/{key}" if widget[0] != "counts" else
                              f"{name}/{key}/{widget[1][0]}",
                              gettext("%(what)s: needed for “%(op)s”", what=field_words(
                                  game, key), op=op_words(game, op)))
        if value is not None:
            effect[key] = value
    errors = words.schema.validate(effect)
    if errors:
        where, text = _first_error(errors)
        raise EffectError("/".join([name, *where]) if where else op_name,
                          gettext("%(what)s: %(problem)s", what=op_words(game, op),
                                  problem=say_again(text) if isinstance(text, Phrase)
                                  else text))
    return effect


def _first_error(errors: object, where: tuple = ()) -> tuple[tuple, str]:
    """The first message of marshmallow's errors and the path to it (``_schema`` and a
    dictionary's ``value`` are no step of the path); a message built as a phrase stays one,
    to be said in the reader's language."""
    if isinstance(errors, dict):
        key, inner = next(iter(errors.items()))
        step = () if key in ("_schema", "value", "key") else (str(key),)
        return _first_error(inner, where + step)
    if isinstance(errors, list) and errors and not isinstance(errors[0], str):
        return _first_error(errors[0], where)
    first = errors[0] if isinstance(errors, list) else errors
    return where, first if isinstance(first, Phrase) else str(first)


def _read_list(game: str, name: str, values: dict, depth: int, least: int) -> list:
    found = [effect for effect in (_read_effect(game, f"{name}/{index}", values, depth)
                                   for index in range(MAX_PARTS)) if effect is not None]
    if found and len(found) < least:
        raise EffectError(f"{name}/{len(found)}/{vocabulary(game).key}",
                          gettext("at least %(count)s effects", count=least))
    return found


def _read_part(game: str, name: str, widget: tuple, values: dict, depth: int) -> object:
    kind = widget[0]
    if kind == "effect":
        return _read_effect(game, name, values, depth + 1)
    if kind == "effects":
        return _read_list(game, name, values, depth + 1, widget[1]) or None
    if kind == "group":
        found = {key: value for key, inner in widget[1].items()
                 if (value := _read_part(game, f"{name}/{key}", inner, values, depth))
                 is not None}
        return found or None
    if kind == "counts":
        counts = {choice: _number(f"{name}/{choice}", choice_words(game, choice), values,
                                  (0, None)) for choice in widget[1]}
        counts = {choice: n for choice, n in counts.items() if n}
        if widget[2]:
            return [choice for choice, n in counts.items() for _ in range(n)] or None
        return counts or None
    if kind == "number":
        return _number(name, field_words(game, name.rsplit("/", 1)[1]), values, widget[1])
    text = (values.get(name) or "").strip()
    if text and text not in widget[1]:
        raise EffectError(name, gettext("%(what)s: not one of the choices (%(text)s)",
                                        what=field_words(game, name.rsplit("/", 1)[1]),
                                        text=repr(text)))
    return text or None


def _number(name: str, what: str, values: dict, bounds: tuple) -> int | None:
    text = (values.get(name) or "").strip()
    if not text:
        return None
    if not (text.isascii() and text.lstrip("-").isdigit()) or len(text) > 6:
        raise EffectError(name, gettext("%(field)s: a whole number, not %(text)s",
                                        field=what, text=repr(text)))
    low, high = bounds
    number = int(text)
    if high is not None and (number > high or (low is not None and number < low)):
        raise EffectError(name, gettext("%(what)s: from %(low)s to %(high)s, not %(text)s",
                                        what=what, low=low, high=high, text=text))
    if low is not None and number < low:
        raise EffectError(name, gettext("%(what)s: at least %(low)s, not %(text)s",
                                        what=what, low=low, text=text))
    return number
