"""Viscounts' turn structure as one table: setup, the picks, then the six phases of a turn.

Each event type names its phase (``events.py``); ``turn.enter`` moves a turn forward and
checks what each phase passed required. Phases here only say how they are named and what
the log should say next.
"""

from __future__ import annotations

from replay.core.protocol.flow import Phase
from replay.core.speech import say
from replay.viscounts.picks import next_in_picks
from replay.viscounts.solo.words import expected as expected_of_opponent
from replay.viscounts.state import TURN_PHASES


def _expected_pick(table) -> str:
    verb, name = next_in_picks(table)
    return say("{verb} by {name}", verb=verb, name=name)


def _current(verb: str):
    return lambda table: say("{verb} by {current}", verb=verb, current=table.state.current)


PHASES: dict[str, Phase] = {phase.name: phase for phase in (
    Phase("setup", "setup", "setup", ("setup",), expected=lambda t: "setup", next="pick"),
    Phase("pick", "the picks of Player Cards", "pick", ("pick",), expected=_expected_pick,
          next="card"),
    Phase("card", "phase 1 (card management)", "1 cards", ("1",),
          expected=lambda t: _current("move" if t.state.played else "play")(t),
          next="move"),
    Phase("move", "phase 2 (movement)", "2 movement", ("2",), expected=_current("move"),
          next="action"),
    Phase("action", "phase 3 (primary action)", "3 action", ("3",),
          expected=_current("trade, construct, workers, transcribe, hire or draw"),
          next="recruit"),
    Phase("recruit", "phase 4 (recruit)", "4 recruit", ("4",),
          expected=_current("collision or draw"), next="collision"),
    Phase("collision", "phase 5 (collision)", "5 collision", ("5",),
          expected=_current("draw"), next="draw"),
    Phase("draw", "phase 6 (draw)", "6 draw", ("6",),
          expected=lambda t: "draw, or the next player's play", next="card"),
    Phase("over", "the end of the game", "final", expected=lambda t: "nothing"),
)}
LEDGER_ORDER = tuple(p.ledger for p in PHASES.values())


def expected_next(table) -> str:
    """What the log should say next, in words (for messages and incomplete reports)."""
    state = table.state
    if state.reveals_owed:
        kind, side = state.reveals_owed[0]
        return say("reveal of the new top of the {kind} pile of {side}", kind=kind, side=side)
    if state.pending:
        decision = state.pending[0]
        return say("{kind} by {player} (for {source})", kind=decision.kind, player=decision.player,
                   source=table.name(decision.source))
    if state.phase in TURN_PHASES and table.automated(state.current):
        # Its words, not its controller: the controller reaches this module through the
        # turn's messages, which say what the log should say next.
        return expected_of_opponent(table)
    return PHASES[state.phase].expected(table)
