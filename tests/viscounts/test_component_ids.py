"""Component ids that look like the board's own (``seg1a-tf``, ``seg1a-ms``) but name nothing
are refused as any wrong card is, with a rule id at their event, never with a traceback."""

from __future__ import annotations

import copy

import pytest

import replay

LOOKALIKES = ("seg1c-tf", "zz-tf", "seg9a-tf", "-tf", "seg1c-ms", "zz-ms", "-ms", "seg9a-or")


@pytest.mark.parametrize("players", [1, 2])
@pytest.mark.parametrize("mode", ["strict", "audit"])
def test_a_lookalike_id_in_any_card_field_is_a_located_violation(players, mode):
    log = replay.GAMES.get("viscounts").generate(players, 1)
    fields = ("card", "manuscript", "slot", "spot", "pile")
    places = {}
    for index, event in enumerate(log["events"]):
        for name in fields:
            if isinstance(event.get(name), str):
                places.setdefault((event["type"], name), index)
    assert len(places) >= 8
    for (_, name), index in sorted(places.items(), key=lambda item: item[1]):
        for ident in LOOKALIKES:
            broken = copy.deepcopy(log)
            broken["events"][index][name] = ident
            report = replay.replay(broken, mode=mode)
            assert report["verdict"] == "illegal", (index, name, ident)
            first = report["violations"][0]
            assert first["event"] <= index and first["rule"].startswith("viscounts."), \
                (index, name, ident, first)


def test_hiring_an_id_that_is_no_card_names_the_unknown_card_and_close_spellings():
    log = replay.GAMES.get("viscounts").generate(2, 1)
    index = next(i for i, e in enumerate(log["events"]) if e["type"] == "hire")
    for ident, close in (("tf-5", "did you mean tf-65"), ("seg1c-tf", "")):
        broken = copy.deepcopy(log)
        broken["events"][index]["card"] = ident
        first = replay.replay(broken)["violations"][0]
        assert (first["event"], first["rule"], first["found"]) == (
            index, "viscounts.log.component", ident)
        assert f"unknown Townsfolk card {ident!r}" in first["message"] and close in \
            first["message"]


@pytest.mark.parametrize("kind", ["draw", "play"])
def test_drawing_or_playing_an_id_that_is_no_card_names_the_unknown_card(kind):
    """A named draw is taken from the draw pile, a play from the hand: an id that is no card
    is refused as such, not as a card that cannot be in that pile or hand."""
    log = replay.GAMES.get("viscounts").generate(2, 1)
    index = next(i for i, e in enumerate(log["events"]) if e["type"] == kind and
                 "?" not in e.get("cards", ()))
    broken = copy.deepcopy(log)
    event = broken["events"][index]
    if kind == "draw":
        event["cards"][0] = "tf-99"
    else:
        event["card"] = "tf-99"
    first = replay.replay(broken)["violations"][0]
    assert (first["event"], first["rule"], first["found"]) == (
        index, "viscounts.log.component", "tf-99")
    assert first["message"].startswith("unknown Townsfolk card 'tf-99' in catalog "
                                       "viscounts-base")
