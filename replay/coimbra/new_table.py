"""The one place a Coimbra replay is set up: the table, its catalog and its judge."""

from __future__ import annotations

from replay.coimbra.catalog import Catalog
from replay.coimbra.phases import PHASES
from replay.coimbra.rules import RULES, VARIANTS
from replay.coimbra.table import Table
from replay.core.verdicts.judge import Judge


def new_table(players: list[str], catalog: Catalog, mode: str = "strict",
              variants: list[str] | tuple[str, ...] = (),
              positions: list[tuple[int, int]] | None = None) -> Table:
    """A table at its very start, judged in ``mode`` under the declared ``variants``."""
    judge = Judge(mode, RULES, set(variants), positions, known_variants=VARIANTS)
    return Table(players, catalog, judge, PHASES)
