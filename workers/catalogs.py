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
    def _names_key(owner: str) -> str:
        return f"{PREFIX}catalog-names:{owner}"

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
        if current and self.is_used(owner, current):
            raise CatalogInUse(current)
        pipe = self.redis.pipeline()
        pipe.set(self._doc_key(sha), json.dumps(document, sort_keys=True))
        pipe.set(self._name_key(owner, name), sha)
        pipe.sadd(self._names_key(owner), name)
        pipe.execute()
        return sha, True

    def sha_of(self, owner: str, name: str) -> str | None:
        """The sha256 a client's catalog name points at."""
        raw = self.redis.get(self._name_key(owner, name))
        return raw.decode() if raw else None

    def records(self, owner: str) -> list[dict]:
        """A client's catalogs by name: sha256, identity, game, and whether a report used it."""
        names = sorted(raw.decode() for raw in self.redis.smembers(self._names_key(owner)))
        if not names:
            return []
        shas = [raw.decode() for raw in self.redis.mget(
            [self._name_key(owner, name) for name in names])]
        pipe = self.redis.pipeline()
        for sha in shas:
            pipe.get(self._doc_key(sha))
            pipe.exists(self._used_key(owner, sha))
        answers = pipe.execute()
        return [dict(catalog_record(name, sha, json.loads(answers[2 * i])),
                     used=bool(answers[2 * i + 1]))
                for i, (name, sha) in enumerate(zip(names, shas, strict=True))]

    def document(self, sha: str) -> dict | None:
        """A catalog document by its sha256."""
        raw = self.redis.get(self._doc_key(sha))
        return json.loads(raw) if raw else None

    def is_used(self, owner: str, sha: str) -> bool:
        """Whether a report of ``owner`` used this catalog (its name is then fixed)."""
        return bool(self.redis.exists(self._used_key(owner, sha)))

    def mark_used(self, owner: str, sha: str) -> None:
        """A report of ``owner`` used this catalog: their names for it stay as they are."""
        self.redis.set(self._used_key(owner, sha), 1)


def catalog_record(name: str, sha: str, document: dict) -> dict:
    """What a client sees of a registered catalog: its name, content hash and identity."""
    meta = document["meta"]
    return {"name": name, "sha256": sha, "id": meta["id"], "game": meta["game"],
            "printed": meta["printed"]}
