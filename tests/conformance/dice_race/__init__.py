"""A two-player dice race written only against the game protocol (``replay.core.protocol.game``).

It lives in the tests and is registered only while a test runs (``GAMES.registered(GAME)``):
if it replays, renders and goes through the command line and the API without an edit
outside this folder, the protocol says everything the rest of the system asks of a game.
"""

from __future__ import annotations

import random

from marshmallow import Schema, ValidationError, fields, validate

from replay.core.logs.log import GameLog
from replay.core.logs.problems import InvalidLog, LogProblem, problems_from_marshmallow
from replay.core.protocol.actions import EventSpec
from replay.core.protocol.flow import Flow, NextStep, PhaseOrder
from replay.core.protocol.game import Category, Game, Section
from replay.core.protocol.rules import load_rules, load_variants
from replay.core.protocol.shapes import COMMON_KINDS
from replay.core.verdicts.judge import Judge

from . import catalog as boards
from . import notation
from .race import (
    FINAL,
    PHASE_ORDER,
    PHASES,
    RACE,
    RULESET,
    Race,
    apply_roll,
    build_report,
    close_claims,
    final_scoring,
    no_refusals,
    record_final,
    roll_candidates,
    roll_refusals,
)

NAMES = ("ann", "bob")

EVENT_SPECS = {spec.kind: spec for spec in (
    EventSpec("roll", {"player": ("str", True), "die": ("int", True)}, phase=RACE,
              read=notation.read_roll, write=notation.write_roll, refusals=roll_refusals,
              apply=apply_roll, candidates=roll_candidates, chance=True),
    EventSpec("final", {"scores": ("scores", True)}, write=notation.write_final,
              refusals=no_refusals, apply=record_final),
)}

FLOW = Flow(EVENT_SPECS, PhaseOrder(PHASES, order_rule="dice-race.turn.order",
                                    after_end_rule="dice-race.log.after_end"),
            acting=lambda race: None if race.winner else race.next)


class ScoresheetSchema(Schema):
    """The end of a race as the table wrote it: pawns, star points, the claimed totals."""

    positions = fields.Dict(keys=fields.String(),
                            values=fields.Integer(validate=validate.Range(min=0)),
                            required=True)
    stars = fields.Dict(keys=fields.String(),
                        values=fields.Integer(validate=validate.Range(min=0)), required=True)
    final = fields.Dict(keys=fields.String(), values=fields.Integer(), load_default=dict)


class DiceRace(Game):
    """Roll, move, land on stars; the first pawn on the finish ends the race."""

    name = "dice-race"
    title = "Dice race"
    player_counts = (2,)
    rulesets = (RULESET,)
    rules = load_rules(__package__)
    variants = load_variants(__package__)
    builtin_catalogs = boards.BUILTIN
    event_specs = EVENT_SPECS
    field_kinds = COMMON_KINDS
    scoring_categories = (Category("running", "Stars (during play)"),
                          Category("distance", "Distance"), Category("bonus", "Finish bonus"),
                          Category("total", "Total"))
    phase_order = PHASE_ORDER
    scoresheet_schema = ScoresheetSchema

    def _race(self, log: GameLog, mode: str, catalog: dict | None) -> Race:
        judge = Judge(mode, self.rules, set(log.variants), log.positions,
                      known_variants=self.variants)
        return Race(log.players, boards.load_board(catalog, log.catalog), judge)

    def replay(self, log: GameLog, mode: str = "strict", catalog: dict | None = None,
               weigh: bool = False) -> dict:
        """Replay a race and report it (its board holds no placeholders: nothing to weigh)."""
        events, _ = self.validate(log, catalog)
        race = self._race(log, mode, catalog)
        completed = FLOW.run(race, events)
        final = final_scoring(race) if completed and race.winner else None
        close_claims(race, final)
        replayed = len(events) if completed else race.judge.event
        return build_report(log, race, mode, replayed, final)

    def _replay_to(self, log: GameLog, event: int, catalog: dict | None) -> Race:
        events, _ = self.validate(log, catalog)
        race = self._race(log, "audit", catalog)
        FLOW.run(race, events[:event + 1])
        return race

    def state_at(self, log: GameLog, event: int, catalog: dict | None = None) -> dict:
        """Pawns and points after ``event``, and who rolls next."""
        race = self._replay_to(log, event, catalog)
        step = FLOW.next_step(race)
        return {"after_event": event, "round": race.round, "phase": race.phase,
                "positions": race.position, "points": race.points,
                "acting_player": step.acting, "legal_actions": step.actions,
                "violations_so_far": [v.to_dict() for v in race.judge.violations]}

    def legal_actions(self, log: GameLog, event: int, catalog: dict | None = None) -> list:
        """The six rolls of the player whose turn it is (none once the race is over)."""
        return FLOW.legal_actions(self._replay_to(log, event, catalog))

    def next_step(self, log: GameLog, event: int, catalog: dict | None = None) -> NextStep:
        """Who rolls next and the six faces the die may show (nothing once it is over)."""
        return FLOW.next_step(self._replay_to(log, event, catalog))

    def score_sheet(self, log: GameLog, sheet: object, catalog: dict | None = None) -> dict:
        """Final scoring from where the pawns stopped and the star points scored."""
        try:
            data = ScoresheetSchema().load(sheet)
        except ValidationError as err:
            raise InvalidLog(problems_from_marshmallow(err.messages, "/scoresheet")) from None
        self.validate(log, catalog)
        race = self._race(log, "strict", catalog)
        problems = [LogProblem(f"one {what} per player of the header",
                               path=f"/scoresheet/{what}", expected=", ".join(log.players))
                    for what in ("positions", "stars") if set(data[what]) != set(log.players)]
        finished = [n for n, p in data["positions"].items() if p >= race.board.finish]
        if not problems and len(finished) != 1:
            problems.append(LogProblem("exactly one pawn is on the finish",
                                       path="/scoresheet/positions",
                                       expected=f"one position of {race.board.finish}"))
        if problems:
            raise InvalidLog(problems)
        race.position.update(data["positions"])
        race.points.update(data["stars"])
        race.winner = finished[0]
        final = final_scoring(race)
        if data["final"]:
            race.final_claim = (0, data["final"])
        close_claims(race, final)
        report = build_report(log, race, "strict", 0, final)
        report["input"] = "scoresheet"
        return report

    def parse_text(self, text: str) -> GameLog:
        """A log from the text notation."""
        return notation.parse_text(text, self.event_specs)

    def print_text(self, log: GameLog) -> str:
        """The canonical text notation."""
        return notation.print_text(log, self.event_specs)

    def generate(self, players: int, seed: int) -> dict:
        """A complete legal race: seeded rolls until a pawn reaches the finish."""
        rng = random.Random(seed)
        log = GameLog(game=self.name, players=list(NAMES[:players]),
                      ruleset=self.rulesets[0], catalog=self.builtin_catalogs[0],
                      metadata={"generator": "referee generate", "seed": str(seed)})
        race = self._race(log, "strict", None)
        while actions := FLOW.legal_actions(race):
            event = rng.choice(actions)
            FLOW.play(race, len(log.events), event)
            log.events.append(event)
        final = final_scoring(race)
        log.events.append({"type": "final", "scores": {name: line["total"] for name, line
                                                      in final["players"].items()}})
        return log.to_dict()

    def check_catalog(self, document: object) -> list[LogProblem]:
        """Every problem of a board document."""
        return boards.check_catalog(document)

    def catalog_sha256(self, document: dict) -> str:
        """The content hash of a board document."""
        return boards.catalog_sha256(document)

    def catalog_template(self) -> dict:
        """A board to fill in."""
        return boards.template_document()

    def report_sections(self, report: dict) -> list[Section]:
        """Where each pawn stopped, after how many rolls."""
        state = report.get("state") or {}
        rows = [[name, line.get("rolls"), line.get("position"), line.get("points")]
                for name, line in state.items()]
        if not rows:
            return []
        note = "The race is over." if report.get("reached", {}).get("phase") == FINAL else ""
        return [Section("race", "Race", ["Player", "Rolls", "Space", "Points"], rows, note)]


GAME = DiceRace()
