"""The report document's schema (version ``REPORT_VERSION``), written down with marshmallow.

Reports are built as plain data by the engines; this schema is their contract: the API
publishes it, and the tests check every golden report against it.
"""

import typing

from marshmallow import INCLUDE, Schema, fields, validate

from replay.core.reports.report import VERDICTS
from replay.core.verdicts.judge import MODES, SAID
from replay.core.verdicts.ledger import ROW_KEYS, LedgerRow

# The texts of a located problem, and of the report itself, that may carry their words.
PROBLEM_SAID = ("message", "expected")
REPORT_SAID = ("tie_break", "standings_caveat")


class PlaceholderUsedSchema(Schema):
    """One placeholder value a verdict rests on: where it is, what stands in for the print."""

    entry = fields.String(required=True, metadata={"description": "the catalog entry's id"})
    field = fields.String(required=True,
                          metadata={"description": "the value's dotted path in the entry"})
    path = fields.String(required=True, metadata={"description": "its JSON pointer"})
    value = fields.Raw(required=True, allow_none=True,
                       metadata={"description": "the stand-in the catalog holds"})
    note = fields.String(metadata={"description": "why the catalog holds a stand-in"})
    violations = fields.List(fields.Integer(), metadata={
        "description": "the events that read it and broke a rule: it may decide them"})
    weighed = fields.Boolean(metadata={
        "description": "the log was replayed with it changed (a weighed report): "
                       "``decides`` and ``claims`` say what changed"})
    decides = fields.List(fields.Integer(), metadata={
        "description": "weighed: the events whose violation another value lifts"})
    claims = fields.List(fields.Integer(), metadata={
        "description": "weighed: the events of wrong claims whose computed value it changes"})


class WeighedSchema(Schema):
    """How much of a verdict's placeholder values a weighed report replayed with changed."""

    values = fields.Integer(required=True, metadata={"description": "values weighed"})
    replays = fields.Integer(required=True, metadata={"description": "replays it took"})
    left = fields.Integer(required=True, metadata={
        "description": "values read where a rule was broken or a claim was wrong, not "
                       "weighed (the report's replays ran out)"})


class CatalogSummarySchema(Schema):
    """Which catalog the replay read its components from."""

    id = fields.String(required=True)
    sha256 = fields.String(required=True, validate=validate.Length(equal=64))
    printed = fields.Boolean(required=True)
    description = fields.String(required=True)
    placeholder_values = fields.Integer(
        metadata={"description": "placeholder values in the catalog (not the printed game)"})
    placeholders_used = fields.List(fields.Nested(PlaceholderUsedSchema), metadata={
        "description": "the placeholder values the verdict depended on; one read at an event "
                       "that broke a rule lists those events (``violations``): it may decide "
                       "that violation"})
    weighed = fields.Nested(WeighedSchema, metadata={
        "description": "a weighed report (``replay.core.verdicts.weighing``): how many values "
                       "were replayed with changed"})
    declared_values = fields.List(fields.Dict(), metadata={
        "description": "the values the log declared from the printed components: entry, "
                       "field, value, and the catalog value it replaces"})


def _words_field(names, texts: str) -> fields.Dict:
    """The ``words`` of an item whose ``names`` texts may be built from a template."""
    return fields.Dict(
        keys=fields.String(validate=validate.OneOf(names)), values=fields.Dict(),
        metadata={"description": f"for {texts} built from a template: the English template "
                  "and its values (a value may itself be such words), so a page can say "
                  "them in the reader's language; the same in every language"})


class ViolationSchema(Schema):
    """A rule broken at one event."""

    rule = fields.String(required=True)
    event = fields.Integer(required=True)
    message = fields.String(required=True)
    statement = fields.String(required=True)
    applied = fields.Boolean(required=True)
    line = fields.Integer()
    column = fields.Integer()
    expected = fields.String()
    found = fields.String()
    legal_under = fields.String()
    follows_from = fields.Integer()
    words = _words_field(SAID, "the message, expected and found texts")


class CauseSchema(Schema):
    """A root violation and the violations that follow from it (indices into violations)."""

    violation = fields.Integer(required=True)
    event = fields.Integer(required=True)
    line = fields.Integer()
    consequences = fields.List(fields.Integer(), required=True)


def _ledger_row_schema() -> type[Schema]:
    """The ledger row as reports publish it, made from its one declaration
    (``replay.core.verdicts.ledger.LedgerRow``: its keys, their types, which are always there)."""
    made = {}
    for name, hint in typing.get_type_hints(LedgerRow, include_extras=True).items():
        optional = typing.get_origin(hint) is typing.NotRequired
        if optional:
            hint = typing.get_args(hint)[0]
        kinds = [kind for kind in (typing.get_args(hint) or (hint,)) if kind is not type(None)]
        made[name] = {int: fields.Integer, str: fields.String, dict: fields.Dict}[kinds[0]](
            required=not optional, allow_none=type(None) in typing.get_args(hint),
            metadata={"description": ROW_KEYS[name]})
    return Schema.from_dict(made, name="LedgerRowSchema")


LedgerRowSchema = _ledger_row_schema()


class ClaimSchema(Schema):
    """A value the table claimed, compared with the computed one."""

    event = fields.Integer(required=True, allow_none=True)  # None: written on a scoresheet
    player = fields.String(required=True)
    what = fields.String(required=True)
    claimed = fields.Raw(required=True)
    computed = fields.Raw(required=True)
    match = fields.Boolean(required=True)
    line = fields.Integer(metadata={"description": "the text log's line of the claim"})
    explained_by = fields.List(fields.Nested(LedgerRowSchema))
    matches_under = fields.String(metadata={
        "description": "a variant the log did not declare under which the claimed value is right"})


class RankSchema(Schema):
    """A player's final rank."""

    rank = fields.Integer(required=True)
    player = fields.String(required=True)
    points = fields.Integer(required=True)


class ProblemItemSchema(Schema):
    """A located problem of an unreadable input."""

    class Meta:
        unknown = INCLUDE

    message = fields.String(required=True)
    path = fields.String(required=True)
    words = _words_field(PROBLEM_SAID, "the message and expected texts")


class ReportSchema(Schema):
    """A replay's report. ``unparseable`` reports carry ``problems`` and little else."""

    report_version = fields.Integer(required=True, validate=validate.Equal(1))
    engine_version = fields.String(required=True)
    verdict = fields.String(required=True, validate=validate.OneOf(VERDICTS))
    input_sha256 = fields.String(required=True)
    violations = fields.List(fields.Nested(ViolationSchema), required=True)
    causes = fields.List(fields.Nested(CauseSchema), metadata={
        "description": "each root violation with the violations that follow from it"})
    warnings = fields.List(fields.Dict(), required=True, metadata={
        "description": "what the log does not say plainly (a leniency, an assumption): each "
                       "with its message and where it is; ``words``, when the message was "
                       "built from a template, keeps it as a problem's ``words`` do"})
    notes = fields.List(fields.Dict(), metadata={
        "description": "moments of the game worth reading (not violations)"})
    problems = fields.List(fields.Nested(ProblemItemSchema))
    input = fields.String(metadata={"description": "'scoresheet' for scoresheet input"})
    from_position = fields.Boolean(metadata={
        "description": "true when the log starts from a position rather than the setup: the "
                       "events before it were not replayed"})
    game = fields.String()
    ruleset = fields.String()
    variants = fields.List(fields.String())
    catalog = fields.Nested(CatalogSummarySchema)
    mode = fields.String(validate=validate.OneOf(MODES))
    players = fields.List(fields.String())
    events = fields.Dict(keys=fields.String(), values=fields.Integer())
    reached = fields.Dict()
    claims = fields.List(fields.Nested(ClaimSchema))
    first_divergence = fields.Nested(ClaimSchema, allow_none=True)
    phases = fields.List(fields.Dict())
    turn_order = fields.List(fields.Dict())
    discards = fields.List(fields.Dict())
    dice_queues = fields.List(fields.Dict(), metadata={
        "description": "each round's dice and neutral tokens per location, in resolution order"})
    crown_tokens = fields.List(fields.Dict(), metadata={
        "description": "each round's crown tokens: the card, its class, what became of it"})
    final = fields.Dict(allow_none=True)
    standings = fields.List(fields.Nested(RankSchema))
    tie_break = fields.List(fields.String())
    standings_caveat = fields.String(allow_none=True, metadata={
        "description": "set when an audited replay with violations was scored"})
    final_order = fields.List(fields.String())
    words = fields.Dict(
        keys=fields.String(validate=validate.OneOf(REPORT_SAID)), metadata={
            "description": "the words of the report's own texts built from a template: "
                           "``standings_caveat`` (a template and its values) and "
                           "``tie_break`` (one per note, null for a note that has none), so a "
                           "page can say them in the reader's language; the same in every "
                           "language"})
    state = fields.Dict()
    ledger = fields.List(fields.Nested(LedgerRowSchema))
    names = fields.Dict(keys=fields.String(), values=fields.String(), metadata={
        "description": "the printed name of every component id the report mentions"})
    names_by_language = fields.Dict(
        keys=fields.String(), values=fields.Dict(keys=fields.String(), values=fields.String()),
        metadata={"description": "language -> id -> the name printed on that language's "
                                 "edition, for the ids of ``names`` the catalog names in "
                                 "another language than English; the same in every language"})
    names_words = fields.Dict(keys=fields.String(), values=fields.Dict(), metadata={
        "description": "id -> the template and values of a name said in words (a board "
                       "space, a manuscript by what is printed on it), so a page can say it "
                       "in the reader's language"})
    solo = fields.Dict(metadata={
        "description": "a game against an automated opponent: its board, the difficulty, "
                       "who won and why"})
