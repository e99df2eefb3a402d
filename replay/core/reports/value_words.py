"""A catalog value in words, as a report lists it for a person to check against the printed
component: ``effects: 2 points when you take a scholar`` rather than its JSON.

A game that has words for its effects passes them (``effect``: a value -> its words, None for
a value that is no effect of the game); everything else is said plainly: a number as it is, a
word with its underscores as spaces, a component id by its printed name, a list item by item
and an object field by field ("1 gold, 1 any resource").
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from replay.core.speech import tr

EffectWords = Callable[[object], str | None]


def field_words(field: str) -> str:
    """A catalog field's dotted path as words (``gain.silver``: "gain silver"), in the
    reader's language where the game's words know it."""
    return " ".join(_word(part) for part in field.split("."))


def value_place(entry: str, field: str, names: Mapping[str, str]) -> str:
    """Where a value is printed, as a person finds it: the component by its printed name
    (its id when it has none), then the field in words ("segment 1, outer right space,
    exits")."""
    return tr("{entry}, {field}", entry=names.get(entry, entry), field=field_words(field))


def _word(text: str) -> str:
    """A word of the catalog (``outer_left``, ``guards``) with its underscores as spaces, said
    in the reader's language where the game's words know it."""
    return tr(text.replace("_", " "))


def value_words(value: object, names: Mapping[str, str] | None = None,
                effect: EffectWords | None = None) -> str:
    """``value`` in words: the game's words for an effect, else said plainly."""
    names = names or {}
    if effect is not None:
        said = effect(value)
        if said is not None:
            return said
    if isinstance(value, bool):
        return tr("yes") if value else tr("no")
    if value is None or value == [] or value == {}:
        return tr("none")
    if isinstance(value, str):
        return names.get(value) or _word(value)
    if isinstance(value, list):
        nested = any(isinstance(item, (list, dict)) for item in value)
        return (tr("; ") if nested else tr(", ")).join(
            value_words(item, names, effect) for item in value)
    if isinstance(value, dict):
        return tr(", ").join(_field(key, item, names, effect) for key, item in value.items())
    return str(value)


def _field(key: str, value: object, names: Mapping[str, str],
           effect: EffectWords | None) -> str:
    """One field of an object: an amount before what it counts ("2 coins"), else the field's
    name and its value."""
    if isinstance(value, int) and not isinstance(value, bool):
        return tr("{number} {what}", number=value, what=field_words(key))
    return tr("{field}: {value}", field=field_words(key),
              value=value_words(value, names, effect))
