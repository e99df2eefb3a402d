"""Root causes, not cascades: one table mistake reads as one problem with its consequences."""

from __future__ import annotations

import itertools

import replay
from replay.coimbra.generate import generate
from replay.core.verdicts.causes import audit_caveat, causes_summary, group_causes
from replay.render.html import render_html
from replay.render.markdown import render_markdown


def _text_lines(players: int = 3, seed: int = 1) -> list[str]:
    log = replay.load_log(generate(players, seed))
    return replay.print_log(log, "text").splitlines()


def _replay_lines(lines: list[str], mode: str = "audit") -> dict:
    return replay.replay(replay.parse("\n".join(lines) + "\n"), mode=mode)


def _first_recruits_in_one_row(lines: list[str]) -> tuple[int, int]:
    """Line indices of two recruits resolved one after the other in the same round."""
    recruits = [i for i, line in enumerate(lines) if ": recruit " in line]
    for first, second in itertools.pairwise(recruits):
        between = lines[first + 1:second]
        if all(": recruit " not in line and not line.startswith("deal") for line in between):
            return first, second
    raise AssertionError("no two recruits in a row")


def test_a_card_taken_twice_uses_up_the_die_and_names_who_took_it():
    lines = _text_lines()
    first, second = _first_recruits_in_one_row(lines)
    card = lines[first].split()[2]
    taker = lines[first].split(":")[0]
    lines[second] = f"{lines[second].split(':')[0]}: recruit {card}"
    report = _replay_lines(lines)
    root = report["violations"][0]
    assert root["rule"] == "coimbra.city.row"
    assert root["line"] == second + 1 and root["applied"] is False
    assert f"{taker} took it at line {first + 1}" in root["message"]
    # The die was used up: no later event of that phase is out of order.
    phase_c = [v for v in report["violations"][1:] if v["rule"] == "coimbra.resolve.order"
               and v["event"] <= root["event"] + 4]
    assert phase_c == []
    # Everything after the first problem is grouped under it or is a problem of its own.
    cause = report["causes"][0]
    assert cause["violation"] == 0 and cause["event"] == root["event"]
    grouped = sum(len(c["consequences"]) + 1 for c in report["causes"])
    assert grouped == len(report["violations"])
    # The missing card changes crowns, so the engine's turn order may no longer be the
    # table's: every later violation of whose turn it is follows from the first problem.
    turns = {i for i, v in enumerate(report["violations"]) if i and v["rule"] in (
        "coimbra.draft.turn", "coimbra.income.turn", "coimbra.voyage.turn",
        "coimbra.resolve.order", "coimbra.log.order")}
    assert turns <= set(cause["consequences"])
    assert not any(v["message"].startswith("a line is missing") for v in report["violations"])


def test_a_deleted_line_is_blamed_as_missing_and_its_cascade_grouped_under_it():
    lines = _text_lines()
    places = [i for i, line in enumerate(lines) if ": place " in line]
    deleted = places[3]
    del lines[deleted]
    report = _replay_lines(lines)
    root = report["violations"][0]
    assert root["message"].startswith(f"a line is missing before line {deleted + 1}")
    assert report["causes"][0]["violation"] == 0
    assert len(report["causes"]) == 1, report["violations"]
    consequences = len(report["causes"][0]["consequences"])
    assert consequences == len(report["violations"]) - 1
    summary = f"1 problem, {consequences} consequences"
    assert f"## Violations: {summary}" in render_markdown(report)
    assert f"Violations: {summary}" in render_html(report)
    assert f"In all: {summary}" in render_markdown(report)


def test_the_standings_of_an_audited_replay_with_violations_carry_a_caveat():
    lines = _text_lines()
    del lines[[i for i, line in enumerate(lines) if ": place " in line][3]]
    audited = _replay_lines(lines)
    assert audited["standings"] and "not a ruling" in audited["standings_caveat"]
    assert "**Caveat**: Audit mode" in render_markdown(audited)
    assert 'class="caveat"' in render_html(audited)
    legal = replay.replay(generate(3, 1), mode="audit")
    assert legal["standings_caveat"] is None
    assert "Caveat" not in render_markdown(legal)


def test_grouping_follows_chains_to_the_root():
    violations = [{"event": 3}, {"event": 5, "follows_from": 3}, {"event": 5},
                  {"event": 9, "follows_from": 5}, {"event": 12, "follows_from": 11}]
    # Event 5's second violation has no cause of its own; event 9's goes back through the
    # first violation at event 5 to event 3; event 11 had no violation, so 12 is a root.
    assert group_causes(violations) == [
        {"violation": 0, "event": 3, "consequences": [1, 3]},
        {"violation": 2, "event": 5, "consequences": []},
        {"violation": 4, "event": 12, "consequences": []}]
    assert causes_summary(group_causes(violations)) == "3 problems, 2 consequences"
    assert causes_summary([{"violation": 0, "event": 1, "consequences": []}]) == "1 problem"


def test_the_caveat_counts_skipped_events():
    violations = [{"event": 2, "applied": False}, {"event": 2, "applied": True},
                  {"event": 4, "applied": True}]
    text = audit_caveat("audit", violations, scored=True)
    assert text.startswith("Audit mode: 2 events of this log break a rule (1 event could not")
    assert audit_caveat("strict", violations, scored=True) is None
    assert audit_caveat("audit", violations, scored=False) is None
