"""A player's cards under hidden information: hand, draw pile, discard pile, board.

The engine never knows the order of a draw pile, only its contents: ``hidden`` holds the
cards that are either in the draw pile or unnamed in hand. A card the log names must be able
to be where the log says; otherwise the event is refused with a message saying where the
card is known to be.
"""

from __future__ import annotations

from collections.abc import Iterator

from replay.core.protocol.actions import Refusal
from replay.core.speech import say
from replay.viscounts.state import Player
from replay.viscounts.table import Table
from replay.viscounts.words import DOING_WORDS, word

UNKNOWN = "?"
# The rule a card taken from an empty draw pile breaks, by what is done with it: the Discard
# and Destroy icons say the player may shuffle first (p.32); otherwise it is the log's order.
EMPTY_DECK_RULES = {"discard": "viscounts.effect.discard", "destroy": "viscounts.effect.destroy"}


def where(table: Table, card: str, owner: str | None = None) -> str:
    """Where a card is known to be, in words (for messages). A starting card exists once per
    player, so for ``owner``'s starting card only that player's copy is looked for."""
    players = table.state.players.items()
    if owner is not None and table.catalog.townsfolk[card].per_player:
        players = [(owner, table.state.players[owner])]
    for name, player in players:
        if card in player.board:
            return say("on {name}'s board", name=name)
        if card in player.discard:
            return say("in {name}'s discard pile", name=name)
        if player.hand[card]:
            return say("in {name}'s hand", name=name)
        if player.hidden[card]:
            return (say("in {name}'s draw pile or hand", name=name) if player.hand_unknown
                    else say("in {name}'s draw pile", name=name))
    for side, pile in table.state.townsfolk.items():
        if pile.top == card:
            return say("on top of the Townsfolk pile of {side}", side=side)
    if table.state.unseen_townsfolk[card]:
        return say("in a Townsfolk pile")
    return say("out of the game")


def can_take(player: Player, card: str, deck: bool) -> bool:
    """Whether ``card`` may be where it is taken from: the hand (named, or among the
    unnamed cards), or the draw pile."""
    if deck:
        return bool(player.draw_count and player.hidden[card])
    return bool(player.hand[card] or (player.hand_unknown and player.hidden[card]))


def taking_refusals(table: Table, player: Player, card: str, doing: str,
                    deck: bool) -> Iterator[Refusal]:
    """Why ``card`` cannot be taken from the hand (or the draw pile, ``deck``) to ``doing``
    it: each refusal skips the event."""
    if can_take(player, card, deck):
        return
    # Only catalog cards are ever in a hand or a draw pile: an unknown id is refused first.
    unknown = table.unknown(card, table.catalog.townsfolk, "Townsfolk card", player.name)
    if unknown is not None:
        yield unknown
        return
    if not deck:
        yield Refusal("viscounts.log.hidden_location",
                      say("{player} cannot {doing} {card} from hand: it is {where}",
                          player=player.name, doing=word(DOING_WORDS, doing), card=table.name(card),
                          where=where(table, card, player.name)),
                      player=player.name, found=card, skip=True)
    elif not player.draw_count:
        yield Refusal(EMPTY_DECK_RULES.get(doing, "viscounts.log.empty_draw"),
                      say("{player} cannot {doing} {card} from the draw pile: it is empty "
                          "(shuffle the discards first)",
                          player=player.name, doing=word(DOING_WORDS, doing),
                          card=table.name(card)),
                      player=player.name,
                      found=card, skip=True)
    else:
        yield Refusal("viscounts.log.hidden_location",
                      say("{card} cannot be in {player}'s draw pile: it is {where}",
                          card=table.name(card), player=player.name,
                          where=where(table, card, player.name)),
                      player=player.name, found=card, skip=True)


def take_out(player: Player, card: str, deck: bool) -> None:
    """Take a card the player may hold out of the hand (a named one first, else an unnamed
    one) or off the draw pile."""
    if deck:
        player.hidden[card] -= 1
        player.draw_count -= 1
    elif player.hand[card]:
        player.hand[card] -= 1
    else:
        player.hidden[card] -= 1
        player.hand_unknown -= 1


def draw(player: Player, card: str) -> None:
    """Draw one card, named or unknown, from the draw pile into the hand (one it can give)."""
    player.draw_count -= 1
    if card == UNKNOWN:
        player.hand_unknown += 1
        return
    player.hidden[card] -= 1
    player.hand[card] = player.hand.get(card, 0) + 1


def draw_refusal(table: Table, player: Player, card: str) -> Refusal:
    """Why ``card`` cannot be drawn: no card left to draw, a shuffle missing, or a card that
    cannot be on top of the draw pile (each skips the event)."""
    if not player.draw_count and not player.discard:
        return Refusal("viscounts.draw.exhausted",
                       say("{player}'s draw and discard piles are both empty: drawing stops",
                           player=player.name), player=player.name, found=card, skip=True)
    if not player.draw_count:
        return Refusal("viscounts.log.empty_draw",
                       say("{player} draws from an empty draw pile: a shuffle of the {number} "
                           "discarded cards must come first",
                           player=player.name, number=len(player.discard)),
                       player=player.name, found=card, skip=True)
    return next(taking_refusals(table, player, card, "draw", deck=True))


def hand_options(player: Player) -> list[str]:
    """The cards the player could hold in hand (named ones, and any unnamed possibility)."""
    cards = {c for c, n in player.hand.items() if n}
    if player.hand_unknown:
        cards |= {c for c, n in player.hidden.items() if n}
    return sorted(cards)


def deck_options(player: Player) -> list[str]:
    """The cards that could be on top of the draw pile."""
    if not player.draw_count:
        return []
    return sorted(c for c, n in player.hidden.items() if n)
