"""Marshmallow schemas of the API's answers (the log itself is ``replay.core.log.LogSchema``)."""

from marshmallow import Schema, fields, validate


class ReplayOptionsSchema(Schema):
    """Query options of a submission."""

    mode = fields.String(load_default="strict", validate=validate.OneOf(["strict", "audit"]))


class LinksSchema(Schema):
    """Where to find a replay and its report."""

    self = fields.String(required=True)
    report = fields.String()


class ReplayStatusSchema(Schema):
    """The state of one replay; ``report`` once done, ``failure`` once failed."""

    id = fields.String(required=True)
    status = fields.String(
        required=True, validate=validate.OneOf(["queued", "running", "done", "failed"])
    )
    submitted_at = fields.Float(required=True)
    started_at = fields.Float()
    finished_at = fields.Float()
    attempts = fields.Integer()
    options = fields.Dict()
    links = fields.Nested(LinksSchema, required=True)
    report = fields.Dict()
    failure = fields.Dict()


class ProblemSchema(Schema):
    """RFC 9457 problem details."""

    type = fields.String(required=True)
    title = fields.String(required=True)
    status = fields.Integer(required=True)
    detail = fields.String()
    problems = fields.List(fields.Dict())
    errors = fields.Dict()
