"""Marshmallow schemas of the API's arguments and answers.

The log itself is ``replay.core.logs.log.LogSchema``; a scoresheet document is described here.
"""

from marshmallow import Schema, ValidationError, fields, validate

from replay.core.logs.log import FullMatch, HeaderSchema
from replay.core.reports.tournament import read_place_points
from replay.core.verdicts.judge import MODES as JUDGE_MODES

MODES = validate.OneOf(JUDGE_MODES)
NAME = FullMatch(r"^[a-z0-9][a-z0-9_-]{0,63}$",
                       error="names are 1-64 lowercase letters, digits, '-' or '_'")
MAX_SHARE_SECONDS = 365 * 86400


class SubmitArgsSchema(Schema):
    """Query options of a submission."""

    mode = fields.String(load_default="strict", validate=MODES)
    wait = fields.Float(load_default=0, validate=validate.Range(min=0, max=30),
                        metadata={"description": "seconds to wait for the report (max 30)"})
    catalog = fields.String(load_default=None, validate=NAME,
                            metadata={"description": "a catalog registered by this client"})
    webhook = fields.String(
        load_default=None,
        validate=[validate.Length(min=1, max=2000),
                  validate.URL(schemes={"http", "https"}, require_tld=False)],
        metadata={"description": "an http(s) URL on a public address, POSTed (signed, "
                                 "Standard Webhooks) when the replay finishes",
                  "pattern": "^https?://"})


class IdempotencyHeaderSchema(Schema):
    """The Idempotency-Key header of a submission."""

    idempotency_key = fields.String(
        data_key="Idempotency-Key", load_default=None,
        validate=validate.Length(min=1, max=200),
        metadata={"description": "Same key and body: the same replay. Same key, other "
                                 "body: 422."})


class ListArgsSchema(Schema):
    """Which page of a listing."""

    page = fields.Integer(load_default=1, validate=validate.Range(min=1, max=1_000_000))
    per_page = fields.Integer(load_default=20, validate=validate.Range(min=1, max=100))


class LinksSchema(Schema):
    """Where to find a replay and its report."""

    self = fields.String(required=True)
    report = fields.String()


class JobStatusSchema(Schema):
    """What every job's state says: its id, where it stands, and when it moved on."""

    id = fields.String(required=True)
    status = fields.String(required=True, validate=validate.OneOf(
        ["queued", "running", "done", "failed"]))
    submitted_at = fields.Float(required=True)
    started_at = fields.Float()
    finished_at = fields.Float()


class ReplayStatusSchema(JobStatusSchema):
    """The state of one replay; its report link once done, ``failure`` once failed."""

    attempts = fields.Integer()
    options = fields.Dict()
    verdict = fields.String()
    progress = fields.Dict(metadata={"description": "events replayed / total"})
    name = fields.String()
    batch = fields.String()
    links = fields.Nested(LinksSchema, required=True)
    report = fields.Dict(metadata={"description": "with ?wait, when finished in time"})
    failure = fields.Dict()


class PageLinksSchema(Schema):
    """Links between pages."""

    self = fields.String(required=True)
    next = fields.String()
    prev = fields.String()


class ReplayListSchema(Schema):
    """A page of the caller's replays."""

    items = fields.List(fields.Nested(ReplayStatusSchema), required=True)
    total = fields.Integer(required=True)
    page = fields.Integer(required=True)
    per_page = fields.Integer(required=True)
    links = fields.Nested(PageLinksSchema, required=True)


class ShareArgsSchema(Schema):
    """How long a share link lives."""

    expires_in = fields.Integer(
        load_default=30 * 86400, validate=validate.Range(min=60, max=MAX_SHARE_SECONDS),
        metadata={"description": "seconds until the link stops working (default 30 days)"})


class ShareSchema(Schema):
    """A read-only link to a report, until it expires or is revoked."""

    token = fields.String(required=True)
    url = fields.String(required=True)
    expires_at = fields.Integer(required=True, metadata={"description": "Unix time"})


class ScoresheetDocumentSchema(Schema):
    """A scoresheet submission: the header of a log and the end state instead of events."""

    header = fields.Nested(HeaderSchema, required=True)
    scoresheet = fields.Dict(required=True, metadata={
        "description": "the end state, in the shape of the header's game (see the game's "
                       "scoresheet format)"})


class BatchLogSchema(Schema):
    """One log of a batch: a JSON log (``log``) or the text notation (``text``)."""

    name = fields.String(required=True, validate=validate.Length(min=1, max=200))
    log = fields.Dict()
    text = fields.String(validate=validate.Length(min=1))


class BatchSubmitSchema(Schema):
    """A tournament's logs in one request."""

    logs = fields.List(fields.Nested(BatchLogSchema), required=True,
                       validate=validate.Length(min=1))


class BatchItemSchema(Schema):
    """One game of a batch."""

    name = fields.String(required=True)
    replay = fields.String(required=True)
    status = fields.String()
    verdict = fields.String()
    winner = fields.String()
    points = fields.Integer()
    duplicate_of = fields.String(metadata={
        "description": "the earlier log of the same game (parsed, so JSON and text match); "
                       "a duplicate counts once in the standings"})
    reason = fields.String(metadata={"description": "why this log could not be accepted, "
                                                    "in one line"})
    problem = fields.Dict(metadata={"description": "why this log could not be accepted"})


class StandingSchema(Schema):
    """A player's line in a tournament's standings."""

    player = fields.String(required=True)
    games = fields.Integer(required=True)
    wins = fields.Integer(required=True)
    points = fields.Integer(required=True)
    tournament_points = fields.Integer(metadata={
        "description": "the points per place asked for (``place_points``), summed over the "
                       "player's games"})


class PlacePointsField(fields.String):
    """Tournament points per place, ``4,2,1,0``, read as a ``Ranking``."""

    def _deserialize(self, value, attr, data, **kwargs):
        text = super()._deserialize(value, attr, data, **kwargs)
        try:
            return read_place_points(text)
        except ValueError as err:
            raise ValidationError(str(err)) from None


class StandingsArgsSchema(Schema):
    """How the standings rank the players."""

    place_points = PlacePointsField(load_default=None, metadata={
        "description": "tournament points per place in each game, 1st place first "
                       "(``4,2,1,0``): the standings rank by them, then wins and points "
                       "(default: wins, then points)"})


class BatchSchema(Schema):
    """A batch: progress while it runs, each game's outcome, the standings."""

    id = fields.String(required=True)
    status = fields.String(required=True)
    submitted_at = fields.Float(required=True)
    progress = fields.Dict(required=True)
    items = fields.List(fields.Nested(BatchItemSchema), required=True)
    standings = fields.List(fields.Nested(StandingSchema), required=True)
    links = fields.Dict()


class GameSchema(Schema):
    """A game the referee knows."""

    game = fields.String(required=True)
    title = fields.String(required=True)
    rulesets = fields.List(fields.String(), required=True)
    players = fields.List(fields.Integer(), required=True)
    variants = fields.List(fields.Dict(), required=True)
    catalogs = fields.List(fields.String(), required=True)


class RuleSchema(Schema):
    """A rule: stable id, statement, section of the rule text."""

    id = fields.String(required=True)
    statement = fields.String(required=True)
    section = fields.String(required=True)
    automatic = fields.Boolean(required=True)


class CatalogRecordSchema(Schema):
    """A registered catalog."""

    name = fields.String(required=True)
    sha256 = fields.String(required=True)
    id = fields.String(required=True)
    game = fields.String(required=True)
    printed = fields.Boolean(required=True)
    created = fields.Boolean(metadata={"description": "false when the name already held it"})
    used = fields.Boolean(metadata={"description": "a report used it: the name is fixed"})


class ProblemSchema(Schema):
    """RFC 9457 problem details."""

    type = fields.String(required=True)
    title = fields.String(required=True)
    status = fields.Integer(required=True)
    detail = fields.String()
    problems = fields.List(fields.Dict(), metadata={"description": "located log problems"})
    errors = fields.Dict()
    line = fields.Integer()
    column = fields.Integer()
    limit = fields.Integer()
    unit = fields.String(validate=validate.OneOf(["replays", "bytes"]),
                         metadata={"description": "quota-exceeded: what the limit counts"})
    side = fields.String(validate=validate.OneOf(["a", "b"]),
                         metadata={"description": "/v1/compare: which log the problem is in"})


def _log_or_text(value: object) -> None:
    if not isinstance(value, str | dict):
        raise ValidationError("a log object, or the text notation as a string")


class CompareSubmitSchema(Schema):
    """Two versions of one game: each a JSON log object or the text notation."""

    a = fields.Raw(required=True, validate=_log_or_text,
                   metadata={"description": "a log object, or its text notation"})
    b = fields.Raw(required=True, validate=_log_or_text,
                   metadata={"description": "a log object, or its text notation"})
    mode = fields.String(load_default="audit", validate=MODES)


class VersionSchema(Schema):
    """One version's outcome."""

    verdict = fields.String(required=True)
    violations = fields.Integer(required=True)
    first_violation = fields.Dict(allow_none=True)
    standings = fields.List(fields.Dict(), required=True)


class ComparisonSchema(Schema):
    """Where two versions of a game part, and what each means."""

    game = fields.String(required=True)
    mode = fields.String(required=True)
    same_game = fields.Boolean(required=True)
    first_difference = fields.Dict(allow_none=True, metadata={
        "description": "the header field, or the first event (index, line, text) of each "
                       "version that differs; null when the games are the same"})
    a = fields.Nested(VersionSchema, required=True)
    b = fields.Nested(VersionSchema, required=True)
    score_difference = fields.Dict(allow_none=True, metadata={
        "description": "B minus A, by player and scoring category (null unless both scored)"})



class WaitArgsSchema(Schema):
    """``?wait``: how long a request may be held for its job to finish."""

    wait = fields.Float(load_default=0, validate=validate.Range(min=0, max=30),
                        metadata={"description": "seconds to wait for the result (max 30)"})


class ComparisonLinksSchema(Schema):
    """Where to find a comparison."""

    self = fields.String(required=True)


class ComparisonStatusSchema(JobStatusSchema):
    """A comparison job: queued or running, then its ``result`` or its ``failure``."""

    result = fields.Nested(ComparisonSchema, metadata={"description": "once done"})
    failure = fields.Dict(metadata={"description": "once failed: why there is no result"})
    links = fields.Nested(ComparisonLinksSchema, required=True)


class RulingSubmitSchema(Schema):
    """One disputed move at one point of a game."""

    log = fields.Raw(required=True, validate=_log_or_text,
                     metadata={"description": "the game up to the point (or further): a log "
                                              "object, or its text notation"})
    after = fields.Integer(required=True, strict=True, validate=validate.Range(min=-1),
                           metadata={"description": "the event the move comes right after "
                                                    "(-1: before the first)"})
    move = fields.String(required=True, validate=validate.Length(min=1, max=10_000),
                         metadata={"description": "a line of the game's notation, or a JSON "
                                                  "event object as text"})


class RulingSchema(Schema):
    """Whether one move is legal at that point, and what it does."""

    game = fields.String(required=True)
    after = fields.Integer(required=True)
    move = fields.Dict(required=True)
    move_text = fields.String(required=True)
    legal = fields.Boolean(required=True)
    violations = fields.List(fields.Dict(), required=True, metadata={
        "description": "each rule the move breaks: rule, statement, message, expected"})
    legal_under = fields.List(fields.String(), required=True, metadata={
        "description": "variants under which the move would be legal"})
    ledger = fields.List(fields.Dict(), required=True, metadata={
        "description": "the ledger rows the move writes"})
    changes = fields.Dict(required=True, metadata={
        "description": "player -> resource -> net change the move makes"})
    earlier_problems = fields.Integer(required=True, metadata={
        "description": "rules the log breaks before the point"})
    rests_on = fields.List(fields.Dict(), metadata={
        "description": "the placeholder values (not yet transcribed from the printed game) the "
                       "move read: entry, field, value, whether another value there turns the "
                       "ruling, a refused move legal or a legal one refused (decides), whether "
                       "that was tried (weighed)"})
    legal_moves = fields.List(fields.String(), required=True, metadata={
        "description": "the moves legal at that point, in the game's notation"})
    names = fields.Dict(required=True)
    names_by_language = fields.Dict(metadata={
        "description": "language -> id -> the name printed on that language's edition, for "
                       "the ids of ``names`` the catalog names in another language"})
    names_words = fields.Dict(metadata={
        "description": "id -> the template and values of a name said in words, so a page "
                       "can say it in the reader's language"})


class RulingStatusSchema(JobStatusSchema):
    """A ruling job: queued or running, then its ``result`` or its ``failure``."""

    result = fields.Nested(RulingSchema, metadata={"description": "once done"})
    failure = fields.Dict(metadata={"description": "once failed: why there is no result"})
    links = fields.Nested(ComparisonLinksSchema, required=True)

