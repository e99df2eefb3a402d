"""Transcribed catalogs registered by clients: content-addressed, immutable once used.

"Used" is each client's own: another client's reports with the same content neither block
a name nor tell whether anyone used it. Beside a document may be kept its *provenance*: the
values transcribed from the printed components, each with who transcribed it and the game it
came from (written once with the document, never changed). And each client may have chosen,
per game, the catalog its recordings are made with (one it adopted).
"""

from __future__ import annotations

import json

import redis

from replay.games import GAMES
from workers.store import PREFIX

# A use mark outlives the report it stands for by this much (the report is stored a moment
# after the mark is set).
USE_MARGIN = 60
# KEYS: the use mark; ARGV: seconds it must last at least (0: for ever). A mark only ever
# lasts longer: the latest-kept report using the catalog decides when it goes.
MARK_USED = """
local ttl = redis.call('TTL', KEYS[1])
local keep = tonumber(ARGV[1])
if keep == 0 then
  redis.call('SET', KEYS[1], 1)
elseif ttl == -2 or (ttl ~= -1 and ttl < keep) then
  redis.call('SET', KEYS[1], 1, 'EX', keep)
end
"""


class CatalogInUse(Exception):
    """A catalog name already used by a report cannot point at other content."""


class CatalogStore:
    """Catalog documents by sha256, and each client's names for them."""

    def __init__(self, connection: redis.Redis):
        self.redis = connection
        self._mark = connection.register_script(MARK_USED)

    @staticmethod
    def name_key(owner: str, name: str) -> str:
        """The Redis key of a client's name for a catalog (its sha256)."""
        return f"{PREFIX}catalog:{owner}:{name}"

    @staticmethod
    def names_key(owner: str) -> str:
        """The Redis set of a client's catalog names."""
        return f"{PREFIX}catalog-names:{owner}"

    @staticmethod
    def doc_key(sha: str) -> str:
        """The Redis key of a catalog document, by its sha256."""
        return f"{PREFIX}catalog-doc:{sha}"

    @staticmethod
    def provenance_key(sha: str) -> str:
        """The Redis key of a catalog's transcribed values and their provenance."""
        return f"{PREFIX}catalog-provenance:{sha}"

    @staticmethod
    def chosen_key(owner: str, game: str) -> str:
        """The Redis key of the catalog a client's recordings of ``game`` are made with."""
        return f"{PREFIX}catalog-chosen:{owner}:{game}"

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
        pipe.set(self.doc_key(sha), json.dumps(document, sort_keys=True))
        pipe.set(self.name_key(owner, name), sha)
        pipe.sadd(self.names_key(owner), name)
        pipe.execute()
        return sha, True

    def sha_of(self, owner: str, name: str) -> str | None:
        """The sha256 a client's catalog name points at."""
        raw = self.redis.get(self.name_key(owner, name))
        return raw.decode() if raw else None

    def records(self, owner: str) -> list[dict]:
        """A client's catalogs by name: sha256, identity, game, and whether a report used it."""
        names = sorted(raw.decode() for raw in self.redis.smembers(self.names_key(owner)))
        if not names:
            return []
        shas = [raw.decode() for raw in self.redis.mget(
            [self.name_key(owner, name) for name in names])]
        pipe = self.redis.pipeline()
        for sha in shas:
            pipe.get(self.doc_key(sha))
            pipe.exists(self._used_key(owner, sha))
        answers = pipe.execute()
        return [dict(catalog_record(name, sha, json.loads(answers[2 * i])),
                     used=bool(answers[2 * i + 1]))
                for i, (name, sha) in enumerate(zip(names, shas, strict=True))]

    def document(self, sha: str) -> dict | None:
        """A catalog document by its sha256."""
        raw = self.redis.get(self.doc_key(sha))
        return json.loads(raw) if raw else None

    def provenance(self, sha: str) -> dict:
        """The values of a catalog transcribed from the printed components: entry -> field ->
        ``{"value", "source", "game"}`` (empty for a catalog nobody transcribed here)."""
        raw = self.redis.get(self.provenance_key(sha))
        return json.loads(raw) if raw else {}

    def chosen(self, owner: str, game: str) -> str | None:
        """The sha256 of the catalog a client's new recordings of ``game`` are made with
        (None: the game's built-in catalog)."""
        raw = self.redis.get(self.chosen_key(owner, game))
        return raw.decode() if raw else None

    def is_used(self, owner: str, sha: str) -> bool:
        """Whether a report of ``owner`` used this catalog (its name is then fixed)."""
        return bool(self.redis.exists(self._used_key(owner, sha)))

    def mark_used(self, owner: str, sha: str, kept_for: int) -> None:
        """A report of ``owner``, kept ``kept_for`` seconds (0: for ever), used this catalog:
        their names for it stay as they are until the last such report has gone."""
        self._mark(keys=[self._used_key(owner, sha)], args=[kept_for + USE_MARGIN
                                                           if kept_for else 0])

    def used_by_anyone(self, sha: str) -> bool:
        """Whether any client's report used this catalog (a rare question: it walks the
        keys of every client's use of catalogs)."""
        pattern = self._used_key("*", sha)
        return next(iter(self.redis.scan_iter(match=pattern, count=1000)), None) is not None


def catalog_record(name: str, sha: str, document: dict) -> dict:
    """What a client sees of a registered catalog: its name, content hash and identity."""
    meta = document["meta"]
    return {"name": name, "sha256": sha, "id": meta["id"], "game": meta["game"],
            "printed": meta["printed"]}
