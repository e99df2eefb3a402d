"""What the recorder asks about a component, worked out from the catalog data: its slots,
their kinds, the form's areas, and the answer read back (no service needed)."""

from __future__ import annotations

import pytest

import replay
from api import recorder_asks as asks
from api.recorder_engine import log_text, new_header
from replay.coimbra.catalog import builtin_document as coimbra_document
from replay.viscounts.catalog import builtin_document

VISCOUNTS = builtin_document("viscounts-base")


def _entry(section: str, entry_id: str) -> dict:
    return next(e for e in VISCOUNTS[section] if e["id"] == entry_id)


def test_a_whole_placeholder_manuscript_asks_for_every_printed_value():
    header = new_header("viscounts", ["ana", "bruno"], [])
    manuscript = next(m for m in VISCOUNTS["manuscripts"] if m.get("placeholder"))
    slots = {slot.field: slot.kind for slot in asks.open_slots(header, manuscript["id"])}
    # back, cost, ribbon, when and effect: the values printed on a manuscript tile.
    assert slots == {"back": "text", "cost": "number", "ribbon": "text", "when": "text",
                     "effect": "json"}


def test_a_card_with_one_placeholder_value_asks_for_it_alone_and_shows_the_rest():
    card = next(c for c in VISCOUNTS["townsfolk"] if c.get("placeholder_fields") == ["hire"])
    header = new_header("viscounts", ["ana", "bruno"], [])
    form = asks.component_form(header, card["id"])
    assert form["fields"] == ["hire"] and form["what"] == "Townsfolk card"
    areas = {area["area"]: area for area in form["areas"]}
    assert [f["field"] for f in areas["top-right"]["asked"]] == ["hire"]
    # Its cost and icons come from the fan list: shown where printed, marked so.
    assert {"field": "cost", "value": str(card["cost"]), "source": "the fan card list"} in \
        areas["top-left"]["given"]
    assert areas["left"]["given"][0]["value"] == ", ".join(card["icons"])


def test_a_value_held_from_the_rulebook_is_never_asked():
    header = new_header("viscounts", ["ana", "bruno"], [])
    # ms-01 holds every value from the rulebook's picture p.25 but its back.
    assert [slot.field for slot in asks.open_slots(header, "ms-01")] == ["back"]
    assert asks.open_slots(header, "tier2-ink-stone") == []  # rulebook text p.20


def test_a_coimbra_character_asks_for_what_its_card_prints():
    header = new_header("coimbra", ["ana", "bruno"], [])
    character = coimbra_document("coimbra-demo")["characters"][0]
    slots = {slot.field: slot.kind for slot in asks.open_slots(header, character["id"])}
    # The whole demo catalog is invented: every printed value but the level (the deck).
    assert slots == {"name": "text", "class": "text", "cost": "text", "influence": "number",
                     "diplomas": "list", "effects": "json"}


def test_declared_fields_are_not_asked_again_and_the_answer_is_read_by_kind():
    manuscript = next(m for m in VISCOUNTS["manuscripts"] if m.get("placeholder"))["id"]
    header = dict(new_header("viscounts", ["ana", "bruno"], []),
                  components={manuscript: {"cost": 5}})
    slots = asks.open_slots(header, manuscript)
    assert "cost" not in [slot.field for slot in slots]
    read = asks.read_answer(slots, {"back": " grey ", "ribbon": "",
                                    "effect": '{"op": "gain", "items": {"ink": 2}}'})
    assert read == {"back": "grey", "effect": {"op": "gain", "items": {"ink": 2}}}
    # The cost typed before is shown where it is printed, said to be what was typed.
    top_left = next(a for a in asks.component_form(header, manuscript)["areas"]
                    if a["area"] == "top-left")
    assert top_left["asked"] == [] and top_left["given"] == [
        {"field": "cost", "value": "5", "source": "what you typed before"}]
    number = next(s for s in asks.open_slots(new_header("viscounts", ["a", "b"], []),
                                              manuscript) if s.field == "cost")
    with pytest.raises(asks.AnswerError, match="cost: a whole number, not 'three'"):
        asks.read_answer([number], {"cost": "three"})


def test_a_declared_object_survives_the_text_notation():
    game = replay.GAMES.get("viscounts")
    card = next(c for c in VISCOUNTS["townsfolk"] if c.get("placeholder_fields") == ["hire"])
    hire = {"op": "gain", "items": {"silver": 2}}
    header = dict(new_header("viscounts", ["ana", "bruno"], []),
                  components={card["id"]: {"hire": hire, "cost": 4}})
    text = log_text(header, [])
    assert f'declare {card["id"]} hire={{"op":"gain","items":{{"silver":2}}}} cost=4' in text
    assert game.parse_text(text).components == {card["id"]: {"hire": hire, "cost": 4}}


def test_the_components_reached_are_those_the_events_name_in_order():
    log = replay.load_log(replay.GAMES.get("viscounts").generate(2, 7))
    header = new_header("viscounts", log.players, [])
    reached = asks.reached(header, log.events[:1])
    setup = log.events[0]
    assert reached[:5] == setup["segments"]  # the board's sides, then what lies on them
    laid = [m for m in setup["manuscripts"].values()
            if _entry("manuscripts", m).get("placeholder")]
    assert set(laid) <= set(reached)


@pytest.mark.parametrize(("game", "players", "expected"), [
    # Named by where they sit, as the setup's own choices name the segments.
    ("viscounts", ["ana", "bruno"], {"seg1a": "segment 1a",
                                     "seg2b-link-r1": "segment 2b, link r1 between building spots",
                                     "cleric-bonus-blue": "Cleric bonus space, blue ribbon",
                                     "pc-3": "Player Card 3", "ms-12": "manuscript 12"}),
    ("coimbra", ["ana", "bruno"], {"st-2": "scoring tile 2"}),
])
def test_a_question_names_the_component_as_a_person_finds_it(game, players, expected):
    header = new_header(game, players, [])
    for entry, called in expected.items():
        form = asks.component_form(header, entry)
        assert form["called"] == called, entry
        assert form["name"] is None  # none of them prints a name


@pytest.mark.parametrize("game", ["viscounts", "coimbra"])
def test_no_question_is_headed_by_a_bare_id(game):
    header = new_header(game, ["ana", "bruno"], [])
    bare = [entry for entry, _ in asks.components_with_slots(game)
            if asks.component_form(header, entry)["called"] == entry]
    assert bare == []
