"""Coimbra (2018 base game) rules engine."""

from __future__ import annotations

import difflib

from replay.coimbra.catalog import BUILTIN, load_catalog
from replay.coimbra.claims import Claims
from replay.coimbra.engine import finish, run_events
from replay.coimbra.events import check_events
from replay.coimbra.game import Game
from replay.coimbra.inspect import state_at
from replay.coimbra.notation import parse_text, print_text
from replay.coimbra.report import build_report
from replay.coimbra.scoresheet import score_sheet
from replay.core.judge import Judge
from replay.core.log import GameLog
from replay.core.problems import InvalidLog, LogProblem
from replay.core.rules import load_rules, load_variants

__all__ = ["RULES", "VARIANTS", "parse_text", "print_text", "replay", "score_sheet",
           "state_at", "validate"]

RULES = load_rules("replay.coimbra")
VARIANTS = load_variants("replay.coimbra")
PLAYER_COUNTS = range(2, 5)


def validate(log: GameLog, catalog: dict | None = None) -> tuple[list[dict], list[dict]]:
    """Check what can be checked without replaying: the header and the event shapes.

    Returns the events with dice normalised and the warnings about normalisations;
    raises ``InvalidLog`` with every problem found.
    """
    problems = []
    if catalog is None and log.catalog is not None and log.catalog not in BUILTIN:
        problems.append(LogProblem(
            f"unknown catalog {log.catalog!r}", path="/header/catalog",
            expected=" or ".join(BUILTIN) + ", or a transcribed catalog passed with the log",
            suggestions=tuple(difflib.get_close_matches(log.catalog, BUILTIN, n=2))))
    if len(log.players) not in PLAYER_COUNTS:
        problems.append(LogProblem(f"Coimbra is for 2-4 players, not {len(log.players)}",
                                   path="/header/players"))
    for i, name in enumerate(log.variants):
        if name not in VARIANTS:
            problems.append(LogProblem(
                f"unknown variant {name!r}", path=f"/header/variants/{i}",
                expected=", ".join(VARIANTS),
                suggestions=tuple(difflib.get_close_matches(name, VARIANTS, n=2))))
    try:
        events, warnings = check_events(log.events)
    except InvalidLog as err:
        problems.extend(err.problems)
    if problems:
        raise InvalidLog(problems)
    return events, warnings


def replay(log: GameLog, mode: str = "strict", catalog: dict | None = None) -> dict:
    """Replay a Coimbra log and return its report document."""
    events, warnings = validate(log, catalog)
    loaded = load_catalog(catalog, log.catalog)
    judge = Judge(mode, RULES, set(log.variants), log.positions)
    game = Game(log.players, loaded, judge)
    claims = Claims()
    completed = run_events(game, events, claims)
    final = finish(game) if completed else None
    claims.close(game, {n: p.points for n, p in game.state.players.items()} if final else None)
    replayed = len(events) if completed else judge.event
    return build_report(log, game, loaded, mode, replayed, final, claims,
                        log.warnings + warnings)
