"""The committed ``openapi.yaml`` is exactly what the app's schemas produce."""

from api.openapi import spec_yaml
from tests.conftest import ROOT


def test_committed_contract_matches_the_app():
    committed = (ROOT / "openapi.yaml").read_text()
    assert committed == spec_yaml(), "run `referee openapi > openapi.yaml` and review the diff"
