"""Choices of a free building's slot and spot, and of a free manuscript."""

from __future__ import annotations

from replay.core.protocol.actions import Refusal
from replay.core.speech import say
from replay.viscounts.actions import (
    place_building,
    read_slot,
    slot_refusals,
    spot_refusals,
    take_manuscript,
)
from replay.viscounts.choices.kind import ChoiceKind
from replay.viscounts.state import BUILDINGS

# A free manuscript is a tile of one of these costs on top of a pile.
FREE_MANUSCRIPT_COSTS = (3, 4)


def free_building_spots(table, player, decision) -> list:
    """The empty spots a free building may go on (Player Card 8: the Viscount's space)."""
    spots = [s for side in table.state.segments for s in table.side(side).spots
             if s.id not in table.state.spots]
    if decision.data.get("scope") == "viscount_space":
        space = table.catalog.spaces[player.space]
        spots = [s for s in spots if table.side_of(s.id) == table.side_of(space.id)
                 and s.river == space.river]
    return spots


def _building_refusals(table, player, decision, event):
    for refusal in slot_refusals(table, player, event["slot"]):
        yield refusal
        if refusal.skip:
            return
    building, _ = read_slot(event["slot"])
    wanted = decision.data["building"]
    if wanted not in ("any", building):
        names = table.catalog.buildings
        yield Refusal("viscounts.build.free",
                      say("{source} places a {wanted}, not a {building}",
                          source=table.name(decision.source), wanted=names[wanted].name,
                          building=names[building].name),
                      player=player.name, found=event["slot"], skip=True)
        return
    if decision.data.get("scope") == "viscount_space":
        refusal = _off_viscount_space(table, player, event["spot"])
        if refusal is not None:
            yield refusal
            return
    yield from spot_refusals(table, player, event["spot"], None)


def _off_viscount_space(table, player, ident: str) -> Refusal | None:
    """Player Card 8's building goes on a spot of the Viscount's own space: its segment, its
    side of the river (p.8)."""
    unknown = table.unknown(ident, table.catalog.spots, "building spot", player.name)
    if unknown is not None:
        return unknown
    spot, space = table.catalog.spots[ident], table.catalog.spaces[player.space]
    if table.side_of(ident) == table.side_of(space.id) and spot.river == space.river:
        return None
    return Refusal("viscounts.setup.player_card.special",
                   say("{ident} is not on the space of {player}'s Viscount ({space}): "
                       "{player_card}'s building goes there",
                       ident=table.name(ident), player=player.name, space=player.space,
                       player_card=table.name(player.player_card)),
                   player=player.name,
                   expected=say("a spot of {space}", space=player.space), found=ident,
                   skip=True)


def _build(table, player, decision, event):
    building, slot = read_slot(event["slot"])
    place_building(table, player, building, slot, table.catalog.spots[event["spot"]])


def _buildings(table, player, decision):
    wanted = decision.data["building"]
    spots = free_building_spots(table, player, decision)
    for building in BUILDINGS if wanted == "any" else (wanted,):
        free = player.free_slots(building)
        if free:
            yield from ({"slot": f"{building}-{free[0]}", "spot": spot.id} for spot in spots)


def _free_manuscript(table, pile) -> bool:
    return bool(pile.top) and table.catalog.manuscripts[pile.top].cost in FREE_MANUSCRIPT_COSTS


def _manuscript_refusals(table, player, decision, event):
    side, wanted = event["pile"], event["manuscript"]
    pile = table.state.manuscripts.get(side)
    if pile is None or pile.top != wanted or not _free_manuscript(table, pile):
        reason = (say("the pre-printed manuscript {wanted} cannot be collected: a free manuscript "
                      "is a tile of cost 3 or 4 on top of a pile", wanted=wanted)
                  if wanted == f"{side}-ms" else
                  say("{wanted} is not a visible manuscript of cost 3 or 4 at {side}",
                      wanted=wanted, side=side))
        yield Refusal("viscounts.transcribe.free", reason, player=player.name, found=wanted,
                      skip=True)


def _take_manuscript(table, player, decision, event):
    take_manuscript(table, player, event["pile"])


def _free_manuscripts(table, player, decision):
    return ({"pile": side, "manuscript": pile.top}
            for side, pile in table.state.manuscripts.items() if _free_manuscript(table, pile))


KINDS = (
    ChoiceKind("free_building", {"slot": ("str", True), "spot": ("str", True)},
               ("slot", "spot"), _building_refusals, _build, _buildings,
               possible=lambda table, player, decision: bool(
                   free_building_spots(table, player, decision)),
               lost=say("no empty building spot is left where it may go")),
    ChoiceKind("free_manuscript", {"pile": ("str", True), "manuscript": ("str", True)},
               ("pile", "manuscript"), _manuscript_refusals, _take_manuscript,
               _free_manuscripts, possible=lambda table, player, decision: any(
                   _free_manuscript(table, pile) for pile in table.state.manuscripts.values()),
               lost=say("no manuscript of cost 3 or 4 is on top of a pile")),
)
