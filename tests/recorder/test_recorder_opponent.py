"""The solo opponent's turn in a recording: the move its procedure requires, after the Scheme
turned over, is shown for one tap to confirm; what the table made it do otherwise is kept
and flagged with the rule it breaks, and only on the opponent's turn."""

from __future__ import annotations

import pytest
import requests

import replay
from tests.service.helpers import ALICE, poll
from tests.web.test_pages_http import signed_in

pytestmark = pytest.mark.redis

VISCOUNTS = replay.GAMES.get("viscounts")
OPPONENT = "opponent"  # the solo opponent's name in a log


def lines(header: dict, events: list[dict]) -> str:
    """Events as the text notation writes them, without the header's tags."""
    return VISCOUNTS.print_text(replay.load_log({"header": header, "events": events})) \
        .split("\n\n", 1)[1]


def send(base: str, doc: dict, **body) -> requests.Response:
    return requests.post(base + doc["links"]["events"], headers=ALICE, timeout=10,
                         json={"version": doc["version"], **body})


@pytest.fixture
def opponents_move(api_url):
    """A solo game recorded up to the opponent's first move after a Scheme it turned over:
    the recording, the generated game's header and events, and where that move is."""
    generated = VISCOUNTS.generate(1, 3)
    header, events = {**generated["header"], "metadata": {}}, generated["events"]
    scheme = next(i for i, e in enumerate(events)
                  if e["type"] == "scheme" and e["player"] == OPPONENT and i > 30)
    move = next(i for i in range(scheme, len(events))
                if events[i]["type"] == "move" and events[i]["player"] == OPPONENT)
    doc = requests.post(f"{api_url}/v1/recordings", headers=ALICE, timeout=10, json={
        "game": "viscounts", "players": header["players"]}).json()
    answer = send(api_url, doc, text=lines(header, events[:move]))
    assert answer.status_code == 200, answer.json()
    return answer.json(), header, events, scheme, move


def test_the_move_its_scheme_requires_is_shown_for_one_tap(api_url, opponents_move):
    doc, header, events, scheme, move = opponents_move
    turn = doc["opponent"]
    assert turn["player"] == OPPONENT
    assert turn["scheme"] == events[scheme]["card"]  # the Scheme the log turned over
    log = replay.load_log({"header": header, "events": events[:move]})
    required = [doc["moves"][i]["event"] for i in turn["moves"]]
    assert required == VISCOUNTS.legal_actions(log, move - 1)  # the referee's, no other
    assert all(e["player"] == OPPONENT for e in required)
    page = signed_in(api_url).get(f"{api_url}/record/{doc['id']}", timeout=10).text
    assert "The solo opponent&#39;s turn" in page or "The solo opponent's turn" in page
    assert page.count(">Confirm: ") == len(required)
    assert "Record it, flagged" in page
    # one tap confirms it: recorded, and the opponent's procedure goes on
    tapped = send(api_url, doc, event=required[0]).json()
    assert tapped["events"] == move + 1 and tapped["violations"] == []


def test_what_it_did_otherwise_is_kept_and_flagged(api_url, worker_process, opponents_move):
    doc, header, events, _scheme, move = opponents_move
    required = events[move]
    # the other way round the board from the space its procedure sends it to
    path = [s[:-1] + ("l" if s.endswith("r") else "r") for s in required["path"]]
    other = {"type": "move", "player": OPPONENT, "path": path}
    assert other != required
    refused = send(api_url, doc, text=lines(header, [other]))  # a plain line: checked
    assert refused.status_code == 422 and refused.json()["rule"].startswith("viscounts.solo")
    kept = send(api_url, doc, text=lines(header, [other]), otherwise=True)
    assert kept.status_code == 200, kept.json()
    kept = kept.json()
    assert kept["events"] == move + 1 and kept["last"]["event"] == other
    flagged = [v for v in kept["violations"] if v["event"] == move]
    assert flagged and flagged[0]["rule"].startswith("viscounts.solo")
    assert "".join(required["path"]) in flagged[0]["message"]  # says what was required
    # the game goes on from what the table did: the move is no longer asked for
    assert all(m["event"]["type"] != "move" for m in kept["moves"])
    finished = requests.post(api_url + kept["links"]["finish"], headers=ALICE, timeout=10,
                             json={"version": kept["version"]}).json()
    record = poll(api_url, finished["links"]["replay"], ALICE)
    # replayed in audit mode, to the last event: the report flags it and checks the rest
    assert record["options"]["mode"] == "audit" and record["verdict"] == "illegal"
    assert record["progress"] == {"replayed": move + 1, "total": move + 1}


def test_only_the_opponents_turn_can_be_recorded_otherwise(api_url, opponents_move):
    doc, header, _events, _scheme, move = opponents_move
    player = header["players"][0]
    line = lines(header, [{"type": "resource", "player": player, "resource": "ink"}])
    answer = send(api_url, doc, text=line, otherwise=True)
    assert answer.status_code == 422
    assert answer.json()["type"].endswith("not-the-opponents-turn")
    now = requests.get(api_url + doc["links"]["self"], headers=ALICE, timeout=10).json()
    assert (now["version"], now["events"]) == (doc["version"], move)  # nothing recorded
