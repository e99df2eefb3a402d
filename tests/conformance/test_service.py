"""The dice race through the API: the Flask app in this process (where the race is
registered), a real Redis, and a real RQ worker run in burst mode in this process too."""

from __future__ import annotations

import json

import pytest

from api import create_app
from tests.conformance.races import SIX_AGAIN_TEXT, SIX_AGAIN_TOTALS, race_log, without_variant
from workers.worker import run_worker

pytestmark = [pytest.mark.redis, pytest.mark.usefixtures("dice_race")]
ALICE_KEY = "alice-key-0123456789"
ALICE = {"Authorization": f"Bearer {ALICE_KEY}"}


@pytest.fixture
def service(redis_url):
    """A test client of the app, and a function that lets one worker empty the queue."""
    app = create_app({"REDIS_URL": redis_url, "API_KEYS": {ALICE_KEY: "alice"}})
    client = app.test_client()
    return client, lambda: run_worker(redis_url, burst=True)


def _report(client, location: str, media: str) -> str:
    record = client.get(location, headers=ALICE).get_json()
    assert record["status"] == "done", record
    response = client.get(record["links"]["report"], headers={**ALICE, "Accept": media})
    assert response.status_code == 200 and response.mimetype == media
    return response.get_data(as_text=True)


def test_games_and_rules_list_the_race_while_it_is_registered(service, dice_race):
    client, _ = service
    games = {g["game"]: g for g in client.get("/v1/games", headers=ALICE).get_json()}
    assert games["dice-race"] == {
        "game": "dice-race", "title": "Dice race", "rulesets": ["dice-race-1"],
        "players": [2], "catalogs": ["dice-race-basic"],
        "variants": [{"id": "six-again", "statement": "A player who rolls a six rolls again "
                      "at once.", "default": "The turn passes after every roll."}]}
    rules = client.get("/v1/games/dice-race/rules", headers=ALICE).get_json()
    assert [(r["id"], r["automatic"]) for r in rules] == [
        (rule.id, rule.automatic) for rule in dice_race.rules.values()]
    assert rules[0]["statement"] == dice_race.rules["dice-race.turn.order"].statement


def test_a_submitted_race_is_replayed_and_its_report_served_in_every_format(service):
    client, work = service
    response = client.post("/v1/replays", data=SIX_AGAIN_TEXT,
                           headers={**ALICE, "Content-Type": "text/plain"})
    assert response.status_code == 202
    work()
    location = response.headers["Location"]
    report = json.loads(_report(client, location, "application/json"))
    assert report["verdict"] == "legal"
    assert {r["player"]: r["points"] for r in report["standings"]} == SIX_AGAIN_TOTALS
    markdown = _report(client, location, "text/markdown")
    assert "| Finish bonus | 5 | 0 |" in markdown and "## Race" in markdown
    page = _report(client, location, "text/html")
    assert '<section id="race">' in page and "<th>Stars (during play)</th>" in page


def test_an_illegal_race_is_reported_with_its_line_and_a_bad_header_refused(service):
    client, work = service
    response = client.post("/v1/replays?mode=audit", data=without_variant(SIX_AGAIN_TEXT),
                           headers={**ALICE, "Content-Type": "text/plain"})
    work()
    report = json.loads(_report(client, response.headers["Location"], "application/json"))
    assert report["verdict"] == "illegal"
    assert [(v["rule"], v["line"], v.get("legal_under")) for v in report["violations"]] == [
        ("dice-race.turn.order", 7, "six-again"), ("dice-race.turn.order", 8, "six-again"),
        ("dice-race.turn.order", 12, "six-again")]
    refused = client.post("/v1/replays", json=race_log([("ann", 2)], variants=("sixes",)),
                          headers=ALICE)
    assert refused.status_code == 422
    assert refused.mimetype == "application/problem+json"
    assert [p["path"] for p in refused.get_json()["problems"]] == ["/header/variants/0"]
    out_of_range = client.post("/v1/replays", json={**race_log([("ann", 2)]),
                                                     "events": [{"type": "roll"}]},
                               headers=ALICE)
    assert out_of_range.status_code == 422
    assert {p["path"] for p in out_of_range.get_json()["problems"]} == {
        "/events/0/player", "/events/0/die"}


def test_a_batch_of_races_gives_verdicts_winners_duplicates_and_standings(service,
                                                                          dice_race):
    client, work = service
    games = [dice_race.generate(2, seed) for seed in (1, 2, 3)]
    logs = [{"name": f"table-{i}", "log": game} for i, game in enumerate(games)]
    logs.append({"name": "table-0-again", "log": games[0]})
    logs.append({"name": "hand-worked", "text": SIX_AGAIN_TEXT})
    logs.append({"name": "out-of-turn", "text": without_variant(SIX_AGAIN_TEXT)})
    response = client.post("/v1/batches", json={"logs": logs}, headers=ALICE)
    assert response.status_code == 202
    work()
    batch = client.get(response.headers["Location"], headers=ALICE).get_json()
    assert batch["status"] == "done"
    items = {item["name"]: item for item in batch["items"]}
    assert items["table-0-again"]["duplicate_of"] == "table-0"
    assert items["out-of-turn"]["verdict"] == "illegal"
    assert items["hand-worked"]["winner"] == "ann" and items["hand-worked"]["points"] == 30
    expected: dict[str, dict] = {}
    finals = [game["events"][-1]["scores"] for game in games] + [SIX_AGAIN_TOTALS]
    for scores in finals:  # each legal race once; the illegal one not at all
        winner = max(scores, key=scores.get)
        for player, points in scores.items():
            line = expected.setdefault(player, {"games": 0, "wins": 0, "points": 0})
            line["games"] += 1
            line["wins"] += player == winner
            line["points"] += points
    assert {row["player"]: {k: row[k] for k in ("games", "wins", "points")}
            for row in batch["standings"]} == expected


def test_a_transcribed_board_is_registered_and_used(service, dice_race):
    client, work = service
    board = {**dice_race.catalog_template(), "finish": 8, "finish_bonus": 2, "stars": {"3": 4}}
    board["meta"] = {**board["meta"], "id": "club-board", "description": "the club's copy"}
    broken = {**board, "stars": {"9": 1}}
    refused = client.put("/v1/catalogs/club", json=broken, headers=ALICE)
    assert refused.status_code == 422
    assert refused.get_json()["problems"][0]["path"] == "/stars/9"
    assert client.put("/v1/catalogs/club", json=board, headers=ALICE).status_code == 201
    response = client.post("/v1/replays?catalog=club",
                           json=race_log([("ann", 3), ("bob", 2), ("ann", 5)]), headers=ALICE)
    work()
    report = json.loads(_report(client, response.headers["Location"], "application/json"))
    assert report["catalog"]["id"] == "club-board"
    assert report["catalog"]["sha256"] == dice_race.catalog_sha256(board)
    assert report["final"]["players"]["ann"]["total"] == 4 + 8 + 2


def test_a_scoresheet_is_accepted_and_scored(service):
    client, work = service
    sheet = {"header": {"game": "dice-race", "players": ["ann", "bob"]},
             "scoresheet": {"positions": {"ann": 12, "bob": 20}, "stars": {"ann": 2, "bob": 0}}}
    response = client.post("/v1/replays", json=sheet, headers=ALICE)
    assert response.status_code == 202
    work()
    report = json.loads(_report(client, response.headers["Location"], "application/json"))
    assert report["input"] == "scoresheet"
    assert [(r["player"], r["points"]) for r in report["standings"]] == [("bob", 25),
                                                                        ("ann", 14)]
    two_winners = {**sheet, "scoresheet": {**sheet["scoresheet"],
                                           "positions": {"ann": 20, "bob": 20}}}
    refused = client.post("/v1/replays", json=two_winners, headers=ALICE)
    assert refused.status_code == 422
    assert refused.get_json()["problems"][0]["path"] == "/scoresheet/positions"
