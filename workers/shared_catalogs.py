"""Catalogs published to every client of the server: listed, compared, adopted.

A client publishes one of its own catalogs (by its name); the published catalog is its
content, addressed by sha256, so it never changes. Its publisher may withdraw it only while
no stored replay (of any client) names it. Adopting one gives the adopting client a name for
it and makes it the catalog its recordings of that game are made with, in one transaction.
"""

from __future__ import annotations

import json
import time

import redis

from workers.catalogs import CatalogInUse, CatalogStore, catalog_record
from workers.store import PREFIX

SHARED = PREFIX + "shared-catalogs"


class NotPublished(Exception):
    """No catalog with that sha256 is published."""


class NotYours(Exception):
    """Only the client that published a catalog may withdraw it."""


class SharedCatalogs:
    """The published catalogs: sha256 -> who published it, under which name, when."""

    def __init__(self, connection: redis.Redis):
        self.redis = connection
        self.catalogs = CatalogStore(connection)

    def publish(self, owner: str, name: str, sha: str) -> tuple[dict, bool]:
        """Publish the client's catalog ``name`` (whose content is ``sha``); the record, and
        whether it is newly published (content published before stays as it was)."""
        record = {"publisher": owner, "name": name, "published_at": round(time.time(), 3)}
        created = bool(self.redis.hsetnx(SHARED, sha, json.dumps(record)))
        return self.record(sha), created

    def record(self, sha: str) -> dict:
        """What every client sees of a published catalog (``NotPublished`` if it is not)."""
        raw = self.redis.hget(SHARED, sha)
        if raw is None:
            raise NotPublished(sha)
        return self._record(sha, json.loads(raw))

    def _record(self, sha: str, published: dict) -> dict:
        document = self.catalogs.document(sha)
        provenance = self.catalogs.provenance(sha)
        return dict(catalog_record(published["name"], sha, document),
                    publisher=published["publisher"], published_at=published["published_at"],
                    transcribed=sum(len(fields) for fields in provenance.values()))

    def records(self, game: str | None = None) -> list[dict]:
        """Every published catalog (of ``game``), oldest first."""
        found = [self._record(sha.decode(), json.loads(raw))
                 for sha, raw in self.redis.hgetall(SHARED).items()]
        found = [r for r in found if game is None or r["game"] == game]
        return sorted(found, key=lambda r: (r["published_at"], r["sha256"]))

    def withdraw(self, owner: str, sha: str) -> None:
        """Take a published catalog off the list: only its publisher, and only while no
        stored replay names it (``CatalogInUse`` otherwise)."""
        record = self.record(sha)
        if record["publisher"] != owner:
            raise NotYours(sha)
        if self.catalogs.used_by_anyone(sha):
            raise CatalogInUse(sha)
        self.redis.hdel(SHARED, sha)

    def adopt(self, owner: str, sha: str) -> str:
        """Give the client a name for a published catalog and make it the one its
        recordings of that game are made with, together; the name."""
        record = self.record(sha)
        name = f"shared-{record['id'][:40]}-{sha[:8]}"  # a catalog name: 64 characters at most
        pipe = self.redis.pipeline(transaction=True)
        pipe.set(CatalogStore.name_key(owner, name), sha)
        pipe.sadd(CatalogStore.names_key(owner), name)
        pipe.set(CatalogStore.chosen_key(owner, record["game"]), sha)
        pipe.execute()
        return name
