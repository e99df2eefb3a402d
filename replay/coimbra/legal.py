"""What the players could legally write next at the current point of a game.

The offers follow the judge under the variants the log declares (``mixed-payment`` adds the
mixed payments, ``two-way-roads`` the roads back); a test replays every offer in strict mode
and checks that every move of the legal fixtures was offered.
"""

from __future__ import annotations

from replay.coimbra.events import EVENT_SPECS
from replay.coimbra.game import Game
from replay.core.actions import legal_candidates

DISTRESS_CHOICES = [(c, g) for c in range(3) for g in range(3)]
VOYAGE_KINDS = (EVENT_SPECS["invest"], EVENT_SPECS["pass"])


def acting_player(game: Game) -> str | None:
    """Who decides next; None when the table's next step is chance (setup, deal, roll)."""
    state = game.state
    if state.phase == "start":
        return state.start_turns[0]
    if state.phase == "B":
        return state.drafting()
    if state.phase == "C":
        return state.next_slot()[1].owner
    if state.phase in ("E", "F") and state.cursor < len(state.order):
        return state.acting_in_turn()
    return None


def legal_actions(game: Game) -> list[dict]:
    """Every event the players may write next: pilgrim moves first, when steps wait, then the
    acting player's choices (in phase F also those of the players after them, whose
    investment or pass ends the earlier players' turns)."""
    state = game.state
    actions = legal_candidates((EVENT_SPECS["move"],), game)
    name = acting_player(game)
    if name is None:
        return actions
    if state.phase == "start":
        actions += legal_candidates((EVENT_SPECS["start"],), game)
    elif state.phase == "B":
        actions += legal_candidates((EVENT_SPECS["place"],), game)
    elif state.phase == "C":
        actions += _resolution_actions(game, name)
    elif state.phase == "E":
        actions += legal_candidates((EVENT_SPECS["income"],), game)
    elif state.phase == "F":
        # Player by player in the order, each one's investments before their pass.
        offered = legal_candidates(VOYAGE_KINDS, game)
        actions += sorted(offered, key=lambda action: state.order.index(action["player"]))
    return actions


def _resolution_actions(game: Game, name: str) -> list[dict]:
    state = game.state
    location, slot = state.next_slot()
    player = state.players[name]
    actions = [{"type": "distress", "player": name, "coins": c, "guards": g}
               for c, g in DISTRESS_CHOICES]
    if location == "castle":
        actions += [{"type": "favor", "player": name, "tile": tile}
                    for tile in state.favors_available]
    else:
        mixed = game.judge.allows("mixed-payment")
        for card_id in state.rows.get(location, ()):
            if card_id:
                actions += _recruits(game, player, card_id, slot.value, mixed)
    return actions


def _recruits(game: Game, player, card_id: str, value: int, mixed: bool) -> list[dict]:
    """Recruiting a character for ``value``: in its printed resource, and under
    ``mixed-payment`` every other split of coins and guards the player can pay."""
    cost = game.catalog.characters[card_id].cost
    recruit = {"type": "recruit", "player": player.name, "card": card_id}
    offers = [recruit] if getattr(player, cost) >= value else []
    if mixed:
        for coins in range(value + 1):
            pay = {"coins": coins, "guards": value - coins}
            if pay[cost] != value and coins <= player.coins and value - coins <= player.guards:
                offers.append({**recruit, "pay": {k: v for k, v in pay.items() if v}})
    return offers
