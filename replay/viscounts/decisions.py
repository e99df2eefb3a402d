"""Decision events: each answers the first waiting choice it fits (see docs/viscounts-log.md).

An optional choice skipped by an answer, or by any other event, is declined; a mandatory
one still possible is refused (``viscounts.effect.mandatory``). Choices an answer raises
(a flipped Debt's resource, a chosen option's own choices) come before those already waiting.
"""

from __future__ import annotations

from dataclasses import replace

from replay.core.judge import SkipEvent
from replay.core.words import counted
from replay.viscounts.actions import check_slot, check_spot, place_building, take_manuscript
from replay.viscounts.cards import from_deck, from_hand
from replay.viscounts.castle import bump, place, resolve_castle
from replay.viscounts.effects import can_flip, flip, resolve, settle_corruption
from replay.viscounts.recruit import gain_card
from replay.viscounts.state import RESOURCES, Decision
from replay.viscounts.table import Table

FREE_MANUSCRIPT_COSTS = (3, 4)


def possible(table: Table, decision: Decision) -> bool:
    """Whether a mandatory choice can still be made (else it is lost)."""
    state = table.state
    player = table.player(decision.player)
    if decision.kind == "flip":
        return can_flip(table, decision.player, decision.data.get("what", "either"))
    if decision.kind == "free_hire":
        return any(p.top for p in state.townsfolk.values())
    if decision.kind == "free_manuscript":
        return any(p.top and table.catalog.manuscripts[p.top].cost in FREE_MANUSCRIPT_COSTS
                   for p in state.manuscripts.values())
    if decision.kind == "free_workers":
        return player.workers > 0
    if decision.kind == "free_building":
        return bool(free_building_spots(table, player, decision))
    return True


def free_building_spots(table: Table, player, decision: Decision) -> list:
    """The empty spots a free building may go on (Player Card 8: the Viscount's space)."""
    spots = [s for side in table.state.segments for s in table.side(side).spots
             if s.id not in table.state.spots]
    if decision.data.get("scope") == "viscount_space":
        space = table.catalog.spaces[player.space]
        spots = [s for s in spots if table.side_of(s.id) == table.side_of(space.id)
                 and s.river == space.river]
    return spots


# Why a mandatory choice nothing can answer any more is lost, as the report's notes say it.
_NOTHING_TO_TAKE = {
    "flip": "nothing is left to flip", "free_hire": "no Townsfolk pile shows a card",
    "free_manuscript": "no manuscript of cost 3 or 4 is on top of a pile",
    "free_workers": "no Worker is left in supply",
    "free_building": "no empty building spot is left where it may go"}


def leave_unanswered(table: Table, decision: Decision) -> bool:
    """Leave a choice unanswered; return whether that is a fault (a mandatory choice still
    possible, not already refused an answer). A mandatory choice nothing can answer any more
    is lost, and the report's notes say why."""
    if decision.optional or decision.refused:
        return False
    if possible(table, decision):
        return True
    table.note(f"{decision.player}'s {decision.kind.replace('_', ' ')} from "
               f"{table.name(decision.source)} is lost: "
               f"{_NOTHING_TO_TAKE[decision.kind]}")
    return False


def decline_waiting(table: Table, found: str) -> None:
    """Another event comes: optional choices are declined, mandatory ones refused."""
    state = table.state
    waiting, state.pending = state.pending, []
    for decision in waiting:
        if leave_unanswered(table, decision):
            _refuse_unanswered(table, decision, found, player=decision.player)


def _refuse_unanswered(table: Table, decision: Decision, found: str, **kwargs) -> None:
    """``viscounts.effect.mandatory``: another line came while the choice waited."""
    table.breach("viscounts.effect.mandatory", f"{decision.player} must first answer the "
                 f"{decision.kind} of {table.name(decision.source)}",
                 expected=f"{decision.kind} by {decision.player}", found=found, **kwargs)


def answer(table: Table, event: dict) -> None:
    """Match a decision event to the choice it answers and apply it."""
    state = table.state
    player = table.acting(event)
    kind = event["type"]
    index = _first_waiting(state.pending, player.name, kind)
    if index is None:
        _refuse_unasked(table, player.name, event)
    waiting = state.pending
    for earlier in waiting[:index]:
        if leave_unanswered(table, earlier):
            if kind == "bump":
                _refuse_early_bump(table, earlier, player.name)
            _refuse_unanswered(table, earlier, f"{kind} by {player.name}",
                               player=player.name, skip=True)
    decision = waiting[index]
    state.pending = []
    try:
        _HANDLERS[kind](table, player, decision, event)
    except SkipEvent:
        # A refused answer answers nothing: every choice still waits, so that a right answer
        # on a later line is taken (in audit mode) rather than refused as unasked.
        waiting[index] = replace(decision, refused=True)
        state.pending = waiting
        raise
    state.pending += waiting[index + 1:]
    if state.corruption_due and not state.pending:
        settle_corruption(table)


def _refuse_early_bump(table: Table, earlier: Decision, name: str) -> None:
    """``viscounts.castle.bump``: bumps come after all movement (p.19), and a choice the
    castle's movement raised (a tier-3 Worker's resource, a tier-2 reward) still waits."""
    table.breach("viscounts.castle.bump", f"bumps come after all movement: {earlier.player} "
                 f"must first answer the {earlier.kind.replace('_', ' ')} of "
                 f"{table.name(earlier.source)}", player=name,
                 expected=f"{earlier.kind} by {earlier.player}", found=f"bump by {name}",
                 skip=True)


def _first_waiting(pending: list[Decision], name: str, kind: str) -> int | None:
    """Where the first choice of ``kind`` waiting for ``name`` is in ``pending``, if any."""
    for index, decision in enumerate(pending):
        if decision.kind == kind and decision.player == name:
            return index
    return None


def _refuse_unasked(table: Table, name: str, event: dict) -> None:
    """Refuse a decision no effect asked ``name`` for, naming the rule it comes closest to:
    a Rearrange by a mover whose landing lets the opponent landed on rearrange (p.13); a
    flip of the other kind than a fixed flip the engine has just done (p.9)."""
    kind = event["type"]
    fixed = next(((what, source) for who, what, source in table.state.fixed_flips
                  if kind == "flip" and who == name and what != event["what"]), None)
    if fixed is not None:
        what, source = fixed
        table.breach("viscounts.flip.either", f"{table.name(source)} flips a "
                     f"{what.capitalize()}, not a {event['what'].capitalize()}: only the "
                     "Debt-or-Deed flip lets the player choose the kind", player=name,
                     expected=f"no flip event (the {what.capitalize()} flip is done)",
                     found=event["what"], skip=True)
    landed = next((d for d in table.state.pending
                   if d.kind == kind and d.source == f"landed:{name}"), None)
    if landed is not None:
        table.breach("viscounts.move.land_on_opponent", f"{name} landed on "
                     f"{landed.player}'s Viscount: {landed.player}, not {name}, may "
                     "rearrange", player=name, expected=f"{kind} by {landed.player}",
                     found=f"{kind} by {name}", skip=True)
    if kind == "bump":
        _refuse_unasked_bump(table, name, event)
    table.breach("viscounts.log.choice", f"no effect waits for a {kind} by {name}",
                 player=name, found=kind, skip=True)


def _refuse_unasked_bump(table: Table, name: str, event: dict) -> None:
    """``viscounts.castle.bump``: a bump is due only where a section holds more than 3
    Workers, and the current player chooses it (p.19)."""
    waiting = next((d for d in table.state.pending if d.kind == "bump"), None)
    if waiting is not None:
        table.breach("viscounts.castle.bump", f"the current player, {waiting.player}, "
                     f"chooses whose Workers leave {waiting.data['section']}, not {name}",
                     player=name, expected=f"bump by {waiting.player}", found=f"bump by {name}",
                     skip=True)
    table.breach("viscounts.castle.bump", f"no castle section holds more than 3 Workers: "
                 f"no bump is due, at {event['section']} or elsewhere", player=name,
                 found=f"bump of {event['section']}", skip=True)


def _resource(table, player, decision, event):
    resource = event["resource"]
    if resource not in RESOURCES:
        table.breach("viscounts.effect.any_resource", f"any resource is Ink, Gold or Stone, "
                     f"not {resource}", player=player.name, found=resource, skip=True)
    table.change(player.name, resource, 1, f"{table.name(decision.source)}: any resource",
                 decision.source)


def _flip(table, player, decision, event):
    what = event["what"]
    allowed = decision.data.get("what", "either")
    if what not in ("debt", "deed") or allowed not in ("either", what):
        table.breach("viscounts.flip.either", f"{table.name(decision.source)} flips "
                     f"{allowed}, not {what}", player=player.name, found=what, skip=True)
    if not flip(table, player.name, what, decision.source):
        table.breach("viscounts.flip.needs_target", f"{player.name} has no unflipped {what}",
                     player=player.name, found=what, skip=True)


def _choose(table, player, decision, event):
    options = decision.data["options"]
    option = event["option"]
    if not 1 <= option <= len(options):
        table.breach("viscounts.log.choice", f"{table.name(decision.source)} offers "
                     f"{len(options)} options, not {option}", player=player.name,
                     found=str(option), skip=True)
    resolve(table, player.name, options[option - 1], decision.source)


def _take(table, player, event, doing: str) -> str:
    card = event["card"]
    if event.get("from", "hand") == "deck":
        from_deck(table, player, card, doing)
    else:
        from_hand(table, player, card, doing)
    return card


def _discard(table, player, decision, event):
    card = _take(table, player, event, "discard")
    player.discard.append(card)
    if "then" in decision.data:
        resolve(table, player.name, decision.data["then"], decision.source)


def _destroy(table, player, decision, event):
    if player.owned_cards() <= table.catalog.player_board.minimum_cards:
        table.breach("viscounts.effect.destroy_floor", f"{player.name} owns "
                     f"{player.owned_cards()} cards and cannot go below "
                     f"{table.catalog.player_board.minimum_cards}", player=player.name,
                     found=event["card"], skip=True)
    card = _take(table, player, event, "destroy")
    value = table.catalog.townsfolk[card].cost
    table.change(player.name, "silver", value, f"destroys {table.name(card)}", card)


def _rearrange(table, player, decision, event):
    cards = event["cards"]
    on_board = [c for c in player.board if c]
    if sorted(cards) != sorted(on_board):
        table.breach("viscounts.effect.rearrange", f"a rearrangement reorders the cards on "
                     f"{player.name}'s board ({', '.join(map(table.name, on_board))})",
                     player=player.name, found=", ".join(cards), skip=True)
    filled = iter(cards)
    player.board = [next(filled) if c else None for c in player.board]


def _free_hire(table, player, decision, event):
    side = event["pile"]
    pile = table.state.townsfolk.get(side)
    if pile is None or not pile.top or pile.top != event["card"]:
        table.breach("viscounts.recruit.free_hire", f"{table.name(event['card'])} is not "
                     f"the visible top of a Townsfolk pile at {side}", player=player.name,
                     found=event["card"], skip=True)
    gain_card(table, player, side)


def _castle_move(table, player, decision, event):
    state = table.state
    source, target = (event[k].removeprefix("t1-") for k in ("from", "to"))
    segments = state.segments
    if source not in state.tier1 or target not in state.tier1 \
            or not state.tier1[source][player.name] \
            or abs(segments.index(source) - segments.index(target)) not in (1, 4):
        table.breach("viscounts.castle.move_effect", f"{player.name} cannot move a Worker "
                     f"from {event['from']} to {event['to']}", player=player.name,
                     skip=True)
    state.tier1[source][player.name] -= 1
    state.tier1[target][player.name] += 1
    resolve_castle(table, player.name)


def _free_workers(table, player, decision, event):
    side = event["section"].removeprefix("t1-")
    if side not in table.state.tier1:
        table.breach("viscounts.castle.free_place", f"{event['section']} is not a tier-1 "
                     "section", player=player.name, found=event["section"], skip=True)
    place(table, player.name, side, decision.data["count"])


def _free_building(table, player, decision, event):
    building, slot = check_slot(table, player, event["slot"])
    wanted = decision.data["building"]
    if wanted not in ("any", building):
        names = table.catalog.buildings
        table.breach("viscounts.build.free", f"{table.name(decision.source)} places a "
                     f"{names[wanted].name}, not a {names[building].name}", player=player.name,
                     found=event["slot"], skip=True)
    if decision.data.get("scope") == "viscount_space":
        _on_viscount_space(table, player, event["spot"])
    spot = check_spot(table, player, event["spot"], None)
    place_building(table, player, building, slot, spot)


def _on_viscount_space(table, player, ident: str) -> None:
    """Player Card 8's building goes on a spot of the Viscount's own space: its segment, its
    side of the river (p.8)."""
    table.known(ident, table.catalog.spots, "building spot", player.name)
    spot, space = table.catalog.spots[ident], table.catalog.spaces[player.space]
    if table.side_of(ident) != table.side_of(space.id) or spot.river != space.river:
        table.breach("viscounts.setup.player_card.special", f"{table.name(ident)} is not on "
                     f"the space of {player.name}'s Viscount ({player.space}): "
                     f"{table.name(player.player_card)}'s building goes there",
                     player=player.name, expected=f"a spot of {player.space}", found=ident,
                     skip=True)


def _free_manuscript(table, player, decision, event):
    side = event["pile"]
    pile = table.state.manuscripts.get(side)
    if pile is None or not pile.top or pile.top != event["manuscript"] or \
            table.catalog.manuscripts[pile.top].cost not in FREE_MANUSCRIPT_COSTS:
        reason = (f"the pre-printed manuscript {event['manuscript']} cannot be collected"
                  ": a free manuscript is a tile of cost 3 or 4 on top of a pile"
                  if event["manuscript"] == f"{side}-ms" else
                  f"{event['manuscript']} is not a visible manuscript of cost 3 or 4 at {side}")
        table.breach("viscounts.transcribe.free", reason, player=player.name,
                     found=event["manuscript"], skip=True)
    take_manuscript(table, player, side)


def _castle_order(table, player, decision, event):
    side = event["section"].removeprefix("t1-")
    if side not in decision.data["sections"]:
        table.breach("viscounts.castle.tier1_repeat", f"{event['section']} does not hold 3 "
                     f"of {player.name}'s Workers", player=player.name,
                     expected=", ".join(f"t1-{s}" for s in decision.data["sections"]),
                     found=event["section"], skip=True)
    resolve_castle(table, player.name, chosen=side)


def _castle_split(table, player, decision, event):
    side, workers = decision.data["section"], decision.data["workers"]
    clockwise = event["clockwise"]
    if event["section"] != f"t1-{side}" or not 1 <= clockwise <= workers - 2:
        table.breach("viscounts.castle.tier1", f"the {workers - 1} Workers leaving t1-{side} "
                     "beside the inward one go to both sides, at least 1 each",
                     player=player.name, expected=f"t1-{side}, clockwise 1 to {workers - 2}",
                     found=f"{event['section']}, clockwise {clockwise}", skip=True)
    resolve_castle(table, player.name, chosen=side, clockwise=clockwise)


def _bump(table, player, decision, event):
    section, owners = decision.data["section"], event["owners"]
    tier, side = int(section[1]), section[3:]
    workers = (table.state.tier1 if tier == 1 else table.state.tier2)[side]
    if event["section"] != section or sum(owners.values()) != decision.data["excess"] or \
            any(o not in table.state.players or workers[o] < n for o, n in owners.items()):
        excess = decision.data["excess"]
        table.breach("viscounts.castle.bump", f"{counted(excess, 'Worker')} "
                     f"{'leaves' if excess == 1 else 'leave'} {section}, chosen among those "
                     f"there ({_whose(+workers)})", player=player.name,
                     found=_whose(owners), skip=True)
    bump(table, tier, side, owners)


def _whose(workers) -> str:
    """``2 of bruno's, 1 of ana's``: Workers by owner."""
    return ", ".join(f"{number} of {owner}'s" for owner, number in workers.items())


_HANDLERS = {
    "resource": _resource, "flip": _flip, "choose": _choose, "discard": _discard,
    "destroy": _destroy, "rearrange": _rearrange, "free_hire": _free_hire,
    "castle_move": _castle_move, "free_workers": _free_workers,
    "free_building": _free_building, "free_manuscript": _free_manuscript,
    "castle_order": _castle_order, "castle_split": _castle_split, "bump": _bump,
}
DECISIONS = tuple(_HANDLERS)
