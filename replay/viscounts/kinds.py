"""One event of an action kind replayed: the turn moved on to it, its refusals, its apply.

Refusals are recorded as every game's are (``replay.core.protocol.flow.record``): a strict
replay stops at the first with the table as the event found it; an audit replay makes what a
refusal's ``moved_on`` says the event did all the same.
"""

from __future__ import annotations

from replay.core.protocol.actions import EventSpec
from replay.core.protocol.flow import record
from replay.viscounts.state import TURN_PHASES
from replay.viscounts.table import Table
from replay.viscounts.turn import turn_step


def replay_kind(table: Table, spec: EventSpec, event: dict) -> None:
    """The turn moved on to the event (the kind's own step, else to its phase of a turn; a
    pick or chance moves no turn on), its refusals recorded (one that skips raises, as
    every one does in strict mode), then its apply."""
    if spec.step is not None:
        spec.step(table, event)
    elif spec.phase in TURN_PHASES:
        turn_step(table, event, spec.phase)
    for refusal in spec.refusals(table, event):
        record(table, refusal)
    spec.apply(table, event)
