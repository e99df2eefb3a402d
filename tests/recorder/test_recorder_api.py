"""``/v1/recordings`` over HTTP against the real service (Redis, and a worker to finish):
legal moves offered, moves and chance checked, stale changes refused, owners kept apart."""

from __future__ import annotations

import pytest
import requests

import replay
from tests.service.helpers import ALICE, BOB, poll

pytestmark = pytest.mark.redis

COIMBRA = replay.GAMES.get("coimbra")


def start(base: str, players=("ana", "bruno"), headers=ALICE, **extra) -> requests.Response:
    return requests.post(f"{base}/v1/recordings", json={"game": "coimbra",
                                                       "players": list(players), **extra},
                         headers=headers, timeout=10)


def add(base: str, doc: dict, event: dict, version: int | None = None) -> requests.Response:
    return requests.post(base + doc["links"]["events"], headers=ALICE, timeout=10,
                         json={"version": doc["version"] if version is None else version,
                               "event": event})


def test_a_new_recording_asks_for_the_setup_slot_by_slot(api_url):
    answer = start(api_url)
    assert answer.status_code == 201
    doc = answer.json()
    assert answer.headers["Location"] == doc["links"]["self"]
    assert (doc["version"], doc["events"], doc["moves"], doc["acting"]) == (1, 0, [], None)
    form = doc["chance"]
    assert form["type"] == "setup"
    slots = {g["title"]: g["slots"] for g in form["groups"]}
    # The board has 8 level-I, 4 level-II and 2 level-III monastery spaces; six voyages are
    # revealed; one scoring tile per track (4); one start pair per player.
    spaces = slots["Monastery tiles on the board"]
    assert [s["label"].rsplit("(", 1)[1] for s in spaces].count("level I)") == 8
    assert [s["label"].rsplit("(", 1)[1] for s in spaces].count("level II)") == 4
    assert [s["label"].rsplit("(", 1)[1] for s in spaces].count("level III)") == 2
    assert len(slots["Voyages revealed"]) == 6
    assert len(slots["Scoring tiles beside the tracks"]) == 4
    assert len(slots["Start pairs displayed"]) == 2
    # a level-I space offers only level-I tiles, by their printed names
    first = spaces[0]["choices"]
    assert first and all(value.startswith("m1-") and label != value for value, label in first)


def test_moves_are_the_legal_actions_and_each_change_moves_the_version(api_url):
    generated = COIMBRA.generate(2, 3)
    doc = start(api_url).json()
    doc = add(api_url, doc, generated["events"][0]).json()
    assert doc["version"] == 2 and doc["events"] == 1
    # In reverse turn order each player first takes a pair or a corner (rule text, setup).
    assert doc["acting"] == generated["events"][0]["order"][-1]
    log = replay.load_log({**generated, "events": generated["events"][:1]})
    assert [m["event"] for m in doc["moves"]] == COIMBRA.legal_actions(log, 0)
    labels = " ".join(m["label"] for m in doc["moves"])
    assert "corner-" not in labels and "c1-" not in labels  # printed names, not ids
    assert "north-west corner" in labels


def test_an_illegal_move_is_refused_with_its_rule_and_changes_nothing(api_url):
    generated = COIMBRA.generate(2, 3)
    doc = start(api_url).json()
    doc = add(api_url, doc, generated["events"][0]).json()
    # a die placed before any roll: the rules' sequence puts the start choices first
    answer = add(api_url, doc, {"type": "place", "player": doc["acting"], "die": "gray3",
                                "to": "castle"})
    assert answer.status_code == 422
    problem = answer.json()
    assert answer.headers["Content-Type"] == "application/problem+json"
    assert problem["rule"] == "coimbra.log.order"
    again = requests.get(api_url + doc["links"]["self"], headers=ALICE, timeout=10).json()
    assert (again["version"], again["events"]) == (2, 1)
    # a shape the game does not know is refused too
    assert add(api_url, doc, {"type": "juggle"}).status_code == 422


def test_a_stale_change_is_refused_and_the_version_says_where_the_game_is(api_url):
    generated = COIMBRA.generate(2, 3)
    doc = start(api_url).json()
    first = add(api_url, doc, generated["events"][0]).json()
    answer = add(api_url, doc, generated["events"][0], version=1)
    assert answer.status_code == 409
    assert answer.json()["version"] == 2
    undo = requests.post(api_url + doc["links"]["undo"], json={"version": 1}, headers=ALICE,
                         timeout=10)
    assert undo.status_code == 409
    now = requests.get(api_url + doc["links"]["self"], headers=ALICE, timeout=10).json()
    assert (now["version"], now["events"]) == (first["version"], 1)


def test_undo_takes_back_the_last_event_only(api_url):
    generated = COIMBRA.generate(2, 3)
    doc = start(api_url).json()
    for event in generated["events"][:3]:
        doc = add(api_url, doc, event).json()
    undone = requests.post(api_url + doc["links"]["undo"], json={"version": doc["version"]},
                           headers=ALICE, timeout=10).json()
    assert (undone["version"], undone["events"]) == (doc["version"] + 1, 2)
    assert undone["last"]["event"] == generated["events"][1]
    text = requests.get(api_url + doc["links"]["log_text"], headers=ALICE, timeout=10).text
    assert text == COIMBRA.print_text(replay.load_log(
        {"header": {**generated["header"], "metadata": {}}, "events": generated["events"][:2]}))


def test_another_client_cannot_see_or_change_a_recording(api_url):
    doc = start(api_url).json()
    for path in (doc["links"]["self"], doc["links"]["log_text"], doc["links"]["log_json"]):
        assert requests.get(api_url + path, headers=BOB, timeout=10).status_code == 404
    answer = requests.post(api_url + doc["links"]["undo"], json={"version": 1}, headers=BOB,
                           timeout=10)
    assert answer.status_code == 404
    assert requests.get(api_url + doc["links"]["self"], timeout=10).status_code == 401


@pytest.mark.parametrize(("body", "status"), [
    ({"game": "coimbra", "players": ["ana"]}, 422),  # Coimbra is for 2-4 players
    ({"game": "coimbre", "players": ["ana", "bruno"]}, 422),
    ({"game": "coimbra", "players": ["Ana Maria", "bruno"]}, 422),
    ({"game": "coimbra", "players": ["ana", "bruno"], "variants": ["no-such"]}, 422),
    ({"game": "coimbra"}, 422),
    ([1, 2], 422),
])
def test_a_recording_that_cannot_be_started_is_refused(api_url, body, status):
    answer = requests.post(f"{api_url}/v1/recordings", json=body, headers=ALICE, timeout=10)
    assert answer.status_code == status
    assert answer.headers["Content-Type"] == "application/problem+json"


def test_malformed_bodies_get_a_precise_4xx(api_url):
    doc = start(api_url).json()
    url = api_url + doc["links"]["events"]
    bad = requests.post(url, data="{", headers={**ALICE, "Content-Type": "application/json"},
                        timeout=10)
    assert bad.status_code == 400
    assert requests.post(url, data="x", headers={**ALICE, "Content-Type": "text/plain"},
                         timeout=10).status_code == 415
    assert requests.post(url, json={"event": {"type": "roll"}}, headers=ALICE,
                         timeout=10).status_code == 422


def test_a_whole_game_recorded_and_finished_is_replayed_by_a_worker(api_url, worker_process):
    generated = COIMBRA.generate(2, 5)
    doc = start(api_url).json()
    for event in generated["events"]:
        offered = [m["event"] for m in doc["moves"]]
        assert event in offered or event["type"] in ("setup", "deal", "roll", "final")
        answer = add(api_url, doc, event)
        assert answer.status_code == 200, answer.json()
        doc = answer.json()
    assert doc["over"] and not doc["moves"] and doc["final"] is None
    finished = requests.post(api_url + doc["links"]["finish"], json={"version": doc["version"]},
                             headers=ALICE, timeout=10)
    assert finished.status_code == 200
    record = poll(api_url, finished.json()["links"]["replay"], ALICE)
    assert record["verdict"] == "legal"
    closed = finished.json()
    assert closed["status"] == "finished" and "events" not in closed["links"]
    late = requests.post(f"{api_url}/v1/recordings/{closed['id']}/events", headers=ALICE,
                         json={"version": closed["version"], "event": generated["events"][-1]},
                         timeout=10)
    assert late.status_code == 409 and late.json()["replay"] == closed["replay"]


def notation(game, header: dict, event: dict) -> str:
    """One event's lines of the text notation, as a person would write them."""
    text = game.print_text(replay.load_log({"header": header, "events": [event]}))
    return text.split("\n\n", 1)[1]


@pytest.mark.parametrize("players", [2, 1])
def test_a_viscounts_game_taps_its_moves_and_writes_its_chance(api_url, worker_process,
                                                               players):
    # The recorder has no forms for Viscounts' chance (set-up, reveals, the cards drawn):
    # those are written in the text notation, every offered move is tapped.
    game = replay.GAMES.get("viscounts")
    generated = game.generate(players, 4)
    header = {**generated["header"], "metadata": {}}
    doc = requests.post(f"{api_url}/v1/recordings", headers=ALICE, timeout=10, json={
        "game": "viscounts", "players": header["players"],
        "variants": header["variants"]}).json()
    assert not doc["over"] and not doc["moves"]  # nothing to tap: the set-up is written
    tapped = 0
    for event in generated["events"]:
        if event in [m["event"] for m in doc["moves"]]:
            body = {"version": doc["version"], "event": event}
            tapped += 1
        else:
            body = {"version": doc["version"], "text": notation(game, header, event)}
        answer = requests.post(api_url + doc["links"]["events"], json=body, headers=ALICE,
                               timeout=10)
        assert answer.status_code == 200, (event, answer.json())
        doc = answer.json()
    assert tapped > len(generated["events"]) / 2
    text = requests.get(api_url + doc["links"]["log_text"], headers=ALICE, timeout=10).text
    assert text == game.print_text(replay.load_log({**generated, "header": header}))
    finished = requests.post(api_url + doc["links"]["finish"], json={"version": doc["version"]},
                             headers=ALICE, timeout=10).json()
    record = poll(api_url, finished["links"]["replay"], ALICE)
    assert record["verdict"] == "legal"


def test_lines_that_cannot_be_read_are_located_in_the_lines_written(api_url):
    doc = start(api_url).json()
    answer = requests.post(api_url + doc["links"]["events"], headers=ALICE, timeout=10,
                           json={"version": 1, "text": "# the first round\nana: juggle"})
    assert answer.status_code == 422
    assert answer.json()["detail"] == "line 2: unknown action 'juggle'"
    assert answer.json()["problems"][0]["column"] == 6
    assert requests.get(api_url + doc["links"]["self"], headers=ALICE,
                        timeout=10).json()["events"] == 0


def test_correcting_an_earlier_move_says_which_later_move_it_made_illegal(api_url):
    # Seed 1's round 1: bruno places gray6 (event 7), ana gray6 (8), bruno white5 (9). The
    # roll has one white die, so bruno placing white5 at event 7 instead leaves none for
    # event 9: "a player takes a die still in the rolled pool".
    generated = COIMBRA.generate(2, 1)
    assert generated["events"][9] == {"type": "place", "player": "bruno", "die": "white5",
                                      "to": "castle"}
    doc = start(api_url).json()
    for event in generated["events"][:12]:
        doc = add(api_url, doc, event).json()
    white = {"type": "place", "player": "bruno", "die": "white5", "to": "castle"}
    answer = requests.post(api_url + doc["links"]["correct"], headers=ALICE, timeout=10,
                           json={"version": doc["version"], "index": 7, "event": white})
    assert answer.status_code == 200, answer.json()
    corrected = answer.json()
    assert corrected["version"] == doc["version"] + 1 and corrected["events"] == 12
    assert corrected["corrected"]["was"] == generated["events"][7]
    assert [(v["event"], v["rule"]) for v in corrected["corrected"]["broken"]] == \
        [(9, "coimbra.draft.die")]
    log = requests.get(api_url + doc["links"]["log_json"], headers=ALICE, timeout=10).json()
    assert log["events"][7] == white and log["events"][9] == generated["events"][9]
    # a correction that is itself illegal there changes nothing
    stale = requests.post(api_url + doc["links"]["correct"], headers=ALICE, timeout=10,
                          json={"version": doc["version"], "index": 7, "event": white})
    assert stale.status_code == 409
    wrong = requests.post(api_url + doc["links"]["correct"], headers=ALICE, timeout=10,
                          json={"version": corrected["version"], "index": 7,
                                "event": {**white, "player": "ana"}})
    assert wrong.status_code == 422 and wrong.json()["rule"]


def test_a_claim_at_any_step_is_kept_and_compared_in_the_report(api_url, worker_process):
    # After the start choices, each player has 0 points (no points are scored in set-up):
    # ana's claim of 0 matches, bruno's of 3 does not.
    generated = COIMBRA.generate(2, 1)
    doc = start(api_url).json()
    for event in generated["events"][:5]:
        doc = add(api_url, doc, event).json()
    for player, points in (("ana", 0), ("bruno", 3)):
        answer = add(api_url, doc, {"type": "check", "player": player,
                                    "values": {"points": points}})
        assert answer.status_code == 200
        doc = answer.json()
    finished = requests.post(api_url + doc["links"]["finish"], json={"version": doc["version"]},
                             headers=ALICE, timeout=10).json()
    record = poll(api_url, finished["links"]["replay"], ALICE)
    report = requests.get(api_url + record["links"]["report"], headers=ALICE, timeout=10).json()
    assert [(c["player"], c["match"]) for c in report["claims"]] == \
        [("ana", True), ("bruno", False)]


def test_a_note_on_an_event_is_its_comment_in_the_log(api_url):
    generated = COIMBRA.generate(2, 1)
    doc = start(api_url).json()
    for event in generated["events"][:3]:
        doc = add(api_url, doc, event).json()
    noted = requests.post(api_url + doc["links"]["note"], headers=ALICE, timeout=10, json={
        "version": doc["version"], "index": 1, "note": "ana  took\nthe corner first"})
    assert noted.status_code == 200 and noted.json()["version"] == doc["version"] + 1
    text = requests.get(api_url + doc["links"]["log_text"], headers=ALICE, timeout=10).text
    assert "# ana took the corner first\nana: start corner corner-nw" in text
    gone = requests.post(api_url + doc["links"]["note"], headers=ALICE, timeout=10, json={
        "version": noted.json()["version"], "index": 1, "note": ""})
    assert "#" not in requests.get(api_url + doc["links"]["log_text"], headers=ALICE,
                                   timeout=10).text.split("\n\n", 1)[1]
    assert gone.json()["events"] == 3
