"""The replay loop: each event checked and applied in turn, phases advanced between them."""

from __future__ import annotations

from replay.coimbra.drafting import handle_deal, handle_place, handle_roll
from replay.coimbra.game import Game
from replay.coimbra.income import close_income, handle_income
from replay.coimbra.pilgrim import handle_move
from replay.coimbra.resolution import (
    advance,
    begin_resolution,
    handle_distress,
    handle_favor,
    handle_recruit,
)
from replay.coimbra.scoring import final_scoring
from replay.coimbra.setup import handle_setup, handle_start
from replay.coimbra.state import ROUNDS
from replay.coimbra.voyages import end_round, handle_invest, handle_pass
from replay.core.judge import SkipEvent, StopReplay
from replay.core.words import article

HANDLERS = {
    "setup": handle_setup, "start": handle_start, "deal": handle_deal, "roll": handle_roll,
    "place": handle_place, "favor": handle_favor, "recruit": handle_recruit,
    "distress": handle_distress, "income": handle_income, "move": handle_move,
    "invest": handle_invest, "pass": handle_pass,
}
PHASE_OF = {
    "setup": "setup", "start": "start", "deal": "deal", "roll": "A", "place": "B",
    "favor": "C", "recruit": "C", "distress": "C", "income": "E", "invest": "F", "pass": "F",
}
PHASE_NAMES = {
    "setup": "setup", "start": "start choices", "deal": "the deal of a new round",
    "A": "phase A (roll)", "B": "phase B (draft and place)", "C": "phase C (resolve dice)",
    "E": "phase E (income)", "F": "phase F (voyages)", "over": "the end of the game",
}
CLAIM_EVENTS = ("check", "final")
# The phase letter an event's own phase shows as; a "phase D" marker precedes income.
MARKER_PHASE = {"setup": "setup", "start": "start", "deal": "A", "A": "A", "B": "B", "C": "C",
                "E": "DE", "F": "F"}


def run_events(game: Game, events: list[dict], claims) -> bool:
    """Replay every event; return whether the replay went to the end of the log."""
    for index, event in enumerate(events):
        try:
            apply_event(game, index, event, claims)
        except SkipEvent:
            continue
        except StopReplay:
            return False
    game.event = game.judge.event = len(events)
    return True


def apply_event(game: Game, index: int, event: dict, claims) -> None:
    """Check and apply one event (raises ``StopReplay`` / ``SkipEvent`` from the judge)."""
    state = game.state
    game.event = game.judge.event = index
    kind = event["type"]
    if kind not in ("move", "marker", *CLAIM_EVENTS) and state.pending_steps:
        state.pending_steps = {}  # unused pilgrim steps are lost
    if kind in CLAIM_EVENTS:
        claims.record(game, index, event)
        return
    if kind == "marker":
        game.markers.append((index, event))
        return
    if game.markers:
        _check_markers(game, event)
    if kind != "move":
        _enter_phase(game, PHASE_OF[kind], kind)
    HANDLERS[kind](game, event)


def _check_markers(game: Game, event: dict) -> None:
    """Round and phase markers must agree with the event that follows them."""
    state = game.state
    kind = event["type"]
    phase = PHASE_OF.get(kind, state.phase)
    round_ = event["round"] if kind == "deal" else state.round
    if kind != "deal" and state.phase == "F" and phase in ("A", "B", "C", "E"):
        round_ += 1  # this event belongs to the next round
    markers, game.markers = game.markers, []
    for index, marker in markers:
        wrong = []
        if "round" in marker and marker["round"] != round_:
            wrong.append(f"round {round_}")
        if "phase" in marker and marker["phase"] not in MARKER_PHASE.get(phase, ""):
            wrong.append(f"phase {MARKER_PHASE.get(phase, phase)[-1]}")
        if wrong:
            current = game.judge.event
            game.judge.event = index
            try:
                game.judge.breach("coimbra.log.order",
                                  f"the marker says {_describe(marker)} but the next event, a "
                                  f"{kind}, is in {' '.join(wrong)}",
                                  expected=" ".join(wrong), found=_describe(marker))
            finally:
                game.judge.event = current


def _describe(marker: dict) -> str:
    return " ".join(f"{k} {marker[k]}" for k in ("round", "phase") if k in marker)


def finish(game: Game) -> dict | None:
    """Close round four and score it, when the log reached round four's investments."""
    state = game.state
    if state.round == ROUNDS and state.phase in ("E", "F"):
        try:
            if state.phase == "E":
                close_income(game)
        except (StopReplay, SkipEvent):
            return None
        return final_scoring(game)
    return None


def _enter_phase(game: Game, wanted: str, kind: str) -> None:
    """Move to the phase an event belongs to, closing the phases it ends.

    An event from a later phase than the current one ends the unfinished phases in between
    (a violation, after which the replay goes on from the event's phase); an event from an
    earlier phase, or one that would need chance not yet recorded, is out of place.
    """
    state = game.state
    if state.phase == "E" and wanted in ("F", "deal"):
        close_income(game)
    if state.phase == "F" and wanted == "deal" and state.round < ROUNDS:
        end_round(game)
    if state.phase == wanted:
        return
    if not _can_force(state, wanted):
        # A deal or roll after round four's investments would start a fifth round.
        after_end = state.phase == "F" and state.round == ROUNDS and wanted in ("deal", "A")
        game.judge.breach(
            "coimbra.log.after_end" if after_end else "coimbra.log.order",
            f"{article(kind)} {kind} event cannot come during {PHASE_NAMES[state.phase]}"
            + ("" if after_end else f" of round {state.round}" if state.round else ""),
            expected=expected_next(game), found=kind, skip=True)
    game.judge.breach("coimbra.log.order",
                      f"{article(kind)} {kind} event comes before {PHASE_NAMES[state.phase]} "
                      "of round "
                      f"{state.round} is finished", expected=expected_next(game), found=kind)
    while state.phase != wanted:
        if state.phase not in FORCE_CLOSE or (
                wanted != "deal" and SEQUENCE.index(state.phase) > SEQUENCE.index(wanted)):
            # Closing went past the event's phase (it had nothing left to do): the event
            # has no place to happen any more.
            game.judge.violations[-1].applied = False
            raise SkipEvent
        FORCE_CLOSE[state.phase](game)


SEQUENCE = ("setup", "start", "deal", "A", "B", "C", "E", "F")


def _can_force(state, wanted: str) -> bool:
    """Whether the phases up to ``wanted`` can be closed without missing chance events."""
    if state.phase not in FORCE_CLOSE:
        return False
    if wanted == "deal":  # the next round: every later phase of this one closes
        return state.round < ROUNDS
    here, there = SEQUENCE.index(state.phase), SEQUENCE.index(wanted)
    return there > here and all(phase in FORCE_CLOSE for phase in SEQUENCE[here:there])


def _close_start(game: Game) -> None:
    game.state.start_turns.clear()
    game.state.phase = "deal"


def _close_resolution(game: Game) -> None:
    for queue in game.state.queues.values():
        for slot in queue:
            slot.resolved = True
    advance(game)


FORCE_CLOSE = {"start": _close_start, "B": begin_resolution, "C": _close_resolution,
               "E": close_income, "F": end_round}


def expected_next(game: Game) -> str:
    """What the log should say next, in words (for messages and incomplete reports)."""
    state = game.state
    return {
        "setup": "setup", "start": f"start by {state.start_turns[0]}" if state.start_turns
        else "deal", "deal": "deal", "A": "roll",
        "B": f"place by {state.order[state.picks % len(state.order)]}",
        "C": _next_resolution(game), "E": f"income by {state.acting_in_turn()}",
        "F": "invest, pass, or the next round's deal" if state.round < ROUNDS
        else "invest, pass, or the end of the log", "over": "nothing",
    }[state.phase]


def _next_resolution(game: Game) -> str:
    nxt = game.state.next_slot()
    if nxt is None:
        return "income"
    location, slot = nxt
    action = "favor or distress" if location == "castle" else "recruit or distress"
    return f"{action} by {slot.owner} with {slot.die} in the {location}"
