"""The step page's picture of the table, over HTTP, for both games.

What the pictures must show is worked out by hand from each fixture's log, its ``.worked.md``
and the rules (which space a Viscount stands on, whose building is on which spot, how many
Workers are in which castle section, which dice and characters are in each part of the city),
never read back from the engine. Each drawn thing carries its place as a ``data-`` attribute,
so a test finds it, and its printed name as a ``<title>``, so a person does.
"""

from __future__ import annotations

import json
import re
from html import unescape
from pathlib import Path

import pytest
import redis

from tests.conftest import FIXTURES
from tests.web.pages import COIMBRA, text_log
from tests.web.test_pages_http import signed_in
from workers.jobs import run_replay
from workers.store import ReplayStore

pytestmark = pytest.mark.redis
VISCOUNTS = FIXTURES / "viscounts" / "worked"
CATALOGS = {"viscounts": Path("replay/viscounts/data/viscounts-base.json"),
            "coimbra": Path("replay/coimbra/data/coimbra-demo.json")}
IDENT = re.compile(r"[\d_-]")  # an id has a digit or a joiner; plain words are words


def step_page(api_url: str, redis_url: str, fixture: Path, event: int) -> str:
    """The step page after ``event`` of a fixture's log, replayed by the worker's function."""
    connection = redis.Redis.from_url(redis_url)
    replay_id = ReplayStore(connection).create(text_log(fixture), {"mode": "audit"},
                                               owner="alice")
    run_replay(connection, replay_id, 1)
    page = signed_in(api_url).get(f"{api_url}/replays/{replay_id}/step?event={event}",
                                  timeout=20)
    assert page.status_code == 200
    return page.text


def picture(page: str) -> str:
    """The page's board picture (the one inline SVG)."""
    found = re.findall(r"<svg [^>]*class=\"board-picture\".*?</svg>", page, re.S)
    assert len(found) == 1, "the step page has one board picture"
    return found[0]


def board_section(page: str) -> str:
    """The step page's board section: the picture and the same in words."""
    start = page.index('<section id="board"')
    return page[start:page.index("</section>", start)]


def titles(svg: str, attribute: str) -> dict[str, str]:
    """The title of each drawn thing by the value of its ``data-`` attribute."""
    return {key: unescape(title) for key, title in
            re.findall(rf'<g {attribute}="([^"]+)"[^>]*><title>([^<]*)</title>', svg)}


def catalog_ids(game: str) -> set[str]:
    """Every component id of a game's built-in catalog that looks like an id."""
    found: set[str] = set()

    def walk(value) -> None:
        if isinstance(value, dict):
            if isinstance(value.get("id"), str) and IDENT.search(value["id"]):
                found.add(value["id"])
            for item in value.values():
                walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)
    walk(json.loads(CATALOGS[game].read_text()))
    return found


def assert_no_bare_id(section: str, game: str) -> None:
    """No component id in what the board section says: the picture's titles and texts, the
    lists in words."""
    words = unescape(re.sub(r"<[^>]+>", " ", section))
    bare = {ident for ident in catalog_ids(game)
            if re.search(rf"(?<![\w-]){re.escape(ident)}(?![\w-])", words)}
    assert not bare, f"bare ids in the {game} picture: {sorted(bare)}"


def test_a_viscounts_picture_shows_viscounts_buildings_and_pile_tops(api_url, redis_url):
    """construct-p17-example after event 17 (ana's last draw): bruno went seg5a-in ->
    seg5a-or -> seg1a-ol (event 9) and built a Workshop on seg1a-l2 (event 10); ana moved
    onto seg1a-ol too (event 13) and built a Workshop on seg1a-l1 (event 14); the Mason she
    dismissed from the top of segment 1 was replaced by the Foreman (event 15)."""
    page = step_page(api_url, redis_url, VISCOUNTS / "construct-p17-example.json", 17)
    svg = picture(page)
    places = titles(svg, "data-place")
    assert "ana's Viscount" in places["seg1a-ol"] and "bruno's Viscount" in places["seg1a-ol"]
    assert places["seg1a-ol"].startswith("segment 1, outer left space")
    assert all("Viscount" not in title for place, title in places.items() if place != "seg1a-ol")
    assert places["seg1a-l1"].endswith("ana's Workshop")
    assert places["seg1a-l2"].endswith("bruno's Workshop")
    assert places["seg1a-r1"].endswith("empty") and places["seg2a-l1"].endswith("empty")
    assert re.search(r'data-place="seg1a-l1" data-building="workshop"', svg)
    assert "Foreman" in svg and "Mason" not in svg
    assert "Segment 1A" in svg and "Segment 5A" in svg
    assert re.search(r"<title>Players</title>.*ana.*bruno", svg, re.S)
    words = unescape(page[page.index('id="board-words"'):])
    assert "building spot 1 left of the river, segment 1: ana's Workshop" in words
    assert "ana (A): segment 1, outer left space" in words
    assert_no_bare_id(board_section(page), "viscounts")


def test_a_viscounts_picture_shows_the_castle_workers_per_section(api_url, redis_url):
    """castle-tier1-three after event 11: ana's free Worker (event 5) and her 2 placed ones
    (event 9) make 3 in the tier-1 section facing segment 2; one goes in to tier 2 (facing
    segment 2, the castle turned so that position 1 faces segment 1: position 2, flip a Debt
    or a Deed), one clockwise to the section facing segment 3, one counter-clockwise to the
    one facing segment 1 (p.18). bruno's Viscount stands on start space 7, the outer left
    space of segment 4 (Player Card 7); ana's on segment 2's inner space (event 8)."""
    page = step_page(api_url, redis_url, VISCOUNTS / "castle-tier1-three.json", 11)
    svg = picture(page)
    sections = titles(svg, "data-section")
    assert sections["t1-seg1a"].endswith("section facing segment 1: ana 1 Worker")
    assert sections["t1-seg3a"].endswith("section facing segment 3: ana 1 Worker")
    assert sections["t1-seg2a"].endswith("section facing segment 2: none")
    assert sections["t2-seg2a"] == ("castle tier 2, section 2 (flip a Debt or a Deed), "
                                    "facing segment 2: ana 1 Worker")
    assert all(sections[f"t{tier}-seg{n}a"].endswith(": none")
               for tier, n in ((1, 4), (1, 5), (2, 1), (2, 3), (2, 4), (2, 5)))
    assert sections["t3"].endswith("tier 3: none")
    # Her Thief moved Corruption 1 -> 2 (event 7); her Virtue is where it starts (p.7).
    assert titles(svg, "data-track")["ana"] == ("ana: Corruption on space 2, Virtue on "
                                                "space 7 of 7")
    places = titles(svg, "data-place")
    assert places["seg2a-in"].endswith("ana's Viscount")
    assert places["seg4a-ol"].endswith("bruno's Viscount")
    # The same in words, and the players table says what the castle's numbers count.
    words = page[page.index('id="board-words"'):]
    assert "tier 2, section 2 (flip a Debt or a Deed), facing segment 2: ana 1 Worker" in \
        unescape(words)
    assert "2 Workers on tier 1, 1 on tier 2, 0 on tier 3" in page
    assert_no_bare_id(board_section(page), "viscounts")


def test_a_coimbra_picture_shows_the_city_tracks_and_pilgrims(api_url, redis_url):
    """game-2p after event 13 (every die placed, line 26): the castle queue is ana's white 1,
    bruno's gray 2, ana's purple 3 (lowest first); the upper city bruno's green 6 then the
    neutral tokens 3 and 2; central bruno's gray 5, tokens 4 and 3; lower token 5, ana's
    orange 4 (game-2p.worked.md). The deal of event 6 lies face up, a crown token on one
    card of each class in the fourth column (c2-19, c2-05; c2-01 is a second council) and
    in the third (c2-14, c2-10; c2-02 is council again). ana's pilgrim went to
    monastery space 1 (event 5), bruno's stands on his south-east corner (event 4); the
    start cards gave ana merchant 1 and clergy 1, bruno council 1 and scholar 1."""
    fixture = COIMBRA / "legal" / "game-2p.json"
    page = step_page(api_url, redis_url, fixture, 13)
    svg = picture(page)
    dice = re.findall(r'<g data-die="([a-z]+\d)"><title>([^<]*)</title>', svg)
    said = [unescape(title) for _, title in dice]
    assert said[:3] == ["ana's white die showing 1", "bruno's gray die showing 2",
                        "ana's purple die showing 3"]
    assert said[3:6] == ["bruno's green die showing 6", "neutral token 3", "neutral token 2"]
    assert said[6:9] == ["bruno's gray die showing 5", "neutral token 4", "neutral token 3"]
    assert said[9:] == ["neutral token 5", "ana's orange die showing 4"]
    catalog = json.loads(CATALOGS["coimbra"].read_text())
    name = {c["id"]: c["name"] for c in catalog["characters"]}
    cards = titles(svg, "data-card")
    deal = next(line for line in text_log(fixture).splitlines() if line.startswith("deal 1:"))
    dealt = re.findall(r"c\d-\d\d", deal)
    assert len(dealt) == 12
    assert sorted(cards) == sorted(dealt)
    assert all(cards[c].startswith(name[c]) for c in dealt)
    crowned = {c for c, title in cards.items() if title.endswith("a crown token on it")}
    assert crowned == {"c2-19", "c2-05", "c2-14", "c2-10"}
    nodes = titles(svg, "data-node")
    assert nodes["space-01"].endswith("ana's pilgrim")
    assert nodes["corner-se"].endswith("bruno's pilgrim")
    assert sum("pilgrim" in title for title in nodes.values()) == 2
    for disc in ("ana: merchant 1", "ana: clergy 1", "ana: council 0", "bruno: council 1",
                 "bruno: scholar 1", "bruno: merchant 0"):
        assert f"<title>{disc}</title>" in svg
    assert_no_bare_id(board_section(page), "coimbra")
