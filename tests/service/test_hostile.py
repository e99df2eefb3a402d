"""A hostile-input corpus: every case answers 4xx (or works), never 5xx, never a hang.

Each request carries a timeout: a case that holds the API longer than that fails, as a hang.
"""

from __future__ import annotations

import bz2
import copy
import gzip
import io
import json
import struct
import tarfile
import threading
import time
import zipfile

import pytest
import redis
import requests

from replay.coimbra.catalog import builtin_document
from replay.coimbra.notation import print_text
from replay.core.logs.log import load_log
from tests.service.helpers import ALICE, BOB, poll, sample_log
from workers.store import PREFIX, ReplayStore, content_hash

pytestmark = pytest.mark.redis
HANG = 20  # seconds after which a request counts as a hang


def _tar(members: list[tuple[str | bytes, bytes]]) -> bytes:
    """A plain tar of ``members``."""
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w", format=tarfile.GNU_FORMAT,
                      encoding="utf-8", errors="surrogateescape") as archive:
        for name, data in members:
            info = tarfile.TarInfo(name if isinstance(name, str)
                                   else name.decode("utf-8", "surrogateescape"))
            info.size = len(data)
            archive.addfile(info, io.BytesIO(data))
    return buffer.getvalue()


def _bz2_bomb(gib: int = 16) -> bytes:
    """A .tar.bz2 of a member holding ``gib`` GiB of zeros, in a few tens of kilobytes."""
    info = tarfile.TarInfo("zeros.json")
    info.size = gib << 30
    header = bz2.compress(info.tobuf(format=tarfile.GNU_FORMAT))
    chunk = bz2.compress(b"\0" * (16 << 20))  # bz2 streams concatenate
    return header + chunk * (gib * 64)


def _post_archive(api_url: str, data: bytes, media: str) -> requests.Response:
    return requests.post(f"{api_url}/v1/batches", data=data, timeout=HANG,
                         headers={**ALICE, "Content-Type": media})


# -- 1. archives are unpacked with limits applied while they stream ----------------------

def test_a_bz2_tar_bomb_is_refused_while_streaming(api_url):
    bomb = _bz2_bomb()
    assert len(bomb) < 200_000
    response = _post_archive(api_url, bomb, "application/x-tar")
    assert response.status_code == 413
    assert response.json()["type"].endswith("/archive-too-large")


def test_a_gzip_tar_of_many_empty_members_is_refused(api_url):
    members = [(f"m{i}.dat", b"") for i in range(20_000)]
    response = _post_archive(api_url, gzip.compress(_tar(members)), "application/gzip")
    assert response.status_code == 413
    assert response.json()["type"].endswith("/archive-too-many-members")


def test_a_tar_of_logs_still_works(api_url, worker_process):
    logs = [(f"t{i}.json", json.dumps(sample_log() | {"header": {
        **sample_log()["header"], "metadata": {"table": str(i)}}}).encode()) for i in (1, 2)]
    response = _post_archive(api_url, gzip.compress(_tar(logs)), "application/gzip")
    assert response.status_code == 202
    assert [item["name"] for item in response.json()["items"]] == ["t1.json", "t2.json"]


def test_archive_member_names_that_are_not_utf8_are_400(api_url):
    tar = _tar([(b"bad\xff.json", json.dumps(sample_log()).encode())])
    assert _post_archive(api_url, tar, "application/x-tar").status_code == 400
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("placeholder.json", b"{}")
    raw = buffer.getvalue()
    # Flag the name as UTF-8 (bit 11) and make it bytes that are not UTF-8.
    raw = raw.replace(b"placeholder", b"placeholde\xff")
    for signature, flag_offset in ((b"PK\x03\x04", 6), (b"PK\x01\x02", 8)):
        at = raw.index(signature) + flag_offset
        flags = struct.unpack("<H", raw[at:at + 2])[0] | 0x800
        raw = raw[:at] + struct.pack("<H", flags) + raw[at + 2:]
    response = _post_archive(api_url, raw, "application/zip")
    assert response.status_code == 400
    assert response.json()["type"].endswith("/malformed-archive")


# -- 6. inputs that used to give 500 ------------------------------------------------------

def _bodies_with(value_text: str) -> dict[str, tuple[str, str]]:
    """The same poison in a replay, a batch (as a log, and as a name) and a catalog."""
    log = json.dumps(sample_log())
    poisoned = log.replace('"player": "ana"', f'"player": {value_text}', 1)
    catalog = json.dumps(builtin_document("coimbra-demo")).replace(
        '"version": 1', f'"version": {value_text}', 1)
    return {
        "replay": ("/v1/replays", poisoned),
        "batch log": ("/v1/batches", f'{{"logs": [{{"name": "a", "log": {poisoned}}}]}}'),
        "batch name": ("/v1/batches", f'{{"logs": [{{"name": {value_text}, "log": {log}}}]}}'),
        "catalog": ("/v1/catalogs/club", catalog),
    }


@pytest.mark.parametrize("value_text", ['"\\ud800"', '"ana\\udfff"', "9" * 5000])
def test_lone_surrogates_and_huge_integers_are_400(api_url, value_text):
    for case, (path, body) in _bodies_with(value_text).items():
        send = requests.put if path.startswith("/v1/catalogs") else requests.post
        response = send(api_url + path, data=body.encode("utf-8", "surrogatepass"),
                        timeout=HANG, headers={**ALICE, "Content-Type": "application/json"})
        assert response.status_code == 400, (case, response.text)
        assert response.json()["type"].endswith("/malformed-json"), case


def test_a_player_name_with_a_trailing_newline_is_refused(api_url):
    log = sample_log()
    log["header"]["players"][0] = log["header"]["players"][0] + "\n"
    response = requests.post(f"{api_url}/v1/replays", json=log, headers=ALICE, timeout=HANG)
    assert response.status_code == 422
    assert response.json()["problems"][0]["path"] == "/header/players/0"


def test_a_batch_item_with_empty_text_is_422(api_url):
    response = requests.post(f"{api_url}/v1/batches", json={"logs": [{"name": "0", "text": ""}]},
                             headers=ALICE, timeout=HANG)
    assert response.status_code == 422
    assert response.json()["type"].endswith("/invalid-batch")


# -- 10. cheap limits come before parsing -------------------------------------------------

@pytest.mark.parametrize(("body", "media", "slug"), [
    ('[game "coimbra"]\n[players "ana bo"]\n' + "ana: pass\n" * 100_000, "text/plain",
     "too-many-lines"),
    ('[game "coimbra"]\n[players "ana bo"]\n# ' + "x" * 1_900_000 + "\n", "text/plain",
     "line-too-long"),
    ('{"header": {"game": "coimbra", "players": ["ana", "bo"]}, "events": ['
     + ",".join(["1"] * 200_000) + "]}", "application/json", "too-many-events"),
])
def test_oversized_logs_are_refused_by_their_cheap_limits(api_url, body, media, slug):
    response = requests.post(f"{api_url}/v1/replays", data=body.encode(), timeout=HANG,
                             headers={**ALICE, "Content-Type": media})
    assert response.status_code == 422
    assert response.json()["type"].endswith("/" + slug)


def test_the_line_limit_counts_lines_as_the_reader_does(api_url):
    """A text log's last newline ends its last line and starts none: a log of exactly the
    most lines allowed, newline at the end, is not over the limit; one more line is."""
    most = 2 * 5000 + 100  # the line limit for the service's 5000 events

    def post(lines: int) -> dict:
        body = '[game "coimbra"]\n[players "ana bo"]\n' + "# a comment\n" * (lines - 2)
        return requests.post(f"{api_url}/v1/replays", data=body.encode(), timeout=HANG,
                              headers={**ALICE, "Content-Type": "text/plain"}).json()

    assert not post(most).get("type", "").endswith("/too-many-lines")
    over = post(most + 1)
    assert over["type"].endswith("/too-many-lines")
    assert over["detail"] == f"{most + 1} lines; at most {most}"


# -- 2. and 8. accepting is one atomic step -------------------------------------------------

def test_a_content_key_left_pointing_at_nothing_does_not_poison_the_log(api_url, redis_url):
    log = sample_log()
    text = json.dumps(log, separators=(",", ":"))
    # What an interrupted accept used to leave behind: the key, and no replay.
    connection = redis.Redis.from_url(redis_url)
    connection.set(f"{PREFIX}content:alice:{content_hash(text, {'mode': 'strict'})}",
                   "0123456789abcdef")
    response = requests.post(f"{api_url}/v1/replays", data=text, timeout=HANG,
                             headers={**ALICE, "Content-Type": "application/json"})
    assert response.status_code == 202
    replay_id = response.headers["Location"].rsplit("/", 1)[1]
    assert ReplayStore(connection).get(replay_id)["status"] == "queued"


def test_one_idempotency_key_racing_with_different_bodies_accepts_exactly_one(api_url):
    barrier = threading.Barrier(16)
    codes: list[int] = []

    def submit(table: int) -> None:
        log = sample_log()
        log["header"]["metadata"] = {"table": str(table)}
        barrier.wait()
        for _ in range(20):  # a submission refused as busy (429) is sent again, as told
            response = requests.post(f"{api_url}/v1/replays", json=log, timeout=HANG,
                                     headers={**ALICE, "Idempotency-Key": "race"})
            if response.status_code != 429:
                break
            time.sleep(float(response.headers["Retry-After"]) / 10)
        codes.append(response.status_code)

    threads = [threading.Thread(target=submit, args=(i,)) for i in range(16)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(codes) == [202] + [422] * 15
    listing = requests.get(f"{api_url}/v1/replays", headers=ALICE, timeout=HANG).json()
    assert listing["total"] == 1


# -- 7. catalogs: "used" is each client's own ------------------------------------------------

def test_another_clients_use_of_the_same_catalog_does_not_freeze_my_name(
        api_url, worker_process):
    document = copy.deepcopy(builtin_document("coimbra-demo"))
    document["meta"]["id"] = "club-copy"
    for headers in (ALICE, BOB):
        assert requests.put(f"{api_url}/v1/catalogs/club", json=document, headers=headers,
                            timeout=HANG).status_code == 201
    used = requests.post(f"{api_url}/v1/replays?catalog=club&wait=10", json=sample_log(),
                         headers=BOB, timeout=HANG)
    assert used.json()["status"] == "done"
    changed = copy.deepcopy(document)
    changed["voyages"][0]["cost"] += 1
    assert requests.put(f"{api_url}/v1/catalogs/club", json=changed, headers=ALICE,
                        timeout=HANG).status_code == 201
    assert requests.put(f"{api_url}/v1/catalogs/club", json=changed, headers=BOB,
                        timeout=HANG).status_code == 409


# -- 12. reports never carry raw HTML -------------------------------------------------------

def test_reports_escape_html_and_forbid_scripts(api_url, worker_process):
    document = copy.deepcopy(builtin_document("coimbra-demo"))
    document["meta"]["description"] = '<img src=x onerror="alert(1)">'
    assert requests.put(f"{api_url}/v1/catalogs/evil", json=document, headers=ALICE,
                        timeout=HANG).status_code == 201
    done = requests.post(f"{api_url}/v1/replays?catalog=evil&wait=10", json=sample_log(),
                         headers=ALICE, timeout=HANG).json()
    url = api_url + done["links"]["report"]
    markdown = requests.get(url, headers={**ALICE, "Accept": "text/markdown"}, timeout=HANG)
    assert "&lt;img src=x" in markdown.text and "<img" not in markdown.text
    html = requests.get(url, headers={**ALICE, "Accept": "text/html"}, timeout=HANG)
    assert "<img" not in html.text
    assert "script-src" not in html.headers["Content-Security-Policy"]
    assert "default-src 'none'" in html.headers["Content-Security-Policy"]
    for response in (markdown, html):
        assert response.headers["X-Content-Type-Options"] == "nosniff"


# -- text notation still accepted after the cheap limits -------------------------------------

def test_a_normal_text_log_passes_the_cheap_limits(api_url, worker_process):
    text = print_text(load_log(sample_log()))
    response = requests.post(f"{api_url}/v1/replays", data=text.encode(), timeout=HANG,
                             headers={**ALICE, "Content-Type": "text/plain"})
    assert response.status_code == 202
    assert poll(api_url, response.headers["Location"], ALICE)["verdict"] == "legal"


@pytest.mark.parametrize("value", ["\u00b2", "--1"])
def test_a_text_log_with_a_number_int_cannot_read_is_422_with_its_place(api_url, value):
    """``ana=²`` passed ``isdigit`` and crashed the reader: a 500."""
    lines = print_text(load_log(sample_log())).split("\n")
    index = next(i for i, line in enumerate(lines) if line.startswith("final "))
    first = lines[index].split()[1]
    lines[index] = lines[index].replace(first, first.split("=")[0] + "=" + value)
    response = requests.post(f"{api_url}/v1/replays", data="\n".join(lines).encode(),
                             headers={**ALICE, "Content-Type": "text/plain"}, timeout=HANG)
    assert response.status_code == 422, response.text
    [problem] = response.json()["problems"]
    assert (problem["line"], problem["column"]) == (index + 1, len(first.split("=")[0]) + 8)
    assert repr(value) in problem["message"]


def test_a_text_log_with_carriage_return_line_ends_is_replayed(api_url, worker_process):
    """The reader ends a line at a lone carriage return (old Mac files), as the command line
    does; the line-length limit counted only newlines and refused the log as one long line."""
    text = print_text(load_log(sample_log())).replace("\n", "\r")
    response = requests.post(f"{api_url}/v1/replays", data=text.encode(),
                             headers={**ALICE, "Content-Type": "text/plain"}, timeout=HANG)
    assert response.status_code == 202, response.text
    record = poll(api_url, response.headers["Location"], ALICE)
    report = requests.get(api_url + record["links"]["report"], headers=ALICE,
                          timeout=HANG).json()
    assert report["verdict"] == "legal"


@pytest.mark.parametrize("path", ["/v1/replays", "/v1/batches", "/v1/compare"])
def test_a_log_nested_a_thousand_deep_is_4xx(api_url, path):
    """orjson reads 1024 levels; the standard encoder and decoder stop near 1000."""
    log = json.dumps(sample_log()).replace(
        '"type": "roll"', '"extra": ' + "[" * 1000 + "]" * 1000 + ', "type": "roll"', 1)
    body = {"/v1/replays": log,
            "/v1/batches": f'{{"logs": [{{"name": "a", "log": {log}}}]}}',
            "/v1/compare": f'{{"a": {log}, "b": {log}}}'}[path]
    response = requests.post(api_url + path, data=body.encode(), timeout=HANG,
                             headers={**ALICE, "Content-Type": "application/json"})
    assert 400 <= response.status_code < 500, response.text
    assert response.headers["Content-Type"] == "application/problem+json"
