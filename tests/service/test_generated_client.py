"""The contract as a client generated from ``openapi.yaml`` sees it (openapi-python-client):
submit, poll, every report format, a batch, a share link and a scoresheet, all through the
generated code against the running API."""

from __future__ import annotations

import importlib
import subprocess
import sys
from pathlib import Path

import pytest

from tests.coimbra.test_scoresheet import sheet_from
from tests.conftest import KEYS, ROOT
from tests.service.helpers import sample_log

pytestmark = [pytest.mark.redis, pytest.mark.slow]
ALICE_KEY = next(key for key, name in KEYS.items() if name == "alice")


@pytest.fixture(scope="session")
def generated(tmp_path_factory):
    """The client package generated from the committed contract, imported."""
    folder = tmp_path_factory.mktemp("client")
    generator = Path(sys.executable).parent / "openapi-python-client"
    result = subprocess.run(
        [str(generator), "generate", "--path", str(ROOT / "openapi.yaml"), "--meta", "none",
         "--output-path", str(folder / "referee_client")],
        capture_output=True, text=True, check=False)
    assert (folder / "referee_client" / "client.py").exists(), result.stdout + result.stderr
    sys.path.insert(0, str(folder))
    try:
        yield importlib.import_module("referee_client")
    finally:
        sys.path.remove(str(folder))


def _module(package, name: str):
    return importlib.import_module(f"{package.__name__}.{name}")


def test_submit_poll_and_read_every_format(generated, api_url, worker_process):
    client = generated.AuthenticatedClient(base_url=api_url, token=ALICE_KEY)
    api = f"{generated.__name__}.api.replays"
    models = _module(generated, "models")
    submit = importlib.import_module(f"{api}.post_v1_replays")
    response = submit.sync_detailed(client=client, body=models.Log.from_dict(sample_log()),
                                    wait=10, idempotency_key="generated-1")
    assert response.status_code == 200
    status = response.parsed
    assert status.status.value == "done" and response.headers["Location"].endswith(status.id)
    polled = importlib.import_module(f"{api}.get_v1_replays_replay_id").sync(
        status.id, client=client)
    assert polled.verdict == "legal"

    report_api = importlib.import_module(f"{api}.get_v1_replays_replay_id_report")
    report = report_api.sync_detailed(status.id, client=client)
    assert report.parsed.verdict.value == "legal"
    again = report_api.sync_detailed(status.id, client=client,
                                     if_none_match=report.headers["ETag"])
    assert again.status_code == 304
    markdown = importlib.import_module(f"{api}.get_v1_replays_replay_id_report_md").sync(
        status.id, client=client)
    assert markdown.startswith("# Verdict: LEGAL")
    html = importlib.import_module(f"{api}.get_v1_replays_replay_id_report_html").sync(
        status.id, client=client)
    assert "<html" in html and "LEGAL" in html

    share = importlib.import_module(f"{api}.post_v1_replays_replay_id_share").sync(
        status.id, client=client, expires_in=600)
    anonymous = generated.Client(base_url=api_url)
    shared = importlib.import_module(f"{api}.get_v1_shared_token").sync(
        share.token, client=anonymous)
    assert shared.verdict.value == "legal"


def test_a_batch_and_a_scoresheet(generated, api_url, worker_process):
    client = generated.AuthenticatedClient(base_url=api_url, token=ALICE_KEY)
    models = _module(generated, "models")
    batches = f"{generated.__name__}.api.batches"
    body = models.BatchSubmit.from_dict({"logs": [{"name": "t1", "log": sample_log()}]})
    batch = importlib.import_module(f"{batches}.post_v1_batches").sync(client=client,
                                                                       body=body)
    assert [item.name for item in batch.items] == ["t1"]
    found = importlib.import_module(f"{batches}.get_v1_batches_batch_id").sync(
        batch.id, client=client)
    assert found.id == batch.id

    document, expected = sheet_from("game-2p")
    sheet = models.ScoresheetDocument.from_dict(document)
    assert sheet.to_dict()["scoresheet"] == document["scoresheet"]  # the model round-trips
    submit = importlib.import_module(f"{generated.__name__}.api.replays.post_v1_replays")
    status = submit.sync(client=client, body=sheet, wait=10)
    assert status.status.value == "done" and status.verdict == "legal"
    assert status.report.to_dict()["final"]["players"] == expected["final"]
