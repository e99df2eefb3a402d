"""The recorder's question about a component, the whole-game page, the draft and the shared
catalogs, as pages over HTTP against the real service (Redis, no worker needed)."""

from __future__ import annotations

import json
import re

import pytest
import requests

import replay
from replay.viscounts.catalog import builtin_document
from tests.service.helpers import ALICE
from tests.web.pages import BOB_KEY
from tests.web.test_pages_http import csrf_token, signed_in

pytestmark = pytest.mark.redis

CATALOG = builtin_document("viscounts-base")
MANUSCRIPTS = {m["id"]: m for m in CATALOG["manuscripts"]}
GAME = replay.GAMES.get("viscounts")
LOG = replay.load_log(GAME.generate(2, 7))
SETUP = LOG.events[0]


def _recording_at_a_manuscript(base: str) -> dict:
    """Alice's recording past the setup, its questions skipped up to a manuscript."""
    recording = requests.post(f"{base}/v1/recordings", json={
        "game": "viscounts", "players": LOG.players}, headers=ALICE, timeout=10).json()
    recording = requests.post(f"{base}{recording['links']['events']}", json={
        "version": recording["version"], "event": SETUP}, headers=ALICE, timeout=30).json()
    while recording["ask"]["entry"] not in MANUSCRIPTS:
        recording = requests.post(f"{base}{recording['links']['components']}", json={
            "version": recording["version"], "component": recording["ask"]["entry"],
            "skip": True}, headers=ALICE, timeout=10).json()
    return recording


def test_the_question_is_laid_out_like_the_tile_and_a_bad_value_is_named(api_url):
    recording = _recording_at_a_manuscript(api_url)
    manuscript = recording["ask"]["entry"]
    session = signed_in(api_url)
    page = f"{api_url}/record/{recording['id']}"
    shown = session.get(page, timeout=10).text
    assert "Read this manuscript tile" in shown
    # The Cleric cost sits in the top-left corner, the back's colour on the back.
    top_left = re.search(r'<div class="area area-top-left">(.*?)</div>\s*</div>', shown, re.S)
    assert top_left and "The Cleric cost in the top-left corner" in top_left.group(1)
    assert 'class="area area-back"' in shown and "The colour of the tile" in shown
    stand_in = MANUSCRIPTS[manuscript]["cost"]
    assert f"The catalog's stand-in, not the printed value: {stand_in}" in shown
    refused = session.post(f"{page}/components", timeout=10, data={
        "csrf_token": csrf_token(session, page), "version": recording["version"],
        "component": manuscript, "v-cost": "three"})
    assert refused.status_code == 422
    assert "cost: a whole number, not &#39;three&#39;" in refused.text
    assert 'value="three"' in refused.text  # what was typed is kept
    done = session.post(f"{page}/components", timeout=10, allow_redirects=False, data={
        "csrf_token": csrf_token(session, page), "version": recording["version"],
        "component": manuscript, "v-cost": str(stand_in + 2), "v-back": "grey"})
    assert done.status_code == 303
    log = requests.get(f"{api_url}{recording['links']['log_json']}", headers=ALICE,
                       timeout=10).json()
    assert log["components"] == {manuscript: {"cost": stand_in + 2, "back": "grey"}}
    draft = session.get(f"{api_url}/catalogs/draft/viscounts", timeout=10).text
    assert f"recording {recording['id']}" in draft and ">grey<" in draft
    # Bob's draft page shows none of it.
    bob = signed_in(api_url, BOB_KEY).get(f"{api_url}/catalogs/draft/viscounts", timeout=10)
    assert 'id="empty-draft"' in bob.text and recording["id"] not in bob.text


# A cost: a number no other component's number constrains (a space's start number must be
# unique on its board, a spot's order in its row).
NUMBER = re.compile(r'name="v-(cost)" data-kind="number"')
COMPONENT = re.compile(r'name="component" value="([^"]+)"')


def _read_a_number(session, page: str, value: str) -> tuple[str, str, list[str]]:
    """On the whole-game page, go past the components with no cost to read, then type
    ``value`` as the next one's cost; the component, its field, those gone past."""
    gone = []
    shown = session.get(page, timeout=10).text
    while NUMBER.search(shown) is None:
        gone.append(COMPONENT.search(shown).group(1))
        session.post(page, timeout=10, data={"csrf_token": csrf_token(session, page),
                                             "component": gone[-1], "skip": "1"})
        shown = session.get(page, timeout=10).text
    entry, field = COMPONENT.search(shown).group(1), NUMBER.search(shown).group(1)
    kept = session.post(page, timeout=10, allow_redirects=False, data={
        "csrf_token": csrf_token(session, page), "component": entry, f"v-{field}": value})
    assert kept.status_code == 303, kept.text
    return entry, field, gone


def test_the_whole_game_page_counts_resumes_and_its_draft_is_adopted(api_url):
    session = signed_in(api_url)
    page = f"{api_url}/catalogs/guide/viscounts"
    shown = session.get(page, timeout=10).text
    total = int(re.search(r"<strong>0 of (\d+)</strong>", shown).group(1))
    # Every manuscript the catalog holds as a placeholder, or with placeholder values, is
    # one of the components to read.
    labelled = [m for m in CATALOG["manuscripts"]
                if m.get("placeholder") or m.get("placeholder_fields")]
    assert f"0 of {len(labelled)} manuscript tiles" in shown and total > len(labelled)
    entry, _, gone = _read_a_number(session, page, "2")
    # Coming back resumes: one read, the next neither it nor one gone past.
    again = session.get(page, timeout=10).text
    assert f"<strong>1 of {total}</strong>" in again
    assert COMPONENT.search(again).group(1) not in {entry, *gone}
    if gone:
        assert f"Ask again for the {len(gone)} gone past" in again
        restart = session.post(f"{page}/restart", timeout=10, allow_redirects=False,
                               data={"csrf_token": csrf_token(session, page)})
        assert restart.status_code == 303
        assert COMPONENT.search(session.get(page, timeout=10).text).group(1) == gone[0]
    draft = session.get(f"{api_url}/catalogs/draft/viscounts", timeout=10).text
    assert "read on the whole-game page" in draft
    adopted = session.post(f"{api_url}/catalogs/draft/viscounts", timeout=10,
                           allow_redirects=False, data={
                               "csrf_token": csrf_token(session, f"{api_url}/catalogs/draft/"
                                                                 "viscounts")})
    assert adopted.status_code == 303 and "adopted=viscounts-transcribed-1" in \
        adopted.headers["Location"]
    catalogs = session.get(api_url + adopted.headers["Location"], timeout=10).text
    assert "Adopted: your catalog <strong>viscounts-transcribed-1</strong>" in catalogs
    # The adopted value stays read, now from the catalog rather than the draft.
    assert f"<strong>1 of {total}</strong>" in session.get(page, timeout=10).text


def test_published_catalogs_are_listed_adopted_and_compared_by_another_client(api_url):
    sessions = {"alice": signed_in(api_url), "bob": signed_in(api_url, BOB_KEY)}
    shas = {}
    for who, value in (("alice", "3"), ("bob", "4")):
        session = sessions[who]
        field = _read_a_number(session, f"{api_url}/catalogs/guide/viscounts", value)[:2]
        draft = f"{api_url}/catalogs/draft/viscounts"
        session.post(draft, timeout=10, data={"csrf_token": csrf_token(session, draft)})
        catalogs = f"{api_url}/catalogs"
        published = session.post(f"{catalogs}/viscounts-transcribed-1/publish", timeout=10,
                                 allow_redirects=False,
                                 data={"csrf_token": csrf_token(session, catalogs)})
        assert published.status_code == 303
        shas[who] = published.headers["Location"].split("published=")[1]
    listed = sessions["bob"].get(f"{api_url}/catalogs/shared", timeout=10).text
    assert listed.count("<th scope=\"row\">viscounts-") == 2
    assert "<td>alice</td>" in listed and "<td>bob</td>" in listed
    compared = sessions["bob"].get(f"{api_url}/catalogs/compare", timeout=10, params={
        "first": shas["alice"], "second": shas["bob"]}).text
    assert "1 disagree" in compared
    row = re.search(r'<tbody><tr>(.*?)</tr>', compared, re.S).group(1)
    assert field[0] in row and "<strong>3</strong>" in row and "<strong>4</strong>" in row
    assert row.index("transcribed by alice") < row.index("transcribed by bob")
    page = f"{api_url}/catalogs/shared"
    taken = sessions["bob"].post(f"{page}/{shas['alice']}/adopt", timeout=10,
                                 allow_redirects=False,
                                 data={"csrf_token": csrf_token(sessions["bob"], page)})
    assert taken.status_code == 303
    header = json.loads(requests.post(f"{api_url}/v1/recordings", json={
        "game": "viscounts", "players": ["ana", "bruno"]},
        headers={"Authorization": f"Bearer {BOB_KEY}"}, timeout=10).text)
    log = requests.get(f"{api_url}{header['links']['log_json']}",
                       headers={"Authorization": f"Bearer {BOB_KEY}"}, timeout=10).json()
    assert log["header"]["catalog"] == "viscounts-alice"
