"""The report page draws the board at the game's end (the step page's picture of its last
event), and goes without it, saying so, while another request replays for a page."""

from __future__ import annotations

import pytest
import redis

import replay
from api.web import page_replays
from tests.conftest import FIXTURES
from tests.web.pages import text_log
from tests.web.test_pages_http import signed_in
from workers.jobs import run_replay
from workers.store import ReplayStore

pytestmark = pytest.mark.redis


def replayed(api_url: str, redis_url: str, path, mode: str = "strict"):
    connection = redis.Redis.from_url(redis_url)
    replay_id = ReplayStore(connection).create(text_log(path), {"mode": mode}, owner="alice")
    run_replay(connection, replay_id, 1)
    return signed_in(api_url), replay_id


@pytest.mark.parametrize("fixture", [FIXTURES / "viscounts" / "worked" / "game-2p.json",
                                     FIXTURES / "coimbra" / "legal" / "game-2p.json"])
def test_the_report_page_draws_the_board_at_the_end_as_the_step_page_does(
        api_url, redis_url, fixture):
    session, replay_id = replayed(api_url, redis_url, fixture)
    page = session.get(f"{api_url}/replays/{replay_id}", timeout=20).text
    assert 'id="board-heading">The board at the end</h2>' in page
    board = page[page.index('id="board"'):page.index("</section>", page.index('id="board"'))]
    last = len(replay.parse(text_log(fixture)).events) - 1
    step = session.get(f"{api_url}/replays/{replay_id}/step?event={last}", timeout=20).text
    drawn = step[step.index("<svg"):step.index("</svg>")]
    assert drawn in board  # the very picture of the last event


def test_while_another_request_replays_for_a_page_the_report_goes_without_the_board(
        api_url, redis_url):
    session, replay_id = replayed(api_url, redis_url,
                                  FIXTURES / "coimbra" / "legal" / "game-2p.json")
    assert page_replays.WORKING.acquire(blocking=False)
    try:
        busy = session.get(f"{api_url}/replays/{replay_id}", timeout=20)
    finally:
        page_replays.WORKING.release()
    assert busy.status_code == 200
    assert 'id="board-busy"' in busy.text and 'id="board-heading"' not in busy.text
    # Coimbra scores as it goes: it has no interim points to leave out.
    assert 'id="interim-busy"' not in busy.text
