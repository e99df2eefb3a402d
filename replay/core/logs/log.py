"""The game-independent log model: a header and an ordered list of events."""

from __future__ import annotations

import copy
from dataclasses import dataclass, field, replace
from itertools import repeat

from marshmallow import Schema, ValidationError, fields, validate

from replay.core.logs.canonical import canonical_sha256
from replay.core.logs.declarations import Declaration, from_json
from replay.core.logs.plain_load import plain_load
from replay.core.logs.problems import InvalidLog, LogProblem, problems_from_marshmallow
from replay.core.speech import say


class FullMatch(validate.Regexp):
    """A pattern the whole value must match: ``$`` alone lets ``"ana\n"`` through.

    The pattern itself keeps ``^...$``, which is what it means in the API contract (JSON
    Schema patterns follow ECMAScript, where ``$`` is the very end).
    """

    def __call__(self, value: str) -> str:
        if not isinstance(value, str) or self.regex.fullmatch(value) is None:
            raise ValidationError(self._format_error(value))
        return value


PLAYER_NAME = FullMatch(
    r"^[a-z][a-z0-9_-]{0,23}$",
    error="player names are 1-24 lowercase letters, digits, '_' or '-', starting with a letter",
)


class HeaderSchema(Schema):
    """What every log states before its first event."""

    game = fields.String(required=True, validate=validate.Length(min=1))
    ruleset = fields.String(load_default=None)
    catalog = fields.String(load_default=None)
    variants = fields.List(fields.String(), load_default=list)
    players = fields.List(
        fields.String(validate=PLAYER_NAME), required=True, validate=validate.Length(min=1, max=8)
    )
    metadata = fields.Dict(keys=fields.String(validate=FullMatch(
        r"^[A-Za-z][A-Za-z0-9_-]*$", error="metadata keys are words such as event or table")),
        values=fields.String(), load_default=dict)


class LogSchema(Schema):
    """A whole log: header plus events; each event is an object with a ``type``."""

    header = fields.Nested(HeaderSchema, required=True)
    # Each event is checked by its game's engine; ``load_log`` checks only that each is an
    # object with a type, without a schema pass per event, which keeps long logs cheap.
    events = fields.List(fields.Dict(), load_default=list)
    # Printed values read off the table (``replay.core.logs.declarations``):
    # entry -> field -> value.
    components = fields.Dict(keys=fields.String(), values=fields.Dict(), load_default=dict)
    # The table the events start from instead of the setup (each game's position document).
    position = fields.Dict(load_default=None, allow_none=True)


_HEADER_ONLY = LogSchema(exclude=("events",))
_HEADER = HeaderSchema()


@dataclass
class GameLog:
    """A parsed log. Events stay plain dicts here; each game reads its own event shapes."""

    game: str
    players: list[str]
    ruleset: str | None = None
    catalog: str | None = None
    variants: list[str] = field(default_factory=list)
    metadata: dict = field(default_factory=dict)
    events: list[dict] = field(default_factory=list)
    # Where each event came from in a text source: (line, column); empty for JSON input.
    positions: list[tuple[int, int]] = field(default_factory=list, compare=False)
    # Spellings the parser accepted and normalised, reported as warnings.
    warnings: list[dict] = field(default_factory=list, compare=False)
    # Where each header tag came from in a text source: tag name -> (line, its text).
    tag_lines: dict[str, tuple[int, str]] = field(default_factory=dict, compare=False)
    # Printed values the log declares (``replay.core.logs.declarations``): entry -> field -> value;
    # and, for a text source, where each is: (entry, field) -> (line, column, its text).
    components: dict[str, dict] = field(default_factory=dict)
    # The table the events start from, when not from the setup (the game's position document).
    position: dict | None = None
    component_lines: dict[tuple[str, str], tuple[int, int, str]] = field(
        default_factory=dict, compare=False)

    def declarations(self) -> list[Declaration]:
        """The values the log declares, each located where the log says it."""
        if not self.component_lines:
            return from_json(self.components)
        return [Declaration(entry, name, value, line=line, column=column, text=text)
                for entry, values in self.components.items()
                for name, value in values.items()
                for line, column, text in [self.component_lines[(entry, name)]]]

    def locate(self, problems: list[LogProblem]) -> list[LogProblem]:
        """``problems`` with the line of the header tag each one's path names, for a log
        read from text (``/header/players/1`` is on the ``[players ...]`` line)."""
        return at_tag_lines(problems, self.tag_lines)

    def to_dict(self) -> dict:
        """The canonical JSON form of the log (a copy: changing it leaves the log alone)."""
        document = {"header": self._header(), "events": [dict(e) for e in self.events]}
        if self.components:
            document["components"] = {entry: dict(values)
                                      for entry, values in self.components.items()}
        if self.position is not None:
            document["position"] = copy.deepcopy(self.position)
        return document

    def _header(self) -> dict:
        return {
            "game": self.game,
            "ruleset": self.ruleset,
            "catalog": self.catalog,
            "variants": list(self.variants),
            "players": list(self.players),
            "metadata": dict(self.metadata),
        }

    def game_sha256(self) -> str:
        """Content hash of the game itself: the same game sent as JSON and as text, or with
        other comments and metadata, has the same one (for finding duplicates)."""
        game = self.to_dict()
        del game["header"]["metadata"]
        game["events"] = [{k: v for k, v in e.items() if k != "comment"} for e in self.events]
        return canonical_sha256(game)

    def sha256(self) -> str:
        """Content hash of the canonical form (key order and spacing do not matter)."""
        # The events are only read here, so they are serialised as they are, without the
        # copy ``to_dict`` makes.
        document = {"header": self._header(), "events": self.events}
        if self.components:
            document["components"] = self.components
        if self.position is not None:
            document["position"] = self.position
        return canonical_sha256(document)


def load_log(data: object) -> GameLog:
    """Validate a decoded JSON document as a log; raise ``InvalidLog`` with every problem."""
    if not isinstance(data, dict):
        raise InvalidLog([LogProblem(say("a log is a JSON object"), path="/")])
    events = data.get("events", [])
    if not isinstance(events, list):
        raise InvalidLog([LogProblem(say("'events' must be a list of event objects"),
                                     path="/events")])
    components = data.get("components", {})
    shape = _components_problems(components)
    position = data.get("position")
    if position is not None and not isinstance(position, dict):
        shape.append(LogProblem(say("'position' is the table the events start from, an object"),
                                path="/position"))
    if shape:
        raise InvalidLog(shape)
    try:
        if data.keys() <= _LOG_KEYS and isinstance(data.get("header"), dict):
            # The usual log: its header is loaded alone, the nesting schema's problems
            # (no header, unknown keys) being ruled out.
            try:
                header = plain_load(_HEADER, data["header"]) or _HEADER.load(data["header"])
            except ValidationError as err:
                raise ValidationError({"header": err.messages}) from None
        else:
            header = _HEADER_ONLY.load(
                {k: v for k, v in data.items() if k != "events"})["header"]
    except ValidationError as err:
        raise InvalidLog(problems_from_marshmallow(err.messages)) from None
    players = header["players"]
    if len(set(players)) != len(players):
        raise InvalidLog([LogProblem(say("player names repeat"), path="/header/players")])
    if not _plainly_typed(events):
        missing = {
            f"{i}": {"type": [say("every event is an object with a string 'type'")]}
            for i, event in enumerate(events)
            if not isinstance(event, dict) or not isinstance(event.get("type"), str)
        }
        if missing:
            raise InvalidLog(problems_from_marshmallow({"events": missing}))
    return GameLog(
        game=header["game"],
        players=players,
        ruleset=header["ruleset"],
        catalog=header["catalog"],
        variants=header["variants"],
        metadata=header["metadata"],
        events=events,
        components=components,
        position=position,
    )


def _components_problems(components: object) -> list[LogProblem]:
    """A ``components`` section is an object of entries, each an object of values."""
    if not isinstance(components, dict):
        return [LogProblem(say("'components' maps component ids to their printed values"),
                           path="/components", expected='{"tf-07": {"cost": 3}}')]
    return [LogProblem(say("the printed values of {entry} are an object of fields", entry=entry),
                       path=f"/components/{entry}", expected='{"cost": 3}')
            for entry, values in components.items()
            if not isinstance(values, dict) or not values]


def _plainly_typed(events: list) -> bool:
    """Whether every event is a dict whose ``type`` is a str, as decoded JSON has them.

    Every log goes through this, so it looks at the types of the whole list at once (in C);
    only when it says no are the events gone through one by one, to name the wrong ones
    (or to accept subclasses of dict and str, which a caller may pass).
    """
    return set(map(type, events)) <= _DICT \
        and set(map(type, map(dict.get, events, repeat("type")))) <= _STR


_DICT, _STR = {dict}, {str}
_LOG_KEYS = {"header", "events", "components", "position"}



def at_tag_lines(problems: list[LogProblem],
                 tag_lines: dict[str, tuple[int, str]]) -> list[LogProblem]:
    """Each problem whose path is in the header, on the line of the tag it names (when it
    has no line yet and the log was read from text)."""
    located = []
    for problem in problems:
        parts = problem.path.split("/")
        if problem.line is None and len(parts) > 2 and parts[1] == "header" \
                and parts[2] in tag_lines:
            line, text = tag_lines[parts[2]]
            problem = replace(problem, line=line, column=1, text=text)
        located.append(problem)
    return located
