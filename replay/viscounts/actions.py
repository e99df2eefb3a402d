"""Phase 3, the primary actions Trade, Construct and Transcribe (Place Workers: castle.py)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

from replay.core.logs.text import read_count
from replay.core.protocol.actions import Refusal
from replay.core.protocol.flow import record
from replay.core.speech import say
from replay.core.words import counted
from replay.viscounts.effects import ask, resolve, trigger
from replay.viscounts.funding import WORDS, funding_options, funding_refusals, pay_funding
from replay.viscounts.state import BUILDINGS, SLOTS, Player
from replay.viscounts.table import Table
from replay.viscounts.words import PATH_WORDS, RIBBON_WORDS, RIVER_WORDS, word

TRADE_RATE = {"silver": 1, "resource": 2, "destroy": 3, "flip": 4}
TRADE_RULE = {"silver": "viscounts.trade.silver", "resource": "viscounts.trade.resource",
              "destroy": "viscounts.trade.destroy", "flip": "viscounts.trade.flip"}
PATH = {"trade": "outer", "construct": "outer", "place_workers": "inner",
        "transcribe": "inner"}
# The most uses of one Trade the legal actions offer (generated games use at most 8). A
# table reached by applying an impossible Trade as played (audit mode) can hold a trillion
# Silver, and listing every use it funds, one more at a time, would never end.
MAX_TRADE_USES = 30
WHERE_RULE = {"trade": "viscounts.trade.where", "construct": "viscounts.build.where",
              "place_workers": "viscounts.castle.where",
              "transcribe": "viscounts.transcribe.where"}


def action_refusals(table: Table, player: Player, action: str,
                     found: str) -> Iterator[Refusal]:
    """The refusals every primary action shares: one action a turn, on the right path."""
    state = table.state
    if state.acted == "transcribe" == action:
        yield Refusal("viscounts.transcribe.once",
                      say("{player} has already transcribed a manuscript this turn: the "
                          "Transcribe action takes one", player=player.name),
                      player=player.name, found=found, skip=True)
    if state.acted:
        yield Refusal("viscounts.action.one",
                      say("{player} has already taken a primary action this turn",
                          player=player.name), player=player.name, found=found, skip=True)
    space = table.catalog.spaces[player.space]
    table.touch(space.id)
    if space.path != PATH[action]:
        yield Refusal(WHERE_RULE[action],
                      say("{action} is taken on the {path} path; {player}'s Viscount is on "
                          "{space}, on the {its_path} path",
                          action=WORDS[action], path=PATH_WORDS[PATH[action]],
                          player=player.name, space=space.id,
                          its_path=word(PATH_WORDS, space.path)),
                      player=player.name, found=space.id, skip=True)


def taken(action: str, refusals: Iterator[Refusal]) -> Iterator[Refusal]:
    """An action refused whole past the checks every action shares still uses up the
    turn's primary action (in an audit replay, which goes on)."""
    def acted(table: Table) -> None:
        table.state.acted = action

    for refusal in refusals:
        yield replace(refusal, moved_on=acted) if refusal.skip else refusal


def _acting(table: Table, event: dict) -> Player:
    """The player of an event of their own turn (the turn step checked who it is)."""
    return table.state.players[event["player"]]


def trade_refusals(table: Table, event: dict) -> Iterator[Refusal]:
    """Trade: the exchange of the Viscount's outer space, used ``times`` times, funded."""
    player = _acting(table, event)
    yield from action_refusals(table, player, "trade", event["type"])
    yield from taken("trade", _trade_refusals(table, player, event))


def _trade_refusals(table: Table, player: Player, event: dict) -> Iterator[Refusal]:
    space = table.catalog.spaces[player.space]
    exchange = space.trade
    rate, times = TRADE_RATE[exchange["kind"]], event["times"]
    if times < 1:
        yield Refusal("viscounts.trade.repeat", say("a Trade uses its exchange at least once"),
                      player=player.name, found=str(times), skip=True)
    merchants = yield from funding_refusals(table, player, "trade", event)
    if merchants < times * rate:
        yield Refusal(TRADE_RULE[exchange["kind"]],
                      say("{icons} pay for {uses} of the exchange at {space} ({rate} each), not "
                          "{times}",
                          icons=counted(merchants, 'Merchant icon'),
                          uses=counted(merchants // rate, 'use'), space=space.id, rate=rate,
                          times=times), player=player.name,
                      expected=say("at most {number}", number=merchants // rate), found=str(times))


def apply_trade(table: Table, event: dict) -> None:
    """The Trade's funding paid, then its exchange used ``times`` times."""
    player = _acting(table, event)
    pay_funding(table, player, "trade", event)
    table.state.acted = "trade"
    space = table.catalog.spaces[player.space]
    exchange, times = space.trade, event["times"]
    kind, name = exchange["kind"], player.name
    if kind == "silver":
        table.change(name, "silver", times,
                     say("Trade at {space}", space=space.id), space.id)
    elif kind == "resource":
        table.change(name, exchange["resource"], times,
                     say("Trade at {space}", space=space.id), space.id)
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


def trade_candidates(table: Table) -> Iterator[dict]:
    """Every number of uses of the exchange the player can fund, each least funding."""
    player = table.player(table.state.current)
    space = table.catalog.spaces[player.space]
    if space.path != PATH["trade"]:
        return
    rate = TRADE_RATE[space.trade["kind"]]
    times = 1
    while times <= MAX_TRADE_USES and \
            (fundings := funding_options(table, player, "trade", times * rate)):
        for funding in fundings:
            yield {"type": "trade", "player": player.name, "times": times, **funding}
        times += 1


def construct_refusals(table: Table, event: dict) -> Iterator[Refusal]:
    """Construct: a building from a slot of the board on an empty spot at the Viscount."""
    player = _acting(table, event)
    yield from action_refusals(table, player, "construct", event["type"])
    yield from taken("construct", _construct_refusals(table, player, event))


def _construct_refusals(table: Table, player: Player, event: dict) -> Iterator[Refusal]:
    built = sum(map(len, player.built.values()))
    if built == 3 * len(player.built):
        yield Refusal("viscounts.build.exhausted",
                      say("{player} has built all {built} buildings: Construct is no longer "
                          "available", player=player.name, built=built), player=player.name,
                      found=event["slot"], skip=True)
    yield from slot_refusals(table, player, event["slot"])
    building, _ = read_slot(event["slot"])
    space = table.catalog.spaces[player.space]
    yield from spot_refusals(table, player, event["spot"], table.side_of(space.id))
    spot = table.catalog.spots[event["spot"]]
    if spot.river != space.river:
        yield Refusal("viscounts.build.river",
                      say("from {space} ({river} of the river) {player} can build only on the "
                          "{river} side, not on {spot}", space=space.id,
                          river=word(RIVER_WORDS, space.river), player=player.name, spot=spot.id),
                      player=player.name, found=spot.id, skip=True)
    cost = table.catalog.buildings[building].cost
    icons = yield from funding_refusals(table, player, "construct", event)
    if icons < cost:
        yield Refusal("viscounts.build.cost",
                      say("a {building} costs {cost} Builder icons; {player} has {icons}",
                          building=table.catalog.buildings[building].name, cost=cost,
                          player=player.name, icons=icons),
                      player=player.name, expected=str(cost), found=str(icons))


def apply_construct(table: Table, event: dict) -> None:
    """The Construct's funding paid, then the building placed."""
    player = _acting(table, event)
    pay_funding(table, player, "construct", event)
    table.state.acted = "construct"
    building, slot = read_slot(event["slot"])
    place_building(table, player, building, slot, table.catalog.spots[event["spot"]])
    trigger(table, player.name, "after_construct")


def construct_candidates(table: Table) -> Iterator[dict]:
    """The next slot of each building the player has left, on every empty spot of the
    Viscount's side of the river, each least funding."""
    player = table.player(table.state.current)
    space = table.catalog.spaces[player.space]
    if space.path != PATH["construct"]:
        return
    spots = [s for s in table.side(table.side_of(space.id)).spots
             if s.river == space.river and s.id not in table.state.spots]
    for building in BUILDINGS:
        free = player.free_slots(building)
        if not free or not spots:
            continue
        for funding in funding_options(table, player, "construct",
                                       table.catalog.buildings[building].cost):
            for spot in spots:
                yield {"type": "construct", "player": player.name,
                       "slot": f"{building}-{free[0]}", "spot": spot.id, **funding}


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
        yield Refusal("viscounts.build.choice",
                      say("{ident} is not a building still on {player}'s board",
                          ident=table.labelled(ident), player=player.name),
                      player=player.name, found=ident,
                      skip=True)
        return
    free = player.free_slots(building)
    if slot != free[0] and table.allows("build-slot-leftmost"):
        yield Refusal("viscounts.build.choice",
                      say("under build-slot-leftmost the next {building} comes from slot {free}, "
                          "not {slot}",
                          building=table.catalog.buildings[building].name, free=free[0],
                          slot=slot), player=player.name, expected=f"{building}-{free[0]}",
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
        yield Refusal("viscounts.build.where",
                      say("{ident} is not at {player}'s Viscount (segment {side})", ident=ident,
                          player=player.name, side=side),
                      player=player.name, found=ident, skip=True)
    elif table.side_of(ident) not in table.state.segments:
        yield Refusal("viscounts.build.where",
                      say("{ident} is not on the board of this game", ident=ident),
                      player=player.name, found=ident, skip=True)
    elif ident in table.state.spots:
        owner = table.state.spots[ident][0]
        yield Refusal("viscounts.build.where",
                      say("{ident} already holds {owner}'s building", ident=ident, owner=owner),
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


def transcribe_refusals(table: Table, event: dict) -> Iterator[Refusal]:
    """Transcribe: the top manuscript of the pile at the Viscount's segment, funded."""
    player = _acting(table, event)
    yield from action_refusals(table, player, "transcribe", event["type"])
    yield from taken("transcribe", _transcribe_refusals(table, player, event))


def _transcribe_refusals(table: Table, player: Player, event: dict) -> Iterator[Refusal]:
    side = table.side_of(player.space)
    pile = table.state.manuscripts[side]
    expected = pile.top if pile.size else f"{side}-ms"
    if expected is None:
        yield Refusal("viscounts.log.reveal",
                      say("the top of the manuscript pile of {side} was never revealed",
                          side=side), player=player.name, found=event["manuscript"],
                      skip=True)
    if not pile.size and event["manuscript"] != expected:
        yield Refusal("viscounts.transcribe.empty_pile",
                      say("the manuscript pile of {side} is empty and not refilled: only its "
                          "pre-printed manuscript {expected} can be transcribed",
                          side=side, expected=expected), player=player.name, expected=expected,
                      found=event["manuscript"], skip=True)
    if event["manuscript"] != expected:
        yield Refusal("viscounts.transcribe.where",
                      say("the manuscript at {player}'s Viscount is {expected}, not {manuscript}",
                          player=player.name, expected=expected, manuscript=event['manuscript']),
                      player=player.name, expected=expected, found=event["manuscript"],
                      skip=True)
    cost = manuscript_cost(table, expected)
    icons = yield from funding_refusals(table, player, "transcribe", event)
    if icons < cost:
        yield Refusal("viscounts.transcribe.cost",
                      say("manuscript {expected} costs {cost} Cleric icons; {player} has {icons}",
                          expected=expected, cost=cost, player=player.name, icons=icons),
                      player=player.name,
                      expected=str(cost), found=str(icons))


def apply_transcribe(table: Table, event: dict) -> None:
    """The Transcribe's funding paid, then the manuscript taken."""
    player = _acting(table, event)
    pay_funding(table, player, "transcribe", event)
    table.state.acted = "transcribe"
    take_manuscript(table, player, table.side_of(player.space))
    trigger(table, player.name, "after_transcribe")


def transcribe_candidates(table: Table) -> Iterator[dict]:
    """The manuscript at the Viscount's segment (its pile's top, else the pre-printed one),
    each least funding."""
    player = table.player(table.state.current)
    if table.catalog.spaces[player.space].path != PATH["transcribe"]:
        return
    side = table.side_of(player.space)
    pile = table.state.manuscripts[side]
    ident = pile.top if pile.size else f"{side}-ms"
    if ident:
        for funding in funding_options(table, player, "transcribe",
                                       manuscript_cost(table, ident)):
            yield {"type": "transcribe", "player": player.name, "manuscript": ident,
                   **funding}


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
        table.note(say("{player} is the first with 3 {ribbon} manuscripts and takes the {ribbon} "
                       "Cleric Bonus card", player=player.name, ribbon=word(RIBBON_WORDS, ribbon)))
