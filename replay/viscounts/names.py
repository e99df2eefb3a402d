"""What people call each Viscounts component a report or a table mentions by id.

Cards have printed names (the catalog's); the board's spaces, building spots, links, castle
sections, collision spaces, building slots and manuscripts have none, so they are named by
where they are and what is printed on them, from the catalog: ``seg5b-ol`` is "segment 5,
outer left space", ``ms-11`` "black manuscript: 2 stone, cost 3".
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from replay.core.speech import Phrase, say
from replay.core.words import spoken
from replay.viscounts.components import Catalog, Manuscript
from replay.viscounts.table import Table
from replay.viscounts.words import ACTION_WORDS, RIBBON_WORDS, RIVER_WORDS, word

WORDS = {"any_resource": "resource of any kind"}
ROLES = {"outer_left": say("outer left"), "outer_right": say("outer right"),
         "inner": say("inner")}
# Ledger sources that are no component: the actions and end-of-game categories.
SOURCES = {
    **ACTION_WORDS, "movement": say("movement"),
    "shuffle": say("the shuffle check"), "debt": say("Debts"), "deed": say("Deeds"),
    "ribbons": say("manuscript ribbon sets"), "castle-tier1": say("castle tier 1"),
    "castle-tier2": say("castle tier 2"), "castle-tier3": say("castle tier 3"),
    "bump-tier1": say("a bump from castle tier 1"),
    "bump-tier2": say("a bump from castle tier 2"), "castle-leader": say("the castle Leader"),
    "prosperity": say("Prosperity"), "poverty": say("Poverty"),
    "corruption": say("Corruption"), "virtue": say("Virtue"),
}


def _joined(parts: list, join: Callable[[str, str], str]) -> str:
    """``parts`` joined two at a time by ``join`` (a phrase: ``{earlier}, {next}``)."""
    joined = parts[0] if parts else Phrase("", "", {})
    for part in parts[1:]:
        joined = join(joined, part)
    return joined


def effect_words(effect: Mapping) -> str:
    """What a printed effect does, in a few words (``2 stone``, ``1 VP per building``)."""
    op = effect.get("op")
    if op == "gain":
        return _joined([say("{number} {item}", number=n, item=say(spoken(item)))
                        for item, n in effect.get("items", {}).items()],
                       lambda earlier, part: say("{earlier}, {next}", earlier=earlier, next=part))
    if op == "score_per":
        kind, _, icon = str(effect.get("per")).partition(":")
        per = (say("{icon} icon", icon=say(icon.capitalize())) if icon
               else say(spoken(kind).removesuffix("s")))
        return say("{points} VP per {per}", points=effect.get("points"), per=per)
    if op == "flip":
        what = effect.get("what")
        return (say("flip a Debt or a Deed") if what == "either"
                else say("flip a {what}", what=say(spoken(str(what)))))
    if op == "free_manuscript":
        return say("a free manuscript")
    if op == "choice":
        return _joined([effect_words(option) for option in effect.get("options", ())],
                       lambda earlier, part: say("{earlier} or {next}", earlier=earlier,
                                                 next=part))
    return say(spoken(str(op)))


def manuscript_name(manuscript: Manuscript) -> str:
    """A manuscript by what is printed on it: ribbon colour, cost and effect."""
    ribbon, effect = word(RIBBON_WORDS, manuscript.ribbon), effect_words(manuscript.effect)
    if manuscript.when == "end_game":
        return say("{ribbon} manuscript: {effect} at game end, cost {cost}", ribbon=ribbon,
                   effect=effect, cost=manuscript.cost)
    return say("{ribbon} manuscript: {effect}, cost {cost}", ribbon=ribbon, effect=effect,
               cost=manuscript.cost)


def board_name(catalog: Catalog, ident: str) -> str | None:
    """A board segment's side, space, building spot, link or castle tier-2 section by where
    it is."""
    if ident in catalog.sides:
        return say("segment {segment}, side {side}", segment=ident[3:-1],
                   side=ident[-1].upper())
    if ident in catalog.spaces:
        space = catalog.spaces[ident]
        return say("segment {segment}, {role} space", segment=space.segment.removeprefix("seg"),
                   role=ROLES.get(space.role, space.role))
    side = ident[:5]
    segment = side[3:4]
    if ident in catalog.spots:
        spot = catalog.spots[ident]
        return say("building spot {order} {river} of the river, segment {segment}",
                   order=spot.order, river=word(RIVER_WORDS, spot.river), segment=segment)
    if ident in catalog.links:
        link = catalog.links[ident]
        river = catalog.spots[link.ends[0]].river if link.ends[0] in catalog.spots else ""
        return say("link {number} {river} of the river, segment {segment}",
                   number=ident.rsplit("-", 1)[1][1:], river=word(RIVER_WORDS, river),
                   segment=segment)
    if ident in catalog.castle.tier2_ids:
        position = catalog.castle.tier2_ids.index(ident)
        return say("castle tier-2 section {number}: {effect}", number=position + 1,
                   effect=effect_words(catalog.castle.tier2[position]))
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
            return say("collision space {number}", number=ident[10:])
        building, _, slot = ident.rpartition("-")
        if building in catalog.buildings and slot.isdigit():
            return say("{building} slot {slot}", building=catalog.buildings[building].name,
                       slot=slot)
        return board_name(catalog, ident) or SOURCES.get(ident)
    return printed
