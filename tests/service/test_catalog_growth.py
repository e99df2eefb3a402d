"""The recorder asks for placeholder values once; a client's catalog grows from its games,
is adopted whole or not at all, published, compared and adopted by another client, whose
replay then names it. Real API, Redis and worker; two clients.

Expected values come from the catalog data (which entries are placeholders) and from the
values the tests declare, never from the engine's answers.
"""

from __future__ import annotations

import json

import pytest
import requests

import replay
from replay.viscounts.catalog import builtin_document
from tests.conftest import FIXTURES
from tests.service.helpers import ALICE, BOB, poll

pytestmark = pytest.mark.redis

CATALOG = builtin_document("viscounts-base")
ENTRIES = {entry["id"]: entry for section in ("manuscripts", "player_cards", "townsfolk")
           for entry in CATALOG[section]}
GAME = replay.GAMES.get("viscounts")
LOG = replay.load_log(GAME.generate(2, 7))
SETUP = LOG.events[0]
# The setup lays out five manuscripts; the first of them the catalog holds as a whole
# placeholder is the one these tests transcribe.
MANUSCRIPT = next(m for m in SETUP["manuscripts"].values() if ENTRIES[m].get("placeholder"))
STAND_IN = ENTRIES[MANUSCRIPT]["cost"]


def _start(base: str, who: dict) -> dict:
    created = requests.post(f"{base}/v1/recordings", json={
        "game": "viscounts", "players": LOG.players}, headers=who, timeout=10)
    assert created.status_code == 201, created.text
    return created.json()


def _setup(base: str, who: dict) -> dict:
    """A new recording of the 2-player game with its setup recorded."""
    recording = _start(base, who)
    answer = requests.post(f"{base}{recording['links']['events']}", json={
        "version": recording["version"], "event": SETUP}, headers=who, timeout=30)
    assert answer.status_code == 200, answer.text
    return answer.json()


def _declare(base: str, who: dict, recording: dict, component: str, values: dict | None,
             skip: bool = False) -> requests.Response:
    body = {"version": recording["version"], "component": component}
    body.update({"skip": True} if skip else {"values": values})
    return requests.post(f"{base}{recording['links']['components']}", json=body, headers=who,
                         timeout=30)


def _asked(base: str, who: dict, recording: dict) -> dict[str, list[str]]:
    """Every component the recording asks about, skipping each in turn: id -> fields."""
    asked = {}
    while recording["ask"]:
        ask = recording["ask"]
        assert ask["entry"] not in asked, f"{ask['entry']} asked twice"
        asked[ask["entry"]] = ask["fields"]
        answer = _declare(base, who, recording, ask["entry"], None, skip=True)
        assert answer.status_code == 200, answer.text
        recording = answer.json()
    return asked


def test_the_recorder_asks_once_and_the_draft_is_the_clients_own(api_url):
    recording = _setup(api_url, ALICE)
    ask = recording["ask"]
    assert ask is not None and ask["waiting"] >= 5
    named = json.dumps(SETUP)
    assert f'"{ask["entry"]}"' in named  # a component the setup names
    cost = _declare(api_url, ALICE, recording, MANUSCRIPT, {"cost": STAND_IN + 1})
    assert cost.status_code == 200, cost.text
    recording = cost.json()
    assert recording["declared"] == {MANUSCRIPT: {"cost": STAND_IN + 1}}
    log = requests.get(f"{api_url}{recording['links']['log_json']}", headers=ALICE,
                       timeout=10).json()
    assert log["components"] == {MANUSCRIPT: {"cost": STAND_IN + 1}}
    text = requests.get(f"{api_url}{recording['links']['log_text']}", headers=ALICE,
                        timeout=10).text
    assert f"declare {MANUSCRIPT} cost={STAND_IN + 1}" in text
    # Asked about once in this recording: the manuscript is not asked again.
    asked = _asked(api_url, ALICE, recording)
    assert MANUSCRIPT not in asked
    assert set(asked) >= {m for m in SETUP["manuscripts"].values()
                          if ENTRIES[m].get("placeholder")} - {MANUSCRIPT}
    # The draft holds the value with the game it came from; Bob's draft is empty.
    draft = requests.get(f"{api_url}/v1/catalog-drafts/viscounts", headers=ALICE,
                         timeout=10).json()
    assert draft["count"] == 1 and draft["components"] == [{
        "entry": MANUSCRIPT, "name": None, "values": [{
            "field": "cost", "value": STAND_IN + 1, "recording": recording["id"],
            "at": draft["components"][0]["values"][0]["at"]}]}]
    assert requests.get(f"{api_url}/v1/catalog-drafts/viscounts", headers=BOB,
                        timeout=10).json()["count"] == 0
    # Alice's next game declares the value and asks for the manuscript's other values only.
    again = _setup(api_url, ALICE)
    assert again["declared"] == {MANUSCRIPT: {"cost": STAND_IN + 1}}
    later = _asked(api_url, ALICE, again)
    assert "cost" not in later[MANUSCRIPT]
    assert set(later[MANUSCRIPT]) == {"back", "ribbon", "when", "effect"}
    # Bob's game asks for the cost: it is Alice's transcription, not his.
    assert "cost" in _asked(api_url, BOB, _setup(api_url, BOB))[MANUSCRIPT]


def test_a_declaration_is_refused_where_it_is_wrong_naming_both_values(api_url):
    recording = _setup(api_url, ALICE)
    version = recording["version"]
    cases = [
        (MANUSCRIPT, {"costt": 3}, "/values/costt", "has no printed value 'costt'"),
        (MANUSCRIPT, {"cost": "three"}, "/values/cost", "is a whole number, not text"),
        ("ms-99", {"cost": 3}, "/values/cost", "no component 'ms-99'"),
        # ms-01's cost is read from the rulebook's picture on p.25: 6.
        ("ms-01", {"cost": 9}, "/values/cost", "holds 6 from rulebook picture p.25, and the "
                                               "log declares 9"),
    ]
    for component, values, path, words in cases:
        refused = _declare(api_url, ALICE, recording, component, values)
        assert refused.status_code == 422, (component, values, refused.text)
        problem = refused.json()
        assert problem["path"] == path and words in problem["detail"], problem
        assert problem["version"] == version
    declared = _declare(api_url, ALICE, recording, MANUSCRIPT, {"cost": 5}).json()
    contradiction = _declare(api_url, ALICE, declared, MANUSCRIPT, {"cost": 7})
    assert contradiction.status_code == 422
    assert contradiction.json()["path"] == "/values/cost"
    assert "already declares 5" in contradiction.json()["detail"] and \
        "declares 7" in contradiction.json()["detail"]
    now = requests.get(f"{api_url}{recording['links']['self']}", headers=ALICE,
                       timeout=10).json()
    assert now["declared"] == {MANUSCRIPT: {"cost": 5}} and now["version"] == version + 1


def _finish(base: str, who: dict, recording: dict) -> tuple[dict, dict]:
    """Finish a recording: its replay's record, and its report."""
    done = requests.post(f"{base}{recording['links']['finish']}", json={
        "version": recording["version"]}, headers=who, timeout=30)
    assert done.status_code == 200, done.text
    record = poll(base, done.json()["links"]["replay"], who)
    assert record["status"] == "done", record
    return record, requests.get(base + record["links"]["report"], headers=who,
                                timeout=10).json()


def test_adopt_publish_compare_and_a_second_client_adopts(api_url, worker_process):
    alice = _setup(api_url, ALICE)
    assert _declare(api_url, ALICE, alice, MANUSCRIPT, {"cost": 4}).status_code == 200
    bob = _setup(api_url, BOB)
    assert _declare(api_url, BOB, bob, MANUSCRIPT, {"cost": 5}).status_code == 200
    adopted = requests.post(f"{api_url}/v1/catalog-drafts/viscounts/adoption", headers=ALICE,
                            timeout=30)
    assert adopted.status_code == 201, adopted.text
    record = adopted.json()
    assert record["id"] == "viscounts-alice" and record["adopted"] == 1
    assert requests.get(f"{api_url}/v1/catalog-drafts/viscounts", headers=ALICE,
                        timeout=10).json()["count"] == 0
    names = [c["name"] for c in requests.get(f"{api_url}/v1/catalogs", headers=ALICE,
                                             timeout=10).json()]
    assert names == [record["name"]]
    # Alice's later games are made with it: the cost is no longer asked, nor declared.
    later = _setup(api_url, ALICE)
    log = requests.get(f"{api_url}{later['links']['log_json']}", headers=ALICE,
                       timeout=10).json()
    assert log["header"]["catalog"] == "viscounts-alice" and "components" not in log
    assert "cost" not in _asked(api_url, ALICE, later)[MANUSCRIPT]
    # Published: every client lists it; publishing again changes nothing.
    published = requests.post(f"{api_url}/v1/catalogs/{record['name']}/publication",
                              headers=ALICE, timeout=10)
    assert published.status_code == 201
    assert requests.post(f"{api_url}/v1/catalogs/{record['name']}/publication",
                         headers=ALICE, timeout=10).status_code == 200
    listed = requests.get(f"{api_url}/v1/shared-catalogs", headers=BOB, timeout=10).json()
    assert [(c["sha256"], c["publisher"], c["transcribed"]) for c in listed] == [
        (record["sha256"], "alice", 1)]
    # Bob adopts his own draft, publishes it, and the two transcriptions are compared.
    bobs = requests.post(f"{api_url}/v1/catalog-drafts/viscounts/adoption", headers=BOB,
                         timeout=30).json()
    assert requests.post(f"{api_url}/v1/catalogs/{bobs['name']}/publication", headers=BOB,
                         timeout=10).status_code == 201
    compared = requests.get(f"{api_url}/v1/catalog-comparisons", params={
        "first": record["sha256"], "second": bobs["sha256"]}, headers=BOB, timeout=10).json()
    assert compared["agree"] == 0 and compared["disagree"] == [{
        "entry": MANUSCRIPT, "name": None, "field": "cost",
        "first": {"value": 4, "source": "transcribed by alice from the printed component",
                  "transcribed": True},
        "second": {"value": 5, "source": "transcribed by bob from the printed component",
                   "transcribed": True}}]
    # Bob adopts Alice's; his replay names it.
    taken = requests.post(f"{api_url}/v1/shared-catalogs/{record['sha256']}/adoption",
                          headers=BOB, timeout=10)
    assert taken.status_code == 201
    game = _setup(api_url, BOB)
    side = game["ask"]["entry"]
    assert side in SETUP["segments"]  # the board's sides are asked about first
    skipped = _declare(api_url, BOB, game, side, None, skip=True).json()
    assert skipped["skipped"] == [side] and skipped["ask"]["entry"] != side
    # A value that is an object (a card's hire effect) goes through the text log too.
    card = next(c for c in SETUP["townsfolk"].values()
                if ENTRIES[c].get("placeholder_fields") == ["hire"])
    hire = {"op": "gain", "items": {"silver": 2}}
    declared = _declare(api_url, BOB, skipped, card, {"hire": hire})
    assert declared.status_code == 200, declared.text
    replayed, report = _finish(api_url, BOB, declared.json())
    assert {"entry": card, "field": "hire", "value": hire,
            "replaces": ENTRIES[card]["hire"]} in report["catalog"]["declared_values"]
    # The replay names the catalog: by its id in the report (whose sha256 is of the catalog
    # with the log's declarations in place), by its sha256 in the replay's options.
    assert report["catalog"]["id"] == "viscounts-alice"
    assert replayed["options"]["catalog_sha"] == record["sha256"]
    # The side went on with its stand-in: the report says the verdict used it.
    stand_in = next(s for seg in CATALOG["segments"] for s in seg["sides"] if s["id"] == side)
    assert {"entry": side, "field": "player_counts", "value": stand_in["player_counts"]}.items() \
        <= next(p for p in report["catalog"]["placeholders_used"] if p["entry"] == side).items()
    # A published catalog a stored replay names stays: not even its publisher withdraws it.
    assert requests.delete(f"{api_url}/v1/shared-catalogs/{record['sha256']}", headers=BOB,
                           timeout=10).status_code == 403
    kept = requests.delete(f"{api_url}/v1/shared-catalogs/{record['sha256']}", headers=ALICE,
                           timeout=10)
    assert kept.status_code == 409
    assert requests.delete(f"{api_url}/v1/shared-catalogs/{bobs['sha256']}", headers=BOB,
                           timeout=10).status_code == 204


def test_a_draft_is_adopted_whole_or_not_at_all(api_url):
    alice = _setup(api_url, ALICE)
    assert _declare(api_url, ALICE, alice, MANUSCRIPT, {"cost": 4}).status_code == 200
    record = requests.post(f"{api_url}/v1/catalog-drafts/viscounts/adoption", headers=ALICE,
                           timeout=30).json()
    requests.post(f"{api_url}/v1/catalogs/{record['name']}/publication", headers=ALICE,
                  timeout=10)
    # Bob transcribed the cost otherwise, and another manuscript; then adopts Alice's catalog.
    bob = _setup(api_url, BOB)
    bob = _declare(api_url, BOB, bob, MANUSCRIPT, {"cost": 5}).json()
    other = next(m for m in SETUP["manuscripts"].values()
                 if ENTRIES[m].get("placeholder") and m != MANUSCRIPT)
    assert _declare(api_url, BOB, bob, other, {"ribbon": "blue"}).status_code == 200
    requests.post(f"{api_url}/v1/shared-catalogs/{record['sha256']}/adoption", headers=BOB,
                  timeout=10)
    before = requests.get(f"{api_url}/v1/catalogs", headers=BOB, timeout=10).json()
    refused = requests.post(f"{api_url}/v1/catalog-drafts/viscounts/adoption", headers=BOB,
                            timeout=30)
    assert refused.status_code == 422
    problems = refused.json()["problems"]
    assert [p["path"] for p in problems] == [f"/{MANUSCRIPT}/cost"]
    assert "holds 4 from declared in the log, and the log declares 5" in problems[0]["message"]
    # Nothing was adopted: the draft, the catalogs and the one in use are as they were.
    assert requests.get(f"{api_url}/v1/catalog-drafts/viscounts", headers=BOB,
                        timeout=10).json()["count"] == 2
    assert requests.get(f"{api_url}/v1/catalogs", headers=BOB, timeout=10).json() == before
    log = requests.get(f"{api_url}{_start(api_url, BOB)['links']['log_json']}", headers=BOB,
                       timeout=10).json()
    assert log["header"]["catalog"] == "viscounts-alice"
    assert log["components"] == {other: {"ribbon": "blue"}}  # the refused cost is left out


def test_two_games_that_transcribe_a_value_differently_are_both_kept_in_the_draft(api_url):
    first, second = _setup(api_url, ALICE), _setup(api_url, ALICE)  # two tables at once
    assert _declare(api_url, ALICE, first, MANUSCRIPT, {"cost": 4}).status_code == 200
    assert _declare(api_url, ALICE, second, MANUSCRIPT, {"cost": 5}).status_code == 200
    draft = requests.get(f"{api_url}/v1/catalog-drafts/viscounts", headers=ALICE,
                         timeout=10).json()
    value = draft["components"][0]["values"][0]
    assert draft["disagree"] == 1 and value["value"] == 5
    assert value["recording"] == second["id"]
    assert [(e["value"], e["recording"]) for e in value["earlier"]] == [(4, first["id"])]
    record = requests.post(f"{api_url}/v1/catalog-drafts/viscounts/adoption", headers=ALICE,
                           timeout=30).json()
    log = requests.get(f"{api_url}{_setup(api_url, ALICE)['links']['log_json']}",
                       headers=ALICE, timeout=10).json()
    assert log["header"]["catalog"] == record["id"] and "components" not in log


def test_a_table_may_stop_being_asked_and_still_declare(api_url):
    recording = _setup(api_url, ALICE)
    assert recording["ask"] is not None
    stopped = requests.post(f"{api_url}{recording['links']['components']}", json={
        "version": recording["version"], "stop": True}, headers=ALICE, timeout=10)
    assert stopped.status_code == 200 and stopped.json()["ask"] is None
    assert stopped.json()["version"] == recording["version"] + 1
    declared = _declare(api_url, ALICE, stopped.json(), MANUSCRIPT, {"cost": 2})
    assert declared.status_code == 200 and declared.json()["ask"] is None
    nameless = requests.post(f"{api_url}{recording['links']['components']}", json={
        "version": declared.json()["version"], "values": {"cost": 2}}, headers=ALICE,
        timeout=10)
    assert nameless.status_code == 422 and nameless.json()["path"] == "/component"


def test_a_log_submitted_with_declarations_feeds_its_clients_draft(api_url, worker_process):
    """A log sent straight to ``/v1/replays`` that declares components (the hand-worked
    ``declared-manuscript-cost``: ms-09 costs 2, worked in its note) adds them to its client's
    draft, with the replay it came from; another client's draft stays empty."""
    log = json.loads((FIXTURES / "viscounts" / "worked" / "declared-manuscript-cost.json")
                     .read_text())
    submitted = requests.post(f"{api_url}/v1/replays", json=log, headers=BOB, timeout=10)
    assert submitted.status_code == 202, submitted.text
    record = poll(api_url, submitted.headers["Location"], BOB)
    assert record["status"] == "done"
    draft = requests.get(f"{api_url}/v1/catalog-drafts/viscounts", headers=BOB,
                         timeout=10).json()
    [component] = [c for c in draft["components"] if c["entry"] == "ms-09"]
    [value] = component["values"]
    assert (value["field"], value["value"], value["replay"]) == ("cost", 2, record["id"])
    assert value["recording"] is None
    alices = requests.get(f"{api_url}/v1/catalog-drafts/viscounts", headers=ALICE,
                          timeout=10).json()
    assert record["id"] not in json.dumps(alices)  # one client's draft is never another's
    # Submitted again, the same value keeps the replay it first came from.
    again = requests.post(f"{api_url}/v1/replays?mode=audit", json=log, headers=BOB,
                          timeout=10)
    poll(api_url, again.headers["Location"], BOB)
    kept = requests.get(f"{api_url}/v1/catalog-drafts/viscounts", headers=BOB,
                        timeout=10).json()
    assert [v["replay"] for c in kept["components"] if c["entry"] == "ms-09"
            for v in c["values"]] == [record["id"]]
