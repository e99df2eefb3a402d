"""The opponent's choices: the engine computes what its procedure allows at each one, refuses
a recorded answer outside it with the rule and the allowed answers named, and offers only
those as what the log may say next.

The fixtures under ``fixtures/viscounts/solo`` hold one hand-worked refusal per kind of choice
a generated game reaches (flip, tier-2 option, bump, tier-1 order, resource); the free
Workers, building and manuscript (placeholder Future Scheme f4 row 3, f3 row 1, f4 row 1)
have hand-worked refusals in ``fixtures/viscounts/worked`` and are also set up here by hand.
"""

from __future__ import annotations

import copy

import pytest

from replay.core.logs.log import load_log
from replay.core.verdicts.judge import StopReplay
from replay.viscounts import GAME
from replay.viscounts.catalog import load_catalog
from replay.viscounts.claims import Claims
from replay.viscounts.engine import apply_event, run_events
from replay.viscounts.generate import generate
from replay.viscounts.legal import decision_options, legal_actions
from replay.viscounts.new_table import new_table
from replay.viscounts.solo import OPPONENT, choices
from replay.viscounts.state import Decision

SEEDS = (3, 4, 7, 8, 58, 60)


def _table_at(log: dict, index: int):
    """The table just before event ``index`` of a generated solo log."""
    table = new_table(["ana"], load_catalog())
    run_events(table, log["events"][:index], Claims())
    return table


def _choices_of(log: dict):
    """(index, event) of every opponent choice the procedure constrains, a few per kind."""
    seen: dict[str, int] = {}
    for index, event in enumerate(log["events"]):
        kind = event["type"]
        if event.get("player") == OPPONENT and kind in choices.KINDS and seen.get(kind, 0) < 3:
            seen[kind] = seen.get(kind, 0) + 1
            yield index, event


@pytest.mark.parametrize("seed", SEEDS)
def test_every_legal_answer_outside_what_the_procedure_allows_is_refused_there(seed):
    """Property: at an opponent's choice, each legal answer the procedure does not allow is
    the first violation, at that event, under the choice's rule, naming the allowed ones;
    each answer it allows replays on past that event."""
    log = generate(1, seed)
    checked = 0
    for index, event in _choices_of(log):
        table = _table_at(log, index)
        decision = next(d for d in table.state.pending
                        if d.player == OPPONENT and d.kind == event["type"])
        permitted = choices.allowed(table, decision)
        assert permitted is None or permitted.admits(event), (index, event)
        for other in decision_options(table, decision):
            broken = copy.deepcopy(log)
            broken["events"][index] = other
            broken["events"] = broken["events"][:index + 1]
            violations = GAME.replay(load_log(broken))["violations"]
            if permitted is None or permitted.admits(other):
                assert all(v["event"] != index for v in violations), violations
                continue
            first = violations[0]
            assert (first["event"], first["rule"]) == (index, permitted.rule), first
            assert first["expected"] == permitted.words()
            assert f": {permitted.words()}; the log has" in first["message"]
            checked += 1
    assert checked >= 3


@pytest.mark.parametrize("seed", SEEDS)
def test_what_the_opponent_may_write_at_a_choice_is_what_its_procedure_allows(seed):
    log = generate(1, seed)
    for index, event in _choices_of(log):
        table = _table_at(log, index)
        offered = [a for a in legal_actions(table) if a["player"] == OPPONENT]
        decision = next(d for d in table.state.pending
                        if d.player == OPPONENT and d.kind == event["type"])
        permitted = choices.allowed(table, decision)
        every = decision_options(table, decision)
        assert offered == [a for a in every if permitted is None or permitted.admits(a)]
        assert event in offered


def test_the_card_ai_chooses_any_resource():
    """The Card AI treats all resources as one type (p.27): its choice is real."""
    table = new_table(["ana"], load_catalog())
    table.solo.board = table.catalog.ai_boards["ai-card"]
    decision = Decision(OPPONENT, "resource", False, "scheme-s1")
    permitted = choices.allowed(table, decision)
    assert permitted.words() == "gold, ink or stone"
    assert all(permitted.admits({"resource": r}) for r in ("ink", "gold", "stone"))


# -- the free gains, set up by hand --------------------------------------------------------
#
# Seed 42 after its first 6 events: the Cleric AI's Viscount is on seg3a-in (the start space
# of the unchosen pc-6, an inner space: no river side), its starting Guildhall (slot 1) on
# seg3a-l1. Its board rows are Guildhall, Trading Post, Workshop.


@pytest.fixture
def cleric_table():
    log = generate(1, 42)
    table = _table_at(log, 6)
    assert table.player(OPPONENT).space == "seg3a-in"
    return table


def _refused(table, decision: Decision, event: dict):
    table.state.pending.append(decision)
    with pytest.raises(StopReplay):
        apply_event(table, 6, dict(event, player=OPPONENT), Claims())
    return table.judge.violations[0]


def test_free_workers_go_to_the_section_facing_its_viscount(cleric_table):
    violation = _refused(cleric_table, Decision(OPPONENT, "free_workers", False, "pc-3",
                                                {"count": 1}),
                         {"type": "free_workers", "section": "t1-seg5a"})
    assert violation.rule == "viscounts.solo.ai.free_workers"
    assert violation.expected == "t1-seg3a"
    assert "facing its Viscount: t1-seg3a; the log has t1-seg5a" in violation.message


def test_a_free_building_is_the_left_most_on_the_first_free_spot(cleric_table):
    """Guildhall slot 1 is built, so the next buildings are Guildhall 2, Trading Post 1 and
    Workshop 1: the lowest slot first, rows top to bottom, gives Trading Post 1; seg3a-l1
    is taken, so the first free spot is seg3a-l2."""
    violation = _refused(cleric_table, Decision(OPPONENT, "free_building", False, "pc-8",
                                                {"building": "any"}),
                         {"type": "free_building", "slot": "workshop-1", "spot": "seg3a-l2"})
    assert violation.rule == "viscounts.solo.ai.free_build"
    assert violation.expected == "trading_post-1 seg3a-l2"
    assert violation.found == "workshop-1 seg3a-l2"


def test_a_free_manuscript_comes_from_its_segment_first(cleric_table):
    """Every pile's top costs 3; its own segment, seg3a, comes first."""
    violation = _refused(cleric_table, Decision(OPPONENT, "free_manuscript", False, "pc-3"),
                         {"type": "free_manuscript", "pile": "seg5a", "manuscript": "ms-11"})
    assert violation.rule == "viscounts.solo.ai.free_manuscript"
    assert violation.expected == "seg3a"
