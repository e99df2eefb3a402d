"""What the acting player could legally write next at the current point of a game.

Every funding of an action is offered that wastes nothing: with or without dismissing the
adjacent card, each least payment in the action's own resource and in the resources the
board's converters take (paying more than needed is legal too, and not listed). A Trade is
offered for every number of uses the player can fund. Draws list unnamed cards (``?``): what
is drawn is chance.
"""

from __future__ import annotations

from replay.core.protocol.actions import is_legal, legal_candidates
from replay.viscounts.choices import CHOICES
from replay.viscounts.decisions import possible
from replay.viscounts.events import EVENT_SPECS
from replay.viscounts.phases import PHASES, TURN
from replay.viscounts.picks import next_in_picks
from replay.viscounts.seats import controller_of
from replay.viscounts.state import TURN_PHASES, Decision, Player
from replay.viscounts.table import Table
from replay.viscounts.turn import hand_limit

# The kinds each phase of a turn offers, as ``events.py`` declares them (those with candidates).
OFFERED = {phase: tuple(spec for spec in EVENT_SPECS.values()
                        if spec.phase == phase and spec.candidates is not None)
           for phase in TURN_PHASES}
SHUFFLE_SPECS = (EVENT_SPECS["shuffle"],)
PLAY_SPECS = (EVENT_SPECS["play"],)
# A primary action and a hire are each taken once a turn (their refusals say so): once taken,
# their fundings are not worth listing.
_TAKEN = {"action": lambda state: state.acted, "recruit": lambda state: state.hired}
PICK_SPECS = (EVENT_SPECS["pick"],)


def acting_player(table: Table) -> str | None:
    """Who decides next; None when the table's next step is chance (setup, the solo
    opponent's AI board and difficulty, a reveal)."""
    state = table.state
    if state.phase == "setup" or state.reveals_owed or state.over or (
            table.solo is not None and table.solo.board is None):
        return None
    if state.pending:
        return state.pending[0].player
    return _turn_actor(table)


def _turn_actor(table: Table) -> str | None:
    """Who acts next when no choice waits (None once the game's last turn is over)."""
    state = table.state
    if state.phase == "pick":
        return next_in_picks(table)[1]
    if state.phase == "draw" and not _must_draw(table, table.player(state.current)):
        return None if _game_over(table) else _next_player(table)
    return state.current


def legal_actions(table: Table) -> list[dict]:
    """Every event the acting player may write next."""
    state = table.state
    name = acting_player(table)
    if name is None:
        return []
    if state.pending:
        # An optional choice with no answer, or a mandatory one that cannot be made, is
        # passed over: the next one is answered.
        for decision in state.pending:
            actions = decision_options(table, decision)
            controller = controller_of(table, decision.player)
            if controller is not None:
                actions = controller.answers(table, decision, actions)
            if actions or not (decision.optional or not possible(table, decision)):
                break
        actor = _turn_actor(table)
        if actor is not None and all(d.optional or not possible(table, d)
                                     for d in state.pending):
            actions += _phase_actions(table, actor)
        return actions
    return _phase_actions(table, name)


def _phase_actions(table: Table, name: str) -> list[dict]:
    state = table.state
    player = table.player(name)
    if state.phase == "pick":
        if player.player_card is None:
            return legal_candidates(PICK_SPECS, table)
        if player.hand_size < 3:
            return _draws(table, player)
        return _plays(table, player)
    if name != state.current:  # the next turn
        return _plays(table, player)
    controller = controller_of(table, name)
    if controller is not None:
        return controller.next_events(table) or ([] if _game_over(table) else _plays(
            table, table.player(_next_player(table))))
    actions = []
    for phase in TURN.ahead(table):
        if _done(phase, table) or (phase in _TAKEN and _TAKEN[phase](table.state)):
            continue
        # Phase 6 ends only with the next play: its draws up to the hand limit, else that
        # play.
        actions += (_draw_or_next(table, player) if phase == "draw" else
                    legal_candidates(OFFERED[phase], table))
    return actions


def _done(phase: str, table: Table) -> bool:
    """What the phase is for has happened (a card played, the Viscount moved, the collision
    resolved): its kind would be refused again, so it offers nothing."""
    done = PHASES[phase].done
    return done is not None and done(table)


def _draw_or_next(table: Table, player: Player) -> list[dict]:
    """Phase 6: the draws up to the hand limit, else the next player's play (none after the
    game's last turn)."""
    if _must_draw(table, player):
        return _draws(table, player)
    return [] if _game_over(table) else _plays(table, table.player(_next_player(table)))


def _next_player(table: Table) -> str:
    state = table.state
    order = state.turn_order()
    return order[(state.turn + 1) % len(order)]


def _game_over(table: Table) -> bool:
    state = table.state
    return state.last_round is not None and state.round == state.last_round \
        and state.turn == len(state.seats) - 1


def _must_draw(table: Table, player: Player) -> bool:
    return player.hand_size < hand_limit(table, player) and bool(
        player.draw_count or player.discard)


def _draws(table: Table, player: Player) -> list[dict]:
    if not player.draw_count:
        return [shuffle for shuffle in legal_candidates(SHUFFLE_SPECS, table)
                if shuffle["player"] == player.name]
    return legal_candidates(OFFERED["draw"], table)


def _plays(table: Table, player: Player) -> list[dict]:
    controller = controller_of(table, player.name)
    if controller is not None:
        return controller.turn_start(table)
    return legal_candidates(PLAY_SPECS, table)


def primary_actions(table: Table) -> list[dict]:
    """Trade, Construct, Place Workers or Transcribe where the current player's Viscount
    stands: the candidates of those kinds no refusal stops."""
    return legal_candidates(OFFERED["action"], table)


def decision_options(table: Table, decision: Decision) -> list[dict]:
    """The answers a waiting choice accepts: its kind's candidates for its player that no
    refusal stops (none of its own for the solo opponent's ``gain_card``, which its
    procedure decides)."""
    if decision.kind not in CHOICES:
        return []
    spec = EVENT_SPECS[decision.kind]
    return [answer for answer in spec.candidates(table)
            if answer["player"] == decision.player and is_legal(spec, table, answer)]
