"""A verified game's result downloaded from its report page for a play tracker: the numbers
are the hand-worked ones of ``fixtures/coimbra/legal/game-2p.worked.md`` (bruno 82, ana 63)."""

from __future__ import annotations

import csv
import io

import pytest
import redis
import requests

from tests.conftest import FIXTURES
from tests.service.helpers import ALICE, poll
from tests.web.test_pages_http import signed_in, submit
from workers.jobs import run_replay
from workers.store import ReplayStore

pytestmark = pytest.mark.redis

LEGAL = FIXTURES / "coimbra" / "legal" / "game-2p.json"
ILLEGAL = FIXTURES / "coimbra" / "illegal" / "castle-favor-already-taken.json"


def replayed(api_url: str, redis_url: str, path) -> tuple:
    connection = redis.Redis.from_url(redis_url)
    replay_id = ReplayStore(connection).create(path.read_text(), {"mode": "strict"},
                                               owner="alice")
    run_replay(connection, replay_id, 1)
    return signed_in(api_url), replay_id


def test_a_legal_games_page_offers_its_result_for_bg_stats_and_as_csv(api_url, redis_url):
    session, replay_id = replayed(api_url, redis_url, LEGAL)
    page = session.get(f"{api_url}/replays/{replay_id}", timeout=20).text
    assert 'id="result-bgstats"' in page and 'id="result-csv"' in page
    play = session.get(f"{api_url}/replays/{replay_id}/result.bgstats", timeout=20)
    assert play.status_code == 200 and "attachment" in play.headers["Content-Disposition"]
    [document] = play.json()
    assert document["game"]["name"] == "Coimbra" and document["game"]["bggId"] == 245638
    assert [(p["name"], p["rank"], p["score"], p["winner"]) for p in document["players"]] == [
        ("bruno", 1, 82, True), ("ana", 2, 63, False)]
    assert document["playDate"] == "2026-11-20 00:00:00"  # the log's date tag
    rows = list(csv.DictReader(io.StringIO(
        session.get(f"{api_url}/replays/{replay_id}/result.csv", timeout=20).text)))
    assert [(r["player"], r["points"], r["voyages"]) for r in rows] == [
        ("bruno", "82", "13"), ("ana", "63", "11")]


def test_an_illegal_game_has_no_result_and_the_answer_says_which_rule(api_url, redis_url):
    session, replay_id = replayed(api_url, redis_url, ILLEGAL)
    page = session.get(f"{api_url}/replays/{replay_id}", timeout=20).text
    assert 'id="result-bgstats"' not in page
    refused = session.get(f"{api_url}/replays/{replay_id}/result.json", timeout=20)
    assert refused.status_code == 409
    assert "coimbra.castle.favor" in refused.text and "event 15" in refused.text
    unknown = session.get(f"{api_url}/replays/{replay_id}/result.xml", timeout=20)
    assert unknown.status_code == 404


def test_a_tournaments_results_hold_each_verified_game_once(api_url, worker_process):
    """Three logs: the worked 2-player game, a copy of it (the same game, counted once) and
    an illegal game (no result): the file holds the worked game's two players only."""
    session = signed_in(api_url)
    files = [("files", ("table1.json", LEGAL.read_bytes())),
             ("files", ("table1-copy.json", LEGAL.read_bytes())),
             ("files", ("table2.json", ILLEGAL.read_bytes()))]
    location = submit(session, api_url, files=files).headers["Location"]
    poll(api_url, "/v1" + location, ALICE)
    page = session.get(api_url + location, timeout=10).text
    assert 'id="results-bgstats"' in page and 'id="results-csv"' in page
    rows = list(csv.DictReader(io.StringIO(
        session.get(f"{api_url}{location}/results.csv", timeout=10).text)))
    assert [(r["log"], r["player"], r["rank"], r["points"]) for r in rows] == [
        ("table1.json", "bruno", "1", "82"), ("table1.json", "ana", "2", "63")]
    plays = session.get(f"{api_url}{location}/results.bgstats", timeout=10).json()
    assert [p["game"]["name"] for p in plays] == ["Coimbra"]


def test_the_api_gives_a_replays_result_and_a_batches_results(api_url, worker_process):
    """The same files over ``/v1``, with the API key: a legal game's BG Stats play, an
    illegal game's 409 problem naming its rule, a batch's CSV."""
    session = signed_in(api_url)
    files = [("files", ("table1.json", LEGAL.read_bytes())),
             ("files", ("table2.json", ILLEGAL.read_bytes()))]
    location = submit(session, api_url, files=files).headers["Location"]
    batch = poll(api_url, "/v1" + location, ALICE)
    rows = list(csv.DictReader(io.StringIO(requests.get(
        f"{api_url}/v1{location}/results", params={"format": "csv"}, headers=ALICE,
        timeout=10).text)))
    assert [(r["player"], r["points"]) for r in rows] == [("bruno", "82"), ("ana", "63")]
    legal, illegal = (item["replay"] for item in batch["items"])
    [play] = requests.get(f"{api_url}/v1/replays/{legal}/result", params={"format": "bgstats"},
                          headers=ALICE, timeout=10).json()
    assert play["players"][0] == {"name": "bruno", "rank": 1, "score": 82, "winner": True,
                                  "role": "", "sourcePlayerId": "bruno"}
    refused = requests.get(f"{api_url}/v1/replays/{illegal}/result", headers=ALICE, timeout=10)
    assert refused.status_code == 409
    assert refused.headers["Content-Type"].startswith("application/problem+json")
    assert "coimbra.castle.favor" in refused.json()["detail"]
    wrong = requests.get(f"{api_url}/v1/replays/{legal}/result", params={"format": "xml"},
                         headers=ALICE, timeout=10)
    assert wrong.status_code == 422

