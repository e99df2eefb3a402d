"""Inputs that used to answer 500: an encrypted zip, a JSON log nested 1,000 deep in the
submit form, and the pages of a JSON log whose cards the text notation cannot write (an
unknown id, names with a quote, a space, a ``#`` or a tab) - the very logs a referee flags."""

from __future__ import annotations

import copy
import io
import json
import re
import struct
import zipfile

import pytest
import requests

from api.web.report_view import AS_JSON, log_lines
from tests.conftest import FIXTURES
from tests.service.helpers import ALICE, poll, sample_log
from tests.web.test_pages_http import signed_in, submit

pytestmark = pytest.mark.redis
HANG = 20


def _encrypted_zip() -> bytes:
    """A zip of one log whose entry carries the "encrypted" flag (bit 0), as a zip made
    with a password has it."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("game.json", json.dumps(sample_log()))
    raw = buffer.getvalue()
    for signature, flag_offset in ((b"PK\x03\x04", 6), (b"PK\x01\x02", 8)):
        at = raw.index(signature) + flag_offset
        flags = struct.unpack("<H", raw[at:at + 2])[0] | 0x1
        raw = raw[:at] + struct.pack("<H", flags) + raw[at + 2:]
    return raw


def test_an_encrypted_zip_is_a_422_from_the_api(api_url):
    response = requests.post(f"{api_url}/v1/batches", data=_encrypted_zip(), timeout=HANG,
                             headers={**ALICE, "Content-Type": "application/zip"})
    assert response.status_code == 422, response.text
    problem = response.json()
    assert problem["type"].endswith("/archive-encrypted")
    assert "game.json" in problem["detail"]


def test_an_encrypted_zip_is_a_422_page_from_the_form(api_url):
    session = signed_in(api_url)
    answer = submit(session, api_url, files={"files": ("logs.zip", _encrypted_zip())})
    assert answer.status_code == 422
    assert "game.json is encrypted" in answer.text


def test_a_json_log_nested_1000_deep_in_the_form_is_a_422_page(api_url):
    log = sample_log()
    del log["header"]["game"]  # the form's choice of game fills it in
    deep = json.dumps(log | {"x": 0}).replace('"x": 0', '"x": ' + "[" * 1000 + "]" * 1000)
    session = signed_in(api_url)
    answer = submit(session, api_url, text=deep, game="coimbra")
    assert answer.status_code in (400, 422), answer.text[:500]
    assert "nested too deeply" in answer.text or "nests arrays or objects too deeply" \
        in answer.text


def _with_first_pair(card: str) -> dict:
    log = copy.deepcopy(sample_log())
    assert log["events"][1] == {"type": "start", "player": "ana", "pair": ["c1-03", "c1-08"]}
    log["events"][1]["pair"] = [card, "c1-08"]
    return log


def _viscounts_with_unknown_card() -> dict:
    log = json.loads((FIXTURES / "viscounts" / "solo" / "first-two-opponent-turns.json")
                     .read_text())
    assert log["events"][2] == {"type": "pick", "player": "ana", "pair": ["pc-9", "hero-ada"]}
    log["events"][2]["pair"] = ["pc-9", 'hero "ada" #1\tx']
    return log


@pytest.mark.parametrize(("log", "event", "found"), [
    (_with_first_pair("c9-99"), 1, "c9-99"),
    (_with_first_pair('c1"03'), 1, 'c1"03'),
    (_with_first_pair("c1 03"), 1, "c1 03"),
    (_with_first_pair("c1#03"), 1, "c1#03"),
    (_with_first_pair("c1\t03"), 1, "c1\t03"),
    (_viscounts_with_unknown_card(), 2, 'hero "ada" #1\tx'),
], ids=["unknown id", "quote", "space", "hash", "tab", "viscounts"])
def test_the_pages_of_a_json_log_with_unwritable_cards_show_its_violation(
        api_url, worker_process, log, event, found):
    response = requests.post(f"{api_url}/v1/replays", json=log, headers=ALICE, timeout=HANG)
    assert response.status_code == 202, response.text
    record = poll(api_url, response.headers["Location"], ALICE)
    assert record["status"] == "done" and record["verdict"] != "legal"
    page_url = f"{api_url}/replays/{record['id']}"
    session = signed_in(api_url)
    page = session.get(page_url, timeout=HANG)
    assert page.status_code == 200, page.text[:2000]
    # The log is shown as JSON, one line per event: line 1 is the header, event N on N + 2.
    assert "shown as JSON, one line per event" in page.text
    line = event + 2
    marked = re.search(rf'<li id="L{line}" class="bad"><code>(.*?)</code>', page.text, re.S)
    assert marked, "the event's line is not marked"
    shown = json.loads(marked.group(1).replace("&#34;", '"').replace("&quot;", '"')
                       .replace("&amp;", "&").rstrip(","))
    assert shown == log["events"][event]
    report = requests.get(f"{api_url}/v1/replays/{record['id']}/report", headers=ALICE,
                          timeout=HANG).json()
    [violation] = [v for v in report["violations"] if v["event"] == event][:1]
    assert found in violation["found"]  # what the referee flagged: the card as it was sent
    assert f"<code>{violation['rule']}</code>" in page.text
    step = session.get(f"{page_url}/step", params={"event": event}, timeout=HANG)
    assert step.status_code == 200, step.text[:2000]
    assert f'id="L{line}"' in step.text


def test_a_json_log_is_shown_as_it_was_sent():
    # Pretty-printed, each event on its own lines: the page's lines are the file's, and
    # nothing is written in the text notation (where "a=b" would read back as another claim).
    log = sample_log()
    log["events"].append({"type": "check", "player": "ana", "values": {"a=b": 3}})
    sent = json.dumps(log, indent=1)
    lines = log_lines(sent)
    assert lines.note == "" and lines.lines == sent.splitlines()
    last = len(log["events"]) - 1
    # indent=1 opens each event with "  {" on a line of its own, and its type comes next.
    opening = [number for number, line in enumerate(sent.splitlines(), 1) if line == "  {"]
    assert len(opening) == len(log["events"])
    assert lines.event_lines[last] == opening[last]
    assert lines.lines[lines.event_lines[last]] == '   "type": "check",'
    # All on one line, as a program writes it: one line per event, as JSON.
    lines = log_lines(json.dumps(log))
    assert lines.note == AS_JSON
    assert json.loads(lines.lines[lines.event_lines[last] - 1]) == log["events"][last]
