"""Whatever a table writes, the engine answers with a report, never an exception."""

from __future__ import annotations

import copy

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import replay
from replay.coimbra.generate import generate

VALUES = st.one_of(st.integers(-3, 25), st.sampled_from([
    "ana", "bruno", "carla", "zoe", "gray5", "white1", "orange9", "castle", "upper", "lower",
    "c2-01", "c3-05", "c1-01", "fav-1", "fav-4", "v-01", "v-09", "space-03", "stop-01",
    "corner-nw", "council", "scholar", "nowhere"]))


@st.composite
def mutated_logs(draw):
    log = generate(draw(st.integers(2, 4)), draw(st.integers(0, 10**6)))
    events = log["events"]
    for _ in range(draw(st.integers(1, 6))):
        i = draw(st.integers(0, len(events) - 1))
        action = draw(st.sampled_from(["drop", "duplicate", "swap", "field", "move"]))
        if action == "drop" and len(events) > 1:
            events.pop(i)
        elif action == "duplicate":
            events.insert(i, copy.deepcopy(events[i]))
        elif action == "swap" and i + 1 < len(events):
            events[i], events[i + 1] = events[i + 1], events[i]
        elif action == "field":
            fields = [k for k in events[i] if k != "type" and not isinstance(events[i][k],
                                                                              dict | list)]
            if fields:
                events[i][draw(st.sampled_from(fields))] = draw(VALUES)
        elif action == "move":
            events.insert(draw(st.integers(0, len(events))), events.pop(i))
    return log


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated_logs(), st.sampled_from(["strict", "audit"]))
def test_mutated_games_always_get_a_report(log, mode):
    try:
        report = replay.replay(log, mode=mode)
    except replay.InvalidLog as err:  # a shape problem, located
        assert err.problems and all(p.path for p in err.problems)
        return
    assert report["verdict"] in ("legal", "illegal", "score_mismatch", "incomplete")
    if mode == "audit":
        assert report["events"]["replayed"] == len(log["events"])
