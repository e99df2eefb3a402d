"""The catalog a recording is made with: a built-in one, or one its client adopted.

A recording's header names its catalog by id (``catalog``); when that is a catalog of the
client's own (adopted from its draft, or from a published one), the header also holds its
sha256 (``catalog_sha``), and the document and the values transcribed into it are read from
the catalog store (content-addressed, so a document once read is kept).
"""

from __future__ import annotations

from flask import current_app

from workers.catalogs import CatalogStore

# sha256 -> document, and its transcribed values (both immutable: written once, with it).
_DOCUMENTS: dict[str, dict] = {}
_TRANSCRIBED: dict[str, dict] = {}


def store() -> CatalogStore:
    """The catalog store on the app's Redis connection."""
    return CatalogStore(current_app.extensions["referee_redis"])


def custom_document(header: dict) -> dict | None:
    """The document of the client's catalog a recording is made with, or None when it is
    made with a built-in catalog."""
    sha = header.get("catalog_sha")
    if not sha:
        return None
    if sha not in _DOCUMENTS:
        document = store().document(sha)
        if document is None:
            raise LookupError(f"catalog {sha} is not stored")
        _DOCUMENTS[sha] = document
    return _DOCUMENTS[sha]


def transcribed(header: dict) -> dict[str, dict]:
    """The values of the recording's catalog transcribed from the printed components:
    entry -> field -> provenance (empty for a built-in catalog)."""
    sha = header.get("catalog_sha")
    if not sha:
        return {}
    if sha not in _TRANSCRIBED:
        _TRANSCRIBED[sha] = store().provenance(sha)
    return _TRANSCRIBED[sha]
