"""How the recorder's buttons name a move: every id by what people call it, a Viscount's
path one space after the other, the notation's compound words as words (no service)."""

from __future__ import annotations

import pytest

from api.app import create_app
from api.recorder_words import Labeller

HEADER = {"game": "viscounts", "catalog": "viscounts-base", "players": ["ana", "bruno"]}


@pytest.fixture
def labels():
    with create_app({"API_KEYS": {}}).test_request_context():
        yield Labeller(HEADER, [])


def test_a_viscount_s_path_reads_space_after_space(labels):
    move = {"type": "move", "player": "ana", "path": ["seg2a-or", "seg3a-ol", "seg3a-in"]}
    assert labels.event(move) == ("move segment 2a, outer right → segment 3a, outer left → "
                                  "segment 3a, inner")


def test_a_move_of_one_space_names_it_alone(labels):
    assert labels.event({"type": "move", "player": "ana", "path": ["seg1a-ol"]}) == \
        "move segment 1a, outer left"


def test_free_workers_reads_as_words_not_as_the_notation_s_token(labels):
    said = labels.event({"type": "free_workers", "player": "ana", "section": "t1-seg1a"})
    assert "free_workers" not in said and said.startswith("free Workers ")
    assert "castle tier 1 by segment 1a" in said


@pytest.mark.parametrize(("event", "said"), [
    ({"type": "transcribe", "player": "ana", "manuscript": "ms-12", "pay": {"ink": 2}},
     "transcribe manuscript 12 paying 2 ink"),
    ({"type": "discard", "player": "ana", "cards": ["tf-01"], "from": "hand"}, "from hand"),
    ({"type": "reveal", "pile": "seg1a", "manuscript": "ms-30"},
     "reveal on segment 1a: manuscript 30"),
])
def test_the_notation_s_key_value_parts_read_as_words(labels, event, said):
    assert said in labels.event(event) and "=" not in labels.event(event)


def test_a_pile_s_new_top_in_chinese_names_the_segment():
    with create_app({"API_KEYS": {}}).test_request_context("/?lang=zh_Hans"):
        said = Labeller(HEADER, []).event({"type": "reveal", "pile": "seg1a",
                                          "manuscript": "ms-30"})
    assert "seg1a" not in said and "板块 1a" in said
