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

from collections.abc import Iterator

from replay.core.protocol.actions import Refusal
from replay.core.speech import say
from replay.core.words import counted
from replay.viscounts.solo.words import either
from replay.viscounts.turn import start_turn
from replay.viscounts.words import BOARD_SPACE_WORDS


def scheme_step(table, event: dict) -> None:
    """The ``scheme`` event moves its turn on: the turn begins and the cards on its board
    shift, unless a shuffle did both."""
    _begin_turn(table, table.acting(event))


def scheme_refusals(table, event: dict) -> Iterator[Refusal]:
    """Its turn's flip: a Scheme of the catalog, from a draw pile that holds cards, one
    that can be on top of it (each refusal skips the flip; the turn begun stays begun)."""
    solo, card = table.solo, event["card"]
    unknown = table.unknown(card, table.catalog.schemes, "Scheme card", solo.name)
    if unknown is not None:
        yield unknown
        return
    if not solo.draw_size:
        yield Refusal("viscounts.solo.ai.reshuffle", say("the opponent's Scheme draw pile is "
                                                          "empty: its discards are shuffled "
                                                          "first"),
                      player=solo.name, expected="shuffle", found="scheme", skip=True)
        return
    if card not in solo.draw_tops():
        yield _flip_refusal(table, card)


def apply_scheme(table, event: dict) -> None:
    """The flip: the top Scheme onto the left space of its board, its rows to resolve."""
    solo, card = table.solo, event["card"]
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
    solo.rows, solo.step, solo.in_turn = list(table.catalog.schemes[card].rows), None, True
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


def _flip_refusal(table, card: str) -> Refusal:
    """A flip of a Scheme that cannot be on top of the draw pile, with where it is."""
    solo = table.solo
    rule, where = _where(table, card)
    tops = sorted(set(solo.draw_tops()))
    return Refusal(rule, say("Scheme {card} cannot be on top of the opponent's Scheme draw pile: "
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


def shuffle_step(table, event: dict) -> None:
    """The ``shuffle`` event moves its turn on as a flip does (``scheme_step``); a shuffle
    refused moves nothing."""
    if _reshuffle_refusal(table) is None:
        _begin_turn(table, table.acting(event))


def shuffle_refusals(table, event: dict) -> Iterator[Refusal]:
    """Its discards are shuffled only when the draw pile is empty, and there are some."""
    refusal = _reshuffle_refusal(table)
    if refusal is not None:
        yield refusal


def _reshuffle_refusal(table) -> Refusal | None:
    """The refusal of a shuffle now (None when the draw pile is empty and there are
    discards, the card its turn drops counted whether or not its cards have shifted)."""
    solo = table.solo
    dropped = [] if solo.shifted or not solo.cards[-1] else [solo.cards[-1]]
    discards = len(solo.discard) + len(dropped)
    if not solo.draw_size and discards:
        return None
    return Refusal("viscounts.solo.ai.reshuffle",
                   say("the opponent's discards are shuffled only when its Scheme draw pile is "
                       "empty (it holds {cards}; {discards} discarded)",
                       cards=counted(solo.draw_size, 'card'), discards=discards),
                   player=solo.name, found="shuffle", skip=True)


def apply_shuffle(table, event: dict) -> None:
    """With the draw pile empty, its turn's cards shifted, its discards (the card just
    dropped among them) become the new draw pile."""
    solo = table.solo
    solo.draw.update(solo.discard)
    solo.draw_size += len(solo.discard)
    solo.discard.clear()


def gain_card_refusals(table, event: dict) -> Iterator[Refusal]:
    """A gain-card icon gives the opponent the top Future Scheme: an effect must give it one
    now, and the card must be a Scheme that can be on top of the Future pile."""
    solo, card = table.solo, event["card"]
    if _gain_waiting(table) is None:
        yield Refusal("viscounts.solo.ai.gain_card", say("no effect gives the opponent a card "
                                                         "now"),
                      player=solo.name, found=card, skip=True)
        return
    if card not in table.catalog.schemes:
        yield Refusal("viscounts.solo.ai.gain_card",
                      say("a gain-card icon gives the opponent the top Future Scheme, never "
                          "{card}: it uses no Townsfolk",
                          card=table.name(card)),
                      player=solo.name, expected=say("a Future Scheme"), found=card,
                      skip=True)
        return
    tops = sorted(set(solo.future_tops()))
    if card not in tops:
        rule, where = _where(table, card, flipped=False)
        yield Refusal(rule, say("Scheme {card} cannot be on top of the Future Scheme pile: "
                                "{where}; its top is one of {either}",
                                card=card, where=where, either=either(tops)),
                      player=solo.name, expected=either(tops), found=card, skip=True)


def apply_gain_card(table, event: dict) -> None:
    """The ``gain_card`` event: the top Future Scheme, face up onto its discard pile."""
    solo, card = table.solo, event["card"]
    del table.state.pending[_gain_waiting(table)]
    solo.future[card] -= 1
    solo.discard.append(card)
    table.touch(card)


def _gain_waiting(table) -> int | None:
    """Where the opponent's card gain waits among the choices (None: none waits)."""
    return next((i for i, d in enumerate(table.state.pending)
                 if d.player == table.solo.name and d.kind == "gain_card"), None)
