"""Choices about Townsfolk cards: discard, destroy, rearrange the board, a free hire."""

from __future__ import annotations

from itertools import permutations

from replay.core.protocol.actions import Refusal
from replay.core.speech import say
from replay.viscounts.cards import hand_options, take_out, taking_refusals
from replay.viscounts.choices.kind import ChoiceKind
from replay.viscounts.effects import resolve
from replay.viscounts.recruit import gain_card

TAKEN = {"card": ("str", True), "from": ("hand_or_deck", False)}


def _deck(event) -> bool:
    return event.get("from", "hand") == "deck"


def _from_hand(table, player, decision):
    return ({"card": card, "from": "hand"} for card in hand_options(player))


def _discard_refusals(table, player, decision, event):
    yield from taking_refusals(table, player, event["card"], "discard", _deck(event))


def _discard(table, player, decision, event):
    take_out(player, event["card"], _deck(event))
    player.discard.append(event["card"])
    if "then" in decision.data:
        resolve(table, player.name, decision.data["then"], decision.source)


def _destroy_refusals(table, player, decision, event):
    floor = table.catalog.player_board.minimum_cards
    if player.owned_cards() <= floor:
        yield Refusal("viscounts.effect.destroy_floor",
                      say("{player} owns {owned_cards} cards and cannot go below {floor}",
                          player=player.name, owned_cards=player.owned_cards(), floor=floor),
                      player=player.name, found=event["card"], skip=True)
        return
    yield from taking_refusals(table, player, event["card"], "destroy", _deck(event))


def _destroy(table, player, decision, event):
    card = event["card"]
    take_out(player, card, _deck(event))
    table.change(player.name, "silver", table.catalog.townsfolk[card].cost,
                 say("destroys {card}", card=table.name(card)), card)


def _on_board(player) -> list[str]:
    return [card for card in player.board if card]


def _rearrange_refusals(table, player, decision, event):
    cards, on_board = event["cards"], _on_board(player)
    if sorted(cards) != sorted(on_board):
        yield Refusal("viscounts.effect.rearrange",
                      say("a rearrangement reorders the cards on {player}'s board ({items})",
                          player=player.name, items=', '.join(map(table.name, on_board))),
                      player=player.name, found=", ".join(cards), skip=True)


def _rearrange(table, player, decision, event):
    filled = iter(event["cards"])
    player.board = [next(filled) if card else None for card in player.board]


def _rearrangements(table, player, decision):
    # The order as it stands is no rearrangement worth offering.
    return ({"cards": list(order)} for order in list(permutations(_on_board(player)))[1:])


def _free_hire_refusals(table, player, decision, event):
    side = event["pile"]
    pile = table.state.townsfolk.get(side)
    if pile is None or not pile.top or pile.top != event["card"]:
        yield Refusal("viscounts.recruit.free_hire",
                      say("{card} is not the visible top of a Townsfolk pile at {side}",
                          card=table.name(event['card']), side=side), player=player.name,
                      found=event["card"], skip=True)


def _free_hire(table, player, decision, event):
    gain_card(table, player, event["pile"])


def _shown_tops(table, player, decision):
    return ({"pile": side, "card": pile.top} for side, pile in table.state.townsfolk.items()
            if pile.top)


KINDS = (
    ChoiceKind("discard", TAKEN, ("card",), _discard_refusals, _discard, _from_hand),
    ChoiceKind("destroy", TAKEN, ("card",), _destroy_refusals, _destroy, _from_hand),
    ChoiceKind("rearrange", {"cards": ("strs", True)}, ("cards",), _rearrange_refusals,
               _rearrange, _rearrangements),
    ChoiceKind("free_hire", {"pile": ("str", True), "card": ("str", True)},
               ("pile", "card"), _free_hire_refusals, _free_hire, _shown_tops,
               possible=lambda table, player, decision: any(
                   pile.top for pile in table.state.townsfolk.values()),
               lost=say("no Townsfolk pile shows a card")),
)
