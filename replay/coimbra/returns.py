"""Phase C's action kinds: what a die does as it returns, castle first, then the city rows.

A castle die takes a favor tile; a city die recruits a character from its row, paying the
die's value; any die may instead take distress. The die an event resolves is the next in
order (``slot_for``): out of order, the player's own die is taken, and the event is refused
for the order all the same.
"""

from __future__ import annotations

from collections.abc import Iterator

from replay.coimbra.effects import apply_immediate
from replay.coimbra.favors import (
    apply_extras,
    awaited_refusal,
    die_price,
    extra_candidates,
    extra_refusals,
)
from replay.coimbra.resolution import advance, crown_fate, gone
from replay.coimbra.state import (
    CITY_ROWS,
    LOCATION_NAMES,
    LOCATIONS,
    RESOURCE_NAMES,
    TRACK_NAMES,
    Player,
    Slot,
)
from replay.coimbra.table import Table
from replay.core.protocol.actions import Refusal
from replay.core.speech import say
from replay.core.words import counted, listed

DISTRESS_MAX = 2
DISTRESS_CHOICES = [(c, g) for c in range(DISTRESS_MAX + 1) for g in range(DISTRESS_MAX + 1)]


def slot_for(game: Table, player: Player, event: dict,
             prefer: tuple[str, ...] = ()) -> tuple[str | None, Slot | None, Refusal | None]:
    """The die this event resolves, where it is, and the refusal of the order when it is not
    the next die (location and slot None when the player has no such die: skipped).

    Out of order, the player's own die is taken: the one the event names, else the first in
    queue order (castle first), those at the ``prefer`` locations (a recruit's row) before
    the others."""
    state = game.state
    awaited = awaited_refusal(game)
    if awaited is not None:
        return None, None, awaited
    location, slot = state.next_slot()
    if slot.owner == player.name and ("die" not in event or event["die"] == slot.die):
        return location, slot, None
    wanted = say("{player}'s {die} in the {location}", player=slot.owner, die=slot.die,
                 location=LOCATION_NAMES[location])
    own = [(loc, s) for loc in LOCATIONS for s in state.queues[loc]
           if s.owner == player.name and not s.resolved
           and ("die" not in event or s.die == event["die"])]
    own.sort(key=lambda item: item[0] not in prefer)
    refusal = Refusal("coimbra.resolve.order",
                      say("the next die to resolve is {die}", die=wanted),
                      player=player.name, expected=wanted,
                      found=f"{player.name} {event.get('die', '')}".strip(), skip=not own)
    return (*own[0], refusal) if own else (None, None, refusal)


def _used_up(slot: Slot):
    """An event whose component is gone (a tile or card taken before) uses up its die all
    the same: the table resolved that die with something, so the dice after it resolve in
    order, and only this event is wrong."""
    def use(game: Table) -> None:
        advance(game, slot)
    return use


# -- favor -------------------------------------------------------------------------------

def favor_refusals(game: Table, event: dict) -> Iterator[Refusal]:
    """A favor is taken with the next castle die, from the tiles still available."""
    state, catalog = game.state, game.catalog
    if event["player"] not in game.state.players:
        yield game.unknown_player(event)
    player = state.players[event["player"]]
    location, slot, out_of_order = slot_for(game, player, event)
    if out_of_order:
        yield out_of_order
    if event["tile"] not in catalog.favors:
        yield game.unknown_component(catalog.favors, event["tile"], "favor tile", player.name)
    if location != "castle":
        yield Refusal("coimbra.castle.favor",
                      say("a favor is taken with a castle die, not from the {location}",
                          location=LOCATION_NAMES[location]),
                      player=player.name, skip=True)
    if event["tile"] not in state.favors_available:
        yield Refusal("coimbra.castle.favor",
                      say("{tile} has already been taken", tile=catalog.label(event["tile"])),
                      player=player.name,
                      expected=", ".join(map(catalog.label, state.favors_available))
                      or say("no favor tile is left: only distress"), found=event["tile"],
                      skip=True, moved_on=_used_up(slot))
    yield from extra_refusals(game, player, event)


def apply_favor(game: Table, event: dict) -> None:
    """A castle die takes an available favor tile for free."""
    player = game.state.players[event["player"]]
    _, slot, _ = slot_for(game, player, event)
    tile = event["tile"]
    game.state.favors_available.remove(tile)
    player.favors.append(tile)
    player.favors_taken += 1
    apply_immediate(game, player.name, tile)
    apply_extras(game, player, event, slot)


def favor_candidates(game: Table) -> Iterator[dict]:
    """Each favor tile left, for the owner of the next die when it is a castle die (with
    each investment and die bonus the tile allows)."""
    location, slot = game.state.next_slot()
    if location == "castle":
        for tile in game.state.favors_available:
            yield from extra_candidates(game, game.state.players[slot.owner], tile)


# -- recruit -----------------------------------------------------------------------------

def recruit_refusals(game: Table, event: dict) -> Iterator[Refusal]:
    """A character is recruited with the next die of its own row, paid in full."""
    state, catalog = game.state, game.catalog
    if event["player"] not in game.state.players:
        yield game.unknown_player(event)
    player = state.players[event["player"]]
    if event["card"] not in catalog.characters:
        yield game.unknown_component(catalog.characters, event["card"], "character",
                                     player.name)
    card = catalog.characters[event["card"]]
    in_row = _row_showing(state.rows, card.id)
    location, slot, out_of_order = slot_for(game, player, event,
                                            (in_row,) if in_row else CITY_ROWS)
    if out_of_order:
        yield out_of_order
    if location == "castle":
        yield Refusal("coimbra.city.row", "a castle die takes a favor, not a character",
                      player=player.name, skip=True)
    if in_row != location:
        where = (say("it is in the {row} row", row=LOCATION_NAMES[in_row]) if in_row
                 else gone(game, card.id))
        yield Refusal("coimbra.city.row",
                      say("{card} cannot be taken with a die in the {location}: {why}",
                          card=catalog.label(card.id), location=LOCATION_NAMES[location],
                          why=where), player=player.name,
                      expected=_on_offer(game, location), found=card.id, skip=in_row is None,
                      moved_on=_used_up(slot) if in_row is None else None)
    yield from _payment_refusals(game, player, card, die_price(game, slot), event.get("pay"))


def _payment_refusals(game: Table, player: Player, card, value: int,
                      pay: dict | None) -> Iterator[Refusal]:
    """A character costs the die's value in its printed resource (under ``mixed-payment``,
    in coins and guards together)."""
    mixed = game.judge.allows("mixed-payment")
    game.touch(f"{card.id}.cost")
    if pay is not None and mixed:
        coins, guards = pay.get("coins", 0), pay.get("guards", 0)
        if coins + guards != value or coins > player.coins or guards > player.guards:
            yield Refusal("coimbra.city.payment",
                          say("{card} costs {cost}, paid from {coins} coins and {guards} "
                              "guards", card=card.id, cost=value, coins=player.coins,
                              guards=player.guards), player=player.name, expected=value,
                          found=say("{coins} coins + {guards} guards", coins=coins,
                                    guards=guards))
        return
    held = getattr(player, card.cost)
    if pay is None and held < value and mixed and player.coins + player.guards >= value:
        return  # a mix the log does not spell out: a warning when it is paid
    if pay is not None and (pay.get(card.cost, 0) != value
                            or any(v for k, v in pay.items() if k != card.cost)):
        yield Refusal("coimbra.city.payment",
                      say("{card} is paid entirely in {resource}", card=card.id,
                          resource=RESOURCE_NAMES.get(card.cost, card.cost)),
                      player=player.name, expected=_amount(value, card.cost),
                      found=listed([_amount(amount, kind) for kind, amount in pay.items()],
                                   " + "),
                      legal_under="mixed-payment")
    if held < value:
        yield Refusal("coimbra.city.payment",
                      say("{card} costs {cost} but {player} has {held}",
                          card=game.catalog.label(card.id), cost=_amount(value, card.cost),
                          player=player.name, held=held), player=player.name,
                      expected=_amount(value, card.cost), found=held,
                      legal_under="mixed-payment"
                      if player.coins + player.guards >= value and not mixed else None)


def apply_recruit(game: Table, event: dict) -> None:
    """A city die acquires a character from its row, paying the die's value."""
    state, catalog = game.state, game.catalog
    player = state.players[event["player"]]
    card = catalog.characters[event["card"]]
    in_row = _row_showing(state.rows, card.id)
    _, slot, _ = slot_for(game, player, event, (in_row,) if in_row else CITY_ROWS)
    _pay(game, player, card, die_price(game, slot), event.get("pay"))
    row = state.rows[in_row]
    row[row.index(card.id)] = None
    player.characters.append(card.id)
    game.taken[card.id] = (player.name, game.event)
    game.touch_all((f"{card.id}.class", f"{card.id}.influence"))
    game.change(player.name, card.cls, card.influence, say("influence of {card}", card=card.id),
                card.id)
    apply_immediate(game, player.name, card.id)
    for start_id in player.start_cards:
        game.touch(f"{start_id}.effects")
        for effect in catalog.on_acquire.get(start_id, ()):
            if effect["class_"] == card.cls:
                game.gain(player.name, effect["gain"],
                          say("{card} triggered by acquiring a {kind} character", card=start_id,
                              kind=TRACK_NAMES[card.cls]), start_id)
    if state.crown_tokens.pop(card.id, None):
        player.crown_tokens += 1
        crown_fate(game, card.id, say("taken by {player} at {where}", player=player.name,
                                      where=game.judge.where(game.event)))
    advance(game, slot)


def _pay(game: Table, player: Player, card, value: int, pay: dict | None) -> None:
    """The payment as the event makes it (refused payments as played)."""
    mixed = game.judge.allows("mixed-payment")
    if pay is not None and mixed:
        paid = say("paid for {card}", card=card.id)
        game.change(player.name, "coins", -pay.get("coins", 0), paid, card.id)
        game.change(player.name, "guards", -pay.get("guards", 0), paid, card.id)
    elif pay is None and getattr(player, card.cost) < value and mixed \
            and player.coins + player.guards >= value:
        _assume_mix(game, player, card, value)
    else:
        game.change(player.name, card.cost, -value, say("paid for {card}", card=card.id),
                    card.id)


def _assume_mix(game: Table, player: Player, card, value: int) -> None:
    """Mixed payment without ``pay``: legal, but the log does not say the mix (a recording
    problem, not a breach). The card's own resource is assumed spent first."""
    other = "guards" if card.cost == "coins" else "coins"
    own = getattr(player, card.cost)
    rest = value - own
    def amount(number: int, resource: str) -> str:
        # "1 coin", "2 guards"
        return counted(number, "coin") if resource == "coins" else counted(number, "guard")
    game.warn(say("{player} paid {cost} for {card} with only {own}: the log does not say how "
                  "the rest was paid (write pay=coins:N,guards:N); assumed {own} and {rest}",
                  player=player.name, cost=value, card=game.catalog.label(card.id),
                  own=amount(own, card.cost), rest=amount(rest, other)))
    game.change(player.name, card.cost, -own, say("paid for {card}", card=card.id), card.id)
    game.change(player.name, other, -rest, say("paid for {card} (mix assumed)", card=card.id),
                card.id)


def recruit_candidates(game: Table) -> Iterator[dict]:
    """Each character of the next die's row: in its printed resource when the player holds
    enough, and under ``mixed-payment`` every other split of coins and guards."""
    state = game.state
    location, slot = state.next_slot()
    if location == "castle":
        return
    player = state.players[slot.owner]
    mixed = game.judge.allows("mixed-payment")
    value = die_price(game, slot)
    for card_id in state.rows.get(location, ()):
        if not card_id:
            continue
        cost = game.catalog.characters[card_id].cost
        recruit = {"type": "recruit", "player": player.name, "card": card_id}
        if getattr(player, cost) >= value:
            yield recruit
        if mixed:
            for coins in range(value + 1):
                pay = {"coins": coins, "guards": value - coins}
                if pay[cost] != value:
                    yield {**recruit, "pay": {k: v for k, v in pay.items() if v}}


def _row_showing(rows: dict[str, list[str | None]], card_id: str) -> str | None:
    """The city row where ``card_id`` is on display, if it is."""
    for row in CITY_ROWS:
        if card_id in rows.get(row, ()):
            return row
    return None


def _amount(number: int, resource: str) -> str:
    """``3 coins``: an amount of a resource as the log names it (a name it does not know
    left as written)."""
    return say("{number} {resource}", number=number,
               resource=RESOURCE_NAMES.get(resource, resource))


def _on_offer(game: Table, location: str) -> str:
    """What a die in ``location`` could still take, in words."""
    cards = [game.catalog.label(c) for c in game.state.rows[location] if c]
    return ", ".join(cards) if cards else say("nothing is left here: only distress")


# -- distress ----------------------------------------------------------------------------

def _distress(event: dict) -> tuple[int, int]:
    return event.get("coins", DISTRESS_MAX), event.get("guards", DISTRESS_MAX)


def distress_refusals(game: Table, event: dict) -> Iterator[Refusal]:
    """Distress takes the next die, for at most two coins and two guards."""
    if event["player"] not in game.state.players:
        yield game.unknown_player(event)
    player = game.state.players[event["player"]]
    _, _, out_of_order = slot_for(game, player, event)
    if out_of_order:
        yield out_of_order
    coins, guards = _distress(event)
    if not (0 <= coins <= DISTRESS_MAX and 0 <= guards <= DISTRESS_MAX):
        yield Refusal("coimbra.distress.amount",
                      say("distress for {coins} coins and {guards} guards: at most two of "
                          "each", coins=coins, guards=guards),
                      player=player.name, expected=say("0-2 coins, 0-2 guards"),
                      found=say("{coins} coins, {guards} guards", coins=coins, guards=guards))


def apply_distress(game: Table, event: dict) -> None:
    """Instead of the location's action: up to two coins and up to two guards (as played,
    within what distress can give at all)."""
    player = game.state.players[event["player"]]
    _, slot, _ = slot_for(game, player, event)
    coins, guards = _distress(event)
    coins, guards = max(0, min(coins, DISTRESS_MAX)), max(0, min(guards, DISTRESS_MAX))
    game.change(player.name, "coins", coins, say("distress action"), "distress")
    game.change(player.name, "guards", guards, say("distress action"), "distress")
    advance(game, slot)


def distress_candidates(game: Table) -> Iterator[dict]:
    """Every distress the owner of the next die may take."""
    owner = game.state.next_slot()[1].owner
    for coins, guards in DISTRESS_CHOICES:
        yield {"type": "distress", "player": owner, "coins": coins, "guards": guards}
