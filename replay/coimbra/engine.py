"""The replay loop: each event checked and applied in turn, phases advanced between them."""

from __future__ import annotations

from replay.coimbra.events import CLAIM_EVENTS, EVENT_SPECS
from replay.coimbra.game import Game
from replay.coimbra.income import close_income
from replay.coimbra.phases import PHASES, SEQUENCE, expected_next
from replay.coimbra.scoring import final_scoring
from replay.coimbra.state import ROUNDS
from replay.coimbra.voyages import end_round
from replay.core.flow import play_action
from replay.core.judge import SkipEvent, StopReplay
from replay.core.words import article

# Events after which unused pilgrim steps are still there to use.
KEEP_STEPS = frozenset({"move", "marker", *CLAIM_EVENTS})


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
    spec = EVENT_SPECS[kind]
    if state.pending_steps and kind not in KEEP_STEPS:
        state.pending_steps = {}  # unused pilgrim steps are lost
    if spec.apply is None:  # claims and markers change nothing on the table
        if kind == "marker":
            game.markers.append((index, event))
        else:
            claims.record(game, index, event)
        return
    if game.markers:
        _check_markers(game, event)
    phase = spec.phase
    if phase is not None and phase != state.phase:
        _enter_phase(game, phase, kind)
    play_action(game, spec, event)


def _check_markers(game: Game, event: dict) -> None:
    """Round and phase markers must agree with the event that follows them."""
    state = game.state
    kind = event["type"]
    phase = EVENT_SPECS[kind].phase or state.phase
    round_ = event["round"] if kind == "deal" else state.round
    if kind != "deal" and state.phase == "F" and phase in ("A", "B", "C", "E"):
        round_ += 1  # this event belongs to the next round
    markers, game.markers = game.markers, []
    for index, marker in markers:
        wrong = []
        if "round" in marker and marker["round"] != round_:
            wrong.append(f"round {round_}")
        markers = PHASES[phase].markers
        if "phase" in marker and marker["phase"] not in markers:
            wrong.append(f"phase {(markers or (phase,))[-1]}")
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
            f"{article(kind)} {kind} event cannot come during {PHASES[state.phase].title}"
            + ("" if after_end else f" of round {state.round}" if state.round else ""),
            expected=expected_next(game), found=kind, skip=True)
    game.judge.breach("coimbra.log.order",
                      f"{article(kind)} {kind} event comes before the end of "
                      f"{PHASES[state.phase].title}"
                      + (f" of round {state.round}" if state.round else ""),
                      expected=expected_next(game), found=kind)
    while state.phase != wanted:
        close = PHASES[state.phase].close
        if close is None or (
                wanted != "deal" and SEQUENCE.index(state.phase) > SEQUENCE.index(wanted)):
            # Closing went past the event's phase (it had nothing left to do): the event
            # has no place to happen any more.
            game.judge.violations[-1].applied = False
            raise SkipEvent
        close(game)


def _can_force(state, wanted: str) -> bool:
    """Whether the phases up to ``wanted`` can be closed without missing chance events."""
    if PHASES[state.phase].close is None:
        return False
    if wanted == "deal":  # the next round: every later phase of this one closes
        return state.round < ROUNDS
    here, there = SEQUENCE.index(state.phase), SEQUENCE.index(wanted)
    return there > here and all(PHASES[phase].close is not None
                                    for phase in SEQUENCE[here:there])
