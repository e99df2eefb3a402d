"""``referee export``: a client's or a batch's logs and reports out of Redis, to keep.

Each replay becomes ``<id>.log`` (the log exactly as submitted) and ``<id>.report.json``
(or ``<id>.failure.json``), with an ``index.json`` listing them; to a folder, or to a
``.tar.gz`` archive. ``--delete`` then removes what was written from Redis.
"""

from __future__ import annotations

import io
import json
import tarfile
import time
from pathlib import Path

import click
import redis

from referee_cli import services
from replay.core.speech import tr
from workers.store import PREFIX, ReplayStore


def _replay_ids(connection: redis.Redis, client: str | None, batch: str | None) -> list[str]:
    if batch:
        raw = connection.hget(f"{PREFIX}batch:{batch}", "items")
        if raw is None:
            raise click.ClickException(tr("no batch has id {batch}", batch=batch))
        ids = [item["replay"] for item in json.loads(raw) if item["replay"]]
        return list(dict.fromkeys(ids))
    ids = connection.zrange(ReplayStore.owner_index(client), 0, -1)
    return [i.decode() for i in ids]


def _files(store: ReplayStore, replay_id: str) -> tuple[dict, dict[str, bytes]] | None:
    record = store.get(replay_id, with_source=True)
    if record is None:
        return None
    files = {f"{replay_id}.log": record.pop("source").encode()}
    report = store.report_text(replay_id)
    if report is not None:
        files[f"{replay_id}.report.json"] = report.encode()
    if "failure" in record:
        files[f"{replay_id}.failure.json"] = json.dumps(record["failure"], indent=2).encode()
    entry = {key: record[key] for key in ("id", "owner", "status", "verdict", "name", "batch",
                                          "submitted_at", "finished_at", "options")
             if key in record}
    entry["files"] = sorted(files)
    return entry, files


def _write(out: Path, files: dict[str, bytes]) -> None:
    if out.name.endswith((".tar.gz", ".tgz")):
        with tarfile.open(out, "w:gz") as archive:
            for name, data in sorted(files.items()):
                info = tarfile.TarInfo(name)
                info.size, info.mtime = len(data), int(time.time())
                archive.addfile(info, io.BytesIO(data))
        return
    out.mkdir(parents=True, exist_ok=True)
    for name, data in files.items():
        (out / name).write_bytes(data)


@click.command()
@click.option("--client", help="Every replay of this client (the API key's name).")
@click.option("--batch", help="Every replay of this batch.")
@click.option("--out", type=click.Path(path_type=Path), required=True,
              help="A folder, or an archive ending in .tar.gz.")
@click.option("--delete", is_flag=True,
              help="Remove the finished replays written out from Redis afterwards.")
def export(client: str | None, batch: str | None, out: Path, delete: bool) -> None:
    """Write a client's or a batch's logs and reports to a folder or a .tar.gz archive."""
    if (client is None) == (batch is None):
        raise click.UsageError(tr("give exactly one of --client and --batch"))
    with services.redis_url() as url:
        connection = redis.Redis.from_url(url)
        store = ReplayStore(connection)
        index, files, finished = [], {}, []
        for replay_id in _replay_ids(connection, client, batch):
            found = _files(store, replay_id)
            if found is None:
                continue
            entry, replay_files = found
            index.append(entry)
            files.update(replay_files)
            if entry["status"] in ("done", "failed"):
                finished.append(entry)
        files["index.json"] = json.dumps(index, indent=2, sort_keys=True).encode()
        _write(out, files)
        click.echo(tr("{number} replays written to {out}", number=len(index), out=out), err=True)
        if delete:
            for entry in finished:
                store.delete(entry["id"])
            click.echo(tr("{number} finished replays removed from Redis", number=len(finished)),
                       err=True)
