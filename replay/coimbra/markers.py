"""Round and phase markers of a log: lines that say where the game stands, held until the
event after them, which must be where they say."""

from __future__ import annotations

from replay.coimbra.phases import PHASES
from replay.coimbra.table import Table
from replay.core.speech import say
from replay.core.words import listed


def check_markers(game: Table, spec, event: dict) -> None:
    """Round and phase markers must agree with the event that follows them."""
    state = game.state
    kind = event["type"]
    phase = spec.phase or game.phase
    round_ = event["round"] if kind == "deal" else state.round
    if kind != "deal" and game.phase == "F" and phase in ("A", "B", "C", "E"):
        round_ += 1  # this event belongs to the next round
    markers, game.markers = game.markers, []
    for index, marker in markers:
        wrong = []
        if "round" in marker and marker["round"] != round_:
            wrong.append(say("round {round}", round=round_))
        names = PHASES[phase].markers
        if "phase" in marker and marker["phase"] not in names:
            wrong.append(say("phase {phase}", phase=(names or (phase,))[-1]))
        if wrong:
            current = game.judge.event
            game.judge.event = index
            try:
                game.judge.breach("coimbra.log.order",
                                  say("the marker says {marker} but the next event, a {kind}, "
                                      "is in {wanted}", marker=_describe(marker), kind=kind,
                                      wanted=listed(wrong, " ")),
                                  expected=listed(wrong, " "), found=_describe(marker))
            finally:
                game.judge.event = current


def _describe(marker: dict) -> str:
    told = {"round": lambda value: say("round {round}", round=value),
            "phase": lambda value: say("phase {phase}", phase=value)}
    return listed([told[k](marker[k]) for k in ("round", "phase") if k in marker], " ")
