"""The arbiter's questions over plain HTTP: a move that cannot be read, that names an unknown
card or comes in another phase, and a question about no move or no event, each get a page
saying what and where (never a 500); "what if" checks the rest of the log again on the new
version; "start from here" gives the position and a log that replays from it.

The game is the hand-worked fixture ``coimbra/illegal/voyage-payment-cannot-afford``: after
event 77 it is phase F (voyage investment) of round 3; bruno holds 2 coins and the favor
fav-4, which takes 1 coin off each voyage (rules: "An applicable favor discount operates
while that favor remains in front of its owner"); ana has just activated her three dice
white2, orange3 and orange6 (events 75 to 77); event 78, the last, is bruno investing in
v-07 (4 coins, less 1: 3), which he cannot pay.
"""

from __future__ import annotations

import copy
import html
import json
import re
import time

import pytest
import redis
import requests
from markupsafe import escape

import replay
from replay.coimbra.catalog import builtin_document
from tests.conftest import FIXTURES
from tests.service.helpers import ALICE
from tests.web.pages import BOB_KEY, COIMBRA, text_log
from tests.web.test_pages_http import csrf_token, signed_in
from workers.comparisons import ComparisonStore
from workers.jobs import run_replay
from workers.store import ReplayStore

pytestmark = pytest.mark.redis
FIXTURE = COIMBRA / "illegal" / "voyage-payment-cannot-afford.json"
TEXT = text_log(FIXTURE)
LINES = replay.parse(TEXT).positions  # each event's line in the text the pages show


@pytest.fixture
def game(api_url, redis_url):
    """Alice's replay of the fixture (replayed here by the worker's own function), and her
    signed-in session."""
    connection = redis.Redis.from_url(redis_url)
    replay_id = ReplayStore(connection).create(TEXT, {"mode": "strict"}, owner="alice")
    run_replay(connection, replay_id, 1)
    return api_url, replay_id, signed_in(api_url)


def _post(game, action: str, event: int, **fields):
    base, replay_id, session = game
    token = csrf_token(session, f"{base}/replays/{replay_id}/step?event={event}")
    return session.post(f"{base}/replays/{replay_id}/{action}", timeout=10,
                        data={"csrf_token": token, "event": event, **fields},
                        allow_redirects=False)


def _answer(game, response, timeout: float = 30) -> str:
    """The answer's page once the worker has answered (the waiting page until then)."""
    assert response.status_code == 303, response.text[:2000]
    base, _, session = game
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        page = session.get(base + response.headers["Location"], timeout=10)
        assert page.status_code == 200
        if 'data-status-url' not in page.text:
            return page.text
        time.sleep(0.1)
    raise AssertionError("no answer in time")


def _plain(page: str) -> str:
    """The page's text: no tags, entities read, one space between words."""
    words = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page))
    return html.unescape(re.sub(r" ([;,.)])", r"\1", words))


@pytest.mark.parametrize(("move", "what", "column"), [
    # The notation's "player: ...": the word after "bruno " (6 characters) is where the colon
    # was expected.
    ("bruno invest v-01", "expected &#39;:&#39;", 7),
    ("bruno: invest v-99", "unknown voyage &#39;v-99&#39;", 15),  # after "bruno: invest "
    ("zed: invest v-01", "cannot read &#39;zed&#39; here", 1),  # no such player
    ('{"type": "sail", "player": "bruno"}', "unknown event type &#39;sail&#39;", None),
    ('{"type": invest}', "not valid JSON", 10),  # the bare word starts at column 10
])
def test_a_move_that_cannot_be_read_gets_a_page_saying_what_and_where(game, move, what,
                                                                      column):
    page = _post(game, "ask", 77, move=move)
    assert page.status_code == 422 and page.headers["Content-Type"].startswith("text/html")
    assert "The move cannot be read" in page.text and what in page.text
    where = f"the move{f', column {column}' if column else ''}, after event 77 " \
            f"(line {LINES[77][0]} of the log)"
    assert where in _plain(page.text)
    # The form comes back with the move as typed, to correct it.
    assert 'id="move-text" name="move" type="text"' in page.text
    assert f'value="{escape(move)}"' in page.text


def test_an_unknown_card_is_named_with_the_one_meant(game):
    page = _post(game, "ask", 77, move="bruno: invest v-99")
    # Of the voyages, v-09 is one letter away from v-99.
    assert re.search(r'data-label="Did you mean">\s*v-09', page.text)


@pytest.mark.parametrize(("fields", "what"), [
    ({}, "No move to ask about"),
    ({"move": "   "}, "No move to ask about"),
    ({"move": "x" * 10_001}, "The move is too long"),
])
def test_a_question_without_a_move_says_so(game, fields, what):
    for action in ("ask", "what-if"):
        page = _post(game, action, 77, **fields)
        assert page.status_code == 422 and what in page.text


@pytest.mark.parametrize("event", [79, -1, "seventy"])
def test_a_question_about_no_event_of_the_log_says_which_events_there_are(game, event):
    for action in ("ask", "what-if", "start-here"):
        page = _post(game, action, event, move="bruno: pass")
        assert page.status_code == 422
        assert "the log has events 0 to 78" in page.text  # 79 events, from 0


def test_a_question_needs_its_form_token_and_the_replay_of_its_asker(game, api_url):
    base, replay_id, session = game
    refused = session.post(f"{base}/replays/{replay_id}/ask", timeout=10,
                           data={"event": 77, "move": "bruno: pass"})
    assert refused.status_code == 400 and "CSRF" in refused.text
    bob = signed_in(api_url, BOB_KEY)
    token = csrf_token(bob, f"{base}/submit")
    other = bob.post(f"{base}/replays/{replay_id}/ask", timeout=10, allow_redirects=False,
                     data={"csrf_token": token, "event": 77, "move": "bruno: pass"})
    assert other.status_code == 404 and "No such replay" in other.text


def test_a_move_of_another_phase_is_ruled_on_with_the_rule_it_breaks(game, worker_process):
    # Recruiting is phase C's; after event 77 the round is in phase F (voyages).
    page = _plain(_answer(game, _post(game, "ask", 77, move="bruno: recruit c3-10 with gray4")))
    assert "NOT LEGAL" in page and "coimbra.log.order" in page
    assert "phase F" in page


def test_a_voyage_bruno_cannot_pay_names_the_invented_cost_it_rests_on(game, worker_process):
    # v-07 costs 4 in the demo catalog (a placeholder), less fav-4's 1: bruno's 2 coins fall
    # short by 1, so at 3 he could pay. The page says to check that value before ruling.
    page = _plain(_answer(game, _post(game, "ask", 77, move="bruno: invest v-07")))
    assert "NOT LEGAL" in page
    assert ("This ruling rests on a value not yet transcribed: with another printed value "
            "there, the move would be legal. Check it on the component before you rule.") \
        in page
    assert "Cabo da Boa Esperança, cost: 4" in page


def test_a_voyage_bruno_can_pay_costs_him_one_coin(game, worker_process):
    # v-01 costs 2 coins, less fav-4's 1: bruno pays 1 of his 2 and keeps 1.
    page = _answer(game, _post(game, "ask", 77, pick="bruno: invest v-01"))
    assert "LEGAL" in page and "NOT LEGAL" not in page
    assert re.search(r"<dt>bruno</dt><dd>coins -1</dd>", page)
    row = re.search(r'<table id="ruling-ledger">.*?</table>', page, re.S).group(0)
    cells = re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", row.split("<tbody>")[1])
    assert cells[:4] == ["bruno", "coins", "-1", "1"]
    assert "Rota da Madeira" in row  # the source by its printed name, not only v-01


def test_a_move_legal_under_a_variant_names_it(api_url, redis_url, worker_process):
    # ana stands on space-01; corner-nw > space-01 is a one-way road leaving the city:
    # "those roads cannot be used to return to Coimbra", unless roads go both ways
    # (the two-way-roads variant).
    text = text_log(COIMBRA / "illegal" / "pilgrim-road-back-to-corner.json")
    connection = redis.Redis.from_url(redis_url)
    replay_id = ReplayStore(connection).create(text, {"mode": "audit"}, owner="alice")
    run_replay(connection, replay_id, 1)
    game = (api_url, replay_id, signed_in(api_url))
    page = _answer(game, _post(game, "ask", 26, move="ana: move corner-nw"))
    plain = _plain(page)
    assert "NOT LEGAL" in plain and "coimbra.pilgrim.road" in plain
    assert "Legal under the variant two-way-roads" in plain
    assert "north-west corner" in plain  # the place by its printed name


def test_what_if_checks_the_rest_of_the_log_again_on_the_new_version(game, worker_process):
    # Had ana activated orange6 at event 76 instead of orange3, her orange6 at event 77 is
    # a die already activated ("each player activates their three returned dice once
    # each"): the new version first breaks coimbra.income.die at event 77, the log as
    # played first breaks coimbra.voyage.payment at event 78.
    page = _plain(_answer(game, _post(game, "what-if", 75,
                                      move="ana: income orange6 -> merchant")))
    assert f"They first differ at event 76 (line {LINES[76][0]} of the log): as played, " \
        "ana: income orange3 -> merchant; what if, ana: income orange6 -> merchant" in page
    played, branch = page.split("What if ana", 1)[1].split("As played", 1)[1].split("What if")
    assert "illegal" in played and "First at event 78" in played
    assert "coimbra.voyage.payment" in played
    assert "First at event 77" in branch and "coimbra.income.die" in branch


def test_start_from_here_gives_the_position_and_a_log_that_replays_from_it(
        game, worker_process):
    base, _, session = game
    asked = _post(game, "start-here", 77)
    page = _answer(game, asked)
    # Kept as a dispute is: the API's view of it is no server error either.
    api = requests.get(f"{base}/v1/comparisons/{asked.headers['Location'].rsplit('/')[-1]}",
                       headers=ALICE, timeout=10)
    assert api.status_code == 200 and api.json()["status"] == "done"
    links = {name: link for link, name in
             re.findall(r'href="([^"]+/([a-z]+\.[a-z]+))" download', page)}
    assert set(links) == {"position.json", "log.json", "log.txt"}
    position = session.get(base + links["position.json"], timeout=10)
    assert position.headers["Content-Disposition"] == \
        'attachment; filename="position-after-event-77.json"'
    document = position.json()
    # Phase F of round 3; bruno with his 2 coins and fav-4; ana's three dice all activated.
    assert (document["phase"], document["round"]) == ("F", 3)
    bruno, ana = document["players"]["bruno"], document["players"]["ana"]
    assert (bruno["coins"], bruno["favors"]) == (2, ["fav-4"])
    assert sorted(ana["income_used"]) == ["orange3", "orange6", "white2"]
    assert session.get(base + links["log.json"], timeout=10).json()["position"] == document
    text = session.get(base + links["log.txt"], timeout=10).text
    assert text.count("[position ") == 1 and text.rstrip().endswith("bruno: invest v-07")
    # From the position the one event left is bruno's voyage he cannot pay.
    report = replay.replay_text(text)
    assert [(v["rule"], v["event"]) for v in report["violations"]] == [
        ("coimbra.voyage.payment", 0)]
    assert '<textarea id="text" name="text"' in page and "[position " in page  # to submit


def test_a_game_on_an_uploaded_catalog_is_ruled_on_with_that_catalog(api_url, worker_process):
    # The club's catalog prints v-07 at 2 coins: less fav-4's 1, bruno pays 1 of his 2.
    document = copy.deepcopy(builtin_document("coimbra-demo"))
    document["meta"]["id"] = "club-copy"
    next(v for v in document["voyages"] if v["id"] == "v-07")["cost"] = 2
    assert requests.put(f"{api_url}/v1/catalogs/club", json=document, headers=ALICE,
                        timeout=5).status_code == 201
    accepted = requests.post(f"{api_url}/v1/replays?catalog=club&wait=20", data=TEXT.encode(),
                             headers={**ALICE, "Content-Type": "text/plain"}, timeout=30)
    game = (api_url, accepted.json()["id"], signed_in(api_url))
    page = _plain(_answer(game, _post(game, "ask", 77, move="bruno: invest v-07")))
    assert "NOT LEGAL" not in page and "LEGAL" in page
    assert "bruno coins -1" in page


def test_what_if_the_move_played_had_been_played_shows_the_same_scores_side_by_side(
        api_url, redis_url, worker_process):
    # The hand-worked two-player game (game-2p.worked.md): bruno 82 points, ana 63. The log's
    # own next move, asked about as a "what if", leaves the game as it was.
    source = COIMBRA / "legal" / "game-2p.json"
    text = text_log(source)
    log = replay.parse(text)
    connection = redis.Redis.from_url(redis_url)
    replay_id = ReplayStore(connection).create(text, {"mode": "strict"}, owner="alice")
    run_replay(connection, replay_id, 1)
    game = (api_url, replay_id, signed_in(api_url))
    same = replay.game_of(log).event_text(log.events[11])
    page = _answer(game, _post(game, "what-if", 10, move=same))
    assert "The two versions are the same game" in page
    for side in ("a", "b"):
        version = page.split(f'id="version-{side}"', 1)[1].split("</section>", 1)[0]
        rows = re.findall(r'<td class="num">(\d+)</td><th scope="row">(\w+)</th>'
                          r'<td class="num">(\d+)</td>', version)
        assert rows == [("1", "bruno", "82"), ("2", "ana", "63")]
    table = page.split('id="score-difference"', 1)[1]
    assert "+0" in table and not re.search(r">[+-][1-9]", table)


@pytest.mark.parametrize(("page", "body", "shown"), [
    ("rulings", {"log": TEXT, "after": 77, "move": "bruno: pass"}, "NO RULING"),
    ("what-if", {"a": TEXT, "b": TEXT, "event": 77, "asked": "bruno: pass"},
     "What if bruno: pass had been played"),
    ("start-here", {"log": TEXT, "at": 77}, "Start from the table after event 77"),
])
def test_a_question_the_worker_could_not_answer_says_why(game, redis_url, page, body, shown):
    base, replay_id, session = game
    questions = ComparisonStore(redis.Redis.from_url(redis_url))
    asked = questions.create(json.dumps({**body, "replay": replay_id}).encode(), "alice")
    waiting = session.get(f"{base}/{page}/{asked}", timeout=10)
    assert waiting.status_code == 200 and "The question is queued" in waiting.text
    questions.save_failure(asked, {"type": "compare-error", "title": "It stopped",
                                   "detail": "a worker's own words"})
    answer = session.get(f"{base}/{page}/{asked}", timeout=10)
    assert answer.status_code == 200 and shown in html.unescape(answer.text)
    assert "It stopped: a worker&#39;s own words" in answer.text
    other = "what-if" if page != "what-if" else "rulings"
    assert session.get(f"{base}/{other}/{asked}", timeout=10).status_code == 404
    bob = signed_in(base, BOB_KEY)
    assert bob.get(f"{base}/{page}/{asked}", timeout=10).status_code == 404
    assert session.get(f"{base}/start-here/{asked}/position.json",
                       timeout=10).status_code == 404  # no position to download


def test_a_viscounts_transcription_paid_with_ink_writes_its_two_ledger_rows(
        api_url, redis_url, worker_process):
    # fixtures/viscounts/worked/transcribe-cost-short: after event 7 ana has 2 Cleric icons
    # and 2 Ink; ms-09 costs 3 icons (p.21), 1 Ink counts as 1 icon. She spends 1 Ink (1
    # left), then the manuscript's immediate effect gives her 2 (3): a net Ink +1.
    text = text_log(FIXTURES / "viscounts" / "worked" / "transcribe-cost-short.json")
    connection = redis.Redis.from_url(redis_url)
    replay_id = ReplayStore(connection).create(text, {"mode": "audit"}, owner="alice")
    run_replay(connection, replay_id, 1)
    game = (api_url, replay_id, signed_in(api_url))
    page = _answer(game, _post(game, "ask", 7, move="ana: transcribe ms-09 pay=ink:1"))
    assert "<dt>ana</dt><dd>ink +1</dd>" in page
    ledger = page.split('<table id="ruling-ledger">', 1)[1].split("</tbody>", 1)[0]
    rows = [re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", row)[:4]
            for row in ledger.split("<tbody>", 1)[1].split("</tr>")[:-1]]
    assert rows == [["ana", "ink", "-1", "1"], ["ana", "ink", "+2", "3"]]
    refused = _plain(_answer(game, _post(game, "ask", 7, move="ana: transcribe ms-09")))
    assert "NOT LEGAL" in refused and "viscounts.transcribe.cost" in refused
    assert "Expected 3 Found 2" in refused  # 3 icons needed, her 2


def test_a_violation_in_the_report_leads_to_the_question_before_it(game):
    # The violation is at event 78: what was legal instead is asked after event 77.
    base, replay_id, session = game
    report = session.get(f"{base}/replays/{replay_id}", timeout=10).text
    assert f'href="/replays/{replay_id}/step?event=77#ask">Ask what was legal instead' in report
    step = session.get(f"{base}/replays/{replay_id}/step?event=77", timeout=10).text
    assert '<section id="ask"' in step and 'name="event" value="77"' in step
