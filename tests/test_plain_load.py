"""A log's header loaded without marshmallow's machinery is loaded exactly as its schema
loads it, and anything the plain load cannot vouch for goes to the schema."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from marshmallow import ValidationError

from replay.core.logs.log import _HEADER, HeaderSchema
from replay.core.logs.plain_load import plain_load

names = st.sampled_from(["ana", "bruno", "Ana", "a" * 25, "", "x-1", "1x", "é", "ana\n"])
odd = st.none() | st.integers() | st.booleans() | st.floats(allow_nan=False) | names \
    | st.lists(names | st.integers(), max_size=9) \
    | st.dictionaries(names, names | st.integers(), max_size=3)
fields_ = {
    "game": st.sampled_from(["coimbra", "viscounts", ""]) | odd,
    "ruleset": st.none() | names | odd,
    "catalog": st.none() | names | odd,
    "variants": st.lists(names, max_size=3) | odd,
    "players": st.lists(names, max_size=9) | odd,
    "metadata": st.dictionaries(names, names, max_size=3) | odd,
    "extra": odd,
}
headers = st.fixed_dictionaries({}, optional=fields_)


def schema_load(header):
    try:
        return _HEADER.load(header)
    except ValidationError:
        return "refused"


@settings(max_examples=500)
@given(headers)
def test_a_plain_load_is_the_schemas_load(header):
    plain = plain_load(_HEADER, header)
    if plain is not None:
        assert plain == schema_load(header)


USUAL = {"game": "coimbra", "players": ["ana", "bruno"], "metadata": {"event": "open"},
         "variants": ["mixed-payment"], "ruleset": None}


@pytest.mark.parametrize("change", [
    {"extra": 1}, {"variants": None}, {"players": None}, {"metadata": None}, {"game": None},
    {"players": ["ana", 3]}, {"players": []}, {"players": ["ana"] * 9}, {"game": ""},
    {"metadata": {"1bad": "x"}}, {"metadata": {"event": 2}}, {"catalog": 5},
    {"variants": "mixed-payment"}, {"ruleset": "coimbra-2018"}, {"catalog": None},
])
def test_one_change_to_a_usual_header(change):
    header = {**USUAL, **change}
    plain = plain_load(_HEADER, header)
    assert plain is None or plain == schema_load(header)
    if schema_load(header) == "refused":
        assert plain is None


@pytest.mark.parametrize("left_out", sorted(USUAL))
def test_a_field_left_out(left_out):
    header = {k: v for k, v in USUAL.items() if k != left_out}
    plain = plain_load(_HEADER, header)
    assert plain == schema_load(header) or (plain is None and schema_load(header) == "refused")


def test_a_usual_header_is_loaded_plainly():
    # Otherwise the agreement above would hold only because the plain load never answered.
    assert plain_load(_HEADER, USUAL) == _HEADER.load(USUAL)
    assert plain_load(_HEADER, {"game": "coimbra", "players": ["Ana"]}) is None


def test_the_header_schema_has_no_hooks_the_plain_load_would_skip():
    assert not any(HeaderSchema._hooks.values())
