"""A refused event in strict mode leaves the table as the event found it; in audit mode it is
applied as the table played it (or, when it cannot be, the table moves on only as far as the
table did).

The log (fixtures/coimbra/illegal/pilgrim-steps-too-many): fav-2 gives bruno 2 pilgrim steps
at event 15; at event 16 he walks 3 from his corner: corner-se > space-03 (monastery m1-09,
first visit: +1 coin) > stop-03 > space-04 (monastery m1-02, first visit: +3 guards), the
third step with none left.
"""

from __future__ import annotations

import json
from pathlib import Path

from replay import replay
from replay.core.logs.log import load_log

LOG = Path(__file__).parents[2] / "fixtures/coimbra/illegal/pilgrim-steps-too-many.json"


def _report(mode: str) -> dict:
    return replay(load_log(json.loads(LOG.read_text())), mode)


def test_strict_mode_stops_with_the_pilgrim_where_the_refused_move_found_it():
    report = _report("strict")
    [violation] = report["violations"]
    assert (violation["rule"], violation["event"]) == ("coimbra.pilgrim.steps", 16)
    bruno = report["state"]["bruno"]
    assert (bruno["pilgrim"], bruno["monasteries"]) == ("corner-se", [])
    assert [row for row in report["ledger"] if row["event"] == 16] == []


def test_audit_mode_walks_the_move_as_played_with_its_first_visit():
    report = _report("audit")
    bruno = report["state"]["bruno"]
    assert (bruno["pilgrim"], bruno["monasteries"]) == ("space-04", ["m1-09", "m1-02"])
    rows = [(r["player"], r["resource"], r["delta"], r["source"])
            for r in report["ledger"] if r["event"] == 16]
    assert rows == [("bruno", "coins", 1, "m1-09"), ("bruno", "guards", 3, "m1-02")]
