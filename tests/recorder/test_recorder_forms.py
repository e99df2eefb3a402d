"""A filled-in form makes one event: every slot's value where its path says, chosen values
only, nothing left out."""

from __future__ import annotations

import pytest

from api.recorder_forms import EntryError, build_event, slot

PILES = {"type": "setup", "title": "Set-up", "fixed": {"round": 1},
         "order_by": {"sizes": "sides"},
         "groups": [
             {"title": "Board", "slots": [slot("sides/0", "First", [("b", "B"), ("a", "A")]),
                                          slot("sides/1", "Second", [("b", "B"), ("a", "A")])]},
             {"title": "Piles", "slots": [
                 slot("sizes/a", "Pile a", [("13", "13"), ("14", "14")], number=True),
                 slot("sizes/b", "Pile b", [("13", "13"), ("14", "14")], number=True)]},
             {"title": "Pairs", "slots": [slot("pairs/0/0", "Card", [("pc-1", "1")]),
                                          slot("pairs/0/1", "Hero", [("h-1", "H")]),
                                          slot("duo/0", "Duo", [("x+y", "X and Y")],
                                               pair=True)]},
             {"title": "Top", "slots": [slot("shown", "Shown", [("card:tf-1", "T"),
                                                                 ("manuscript:ms-1", "M")],
                                             keyed=True)]},
         ]}
FILLED = {"sides/0": "b", "sides/1": "a", "sizes/a": "14", "sizes/b": "13",
          "pairs/0/0": "pc-1", "pairs/0/1": "h-1", "duo/0": "x+y", "shown": "manuscript:ms-1"}


def test_each_value_goes_where_its_path_says():
    event = build_event(PILES, FILLED)
    assert event == {"type": "setup", "round": 1, "sides": ["b", "a"], "sizes": {"b": 13, "a": 14},
                     "pairs": [["pc-1", "h-1"]], "duo": [["x", "y"]], "manuscript": "ms-1"}
    # the piles follow the board's order (b first), whatever order the form asked them in
    assert list(event["sizes"]) == ["b", "a"]


def test_a_slot_left_empty_is_named():
    with pytest.raises(EntryError) as refused:
        build_event(PILES, {**FILLED, "pairs/0/1": " "})
    assert str(refused.value) == "Pairs: Hero is not chosen"
    assert refused.value.slot == "pairs/0/1"


def test_a_value_the_slot_does_not_offer_is_refused():
    with pytest.raises(EntryError, match="Piles: Pile a cannot be '15'"):
        build_event(PILES, {**FILLED, "sizes/a": "15"})


def test_a_typed_number_must_be_whole():
    form = {"type": "final", "title": "Scores", "fixed": {}, "groups": [
        {"title": "Points", "slots": [slot("scores/ana", "ana", [], number=True)]}]}
    assert build_event(form, {"scores/ana": "-3"}) == {"type": "final", "scores": {"ana": -3}}
    with pytest.raises(EntryError, match=r"ana is a whole number, not '4\.5'"):
        build_event(form, {"scores/ana": "4.5"})
