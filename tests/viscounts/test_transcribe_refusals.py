"""A refused free manuscript says why (p.21, p.32): a tile of cost 3 or 4 on top of a pile is
what a Free Manuscript takes; the pre-printed manuscript of an empty pile cannot be collected.

The logs are hand-worked fixtures; their ``.worked.md`` files give the state.
"""

from __future__ import annotations

import json

import pytest

import replay
from tests.conftest import FIXTURES

WORKED = FIXTURES / "viscounts" / "worked"


def _first_violation(name: str) -> dict:
    report = replay.replay(json.loads((WORKED / f"{name}.json").read_text()))
    return report["violations"][0]


@pytest.mark.parametrize(("name", "event", "found", "message"), [
    ("transcribe-free-preprinted", 40, "seg1a-ms",
     "the pre-printed manuscript seg1a-ms cannot be collected: a free manuscript is a tile of "
     "cost 3 or 4 on top of a pile"),
    ("transcribe-free-cost-five", 21, "ms-23",
     "ms-23 is not a visible manuscript of cost 3 or 4 at seg3a"),
])
def test_a_refused_free_manuscript_says_why(name, event, found, message):
    violation = _first_violation(name)
    assert (violation["rule"], violation["event"], violation["found"]) == (
        "viscounts.transcribe.free", event, found)
    assert violation["message"] == message
