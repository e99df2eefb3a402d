"""Coimbra's turn structure as one table: each phase, when it is over, how it ends, what
follows; ``replay.core.protocol.flow`` drives it.

A round is deal, A (roll), B (draft and place), C (resolve dice), D+E (order and income),
F (voyages); four rounds follow the setup and the start choices. A phase with nothing left
to do ends after the event that finished it. An event from a later phase ends the phases in
between that can end early: an order fault, except for phases E and F, whose players may
stop at any time (income left untaken is flagged as such); a phase that cannot end early
(setup, the deal, the roll: chance would be missing) makes the event out of place.
"""

from __future__ import annotations

from replay.coimbra.drafting import placed
from replay.coimbra.income import close_income, income_done
from replay.coimbra.resolution import begin_resolution, end_resolution, resolved
from replay.coimbra.state import LOCATION_NAMES, ROUNDS
from replay.coimbra.voyages import end_round
from replay.core.protocol.flow import Phase
from replay.core.speech import say


def _close_start(game) -> None:
    game.state.start_turns.clear()


def _first_in_order(game) -> None:
    game.state.cursor = 0


def _after_voyages(game) -> str | None:
    return "deal" if game.state.round < ROUNDS else None


def _expected_start(game) -> str:
    turns = game.state.start_turns
    return say("start by {player}", player=turns[0]) if turns else say("deal")


def _expected_place(game) -> str:
    return say("place by {player}", player=game.state.drafting())


def _expected_resolution(game) -> str:
    for player in game.state.choosing:  # a favor tile's choice of rewards comes first
        return say("choose by {player}", player=player)
    nxt = game.state.next_slot()
    if nxt is None:
        return say("income")
    location, slot = nxt
    action = say("favor or distress") if location == "castle" else say("recruit or distress")
    return say("{action} by {player} with {die} in the {location}", action=action,
               player=slot.owner, die=slot.die, location=LOCATION_NAMES[location])


def _expected_voyages(game) -> str:
    return (say("invest, pass, or the next round's deal") if game.state.round < ROUNDS
            else say("invest, pass, or the end of the log"))


PHASES: dict[str, Phase] = {phase.name: phase for phase in (
    Phase("setup", say("setup"), "setup", ("setup",), expected=lambda g: say("setup"), next="start",
          finished=lambda g: bool(g.state.start_turns)),  # the setup laid out
    Phase("start", say("the start choices"), "start", ("start",), close=_close_start,
          expected=_expected_start, next="deal",
          finished=lambda g: not g.state.start_turns, early=True),
    Phase("deal", say("the deal of a new round"), "A", ("A",), expected=lambda g: say("deal"),
          next="A",
          finished=lambda g: bool(g.state.rows)),
    Phase("A", say("phase A (roll)"), "A", ("A",), expected=lambda g: say("roll"), next="B",
          finished=lambda g: bool(g.state.queues)),
    Phase("B", say("phase B (draft and place)"), "B", ("B",), expected=_expected_place, next="C",
          finished=placed, early=True),
    Phase("C", say("phase C (resolve dice)"), "C", ("C",), begin=begin_resolution,
          finished=resolved, close=end_resolution, expected=_expected_resolution, next="E",
          early=True),
    Phase("E", say("phase E (income)"), "E", ("D", "E"), finished=income_done, close=close_income,
          expected=lambda g: say("income by {player}", player=g.state.acting_in_turn()), next="F",
          early=True,
          yields=True),
    Phase("F", say("phase F (voyages)"), "F", ("F",), begin=_first_in_order, close=end_round,
          expected=_expected_voyages, next=_after_voyages, early=True, yields=True),
    Phase("over", say("the end of the game"), "final", expected=lambda g: say("nothing")),
)}
# How ledger phases sort in the phase-by-phase breakdown (D is the order phase).
LEDGER_ORDER = ("setup", "start", "A", "B", "C", "D", "E", "F", "final")
# The phase letters a ``phase`` marker line of the text notation may name.
MARKER_LETTERS = tuple(sorted({m for p in PHASES.values() for m in p.markers if len(m) == 1}))


def expected_next(game) -> str:
    """What the log should say next, in words (for messages and incomplete reports)."""
    return PHASES[game.phase].expected(game)
