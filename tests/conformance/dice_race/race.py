"""The dice race: players roll in turn and move their pawn; first to the finish ends it.

Every move and every point is a ledger row. A pawn stopping exactly on a star space scores
its points at once; at the end each player scores one point per space reached, and the
first to the finish its bonus.
"""

from __future__ import annotations

from collections.abc import Iterator

from replay.core.logs.log import GameLog
from replay.core.protocol.actions import Refusal
from replay.core.protocol.flow import Phase
from replay.core.reports.report import ENGINE_VERSION, REPORT_VERSION, standings, verdict
from replay.core.verdicts.judge import Judge
from replay.core.verdicts.ledger import LedgerRow, phase_breakdown

from .catalog import Board

RACE, FINAL = "race", "final"
RULESET = "dice-race-1"
PHASE_ORDER = (RACE, FINAL)
FACES = range(1, 7)


class Race:
    """A race in progress: pawns, points, whose roll is next, and the ledger."""

    def __init__(self, players: list[str], board: Board, judge: Judge):
        self.players = list(players)
        self.board = board
        self.judge = judge
        self.position = dict.fromkeys(players, 0)
        self.points = dict.fromkeys(players, 0)
        self.rolls = dict.fromkeys(players, 0)
        self.next = players[0]
        self.phase = RACE
        self.last: tuple[str, int] | None = None
        self.round = 1
        self.winner: str | None = None
        self.event: int | None = None
        self.ledger: list[LedgerRow] = []
        self.claims: list[dict] = []
        self.final_claim: tuple[int, dict] | None = None

    def change(self, name: str, resource: str, delta: int, reason: str, source: str,
               phase: str = RACE) -> None:
        """Add ``delta`` to a pawn's position or a player's points, as a ledger row."""
        table = self.position if resource == "position" else self.points
        table[name] += delta
        self.ledger.append({"event": self.event, "player": name, "resource": resource,
                            "delta": delta, "after": table[name], "reason": reason,
                            "round": self.round, "phase": phase, "source": source})

    def expected_next(self) -> str:
        """What the log should say next, in words."""
        return "the final scores" if self.winner else f"a roll by {self.next}"


def roll_refusals(race: Race, event: dict) -> Iterator[Refusal]:
    """The rules a roll breaks (the phase flow has refused a roll after the finish)."""
    name, die = event["player"], event["die"]
    if name not in race.position:
        yield Refusal("dice-race.log.player", f"{name!r} is not a player of this race",
                      expected=", ".join(race.players), found=name, skip=True)
    if name != race.next:
        again = race.last == (name, 6) and not race.judge.allows("six-again")
        yield Refusal("dice-race.turn.order", f"it is {race.next}'s turn to roll",
                      player=name, expected=race.next, found=name,
                      legal_under="six-again" if again else None)
    if die not in FACES:
        yield Refusal("dice-race.roll.faces", f"a die shows 1 to 6, not {die}", player=name,
                      expected="1 to 6", found=die, skip=True)


def apply_roll(race: Race, event: dict) -> None:
    """Move the pawn; the same player rolls again after a six under six-again."""
    name, die = event["player"], event["die"]
    _move(race, name, die)
    race.last = (name, die)
    race.rolls[name] += 1
    if not (die == 6 and race.judge.allows("six-again")):
        following = race.players[(race.players.index(name) + 1) % len(race.players)]
        if following == race.players[0] and race.winner is None:
            race.round += 1
        race.next = following


def roll_candidates(race: Race) -> Iterator[dict]:
    """The six faces the next player's die may show."""
    for die in FACES:
        yield {"type": "roll", "player": race.next, "die": die}


def _move(race: Race, name: str, die: int) -> None:
    board = race.board
    steps = min(die, board.finish - race.position[name])
    lost = f" ({die - steps} beyond the finish, lost)" if steps < die else ""
    race.change(name, "position", steps, f"rolled {die}{lost}", f"die:{die}")
    space = race.position[name]
    if space in board.stars:
        race.change(name, "points", board.stars[space], f"stopped on the star of space "
                    f"{space}", f"star:{space}")
    if space == board.finish:
        race.winner = name


def no_refusals(race: Race, event: dict) -> tuple:
    """A claim breaks no rule when it is written; it is compared once the race is scored."""
    return ()


def record_final(race: Race, event: dict) -> None:
    """Keep the table's final scores, compared once the race is scored."""
    race.final_claim = (race.event, event["scores"])


PHASES = {phase.name: phase for phase in (
    Phase(RACE, "the race", RACE, expected=lambda race: race.expected_next(),
          finished=lambda race: race.winner is not None, next=FINAL),
    Phase(FINAL, "the end of the race", FINAL, expected=lambda race: race.expected_next()),
)}


def final_scoring(race: Race) -> dict:
    """Distance and the finish bonus, as ledger rows; the breakdown per player."""
    race.event = None
    running = dict(race.points)
    lines = {}
    for name in race.players:
        race.change(name, "points", race.position[name], f"{race.position[name]} spaces "
                    "reached", "distance", phase=FINAL)
        bonus = race.board.finish_bonus if name == race.winner else 0
        if bonus:
            race.change(name, "points", bonus, "first to the finish", "finish", phase=FINAL)
        lines[name] = {"running": running[name], "distance": race.position[name],
                       "bonus": bonus, "total": race.points[name]}
    return {"players": lines, "winner": race.winner}


def close_claims(race: Race, final: dict | None) -> None:
    """Compare the table's final scores with the computed totals."""
    if race.final_claim is None or final is None:
        return
    index, scores = race.final_claim
    for name, claimed in scores.items():
        computed = race.points.get(name)
        item = {"event": index, "player": name, "what": "final score", "claimed": claimed,
                "computed": computed, "match": claimed == computed}
        if not item["match"]:
            item["explained_by"] = [dict(row) for row in race.ledger
                                    if row["player"] == name and row["resource"] == "points"]
        race.claims.append(item)


def build_report(log: GameLog, race: Race, mode: str, replayed: int,
                 final: dict | None) -> dict:
    """The report document (the keys every game's report shares)."""
    rows, notes = standings(race.points, race.players) if final else ([], [])
    return {
        "report_version": REPORT_VERSION, "engine_version": ENGINE_VERSION,
        "game": log.game, "ruleset": log.ruleset or RULESET,
        "variants": sorted(log.variants), "catalog": race.board.summary,
        "input_sha256": log.sha256(), "mode": mode, "players": list(log.players),
        "verdict": verdict(race.judge.violations, race.claims, final is not None),
        "events": {"total": len(log.events), "replayed": replayed},
        "reached": {"round": race.round, "phase": FINAL if final else RACE,
                    "expected_next": race.expected_next()},
        "violations": [v.to_dict() for v in race.judge.violations],
        "warnings": list(log.warnings),
        "claims": race.claims,
        "first_divergence": next((c for c in race.claims if not c["match"]), None),
        "phases": phase_breakdown(race.ledger, PHASE_ORDER),
        "final": final, "standings": rows, "tie_break": notes,
        "final_order": list(race.players),
        "state": {name: {"position": race.position[name], "points": race.points[name],
                         "rolls": race.rolls[name]} for name in race.players},
        "ledger": race.ledger,
    }
