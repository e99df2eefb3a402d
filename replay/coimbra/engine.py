"""Coimbra replayed by the core's loop (``replay.core.protocol.flow``): its action kinds, its
phases, and what every event does first (markers checked, unused pilgrim steps lapsing)."""

from __future__ import annotations

from replay.coimbra.events import CLAIM_EVENTS, EVENT_SPECS
from replay.coimbra.favors import lapse_choice
from replay.coimbra.income import close_income
from replay.coimbra.legal import acting_player
from replay.coimbra.markers import check_markers
from replay.coimbra.phases import PHASES
from replay.coimbra.scoring import final_scoring
from replay.coimbra.state import ROUNDS
from replay.coimbra.table import Table
from replay.core.protocol.flow import Flow, PhaseOrder
from replay.core.speech import say
from replay.core.verdicts.judge import SkipEvent, StopReplay

# Events after which unused pilgrim steps are still there to use.
KEEP_STEPS = frozenset({"move", "marker", *CLAIM_EVENTS})
# Claims and markers say what the table believed or where it stood; they change nothing.
NOTES = frozenset({"marker", *CLAIM_EVENTS})


def _prelude(game: Table, spec, event: dict) -> None:
    """Unused pilgrim steps are lost at any other event, and so is a favor's choice not made
    before the next event that is no move, claim or marker; markers are checked against the
    event after them."""
    kind = event["type"]
    if game.state.pending_steps and kind not in KEEP_STEPS:
        game.state.pending_steps = {}
    if game.state.choosing and kind not in ("choose", *KEEP_STEPS):
        lapse_choice(game)
    if game.markers and kind not in NOTES:
        check_markers(game, spec, event)


FLOW = Flow(EVENT_SPECS, PhaseOrder(
    PHASES, order_rule="coimbra.log.order", after_end_rule="coimbra.log.after_end",
    when=lambda game: say(" of round {round}", round=game.state.round) if game.state.round else "",
    # After round four's investments, a deal or a roll would begin a fifth round.
    beyond=lambda game, phase: phase in ("deal", "A")), acting=acting_player, prelude=_prelude)


# The replayer and the generator drive the flow with the replay's claims.
run_events, apply_event = FLOW.run_events, FLOW.apply_event


def finish(game: Table) -> dict | None:
    """Close round four and score it, when the log reached round four's investments."""
    state = game.state
    if state.round == ROUNDS and game.phase in ("E", "F"):
        try:
            if game.phase == "E":
                close_income(game)
        except (StopReplay, SkipEvent):
            return None
        return final_scoring(game)
    return None
