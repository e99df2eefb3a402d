"""Viscounts replayed by the core's loop (``replay.core.protocol.flow``): its action kinds,
its turn's phases, what every event does first (``_prelude``), the seat controllers plugged
in (``seats``), and the end of the game scored."""

from __future__ import annotations

from collections.abc import Callable

from replay.core.protocol.flow import Flow
from replay.core.speech import say
from replay.core.verdicts.judge import SkipEvent, StopReplay
from replay.core.words import listed
from replay.viscounts.decisions import decline_waiting
from replay.viscounts.events import EVENT_SPECS, HELD_EVENTS, KEEP_WAITING
from replay.viscounts.legal import acting_player, primary_actions
from replay.viscounts.phases import TURN, expected_next
from replay.viscounts.scoring import final_scoring
from replay.viscounts.seats import controllers
from replay.viscounts.state import TURN_PHASES
from replay.viscounts.table import Table
from replay.viscounts.turn import close_turn, last_turn_played, turn_step
from replay.viscounts.words import PILE_WORDS, word


def _prelude(table: Table, spec, event: dict) -> Callable[[], None] | None:
    """What every event that is no claim or marker does first: the markers before it
    checked, the order of setup and chance, the last event's fixed flips and waiting choices
    declined (given back if this event is then refused whole), and the seat controllers
    told, the one whose seat this is first."""
    kind = event["type"]
    if kind in HELD_EVENTS:
        return None
    if table.markers:
        _check_markers(table, kind)
    state = table.state
    if state.over:
        table.breach("viscounts.log.after_end",
                     say("a {kind} event comes after the end of the game", kind=kind),
                     found=kind, skip=True)
    if (kind == "setup" or state.phase == "setup") and kind != state.phase:
        _refuse_setup_order(table, kind)
    if state.reveals_owed and kind != "reveal":
        owed = listed(say("the {kind} pile of {side}", kind=word(PILE_WORDS, kind), side=side)
                      for kind, side in state.reveals_owed)
        state.reveals_late += state.reveals_owed
        state.reveals_owed.clear()
        table.breach("viscounts.log.chance",
                     say("the new top of {owed} must be revealed before anything else happens",
                         owed=owed), expected="reveal", found=kind)
    answers_none = kind not in KEEP_WAITING
    flips = state.fixed_flips if answers_none and state.fixed_flips else None
    if flips is not None:
        state.fixed_flips = []  # they belonged to the event before: answered or not
    for controller in controllers(table):
        if controller.replays(table, event):
            controller.before_own(table, event)
            return None
        controller.before_other(table, kind)
    waiting = state.pending if answers_none and state.pending else None
    if waiting is not None:
        declined = table.judge.tentative(table.notes)
        decline_waiting(table, kind)
        declined.close()
    if table.strict_primary_action:
        _require_primary_action(table, kind)
    if flips is None and waiting is None:
        return None

    def take_back() -> None:
        # An event refused whole answers nothing: what waited for an answer still waits,
        # and refusals (or notes of choices lost) for leaving it unanswered were premature.
        if flips is not None:
            state.fixed_flips = flips
        if waiting is not None:
            state.pending = waiting
            declined.take_back()
    return take_back


def _seat(table: Table, event: dict):
    """The kind a seat controller replays its seat's event with (None: a person's, or a
    claim or marker)."""
    if event["type"] in HELD_EVENTS:
        return None
    for controller in controllers(table):
        if controller.replays(table, event):
            return controller.kind(table, event)
    return None


def _step(table: Table, spec, event: dict) -> None:
    """An event of a turn's phase: by the player whose turn it is, the turn moved on to
    it."""
    if spec.phase in TURN_PHASES:
        turn_step(table, event, spec.phase)


def _after(table: Table, spec, event: dict) -> None:
    """The controllers told what the event did: their own seat's rows resolved as far as
    they go, the pair a pick left."""
    if event["type"] in HELD_EVENTS:
        return
    for controller in controllers(table):
        if controller.replays(table, event):
            controller.after_own(table)
        elif event["type"] == "pick":
            controller.after_pick(table)


FLOW = Flow(EVENT_SPECS, TURN, acting=acting_player, prelude=_prelude, seat=_seat,
            step=_step, after=_after)


# The replayer and the generator drive the flow with the replay's claims.
run_events, apply_event = FLOW.run_events, FLOW.apply_event


def _refuse_setup_order(table: Table, kind: str) -> None:
    """The log starts with the one setup event, and has no other."""
    if kind != "setup":
        table.breach("viscounts.log.setup", say("the log starts with one setup event (start "
                         "player, segments, castle, piles, pairs)"), expected="setup",
                     found=kind, skip=True)
    # A complete setup record in the wrong place: the sequence is broken, not the record.
    table.breach("viscounts.log.order", say("the game is set up once, before the picks: a "
                     "second setup event is out of sequence"), expected=expected_next(table),
                 found=kind, skip=True)


def _require_primary_action(table: Table, kind: str) -> None:
    """Under ``strict-primary-action`` a turn leaves phase 3 only with an action taken, when
    one was possible (the legal list offers every funding that wastes nothing, so none is
    missed)."""
    state = table.state
    leaving = kind == "play" or EVENT_SPECS[kind].phase in ("recruit", "collision", "draw")
    if not leaving or state.acted or not state.moved or state.phase not in ("move", "action"):
        return
    player = table.player(state.current)
    possible = primary_actions(table)
    if possible:
        state.acted = True  # reported once
        table.breach("viscounts.action.one",
                     say("under strict-primary-action {player} must take a primary action, and "
                         "could ({type})", player=player.name,
                         type=possible[0]['type']),
                     player=player.name, expected="trade, construct, workers or transcribe",
                     found=kind)


def _check_markers(table: Table, kind: str) -> None:
    """A round marker must agree with the event that follows it."""
    state = table.state
    round_ = state.round
    if kind == "play" and (state.phase == "pick" or state.turn == len(state.seats) - 1):
        round_ += 1
    markers, table.markers = table.markers, []
    for index, marker in markers:
        if marker["round"] != round_:
            current = table.judge.event
            table.judge.event = index
            try:
                table.breach("viscounts.log.order",
                             say("the marker says round {round} but the next event, a {kind}, is "
                                 "in round {next_round}",
                                 round=marker['round'], kind=kind, next_round=round_),
                             expected=say("round {round}", round=round_),
                             found=say("round {round}", round=marker['round']))
            finally:
                table.judge.event = current


def finish(table: Table) -> dict | None:
    """Close the final turn and score the game, when the log reached its last turn."""
    if not last_turn_played(table):
        return None
    try:
        if table.state.pending:
            decline_waiting(table, "the end of the log")
        close_turn(table, last=True)
    except (StopReplay, SkipEvent):
        return None
    return final_scoring(table)
