"""The game protocol: everything the rest of the system may ask of a game.

A game is one folder under ``replay/`` whose package builds one object of a ``Game``
subclass, and one line in ``replay/games.py``. The API, the workers, the command line and the
renderers only ever talk to such objects (found by name in the registry); none of them names
a game. The base class does the work every game shares (checking a log's header against the
game's rulesets, player counts, variants and catalogs, and the shapes of its events against
its event specs), so a game writes only what is its own.

A game declares:

- **identity**: ``name`` (as written in a log header and in a text log's ``[game "..."]``
  tag), ``title``, ``player_counts``, ``rulesets`` (the first is the default), ``rules`` and
  ``variants`` (from its data files);
- **catalogs**: ``builtin_catalogs`` (the first is the default), ``check_catalog``,
  ``catalog_sha256``, ``catalog_template``. A catalog document says whose and which it is
  in ``meta``: ``game`` (how the registry finds the game when a request does not say),
  ``id`` and ``printed`` (listed by the API's catalog records);
- **events**: ``event_specs``, one ``EventSpec`` per event type (its fields, its phase, how
  the text notation reads and prints it, and as an action kind of ``replay.core.protocol.actions``
  its refusals, apply and candidates), and ``field_kinds``, the kinds of value those fields
  name (``replay.core.protocol.shapes``);
- **operations**: ``replay``, ``state_at``, ``legal_actions``, ``next_step`` (what may
  happen next: ``replay.core.protocol.flow.NextStep``), ``score_sheet`` (with its
  optional ``scoresheet_schema``), ``parse_text``, ``print_text``, ``generate``. ``replay``
  and ``score_sheet`` return a report document of ``replay.core.reports.report_schema``'s schema;
  the ledger rows of final scoring carry the phase ``final``. The text notation's header
  tags are read and printed by ``replay.core.logs.text`` (``read_header``, ``header_lines``);
- **for the renderers**: ``scoring_categories`` (the rows of the final breakdown, keys of
  ``report["final"]["players"][name]``), ``phase_order`` (how ledger phases sort),
  ``final_tables`` (tables below the final breakdown) and ``report_sections`` (tables of its
  own, such as Coimbra's turn order).

``EngineGame`` puts the operations together from a game's ``Engine`` (its own functions) for
games that replay on a table with claims. ``tests/conformance/dice_race`` is a game written
only against the protocol; its tests take it through the command line, the API and the
renderers.
"""

from __future__ import annotations

import dataclasses
import difflib
import json
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from marshmallow import Schema

from replay.core.logs.log import GameLog
from replay.core.logs.problems import InvalidLog, LogProblem
from replay.core.protocol.actions import EventSpec, legal_candidates
from replay.core.protocol.catalogs import catalog_sha256
from replay.core.protocol.flow import NextStep, Phase, supply_at
from replay.core.protocol.replayer import Replayer
from replay.core.protocol.rules import Rule, Variant
from replay.core.protocol.shapes import FieldKind, check_shapes
from replay.core.speech import say
from replay.core.verdicts import weighing
from replay.core.words import alternatives, number_span


@dataclass(frozen=True)
class Section:
    """A table of a report that only one game has (rendered the same way in every format)."""

    key: str
    title: str
    header: list[str]
    rows: list[list]
    note: str = ""
    folded: str = ""  # a long list its note sums up: a page shows it folded under this line


def dict_in(value) -> dict:
    """A report's part that should be an object, or an empty one: a section is rendered from
    a stored report, which may come from an older engine or from outside."""
    return value if isinstance(value, dict) else {}


def rows_in(value) -> list[dict]:
    """The objects of a report's part that should be a list of them (see ``dict_in``)."""
    return [item for item in value if isinstance(item, dict)] if isinstance(value, list) else []


@dataclass(frozen=True)
class Category:
    """One row of the final scoring breakdown: the report's key and its label."""

    key: str
    label: str


class Game(ABC):
    """The protocol every game implements (see the module docstring)."""

    name: str
    title: str
    player_counts: tuple[int, ...]
    rulesets: tuple[str, ...]
    rules: Mapping[str, Rule]
    variants: Mapping[str, Variant]
    builtin_catalogs: tuple[str, ...]
    event_specs: Mapping[str, EventSpec]
    field_kinds: Mapping[str, FieldKind]
    scoring_categories: tuple[Category, ...]
    phase_order: tuple[str, ...]
    scoresheet_schema: type[Schema] | None = None
    bgg_id: int | None = None  # the game's BoardGameGeek id, by which play trackers know it
    # A printed effect of its catalog in words (None for a value that is no effect), so a
    # report says a card's effect as a player reads it: ``replay.core.reports.value_words``.
    effect_words: Callable[[object], str | None] | None = None

    # -- description -----------------------------------------------------------------

    def describe(self) -> dict:
        """What ``GET /v1/games`` lists for this game."""
        return {"game": self.name, "title": self.title, "rulesets": list(self.rulesets),
                "players": list(self.player_counts),
                "variants": [v.to_dict() for v in self.variants.values()],
                "catalogs": list(self.builtin_catalogs)}

    def rule(self, rule_id: str) -> Rule:
        """A rule by id (a ``KeyError`` names an id the game does not have)."""
        return self.rules[rule_id]

    def event_text(self, event: dict) -> str:
        """One event as the game's text notation writes it (lines joined by `` / ``); its
        JSON when the notation cannot write it (an event the table's log got wrong)."""
        bare = {k: v for k, v in event.items() if k != "comment"}
        spec = self.event_specs.get(bare.get("type"))
        if spec is not None and spec.write is not None:
            try:
                return " / ".join(spec.write(bare))
            except (KeyError, TypeError, ValueError, AttributeError):
                pass
        return json.dumps(bare, sort_keys=True)

    # -- checks every game shares --------------------------------------------------------

    def header_problems(self, log: GameLog, catalog: dict | None) -> list[LogProblem]:
        """Problems with the header: player count, variants, ruleset, catalog."""
        problems = []
        if catalog is None and log.catalog is not None \
                and log.catalog not in self.builtin_catalogs:
            problems.append(LogProblem(
                say("unknown catalog {catalog}", catalog=repr(log.catalog)),
                path="/header/catalog",
                expected=say("{catalogs}, or a transcribed catalog passed with the log",
                             catalogs=alternatives(self.builtin_catalogs)),
                suggestions=_close(log.catalog, self.builtin_catalogs, 2)))
        if log.ruleset is not None and log.ruleset not in self.rulesets:
            problems.append(LogProblem(
                say("unknown ruleset {ruleset}", ruleset=repr(log.ruleset)),
                path="/header/ruleset", expected=alternatives(self.rulesets),
                suggestions=_close(log.ruleset, self.rulesets, 2)))
        if len(log.players) not in self.player_counts:
            problems.append(LogProblem(
                say("{game} is for {counts} players, not {number}", game=self.title,
                    counts=number_span(self.player_counts), number=len(log.players)),
                path="/header/players"))
        for i, name in enumerate(log.variants):
            if name not in self.variants:
                problems.append(LogProblem(
                    say("unknown variant {variant}", variant=repr(name)),
                    path=f"/header/variants/{i}",
                    expected=", ".join(self.variants),
                    suggestions=_close(name, self.variants, 2)))
        return problems

    def validate(self, log: GameLog, catalog: dict | None = None) -> tuple[list, list]:
        """Check the header and every event's shape without replaying.

        Returns the events (normalised where the game accepts other spellings) and the
        warnings about normalisations; raises ``InvalidLog`` with every problem found.
        """
        problems = log.locate(self.header_problems(log, catalog))
        try:
            events, warnings = check_shapes(log.events, self.event_specs, self.field_kinds)
        except InvalidLog as err:
            problems.extend(err.problems)
        if problems:
            raise InvalidLog(problems)
        return events, warnings

    # -- operations each game implements ---------------------------------------------

    @abstractmethod
    def replay(self, log: GameLog, mode: str = "strict", catalog: dict | None = None,
               weigh: bool = False) -> dict:
        """Replay a log and return its report document; with ``weigh``, the placeholder
        values read where the verdict was decided are weighed by replaying with each changed
        (``replay.core.verdicts.weighing``: slower, for a report a person will read)."""

    def weigh_event(self, log: GameLog, event: int, mode: str = "audit",
                    catalog: dict | None = None) -> list[dict]:
        """The placeholder values the catalog holds where ``event`` read its components,
        each weighed (``replay.core.verdicts.weighing.weigh_at``): ``decides`` when another
        value there turns the event's verdict (legal or refused). Nothing for a game whose
        catalogs hold no placeholders (the default)."""
        return []

    @abstractmethod
    def state_at(self, log: GameLog, event: int, catalog: dict | None = None) -> dict:
        """Every player's state after ``event`` and the acting player's legal actions."""

    @abstractmethod
    def legal_actions(self, log: GameLog, event: int, catalog: dict | None = None) -> list:
        """The events the acting player may write after ``event`` (-1: before the first)."""

    @abstractmethod
    def next_step(self, log: GameLog, event: int, catalog: dict | None = None) -> NextStep:
        """What may happen after ``event`` (-1: before the first): who acts, the legal
        events, whether they are chance the table supplies, and in words what comes next."""

    @abstractmethod
    def score_sheet(self, log: GameLog, sheet: object, catalog: dict | None = None) -> dict:
        """Final scoring from a scoresheet (the end state, without moves)."""

    @abstractmethod
    def parse_text(self, text: str) -> GameLog:
        """A log from the game's text notation (``InvalidLog`` with located problems)."""

    @abstractmethod
    def print_text(self, log: GameLog) -> str:
        """The canonical text notation of a log."""

    @abstractmethod
    def generate(self, players: int, seed: int) -> dict:
        """A complete legal game log (JSON document) played by a seeded random player."""

    @abstractmethod
    def check_catalog(self, document: object) -> list[LogProblem]:
        """Every problem of a transcribed catalog document, located by path."""

    @abstractmethod
    def catalog_sha256(self, document: dict) -> str:
        """The content hash of a catalog document."""

    @abstractmethod
    def catalog_template(self) -> dict:
        """A fill-in catalog with every slot of the printed components."""

    def report_sections(self, report: dict) -> list[Section]:
        """Tables only this game's reports have, in reading order (none by default)."""
        return []

    def final_tables(self, report: dict) -> list[Section]:
        """Tables that detail the final scoring below its category table (none by default)."""
        return []


def _no_tables(report: dict) -> list[Section]:
    return []


@dataclass(frozen=True)
class Engine:
    """A game's own functions, from which ``EngineGame`` makes the protocol's operations.

    ``replayer`` replays a log on the game's table; ``build_report(log, table, catalog, mode,
    replayed, final, claims, warnings)`` writes the report; ``add_hints(table, events,
    catalog, mode, players, variants)`` (optional) notes on a replay before its report is
    written; ``state_at(log, event, catalog)``, ``legal_actions(table)``,
    ``acting_player(table)`` and ``expected_next(table)`` look at a point of a log;
    ``parse_text(text)`` gives the log and its leniency warnings; the others are the
    protocol's operations of the same names.
    """

    replayer: Replayer
    build_report: Callable[..., dict]
    state_at: Callable[[GameLog, int, dict | None], dict]
    legal_actions: Callable[[object], list]
    acting_player: Callable[[object], str | None]
    expected_next: Callable[[object], str]
    phases: Mapping[str, Phase]
    score_sheet: Callable[[GameLog, object, dict | None], dict]
    parse_text: Callable[[str], tuple[GameLog, list[dict]]]
    print_text: Callable[[GameLog], str]
    generate: Callable[[int, int], dict]
    check_catalog: Callable[[object], list[LogProblem]]
    catalog_template: Callable[[], dict]
    report_sections: Callable[[dict], list[Section]] = _no_tables
    final_tables: Callable[[dict], list[Section]] = _no_tables
    add_hints: Callable[..., None] | None = None


class EngineGame(Game):
    """A game whose operations are its ``engine``'s functions, put together the same way for
    every game that replays on a table with claims (Coimbra, Viscounts)."""

    engine: Engine

    def replay(self, log: GameLog, mode: str = "strict", catalog: dict | None = None,
               weigh: bool = False) -> dict:
        """Replay a log and return its report document (``weigh``: see ``Game.replay``)."""
        events, warnings = self.validate(log, catalog)
        run = self.engine.replayer.replay(log, events, mode, catalog)
        if self.engine.add_hints is not None:
            self.engine.add_hints(run.table, events, run.catalog, mode, log.players,
                                  log.variants)
        report = self.engine.build_report(log, run.table, run.catalog, mode, run.replayed,
                                          run.final, run.claims, log.warnings + warnings)
        if weigh:
            summary = report["catalog"]
            summary["weighed"] = weighing.weigh(
                summary.get("placeholders_used", []), run.table.judge.violations,
                report["claims"], run.catalog.placeholders,
                self._counterfactual(log, events, mode, catalog))
        if log.position is not None:  # what came before the position was not checked
            report["from_position"] = True
        return report

    def weigh_event(self, log: GameLog, event: int, mode: str = "audit",
                    catalog: dict | None = None) -> list[dict]:
        """The placeholder values ``event`` read, each weighed (see ``Game.weigh_event``)."""
        events, _ = self.validate(log, catalog)
        prefix = dataclasses.replace(log, events=log.events[:event + 1])
        run = self.engine.replayer.replay(prefix, events[:event + 1], mode, catalog)
        read = run.table.touched_at([event]).get(event, set())
        used = [p.to_dict() for p in run.catalog.placeholders_used(read)]
        weighing.weigh_at(used, event, [(v.event, v.rule) for v in run.table.judge.violations],
                          run.catalog.placeholders,
                          self._counterfactual(log, events, mode, catalog))
        return used

    def _counterfactual(self, log: GameLog, events: list[dict], mode: str,
                        catalog: dict | None) -> weighing.Counterfactual:
        """``weighing.weigh``'s replay: the log up to an event, with values declared."""
        def replay(components: dict[str, dict], upto: int) -> weighing.Outcome | None:
            declared = {entry: dict(values) for entry, values in log.components.items()}
            for entry, values in components.items():
                declared.setdefault(entry, {}).update(values)
            changed = dataclasses.replace(log, events=log.events[:upto + 1],
                                          components=declared, component_lines={})
            try:
                run = self.engine.replayer.replay(changed, events[:upto + 1], mode, catalog)
            except InvalidLog:  # the catalog refuses the value: it cannot be the printed one
                return None
            return weighing.Outcome(
                tuple((v.event, v.rule) for v in run.table.judge.violations),
                {(c["event"], c["player"], c["what"]): c["computed"]
                 for c in run.claims.items})
        return replay

    def state_at(self, log: GameLog, event: int, catalog: dict | None = None) -> dict:
        """Every player's state after ``event`` and what the acting player could do next."""
        self.validate(log, catalog)
        return self.engine.state_at(log, event, catalog)

    def position_at(self, log: GameLog, event: int, catalog: dict | None = None) -> GameLog:
        """A log that starts from the table as it stands after ``event`` (its position
        document in place of the events up to there), with the rest of the events."""
        self.validate(log, catalog)
        replayer = self.engine.replayer
        if replayer.position_of is None:
            raise InvalidLog([LogProblem(say("{game} positions are not written yet",
                                             game=self.title),
                                         path="/position")])
        table = replayer.replay_to(log, event, catalog)
        return dataclasses.replace(log, events=log.events[event + 1:],
                                   positions=log.positions[event + 1:],
                                   position=replayer.position_of(table))

    def legal_actions(self, log: GameLog, event: int, catalog: dict | None = None) -> list:
        """The events the acting player may write after ``event``."""
        self.validate(log, catalog)
        return self.engine.legal_actions(self.engine.replayer.replay_to(log, event, catalog))

    def next_step(self, log: GameLog, event: int, catalog: dict | None = None) -> NextStep:
        """Who acts after ``event``, the legal events, and what the log should say next."""
        self.validate(log, catalog)
        table = self.engine.replayer.replay_to(log, event, catalog)
        phases = self.engine.phases
        phase = phases[table.phase]
        actions = self.engine.legal_actions(table)
        acting = self.engine.acting_player(table)
        if not actions and acting is None:
            # Chance of no phase (a pile's new top) may be owed at any point: what the
            # table may supply then is its kinds' candidates that no refusal stops.
            actions = legal_candidates([spec for spec in self.event_specs.values()
                                        if spec.chance and spec.phase is None
                                        and spec.candidates is not None], table)
        return NextStep(phase.name, phase.title, acting, self.engine.expected_next(table),
                        actions, chance=bool(actions) and all(self.event_specs[a["type"]].chance
                                                              for a in actions),
                        supply=supply_at(self.event_specs.values(), phases, phase.name, table,
                                         acting))

    def score_sheet(self, log: GameLog, sheet: object, catalog: dict | None = None) -> dict:
        """Final scoring from a scoresheet, once its header is one the game can have (a
        player count the game has no board for is refused, as in a log)."""
        self.validate(log, catalog)
        return self.engine.score_sheet(log, sheet, catalog)

    def parse_text(self, text: str) -> GameLog:
        """A log from the text notation."""
        return self.engine.parse_text(text)[0]

    def print_text(self, log: GameLog) -> str:
        """The canonical text notation of a log."""
        return self.engine.print_text(log)

    def generate(self, players: int, seed: int) -> dict:
        """A complete legal game played by a seeded random player."""
        return self.engine.generate(players, seed)

    def check_catalog(self, document: object) -> list[LogProblem]:
        """Every problem of a transcribed catalog."""
        return self.engine.check_catalog(document)

    def catalog_sha256(self, document: dict) -> str:
        """The content hash of a catalog document."""
        return catalog_sha256(document)

    def catalog_template(self) -> dict:
        """A fill-in catalog for transcribing the printed components."""
        return self.engine.catalog_template()

    def report_sections(self, report: dict) -> list[Section]:
        """Tables only this game's reports have, in reading order."""
        return self.engine.report_sections(report)

    def final_tables(self, report: dict) -> list[Section]:
        """Tables that detail the final scoring below its category table."""
        return self.engine.final_tables(report)


def _close(word: str, choices, n: int) -> tuple[str, ...]:
    return tuple(difflib.get_close_matches(word, list(choices), n=n))
