"""What people call each Viscounts component a report or a table mentions by id.

Cards have printed names (the catalog's); the board's spaces, building spots, links, castle
sections, collision spaces, building slots and manuscripts have none, so they are named by
where they are and what is printed on them, from the catalog: ``seg5b-ol`` is "segment 5,
outer left space", ``ms-11`` "black manuscript: 2 stone, cost 3".
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from replay.core.words import spoken
from replay.viscounts.components import Catalog, Manuscript
from replay.viscounts.table import Table

WORDS = {"any_resource": "resource of any kind"}
ROLES = {"outer_left": "outer left", "outer_right": "outer right", "inner": "inner"}
# Ledger sources that are no component: the actions and end-of-game categories.
SOURCES = {
    "trade": "Trade", "construct": "Construct", "transcribe": "Transcribe",
    "place_workers": "Place Workers", "movement": "movement", "shuffle": "the shuffle check",
    "debt": "Debts", "deed": "Deeds", "ribbons": "manuscript ribbon sets",
    "castle-tier1": "castle tier 1", "castle-tier2": "castle tier 2",
    "castle-tier3": "castle tier 3", "bump-tier1": "a bump from castle tier 1",
    "bump-tier2": "a bump from castle tier 2", "castle-leader": "the castle Leader",
    "prosperity": "Prosperity", "poverty": "Poverty", "corruption": "Corruption",
    "virtue": "Virtue",
}


def effect_words(effect: Mapping) -> str:
    """What a printed effect does, in a few words (``2 stone``, ``1 VP per building``)."""
    op = effect.get("op")
    if op == "gain":
        return ", ".join(f"{n} {spoken(item)}" for item, n in effect.get("items", {}).items())
    if op == "score_per":
        kind, _, icon = str(effect.get("per")).partition(":")
        per = f"{icon.capitalize()} icon" if icon else spoken(kind).removesuffix("s")
        return f"{effect.get('points')} VP per {per}"
    if op == "flip":
        what = effect.get("what")
        return "flip a Debt or a Deed" if what == "either" else f"flip a {spoken(str(what))}"
    if op == "free_manuscript":
        return "a free manuscript"
    if op == "choice":
        return " or ".join(effect_words(option) for option in effect.get("options", ()))
    return spoken(str(op))


def manuscript_name(manuscript: Manuscript) -> str:
    """A manuscript by what is printed on it: ribbon colour, cost and effect."""
    when = " at game end" if manuscript.when == "end_game" else ""
    return (f"{manuscript.ribbon} manuscript: {effect_words(manuscript.effect)}{when}, "
            f"cost {manuscript.cost}")


def board_name(catalog: Catalog, ident: str) -> str | None:
    """A board segment's side, space, building spot, link or castle tier-2 section by where
    it is."""
    if ident in catalog.sides:
        return f"segment {ident[3:-1]}, side {ident[-1].upper()}"
    if ident in catalog.spaces:
        space = catalog.spaces[ident]
        role = ROLES.get(space.role, space.role)
        return f"segment {space.segment.removeprefix('seg')}, {role} space"
    side = ident[:5]
    segment = side[3:4]
    if ident in catalog.spots:
        spot = catalog.spots[ident]
        return f"building spot {spot.order} {spot.river} of the river, segment {segment}"
    if ident in catalog.links:
        link = catalog.links[ident]
        river = catalog.spots[link.ends[0]].river if link.ends[0] in catalog.spots else ""
        return f"link {ident.rsplit('-', 1)[1][1:]} {river} of the river, segment {segment}"
    if ident in catalog.castle.tier2_ids:
        position = catalog.castle.tier2_ids.index(ident)
        return (f"castle tier-2 section {position + 1}: "
                f"{effect_words(catalog.castle.tier2[position])}")
    return None


def printed_names(table: Table) -> Callable[[str], str | None]:
    """The name of a card id (as printed) or of a board component (by where it is and what it
    shows); None for any other word."""
    catalog = table.catalog
    named = catalog.townsfolk.keys() | catalog.ai_boards.keys() | catalog.schemes.keys()

    def printed(ident: str) -> str | None:
        if ident in named or (ident.startswith("pc-") and ident[3:].isdigit()):
            return table.name(ident)
        if ident in catalog.manuscripts:
            return manuscript_name(catalog.manuscripts[ident])
        if ident in catalog.buildings:
            return catalog.buildings[ident].name
        if ident.startswith("collision-") and ident[10:].isdigit():
            return f"collision space {ident[10:]}"
        building, _, slot = ident.rpartition("-")
        if building in catalog.buildings and slot.isdigit():
            return f"{catalog.buildings[building].name} slot {slot}"
        return board_name(catalog, ident) or SOURCES.get(ident)
    return printed
