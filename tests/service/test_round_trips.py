"""Redis commands per replay: a game posted with ``?wait`` costs at most 40 (it cost about
100: an RQ job per replay, and the whole record with its log read at every status check)."""

from __future__ import annotations

import json

import pytest
import redis
import requests

from referee_cli.services import start_worker_process, stop_process
from replay.coimbra.generate import generate
from tests.conftest import wait_for_worker
from tests.service.helpers import ALICE
from workers.store import IDLE_DRAINERS

pytestmark = pytest.mark.redis
GAMES = 15


def _commands_per_replay(api_url: str, connection: redis.Redis, texts: list[str]) -> float:
    session = requests.Session()
    connection.config_resetstat()
    before = connection.info("stats")["total_commands_processed"]
    for text in texts:
        response = session.post(f"{api_url}/v1/replays", params={"wait": 10}, data=text,
                                headers={**ALICE, "Content-Type": "application/json"},
                                timeout=20)
        assert response.status_code == 200 and response.json()["report"]["verdict"]
    # This INFO call is one of the commands counted.
    return (connection.info("stats")["total_commands_processed"] - before - 1) / len(texts)


@pytest.fixture
def replay_worker(redis_url):
    """A worker of replays alone: no delivery worker beside it, whose scheduler's upkeep
    every second would be counted as well, and RQ's default upkeep interval."""
    process = start_worker_process(redis_url, {}, ("--queue", "replays"))
    wait_for_worker(redis_url, process.pid)
    yield process
    stop_process(process)


def test_a_replay_with_wait_costs_at_most_40_redis_commands(api_url, redis_url,
                                                            replay_worker):
    texts = [json.dumps(generate(4, seed)) for seed in range(3 + 2 * GAMES)]
    connection = redis.Redis.from_url(redis_url)
    _commands_per_replay(api_url, connection, texts[:3])  # scripts loaded, connections open
    # The lower of two rounds: a worker's periodic upkeep may fall into one of them.
    rounds = [_commands_per_replay(api_url, connection, texts[3 + i * GAMES:3 + (i + 1) * GAMES])
              for i in range(2)]
    assert min(rounds) <= 40, rounds
    # No status read fetched the whole record (its log and report) to say what it is.
    assert "cmdstat_hgetall" not in connection.info("commandstats")


def test_a_drain_job_killed_while_idle_does_not_hold_up_submissions(api_url, redis_url,
                                                                     worker_process):
    # A drain job listed as idle, then killed -9 before its wait ended: submissions count
    # on it until its entry runs out, then queue a drain job of their own again.
    connection = redis.Redis.from_url(redis_url)
    connection.zadd(IDLE_DRAINERS, {"killed-job": connection.time()[0] + 3})
    texts = [json.dumps(generate(2, seed)) for seed in range(2)]
    for text in texts:
        response = requests.post(f"{api_url}/v1/replays", params={"wait": 15}, data=text,
                                 headers={**ALICE, "Content-Type": "application/json"},
                                 timeout=20)
        assert response.status_code == 200, response.json()
        assert response.json()["status"] == "done"
