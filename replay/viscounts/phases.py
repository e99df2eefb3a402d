"""Viscounts' turn structure as one table: setup, the picks, then the six phases of a turn;
``replay.core.protocol.flow`` drives it (``TURN``).

Each event type names its phase (``events.py``). An event of a later phase of the turn ends
the phases in between: none is an order fault by itself, but a phase that requires
something checks it as it ends (a card played, the Viscount moved, a due collision
resolved). A turn never goes back to a phase it passed, and only the next play ends its
draw (``turn.start_turn``); setup and the picks end by their own events.
"""

from __future__ import annotations

from replay.core.protocol.actions import Refusal
from replay.core.protocol.flow import Phase, PhaseOrder
from replay.core.speech import say
from replay.core.words import counted
from replay.viscounts.effects import settle_corruption
from replay.viscounts.picks import next_in_picks
from replay.viscounts.solo.words import expected as expected_of_opponent
from replay.viscounts.state import TURN_PHASES, collision_due


def _expected_pick(table) -> str:
    verb, name = next_in_picks(table)
    return say("{verb} by {name}", verb=verb, name=name)


def _by_current(table, verb: str) -> str:
    return say("{verb} by {current}", verb=verb, current=table.state.current)


def _played(table) -> bool:
    return table.state.played is not None


def _moved(table) -> bool:
    return table.state.moved


def _collided(table) -> bool:
    """The collision resolved, or none due (the markers on different spaces)."""
    return table.state.collided or not collision_due(table.player(table.state.current))


def _leave_card(table) -> None:
    """Phase 1 ends with a card played (and its Corruption gained, if it waited for choices
    left unanswered)."""
    name = table.state.current
    if not _played(table):
        table.breach("viscounts.cards.play",
                     say("{name} must play a card first", name=name), player=name,
                     skip=True)
    if table.state.corruption_due:
        settle_corruption(table)


def _leave_move(table) -> None:
    """Phase 2 ends with the Viscount moved."""
    state, name = table.state, table.state.current
    if _moved(table):
        return
    if table.automated(name):
        table.breach("viscounts.solo.ai.move",
                     say("the opponent must move as {played} says before its turn ends",
                         played=table.name(state.played)), player=name)
    else:
        table.breach("viscounts.move.steps",
                     say("{name} must move the Viscount at least {spaces} before the next phase",
                         name=name, spaces=counted(table.played_value(), 'space')),
                     player=name)


def _leave_collision(table) -> None:
    """Phase 5 ends with the collision resolved, when the markers share a space."""
    if not _collided(table):
        name = table.state.current
        table.breach("viscounts.collision.when",
                     say("{name}'s Virtue and Corruption markers share space {virtue}: the "
                         "collision must be resolved in phase 5", name=name,
                         virtue=table.player(name).virtue),
                     player=name, expected="collision")


# A phase of a turn: a later phase's event ends it, and what it requires (``done``) is
# checked by its ``close``.
_OF_A_TURN = {"early": True, "yields": True}

PHASES: dict[str, Phase] = {phase.name: phase for phase in (
    Phase("setup", "setup", "setup", ("setup",), expected=lambda t: "setup", next="pick"),
    Phase("pick", "the picks of Player Cards", "pick", ("pick",), expected=_expected_pick,
          next="card"),
    Phase("card", "phase 1 (card management)", "1 cards", ("1",),
          expected=lambda t: _by_current(t, "move" if t.state.played else "play"), next="move",
          close=_leave_card, done=_played, **_OF_A_TURN),
    Phase("move", "phase 2 (movement)", "2 movement", ("2",),
          expected=lambda t: _by_current(t, "move"), next="action", close=_leave_move,
          done=_moved, **_OF_A_TURN),
    Phase("action", "phase 3 (primary action)", "3 action", ("3",),
          expected=lambda t: _by_current(t, "trade, construct, workers, transcribe, hire or draw"),
          next="recruit", **_OF_A_TURN),
    Phase("recruit", "phase 4 (recruit)", "4 recruit", ("4",),
          expected=lambda t: _by_current(t, "collision or draw"), next="collision",
          **_OF_A_TURN),
    Phase("collision", "phase 5 (collision)", "5 collision", ("5",),
          expected=lambda t: _by_current(t, "draw"), next="draw", close=_leave_collision,
          done=_collided, **_OF_A_TURN),
    # Only the next play ends a turn's draw (``turn.start_turn``).
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


def misplaced(table, kind: str, phase: str) -> Refusal:
    """A phase entered before the first turn, or one the turn has already passed."""
    state = table.state
    if state.phase not in TURN_PHASES:
        return Refusal("viscounts.log.order",
                       say("a {kind} event cannot come before the first turn", kind=kind),
                       expected=expected_next(table), found=kind, skip=True)
    return Refusal("viscounts.turn.phases",
                   say("a {kind} event cannot come after {phase} in {current}'s turn: the phases "
                       "go {items}", kind=kind, phase=state.phase,
                       current=state.current, items=', '.join(TURN_PHASES)),
                   expected=expected_next(table), found=kind,
                   player=state.current, skip=True)


TURN = PhaseOrder(PHASES, order_rule="viscounts.log.order",
                  after_end_rule="viscounts.log.after_end", misplaced=misplaced)
