"""The canonical JSON text that input hashes are taken of: orjson's fast text must be byte for
byte what the standard encoder writes, or every stored input hash would change."""

from __future__ import annotations

import json

import orjson
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import replay
from replay.core.logs.canonical import _written_alike, canonical_json


def standard(value: object) -> bytes:
    return json.dumps(value, sort_keys=True, separators=(",", ":")).encode()


# Text of every kind (controls, DEL, non-ASCII, lone surrogates), and text of the printable
# ASCII that logs are mostly made of, so that both encoders are exercised.
any_text = st.text() | st.text(st.characters(min_codepoint=0x20, max_codepoint=0x7E))
json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.integers(-(2**70), 2**70)
    | st.floats(allow_nan=True, allow_infinity=True) | any_text,
    lambda children: st.lists(children, max_size=5)
    | st.dictionaries(any_text, children, max_size=5),
    max_leaves=30,
)


@settings(max_examples=300)
@given(json_values)
def test_canonical_text_is_the_standard_encoders_text(value):
    assert canonical_json(value) == standard(value)


@pytest.mark.parametrize("value", [
    1e-05, 1e-07, 1e16, 1.5, -0.0, float("nan"), float("inf"), float("-inf"), 5e-324,
    2**63, 2**64, -(2**63) - 1, "\x7f", "é", "\x00\x1f\n\t\"\\", "\ud800",
    {"b": 1, "a": 2, "a\n": 3, "A": 4, "\x7f": 5}, [[[]]], {"n": None},
])
def test_values_the_two_encoders_write_differently_take_the_standard_one(value):
    assert canonical_json(value) == standard(value)


def test_a_generated_log_takes_the_fast_path():
    # Otherwise the equality above would hold only because the standard encoder ran.
    log = replay.GAMES.get("coimbra").generate(4, 3)
    assert _written_alike(orjson.dumps(log, option=orjson.OPT_SORT_KEYS))
    assert canonical_json(log) == standard(log)


def test_a_number_in_a_string_merely_takes_the_standard_encoder():
    assert not _written_alike(orjson.dumps({"comment": "3.5 points"}))
    assert canonical_json({"comment": "3.5 points"}) == b'{"comment":"3.5 points"}'
