"""Transcribed catalogs registered by clients: content-addressed, immutable once used.

"Used" is each client's own: another client's reports with the same content neither block
a name nor tell whether anyone used it.
"""

from __future__ import annotations

import json

import redis

from replay.games import GAMES
from workers.store import PREFIX


class CatalogInUse(Exception):
    """A catalog name already used by a report cannot point at other content."""


class CatalogStore:
    """Catalog documents by sha256, and each client's names for them."""

    def __init__(self, connection: redis.Redis):
        self.redis = connection

    @staticmethod
    def _name_key(owner: str, name: str) -> str:
        return f"{PREFIX}catalog:{owner}:{name}"

    @staticmethod
    def _doc_key(sha: str) -> str:
        return f"{PREFIX}catalog-doc:{sha}"

    @staticmethod
    def _used_key(owner: str, sha: str) -> str:
        return f"{PREFIX}catalog-used:{owner}:{sha}"

    def register(self, owner: str, name: str, document: dict) -> tuple[str, bool]:
        """Store a (checked) catalog under a name; return its sha256 and whether it is new."""
        sha = GAMES.for_catalog(document).catalog_sha256(document)
        current = self.sha_of(owner, name)
        if current == sha:
            return sha, False
        if current and self.redis.exists(self._used_key(owner, current)):
            raise CatalogInUse(current)
        pipe = self.redis.pipeline()
        pipe.set(self._doc_key(sha), json.dumps(document, sort_keys=True))
        pipe.set(self._name_key(owner, name), sha)
        pipe.execute()
        return sha, True

    def sha_of(self, owner: str, name: str) -> str | None:
        """The sha256 a client's catalog name points at."""
        raw = self.redis.get(self._name_key(owner, name))
        return raw.decode() if raw else None

    def document(self, sha: str) -> dict | None:
        """A catalog document by its sha256."""
        raw = self.redis.get(self._doc_key(sha))
        return json.loads(raw) if raw else None

    def mark_used(self, owner: str, sha: str) -> None:
        """A report of ``owner`` used this catalog: their names for it stay as they are."""
        self.redis.set(self._used_key(owner, sha), 1)
