"""What every game's catalog module shares: the content hash of a catalog document, and the
built-in catalogs shipped in a game's package (read and indexed once each, and once for each
set of values logs declare on them)."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from dataclasses import replace
from functools import lru_cache
from importlib import resources
from typing import Generic, TypeVar

from replay.core.logs.declarations import Declaration, declare
from replay.core.logs.problems import InvalidLog, LogProblem
from replay.core.speech import say
from replay.core.words import alternatives

Catalog = TypeVar("Catalog")
# Built-in catalogs with declared values kept at once: a table records game after game with
# the same printed values declared (its own transcription), and indexing a catalog costs far
# more than replaying a game on it.
DECLARED_KEPT = 16


def catalog_sha256(document: dict) -> str:
    """Content hash of a catalog document (key order and spacing do not matter)."""
    canonical = json.dumps(document, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(canonical.encode()).hexdigest()


class BuiltinCatalogs(Generic[Catalog]):
    """A game's catalogs: the built-in ones in its package's ``data`` folder (the first is
    what a log that names no catalog is replayed with), and transcribed ones passed in.

    ``build(document)`` checks a document and indexes it for the engine (raising
    ``InvalidLog``); a built-in catalog is built once, then kept.
    """

    def __init__(self, package: str, builtin: tuple[str, ...],
                 build: Callable[[dict], Catalog]):
        self.package = package
        self.builtin = builtin
        self.build = build
        self._loaded: dict[str, Catalog] = {}
        self._declared = lru_cache(maxsize=DECLARED_KEPT)(self._declared_values)

    def document(self, catalog_id: str) -> dict:
        """The decoded JSON of a catalog shipped with the package."""
        path = resources.files(self.package).joinpath("data", f"{catalog_id}.json")
        return json.loads(path.read_text("utf-8"))

    def load(self, document: dict | None = None, catalog_id: str | None = None,
             declarations: list[Declaration] | None = None) -> Catalog:
        """Validate a catalog document (or a built-in one by id) and index it, with the
        values a log declares in place (``replay.core.logs.declarations``).

        Raises ``InvalidLog`` with every located problem when the catalog is not valid.
        """
        if declarations:
            if document is None:
                catalog_id = self._known(catalog_id)
                try:
                    # The values as written (their keys in the log's order, which the
                    # report keeps). One catalog for every load, with what it worked out
                    # once (a report copies what was declared: ``summary``).
                    return self._declared(catalog_id, tuple(
                        (d.entry, d.field, json.dumps(d.value)) for d in declarations))
                except InvalidLog:
                    pass  # refused: said again below, where the log says each value
            base = document if document is not None else self.document(catalog_id)
            declared, record = declare(base, declarations)
            return replace(self.build(declared), declared=tuple(record))
        if document is not None:
            return self.build(document)
        catalog_id = self._known(catalog_id)
        if catalog_id not in self._loaded:
            self._loaded[catalog_id] = self.build(self.document(catalog_id))
        return self._loaded[catalog_id]

    def _declared_values(self, catalog_id: str, values: tuple) -> Catalog:
        """A built-in catalog indexed with declared ``values`` (entry, field, JSON of the
        value) in place; what a declaration records depends on its value alone, not on
        where the log says it."""
        declared, record = declare(self.document(catalog_id), [
            Declaration(entry, field, json.loads(value)) for entry, field, value in values])
        return replace(self.build(declared), declared=tuple(record))

    def _known(self, catalog_id: str | None) -> str:
        """The built-in catalog a log names (the first when it names none)."""
        catalog_id = catalog_id or self.builtin[0]
        if catalog_id not in self.builtin:
            raise InvalidLog([LogProblem(
                say("unknown catalog {catalog}", catalog=repr(catalog_id)), path="/header/catalog",
                expected=say("{catalogs}, or a transcribed catalog passed with it",
                             catalogs=alternatives(self.builtin)))])
        return catalog_id
