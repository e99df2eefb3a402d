"""Coimbra (2018 base game) rules engine."""

from __future__ import annotations

import difflib

from replay.coimbra.catalog import load_catalog
from replay.coimbra.claims import Claims
from replay.coimbra.engine import finish, run_events
from replay.coimbra.events import check_events
from replay.coimbra.game import Game
from replay.coimbra.report import build_report
from replay.core.judge import Judge
from replay.core.log import GameLog
from replay.core.problems import InvalidLog, LogProblem
from replay.core.rules import load_rules, load_variants

RULES = load_rules("replay.coimbra")
VARIANTS = load_variants("replay.coimbra")
PLAYER_COUNTS = range(2, 5)


def replay(log: GameLog, mode: str = "strict", catalog: dict | None = None) -> dict:
    """Replay a Coimbra log and return its report document."""
    problems = []
    if len(log.players) not in PLAYER_COUNTS:
        problems.append(LogProblem(f"Coimbra is for 2-4 players, not {len(log.players)}",
                                   path="/header/players"))
    for i, name in enumerate(log.variants):
        if name not in VARIANTS:
            problems.append(LogProblem(
                f"unknown variant {name!r}", path=f"/header/variants/{i}",
                expected=", ".join(VARIANTS),
                suggestions=tuple(difflib.get_close_matches(name, VARIANTS, n=2))))
    if problems:
        raise InvalidLog(problems)
    loaded = load_catalog(catalog, log.catalog)
    events, warnings = check_events(log.events)
    judge = Judge(mode, RULES, set(log.variants), log.positions)
    game = Game(log.players, loaded, judge)
    claims = Claims()
    completed = run_events(game, events, claims)
    final = finish(game) if completed else None
    claims.close(game, {n: p.points for n, p in game.state.players.items()} if final else None)
    replayed = len(events) if completed else judge.event
    return build_report(log, game, loaded, mode, replayed, final, claims, warnings)
