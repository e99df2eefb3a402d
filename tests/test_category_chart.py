"""Coimbra's points by scoring category over the game, from a report's ledger and final
breakdown: values worked by hand in the fixtures' ``.worked.md``."""

from __future__ import annotations

import json
import re

import replay
from replay.render.category_chart import category_chart, category_rounds, category_table
from tests.conftest import FIXTURES

COIMBRA = FIXTURES / "coimbra"


def report_of(path) -> dict:
    return replay.replay_text(path.read_text(encoding="utf-8"))


def totals(data) -> dict[str, list[int]]:
    return {name: [data.total(name, i) for i in range(len(line))]
            for name, line in data.points.items()}


def test_a_whole_game_round_by_round_then_its_final_scoring():
    """legal/game-2p.worked.md: the tables at the end of each round and of play, and the
    final breakdown."""
    data = category_rounds(report_of(COIMBRA / "legal" / "game-2p.json"))
    assert data.labels == ["Round 1", "Round 2", "Round 3", "Round 4", "Final"]
    assert data.short == ["R1", "R2", "R3", "R4", "Final"]
    assert [k for k, _ in data.categories] == ["running", "voyages", "influence", "diplomas",
                                               "abilities", "leftovers"]
    assert data.points["ana"][-1] == {"running": 20, "voyages": 11, "influence": 17,
                                      "diplomas": 4, "abilities": 4, "leftovers": 7}
    assert data.points["bruno"][-1] == {"running": 18, "voyages": 13, "influence": 24,
                                        "diplomas": 10, "abilities": 9, "leftovers": 8}
    assert totals(data) == {"ana": [4, 8, 10, 20, 63], "bruno": [5, 7, 13, 18, 82]}
    header, rows = category_table(data)
    assert header[:2] == ["Player", "Category"]
    assert ["ana", "Total", 4, 8, 10, 20, 63] in rows
    assert ["bruno", "Leftovers", 0, 0, 0, 0, 8] in rows


def test_up_to_an_event_only_what_it_scored_and_no_final_scoring():
    """legal/round-one-2p.worked.md: by event 20, bruno has m1-03's 2 points (event 15) and
    ana c2-19's 2 (event 19); ana's scholar income (event 26) and bruno's (22) come later;
    at the end of the round both have 3. The game stops after round 1 (incomplete)."""
    report = report_of(COIMBRA / "legal" / "round-one-2p.json")
    early = category_rounds(report, upto=20)
    assert early.labels == ["Round 1 (so far)"]
    assert totals(early) == {"ana": [2], "bruno": [2]}
    assert totals(category_rounds(report)) == {"ana": [3], "bruno": [3]}


def test_a_scoresheet_has_one_column_before_the_final_scoring():
    """scoresheets/leftovers-two-odd-parts.worked.md: ana 20 before the final scoring, 64
    after (leftovers 8); bruno 18 and 83 (leftovers 9)."""
    data = category_rounds(report_of(COIMBRA / "scoresheets" / "leftovers-two-odd-parts.json"))
    assert data.labels == ["Before final scoring (the sheet)", "Final"]
    assert totals(data) == {"ana": [20, 64], "bruno": [18, 83]}
    assert data.points["ana"][-1]["leftovers"] == 8


def test_the_chart_draws_a_part_per_category_and_says_the_totals():
    data = category_rounds(report_of(COIMBRA / "legal" / "game-2p.json"))
    svg = category_chart(data)
    parts = re.findall(r'<rect [^>]*fill="(#[0-9a-f]{6})"[^>]*><title>([^<]*)</title>', svg)
    assert len(parts) == 2 * (4 + 6)  # running in each round, then six categories
    assert "ana, Final: Voyages 11" in {title for _, title in parts}
    assert len({fill for fill, _ in parts}) == 6  # a colour per category
    assert "ana 4 → 8 → 10 → 20 → 63; bruno 5 → 7 → 13 → 18 → 82" in svg


def test_a_game_that_scores_at_its_end_is_not_charted_so():
    log = FIXTURES / "viscounts" / "worked" / "game-2p.json"
    assert category_rounds(replay.replay(json.loads(log.read_text()))) is None
