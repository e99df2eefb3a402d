"""Reading JSON input: the quick reader must give exactly the standard decoder's document
(every integer whole, NaN and infinities as the standard decoder reads them) or leave the
text to it, and malformed text gets a located problem either way."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import replay
from replay.core.logs.jsontext import _UNREAD, _read_quickly, load_json
from replay.core.logs.problems import InvalidLog


def same(a, b) -> bool:
    """Equal documents, telling 1 from 1.0 and a NaN from a NaN-less document."""
    return json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)


text = st.text() | st.text(st.characters(min_codepoint=0x20, max_codepoint=0x7E))
values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.integers(-(2**90), 2**90)
    | st.floats(allow_nan=True, allow_infinity=True) | text,
    lambda children: st.lists(children, max_size=5) | st.dictionaries(text, children,
                                                                      max_size=5),
    max_leaves=30,
)


@settings(max_examples=300)
@given(values, st.booleans(), st.booleans())
def test_the_document_read_is_the_standard_decoders(value, ascii_only, as_bytes):
    written = json.dumps(value, ensure_ascii=ascii_only)
    source = written.encode("utf-8", "surrogatepass") if as_bytes else written
    expected = json.loads(source)
    if holds_lone_surrogate(expected):  # not text: refused, with the string's path
        with pytest.raises(InvalidLog, match="lone UTF-16 surrogate"):
            load_json(source)
    else:
        assert same(load_json(source), expected)


def holds_lone_surrogate(document) -> bool:
    try:
        json.dumps(document, ensure_ascii=False).encode()
    except UnicodeEncodeError:
        return True
    return False


@pytest.mark.parametrize("written", [
    "123456789012345678901234567890", "-9223372036854775809", "[18446744073709551616]",
    '{"times": 10000000000000000000000}', "1e400", "[NaN, Infinity, -Infinity]",
    "-0", "[1.0, -0.0, 1E5, 0.1, 5e-324]",
])
def test_numbers_the_two_readers_could_read_otherwise(written):
    assert same(load_json(written), json.loads(written))


@pytest.mark.parametrize("written", ["{", '{"a": 1,}', '["\\ud800"]', "[01]", '"\x01"', ""])
def test_malformed_text_is_a_located_problem(written):
    with pytest.raises(InvalidLog) as raised:
        load_json(written)
    problem = raised.value.problems[0]
    assert problem.line is not None or problem.path is not None


def test_a_generated_log_is_read_quickly():
    # Otherwise the equality above would hold only because the standard decoder ran.
    written = json.dumps(replay.GAMES.get("coimbra").generate(2, 1))
    assert _read_quickly(written, written.encode()) is not _UNREAD
    assert _read_quickly(written.encode(), written.encode()) is not _UNREAD


@pytest.mark.parametrize(("written", "path", "key"), [
    ('{"a": 1, "a": 2}', "/", "a"),
    ('{"events": [{"type": "recruit", "card": "c2-08", "card": "c2-09"}]}', "/events/0",
     "card"),
    ('[{"b": {"c": [], "c": []}}]', "/0/b", "c"),
    ('{"x": "a:b", "y\\u003a": 1, "y\\u003a": 2}', "/", "y:"),
])
@pytest.mark.parametrize("as_bytes", [False, True])
def test_a_key_given_twice_in_one_object_is_refused_with_its_path(written, path, key,
                                                                   as_bytes):
    """Both readers keep the last value silently: a log could say one thing to a person
    reading it and another to the engine (the text notation refuses a field given twice)."""
    with pytest.raises(InvalidLog) as raised:
        load_json(written.encode() if as_bytes else written)
    assert [(p.path, p.message) for p in raised.value.problems] == [
        (path, f"the key {key!r} is given twice in one object")]


@pytest.mark.parametrize("written", [
    '{"a": "x:y", "b": {"c": ":"}}', '{"a\\u003a": 1, "a": 2}', '{"a": 1, "b\\u003a": 2}',
    '[{"a": 1}, {"a": 1}]'])
def test_colons_in_strings_and_keys_in_other_objects_are_no_repeat(written):
    assert same(load_json(written), json.loads(written))


@pytest.mark.parametrize("depth", [300, 1000])
def test_a_deep_list_in_an_event_is_refused_with_its_path(depth):
    """orjson reads 1024 levels but writes 255, and the standard decoder stops near 1000:
    the look for a repeated key raised ``RecursionError`` out of ``replay_text``."""
    log = replay.GAMES.get("coimbra").generate(2, 1)
    text = json.dumps(log).replace('"type": "roll"', '"extra": ' + "[" * depth + "]" * depth
                                   + ', "type": "roll"', 1)
    report = replay.replay_text(text)
    assert report["verdict"] == "unparseable"
    assert [p["message"] for p in report["problems"]] == ["a roll event has no field 'extra'"]
