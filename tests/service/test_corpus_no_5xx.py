"""A probe-style corpus of hostile inputs (logs of both games, archives, scoresheets,
catalogs) through every endpoint that takes one and every page that shows what came of
it: no answer is a 5xx."""

from __future__ import annotations

import copy
import io
import json
import struct
import time
import zipfile

import pytest
import requests

from replay.coimbra.catalog import builtin_document
from tests.conftest import FIXTURES
from tests.service.helpers import ALICE, sample_log
from tests.web.test_pages_http import signed_in, submit

pytestmark = pytest.mark.redis
HANG = 30


def _viscounts() -> dict:
    return json.loads((FIXTURES / "viscounts" / "solo" / "first-two-opponent-turns.json")
                      .read_text())


def _poisoned(log: dict, where: int, key: str, value: object) -> dict:
    log = copy.deepcopy(log)
    log["events"][where][key] = value
    return log


def hostile_logs() -> dict[str, str]:
    """Hostile logs of both games, as the text a client sends."""
    coimbra, viscounts = sample_log(), _viscounts()
    logs = {}
    for game, log, (where, key) in (("coimbra", coimbra, (1, "pair")),
                                    ("viscounts", viscounts, (2, "pair"))):
        for label, card in (("unknown id", "x9-99"), ("quote", 'a"b'), ("space", "a b"),
                            ("hash", "a#b"), ("tab", "a\tb"), ("newline", "a\nb"),
                            ("empty", ""), ("long", "c" * 3000), ("emoji", "🂡")):
            logs[f"{game} {label}"] = json.dumps(_poisoned(log, where, key, [card, card]))
        logs[f"{game} number for a card"] = json.dumps(_poisoned(log, where, key, [7, 8]))
        logs[f"{game} null event field"] = json.dumps(_poisoned(log, where, key, None))
        logs[f"{game} object for a card"] = json.dumps(_poisoned(log, where, key,
                                                                 [{"a": [1]}, {}]))
        logs[f"{game} event index out of play"] = json.dumps(
            {**log, "events": [*log["events"], {"type": "final", "player": "nobody"}]})
        logs[f"{game} truncated"] = json.dumps(log)[:len(json.dumps(log)) // 2]
        logs[f"{game} no events"] = json.dumps({**log, "events": []})
        logs[f"{game} claims with odd keys"] = json.dumps(
            {**log, "events": [*log["events"], {"type": "check", "player": log["header"][
                "players"][0], "values": {"a=b": 1, "c d": "x", "#": None}}]})
        logs[f"{game} deep"] = json.dumps(log).replace(
            '"events": [', '"events": [{"type": "x", "deep": ' + "[" * 1000 + "]" * 1000
            + "}, ", 1)
        logs[f"{game} huge number"] = json.dumps(log).replace(
            '"events": [', '"events": [{"type": "x", "n": ' + "9" * 5000 + "}, ", 1)
    logs["text with a quote in a name"] = '[game "coimbra"]\n[players "a\\"b c"]\na"b: pass\n'
    logs["text garbage"] = "[game \"coimbra\"]\n\x00\x01\x02 ### \t\t\n" * 3
    logs["scoresheet garbage"] = json.dumps({"scoresheet": {"game": "coimbra",
                                                            "players": [{"x": "y"}]}})
    logs["lone surrogate"] = json.dumps(sample_log()).replace('"ana"', '"\\ud800"', 1)
    for game in ("coimbra", "viscounts"):
        # Scoresheets for a player count the game has no board for, with names that are no
        # component, and with every field of the wrong kind.
        logs[f"{game} scoresheet for 5"] = json.dumps({
            "header": {"game": game, "players": [f"p{i}" for i in range(5)]},
            "scoresheet": {"players": {f"p{i}": {} for i in range(5)}}})
        logs[f"{game} scoresheet wrong kinds"] = json.dumps({
            "header": {"game": game, "players": ["ana", "bruno"]},
            "scoresheet": {"players": {"ana": {k: {"x": [None]} for k in (
                "cards", "characters", "castle", "tracks", "buildings", "voyages")},
                "bruno": None}, "final": {"ana": "many"}}})
        logs[f"{game} scoresheet odd names"] = json.dumps({
            "header": {"game": game, "players": ["ana", "bruno"]},
            "scoresheet": {"players": {"ana": {"cards": ["Patron", "🂡", "x" * 3000],
                                               "characters": ["Madre", ""]}, "bruno": {}}}})
    return logs


def hostile_archives() -> dict[str, bytes]:
    """Zip archives that are broken, encrypted, or hold hostile names and logs."""
    def zipped(members: dict[str, str]) -> bytes:
        buffer = io.BytesIO()
        with zipfile.ZipFile(buffer, "w") as archive:
            for name, text in members.items():
                archive.writestr(name, text)
        return buffer.getvalue()

    plain = zipped({"a.json": json.dumps(sample_log())})
    encrypted = plain
    for signature, offset in ((b"PK\x03\x04", 6), (b"PK\x01\x02", 8)):
        at = encrypted.index(signature) + offset
        flags = struct.unpack("<H", encrypted[at:at + 2])[0] | 0x1
        encrypted = encrypted[:at] + struct.pack("<H", flags) + encrypted[at + 2:]
    return {
        "encrypted": encrypted,
        "truncated": plain[:len(plain) // 2],
        "names": zipped({'a"b c#d\t.json': json.dumps(sample_log()), "../x.json": "{}",
                         "/abs.txt": "[game \"coimbra\"]\n"}),
        "hostile logs": zipped({f"{i}.json": text for i, text in
                                enumerate(list(hostile_logs().values())[:12])}),
    }


def hostile_catalogs() -> dict[str, str]:
    """Catalog documents that are wrong in shape or in their values."""
    good = builtin_document("coimbra-demo")
    return {
        "empty": "{}",
        "list": "[]",
        "version as text": json.dumps({**good, "version": "one"}),
        "deep": json.dumps(good)[:-1] + ', "x": ' + "[" * 1000 + "]" * 1000 + "}",
        "truncated": json.dumps(good)[:200],
    }


def _no_5xx(answers: list[tuple[str, requests.Response]]) -> None:
    bad = [(label, r.status_code, r.text[:300]) for label, r in answers if r.status_code >= 500]
    assert not bad, bad


def _done(api_url: str, location: str) -> dict:
    deadline = time.monotonic() + HANG
    while (record := requests.get(api_url + location, headers=ALICE,
                                  timeout=HANG).json())["status"] not in ("done", "failed"):
        assert time.monotonic() < deadline, record
        time.sleep(0.1)
    return record


def test_the_corpus_gets_no_5xx_from_any_endpoint_or_page(api_url, worker_process):
    answers: list[tuple[str, requests.Response]] = []
    logs = hostile_logs()
    accepted = []
    json_body = {**ALICE, "Content-Type": "application/json"}
    for label, text in logs.items():
        for media in ("application/json", "text/plain"):
            response = requests.post(f"{api_url}/v1/replays", data=text.encode(),
                                     headers={**ALICE, "Content-Type": media}, timeout=HANG)
            answers.append((f"replay {label} as {media}", response))
            if response.status_code in (200, 202):
                accepted.append(response.headers["Location"])
        answers.append((f"batch {label}", requests.post(
            f"{api_url}/v1/batches", headers=json_body, timeout=HANG,
            data=f'{{"logs": [{{"name": "x", "text": {json.dumps(text)}}}]}}'.encode())))
        answers.append((f"compare {label}", requests.post(
            f"{api_url}/v1/compare", params={"wait": 10}, headers=json_body, timeout=HANG,
            data=f'{{"a": {json.dumps(text)}, "b": {json.dumps(sample_log())}}}'.encode())))
    for label, data in hostile_archives().items():
        answers.append((f"archive {label}", requests.post(
            f"{api_url}/v1/batches", data=data, timeout=HANG,
            headers={**ALICE, "Content-Type": "application/zip"})))
    for label, text in hostile_catalogs().items():
        answers.append((f"catalog {label}", requests.put(
            f"{api_url}/v1/catalogs/club", data=text.encode(), headers=json_body,
            timeout=HANG)))
    _no_5xx(answers)

    # What came of every accepted log, through the API and every page that shows it.
    session = signed_in(api_url)
    answers = []
    for location in accepted:
        record = _done(api_url, location)
        replay_id = record["id"]
        for suffix in ("", "/report", "/report.md", "/report.html"):
            answers.append((f"{location}{suffix}", requests.get(
                f"{api_url}{location}{suffix}", headers=ALICE, timeout=HANG)))
        page = f"{api_url}/replays/{replay_id}"
        for url in (page, f"{page}/status", f"{page}/step", f"{page}/step?event=1",
                    f"{page}/step?event=99999", f"{page}/step?event=-5", f"{page}/report.json",
                    f"{page}/report.md", f"{page}/report.html",
                    f"{page}?ledger=all&player=%22&source=%00"):
            answers.append((url, session.get(url, timeout=HANG)))
    answers.append(("replays page", session.get(f"{api_url}/replays", timeout=HANG)))
    _no_5xx(answers)
    assert len(accepted) > 10  # the corpus reached the pages, not only the checks

    # And the submit form, which reads pasted logs and uploads itself.
    answers = []
    for label, text in logs.items():
        answers.append((f"form {label}", submit(session, api_url, text=text, game="coimbra")))
    for label, data in hostile_archives().items():
        answers.append((f"form archive {label}", submit(
            session, api_url, files={"files": (f"{label}.zip", data)})))
    _no_5xx(answers)
