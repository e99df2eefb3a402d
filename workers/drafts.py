"""Each client's draft catalog of a game: the printed values its recordings declared.

A value the table transcribes in a recording (``api.recorder_asks``) is kept here, under the
client and the game, with the recording it came from; the client's later recordings declare
it without asking again. Adopting the draft turns it into a catalog of the client's own (the
one its recordings are then made with) and empties the draft, in one transaction: either all
of it is adopted, or nothing changes. No client ever reads another's draft: every key names
its owner.
"""

from __future__ import annotations

import json
import time

import redis

from workers.catalogs import CatalogStore
from workers.store import PREFIX

SEPARATOR = "\t"  # between a draft value's entry id and its field (neither holds a tab)


class DraftChanged(Exception):
    """The draft changed while it was being adopted (a recording declared a value): nothing
    was adopted."""


def _draft_key(owner: str, game: str) -> str:
    return f"{PREFIX}draft:{owner}:{game}"


def _skipped_key(owner: str, game: str) -> str:
    return f"{PREFIX}draft-skipped:{owner}:{game}"


def _counter_key(owner: str, game: str) -> str:
    return f"{PREFIX}draft-adopted:{owner}:{game}"


class DraftStore:
    """The values a client's recordings declared, per game, until the client adopts them."""

    def __init__(self, connection: redis.Redis):
        self.redis = connection

    def add(self, owner: str, game: str, entry: str, values: dict,
            recording: str | None, replay: str | None = None) -> None:
        """Keep the values one recording declared of one component (None: read on the
        whole-game page), or a submitted log (``replay``, its replay's id). A later
        transcription of the same value takes its place, except from a submitted log (a
        recorded game submitted afterwards keeps its recording as the source); one that
        differs keeps the earlier ones beside it (``earlier``), to be seen side by side
        before the draft is adopted."""
        now = round(time.time(), 3)
        key = _draft_key(owner, game)
        fields = [f"{entry}{SEPARATOR}{name}" for name in values]
        held = dict(zip(fields, self.redis.hmget(key, fields), strict=True))
        kept = {}
        for field, value in zip(fields, values.values(), strict=True):
            item = {"value": value, "recording": recording, "at": now}
            if replay is not None:
                item["replay"] = replay
            before = json.loads(held[field]) if held[field] else None
            if before is not None and replay is not None and before["value"] == value:
                continue
            if before is not None:
                earlier = before.pop("earlier", [])
                if before["value"] != value:
                    earlier.append(before)
                if earlier:
                    item["earlier"] = earlier
            kept[field] = json.dumps(item)
        if kept:
            self.redis.hset(key, mapping=kept)

    def values(self, owner: str, game: str) -> dict[str, dict[str, dict]]:
        """The draft: entry -> field -> ``{"value", "recording", "at"}``."""
        return _decode(self.redis.hgetall(_draft_key(owner, game)))

    def declared(self, owner: str, game: str) -> dict[str, dict]:
        """The draft as a log's ``components`` section: entry -> field -> value."""
        return {entry: {name: item["value"] for name, item in fields.items()}
                for entry, fields in self.values(owner, game).items()}

    def skip(self, owner: str, game: str, entry: str) -> None:
        """The whole-game page goes past a component (until it starts again)."""
        self.redis.sadd(_skipped_key(owner, game), entry)

    def skipped(self, owner: str, game: str) -> set[str]:
        """The components the whole-game page went past."""
        return {raw.decode() for raw in self.redis.smembers(_skipped_key(owner, game))}

    def restart(self, owner: str, game: str) -> None:
        """The whole-game page asks again for the components it went past."""
        self.redis.delete(_skipped_key(owner, game))

    def adopt(self, owner: str, game: str, draft: dict, document: dict, sha: str,
              provenance: dict) -> str:
        """Make ``document`` (the draft applied to the client's catalog, checked) a catalog
        of the client's own and the one its recordings of ``game`` are made with, and empty
        the draft; all in one transaction, and only if the draft is still ``draft``
        (``DraftChanged`` otherwise, with nothing changed). Returns the catalog's name."""
        key = _draft_key(owner, game)
        with self.redis.pipeline() as pipe:
            pipe.watch(key)
            if _decode(pipe.hgetall(key)) != draft:
                raise DraftChanged(game)
            number = int(pipe.get(_counter_key(owner, game)) or 0) + 1
            name = f"{game}-transcribed-{number}"
            pipe.multi()
            pipe.set(_counter_key(owner, game), number)
            pipe.set(CatalogStore.doc_key(sha), json.dumps(document, sort_keys=True))
            pipe.setnx(CatalogStore.provenance_key(sha), json.dumps(provenance, sort_keys=True))
            pipe.set(CatalogStore.name_key(owner, name), sha)
            pipe.sadd(CatalogStore.names_key(owner), name)
            pipe.set(CatalogStore.chosen_key(owner, game), sha)
            pipe.delete(key)
            try:
                pipe.execute()
            except redis.WatchError:
                raise DraftChanged(game) from None
        return name


def _decode(raw: dict) -> dict[str, dict[str, dict]]:
    found: dict[str, dict[str, dict]] = {}
    for key, value in sorted(raw.items()):
        entry, _, name = key.decode().partition(SEPARATOR)
        found.setdefault(entry, {})[name] = json.loads(value)
    return found
