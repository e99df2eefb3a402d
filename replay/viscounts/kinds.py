"""One event of an action kind replayed: the turn moved on to it, its refusals, its apply.

A strict replay stops at the first refusal; the table it stops with has made what the
refusal's ``moved_on`` says the event did before breaking the rule (what was laid out of a
setup, a play's drop-off), as an audit replay makes it when the refusal skips the event.
"""

from __future__ import annotations

from replay.core.protocol.actions import EventSpec
from replay.core.protocol.flow import record
from replay.core.verdicts.judge import StopReplay
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
        try:
            record(table, refusal)
        except StopReplay:
            if refusal.moved_on is not None:
                refusal.moved_on(table)
            raise
    spec.apply(table, event)
