"""Phase F: in the new order, each player may invest in voyages."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

from replay.coimbra.effects import apply_immediate, voyage_discount
from replay.coimbra.state import RESOURCE_NAMES, Player
from replay.coimbra.table import Table
from replay.core.protocol.actions import Refusal
from replay.core.speech import say


def _times(number: int) -> str:
    if number == 1:
        return say("once")
    return say("twice") if number == 2 else say("{number} times", number=number)


def _turn_refusal(game: Table, name: str) -> Iterator[Refusal]:
    """Refused when the player's investment turn has passed (earlier players have passed,
    later ones must wait: a later player's investment or pass ends the earlier turns)."""
    state = game.state
    if state.order.index(name) < state.cursor:
        now = (say("it is {player}'s turn", player=state.acting_in_turn())
               if state.cursor < len(state.order) else say("every player has had their turn"))
        yield Refusal("coimbra.voyage.turn",
                      say("{player}'s investment turn has passed; {now}", player=name, now=now),
                      player=name, found=name)


def _take_turn(game: Table, name: str) -> int:
    """Move the turn to the player, unless it has passed; their place in the order."""
    state = game.state
    position = state.order.index(name)
    if position >= state.cursor:
        state.cursor = position
    return position


def pass_refusals(game: Table, event: dict) -> Iterator[Refusal]:
    """A pass by a player of the game whose turn has not passed."""
    if event["player"] not in game.state.players:
        yield game.unknown_player(event)
    yield from _turn_refusal(game, event["player"])


def apply_pass(game: Table, event: dict) -> None:
    """The player invests no more this round."""
    position = _take_turn(game, event["player"])
    if game.state.cursor <= position:
        game.state.cursor = position + 1


def pass_candidates(game: Table) -> Iterator[dict]:
    """A pass by the acting player or any player after them."""
    for name in game.state.order[game.state.cursor:]:
        yield {"type": "pass", "player": name}


def voyage_cost(game: Table, player: Player, voyage) -> tuple[int, int]:
    """What investing in ``voyage`` costs the player now, and the favor discount in it."""
    discount = voyage_discount(game, player)
    game.touch_all((f"{voyage.id}.cost", f"{voyage.id}.currency"))
    return max(0, voyage.cost - discount), discount


def invest_refusals(game: Table, event: dict) -> Iterator[Refusal]:
    """The rules an investment breaks: turn, display, once per voyage, limit, payment."""
    state, catalog = game.state, game.catalog
    if event["player"] not in game.state.players:
        yield game.unknown_player(event)
    player = state.players[event["player"]]
    yield from _turn_refusal(game, player.name)
    # An investment the table cannot make still moves the turn to its player.
    def turn_taken(table: Table) -> None:
        _take_turn(table, player.name)
    if event["voyage"] not in catalog.voyages:
        yield replace(game.unknown_component(catalog.voyages, event["voyage"], "voyage",
                                             player.name), moved_on=turn_taken)
    voyage = catalog.voyages[event["voyage"]]
    yield from _offer_refusals(game, player, voyage, skip=True, moved_on=turn_taken)
    if player.invested_this_round >= player.investments:
        yield Refusal("coimbra.voyage.limit",
                      say("{player} may invest {times} this round", player=player.name,
                          times=_times(player.investments)),
                      player=player.name, expected=player.investments,
                      found=player.invested_this_round + 1)
    yield from payment_refusals(game, player, voyage)


def _offer_refusals(game: Table, player: Player, voyage, skip: bool,
                    moved_on=None) -> Iterator[Refusal]:
    """A voyage is invested in from the display, once per player."""
    state = game.state
    if voyage.id not in state.voyages:
        yield Refusal("coimbra.voyage.display",
                      say("{voyage} is not one of the revealed voyages", voyage=voyage.id),
                      player=player.name,
                      expected=", ".join(state.voyages), found=voyage.id, skip=skip,
                      moved_on=moved_on)
    if voyage.id in player.voyages:
        yield Refusal("coimbra.voyage.once",
                      say("{player} has already invested in {voyage}", player=player.name,
                          voyage=voyage.id),
                      player=player.name, found=voyage.id, skip=skip, moved_on=moved_on)


def payment_refusals(game: Table, player: Player, voyage) -> Iterator[Refusal]:
    """A voyage costs its printed coins or guards less the held favor discount."""
    catalog = game.catalog
    cost, discount = voyage_cost(game, player, voyage)
    held = getattr(player, voyage.currency)
    if held < cost:
        resource = RESOURCE_NAMES.get(voyage.currency, voyage.currency)
        yield Refusal("coimbra.voyage.payment",
                      (say("{voyage} costs {cost} {resource} ({price} less {discount} favor "
                           "discount) but {player} has {held}", voyage=catalog.label(voyage.id),
                           cost=cost, resource=resource, price=voyage.cost, discount=discount,
                           player=player.name, held=held)
                       if discount else
                       say("{voyage} costs {cost} {resource} but {player} has {held}",
                           voyage=catalog.label(voyage.id), cost=cost, resource=resource,
                           player=player.name, held=held)),
                      player=player.name, expected=cost, found=held)


def apply_invest(game: Table, event: dict) -> None:
    """Invest in a displayed voyage, paying its cost less any held favor discount."""
    player = game.state.players[event["player"]]
    voyage = game.catalog.voyages[event["voyage"]]
    _take_turn(game, player.name)
    cost, discount = voyage_cost(game, player, voyage)
    why = (say("invested in {voyage} ({discount} favor discount)", voyage=voyage.id,
               discount=discount) if discount else say("invested in {voyage}", voyage=voyage.id))
    player.invested_this_round += 1
    invest(game, player, voyage, cost, why)


def favor_voyage_refusals(game: Table, player: Player, voyage_id: str) -> Iterator[Refusal]:
    """An investment at once with a favor: a revealed voyage, once per player, paid at the
    favor's discount (the event applied all the same, the investment left out when it cannot
    be made)."""
    catalog = game.catalog
    if voyage_id not in catalog.voyages:
        yield replace(game.unknown_component(catalog.voyages, voyage_id, "voyage", player.name),
                      skip=False)
        return
    voyage = catalog.voyages[voyage_id]
    yield from _offer_refusals(game, player, voyage, skip=False)
    yield from payment_refusals(game, player, voyage)


def can_invest(game: Table, player: Player, voyage_id: str) -> bool:
    """Whether the player can put a disk on this voyage at all (revealed, not theirs yet)."""
    return voyage_id in game.state.voyages and voyage_id not in player.voyages


def invest_at_once(game: Table, player: Player, voyage_id: str, favor: str) -> None:
    """The investment a favor allows at once, at its discount (under ``favor-voyage-counts``
    it is the round's investment)."""
    voyage = game.catalog.voyages[voyage_id]
    cost, discount = voyage_cost(game, player, voyage)
    if game.judge.allows("favor-voyage-counts"):
        player.invested_this_round += 1
    invest(game, player, voyage, cost,
           say("invested in {voyage} at once with {favor} ({discount} favor discount)",
               voyage=voyage.id, favor=favor, discount=discount))


def invest(game: Table, player: Player, voyage, cost: int, why) -> None:
    """Pay for a voyage and put the player's disk on it."""
    game.change(player.name, voyage.currency, -cost, why, voyage.id)
    player.voyages.append(voyage.id)
    apply_immediate(game, player.name, voyage.id)


def invest_candidates(game: Table) -> Iterator[dict]:
    """An investment in each revealed voyage by the acting player or any player after them."""
    state = game.state
    for name in state.order[state.cursor:]:
        for voyage in state.voyages:
            yield {"type": "invest", "player": name, "voyage": voyage}


def end_round(game: Table) -> None:
    """Round clean-up: favors return, crown tokens and dice are cleared."""
    state = game.state
    for player in state.players.values():
        player.favors.clear()
        player.crown_tokens = 0
        player.dice.clear()
        player.income_used.clear()
        player.investments = 1
        player.invested_this_round = 0
    state.rows = {}
    state.queues = {}
    state.crown_tokens = {}
