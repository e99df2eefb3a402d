"""A pile's new top in a Viscounts recording: the form names the pile a card was taken from
and offers exactly what the referee accepts on it, never a pile nobody took from (the
referee refuses a reveal there: ``viscounts.log.reveal``)."""

from __future__ import annotations

import pytest
import requests

import replay
from tests.service.helpers import ALICE

pytestmark = pytest.mark.redis

VISCOUNTS = replay.GAMES.get("viscounts")


def test_the_new_top_is_asked_of_the_one_pile_taken_from(api_url):
    generated = VISCOUNTS.generate(2, 5)
    header, events = {**generated["header"], "metadata": {}}, generated["events"]
    at = next(i for i, e in enumerate(events) if e["type"] == "reveal")
    doc = requests.post(f"{api_url}/v1/recordings", headers=ALICE, timeout=10, json={
        "game": "viscounts", "players": header["players"]}).json()
    text = VISCOUNTS.print_text(replay.load_log({"header": header, "events": events[:at]}))
    answer = requests.post(api_url + doc["links"]["events"], headers=ALICE, timeout=30,
                           json={"version": doc["version"], "text": text.split("\n\n", 1)[1]})
    assert answer.status_code == 200, answer.json()
    form = answer.json()["chance"]
    assert form["type"] == "reveal"
    # The generated game took from one pile only; its id is fixed, no pile is chosen.
    assert form["fixed"] == {"pile": events[at]["pile"]}
    slots = [slot for group in form["groups"] for slot in group["slots"]]
    assert [slot["path"] for slot in slots] == ["shown"]
    offered = {value for value, _ in slots[0]["choices"]}
    accepted = VISCOUNTS.next_step(replay.load_log({"header": header, "events": events[:at]}),
                                   at - 1).actions
    assert offered == {f"{k}:{r[k]}" for r in accepted for k in ("card", "manuscript") if k in r}
    kind = "card" if "card" in events[at] else "manuscript"
    assert f"{kind}:{events[at][kind]}" in offered  # what the table did reveal
