"""The opponent's Scheme piles as the table saw them (R p.26, p.28, p.30).

Every Scheme is in one place: the draw pile, the Future pile, a space of its board, its
discard pile, or out of the game (removed by its board). The draw pile is face down and
shuffled, so its order is what the flips reveal: any card it holds can be on top. Its turn
shifts the
cards on its board right (the right-most onto the face-up discard pile) before it flips the
top Scheme: when the draw pile is empty the discards, the card just dropped among them, are
shuffled into a new draw pile while its board holds 2 cards (p.28: "this is intended").
Future Schemes gained go face up onto the discard pile; those the difficulty setting
shuffled into the draw pile are not known until flipped. A flip or a gain naming a card
that cannot be on top of its pile is refused, with where that card is.
"""

from __future__ import annotations

from replay.core.speech import say
from replay.core.words import counted
from replay.viscounts.solo.words import either
from replay.viscounts.turn import start_turn
from replay.viscounts.words import BOARD_SPACE_WORDS


def scheme(table, event: dict) -> None:
    """The ``scheme`` event: its turn's flip (the cards shifted first, unless a shuffle did)."""
    solo, catalog = table.solo, table.catalog
    player = table.acting(event)
    _begin_turn(table, player)
    card = event["card"]
    table.known(card, catalog.schemes, "Scheme card", player.name)
    if not solo.draw_size:
        table.breach("viscounts.solo.ai.reshuffle", say("the opponent's Scheme draw pile is "
                         "empty: its discards are shuffled first"), player=player.name,
                     expected="shuffle", found="scheme", skip=True)
    if card not in solo.draw_tops():
        _refuse_flip(table, card)
    if solo.draw[card]:
        solo.draw[card] -= 1
    else:
        solo.future[card] -= 1
        solo.future_in_draw -= 1
    solo.draw_size -= 1
    table.touch(card)
    solo.cards[0] = card
    solo.shifted = False
    table.state.played = card
    solo.rows, solo.step, solo.in_turn = list(catalog.schemes[card].rows), None, True
    solo.dismissed = None


def _begin_turn(table, player) -> None:
    """Its turn starts: the cards on its board shift right, the right-most to its discards."""
    solo = table.solo
    if solo.shifted:
        return
    start_turn(table, player)
    dropped = solo.cards[-1]
    solo.cards = [None, *solo.cards[:-1]]
    if dropped:
        solo.discard.append(dropped)
    solo.shifted = True


def _refuse_flip(table, card: str) -> None:
    """A flip of a Scheme that cannot be on top of the draw pile, with where it is."""
    solo = table.solo
    rule, where = _where(table, card)
    tops = sorted(set(solo.draw_tops()))
    table.breach(rule, say("Scheme {card} cannot be on top of the opponent's Scheme draw pile: "
                           "{where}; its top is one of {either}",
                           card=card, where=where, either=either(tops)), player=solo.name,
                 expected=either(tops), found=card, skip=True)


def _where(table, card: str, flipped: bool = True) -> tuple[str, str]:
    """Where a Scheme that is not on top of the pile looked at is, and the rule that says
    so: on the opponent's board, in its discard pile, in the Future pile or out of the game."""
    solo = table.solo
    if card in solo.board.schemes_removed:
        return ("viscounts.solo.setup.schemes",
                say("its AI board removed it from the game at setup"))
    if card in solo.cards:
        space = BOARD_SPACE_WORDS[solo.cards.index(card)]
        return ("viscounts.log.hidden_location",
                say("it is on the opponent's board, in the {space} space", space=space))
    if card in solo.discard:
        cards = counted(len(solo.discard), "card")
        return ("viscounts.log.hidden_location",
                say("it is in the opponent's discard pile ({cards}), shuffled back only when "
                    "the draw pile is empty", cards=cards) if flipped else
                say("it is in the opponent's discard pile ({cards})", cards=cards))
    if solo.future[card]:
        return ("viscounts.solo.setup.schemes",
                say("it is in the Future Scheme pile: a Future Scheme enters the draw pile when "
                    "gained, or shuffled in by the difficulty setting"))
    return "viscounts.log.hidden_location", say("it is in the draw pile, not the Future pile")


def shuffle(table, event: dict) -> None:
    """The ``shuffle`` event: with the draw pile empty, its turn's cards shift, then its
    discards (the card just dropped among them) become the new draw pile."""
    solo = table.solo
    dropped = [] if solo.shifted or not solo.cards[-1] else [solo.cards[-1]]
    discards = len(solo.discard) + len(dropped)
    if solo.draw_size or not discards:
        table.breach("viscounts.solo.ai.reshuffle",
                     say("the opponent's discards are shuffled only when its Scheme draw pile is "
                         "empty (it holds {cards}; {discards} discarded)",
                         cards=counted(solo.draw_size, 'card'), discards=discards),
                     player=solo.name, found="shuffle", skip=True)
    _begin_turn(table, table.acting(event))
    solo.draw.update(solo.discard)
    solo.draw_size += len(solo.discard)
    solo.discard.clear()


def gain_card(table, event: dict) -> None:
    """The ``gain_card`` event: the top Future Scheme, face up onto its discard pile."""
    solo, state = table.solo, table.state
    index = next((i for i, d in enumerate(state.pending)
                  if d.player == solo.name and d.kind == "gain_card"), None)
    if index is None:
        table.breach("viscounts.solo.ai.gain_card", say("no effect gives the opponent a card "
                         "now"), player=solo.name, found=event["card"], skip=True)
    card = event["card"]
    if card not in table.catalog.schemes:
        table.breach("viscounts.solo.ai.gain_card",
                     say("a gain-card icon gives the opponent the top Future Scheme, never "
                         "{card}: it uses no Townsfolk",
                         card=table.name(card)),
                     player=solo.name, expected=say("a Future Scheme"), found=card,
                     skip=True)
    tops = sorted(set(solo.future_tops()))
    if card not in tops:
        rule, where = _where(table, card, flipped=False)
        table.breach(rule, say("Scheme {card} cannot be on top of the Future Scheme pile: "
                               "{where}; its top is one of {either}",
                               card=card, where=where, either=either(tops)),
                     player=solo.name, expected=either(tops), found=card, skip=True)
    del state.pending[index]
    solo.future[card] -= 1
    solo.discard.append(card)
    table.touch(card)
