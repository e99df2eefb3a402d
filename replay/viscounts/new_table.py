"""The one place a Viscounts replay is set up: the table, its catalog and its judge, and in a
solo game the automated opponent's seat."""

from __future__ import annotations

from replay.core.verdicts.judge import Judge
from replay.viscounts.components import Catalog
from replay.viscounts.phases import PHASES
from replay.viscounts.rules import RULES, VARIANTS
from replay.viscounts.solo import OPPONENT
from replay.viscounts.solo.state import SoloState
from replay.viscounts.table import Table


def new_table(players: list[str], catalog: Catalog, mode: str = "strict",
              variants: list[str] | tuple[str, ...] = (),
              positions: list[tuple[int, int]] | None = None) -> Table:
    """A table at its very start, judged in ``mode`` under the declared ``variants``; one
    player is a solo game, with the automated opponent in the second seat."""
    judge = Judge(mode, RULES, set(variants), positions, known_variants=VARIANTS)
    if len(players) != 1:
        return Table(players, catalog, judge, PHASES)
    table = Table([*players, OPPONENT], catalog, judge, PHASES)
    table.solo = SoloState(OPPONENT)
    table.opponent = OPPONENT
    return table
