"""Games, rules and transcribed catalogs over the API."""

from __future__ import annotations

import copy
import json

import pytest
import requests

from replay.coimbra.catalog import builtin_document
from tests.service.helpers import ALICE, BOB, sample_log

pytestmark = pytest.mark.redis


def test_games_and_rules_are_listed(api_url):
    games = requests.get(f"{api_url}/v1/games", headers=ALICE, timeout=5).json()
    assert games[0]["game"] == "coimbra" and "mixed-payment" in [
        v["id"] for v in games[0]["variants"]]
    rules = requests.get(f"{api_url}/v1/games/coimbra/rules", headers=ALICE, timeout=5).json()
    assert {"id": "coimbra.city.payment"}.items() <= next(
        r for r in rules if r["id"] == "coimbra.city.payment").items()
    assert requests.get(f"{api_url}/v1/games/chess/rules", headers=ALICE,
                        timeout=5).status_code == 404


def test_a_transcribed_catalog_is_checked_registered_used_and_then_immutable(
        api_url, worker_process):
    document = copy.deepcopy(builtin_document("coimbra-demo"))
    document["meta"]["id"] = "club-copy"
    broken = copy.deepcopy(document)
    broken["characters"] = broken["characters"][:-1]
    refused = requests.put(f"{api_url}/v1/catalogs/club", json=broken, headers=ALICE, timeout=5)
    assert refused.status_code == 422 and refused.json()["problems"][0]["path"] == "/characters"
    created = requests.put(f"{api_url}/v1/catalogs/club", json=document, headers=ALICE,
                           timeout=5)
    assert created.status_code == 201
    sha = created.json()["sha256"]
    assert requests.put(f"{api_url}/v1/catalogs/club", json=document, headers=ALICE,
                        timeout=5).status_code == 200
    assert requests.get(f"{api_url}/v1/catalogs/club", headers=BOB, timeout=5).status_code == 404
    listed = requests.get(f"{api_url}/v1/catalogs", headers=ALICE, timeout=5).json()
    assert [(c["name"], c["game"], c["id"], c["used"]) for c in listed] == [
        ("club", "coimbra", "club-copy", False)]
    assert requests.get(f"{api_url}/v1/catalogs", headers=BOB, timeout=5).json() == []
    # The sample declares the favor tiles it was worked with; a log that declares values
    # is replayed on the catalog with them in place, which has a content hash of its own.
    undeclared = {key: value for key, value in sample_log().items() if key != "components"}
    response = requests.post(f"{api_url}/v1/replays?catalog=club&wait=10", json=undeclared,
                             headers=ALICE, timeout=15)
    report = response.json()["report"]
    assert report["catalog"]["id"] == "club-copy" and report["catalog"]["sha256"] == sha
    changed = copy.deepcopy(document)
    changed["voyages"][0]["cost"] += 1
    conflict = requests.put(f"{api_url}/v1/catalogs/club", json=changed, headers=ALICE,
                            timeout=5)
    assert conflict.status_code == 409
    assert requests.get(f"{api_url}/v1/catalogs/club", headers=ALICE, timeout=5).json()["used"]
    assert [c["used"] for c in requests.get(f"{api_url}/v1/catalogs", headers=ALICE,
                                            timeout=5).json()] == [True]
    unknown = requests.post(f"{api_url}/v1/replays?catalog=nope", json=sample_log(),
                            headers=ALICE, timeout=5)
    assert unknown.status_code == 422
    assert json.loads(unknown.text)["type"].endswith("/unknown-catalog")
