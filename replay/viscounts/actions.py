"""Phase 3, the primary actions Trade, Construct and Transcribe (Place Workers: castle.py)."""

from __future__ import annotations

from collections.abc import Iterator

from replay.core.logs.text import read_count
from replay.core.protocol.actions import Refusal
from replay.core.protocol.flow import record
from replay.core.words import counted
from replay.viscounts.effects import ask, resolve, trigger
from replay.viscounts.funding import WORDS, fund
from replay.viscounts.state import SLOTS, Player
from replay.viscounts.table import Table
from replay.viscounts.turn import turn_step

TRADE_RATE = {"silver": 1, "resource": 2, "destroy": 3, "flip": 4}
TRADE_RULE = {"silver": "viscounts.trade.silver", "resource": "viscounts.trade.resource",
              "destroy": "viscounts.trade.destroy", "flip": "viscounts.trade.flip"}
PATH = {"trade": "outer", "construct": "outer", "place_workers": "inner",
        "transcribe": "inner"}
WHERE_RULE = {"trade": "viscounts.trade.where", "construct": "viscounts.build.where",
              "place_workers": "viscounts.castle.where",
              "transcribe": "viscounts.transcribe.where"}


def begin_action(table: Table, event: dict, action: str) -> Player:
    """The checks every primary action shares: turn, phase, one action, the right path."""
    player = turn_step(table, event, "action")
    state = table.state
    if state.acted == "transcribe" == action:
        table.breach("viscounts.transcribe.once", f"{player.name} has already transcribed a "
                     "manuscript this turn: the Transcribe action takes one",
                     player=player.name, found=event["type"], skip=True)
    if state.acted:
        table.breach("viscounts.action.one", f"{player.name} has already taken a primary "
                     "action this turn", player=player.name, found=event["type"], skip=True)
    space = table.catalog.spaces[player.space]
    table.touch(space.id)
    if space.path != PATH[action]:
        table.breach(WHERE_RULE[action], f"{WORDS[action]} is taken on the {PATH[action]} "
                     f"path; {player.name}'s Viscount is on {space.id}, on the {space.path} "
                     "path", player=player.name, found=space.id, skip=True)
    state.acted = action
    return player


def handle_trade(table: Table, event: dict) -> None:
    """Trade: the exchange of the Viscount's outer space, used ``times`` times."""
    player = begin_action(table, event, "trade")
    space = table.catalog.spaces[player.space]
    exchange = space.trade
    rate, times = TRADE_RATE[exchange["kind"]], event["times"]
    if times < 1:
        table.breach("viscounts.trade.repeat", "a Trade uses its exchange at least once",
                     player=player.name, found=str(times), skip=True)
    merchants = fund(table, player, "trade", event)
    if merchants < times * rate:
        table.breach(TRADE_RULE[exchange["kind"]], f"{counted(merchants, 'Merchant icon')} "
                     f"pay for {counted(merchants // rate, 'use')} of the exchange at "
                     f"{space.id} ({rate} each), not {times}", player=player.name,
                     expected=f"at most {merchants // rate}", found=str(times))
    kind, name = exchange["kind"], player.name
    if kind == "silver":
        table.change(name, "silver", times, f"Trade at {space.id}", space.id)
    elif kind == "resource":
        table.change(name, exchange["resource"], times, f"Trade at {space.id}", space.id)
    else:
        # Uses beyond the cards (Debts and Deeds) the player has could never be answered:
        # queuing them would let one written number hold the replay (``times`` 10**12).
        targets = player.owned_cards() if kind == "destroy" else player.debts + player.deeds
        for _ in range(min(times, targets)):
            if kind == "destroy":
                ask(table, name, "destroy", space.id, optional=True)
            else:
                ask(table, name, "flip", space.id, optional=False, what="either")
    trigger(table, name, "after_trade")


def handle_construct(table: Table, event: dict) -> None:
    """Construct: a building from a slot of the board on an empty spot at the Viscount."""
    player = begin_action(table, event, "construct")
    built = sum(map(len, player.built.values()))
    if built == 3 * len(player.built):
        table.breach("viscounts.build.exhausted", f"{player.name} has built all {built} "
                     "buildings: Construct is no longer available", player=player.name,
                     found=event["slot"], skip=True)
    building, slot = check_slot(table, player, event["slot"])
    space = table.catalog.spaces[player.space]
    spot = check_spot(table, player, event["spot"], table.side_of(space.id))
    if spot.river != space.river:
        table.breach("viscounts.build.river", f"from {space.id} ({space.river} of the "
                     f"river) {player.name} can build only on the {space.river} side, not "
                     f"on {spot.id}", player=player.name, found=spot.id, skip=True)
    cost = table.catalog.buildings[building].cost
    icons = fund(table, player, "construct", event)
    if icons < cost:
        table.breach("viscounts.build.cost", f"a {table.catalog.buildings[building].name} "
                     f"costs {cost} Builder icons; {player.name} has {icons}",
                     player=player.name, expected=str(cost), found=str(icons))
    place_building(table, player, building, slot, spot)
    trigger(table, player.name, "after_construct")


def check_slot(table: Table, player: Player, ident: str) -> tuple[str, int]:
    """A building slot still covered on the player's board (``guildhall-2``), or refused."""
    for refusal in slot_refusals(table, player, ident):
        record(table, refusal)
    return read_slot(ident)


def read_slot(ident: str) -> tuple[str, int | None]:
    """The building and slot number a slot id names (``guildhall-2``)."""
    building, _, number = ident.rpartition("-")
    return building, read_count(number)


def slot_refusals(table: Table, player: Player, ident: str) -> Iterator[Refusal]:
    """Why ``ident`` is not a building slot still covered on the player's board."""
    building, slot = read_slot(ident)
    unknown = table.unknown(building, table.catalog.buildings, "building", player.name)
    if unknown is not None:
        yield unknown
        return
    if slot not in SLOTS or slot in player.built[building]:
        yield Refusal("viscounts.build.choice", f"{table.labelled(ident)} is not a building "
                      f"still on {player.name}'s board", player=player.name, found=ident,
                      skip=True)
        return
    free = player.free_slots(building)
    if slot != free[0] and table.allows("build-slot-leftmost"):
        yield Refusal("viscounts.build.choice", f"under build-slot-leftmost the next "
                      f"{table.catalog.buildings[building].name} comes from slot {free[0]}, "
                      f"not {slot}", player=player.name, expected=f"{building}-{free[0]}",
                      found=ident)


def check_spot(table: Table, player: Player, ident: str, side: str | None):
    """An empty building spot, on ``side`` when given, or refused."""
    for refusal in spot_refusals(table, player, ident, side):
        record(table, refusal)
    return table.catalog.spots[ident]


def spot_refusals(table: Table, player: Player, ident: str,
                  side: str | None) -> Iterator[Refusal]:
    """Why ``ident`` is not an empty building spot of this game (on ``side`` when given):
    each refusal skips the event."""
    unknown = table.unknown(ident, table.catalog.spots, "building spot", player.name)
    if unknown is not None:
        yield unknown
        return
    if side is not None and table.side_of(ident) != side:
        yield Refusal("viscounts.build.where", f"{ident} is not at {player.name}'s Viscount "
                      f"(segment {side})", player=player.name, found=ident, skip=True)
    elif table.side_of(ident) not in table.state.segments:
        yield Refusal("viscounts.build.where", f"{ident} is not on the board of this game",
                      player=player.name, found=ident, skip=True)
    elif ident in table.state.spots:
        owner = table.state.spots[ident][0]
        yield Refusal("viscounts.build.where", f"{ident} already holds {owner}'s building",
                      player=player.name, found=ident, skip=True)


def place_building(table: Table, player: Player, building: str, slot: int, spot) -> None:
    """Place it: the slot's unlock, the spot's reward, then the links to built neighbours."""
    state = table.state
    player.built[building].append(slot)
    table.in_force.pop(player.name, None)
    state.spots[spot.id] = (player.name, building)
    table.touch(spot.id)
    resolve(table, player.name, spot.reward, spot.id)
    for link in table.side(table.side_of(spot.id)).links:
        if spot.id not in link.ends:
            continue
        other = link.ends[1] if link.ends[0] == spot.id else link.ends[0]
        if other not in state.spots:
            continue
        table.touch(link.id)
        owner = state.spots[other][0]
        resolve(table, player.name, link.reward, link.id)
        if owner != player.name:
            resolve(table, owner, link.reward, link.id)


def handle_transcribe(table: Table, event: dict) -> None:
    """Transcribe: the top manuscript of the pile at the Viscount's segment."""
    player = begin_action(table, event, "transcribe")
    side = table.side_of(player.space)
    pile = table.state.manuscripts[side]
    expected = pile.top if pile.size else f"{side}-ms"
    if expected is None:
        table.breach("viscounts.log.reveal", f"the top of the manuscript pile of {side} was "
                     "never revealed", player=player.name, found=event["manuscript"],
                     skip=True)
    if not pile.size and event["manuscript"] != expected:
        table.breach("viscounts.transcribe.empty_pile", f"the manuscript pile of {side} is "
                     f"empty and not refilled: only its pre-printed manuscript {expected} "
                     "can be transcribed", player=player.name, expected=expected,
                     found=event["manuscript"], skip=True)
    if event["manuscript"] != expected:
        table.breach("viscounts.transcribe.where", f"the manuscript at {player.name}'s "
                     f"Viscount is {expected}, not {event['manuscript']}",
                     player=player.name, expected=expected, found=event["manuscript"],
                     skip=True)
    cost = manuscript_cost(table, expected)
    icons = fund(table, player, "transcribe", event)
    if icons < cost:
        table.breach("viscounts.transcribe.cost", f"manuscript {expected} costs {cost} "
                     f"Cleric icons; {player.name} has {icons}", player=player.name,
                     expected=str(cost), found=str(icons))
    take_manuscript(table, player, side)
    trigger(table, player.name, "after_transcribe")


def manuscript_cost(table: Table, ident: str) -> int:
    """The Cleric cost of a manuscript or of a pre-printed one (``seg1a-ms``)."""
    if ident in table.catalog.manuscripts:
        table.touch(ident)
        return table.catalog.manuscripts[ident].cost
    printed = table.side(ident.removesuffix("-ms")).manuscript_space
    table.touch(printed["id"])
    return printed["cost"]


def take_manuscript(table: Table, player: Player, side: str) -> None:
    """Take the top manuscript (or use the pre-printed one's effect); the Cleric Bonus."""
    state = table.state
    pile = state.manuscripts[side]
    if not pile.size:
        printed = table.side(side).manuscript_space
        resolve(table, player.name, printed["effect"], printed["id"])
        return
    ident = pile.top
    pile.size -= 1
    pile.top = None
    if pile.size:
        state.reveals_owed.append(("manuscript", side))
    player.manuscripts.append(ident)
    manuscript = table.catalog.manuscripts[ident]
    if manuscript.when == "immediate":
        resolve(table, player.name, manuscript.effect, ident)
    ribbon = manuscript.ribbon
    held = sum(1 for m in player.manuscripts if table.catalog.manuscripts[m].ribbon == ribbon)
    if held >= 3 and ribbon not in state.bonus_taken:
        state.bonus_taken[ribbon] = player.name
        player.bonuses.append(ribbon)
        table.in_force.pop(player.name, None)
        table.touch(table.catalog.cleric_bonuses[ribbon].id)
        table.note(f"{player.name} is the first with 3 {ribbon} manuscripts and takes the "
                   f"{ribbon} Cleric Bonus card")
