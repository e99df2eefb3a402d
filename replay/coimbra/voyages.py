"""Phase F: in the new order, each player may invest in voyages."""

from __future__ import annotations

from replay.coimbra.effects import apply_immediate, voyage_discount
from replay.coimbra.game import Game
from replay.coimbra.state import Player


def _times(number: int) -> str:
    return {1: "once", 2: "twice"}.get(number, f"{number} times")


def _take_turn(game: Game, player: Player) -> int:
    """Move the turn to ``player``; earlier players have passed, later ones must wait.
    Return the player's place in the order."""
    state = game.state
    position = state.order.index(player.name)
    if position < state.cursor:
        now = (f"it is {state.acting_in_turn()}'s turn" if state.cursor < len(state.order)
               else "every player has had their turn")
        game.judge.breach("coimbra.voyage.turn",
                          f"{player.name}'s investment turn has passed; {now}",
                          player=player.name, found=player.name)
    else:
        state.cursor = position
    return position


def handle_pass(game: Game, event: dict) -> None:
    """The player invests no more this round."""
    position = _take_turn(game, game.acting_player(event))
    if game.state.cursor <= position:
        game.state.cursor = position + 1


def handle_invest(game: Game, event: dict) -> None:
    """Invest in a displayed voyage, paying its cost less any held favor discount."""
    state, judge, catalog = game.state, game.judge, game.catalog
    player = game.acting_player(event)
    _take_turn(game, player)
    voyage = game.component(catalog.voyages, event["voyage"], "voyage", player.name)
    if voyage.id not in state.voyages:
        judge.breach("coimbra.voyage.display", f"{voyage.id} is not one of the revealed voyages",
                     player=player.name, expected=", ".join(state.voyages), found=voyage.id,
                     skip=True)
    if voyage.id in player.voyages:
        judge.breach("coimbra.voyage.once", f"{player.name} has already invested in {voyage.id}",
                     player=player.name, found=voyage.id, skip=True)
    if player.invested_this_round >= player.investments:
        judge.breach("coimbra.voyage.limit",
                     f"{player.name} may invest {_times(player.investments)} this round",
                     player=player.name, expected=player.investments,
                     found=player.invested_this_round + 1)
    discount = voyage_discount(catalog, player)
    cost = max(0, voyage.cost - discount)
    held = getattr(player, voyage.currency)
    if held < cost:
        judge.breach("coimbra.voyage.payment",
                     f"{catalog.label(voyage.id)} costs {cost} {voyage.currency}"
                     + (f" ({voyage.cost} less {discount} favor discount)" if discount else "")
                     + f" but {player.name} has {held}",
                     player=player.name, expected=cost, found=held)
    why = f"invested in {voyage.id}" + (f" ({discount} favor discount)" if discount else "")
    game.change(player.name, voyage.currency, -cost, why, voyage.id)
    player.invested_this_round += 1
    player.voyages.append(voyage.id)
    apply_immediate(game, player.name, voyage.id)


def end_round(game: Game) -> None:
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
    state.phase = "deal"
