"""Durable storage of submissions and their reports, in Redis under the project's own keys.

Reports are kept here rather than as RQ job results, which expire. Every accepted
submission is in ``referee:unfinished`` until it has a report or a recorded failure, so
recovery can find what a dead worker or a restarted Redis left behind.

Logs and reports are stored zlib-compressed (a four-player game's log and report shrink
about twelve times). Every change of state that must not be torn is one Lua script:
accepting (idempotency key, content key, record, queue, and the client's quota),
claiming (a drain job takes the next pending replay and its lease), finishing (only an
unfinished replay can finish, so a finished replay is terminal; it then expires after its
client's retention period), finishing one replay and claiming the next (one write where
two would wait for the disk each), and queueing again.
"""

from __future__ import annotations

import hashlib
import json
import time
import uuid
import zlib
from typing import NamedTuple

import orjson
import redis

from replay.core.reports.tournament import first_problem
from replay.render.names import NameLabels
from workers.client_settings import for_client, per_client

PREFIX = "referee:"
REPLAY = PREFIX + "replay:"
UNFINISHED = PREFIX + "unfinished"
PENDING = PREFIX + "pending"

STATUS_QUEUED = "queued"
STATUS_RUNNING = "running"
STATUS_DONE = "done"
STATUS_FAILED = "failed"
TERMINAL = (STATUS_DONE, STATUS_FAILED)

JSON_FIELDS = ("options", "failure", "progress", "summary")
# Every field of a record but the compressed ones: what a status needs, read by name so the
# log and the report (the bulk of a record) stay in Redis unless asked for.
STATUS_FIELDS = ("id", "owner", "status", "submitted_at", "started_at", "finished_at",
                 "attempts", "options", "verdict", "failure", "progress", "summary", "name",
                 "batch", "worker", "content", "webhook_attempts", "webhook_status")
FLOAT_FIELDS = ("submitted_at", "started_at", "finished_at")
COMPRESSED_FIELDS = ("source", "report")
# zlib level of a stored report: a four-player game's 54 KiB report is 9.0 KiB at level 3
# in 0.55 ms, 7.6 KiB at level 6 in 1.3 ms, which was a sixth of a worker's time per replay.
REPORT_LEVEL = 3
IDEMPOTENCY_TTL = 24 * 3600
RETENTION, DEFAULT_RETENTION_DAYS = "REFEREE_RETENTION_DAYS", 90
QUOTA, DEFAULT_QUOTA = "REFEREE_QUOTA", 20_000
QUOTA_MB, DEFAULT_QUOTA_MB = "REFEREE_QUOTA_MB", 500  # MiB of stored logs and reports

IDLE_DRAINERS = PREFIX + "drainers-idle"  # sorted set: drain job id -> until when it waits
DRAINER_QUEUED = PREFIX + "drainer-queued"
# Idle drain jobs wait on this channel, told when a replay is pushed for them to take: a
# message costs no write to the append-only file, where a blocking pop (even from a list
# to itself) is one, and waits for the disk.
WAKE = PREFIX + "pending-pushed"

# A drain job is needed unless one is idle, waiting for submissions (the entry of one killed
# while waiting runs out; an idle one is woken), or one is queued and not yet started.
DRAINER_NEEDED = """
local function drainer_needed(idle, queued, wake)
  if redis.call('ZCOUNT', idle, redis.call('TIME')[1], '+inf') > 0 then
    redis.call('PUBLISH', wake, 1)
    return false
  end
  return redis.call('SET', queued, 1, 'NX', 'EX', 10) ~= false
end
"""

# Of concurrent submissions with one Idempotency-Key exactly one creates a replay; a key or
# content hash pointing at a replay that no longer exists (expired) is simply replaced. A
# new replay also says whether a drain job must be queued for it. A client's quota is a
# number of replays (ARGV[7]) and a number of bytes stored, compressed (ARGV[8]; this log's
# are ARGV[9]). The bytes are a running total (KEYS[8]'s field ``total``: logs counted as
# they are accepted, reports as they are stored); only a total past the quota is counted
# again from the replays still stored, so that those past their retention give theirs back.
ACCEPT = DRAINER_NEEDED + """
local needed = 0
local prefix, content, candidate = ARGV[1], ARGV[2], ARGV[3]
if ARGV[6] == '1' then
  local remembered = redis.call('GET', KEYS[1])
  if remembered then
    local r = cjson.decode(remembered)
    if r['content'] ~= content then return {'conflict', '', 0} end
    if redis.call('EXISTS', prefix .. r['replay']) == 1 then return {'found', r['replay'], 0} end
  end
end
local id = redis.call('GET', KEYS[2])
local outcome = 'found'
if (not id) or redis.call('EXISTS', prefix .. id) == 0 then
  local quota, bytes, size = tonumber(ARGV[7]), tonumber(ARGV[8]), tonumber(ARGV[9])
  if quota > 0 and redis.call('ZCARD', KEYS[3]) >= quota then
    -- Replays past their retention have left Redis: their ids leave the index first.
    for _, old in ipairs(redis.call('ZRANGE', KEYS[3], 0, 99)) do
      if redis.call('EXISTS', prefix .. old) == 0 then redis.call('ZREM', KEYS[3], old) end
    end
    if redis.call('ZCARD', KEYS[3]) >= quota then return {'quota', ARGV[7], 0} end
  end
  local total = redis.call('HINCRBY', KEYS[8], 'total', size)
  if bytes > 0 and total > bytes then
    local stored = 0
    for _, old in ipairs(redis.call('ZRANGE', KEYS[3], 0, -1)) do
      stored = stored + redis.call('HSTRLEN', prefix .. old, 'source')
        + redis.call('HSTRLEN', prefix .. old, 'report')
    end
    if stored + size > bytes then
      redis.call('HSET', KEYS[8], 'total', stored)
      return {'quota-bytes', ARGV[8], stored}
    end
    redis.call('HSET', KEYS[8], 'total', stored + size)
  end
  id = candidate
  outcome = 'created'
  local fields = {}
  for i = 10, #ARGV do fields[#fields + 1] = ARGV[i] end
  redis.call('HSET', prefix .. id, unpack(fields))
  redis.call('ZADD', KEYS[3], ARGV[4], id)
  redis.call('ZADD', KEYS[4], ARGV[4], id)
  redis.call('RPUSH', KEYS[5], id)
  redis.call('SET', KEYS[2], id)
  if drainer_needed(KEYS[6], KEYS[7], KEYS[9]) then needed = 1 end
end
if ARGV[6] == '1' then
  redis.call('SET', KEYS[1], cjson.encode({content = content, replay = id}), 'EX', ARGV[5])
end
return {outcome, id, needed}
"""
# Only an unfinished replay finishes; the first report or failure stored is the answer.
# ARGV: the id, the status, the default retention, the content-key prefix, the clients' own
# retentions, the owner-key prefix, then the fields. (A function of its own KEYS and ARGV,
# so that FINISH_THEN_CLAIM runs it with part of its own.)
FINISH_FUNCTION = """
local function finish(KEYS, ARGV)
  local found = redis.call('HMGET', KEYS[1], 'status', 'owner', 'content')
  local status, owner, content = found[1], found[2], found[3]
  if (not status) or status == 'done' or status == 'failed' then return 0 end
  local fields, size = {}, 0
  for i = 7, #ARGV do fields[#fields + 1] = ARGV[i] end
  for i = 7, #ARGV - 1, 2 do
    if ARGV[i] == 'report' then size = #ARGV[i + 1] end
  end
  redis.call('HSET', KEYS[1], unpack(fields))
  if owner and size > 0 then  -- the report counts in its client's bytes stored
    redis.call('HINCRBY', ARGV[6] .. owner .. ':bytes', 'total', size)
  end
  redis.call('ZREM', KEYS[2], ARGV[1])
  redis.call('DEL', KEYS[3])
  redis.call('PUBLISH', KEYS[4], ARGV[2])
  local keep = tonumber(cjson.decode(ARGV[5])[owner or ''] or ARGV[3])
  if keep > 0 then
    redis.call('EXPIRE', KEYS[1], keep)
    if owner and content then redis.call('EXPIRE', ARGV[4] .. owner .. ':' .. content, keep) end
  end
  return 1
end
"""
FINISH = FINISH_FUNCTION + "return finish(KEYS, ARGV)"

# A drain job's claim (KEYS: the pending list, the idle drain jobs), atomically: take the
# next pending replay, mark it running, count the attempt, and take the lease, so no moment
# exists where a replay is neither pending nor leased; and answer its record's fields
# (ARGV[9..]) as they are now, which the replay needs. A replay already finished, or running
# under a live worker's lease, is dropped (attempt 0): it was pushed twice by recovery. The
# fields asked for include ``status`` and ``attempts``, read with the rest in one HMGET. With
# nothing to take, the drain job about to wait lists itself as idle; the claim after the
# wait takes it off that list.
CLAIM_FUNCTION = """
local function claim(KEYS, ARGV)
  if ARGV[7] == '0' then redis.call('ZREM', KEYS[2], ARGV[6]) end  -- idle no more
  local id = redis.call('LPOP', KEYS[1])
  if not id then
    if ARGV[7] == '1' then  -- about to wait: idle until a little past the wait's end
      redis.call('ZADD', KEYS[2], redis.call('TIME')[1] + ARGV[8] + 1, ARGV[6])
    end
    return false
  end
  local key = ARGV[1] .. id
  local names = {}  -- the fields asked for, 'status' and 'attempts' among them
  for i = 9, #ARGV do names[#names + 1] = ARGV[i] end
  local values = redis.call('HMGET', key, unpack(names))
  local found = {}
  for i, name in ipairs(names) do found[name] = values[i] end
  local status = found['status']
  if (not status) or status == 'done' or status == 'failed'
     or (status == 'running' and redis.call('EXISTS', ARGV[4] .. id) == 1) then
    return {id, 0}
  end
  local attempts = (tonumber(found['attempts']) or 0) + 1
  local claimed = {status = 'running', started_at = ARGV[2], worker = ARGV[3],
                   attempts = tostring(attempts)}
  redis.call('HSET', key, 'status', 'running', 'started_at', ARGV[2], 'worker', ARGV[3],
             'attempts', attempts)
  redis.call('SET', ARGV[4] .. id, ARGV[3], 'EX', ARGV[5])
  for i, name in ipairs(names) do  -- answered as they are now, after this claim
    if claimed[name] then values[i] = claimed[name] end
  end
  return {id, attempts, unpack(values)}
end
"""
CLAIM = CLAIM_FUNCTION + "return claim(KEYS, ARGV)"

# A drain job finishes one replay and claims the next in one script: one write to the
# append-only file (one fsync with ``appendfsync always``) instead of two. ARGV[1] and
# ARGV[2] are how many keys and arguments are the finish's; the rest are the claim's. The
# answer is whether the finish stored, then the claim's answer (nothing when it took none).
FINISH_THEN_CLAIM = FINISH_FUNCTION + CLAIM_FUNCTION + """
local function part(list, first, last)
  local out = {}
  for i = first, last do out[#out + 1] = list[i] end
  return out
end
local keys, args = tonumber(ARGV[1]), tonumber(ARGV[2])
local stored = finish(part(KEYS, 1, keys), part(ARGV, 3, args + 2))
local claimed = claim(part(KEYS, keys + 1, #KEYS), part(ARGV, args + 3, #ARGV))
if not claimed then return {stored} end
return {stored, unpack(claimed)}
"""

# Queue a replay again only if it is still as recovery saw it: a replay that finished (or
# was claimed by a live worker) in the meantime is left alone.
REQUEUE = """
local status = redis.call('HGET', KEYS[1], 'status')
if (not status) or status == 'done' or status == 'failed' then return 0 end
if ARGV[2] ~= '' and status ~= ARGV[2] then return 0 end
if status == 'running' and redis.call('EXISTS', KEYS[2]) == 1 then return 0 end
redis.call('HSET', KEYS[1], 'status', 'queued')
redis.call('RPUSH', KEYS[3], ARGV[1])
return 1
"""


class Stored(NamedTuple):
    """A submission's replay: its id, whether it is new, whether the caller must queue a
    drain job for it (none is idle or queued), and a new replay's status as stored (what
    ``get`` would read back, without the round trip)."""

    replay_id: str
    created: bool
    drainer_needed: bool
    status: dict | None = None


class Outcome(NamedTuple):
    """How a replay ended, as stored: its status (done or failed) and the fields that say
    so (the report and its summary, or the failure)."""

    status: str
    fields: dict


def report_outcome(report: dict) -> Outcome:
    """A finished report as stored: compressed, with the fields a status shows."""
    summary = {"standings": report.get("standings", []),
               "players": report.get("players", []), "game": report.get("game"),
               "first_violation": named_problem(report)}
    return Outcome(STATUS_DONE, {
        # orjson writes the same canonical JSON as json.dumps(sort_keys=True, compact,
        # ensure_ascii=False), in a tenth of the time: a four-player report in 0.3 ms.
        "report": zlib.compress(orjson.dumps(report, option=orjson.OPT_SORT_KEYS),
                                REPORT_LEVEL),
        "verdict": report.get("verdict", ""),
        "progress": json.dumps(report.get("events", {})),
        "summary": json.dumps(summary)})


def failure_outcome(failure: dict) -> Outcome:
    """Why a replay has no report, as stored."""
    return Outcome(STATUS_FAILED, {"failure": json.dumps(failure, sort_keys=True)})


class AcceptConflict(Exception):
    """The Idempotency-Key was used before for other content."""


class QuotaExceeded(Exception):
    """The client has as many replays, or as many bytes, stored as its quota allows:
    ``limit`` is that quota, ``unit`` "replays" or "bytes", ``stored`` what it holds."""

    def __init__(self, limit: int, unit: str = "replays", stored: int | None = None):
        super().__init__(limit)
        self.limit = limit
        self.unit = unit
        self.stored = limit if stored is None else stored


def _now() -> float:
    return round(time.time(), 3)


def retention_seconds() -> tuple[int, dict[str, int]]:
    """How long a finished replay is kept, for every client and for those with their own
    period (``REFEREE_RETENTION_DAYS``, ``90,club:365``; 0 keeps it for ever)."""
    everyone, own = per_client(RETENTION, DEFAULT_RETENTION_DAYS)
    return round(everyone * 86400), {name: round(days * 86400) for name, days in own.items()}


def client_retention_seconds(owner: str) -> int:
    """How long one client's finished replays are kept (0: for ever)."""
    everyone, own = retention_seconds()
    return own.get(owner, everyone)


def quota(owner: str) -> int:
    """How many replays one client may have stored (``REFEREE_QUOTA``; 0: no quota)."""
    return round(for_client(QUOTA, DEFAULT_QUOTA, owner))


def quota_bytes(owner: str) -> int:
    """How many bytes of logs and reports (as stored, compressed) one client may have
    stored (``REFEREE_QUOTA_MB``, in MiB; 0: no quota)."""
    return round(for_client(QUOTA_MB, DEFAULT_QUOTA_MB, owner) * 1024 * 1024)


def content_hash(source: str, options: dict) -> str:
    """What makes two submissions the same: the input text and the replay options."""
    digest = hashlib.sha256(source.encode())
    digest.update(json.dumps(options, sort_keys=True).encode())
    return digest.hexdigest()


def compress(text: str) -> bytes:
    """Text as stored: zlib level 6."""
    return zlib.compress(text.encode(), 6)


def decompress(raw: bytes) -> str:
    """Stored text back; records written before compression hold plain text."""
    try:
        return zlib.decompress(raw).decode()
    except zlib.error:  # plain JSON or text notation never starts with a zlib header
        return raw.decode()


class ReplayStore:
    """Replays as Redis hashes: the input, options, status, and the report or failure."""

    def __init__(self, connection: redis.Redis):
        self.redis = connection
        self._accept = connection.register_script(ACCEPT)
        self._finish_script = connection.register_script(FINISH)
        self._claim = connection.register_script(CLAIM)
        self._finish_then_claim = connection.register_script(FINISH_THEN_CLAIM)
        self._requeue = connection.register_script(REQUEUE)

    @staticmethod
    def key(replay_id: str) -> str:
        """The Redis key of one replay."""
        return REPLAY + replay_id

    @staticmethod
    def owner_index(owner: str) -> str:
        """The sorted set of one client's replays, by submission time."""
        return f"{PREFIX}owner:{owner}:replays"

    @staticmethod
    def bytes_key(owner: str) -> str:
        """The hash whose ``total`` is one client's bytes stored."""
        return f"{PREFIX}owner:{owner}:bytes"

    def bytes_stored(self, owner: str) -> int:
        """The bytes of logs and reports one client has stored (compressed, as kept)."""
        return int(self.redis.hget(self.bytes_key(owner), "total") or 0)

    @staticmethod
    def _record(source: str, options: dict, owner: str, batch: str | None,
                name: str | None, replay_id: str, submitted: float) -> dict:
        record = {
            "id": replay_id, "owner": owner, "status": STATUS_QUEUED,
            "submitted_at": submitted, "source": compress(source),
            "options": json.dumps(options, sort_keys=True), "attempts": 0,
            "content": content_hash(source, options),
        }
        if batch:
            record["batch"] = batch
        if name:
            record["name"] = name
        return record

    def accept(self, source: str, options: dict, owner: str,
               idempotency_key: str | None = None, batch: str | None = None,
               name: str | None = None) -> Stored:
        """Store and queue a submission unless it is already here.

        Raises ``AcceptConflict`` when the Idempotency-Key was used for other content, and
        ``QuotaExceeded`` when a new replay would pass the client's quota.
        """
        submitted = _now()
        record = self._record(source, options, owner, batch, name, new_id(), submitted)
        fields = [item for pair in record.items() for item in pair]
        outcome, replay_id, needed = self._accept(
            keys=[f"{PREFIX}idem:{owner}:{idempotency_key or ''}",
                  f"{PREFIX}content:{owner}:{record['content']}", self.owner_index(owner),
                  UNFINISHED, PENDING, IDLE_DRAINERS, DRAINER_QUEUED,
                  self.bytes_key(owner), WAKE],
            args=[REPLAY, record["content"], record["id"], submitted, IDEMPOTENCY_TTL,
                  "1" if idempotency_key else "0", quota(owner), quota_bytes(owner),
                  len(record["source"]), *fields])
        if outcome == b"conflict":
            raise AcceptConflict(idempotency_key)
        if outcome == b"quota":
            raise QuotaExceeded(int(replay_id))
        if outcome == b"quota-bytes":
            raise QuotaExceeded(int(replay_id), "bytes", int(needed))
        created = outcome == b"created"
        status = {"id": record["id"], "owner": owner, "status": STATUS_QUEUED,
                  "submitted_at": submitted, "options": options, "attempts": 0,
                  **({"batch": batch} if batch else {}), **({"name": name} if name else {})}
        return Stored(replay_id.decode(), created, bool(needed), status if created else None)

    def create(self, source: str, options: dict, owner: str = "anonymous",
               batch: str | None = None, name: str | None = None,
               replay_id: str | None = None, queue: str | None = None) -> str:
        """Store a new submission (not de-duplicated) and return its id.

        With ``queue``, the id is pushed on that list in the same transaction, so a stored
        submission is never missing from the queue.
        """
        replay_id = replay_id or new_id()
        submitted = _now()
        pipe = self.redis.pipeline()
        pipe.hset(self.key(replay_id), mapping=self._record(
            source, options, owner, batch, name, replay_id, submitted))
        pipe.zadd(self.owner_index(owner), {replay_id: submitted})
        pipe.zadd(UNFINISHED, {replay_id: submitted})
        if queue:
            pipe.rpush(queue, replay_id)
        pipe.execute()
        return replay_id

    def get(self, replay_id: str, with_source: bool = False,
            with_report: bool = False) -> dict | None:
        """What is stored for a replay, decoded, or ``None`` if there is no such replay.

        The log (``source``) and the report are read and decompressed only when asked for
        (the report once there is one).
        """
        names = record_fields(with_source, with_report)
        return decode_record(names, self.redis.hmget(self.key(replay_id), names))

    def report_text(self, replay_id: str) -> str | None:
        """The stored report as canonical JSON text."""
        raw = self.redis.hget(self.key(replay_id), "report")
        return decompress(raw) if raw is not None else None

    def list_for(self, owner: str, offset: int, count: int) -> tuple[list[dict], int]:
        """A page of one client's replays, newest first, and how many there are.

        Replays past their retention have left Redis; their ids leave the index here.
        """
        index = self.owner_index(owner)
        ids = [i.decode() for i in self.redis.zrevrange(index, offset, offset + count - 1)]
        records = [(i, self.get(i)) for i in ids]
        gone = [i for i, record in records if record is None]
        if gone:
            self.redis.zrem(index, *gone)
        return [r for _, r in records if r], self.redis.zcard(index)

    def save_report(self, replay_id: str, report: dict) -> bool:
        """Store the finished report; the replay is done. False if it had finished before."""
        return self.finish(replay_id, report_outcome(report))

    def save_failure(self, replay_id: str, failure: dict) -> bool:
        """Record why a replay could not produce a report. False if it had finished before."""
        return self.finish(replay_id, failure_outcome(failure))

    def finish(self, replay_id: str, outcome: Outcome) -> bool:
        """Store a replay's outcome (its report or failure). False if it had finished
        before."""
        keys, args = self._finish_arguments(replay_id, outcome)
        return bool(self._finish_script(keys=keys, args=args))

    def finish_then_claim(self, replay_id: str, outcome: Outcome,
                          claim: tuple[list, list]) -> tuple[bool, list | None]:
        """``finish`` and then a drain job's ``claim`` (its keys and arguments), in one
        script: whether the outcome was stored, and what the claim answered."""
        keys, args = self._finish_arguments(replay_id, outcome)
        claim_keys, claim_args = claim
        answer = self._finish_then_claim(keys=[*keys, *claim_keys],
                                         args=[len(keys), len(args), *args, *claim_args])
        return bool(answer[0]), answer[1:] or None

    def claim(self, claim: tuple[list, list]) -> list | None:
        """A drain job's claim of the next pending replay (its keys and arguments): the id,
        the attempt (0: dropped) and the fields asked for; None when none is pending."""
        keys, args = claim
        return self._claim(keys=keys, args=args) or None

    @staticmethod
    def _finish_arguments(replay_id: str, outcome: Outcome) -> tuple[list, list]:
        fields = {"status": outcome.status, "finished_at": _now(), **outcome.fields}
        everyone, own = retention_seconds()
        return ([ReplayStore.key(replay_id), UNFINISHED, lease_key(replay_id),
                 done_channel(replay_id)],
                [replay_id, outcome.status, everyone, f"{PREFIX}content:", json.dumps(own),
                 f"{PREFIX}owner:", *[item for pair in fields.items() for item in pair]])

    def requeue(self, replay_id: str, expected_status: str = "") -> bool:
        """Put an unfinished replay back on the pending list, if still ``expected_status``.

        A replay that finished, or that a live worker holds, is left alone.
        """
        return bool(self._requeue(keys=[self.key(replay_id), lease_key(replay_id), PENDING],
                                  args=[replay_id, expected_status]))

    def delete(self, replay_id: str) -> None:
        """Remove a replay, its content key, its place in its owner's listing and its
        bytes from its owner's total."""
        key = self.key(replay_id)
        pipe = self.redis.pipeline()
        pipe.hmget(key, ["owner", "content"])
        pipe.hstrlen(key, "source")
        pipe.hstrlen(key, "report")
        raw, *sizes = pipe.execute()
        pipe = self.redis.pipeline()
        pipe.delete(key)
        if raw[0]:
            owner = raw[0].decode()
            pipe.zrem(self.owner_index(owner), replay_id)
            pipe.hincrby(self.bytes_key(owner), "total", -sum(sizes))
            if raw[1]:
                pipe.delete(f"{PREFIX}content:{owner}:{raw[1].decode()}")
        pipe.zrem(UNFINISHED, replay_id)
        pipe.execute()

    def claim_states(self, replay_ids: list[str]) -> dict[str, dict]:
        """Status, attempts and whether a live lease is held, for many replays at once
        (one round trip; replays that no longer exist are left out)."""
        pipe = self.redis.pipeline(transaction=False)
        for replay_id in replay_ids:
            pipe.hmget(self.key(replay_id), ["status", "attempts"])
            pipe.exists(lease_key(replay_id))
        answers = pipe.execute()
        states = {}
        for replay_id, (status, attempts), leased in zip(
                replay_ids, answers[::2], answers[1::2], strict=True):
            if status is not None:
                states[replay_id] = {"status": status.decode(), "leased": bool(leased),
                                     "attempts": int(attempts or 0)}
        return states

    def unfinished(self) -> list[str]:
        """Every accepted replay that has neither a report nor a recorded failure."""
        return [i.decode() for i in self.redis.zrange(UNFINISHED, 0, -1)]


def record_fields(with_source: bool = False, with_report: bool = False) -> list[str]:
    """The fields of a replay's record read for a status (the log and the report, the bulk
    of a record, only when asked for)."""
    return [*STATUS_FIELDS, *(["source"] if with_source else []),
            *(["report"] if with_report else [])]


def decode_record(names: list[str], values: list) -> dict | None:
    """A replay's record from the values of ``names`` as Redis gave them (None when there
    is no such replay): the log and the report decompressed, numbers and JSON decoded."""
    raw = dict(zip(names, values, strict=True))
    if raw["status"] is None:
        return None
    record = {k: v.decode() for k, v in raw.items()
              if v is not None and k not in COMPRESSED_FIELDS}
    if raw.get("source") is not None:
        record["source"] = decompress(raw["source"])
    if raw.get("report") is not None:
        record["report"] = orjson.loads(decompress(raw["report"]))
    for field in JSON_FIELDS:
        if field in record:
            record[field] = json.loads(record[field])
    record["attempts"] = int(record.get("attempts", 0))
    for field in FLOAT_FIELDS:
        if field in record:
            record[field] = float(record[field])
    return record


def named_problem(report: dict) -> dict | None:
    """The report's first problem (``first_problem``) with the ids of its message named: only
    that message is named, not the whole report (naming every text of a report costs more
    than the rest of storing it)."""
    problem = first_problem(report)
    if problem and isinstance(problem.get("message"), str):
        problem["message"] = NameLabels(report.get("names")).text(problem["message"])
    return problem


def lease_key(replay_id: str) -> str:
    """The key whose presence says a live worker is running this replay."""
    return f"{PREFIX}lease:{replay_id}"


def new_id() -> str:
    """A new unguessable id."""
    return uuid.uuid4().hex


def done_channel(replay_id: str) -> str:
    """The pub/sub channel told when a replay finishes (for ``?wait``)."""
    return f"{PREFIX}done:{replay_id}"
