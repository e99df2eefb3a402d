""""Legal under variant X": a violation the log would not have under a named variant.

The log is replayed once more under each variant it did not declare (only when it broke a
rule); a violation absent from that replay, at the same event and rule, is marked legal under
the first such variant. Solo variants are not tried: the solo game is not replayed yet.
"""

from __future__ import annotations

from replay.viscounts.components import Catalog
from replay.viscounts.engine import finish, run_events
from replay.viscounts.new_table import new_table
from replay.viscounts.rules import VARIANTS
from replay.viscounts.table import Table

TRIED = tuple(v for v in VARIANTS if not v.startswith(("ai-", "solo-")))


class _NoClaims:
    """Claims are not compared in a hint replay."""

    def record(self, table, index, event) -> None:
        """Ignore the claim."""


def add_variant_hints(table: Table, events: list[dict], catalog: Catalog, mode: str,
                      players: list[str], declared: list[str]) -> None:
    """Set ``legal_under`` on the violations some undeclared variant would not have."""
    if not table.judge.violations:
        return
    original = {(v.event, v.rule) for v in table.judge.violations}
    waiting = list(table.judge.violations)
    for variant in TRIED:
        if not waiting:
            return
        if variant in declared:
            continue
        trial = new_table(players, catalog, mode, [*declared, variant])
        # As the replay itself, the trial closes the last turn: a choice left waiting at
        # the end of the log is refused there under every variant that reaches it.
        if run_events(trial, events, _NoClaims()):
            finish(trial)
        found = {(v.event, v.rule) for v in trial.judge.violations}
        # The variant must reach the event without a refusal of its own before it: its
        # first own refusal, found once, keeps this linear in a log's violations.
        first_own = min((event for event, _ in found - original), default=None)
        for violation in waiting:
            reached = first_own is None or first_own > violation.event
            if reached and (violation.event, violation.rule) not in found:
                violation.legal_under = variant
        waiting = [v for v in waiting if v.legal_under is None]
