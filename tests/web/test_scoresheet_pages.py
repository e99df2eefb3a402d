"""The scoresheet pages through the Flask test client: a sheet filled in by printed name is
sent down the submission path and scored by a worker; boxes that cannot be read, and a sheet
that does not hold together, come back with each problem at its box, never a 500."""

from __future__ import annotations

import io
import re

import pytest

from api import create_app
from tests.conftest import FIXTURES
from workers.worker import run_worker

pytestmark = pytest.mark.redis


@pytest.fixture
def pages(redis_url):
    """A test client of the app with no keys configured (the pages are open), the CSRF
    token of its forms, and a function that lets one worker empty the queue."""
    app = create_app({"REDIS_URL": redis_url, "API_KEYS": {}})
    client = app.test_client()
    page = client.get("/scoresheet/viscounts?players=ana+bruno").get_data(as_text=True)
    token = re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)
    return client, token, lambda: run_worker(redis_url, burst=True)


# The rulebook's p.25 scoring example for ana (109, worked out in docs/viscounts-log.md),
# bruno with a Workshop, 2 tier-1 Workers, 1 Deed and 4 approved Deeds (29, first on Poverty).
ANA = {"0:buildings.trading_post": ["3"], "0:buildings.guildhall": ["2", "3"],
       "0:buildings.workshop": ["1", "2", "3"], "0:castle:0": "4", "0:castle:1": "3",
       "0:castle:2": "3", "0:castle_leader": "1", "0:cleric_bonuses": ["black"],
       "0:manuscripts": [f"ms-0{i}" for i in range(1, 9)],
       "0:cards": ["Antagonist", "Squire", "princess", "tf-39", "Thief", "tf-36",
                   "Conspirator", "Abbot", ""],
       "0:debts": "1", "0:paid_debts": "3", "0:deeds": "4", "0:approved_deeds": "2",
       "0:silver": "3", "0:ink": "1"}
BRUNO = {"1:buildings.workshop": ["1"], "1:castle:0": "2", "1:deeds": "1",
         "1:approved_deeds": "4", "1:silver": "2", "1:cards": ["Thief", "Squire", "Lender"]}
SHEET = {"players": "ana bruno", "t:revealed": ["poverty"], **ANA, **BRUNO}


def test_the_sheet_has_a_column_per_player_and_the_categories_in_scoring_order(pages):
    client, _, _ = pages
    page = client.get("/scoresheet/viscounts?players=ana+bruno").get_data(as_text=True)
    assert re.search(r'<thead><tr><th scope="col">ana</th><th scope="col">bruno</th></tr>',
                     page)
    categories = re.findall(r'<tr class="category"><th colspan="2" scope="colgroup">([^<]+)',
                            page)
    # p.24-25: buildings, castle, manuscripts, Castle Leader, Cleric Bonus, Debts, Deeds,
    # Poverty, Prosperity; then the leftovers of the tie-break, and the totals.
    assert categories == ["Buildings", "Workers in the castle", "Manuscripts", "Castle Leader",
                          "Cleric Bonus cards", "Debts", "Deeds", "Poverty", "Prosperity",
                          "Left over (tie-break; the solo opponent scores them)", "Total"]
    # Cards are chosen by printed name from a list: the Foreman is offered by name.
    assert '<input list="dl-townsfolk" name="0:cards"' in page
    assert '<option value="Foreman">tf-24</option>' in page
    coimbra = client.get("/scoresheet/coimbra?players=ana+bruno+carla").get_data(as_text=True)
    assert re.findall(r'scope="colgroup">([^<]+)', coimbra) == [
        "Running score", "Voyages", "Influence tracks", "Diplomas", "Character bonuses",
        "Guards, coins and crowns left", "Total"]
    assert '<option value="Madre Urraca">c1-07</option>' in coimbra


def test_a_solo_sheet_has_the_opponent_s_column_and_its_ai_board(pages):
    client, _, _ = pages
    page = client.get("/scoresheet/viscounts?players=ana").get_data(as_text=True)
    assert '<th scope="col">ana</th><th scope="col">opponent</th>' in page
    assert 'name="t:ai_board"' in page and '<option value="ai-cleric"' in page
    assert 'name="t:ai_board"' not in client.get(
        "/scoresheet/viscounts?players=ana+bruno").get_data(as_text=True)


def test_totals_are_worked_out_by_the_game_as_the_sheet_is_typed(pages):
    client, _, _ = pages
    answer = client.get("/scoresheet/viscounts/totals", query_string={
        **SHEET, "0:final": "111"}).get_json()
    assert answer["problems"] == []
    ana, bruno = answer["players"]["ana"], answer["players"]["bruno"]
    assert (ana["buildings"], ana["castle"], ana["manuscripts"], ana["poverty"],
            ana["total"]) == (26, 19, 44, 4, 109)
    assert (bruno["deeds"], bruno["poverty"], bruno["total"]) == (1 + 12, 12, 29)
    [claim] = answer["claims"]
    assert (claim["player"], claim["claimed"], claim["computed"]) == ("ana", 111, 109)
    half = client.get("/scoresheet/viscounts/totals", query_string={
        "players": "ana bruno", "0:castle:0": "2", "0:castle:1": "x"}).get_json()
    assert half["players"] == {}
    assert half["problems"][0]["where"] == "ana · Workers on tier 1, 2, 3, tier 2"


def test_a_submitted_sheet_is_scored_by_a_worker_and_opens_its_report(pages):
    client, token, work = pages
    answer = client.post("/scoresheet/viscounts", data={
        "csrf_token": token, **SHEET, "0:final": "109", "1:final": "29"})
    assert answer.status_code == 303
    location = answer.headers["Location"]
    assert location.startswith("/replays/")
    work()
    page = client.get(location).get_data(as_text=True)
    assert "LEGAL" in page and "ana wins with 109 points" in page
    report = client.get(f"/v1{location}/report", headers={"Accept": "application/json"})
    assert report.get_json()["input"] == "scoresheet"


def test_boxes_that_cannot_be_read_come_back_each_at_its_place(pages):
    client, token, _ = pages
    answer = client.post("/scoresheet/viscounts", data={
        "csrf_token": token, **SHEET, "1:deeds": "two", "0:final": "1O9"})
    assert answer.status_code == 422
    page = answer.get_data(as_text=True)
    assert "bruno · Acquired Deeds" in page and "&#39;two&#39; is not a whole number" in page
    assert "ana · total written" in page
    assert 'id="f-1-deeds" name="1:deeds" value="two"' in page  # as it was typed
    assert 'aria-invalid="true" aria-describedby="ef-1-deeds"' in page
    assert 'value="Conspirator"' in page  # nothing else is lost


def test_a_sheet_that_does_not_hold_together_names_the_box_and_the_rule(pages):
    client, token, _ = pages
    # p.21: a Cleric Bonus goes with 3 manuscripts of its ribbon; ms-02 is ana's only black.
    answer = client.post("/scoresheet/viscounts", data={
        "csrf_token": token, **SHEET, "0:manuscripts": ["ms-01", "ms-02", "ms-03"],
        "1:cards": ["Formen"]})
    assert answer.status_code == 422
    page = answer.get_data(as_text=True)
    assert ('<a href="#f-0-cleric_bonuses">ana · Cleric Bonus cards held</a>' in page)
    assert "ana&#39;s black Cleric Bonus needs 3 black manuscripts; the sheet lists 1" in page
    assert '<a href="#f-1-cards">bruno · Townsfolk owned' in page
    assert "did you mean Foreman" in page


def test_a_player_count_the_game_does_not_have_and_an_unknown_game(pages):
    client, token, _ = pages
    answer = client.get("/scoresheet/coimbra?players=ana")
    assert answer.status_code == 422
    assert "Coimbra is for 2-4 players; the sheet names 1" in answer.get_data(as_text=True)
    assert client.get("/scoresheet/chess").status_code == 404
    bad = client.post("/scoresheet/coimbra", data={"csrf_token": token, "players": "ana bruno"})
    assert bad.status_code == 422  # an empty sheet: located problems, not a 500
    page = bad.get_data(as_text=True)
    assert "one pair of start characters is missing" in page
    # The scoring tiles, all missing, are shown at the first of their boxes.
    assert re.search(r'<a href="#f-t-scoring_tiles-council">Council track&#39;s scoring '
                     r"tile</a></td>\s*<td>this needs filling in", page)


def test_the_desk_makes_a_batch_of_one_sheet_per_table_scored_by_the_workers(pages):
    client, token, work = pages
    desk = (FIXTURES / "desk" / "viscounts-two-tables.csv").read_bytes()
    answer = client.post("/scoresheet/desk", data={
        "csrf_token": token, "game": "viscounts", "file": (io.BytesIO(desk), "desk.csv")})
    assert answer.status_code == 303 and answer.headers["Location"].startswith("/batches/")
    work()
    batch = client.get(f"/v1{answer.headers['Location']}").get_json()
    # fixtures/desk/README.md: ana 109, bruno 29 at table 1; carla 4, duarte 2 at table 2.
    assert {row["player"]: row["points"] for row in batch["standings"]} == {
        "ana": 109, "bruno": 29, "carla": 4, "duarte": 2}


def test_a_desk_file_with_a_problem_is_refused_whole_with_its_row_and_column(pages):
    client, token, _ = pages
    desk = (FIXTURES / "desk" / "viscounts-two-tables.csv").read_text().replace(
        "2,duarte,2,,,,,,,,,,,2,", "2,carla,2,,,,,,,,,,,two,")
    answer = client.post("/scoresheet/desk", data={
        "csrf_token": token, "game": "viscounts", "text": desk})
    assert answer.status_code == 422
    page = answer.get_data(as_text=True)
    assert "<tr><td>5</td><td>2</td>" in page and "carla is listed twice at table 2" in page
    assert client.get("/v1/replays").get_json()["total"] == 0  # nothing was imported


def test_the_api_refuses_a_sheet_that_does_not_hold_together_in_the_sheet_s_terms(pages):
    client, _, _ = pages
    sheet = {"header": {"game": "viscounts", "players": ["ana", "bruno"]},
             "scoresheet": {"players": {"ana": {"cleric_bonuses": ["black"],
                                                "manuscripts": ["ms-02"]}, "bruno": {}}}}
    answer = client.post("/v1/replays", json=sheet)
    assert answer.status_code == 422
    problem = answer.get_json()
    assert problem["title"] == "The scoresheet does not hold together"
    # Each problem also keeps its words, to be said in another language (checked elsewhere).
    assert [{k: v for k, v in p.items() if k != "words"} for p in problem["problems"]] == [{
        "message": "ana's black Cleric Bonus needs 3 black manuscripts; the sheet lists 1",
        "path": "/scoresheet/players/ana/cleric_bonuses/0",
        "expected": "3 black-ribbon manuscripts, or no black Cleric Bonus"}]


def test_a_coimbra_sheet_typed_into_the_page_scores_as_its_hand_worked_game(pages):
    client, _, _ = pages
    # fixtures/coimbra/legal/game-2p's end of play; game-2p.worked.md: ana 63, bruno 82.
    boxes = {"players": "ana bruno", "t:order": "ana bruno", "t:arrival.clergy": "bruno ana",
             **{f"t:scoring_tiles.{track}": tile for track, tile in (
                 ("council", "st-1"), ("merchant", "st-2"), ("clergy", "st-3"),
                 ("scholar", "st-4"))}}
    for index, (points, coins, guards, crowns, tracks, characters, monasteries, voyages,
                favors) in enumerate([
            (20, 10, 0, 4, (1, 7, 3, 3), ["Beatriz Sampaio", "Madre Urraca", "c2-10", "c2-09",
                                          "c3-14", "c3-22", "c3-11"],
             ["m1-08", "m1-03", "m1-04", "m2-01", "m3-02"],
             ["v-07", "v-01", "v-13", "v-03", "v-05"], 7),
            (18, 2, 13, 2, (7, 2, 3, 6), ["c1-04", "c1-05", "c2-19", "c2-05", "c2-06", "c2-24",
                                          "c3-13", "c3-10", "c3-23", "c3-06"],
             ["m1-09", "m1-12", "m2-03"], ["v-06", "v-03", "v-05", "v-01"], 4)]):
        boxes.update({f"{index}:points": str(points), f"{index}:coins": str(coins),
                      f"{index}:guards": str(guards), f"{index}:crowns": str(crowns),
                      f"{index}:characters": characters, f"{index}:monasteries": monasteries,
                      f"{index}:voyages": voyages, f"{index}:favors_taken": str(favors)})
        for track, value in zip(("council", "merchant", "clergy", "scholar"), tracks,
                                strict=True):
            boxes[f"{index}:tracks.{track}"] = str(value)
    answer = client.get("/scoresheet/coimbra/totals", query_string=boxes).get_json()
    assert answer["problems"] == []
    ana, bruno = answer["players"]["ana"], answer["players"]["bruno"]
    assert (ana["voyages"], ana["influence"], ana["leftovers"], ana["total"]) == (11, 17, 7, 63)
    assert (bruno["diplomas"], bruno["abilities"], bruno["total"]) == (10, 9, 82)


@pytest.mark.parametrize(("players", "boxes"), [
    ("ana ana", {}),  # one name twice
    ("Ana, BRUNO", {"0:castle:0": "-1"}),  # names in capitals, a negative count
    ("ana opponent", {}),  # the solo opponent's name for a person
    ("ana bruno", {"0:castle:0": "99999999"}),  # more than any table writes
    ("ana bruno", {"0:cards": ["x" * 5000], "t:revealed": ["nonsense"]}),
    ("ana bruno", {"0:buildings.guildhall": ["4", "two"], "0:castle_leader": "maybe"}),
    ("ana", {"t:ai_board": "ai-nothing"}),
])
def test_odd_input_gets_a_page_saying_what_and_where_never_a_500(pages, players, boxes):
    client, token, _ = pages
    answer = client.post("/scoresheet/viscounts", data={"csrf_token": token,
                                                         "players": players, **boxes})
    assert answer.status_code in (303, 422), answer.get_data(as_text=True)[:2000]
    if answer.status_code == 422:
        page = answer.get_data(as_text=True)
        assert '<table class="problems">' in page and "<td>" in page
    totals = client.get("/scoresheet/viscounts/totals",
                        query_string={"players": players, **boxes})
    assert totals.status_code == 200 and "problems" in totals.get_json()


def test_the_api_refuses_a_sheet_for_a_player_count_the_game_does_not_have(pages):
    client, _, _ = pages
    for game in ("viscounts", "coimbra"):
        sheet = {"header": {"game": game, "players": [f"p{i}" for i in range(5)]},
                 "scoresheet": {"players": {}}}
        answer = client.post("/v1/replays", json=sheet)
        assert answer.status_code == 422, answer.get_data(as_text=True)[:500]
        assert answer.get_json()["problems"][0]["path"] == "/header/players"


def test_without_scripts_the_totals_button_brings_the_sheet_back_with_its_totals(pages):
    client, token, _ = pages
    answer = client.post("/scoresheet/viscounts", data={
        "csrf_token": token, **SHEET, "0:final": "111", "1:final": "29", "action": "totals"})
    assert answer.status_code == 200
    page = answer.get_data(as_text=True)
    # ana 109 (p.25), bruno 29 (docs/viscounts-log.md), each beside what was written.
    assert 'aria-label="ana: total worked out">109</output>' in page
    assert 'aria-label="ana: Buildings points">26</output>' in page
    assert ">worked out 109, written 111</output>" in page
    assert 'data-player="bruno" aria-live="polite">matches</output>' in page
    assert client.get("/v1/replays").get_json()["total"] == 0  # nothing was submitted
