"""The shape check's quick pass over a whole log agrees with its event-by-event check.

A log whose events are all well formed and kept as written skips the event-by-event check;
for any log, the answer must be the one that check gives (the same events, warnings and
problems), or a malformed event would slip through unreported.
"""

from __future__ import annotations

import copy

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import replay
from replay.core.logs.problems import InvalidLog
from replay.core.protocol.shapes import _all_kept_as_written, _check_each, _compile, check_shapes

GAMES = replay.GAMES.names()
_LOGS = {name: replay.GAMES.get(name).generate(2, 5)["events"] for name in GAMES}

# Values of every JSON type, and spellings a game normalises (dice in other cases/colours).
ODD = [
    None, True, False, 0, -1, 2.5, "", "ana", "Grey5", "grey5", "gray5", "yellow3", "gray",
    [], ["gray5"], ["Grey5", "white2"], [1, 2], {}, {"coins": 1}, {"a": "b"}, [["x", "y"]],
]
ODD_VALUES = st.sampled_from(ODD)


def outcome(check, events):
    """What a check says of ``events``: its result, or the problems it raised."""
    try:
        return "ok", check(events)
    except InvalidLog as err:
        return "invalid", [problem.to_dict() for problem in err.problems]


def each(game, events):
    compiled = _compile(game.event_specs, game.field_kinds)
    return _check_each(events, game.event_specs, compiled)


def whole(game, events):
    return check_shapes(events, game.event_specs, game.field_kinds)


@st.composite
def mutated_logs(draw):
    """A generated log of either game with a few events changed in shape."""
    name = draw(st.sampled_from(GAMES))
    events = copy.deepcopy(_LOGS[name])
    for _ in range(draw(st.integers(1, 3))):
        event = events[draw(st.integers(0, len(events) - 1))]
        keys = sorted(event)
        # An event emptied by earlier drops has no key left to drop or set.
        how = draw(st.sampled_from(["drop", "add", "set", "comment", "type"] if keys
                                   else ["add", "comment", "type"]))
        if how == "drop":
            event.pop(draw(st.sampled_from(keys)))
        elif how == "add":
            event[draw(st.sampled_from(["extra", "die", "card", "round", "player"]))] = \
                draw(ODD_VALUES)
        elif how == "set":
            event[draw(st.sampled_from(keys))] = draw(ODD_VALUES)
        elif how == "comment":
            event["comment"] = draw(st.sampled_from(["a note", 3, None, ["x"]]))
        else:
            event["type"] = draw(st.sampled_from(["plcae", "final", "check", "move"]))
    return replay.GAMES.get(name), events


@settings(max_examples=400)
@given(mutated_logs())
def test_the_quick_pass_answers_as_the_event_by_event_check(case):
    game, events = case
    assume(all(isinstance(event.get("type"), str) for event in events))
    assert outcome(lambda e: whole(game, e), events) == outcome(lambda e: each(game, e), events)


@pytest.mark.parametrize("name", GAMES)
def test_every_field_of_every_event_type_given_every_odd_value(name):
    game = replay.GAMES.get(name)
    firsts = {}
    for index, event in enumerate(_LOGS[name]):
        firsts.setdefault(event["type"], index)
    for index in firsts.values():
        # Not the type: a log's loader has made sure every event has a string one.
        for field in [*(set(_LOGS[name][index]) - {"type"}), "comment", "extra"]:
            for value in ODD:
                events = copy.deepcopy(_LOGS[name])
                events[index][field] = value
                assert outcome(lambda e: whole(game, e), events) == \
                    outcome(lambda e: each(game, e), events), (index, field, value)


@pytest.mark.parametrize("name", GAMES)
def test_a_well_formed_log_takes_the_quick_pass(name):
    # Otherwise the agreement above would hold only because the quick pass never said yes.
    game = replay.GAMES.get(name)
    events = _LOGS[name]
    assert _all_kept_as_written(events, _compile(game.event_specs, game.field_kinds))
    assert whole(game, events) == (events, [])


def test_a_spelling_the_game_normalises_is_warned_about_not_passed_as_written():
    game = replay.GAMES.get("coimbra")
    events = copy.deepcopy(_LOGS["coimbra"])
    place = next(event for event in events if event["type"] == "place")
    written = place["die"]
    place["die"] = written.replace("gray", "Grey") if "gray" in written else written.upper()
    checked, warnings = whole(game, events)
    assert checked[events.index(place)]["die"] == written
    assert warnings and warnings[0]["path"].endswith("/die")
