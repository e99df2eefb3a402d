"""A component's printed name in each language its editions are printed in.

A catalog entry's ``name`` is the name printed on the English edition. Beside it, ``names``
may hold the name printed on another language's edition (``"names": {"zh_Hans": "..."}``),
so a reader of that language sees the name on their own cards. A report carries, beside
``names`` (id -> English printed name), ``names_by_language`` (language -> id -> printed
name) for the ids it names that the catalog names in another language: plain data, the same
whatever the reader's language, from which a page picks its reader's.
"""

from __future__ import annotations

from collections.abc import Mapping

from marshmallow import ValidationError, fields, validate

import languages
from replay.core.logs.declarations import NAMES, iter_entries
from replay.core.speech import Phrase

REPORTED = "names_by_language"  # a report's or state document's key
# Also a document's key: for each id named by its words (a board space, a manuscript: what
# is printed there, said in English), those words, so a page says the name in its language.
NAMES_WORDS = "names_words"
OTHER_LANGUAGES = tuple(code for code in languages.NAMES if code != languages.ENGLISH)


def _known_language(tag: str) -> None:
    """Refuse a tag that is not one of the referee's languages (English is ``name``)."""
    if tag not in OTHER_LANGUAGES:
        raise ValidationError(
            f"{tag!r} is not a language the referee speaks besides English: "
            + ", ".join(OTHER_LANGUAGES) + " (the English printed name is the entry's 'name')")


def names_field() -> fields.Dict:
    """The schema of an entry's ``names``: a known language's tag -> a printed name that is
    not empty."""
    return fields.Dict(
        keys=fields.String(validate=_known_language),
        values=fields.String(validate=validate.Regexp(
            r"\S", error="a printed name is not empty: leave the language out instead")))


def names_in(document: object) -> dict[str, dict[str, str]]:
    """Language -> id -> printed name, for every entry of a catalog document that names
    itself in another language than English (the document was checked)."""
    found: dict[str, dict[str, str]] = {}
    for _, entry in iter_entries(document):
        for language, name in (entry.get(NAMES) or {}).items():
            found.setdefault(language, {})[entry["id"]] = name
    return found


def reported(names: Mapping[str, str],
             translated: Mapping[str, Mapping[str, str]]) -> dict[str, dict[str, str]]:
    """What a document naming ``names`` (id -> English name) carries as ``names_by_language``:
    the ids among them ``translated`` names in each language, in id order; empty when none."""
    found = {}
    for language in sorted(translated):
        named = {ident: translated[language][ident] for ident in sorted(names)
                 if ident in translated[language]}
        if named:
            found[language] = named
    return found


def translations_of(*documents: Mapping) -> dict[str, dict[str, str]]:
    """The ``names_by_language`` of several documents together."""
    found: dict[str, dict[str, str]] = {}
    for document in documents:
        for language, names in (document.get(REPORTED) or {}).items():
            found.setdefault(language, {}).update(names)
    return found


def named_with(earlier: Mapping, document: dict) -> dict:
    """``document`` with the names of ``earlier`` (a report, for a state of its game)
    added, its own kept where both name an id."""
    return with_translations({**document, "names": {**(earlier.get("names") or {}),
                                                    **(document.get("names") or {})},
                              **words_of_names(earlier, document)},
                             translations_of(earlier, document))


def words_of_names(*documents: Mapping) -> dict:
    """The ``names_words`` of several documents together (a later one's words kept where
    two give words for an id), as a document's entry; empty when none has any."""
    words = {ident: said for document in documents
             for ident, said in (document.get(NAMES_WORDS) or {}).items()}
    return {NAMES_WORDS: words} if words else {}


def with_translations(document: dict, translated: Mapping[str, Mapping[str, str]]) -> dict:
    """``document`` (a report or state, with its ``names``) with ``names_by_language`` when
    the catalog names any of its ids in another language, and ``names_words`` for the names
    said in words; unchanged otherwise, so a report that names nothing so stays as it was."""
    found = reported(document.get("names") or {}, translated)
    if found:
        document[REPORTED] = found
    words = {ident: name.words() for ident, name in (document.get("names") or {}).items()
             if isinstance(name, Phrase)}
    if words:
        document[NAMES_WORDS] = {**(document.get(NAMES_WORDS) or {}), **words}
    return document
