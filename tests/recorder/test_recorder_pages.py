"""The recorder's pages over HTTP against the real service: a refused tap is a page saying
what and why, with the game as it stands; another client's recording does not exist."""

from __future__ import annotations

import pytest
import requests

import replay
from tests.service.helpers import ALICE
from tests.web.pages import BOB_KEY
from tests.web.test_pages_http import csrf_token, signed_in

pytestmark = pytest.mark.redis

COIMBRA = replay.GAMES.get("coimbra")


def new_recording(session, base: str, players=("ana", "bruno")) -> str:
    """Start a Coimbra recording through the form; its page's URL."""
    form = f"{base}/record/new/coimbra"
    answer = session.post(form, timeout=10, allow_redirects=False, data={
        "csrf_token": csrf_token(session, form), "player": list(players)})
    assert answer.status_code == 303
    return base + answer.headers["Location"]


def test_a_start_form_with_too_few_players_says_why(api_url):
    session = signed_in(api_url)
    form = f"{api_url}/record/new/coimbra"
    answer = session.post(form, timeout=10, data={"csrf_token": csrf_token(session, form),
                                                  "player": ["ana", ""]})
    assert answer.status_code == 422
    assert "2-4 players, not 1" in answer.text
    assert 'value="ana"' in answer.text  # what was typed is kept


def test_a_chance_form_left_half_empty_is_refused_and_keeps_the_choices(api_url):
    session = signed_in(api_url)
    page = new_recording(session, api_url)
    answer = session.post(page + "/chance", timeout=10, data={
        "csrf_token": csrf_token(session, page), "version": "1", "order/0": "bruno"})
    assert answer.status_code == 422
    assert "Turn order for the first round: 2nd is not chosen" in answer.text
    assert '<option value="bruno" selected>' in answer.text


def test_an_illegal_setup_names_the_rule_in_printed_names(api_url):
    session = signed_in(api_url)
    page = new_recording(session, api_url)
    setup = COIMBRA.generate(2, 1)["events"][0]
    fields = {"csrf_token": csrf_token(session, page), "version": "1",
              "order/0": "ana", "order/1": "bruno"}
    fields.update({f"monasteries/{k}": v for k, v in setup["monasteries"].items()})
    fields.update({f"voyages/{i}": v for i, v in enumerate(setup["voyages"])})
    fields.update({f"scoring_tiles/{k}": v for k, v in setup["scoring_tiles"].items()})
    # the same pair of start characters shown twice: the rules show one pair per player
    fields.update({f"start_pairs/{i}": "+".join(setup["start_pairs"][0]) for i in range(2)})
    answer = session.post(page + "/chance", timeout=10, data=fields)
    assert answer.status_code == 422
    assert "coimbra.setup.start_pairs" in answer.text
    assert "0 events · version 1" in answer.text  # nothing was recorded


def test_another_client_gets_no_recording_page(api_url):
    page = new_recording(signed_in(api_url), api_url)
    bob = signed_in(api_url, BOB_KEY)
    for path in ("", "/log.txt", "/log.json"):
        assert bob.get(page + path, timeout=10).status_code == 404
    answer = bob.post(page + "/undo", timeout=10,
                      data={"csrf_token": csrf_token(bob, api_url + "/record"), "version": "1"})
    assert answer.status_code == 404


def test_a_correction_on_the_page_names_the_later_move_it_made_illegal(api_url):
    generated = COIMBRA.generate(2, 1)
    session = signed_in(api_url)
    page = new_recording(session, api_url)
    recording = page.rsplit("/", 1)[1]
    for version, event in enumerate(generated["events"][:12], start=1):
        answer = requests.post(f"{api_url}/v1/recordings/{recording}/events", headers=ALICE,
                               json={"version": version, "event": event}, timeout=10)
        assert answer.status_code == 200
    events = session.get(page + "/events", timeout=10)
    assert events.status_code == 200 and "correct" in events.text
    form = session.get(page + "/correct/7", timeout=10)
    assert "(as recorded)" in form.text
    white = COIMBRA.legal_actions(replay.load_log({**generated, "events":
                                                   generated["events"][:7]}), 6).index(
        {"type": "place", "player": "bruno", "die": "white5", "to": "castle"})
    answer = session.post(page + "/correct/7", timeout=10, data={
        "csrf_token": csrf_token(session, page), "version": "13", "move": str(white)})
    assert answer.status_code == 200
    assert "Event 7 corrected" in answer.text
    assert "Event 9: <code>coimbra.draft.die</code> white 5 is not in the rolled pool" \
        in answer.text
