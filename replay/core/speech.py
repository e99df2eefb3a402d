"""What a person reads, in their language.

The engines write English. A page, a rendered report or the command line says it in the
reader's language by running inside ``speaking(translator)``, where ``tr`` and ``ntr`` look
each text up in that translator (a gettext catalog: see the ``languages`` package). Outside
it they give the English text. The translator lives in a context variable, so two requests
on two threads never hear each other's language.

A ``Phrase`` is English text that keeps the template and values it was made from, so a
report stored in English (a violation's message) can be said again in another language:
``said(words)`` renders the template's translation with the values, each itself said again.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from gettext import GNUTranslations
from string import Formatter

_TRANSLATOR: ContextVar[object | None] = ContextVar("translator", default=None)


@contextmanager
def speaking(translator) -> Iterator[None]:
    """Within this block ``tr`` and ``ntr`` answer from ``translator`` (None: English)."""
    token = _TRANSLATOR.set(_spoken(translator))
    try:
        yield
    finally:
        _TRANSLATOR.reset(token)


def speak(translator) -> None:
    """Answer from ``translator`` from now on in this context (a request's own thread)."""
    _TRANSLATOR.set(_spoken(translator))


def _spoken(translator):
    """None for a translator with no catalog (English): the engine's text is said as is."""
    return translator if isinstance(translator, GNUTranslations) else None


def spoken_language() -> str | None:
    """The language tag the translator being spoken names itself by (its catalog's
    ``Language`` header), None for English or a translator that names none."""
    translator = _TRANSLATOR.get()
    return translator.info().get("language") if translator is not None else None


def tr(text: str, **values) -> str:
    """``text`` in the reader's language, its ``{name}`` fields filled from ``values``."""
    translator = _TRANSLATOR.get()
    said = translator.gettext(text) if translator is not None and text else text
    return said.format(**values) if values else said


def ntr(singular: str, plural: str, number: int, **values) -> str:
    """The form of ``singular``/``plural`` for ``number`` in the reader's language, its
    fields (``number`` among them) filled in."""
    translator = _TRANSLATOR.get()
    if translator is None:
        said = singular if number == 1 else plural
    else:
        said = translator.ngettext(singular, plural, number)
    return said.format(number=number, **values)


class Phrase(str):
    """English text that remembers the template and values it was made from."""

    __slots__ = ("_words", "template", "values")

    def __new__(cls, text: str, template: str, values: dict):
        phrase = super().__new__(cls, text)
        phrase.template = template
        phrase.values = values
        phrase._words = None
        return phrase

    def __copy__(self):
        return self  # a phrase never changes: copying a table's state shares its phrases

    def __deepcopy__(self, memo):
        return self

    def __reduce__(self):
        # str's own reduce would rebuild a phrase from its text alone (a pickled report):
        # keep the template and values too.
        return Phrase, (str(self), self.template, self.values)

    def words(self) -> dict:
        """Plain data to say this again later: the template and each value (a phrase among
        the values as its own words). Made once: a phrase shared by many ledger rows (a
        resource's name) gives them all the same words, which nothing changes."""
        if self._words is None:
            values = self.values
            for value in values.values():
                if isinstance(value, Phrase):
                    values = {name: value.words() if isinstance(value, Phrase) else value
                              for name, value in values.items()}
                    break
            self._words = {"template": self.template, "values": values}
        return self._words


def say(template: str, **values) -> Phrase:
    """``template`` with its ``{name}`` fields filled in English, remembering both."""
    return Phrase(_filled(template, values), template, values)


# Each template's parts (``string.Formatter().parse``), read once: a phrase is made for
# nearly every ledger row, and reading its template again each time cost more than the rest.
# None for a template whose fields are not plain names (``format`` then fills it).
_PARTS: dict[str, tuple | None] = {}
_MOST_TEMPLATES = 4096  # templates made from data are few; the cache stops growing all the same


def _parts(template: str) -> tuple | None:
    try:
        parts = tuple(Formatter().parse(template))
    except ValueError:  # an unmatched brace: ``format`` says so, as it always did
        return None
    plain = all(name is None or (name.isidentifier() and conversion is None and "{" not in spec)
                for _, name, spec, conversion in parts)
    return parts if plain else None


def _filled(template: str, values: dict) -> str:
    """``template.format(**values)``, from its parts read once."""
    try:
        parts = _PARTS[template]
    except KeyError:
        parts = _parts(template)
        if len(_PARTS) < _MOST_TEMPLATES:
            _PARTS[template] = parts
    if parts is None:
        return template.format(**values)
    out = []
    for literal, name, spec, _ in parts:
        out.append(literal)
        if name is not None:
            out.append(format(values[name], spec))
    return "".join(out)


def worded(item: dict, *names: str) -> dict:
    """``item`` (a note, a warning, a problem: plain data a report lists) with ``words``: for
    each of its texts ``names`` (default: ``message``) built as a phrase, its ``words()``, so
    ``message(item, name)`` can say it again in the reader's language."""
    words = {name: item[name].words() for name in names or ("message",)
             if isinstance(item.get(name), Phrase)}
    if words:
        item["words"] = {**item.get("words", {}), **words}
    return item


def said(words: dict) -> str:
    """A phrase's ``words()`` said in the reader's language."""
    values = {name: said(value) if isinstance(value, dict) else value
              for name, value in words.get("values", {}).items()}
    return tr(words["template"], **values)


def say_again(phrase: Phrase) -> str:
    """A phrase in the reader's language: in English the text it was made as (its plural
    included), in another language said again from its words."""
    return said(phrase.words()) if _TRANSLATOR.get() is not None else str(phrase)


def message(item: dict, name: str = "message") -> str:
    """A report item's text ``name`` (a violation's message, expected or found) in the
    reader's language: said again from its stored words when it has them, else its English
    text looked up as it is."""
    words = (item.get("words") or {}).get(name)
    if isinstance(words, dict) and _TRANSLATOR.get() is not None:
        return said(words)
    text = item.get(name)  # English: the text as the engine wrote it
    return tr(text) if text else ""
