"""The replay loop: each event checked and applied in turn; the end of the game scored."""

from __future__ import annotations

from replay.core.speech import say
from replay.core.verdicts.judge import SkipEvent, StopReplay
from replay.core.words import listed
from replay.viscounts.decisions import decline_waiting
from replay.viscounts.events import EVENT_SPECS, HELD_EVENTS, KEEP_WAITING
from replay.viscounts.kinds import replay_kind
from replay.viscounts.legal import primary_actions
from replay.viscounts.phases import expected_next
from replay.viscounts.scoring import final_scoring
from replay.viscounts.seats import controllers
from replay.viscounts.table import Table
from replay.viscounts.turn import close_turn, last_turn_played
from replay.viscounts.words import PILE_WORDS, word


def run_events(table: Table, events: list[dict], claims, start: int = 0) -> bool:
    """Replay every event (the first one the log's event ``start``); return whether the
    replay went to the end of them."""
    for index, event in enumerate(events, start):
        try:
            apply_event(table, index, event, claims)
        except SkipEvent:
            continue
        except StopReplay:
            return False
    table.event = table.judge.event = start + len(events)
    return True


def apply_event(table: Table, index: int, event: dict, claims) -> None:
    """Check and apply one event (raises ``StopReplay`` / ``SkipEvent`` from the judge)."""
    table.event = table.judge.event = index
    kind = event["type"]
    if kind in HELD_EVENTS:
        _hold(table, index, event, claims)
        return
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
            controller.replay(table, event)
            return
        controller.before_other(table, kind)
    waiting = state.pending if answers_none and state.pending else None
    if waiting is not None:
        declined = table.judge.tentative(table.notes)
        decline_waiting(table, kind)
        declined.close()
    if table.strict_primary_action:
        _require_primary_action(table, kind)
    try:
        replay_kind(table, EVENT_SPECS[kind], event)
    except SkipEvent:
        # An event refused whole answers nothing: what waited for an answer still waits,
        # and refusals (or notes of choices lost) for leaving it unanswered were premature.
        if flips is not None:
            state.fixed_flips = flips
        if waiting is not None:
            state.pending = waiting
            declined.take_back()
        raise
    if kind == "pick":
        for controller in controllers(table):
            controller.after_pick(table)


def _hold(table: Table, index: int, event: dict, claims) -> None:
    """Claims are compared with the table (final scores also checked to come at the end);
    a round marker waits for the event it must agree with."""
    kind = event["type"]
    if kind == "marker":
        table.markers.append((index, event))
        return
    if kind == "final":
        _check_scored_at_end(table)
    claims.record(table, index, event)


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


def _check_scored_at_end(table: Table) -> None:
    """Final scores written after the end was triggered but before the final round's last
    turn end the game too early (p.23: finish the round, then one more full round). Without
    a trigger the log is only unfinished: nothing says the game ended."""
    state = table.state
    if state.last_round is None or state.over or last_turn_played(table):
        return
    last = state.turn_order()[-1]
    table.breach("viscounts.end.final_round",
                 say("the final scores come in round {round}, but after the end was triggered the "
                     "game goes on to the end of round {last_round}, whose last turn is {last}'s",
                     round=state.round, last_round=state.last_round, last=last),
                 expected=say("round {last_round} played to {last}'s turn",
                              last_round=state.last_round, last=last),
                 found=say("final scores"))


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
