"""The text notation: round trips with the JSON model, located errors, leniency warnings."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import replay
from replay.coimbra.generate import generate
from replay.coimbra.notation import parse_text, print_text
from replay.core.logs.log import load_log
from replay.core.logs.problems import InvalidLog
from tests.conftest import FIXTURES

SETTINGS = settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
games = st.builds(generate, players=st.integers(2, 4), seed=st.integers(0, 10**6))
comments = st.text(st.characters(blacklist_categories=["Cs", "Cc"]), max_size=20).map(str.strip)


@SETTINGS
@given(games, st.lists(st.tuples(st.integers(0, 300), comments), max_size=5))
def test_text_round_trips_through_the_model(document, notes):
    for index, note in notes:
        note = note.replace("#", "").strip()
        if note:
            document["events"][index % len(document["events"])]["comment"] = note
    log = load_log(document)
    text = print_text(log)
    again, warnings = parse_text(text)
    assert again == log
    assert warnings == []
    assert print_text(again) == text  # printing is canonical


@SETTINGS
@given(games)
def test_json_round_trips_through_the_model(document):
    log = load_log(document)
    assert load_log(json.loads(json.dumps(log.to_dict()))) == log


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=400))
def test_the_parser_never_raises_anything_but_located_problems(text):
    try:
        parse_text(text)
    except InvalidLog as err:
        assert err.problems
        assert all(p.line is not None and p.column is not None for p in err.problems)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from([
    "ana: place gray5 -> central", "bruno: favor fav-1", "roll: gray1 white2",
    "deal 1: upper c2-01 | central | lower", "check ana vp=3", "final ana=1 bruno=2",
    "ana: start pair c1-01+c1-06", "setup order: ana bruno", "round 2", "phase C",
    "bruno: move stop-01", "ana: income white3 -> clergy", "ana: distress coins=1",
    "x", "ana:", ": :", "-> |", "[tag \"v\"]", "# note", "setup pairs: a+", "final =",
]), max_size=12))
def test_the_parser_never_raises_on_shuffled_event_lines(lines):
    text = '[game "coimbra"]\n[players "ana bruno"]\n' + "\n".join(lines)
    try:
        log, _ = parse_text(text)
    except InvalidLog as err:
        assert all(p.line is not None for p in err.problems)
        return
    replay.replay(log, mode="audit")  # and the engine takes whatever parses


@pytest.mark.parametrize(("line", "column", "message"), [
    ("ana: distress coins=\u00b2", 21, "coins must be a whole number, not '\u00b2'"),
    ("ana: distress coins=--1", 21, "coins must be a whole number, not '--1'"),
    ("ana: distress coins=\u0663", 21, "coins must be a whole number, not '\u0663'"),
    ("ana: distress coins=\uff11", 21, "coins must be a whole number, not '\uff11'"),
    ("ana: distress coins=" + "9" * 5000, 21,
     "a number of 5000 digits is longer than any this service reads"),
    ("final ana=\u00b2 bruno=1", 11, "ana must be a whole number, not '\u00b2'"),
    ("round \u0663", 7, "the round must be a whole number"),
    ("ana: place gray\u0663 -> castle", 12,
     "'gray\u0663' is not a die (a colour and a value, e.g. gray5)"),
    ("final ana=" + "9" * 5000 + " bruno=1", 11,
     "a number of 5000 digits is longer than any this service reads"),
])
def test_a_number_is_ascii_digits_the_service_can_read(line, column, message):
    """Superscripts and ``--1`` passed ``isdigit`` and crashed ``int``; other scripts'
    digits (Arabic-Indic, fullwidth) were read as numbers without a word."""
    with pytest.raises(InvalidLog) as err:
        parse_text('[game "coimbra"]\n[players "ana bruno"]\n' + line + "\n")
    assert [(p.line, p.column, p.message) for p in err.value.problems] == [
        (3, column, message)]


BROKEN = """[game "coimbra"]
[players "ana bruno"]
ana: place gray5 -> centrl
bruno: recruit c2-4o with white3
brunno: pass
ana: tkae gray2 -> castle
roll: pink3 gray2
"""


def test_every_error_is_reported_with_line_column_text_and_suggestions():
    try:
        parse_text(BROKEN)
    except InvalidLog as err:
        found = [(p.line, p.column, p.suggestions[:1]) for p in err.problems]
        texts = [p.text for p in err.problems]
    assert found == [
        (3, 21, ("central",)),
        (4, 16, ("c2-04",)),  # o and 0 look alike: c2-4o is c2-40 misread, nearest c2-04
        (5, 1, ("bruno",)),
        (6, 6, ("take",)),
        (7, 7, ()),
    ]
    assert texts[0] == "ana: place gray5 -> centrl"


def test_lenient_spellings_are_accepted_and_each_listed():
    text = """[game "Coimbra"]
[players "ana bruno"]
roll: Gray5  yellow3 grey2
ana: take WHITE3 -> Castle
"""
    log, warnings = parse_text(text)
    assert log.events[0]["dice"] == ["gray5", "orange3", "gray2"]
    assert log.events[1] == {"type": "place", "player": "ana", "die": "white3", "to": "castle"}
    messages = [(w["line"], w["message"]) for w in warnings]
    assert (3, "extra spaces ignored") in messages
    assert (3, "'Gray5' read as gray5") in messages
    assert (3, "'yellow3' read as orange3") in messages
    assert (3, "'grey2' read as gray2") in messages
    assert (4, "'take' read as 'place'") in messages
    assert (4, "'WHITE3' read as white3") in messages
    assert (4, "'Castle' read as 'castle'") in messages


def test_violations_in_a_text_log_carry_line_and_column():
    document = json.loads((FIXTURES / "coimbra" / "illegal" / "city-row-other-row.json")
                          .read_text())
    expected = json.loads((FIXTURES / "coimbra" / "illegal" /
                           "city-row-other-row.expected.json").read_text())
    text = print_text(load_log(document))
    log, _ = parse_text(text)
    [violation] = replay.replay(log)["violations"]
    line = text.splitlines()[violation["line"] - 1]
    assert violation["event"] == expected["violations"][0]["event"]
    assert line.startswith(document["events"][violation["event"]]["player"] + ": recruit")
    assert violation["column"] == 1


def test_markers_are_checked_when_present():
    document = generate(2, seed=4)
    text = print_text(load_log(document)).replace("roll:", "phase A\nroll:", 1)
    assert replay.replay(parse_text(text)[0])["verdict"] == "legal"
    wrong = text.replace("phase A\nroll:", "round 2\nroll:", 1)
    [violation] = replay.replay(parse_text(wrong)[0])["violations"]
    assert violation["rule"] == "coimbra.log.order"
    assert "the marker says round 2" in violation["message"]


def test_a_die_of_five_thousand_digits_is_no_die():
    """Its value went to ``int``, which refuses more than 4300 digits with an exception."""
    die = "gray" + "9" * 5000
    with pytest.raises(InvalidLog) as err:
        parse_text(f'[game "coimbra"]\n[players "ana bruno"]\nana: place {die} -> castle\n')
    [problem] = err.value.problems
    assert (problem.line, problem.column) == (3, 12)
    assert problem.message == f"{die!r} is not a die (a colour and a value, e.g. gray5)"
