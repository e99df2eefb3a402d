"""A newcomer tries the referee with a sample game from the home page."""

from __future__ import annotations

import re
from html import unescape

import pytest
import requests

from tests.service.helpers import ALICE, poll
from tests.web.test_pages_http import signed_in, submit

pytestmark = pytest.mark.redis


@pytest.mark.parametrize("game", ["coimbra", "viscounts"])
def test_a_newcomer_tries_a_sample_game_from_the_home_page(api_url, worker_process, game):
    """The home page's "Try a sample game" fills the form with a hand-worked game in the text
    notation; referee it, and its report is the worked one (legal; Coimbra's bruno 82, ana
    63; Viscounts' ana 10, bruno -1)."""
    session = signed_in(api_url)
    home = session.get(f"{api_url}/", timeout=10).text
    assert f'id="sample-{game}"' in home
    form = session.get(f"{api_url}/submit", params={"sample": game}, timeout=10).text
    assert 'id="sample-note"' in form
    text = unescape(re.search(r'<textarea id="text"[^>]*>(.*?)</textarea>', form, re.S).group(1))
    assert text.startswith(f'[game "{game}"]')
    location = submit(session, api_url, text=text).headers["Location"]
    record = poll(api_url, "/v1" + location, ALICE)
    report = requests.get(f"{api_url}{record['links']['report']}", headers=ALICE,
                          timeout=10).json()
    assert report["verdict"] == "legal"
    worked = {"coimbra": [("bruno", 82), ("ana", 63)], "viscounts": [("ana", 10), ("bruno", -1)]}
    assert [(r["player"], r["points"]) for r in report["standings"]] == worked[game]
    assert session.get(f"{api_url}/submit", params={"sample": "chess"},
                       timeout=10).status_code == 404
