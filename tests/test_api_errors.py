"""Bad requests get precise RFC 9457 answers, never a 500 or a traceback."""

from __future__ import annotations

import pytest

from api import create_app


@pytest.fixture
def client():
    # No Redis is reached: every request here is refused before anything is stored.
    return create_app({"REDIS_URL": "redis://127.0.0.1:1/0"}).test_client()


def test_malformed_json_is_400_with_line_and_column(client):
    response = client.post("/v1/replays", data='{"header": {,}}', content_type="application/json")
    assert response.status_code == 400
    assert response.content_type == "application/problem+json"
    body = response.get_json()
    assert body["type"].endswith("/malformed-json")
    assert (body["line"], body["column"]) == (1, 13)


def test_log_without_header_fields_is_422_naming_them(client):
    response = client.post("/v1/replays", json={"header": {"game": "coimbra"}, "events": []})
    assert response.status_code == 422
    assert response.content_type == "application/problem+json"
    paths = {problem["path"] for problem in response.get_json()["problems"]}
    assert paths == {"/header/players"}


def test_unknown_game_is_422_with_suggestion(client):
    log = {"header": {"game": "Coimbra", "players": ["ana", "bo"]}, "events": []}
    problem = client.post("/v1/replays", json=log).get_json()["problems"][0]
    assert problem["path"] == "/header/game"
    assert problem["suggestions"] == ["coimbra"]


def test_event_without_type_is_located(client):
    log = {"header": {"game": "coimbra", "players": ["ana", "bo"]}, "events": [{}, {"x": 1}]}
    paths = {p["path"] for p in client.post("/v1/replays", json=log).get_json()["problems"]}
    assert paths == {"/events/0/type", "/events/1/type"}


def test_body_that_is_not_json_is_415(client):
    response = client.post("/v1/replays", data="hello", content_type="text/csv")
    assert response.status_code == 415
    assert response.content_type == "application/problem+json"


def test_oversized_body_is_413(client):
    response = client.post(
        "/v1/replays", data=b"[" + b"0," * (1024 * 1024) + b"0]", content_type="application/json"
    )
    assert response.status_code == 413
    assert response.content_type == "application/problem+json"


def test_bad_mode_is_422_problem(client):
    response = client.post("/v1/replays?mode=lenient", json={})
    assert response.status_code == 422
    assert response.get_json()["errors"]["query"]["mode"]
