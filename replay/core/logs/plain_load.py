"""A marshmallow schema's load, done without its machinery for input that is plainly valid.

Every log's header goes through its schema, and marshmallow spends far more on its own
bookkeeping than on the header's few strings. ``plain_load`` reads the schema's declared
fields (strings, lists of strings, objects of strings, with their validators, defaults and
``allow_none``) and loads a header made only of those, exactly as the schema would; for
anything else (a field of another type, a value of another type, a failed validator, an
unknown key) it says it cannot, and the schema itself loads the input and names what is
wrong. The schema stays the one statement of what a header may hold. (Schemas with hooks,
``pre_load`` and the like, are not for it: it would not run them.)
"""

from __future__ import annotations

from marshmallow import Schema, ValidationError, fields
from marshmallow.utils import missing

_CANNOT = object()


def plain_load(schema: Schema, data: dict) -> dict | None:
    """What ``schema.load(data)`` returns, or None when the input needs the schema itself."""
    declared = schema.load_fields
    if not data.keys() <= declared.keys():
        return None
    loaded = {}
    for name, field in declared.items():
        if field.data_key is not None or field.attribute is not None:
            return None  # a field read from, or loaded to, another name
        if name not in data:
            if field.load_default is missing:
                return None  # required, or left out of the result: the schema says which
            default = field.load_default
            loaded[name] = default() if callable(default) else default
            continue
        value = _plain_value(field, data[name])
        if value is _CANNOT:
            return None
        loaded[name] = value
    return loaded


def _plain_value(field: fields.Field, value: object) -> object:
    """The loaded value of one field, or ``_CANNOT``."""
    if value is None:
        return None if field.allow_none else _CANNOT
    if type(field) is fields.String:
        loaded = value if type(value) is str else _CANNOT
    elif type(field) is fields.List:
        loaded = _plain_list(field.inner, value) if type(value) is list else _CANNOT
    elif type(field) is fields.Dict:
        loaded = _plain_dict(field, value) if type(value) is dict else _CANNOT
    else:
        loaded = _CANNOT
    if loaded is _CANNOT or not _passes(field, loaded):
        return _CANNOT
    return loaded


def _plain_list(inner: fields.Field, value: list) -> object:
    items = [_plain_value(inner, item) for item in value]
    return _CANNOT if _CANNOT in items else items


def _plain_dict(field: fields.Dict, value: dict) -> object:
    loaded = {}
    for key, item in value.items():
        key = _plain_value(field.key_field, key) if field.key_field is not None else key
        item = _plain_value(field.value_field, item) if field.value_field is not None else item
        if key is _CANNOT or item is _CANNOT:
            return _CANNOT
        loaded[key] = item
    return loaded


def _passes(field: fields.Field, value: object) -> bool:
    try:
        for validator in field.validators:
            validator(value)
    except ValidationError:
        return False
    return True
