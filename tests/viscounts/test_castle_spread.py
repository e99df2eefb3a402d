"""Where tier-1 Workers go under ``zh-castle-spread-rest`` (worked by hand from the variant's
statement in replay/viscounts/data/variants.json and p.18).

The log is the hand-worked ``variant-castle-spread-one-way`` with a legal split in place of its
refused one: ana's 4 Workers in ``t1-seg3a`` send 1 inward to ``t2-seg3a`` and, under the
variant, all 3 others to the two sides, here 2 clockwise (``t1-seg4a``) and so 1
counter-clockwise (``t1-seg2a``); none stays. Under the default reading 1 would stay.
"""

from __future__ import annotations

import json

from replay.core.logs.log import load_log
from replay.viscounts.replayer import replay_to
from tests.conftest import FIXTURES

WORKED = FIXTURES / "viscounts" / "worked"


def test_a_split_sends_every_worker_but_the_inward_one_to_the_two_sides():
    document = json.loads((WORKED / "variant-castle-spread-one-way.json").read_text())
    split = document["events"][11]
    assert split["type"] == "castle_split"
    split["clockwise"] = 2
    # tier2-gold (position 3, facing seg3a): 1 Gold and any 1 resource, here Ink.
    document["events"].append({"type": "resource", "player": "ana", "resource": "ink"})
    table = replay_to(load_log(document), len(document["events"]) - 1)
    assert not table.judge.violations
    tier1 = {side: table.state.tier1[side].get("ana", 0) for side in table.state.segments}
    assert tier1 == {"seg1a": 0, "seg2a": 1, "seg3a": 0, "seg4a": 2, "seg5a": 0}
    assert table.state.tier2["seg3a"].get("ana", 0) == 1
    assert table.player("ana").workers == 16
