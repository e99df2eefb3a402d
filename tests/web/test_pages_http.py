"""The pages over plain HTTP: forms meet the API's own checks and limits, every form needs
its CSRF token, the key cookie works for the pages only, and browsers get error pages."""

from __future__ import annotations

import json
import re

import pytest
import redis
import requests

import replay
from referee_cli.services import api_server
from replay.coimbra.catalog import builtin_document
from tests.conftest import KEYS
from tests.service.helpers import ALICE, poll
from tests.web.pages import ALICE_KEY, COIMBRA, text_log
from workers.jobs import run_replay
from workers.store import ReplayStore

pytestmark = pytest.mark.redis
BROWSER_ACCEPT = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"


def csrf_token(session: requests.Session, url: str) -> str:
    """The CSRF token of the form on the page at ``url``."""
    page = session.get(url, timeout=5)
    return re.search(r'name="csrf_token" value="([^"]+)"', page.text).group(1)


def signed_in(base: str, key: str = ALICE_KEY) -> requests.Session:
    """A session signed in through the login form."""
    session = requests.Session()
    session.headers["Accept"] = BROWSER_ACCEPT
    answer = session.post(f"{base}/login", timeout=5, data={
        "csrf_token": csrf_token(session, f"{base}/login"), "key": key, "next": "/"})
    assert answer.status_code == 200 and answer.url == f"{base}/"
    return session


def submit(session: requests.Session, base: str, files=None, **fields) -> requests.Response:
    """Post the submit form (with its token) and return the answer, redirects not followed."""
    data = {"csrf_token": csrf_token(session, f"{base}/submit"), **fields}
    return session.post(f"{base}/submit", data=data, files=files, timeout=10,
                        allow_redirects=False)


@pytest.fixture
def small_limits_url(redis_url):
    """The service with small limits, to reach them with small logs."""
    config = {"API_KEYS": KEYS, "MAX_BATCH": 2, "MAX_EVENTS": 50,
              "MAX_CONTENT_LENGTH": 64 * 1024}
    with api_server(redis_url, "127.0.0.1", 0, config) as server:
        yield f"http://127.0.0.1:{server.effective_port}"


def test_a_form_without_its_csrf_token_is_refused(api_url):
    session = signed_in(api_url)
    answer = session.post(f"{api_url}/submit", data={"text": text_log(
        COIMBRA / "legal" / "game-2p.json")}, timeout=5, allow_redirects=False)
    assert answer.status_code == 400
    assert answer.headers["Content-Type"].startswith("text/html")
    assert "CSRF token is missing" in answer.text
    listing = requests.get(f"{api_url}/v1/replays", headers=ALICE, timeout=5).json()
    assert listing["total"] == 0


def test_the_form_meets_the_same_event_limit_as_the_api(small_limits_url):
    text = text_log(COIMBRA / "legal" / "game-2p.json")
    api = requests.post(f"{small_limits_url}/v1/replays", data=text.encode(), timeout=5,
                        headers={**ALICE, "Content-Type": "text/plain"})
    assert api.status_code == 422
    page = submit(signed_in(small_limits_url), small_limits_url, text=text)
    assert page.status_code == 422
    assert api.json()["detail"] in page.text
    assert 'id="problem"' in page.text and "The log has too many events" in page.text


def test_the_form_meets_the_same_batch_limit_as_the_api(small_limits_url):
    files = [("files", (f"table-{i}.json", (COIMBRA / "legal" / "game-2p.json").read_bytes()))
             for i in range(3)]
    page = submit(signed_in(small_limits_url), small_limits_url, files=files)
    assert page.status_code == 422 and "3 logs; at most 2 per batch" in page.text


def test_a_body_past_the_size_limit_is_a_413_page(small_limits_url):
    session = signed_in(small_limits_url)
    page = submit(session, small_limits_url, text="x" * (80 * 1024))
    assert page.status_code == 413
    assert page.headers["Content-Type"].startswith("text/html")


def test_an_unreadable_text_log_comes_back_with_its_problems_located(api_url):
    text = text_log(COIMBRA / "legal" / "game-2p.json").replace("setup order:", "setup ordre:")
    page = submit(signed_in(api_url), api_url, text=text)
    assert page.status_code == 422
    line = next(i for i, row in enumerate(text.splitlines(), 1) if "ordre" in row)
    assert f"line {line}, column" in page.text
    assert "setup ordre:" in page.text  # the form comes back filled in


def test_a_game_chosen_in_the_form_fills_a_header_without_one(api_url, worker_process):
    text = text_log(COIMBRA / "legal" / "game-2p.json")
    without_game = "\n".join(row for row in text.splitlines() if not row.startswith("[game"))
    session = signed_in(api_url)
    assert submit(session, api_url, text=without_game).status_code == 422
    answer = submit(session, api_url, text=without_game, game="coimbra")
    assert answer.status_code == 303
    replay_id = answer.headers["Location"].rsplit("/", 1)[1]
    done = requests.get(f"{api_url}/v1/replays/{replay_id}", headers=ALICE, timeout=5)
    assert done.status_code == 200


def test_the_key_cookie_is_for_the_pages_only(api_url):
    session = signed_in(api_url)
    assert session.get(f"{api_url}/replays", timeout=5).status_code == 200
    api = session.get(f"{api_url}/v1/replays", timeout=5,
                      headers={"Accept": "application/json"})
    assert api.status_code == 401


def test_pages_without_a_key_ask_for_one(api_url):
    answer = requests.get(f"{api_url}/replays", timeout=5, allow_redirects=False)
    assert answer.status_code == 302
    assert answer.headers["Location"].startswith("/login?next=")


@pytest.mark.parametrize("target", ["https://elsewhere.example/", "//elsewhere.example/",
                                    "/\\elsewhere.example/", "elsewhere"])
def test_sign_in_sends_only_to_pages_of_this_site(api_url, target):
    session = requests.Session()
    answer = session.post(f"{api_url}/login", timeout=5, allow_redirects=False, data={
        "csrf_token": csrf_token(session, f"{api_url}/login"), "key": ALICE_KEY,
        "next": target})
    assert answer.status_code == 302 and answer.headers["Location"] == "/"


def test_browsers_get_error_pages_and_api_clients_problem_documents(api_url):
    url = f"{api_url}/v1/replays/{'0' * 32}"
    page = requests.get(url, headers={**ALICE, "Accept": BROWSER_ACCEPT}, timeout=5)
    assert page.status_code == 404 and page.headers["Content-Type"].startswith("text/html")
    assert "No such replay" in page.text
    assert "script-src 'self'" in page.headers["Content-Security-Policy"]
    for accept in ("*/*", "application/json", None):
        headers = {**ALICE, **({"Accept": accept} if accept else {})}
        problem = requests.get(url, headers=headers, timeout=5)
        assert problem.status_code == 404
        assert problem.headers["Content-Type"] == "application/problem+json"
        assert json.loads(problem.text)["type"].endswith("/replay-not-found")


def test_an_open_service_needs_no_sign_in(open_api_url, worker_process):
    session = requests.Session()
    assert "no key is needed" in session.get(f"{open_api_url}/login", timeout=5).text
    answer = submit(session, open_api_url, text=text_log(COIMBRA / "legal" / "game-2p.json"))
    assert answer.status_code == 303
    assert session.get(open_api_url + answer.headers["Location"], timeout=5).status_code == 200


def test_several_files_make_a_tournament(api_url):
    session = signed_in(api_url)
    files = [("files", (name, (COIMBRA / "legal" / name).read_bytes()))
             for name in ("game-2p.json", "game-3p.json")]
    answer = submit(session, api_url, files=files)
    assert answer.status_code == 303 and answer.headers["Location"].startswith("/batches/")
    batch = requests.get(api_url + "/v1" + answer.headers["Location"], headers=ALICE,
                         timeout=5).json()
    assert [item["name"] for item in batch["items"]] == ["game-2p.json", "game-3p.json"]


def test_a_valid_catalog_is_registered_from_the_page(api_url):
    session = signed_in(api_url)
    data = {"csrf_token": csrf_token(session, f"{api_url}/catalogs"), "name": "club",
            "text": json.dumps(builtin_document("coimbra-demo"))}
    page = session.post(f"{api_url}/catalogs", data=data, timeout=5)
    assert page.status_code == 201 and 'id="registered"' in page.text
    record = requests.get(f"{api_url}/v1/catalogs/club", headers=ALICE, timeout=5).json()
    assert record["sha256"] in page.text
    listing = session.get(f"{api_url}/catalogs", timeout=5).text
    row = listing.split('id="your-catalogs"', 1)[1].split("</table>", 1)[0]
    assert "<td>club</td><td>Coimbra</td><td>coimbra-demo</td>" in row
    assert record["sha256"][:12] in row


def test_downloads_are_the_apis_report_as_files(api_url, worker_process):
    """A game that scores as it goes has no interim points: its JSON and Markdown files are
    the API's bytes, its HTML file those and the board at the end."""
    session = signed_in(api_url)
    answer = submit(session, api_url, text=text_log(COIMBRA / "legal" / "game-2p.json"))
    replay_id = answer.headers["Location"].rsplit("/", 1)[1]
    report_url = f"{api_url}/v1/replays/{replay_id}/report"
    assert poll(api_url, f"/v1/replays/{replay_id}", ALICE)["status"] == "done"
    for fmt, media in (("json", "application/json"), ("md", "text/markdown"),
                       ("html", "text/html")):
        page = session.get(f"{api_url}/replays/{replay_id}/report.{fmt}", timeout=5)
        api = requests.get(report_url, headers={**ALICE, "Accept": media}, timeout=5)
        assert page.status_code == 200
        if fmt == "html":  # the page's file adds the board at the end, as the page does
            drawn = page.text.index('<section id="board">')
            end = page.text.index("</section>", drawn) + len("</section>")
            assert page.text[:drawn] + page.text[end:] == api.text
        else:
            assert page.content == api.content
        assert page.headers["Content-Disposition"].startswith("attachment;")
        assert page.headers["Content-Disposition"].endswith(f'.{fmt}"')


def test_a_failed_replay_shows_its_problems_beside_the_log(api_url, redis_url):
    # A log that passed the checks once but cannot be read now (say, after an upgrade):
    # stored directly, then replayed by the worker's own function.
    text = text_log(COIMBRA / "legal" / "game-2p.json").replace("setup order:", "setup ordre:")
    connection = redis.Redis.from_url(redis_url)
    replay_id = ReplayStore(connection).create(text, {"mode": "strict"}, owner="alice")
    run_replay(connection, replay_id, 1)
    page = signed_in(api_url).get(f"{api_url}/replays/{replay_id}", timeout=5)
    assert page.status_code == 200 and "NOT REPLAYED" in page.text
    line = next(i for i, row in enumerate(text.splitlines(), 1) if "ordre" in row)
    assert f'<li id="L{line}" class="bad">' in page.text
    assert f'href="#L{line}"' in page.text


def test_the_step_page_marks_the_move_played_and_says_what_each_choice_leads_to(
        api_url, redis_url):
    """Judith's ability is a choice: destroy a card (option 1) or flip a Debt or a Deed
    (option 2), as her card says. After her play the page lists both, each with what it
    leads to, and marks the one the log plays next; event and line numbers both show."""
    log = replay.load_log(replay.GAMES.get("viscounts").generate(4, 1))
    text = replay.print_log(log, "text")
    lines = text.splitlines()
    line = next(n for n, row in enumerate(lines, 1) if row.endswith(": play Judith")
                and ": choose " in lines[n])
    event = next(i for i, (at, _) in enumerate(replay.parse(text).positions) if at == line)
    player, played = lines[line].split(": ")
    connection = redis.Redis.from_url(redis_url)
    replay_id = ReplayStore(connection).create(text, {"mode": "strict"}, owner="alice")
    run_replay(connection, replay_id, 1)
    page = signed_in(api_url).get(f"{api_url}/replays/{replay_id}/step?event={event}",
                                  timeout=10).text
    options = re.findall(r"<li( class=\"played\")?><code>([^<]+)</code>(.*?)</li>", page)
    assert [code for _, code, _ in options] == [f"{player}: choose 1", f"{player}: choose 2"]
    marked = [code for mark, code, _ in options if mark]
    assert marked == [f"{player}: {played}"]
    assert "destroy" in options[0][2] and "flip" in options[1][2]
    assert f"Event {event} of " in page and f'line {line}</a> of the log' in page


def test_a_tournament_ranks_by_the_points_per_place_typed_on_its_page(api_url, worker_process):
    # game-2p.worked.md: bruno 82, ana 63 (its copy counts once). With 3 and 1 points for
    # 1st and 2nd place, bruno has 3 tournament points and ana 1.
    session = signed_in(api_url)
    log = (COIMBRA / "legal" / "game-2p.json").read_bytes()
    files = [("files", (name, log)) for name in ("table1.json", "table1-copy.json")]
    location = submit(session, api_url, files=files).headers["Location"]
    assert location.startswith("/batches/")
    poll(api_url, "/v1" + location, ALICE)
    page = session.get(api_url + location, params={"place_points": "3,1"}, timeout=5)
    assert page.status_code == 200 and "<th scope=\"col\">Tournament points</th>" in page.text
    rows = re.findall(r'<tr><td class="num">(\d)</td><td>(\w+)</td><td class="num">(\d+)</td>',
                      page.text)
    assert rows == [("1", "bruno", "3"), ("2", "ana", "1")]
    assert "1st 3, 2nd 1" in page.text
    csv_text = session.get(f"{api_url}{location}/standings.csv",
                           params={"place_points": "3,1"}, timeout=5).text
    assert csv_text.splitlines()[:2] == ["rank,player,tournament points,games,wins,points",
                                         "1,bruno,3,1,1,82"]
    wrong = session.get(api_url + location, params={"place_points": "3,one"}, timeout=5)
    assert wrong.status_code == 422
    assert "the points for 2nd place are &#39;one&#39;" in wrong.text


def test_the_placeholder_values_a_verdict_rests_on_are_one_sentence_then_a_folded_list(
        api_url, worker_process):
    # The demo catalog invents Coimbra's components: the page says what the verdict rests
    # on in its sentence and folds the list of components under it.
    session = signed_in(api_url)
    answer = submit(session, api_url, text=text_log(COIMBRA / "legal" / "game-2p.json"))
    replay_id = answer.headers["Location"].rsplit("/", 1)[1]
    assert poll(api_url, f"/v1/replays/{replay_id}", ALICE)["status"] == "done"
    page = session.get(f"{api_url}/replays/{replay_id}", timeout=5).text
    section = page.split('<section id="placeholders"', 1)[1].split("</section>", 1)[0]
    assert "This verdict rests on " in section and " values not yet transcribed, from " in section
    assert re.search(r"<details><summary>The \d+ components and their values</summary>",
                     section)
    assert section.index("<details>") < section.index('<table id="placeholders-table">')
