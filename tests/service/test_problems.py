"""Bad requests get precise RFC 9457 answers, never a 500 or a traceback."""

from __future__ import annotations

import pytest
import requests

from tests.service.helpers import ALICE, sample_log

pytestmark = pytest.mark.redis
PROBLEM = "application/problem+json"


def _post(api_url, **kwargs):
    return requests.post(f"{api_url}/v1/replays", headers={**ALICE, **kwargs.pop("headers", {})},
                         timeout=30, **kwargs)


def test_malformed_json_is_400_with_line_and_column(api_url):
    response = _post(api_url, data=b'{"header": {,}}',
                     headers={"Content-Type": "application/json"})
    assert response.status_code == 400 and response.headers["Content-Type"] == PROBLEM
    body = response.json()
    assert body["type"].endswith("/malformed-json") and (body["line"], body["column"]) == (1, 13)
    assert "Traceback" not in response.text


def test_json_nested_too_deeply_is_400_not_a_crash(api_url):
    body = b'{"header": ' + b"[" * 100_000 + b"]" * 100_000 + b"}"
    for path in ("/v1/replays", "/v1/batches"):
        response = requests.post(api_url + path, data=body, timeout=30,
                                 headers={**ALICE, "Content-Type": "application/json"})
        assert response.status_code == 400, path
        assert response.json()["type"].endswith("/malformed-json")


def test_invalid_logs_are_422_naming_every_problem(api_url):
    log = sample_log()
    log["header"]["players"] = ["solo"]
    log["events"][3]["type"] = "teleport"
    log["events"][9]["die"] = "pink3"
    response = _post(api_url, json=log)
    assert response.status_code == 422 and response.headers["Content-Type"] == PROBLEM
    paths = [p["path"] for p in response.json()["problems"]]
    assert paths == ["/header/players", "/events/3/type", "/events/9/die"]


def test_text_with_a_misspelt_id_is_422_with_line_column_and_suggestion(api_url):
    text = '[game "coimbra"]\n[players "ana bruno"]\nana: recruit c2-4o\n'
    response = _post(api_url, data=text, headers={"Content-Type": "text/plain"})
    assert response.status_code == 422
    [problem] = response.json()["problems"]
    assert (problem["line"], problem["column"]) == (3, 14)
    assert "c2-04" in problem["suggestions"]


def test_unknown_media_type_is_415_and_non_utf8_is_400(api_url):
    assert _post(api_url, data="x", headers={"Content-Type": "text/csv"}).status_code == 415
    bad = _post(api_url, data=b"\xff\xfe[", headers={"Content-Type": "text/plain"})
    assert bad.status_code == 400 and bad.json()["type"].endswith("/not-utf8")


def test_a_50_mb_upload_is_413(api_url):
    response = _post(api_url, data=b"{" + b" " * (50 * 1024 * 1024) + b"}",
                     headers={"Content-Type": "application/json"})
    assert response.status_code == 413 and response.headers["Content-Type"] == PROBLEM


def test_too_many_events_is_422_with_the_limit(redis_url):
    from referee_cli.services import api_server
    from tests.conftest import KEYS

    with api_server(redis_url, "127.0.0.1", 0, {"API_KEYS": KEYS, "MAX_EVENTS": 50}) as server:
        response = _post(f"http://127.0.0.1:{server.effective_port}", json=sample_log())
    assert response.status_code == 422
    assert response.json()["type"].endswith("/too-many-events")
    assert response.json()["limit"] == 50


def test_request_rate_is_limited_with_retry_after(redis_url):
    from referee_cli.services import api_server
    from tests.conftest import KEYS

    with api_server(redis_url, "127.0.0.1", 0, {"API_KEYS": KEYS, "RATE_LIMIT": (3, 60)}) as s:
        url = f"http://127.0.0.1:{s.effective_port}/v1/replays"
        codes = [requests.get(url, headers=ALICE, timeout=5) for _ in range(4)]
    assert [r.status_code for r in codes] == [200, 200, 200, 429]
    assert int(codes[-1].headers["Retry-After"]) > 0
    assert codes[-1].headers["Content-Type"] == PROBLEM


def test_missing_or_wrong_key_is_401(api_url):
    assert requests.get(f"{api_url}/v1/replays", timeout=5).status_code == 401
    wrong = requests.get(f"{api_url}/v1/replays", headers={"Authorization": "Bearer nope"},
                         timeout=5)
    assert wrong.status_code == 401 and wrong.headers["WWW-Authenticate"].startswith("Bearer")


def test_unknown_replay_and_route_are_404_problems(api_url):
    response = requests.get(f"{api_url}/v1/replays/nope", headers=ALICE, timeout=5)
    assert response.status_code == 404 and response.json()["type"].endswith("/replay-not-found")
    assert requests.get(f"{api_url}/v2/x", headers=ALICE, timeout=5).headers[
        "Content-Type"] == PROBLEM
