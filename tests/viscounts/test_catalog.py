"""The built-in Viscounts catalog: valid, true to the sources' numbers, and broken copies refused
at the right place."""

from __future__ import annotations

import copy
import dataclasses
from collections import Counter

import pytest

from replay.core.logs.problems import InvalidLog
from replay.viscounts.catalog import (
    BUILTIN,
    builtin_document,
    catalog_sha256,
    check_catalog,
    load_catalog,
)
from replay.viscounts.catalog_checks import iter_entries
from replay.viscounts.catalog_template import template_document

BASE = builtin_document("viscounts-base")


def _index(document: dict, kind: str, entry_id: str) -> int:
    return next(i for i, item in enumerate(document[kind]) if item["id"] == entry_id)


def test_builtin_catalog_validates():
    assert BUILTIN == ("viscounts-base",)
    assert check_catalog(BASE) == []
    catalog = load_catalog()
    assert catalog.id == "viscounts-base" and catalog.printed is False
    assert catalog.sha256 == catalog_sha256(BASE)


def test_sha256_ignores_key_order_but_not_values():
    reordered = dict(reversed(list(copy.deepcopy(BASE).items())))
    assert catalog_sha256(reordered) == catalog_sha256(BASE)
    changed = copy.deepcopy(BASE)
    changed["townsfolk"][0]["cost"] += 1
    assert catalog_sha256(changed) != catalog_sha256(BASE)


def _set(path: str, value):
    def mutate(document):
        *parents, last = path.strip("/").split("/")
        node = document
        for part in parents:
            node = node[int(part)] if isinstance(node, list) else node[part]
        if value is DELETE:
            del node[int(last) if isinstance(node, list) else last]
        else:
            node[int(last) if isinstance(node, list) else last] = value
    return mutate


DELETE = object()
MS = _index(BASE, "manuscripts", "ms-06")
PC5 = _index(BASE, "player_cards", "pc-5")

BROKEN = {
    "duplicate id": (_set(f"/manuscripts/{MS}/id", "ms-01"), f"/manuscripts/{MS}/id", "repeats"),
    "dangling link end": (_set("/segments/0/sides/0/links/0/ends/1", "seg9a-l1"),
                          "/segments/0/sides/0/links/0/ends/1", "unknown building spot"),
    "dangling scheme": (_set("/ai_boards/0/schemes_removed/0", "scheme-x9"),
                        "/ai_boards/0/schemes_removed/0", "unknown Scheme"),
    "poverty pile for 3 players": (_set("/end_cards/0/on_card/3", 14), "/end_cards/0/on_card/3",
                                   "14 Debts on the Poverty card for 3 players"),
    "prosperity pile for 4 players": (_set("/end_cards/1/on_card/4", 18),
                                      "/end_cards/1/on_card/4",
                                      "18 Deeds on the Prosperity card for 4 players"),
    "pile missing for 2 players": (_set("/end_cards/0/on_card/2", DELETE), "/end_cards/0/on_card",
                                   "a pile size for each player count"),
    "missing source": (_set(f"/player_cards/{PC5}/source", DELETE),
                       f"/player_cards/{PC5}/source", "Missing data"),
    "unknown source": (_set("/townsfolk/0/source", "a forum post"), "/townsfolk/0/source",
                       "a source is"),
    "unlabelled placeholder": (_set("/manuscripts/0/source", "placeholder"),
                               "/manuscripts/0/placeholder", "placeholder"),
    "placeholder field that is no value": (
        _set(f"/player_cards/{PC5}/placeholder_fields/0", "colour"),
        f"/player_cards/{PC5}/placeholder_fields/0", "is not a value of pc-5"),
    "printed component in a demo catalog": (_set("/townsfolk/3/source", "printed component"),
                                            "/townsfolk/3/source", "transcribed catalog"),
    "start number twice": (_set("/segments/1/sides/1/spaces/2/start_number", 1),
                           "/segments/1/sides/1/spaces/2/start_number",
                           "start number 1 is printed twice on the 3-player board"),
    "two sides for one player count": (_set("/segments/2/sides/0/player_counts", [1, 2, 3]),
                                       "/segments/2/sides", "2 sides of seg3 serve the 3-player"),
    "neutral townsfolk missing": (_set("/townsfolk/40", DELETE), "/townsfolk",
                                  "67 neutral Townsfolk"),
    "grey-backed manuscripts": (_set("/manuscripts/30/back", "grey"), "/manuscripts",
                                "6 grey-backed manuscripts"),
    "player card number twice": (_set(f"/player_cards/{PC5}/number", 4),
                                 f"/player_cards/{PC5}/number", "repeats"),
    "effect with a stray field": (_set("/townsfolk/20/ability/count", 2),
                                  "/townsfolk/20/ability", "has no count"),
    "effect missing a field": (_set("/castle/tier3_reward/items", DELETE),
                               "/castle/tier3_reward", "a gain effect needs items"),
    "trade without its resource": (_set("/segments/0/sides/1/spaces/0/trade/resource", DELETE),
                                   "/segments/0/sides/1/spaces/0/trade/resource",
                                   "names its resource"),
    "meta placeholder count": (_set("/meta/placeholders/entries", 3),
                               "/meta/placeholders/entries", "meta counts 3 entries"),
    "unknown top-level key": (_set("/expansions", []), "/expansions", "Unknown field"),
}


@pytest.mark.parametrize("name", BROKEN)
def test_broken_copy_is_refused_at_the_right_path(name):
    mutate, path, message = BROKEN[name]
    broken = copy.deepcopy(BASE)
    mutate(broken)
    problems = check_catalog(broken)
    located = [p for p in problems if p.path == path]
    assert located, [p.to_dict() for p in problems]
    assert any(message in p.message for p in located), [p.message for p in located]


def test_wrong_pile_size_names_the_printed_one():
    broken = copy.deepcopy(BASE)
    broken["end_cards"][1]["on_card"]["3"] = 15
    (problem,) = check_catalog(broken)
    assert problem.expected == "16"


def test_loading_a_broken_catalog_raises_located_problems():
    broken = copy.deepcopy(BASE)
    broken["manuscripts"][MS]["id"] = "ms-01"
    with pytest.raises(InvalidLog) as err:
        load_catalog(broken)
    assert [p.path for p in err.value.problems] == [f"/catalog/manuscripts/{MS}/id"]


def test_not_an_object_is_refused():
    assert [p.path for p in check_catalog([1, 2])] == ["/"]


def test_unknown_builtin_id_is_refused():
    with pytest.raises(InvalidLog) as err:
        load_catalog(catalog_id="viscounts-printed")
    assert err.value.problems[0].path == "/header/catalog"


def test_every_entry_has_a_source_and_placeholders_are_labelled():
    for path, entry in iter_entries(BASE):
        assert entry["source"], path
        if entry["source"] == "placeholder":
            assert entry.get("placeholder") is True, path


# --- numbers the sources give, read back through the engine's view --------------------------

CATALOG = load_catalog()


def test_end_piles_per_player_count():
    assert [CATALOG.end_pile("poverty", n) for n in (1, 2, 3, 4)] == [12, 12, 15, 18]
    assert [CATALOG.end_pile("prosperity", n) for n in (1, 2, 3, 4)] == [12, 12, 16, 20]
    assert CATALOG.end_cards["poverty"].counts == "flipped_deeds"
    assert CATALOG.end_cards["prosperity"].awards == (12, 8, 4)


def test_buildings_and_the_p25_scoring_example():
    vp = {b: CATALOG.buildings[b].vp for b in CATALOG.buildings}
    assert vp == {"trading_post": (4, 9, 15), "guildhall": (6, 13, 21), "workshop": (2, 5, 9)}
    assert [CATALOG.buildings[b].cost for b in ("workshop", "trading_post", "guildhall")] == \
        [3, 5, 7]
    # p.25: 1 Trading Post, 2 Guildhalls, 3 Workshops = 26 VP; ribbon sets 16 + 9 + 1 = 26 VP.
    assert vp["trading_post"][0] + vp["guildhall"][1] + vp["workshop"][2] == 26
    sets = CATALOG.ribbon_set_vp
    assert sets[3] + sets[2] + sets[0] == 26


def test_castle_numbers():
    castle = CATALOG.castle
    assert castle.brackets == ((1, 1), (3, 2), (5, 3), (8, 4))
    assert castle.tier_vp == (1, 2, 3) and castle.leader_vp == 5
    assert castle.bump_rewards[0]["items"] == {"silver": 2}
    assert castle.bump_rewards[1]["items"] == {"virtue": 1, "any_resource": 1}
    assert len(castle.tier2) == castle.sections == 5


def test_collision_track_matches_the_p22_example():
    # Space 6 paid 3 Silver and 2 Debts, and an opponent without Criminals 1 Virtue.
    space = CATALOG.player_board.collision[5]
    assert space.space == 6 and space.current["items"] == {"silver": 3, "debt": 2}
    assert space.opponents_condition == "no_criminals"
    assert space.opponents["items"] == {"virtue": 1}
    assert CATALOG.player_board.collision[6].current["items"] == {"silver": 4, "debt": 3}


def test_neutral_townsfolk_match_the_fan_list_totals():
    neutral = [t for t in CATALOG.townsfolk.values() if t.deck == "neutral"]
    assert Counter(t.cost for t in neutral) == {1: 18, 2: 28, 3: 22}
    assert Counter(i for t in neutral for i in t.icons) == {
        "merchant": 44, "criminal": 21, "cleric": 15, "builder": 15, "noble": 15}
    assert sum(1 for t in neutral if t.criminal_icons) == 20
    assert Counter(t.timing for t in neutral) == {"ongoing": 29, "immediate": 21, "dropoff": 18}


def test_starting_deck_and_heroes():
    starting = sorted(t.name for t in CATALOG.townsfolk.values() if t.deck == "starting")
    assert starting == ["Abbot", "Financier", "Journeyman", "Labourer", "Lender", "Squire",
                        "Thief", "Trader"]
    assert len([t for t in CATALOG.townsfolk.values() if t.deck == "hero"]) == 10


def test_each_player_count_has_a_full_board():
    for players in (1, 2, 3, 4):
        sides = CATALOG.sides_for(players)
        assert len(sides) == 5
        numbers = sorted(space.start_number for side in sides.values()
                         for space in side.spaces.values() if space.start_number)
        assert numbers == list(range(1, 11))


def test_solo_components():
    cleric = CATALOG.ai_boards["ai-cleric"]
    assert cleric.focus == "transcribe" and cleric.building_rows[:2] == ("guildhall",
                                                                         "trading_post")
    assert [step["resource"] for step in cleric.resource_chart] == ["ink", "stone", "gold"]
    assert cleric.brackets == ((3, 2), (5, 3), (8, 4))
    assert Counter(s.deck for s in CATALOG.schemes.values()) == {"starting": 8, "future": 8}
    assert CATALOG.solo["difficulty"] == (0, 1, 2, 3)


def test_view_is_read_only():
    card = CATALOG.townsfolk["hero-ada"]
    with pytest.raises(dataclasses.FrozenInstanceError):
        card.cost = 5
    with pytest.raises(TypeError):
        card.ability["op"] = "gain"


# --- placeholders a verdict depended on ---------------------------------------------------------

def test_known_values_are_not_placeholders():
    assert CATALOG.placeholders_used(["hero-ada", "trading_post", "poverty", "pc-1",
                                      "scheme-s1", "cleric-bonus-black", "tf-55.cost"]) == []


def test_a_whole_placeholder_entry_lists_each_value():
    used = CATALOG.placeholders_used(["ms-20"])
    assert {p.field for p in used} == {"back", "cost", "ribbon", "when", "effect"}
    index = _index(BASE, "manuscripts", "ms-20")
    assert {p.path for p in used} == {f"/manuscripts/{index}/{f}" for f in
                                      ("back", "cost", "ribbon", "when", "effect")}
    assert all(p.value == BASE["manuscripts"][index][p.field] for p in used)


def test_placeholder_fields_by_id_dotted_field_and_pointer():
    assert [p.field for p in CATALOG.placeholders_used(["pc-3"])] == ["gain", "bottom"]
    assert [p.field for p in CATALOG.placeholders_used(["pc-3.gain"])] == ["gain"]
    assert CATALOG.placeholders_used(["pc-3.bottom_scope"]) == []
    by_pointer = CATALOG.placeholders_used(["/player_cards/2/gain/silver"])
    assert [(p.entry, p.field) for p in by_pointer] == [("pc-3", "gain")]
    unlocks = CATALOG.placeholders_used(["ai-cleric.unlocks.guildhall"])
    assert [p.field for p in unlocks] == ["unlocks.guildhall.1", "unlocks.guildhall.2"]
    assert CATALOG.placeholders_used(["ai-cleric.unlocks.guildhall.0"]) == []
    assert CATALOG.placeholders_used(["no-such-entry", "/no/such/path"]) == []


def test_a_strongman_hire_is_a_placeholder_but_its_cost_is_not():
    strongman = next(t for t in CATALOG.townsfolk.values() if t.name == "Strongman")
    (hire,) = CATALOG.placeholders_used([strongman.id])
    assert hire.field == "hire" and "blank" in hire.note
    assert CATALOG.placeholders_used([f"{strongman.id}.cost"]) == []


def test_placeholder_index_agrees_with_meta_counts():
    counts = BASE["meta"]["placeholders"]
    labelled = counts["entries"] + counts["entries_with_placeholder_fields"]
    assert len(CATALOG.placeholders) == labelled
    assert CATALOG.summary()["placeholder_values"] == sum(map(len, CATALOG.placeholders.values()))


# --- the transcription template -----------------------------------------------------------------

def test_template_blanks_every_placeholder_and_keeps_known_values():
    template = template_document()
    assert template["meta"]["printed"] is True
    pc3 = template["player_cards"][2]
    assert pc3["gain"] is None and pc3["bottom"] is None and pc3["bottom_scope"] == "any_segment"
    # Known cards are kept; only the two blank hire effects of the fan list are emptied.
    assert template["townsfolk"] == [
        {**t, "hire": None} if t.get("placeholder_fields") == ["hire"] else t
        for t in BASE["townsfolk"]]
    assert check_catalog(template)  # the blanks are named


def test_template_keeps_the_structure_of_a_placeholder_space():
    """A board space labelled a placeholder as a whole keeps its role, path and river side
    (the rules fix them); its invented exchange, arrows and start number are blanked."""
    base = next(s for seg in BASE["segments"] for side in seg["sides"]
                for s in side["spaces"] if s["id"] == "seg1a-or")
    space = next(s for seg in template_document()["segments"] for side in seg["sides"]
                 for s in side["spaces"] if s["id"] == "seg1a-or")
    assert base["placeholder"] is True
    assert (space["role"], space["path"], space["river"]) == ("outer_right", "outer", "right")
    assert space["trade"] is None and space["exits"] is None and space["start_number"] is None


def test_a_filled_template_still_names_the_labelled_slots():
    filled = copy.deepcopy(BASE)
    filled["meta"]["printed"] = True
    paths = {p.path for p in check_catalog(filled)}
    assert f"/player_cards/{_index(BASE, 'player_cards', 'pc-3')}/gain" in paths
    assert f"/manuscripts/{_index(BASE, 'manuscripts', 'ms-20')}" in paths


def test_board_indexes_reach_every_side():
    assert len(CATALOG.spaces) == 5 * 2 * 3
    space = CATALOG.spaces["seg2b-in"]
    assert space.segment == "seg2" and space.path == "inner" and space.trade is None
    for link in CATALOG.links.values():
        assert all(end in CATALOG.spots for end in link.ends)
    with pytest.raises(TypeError):
        CATALOG.townsfolk["tf-99"] = None
