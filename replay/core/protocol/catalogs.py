"""What every game's catalog module shares: the content hash of a catalog document, and the
built-in catalogs shipped in a game's package (read and indexed once each)."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from dataclasses import replace
from importlib import resources
from typing import Generic, TypeVar

from replay.core.logs.declarations import Declaration, declare
from replay.core.logs.problems import InvalidLog, LogProblem
from replay.core.speech import say
from replay.core.words import alternatives

Catalog = TypeVar("Catalog")


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
            base = document if document is not None else self.document(
                self._known(catalog_id))
            declared, record = declare(base, declarations)
            return replace(self.build(declared), declared=tuple(record))
        if document is not None:
            return self.build(document)
        catalog_id = self._known(catalog_id)
        if catalog_id not in self._loaded:
            self._loaded[catalog_id] = self.build(self.document(catalog_id))
        return self._loaded[catalog_id]

    def _known(self, catalog_id: str | None) -> str:
        """The built-in catalog a log names (the first when it names none)."""
        catalog_id = catalog_id or self.builtin[0]
        if catalog_id not in self.builtin:
            raise InvalidLog([LogProblem(
                say("unknown catalog {catalog}", catalog=repr(catalog_id)), path="/header/catalog",
                expected=say("{catalogs}, or a transcribed catalog passed with it",
                             catalogs=alternatives(self.builtin)))])
        return catalog_id
