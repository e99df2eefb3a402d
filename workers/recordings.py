"""Recordings: games being recorded at the table, kept in Redis under the project's keys.

A recording is a header (game, players, variants, catalog), its events so far and a version
that counts every change. Each change names the version it was made on and is one Lua
script: when the recording has moved on since (another phone tapped first), the script
changes nothing and says so, so a stale tap never overwrites or loses a move. Besides the
events a recording keeps its latest *step* (what the table looks like and what may come
next), written with the version it belongs to, so that showing the page needs no replay.
"""

from __future__ import annotations

import json
import time
import uuid
import zlib
from dataclasses import dataclass, field

import orjson
import redis

from workers.store import PREFIX

RECORDING = PREFIX + "recording:"
STATUS_RECORDING = "recording"
STATUS_FINISHED = "finished"

# KEYS[1] the recording, KEYS[2] its events; ARGV[1] the version the change was made on,
# ARGV[2] the operation (append, undo, replace, header, finish), ARGV[3] the step (or the
# replay id) that goes with the new version, ARGV[4] the most events allowed, ARGV[5] the time
# now, ARGV[6..] the events to append (replace: the index, then the event put there; header:
# the new header).
# Answers {outcome, version}: ok, stale (the version now), missing, finished, full, empty.
CHANGE = """
local version = redis.call('HGET', KEYS[1], 'version')
if not version then return {'missing', '0'} end
if version ~= ARGV[1] then return {'stale', version} end
if redis.call('HGET', KEYS[1], 'status') ~= 'recording' then return {'finished', version} end
local op = ARGV[2]
if op == 'append' then
  if redis.call('LLEN', KEYS[2]) + #ARGV - 5 > tonumber(ARGV[4]) then
    return {'full', version}
  end
  for i = 6, #ARGV do redis.call('RPUSH', KEYS[2], ARGV[i]) end
elseif op == 'undo' then
  if not redis.call('RPOP', KEYS[2]) then return {'empty', version} end
elseif op == 'replace' then
  if tonumber(ARGV[6]) >= redis.call('LLEN', KEYS[2]) then return {'empty', version} end
  redis.call('LSET', KEYS[2], ARGV[6], ARGV[7])
elseif op == 'header' then
  redis.call('HSET', KEYS[1], 'header', ARGV[6])
elseif op == 'finish' then
  redis.call('HSET', KEYS[1], 'status', 'finished', 'replay', ARGV[3])
end
local new = tostring(tonumber(version) + 1)
redis.call('HSET', KEYS[1], 'version', new, 'updated_at', ARGV[5])
if op ~= 'finish' then redis.call('HSET', KEYS[1], 'step', ARGV[3]) end
return {'ok', new}
"""


class ChangeRefused(Exception):
    """A change the recording did not take; ``outcome`` says why, ``version`` is its
    version now (nothing was changed)."""

    def __init__(self, outcome: str, version: int):
        super().__init__(outcome)
        self.outcome = outcome
        self.version = version


@dataclass
class Recording:
    """A recording as stored: its header, events, version, owner and status."""

    id: str
    owner: str
    header: dict
    events: list[dict]
    version: int
    status: str
    created_at: float
    replay: str | None = None
    step: dict | None = field(default=None, repr=False)


def new_id() -> str:
    """A fresh recording id (random, so ids tell nothing and cannot be guessed)."""
    return "r" + uuid.uuid4().hex[:20]


class RecordingStore:
    """Recordings as a Redis hash (header, version, status, step) and a list of events."""

    def __init__(self, connection: redis.Redis):
        self.redis = connection
        self._change = connection.register_script(CHANGE)

    @staticmethod
    def key(recording_id: str) -> str:
        """The Redis key of one recording's hash."""
        return RECORDING + recording_id

    @staticmethod
    def events_key(recording_id: str) -> str:
        """The Redis list of one recording's events, in order."""
        return RECORDING + recording_id + ":events"

    @staticmethod
    def owner_index(owner: str) -> str:
        """The sorted set of one client's recordings, by creation time."""
        return f"{PREFIX}owner:{owner}:recordings"

    def count_for(self, owner: str) -> int:
        """How many recordings a client has."""
        return self.redis.zcard(self.owner_index(owner))

    def list_for(self, owner: str, limit: int = 50) -> list[Recording]:
        """A client's recordings, newest first (without their events)."""
        ids = [i.decode() for i in self.redis.zrevrange(self.owner_index(owner), 0, limit - 1)]
        found = [self.get(i, with_events=False) for i in ids]
        return [r for r in found if r is not None]

    def create(self, owner: str, header: dict, step: dict) -> Recording:
        """Store a new recording with no events, at version 1."""
        recording_id = new_id()
        now = round(time.time(), 3)
        pipe = self.redis.pipeline()
        pipe.hset(self.key(recording_id), mapping={
            "id": recording_id, "owner": owner, "header": json.dumps(header),
            "version": 1, "status": STATUS_RECORDING, "created_at": now,
            "updated_at": now, "step": _pack(step)})
        pipe.zadd(self.owner_index(owner), {recording_id: now})
        pipe.execute()
        return Recording(recording_id, owner, header, [], 1, STATUS_RECORDING, now, step=step)

    def get(self, recording_id: str, with_events: bool = True) -> Recording | None:
        """A recording as it stands now, or None. Hash and events are read in one
        transaction, so the events always belong to the version read."""
        pipe = self.redis.pipeline(transaction=True)
        pipe.hgetall(self.key(recording_id))
        if with_events:
            pipe.lrange(self.events_key(recording_id), 0, -1)
        found = pipe.execute()
        raw = found[0]
        if not raw:
            return None
        fields = {k.decode(): v for k, v in raw.items()}
        # One parse of the whole list: a long game's events read in a millisecond or two.
        events = orjson.loads(b"[" + b",".join(found[1]) + b"]") if with_events else []
        step = _unpack(fields["step"]) if "step" in fields else None
        return Recording(
            id=fields["id"].decode(), owner=fields["owner"].decode(),
            header=json.loads(fields["header"]), events=events,
            version=int(fields["version"]), status=fields["status"].decode(),
            created_at=float(fields["created_at"]),
            replay=fields["replay"].decode() if "replay" in fields else None, step=step)

    def append(self, recording_id: str, version: int, events: list[dict], step: dict,
               max_events: int) -> int:
        """Add events at the end if the recording is still at ``version``; the new
        version. ``ChangeRefused`` otherwise, with nothing changed."""
        return self._run(recording_id, version, "append", _pack(step), max_events,
                         [json.dumps(e) for e in events])

    def undo(self, recording_id: str, version: int, step: dict) -> int:
        """Take back the last event if the recording is still at ``version``."""
        return self._run(recording_id, version, "undo", _pack(step), 0, [])

    def replace(self, recording_id: str, version: int, index: int, event: dict,
                step: dict) -> int:
        """Put ``event`` in the place of the ``index``-th, if the recording is still at
        ``version``."""
        return self._run(recording_id, version, "replace", _pack(step), 0,
                         [str(index), json.dumps(event)])

    def set_header(self, recording_id: str, version: int, header: dict, step: dict) -> int:
        """Put a new header in place (the components the log declares, the ones the table
        passed over), if the recording is still at ``version``."""
        return self._run(recording_id, version, "header", _pack(step), 0, [json.dumps(header)])

    def finish(self, recording_id: str, version: int, replay_id: str) -> int:
        """Mark the recording finished, submitted as the replay ``replay_id``."""
        return self._run(recording_id, version, "finish", replay_id, 0, [])

    def _run(self, recording_id: str, version: int, op: str, payload, max_events: int,
             events: list[str]) -> int:
        outcome, now = self._change(
            keys=[self.key(recording_id), self.events_key(recording_id)],
            args=[str(version), op, payload, max_events, round(time.time(), 3), *events])
        if outcome != b"ok":
            raise ChangeRefused(outcome.decode(), int(now))
        return int(now)

    def save_step(self, recording_id: str, step: dict) -> None:
        """Keep a step worked out again (its version says which version it is of)."""
        self.redis.hset(self.key(recording_id), "step", _pack(step))


def _pack(step: dict) -> bytes:
    return zlib.compress(json.dumps(step, separators=(",", ":")).encode(), 6)


def _unpack(raw: bytes) -> dict:
    return json.loads(zlib.decompress(raw))
