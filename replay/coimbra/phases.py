"""Coimbra's turn structure as one table: each phase, how it ends early, what comes next.

A round is deal, A (roll), B (draft and place), C (resolve dice), D+E (order and income),
F (voyages); four rounds follow the setup and the start choices. An event from a later
phase than the current one ends the phases in between through their ``close``; a phase
without ``close`` cannot end that way (chance or a choice would be missing).
"""

from __future__ import annotations

from replay.coimbra.income import close_income
from replay.coimbra.resolution import advance, begin_resolution
from replay.coimbra.state import ROUNDS
from replay.coimbra.voyages import end_round
from replay.core.game import Phase


def _close_start(game) -> None:
    game.state.start_turns.clear()
    game.state.phase = "deal"


def _close_resolution(game) -> None:
    for queue in game.state.queues.values():
        for slot in queue:
            slot.resolved = True
    advance(game)


def _expected_start(game) -> str:
    turns = game.state.start_turns
    return f"start by {turns[0]}" if turns else "deal"


def _expected_place(game) -> str:
    return f"place by {game.state.drafting()}"


def _expected_resolution(game) -> str:
    nxt = game.state.next_slot()
    if nxt is None:
        return "income"
    location, slot = nxt
    action = "favor or distress" if location == "castle" else "recruit or distress"
    return f"{action} by {slot.owner} with {slot.die} in the {location}"


def _expected_voyages(game) -> str:
    return ("invest, pass, or the next round's deal" if game.state.round < ROUNDS
            else "invest, pass, or the end of the log")


PHASES: dict[str, Phase] = {phase.name: phase for phase in (
    Phase("setup", "setup", "setup", ("setup",), expected=lambda g: "setup", next="start"),
    Phase("start", "the start choices", "start", ("start",), close=_close_start,
          expected=_expected_start, next="deal"),
    Phase("deal", "the deal of a new round", "A", ("A",), expected=lambda g: "deal", next="A"),
    Phase("A", "phase A (roll)", "A", ("A",), expected=lambda g: "roll", next="B"),
    Phase("B", "phase B (draft and place)", "B", ("B",), close=begin_resolution,
          expected=_expected_place, next="C"),
    Phase("C", "phase C (resolve dice)", "C", ("C",), close=_close_resolution,
          expected=_expected_resolution, next="E"),
    Phase("E", "phase E (income)", "E", ("D", "E"), close=close_income,
          expected=lambda g: f"income by {g.state.acting_in_turn()}", next="F"),
    Phase("F", "phase F (voyages)", "F", ("F",), close=end_round, expected=_expected_voyages,
          next="deal"),
    Phase("over", "the end of the game", "final", expected=lambda g: "nothing"),
)}
# The order phases follow within a round (the end of the game is not part of it).
SEQUENCE = tuple(name for name in PHASES if name != "over")
# How ledger phases sort in the phase-by-phase breakdown (D is the order phase).
LEDGER_ORDER = ("setup", "start", "A", "B", "C", "D", "E", "F", "final")
# The phase letters a ``phase`` marker line of the text notation may name.
MARKER_LETTERS = tuple(sorted({m for p in PHASES.values() for m in p.markers if len(m) == 1}))


def expected_next(game) -> str:
    """What the log should say next, in words (for messages and incomplete reports)."""
    return PHASES[game.state.phase].expected(game)
