"""The one place a Coimbra replay is set up: the table, its catalog and its judge."""

from __future__ import annotations

from replay.coimbra.catalog import Catalog
from replay.coimbra.game import Game
from replay.coimbra.phases import PHASES
from replay.coimbra.rules import RULES, VARIANTS
from replay.core.judge import Judge


def new_game(players: list[str], catalog: Catalog, mode: str = "strict",
             variants: list[str] | tuple[str, ...] = (),
             positions: list[tuple[int, int]] | None = None) -> Game:
    """A game at its very start, judged in ``mode`` under the declared ``variants``."""
    judge = Judge(mode, RULES, set(variants), positions, known_variants=VARIANTS)
    return Game(players, catalog, judge, PHASES)
