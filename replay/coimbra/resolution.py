"""Phase C: dice return castle first, then the city rows, each left to right."""

from __future__ import annotations

from replay.coimbra.effects import apply_immediate
from replay.coimbra.game import Game
from replay.coimbra.order import establish_new_order
from replay.coimbra.state import CITY_ROWS, LOCATIONS, Player, Slot
from replay.core.judge import SkipEvent
from replay.core.words import counted

DISTRESS_MAX = 2
NEUTRAL_DISCARD = "discarded by a neutral token"


def begin_resolution(game: Game) -> None:
    """Enter phase C and resolve whatever needs no player (neutral tokens, empty rows)."""
    state = game.state
    state.phase = "C"
    # For the report: the order every die and neutral token resolves in, location by location.
    game.queues.append({"round": state.round, "queues": {
        location: [{"die": slot.die, "value": slot.value, "owner": slot.owner}
                   for slot in state.queues.get(location, ())] for location in LOCATIONS}})
    game.judge.settle_shared()
    state.resolving = 0
    advance(game)


def advance(game: Game, done: Slot | None = None) -> None:
    """Mark the die just used (``done``) resolved, then resolve neutral tokens and finished
    rows until a player's die is next."""
    if done is not None:
        done.resolved = True
    state = game.state
    while state.resolving < len(LOCATIONS):
        location = LOCATIONS[state.resolving]
        for slot in state.queues[location]:
            if slot.resolved:
                continue
            if slot.owner is not None:
                return
            _neutral_discard(game, location)
            slot.resolved = True
        if location in CITY_ROWS and state.rows.get(location):
            _discard_leftovers(game, location)
        state.resolving += 1
    establish_new_order(game)


def _neutral_discard(game: Game, row: str) -> None:
    """Discard the remaining character with the highest printed influence, leftmost on ties."""
    cards = [c for c in game.state.rows[row] if c is not None]
    if not cards:
        return
    influence = {c: game.catalog.characters[c].influence for c in cards}
    highest = max(influence.values())
    victim = next(c for c in cards if influence[c] == highest)
    # A token writes no line of its own: its discard is credited to the roll that placed it,
    # not to the player's event resolved before it.
    _remove_card(game, row, victim, NEUTRAL_DISCARD, game.roll_event)


def _discard_leftovers(game: Game, row: str) -> None:
    for card in [c for c in game.state.rows[row] if c is not None]:
        _remove_card(game, row, card, "left in the row when it finished")
    game.state.rows[row] = []


def _remove_card(game: Game, row: str, card: str, why: str, event: int | None = None) -> None:
    """Take ``card`` out of ``row``, credited to ``event`` (the current one by default)."""
    state = game.state
    event = game.event if event is None else event
    state.rows[row][state.rows[row].index(card)] = None
    if state.crown_tokens.pop(card, None):
        _crown_fate(game, card, f"{_credited(why)} at {game.judge.where(event)}")
    game.discards.append({"event": event, "round": state.round, "row": row,
                          "card": card, "reason": why})


def _credited(why: str) -> str:
    """Why a card left its row, with the line it is credited to next: a neutral token's
    discard is credited to the roll that placed the token."""
    return f"{why} placed by the roll" if why == NEUTRAL_DISCARD else why


def _acting_slot(game: Game, player: Player, event: dict,
                 prefer: tuple[str, ...] = ()) -> tuple[str, Slot]:
    """The die this event resolves; a violation when it is not the next die in order.

    Out of order, the player's own die is taken: the one the event names, else the first
    in queue order (castle first), those at the ``prefer`` locations (a recruit's row) before
    the others."""
    state, judge = game.state, game.judge
    location, slot = state.next_slot()
    if slot.owner != player.name or ("die" in event and event["die"] != slot.die):
        wanted = f"{slot.owner}'s {slot.die} in the {location}"
        own = [(loc, s) for loc in LOCATIONS for s in state.queues[loc]
               if s.owner == player.name and not s.resolved
               and ("die" not in event or s.die == event["die"])]
        own.sort(key=lambda item: item[0] not in prefer)
        judge.breach("coimbra.resolve.order",
                     f"the next die to resolve is {wanted}", player=player.name,
                     expected=wanted, found=f"{player.name} {event.get('die', '')}".strip(),
                     skip=not own)
        location, slot = own[0]
    return location, slot


def handle_favor(game: Game, event: dict) -> None:
    """A castle die takes an available favor tile for free."""
    player = game.acting_player(event)
    location, slot = _acting_slot(game, player, event)
    tile = game.component(game.catalog.favors, event["tile"], "favor tile", player.name)
    if location != "castle":
        game.judge.breach("coimbra.castle.favor", f"a favor is taken with a castle die, "
                          f"not from the {location}", player=player.name, skip=True)
    if tile.id not in game.state.favors_available:
        _refuse_using_up(game, slot, "coimbra.castle.favor",
                         f"{game.catalog.label(tile.id)} has already been taken",
                         player=player.name,
                         expected=", ".join(map(game.catalog.label,
                                                game.state.favors_available))
                         or "no favor tile is left: only distress", found=tile.id)
    game.state.favors_available.remove(tile.id)
    player.favors.append(tile.id)
    player.favors_taken += 1
    apply_immediate(game, player.name, tile.id)
    advance(game, slot)


def _refuse_using_up(game: Game, slot: Slot, rule: str, message: str, **details) -> None:
    """Refuse an event whose component is gone (a tile or card taken before). Skipped in
    audit mode, it uses up its die all the same: the table resolved that die with something,
    so the dice after it resolve in order, and only this event is wrong. Where the replay
    stops there, the die stays the one expected next."""
    try:
        game.judge.breach(rule, message, skip=True, **details)
    except SkipEvent:
        advance(game, slot)
        raise


def handle_recruit(game: Game, event: dict) -> None:
    """A city die acquires a character from its row, paying the die's value."""
    state, judge = game.state, game.judge
    player = game.acting_player(event)
    card = game.component(game.catalog.characters, event["card"], "character", player.name)
    in_row = _row_showing(state.rows, card.id)
    location, slot = _acting_slot(game, player, event, (in_row,) if in_row else CITY_ROWS)
    if location == "castle":
        judge.breach("coimbra.city.row", "a castle die takes a favor, not a character",
                     player=player.name, skip=True)
    if in_row != location:
        where = f"it is in the {in_row} row" if in_row else _gone(game, card.id)
        message = (f"{game.catalog.label(card.id)} cannot be taken with a die in the "
                   f"{location}: {where}")
        offer = _on_offer(game, location)
        if in_row is None:
            _refuse_using_up(game, slot, "coimbra.city.row", message, player=player.name,
                             expected=offer, found=card.id)
        judge.breach("coimbra.city.row", message, player=player.name, expected=offer,
                     found=card.id)
    _pay_for(game, player, card, slot.value, event.get("pay"))
    row = state.rows[in_row]
    row[row.index(card.id)] = None
    player.characters.append(card.id)
    game.taken[card.id] = (player.name, game.event)
    game.change(player.name, card.cls, card.influence, f"influence of {card.id}", card.id)
    apply_immediate(game, player.name, card.id)
    on_acquire = game.catalog.on_acquire
    for start_id in player.start_cards:
        for effect in on_acquire.get(start_id, ()):
            if effect["class_"] == card.cls:
                game.gain(player.name, effect["gain"],
                          f"{start_id} triggered by acquiring a {card.cls} character", start_id)
    if state.crown_tokens.pop(card.id, None):
        player.crown_tokens += 1
        _crown_fate(game, card.id, f"taken by {player.name} at {judge.where(game.event)}")
    advance(game, slot)


def _row_showing(rows: dict[str, list[str | None]], card_id: str) -> str | None:
    """The city row where ``card_id`` is on display, if it is."""
    for row in CITY_ROWS:
        if card_id in rows.get(row, ()):
            return row
    return None


def _crown_fate(game: Game, card: str, fate: str) -> None:
    """Say in the report what became of the crown token on ``card`` this round."""
    for entry in reversed(game.crown_cards):
        if entry["card"] == card:
            entry["fate"] = fate
            return


def _gone(game: Game, card_id: str) -> str:
    """Why a character is not on display: who took it, or what discarded it, and where."""
    if card_id in game.taken:
        who, event = game.taken[card_id]
        return f"it is not on display: {who} took it at {game.judge.where(event)}"
    discard = next((d for d in reversed(game.discards) if d["card"] == card_id), None)
    if discard is not None:
        where = game.judge.where(discard["event"])
        if discard["reason"] == NEUTRAL_DISCARD:
            return f"it is not on display: a neutral token placed by the roll at {where} " \
                   "discarded it"
        return ("it is not on display: it was left in its row when the row finished, and "
                f"discarded at {where}")
    return "it is not on display (it was not dealt this round)"


def _on_offer(game: Game, location: str) -> str:
    """What a die in ``location`` could still take, in words."""
    cards = [game.catalog.label(c) for c in game.state.rows[location] if c]
    return ", ".join(cards) if cards else "nothing is left here: only distress"


def _pay_for(game: Game, player: Player, card, value: int, pay: dict | None) -> None:
    judge = game.judge
    if pay is not None and judge.allows("mixed-payment"):
        coins, guards = pay.get("coins", 0), pay.get("guards", 0)
        if coins + guards != value or coins > player.coins or guards > player.guards:
            judge.breach("coimbra.city.payment",
                         f"{card.id} costs {value}, paid from {player.coins} coins and "
                         f"{player.guards} guards", player=player.name, expected=value,
                         found=f"{coins} coins + {guards} guards")
        game.change(player.name, "coins", -coins, f"paid for {card.id}", card.id)
        game.change(player.name, "guards", -guards, f"paid for {card.id}", card.id)
        return
    held = getattr(player, card.cost)
    if pay is None and held < value and judge.allows("mixed-payment") \
            and player.coins + player.guards >= value:
        _assume_mix(game, player, card, value)
        return
    if pay is not None and (pay.get(card.cost, 0) != value
                            or any(v for k, v in pay.items() if k != card.cost)):
        judge.breach("coimbra.city.payment",
                     f"{card.id} is paid entirely in {card.cost}", player=player.name,
                     expected=f"{value} {card.cost}",
                     found=" + ".join(f"{amount} {kind}" for kind, amount in pay.items()),
                     legal_under="mixed-payment")
    if held < value:
        mixed_ok = player.coins + player.guards >= value
        judge.breach("coimbra.city.payment",
                     f"{game.catalog.label(card.id)} costs {value} {card.cost} but "
                     f"{player.name} has {held}", player=player.name,
                     expected=f"{value} {card.cost}", found=held,
                     legal_under="mixed-payment" if mixed_ok and not
                     judge.allows("mixed-payment") else None)
    game.change(player.name, card.cost, -value, f"paid for {card.id}", card.id)


def _assume_mix(game: Game, player: Player, card, value: int) -> None:
    """Mixed payment without ``pay``: legal, but the log does not say the mix (a recording
    problem, not a breach). The card's own resource is assumed spent first."""
    other = "guards" if card.cost == "coins" else "coins"
    own = getattr(player, card.cost)
    rest = value - own
    def amount(number: int, resource: str) -> str:
        return counted(number, resource.removesuffix("s"))  # "1 coin", "2 guards"
    game.warn(f"{player.name} paid {value} for {game.catalog.label(card.id)} with only "
              f"{amount(own, card.cost)}: the log does not say how the rest was paid (write "
              f"pay=coins:N,guards:N); assumed {amount(own, card.cost)} and "
              f"{amount(rest, other)}")
    game.change(player.name, card.cost, -own, f"paid for {card.id}", card.id)
    game.change(player.name, other, -rest, f"paid for {card.id} (mix assumed)", card.id)


def handle_distress(game: Game, event: dict) -> None:
    """Instead of the location's action: up to two coins and up to two guards."""
    player = game.acting_player(event)
    _, slot = _acting_slot(game, player, event)
    coins, guards = event.get("coins", DISTRESS_MAX), event.get("guards", DISTRESS_MAX)
    if not (0 <= coins <= DISTRESS_MAX and 0 <= guards <= DISTRESS_MAX):
        game.judge.breach("coimbra.distress.amount",
                          f"distress for {coins} coins and {guards} guards: at most two of each",
                          player=player.name, expected="0-2 coins, 0-2 guards",
                          found=f"{coins} coins, {guards} guards")
        # As played, within what distress can give at all.
        coins, guards = max(0, min(coins, DISTRESS_MAX)), max(0, min(guards, DISTRESS_MAX))
    game.change(player.name, "coins", coins, "distress action", "distress")
    game.change(player.name, "guards", guards, "distress action", "distress")
    advance(game, slot)
