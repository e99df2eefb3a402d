"""Marshmallow schemas of a Coimbra catalog: the shape of every component and effect."""

from __future__ import annotations

from marshmallow import (
    Schema,
    ValidationError,
    fields,
    post_load,
    validate,
    validates_schema,
)

from replay.coimbra.state import COLOUR_TRACK, TRACKS
from replay.core.logs.printed_names import names_field
from replay.core.speech import say

LEVELS = ("I", "II", "III")
COLOURS = tuple(COLOUR_TRACK)
RESOURCES = ("coins", "guards")
ID = validate.Regexp(r"^[a-z0-9][a-z0-9_-]*$", error="ids are lowercase a-z, 0-9, '-' or '_'")
COUNTERS = (
    ["characters", "monasteries", "voyages", "diplomas", "favors_taken"]
    + [f"characters:{t}" for t in TRACKS]
    + [f"monasteries:{lv}" for lv in LEVELS]
    + [f"track:{t}" for t in TRACKS]
    + [f"tracks_at_least:{n}" for n in range(1, 16)]
)
HANDLERS = ("steal_points",)
# The order the engine applies what a GAIN gives, and so the order of its ledger rows.
GAIN_ORDER = ("coins", "guards", "points", "influence", "investments", "pilgrim")
REQUIRED_BY_KIND = {
    "gain": {"when", "gain"},
    "on_acquire": {"class_", "gain"},
    "score_per": {"per", "points"},
    "voyage_discount": {"amount"},
    "voyage_now": set(),
    "die_bonus": {"amount"},
    "choice": {"options"},
    "handler": {"id"},
}


class GainSchema(Schema):
    """What an effect gives; every amount is a non-negative integer."""

    coins = fields.Integer(validate=validate.Range(min=0))
    guards = fields.Integer(validate=validate.Range(min=0))
    points = fields.Integer(validate=validate.Range(min=0))
    pilgrim = fields.Integer(validate=validate.Range(min=0))
    investments = fields.Integer(validate=validate.Range(min=0))
    influence = fields.Dict(
        keys=fields.String(validate=validate.OneOf(TRACKS)),
        values=fields.Integer(validate=validate.Range(min=0)),
    )

    @post_load
    def _in_order(self, data, **kwargs):
        """The gain with its keys in ``GAIN_ORDER``: the engine applies them as they come."""
        return {key: data[key] for key in GAIN_ORDER if key in data}


class ConditionSchema(Schema):
    """A phase-E condition on the colours of the player's dice (white is no colour)."""

    no_die = fields.String(validate=validate.OneOf(COLOURS))
    has_die = fields.String(validate=validate.OneOf(COLOURS))

    @validates_schema
    def _one_key(self, data, **kwargs):
        if len(data) != 1:
            raise ValidationError(say("a condition has exactly one of no_die, has_die"))


class EffectSchema(Schema):
    """One effect of the declarative vocabulary (see data/README.md)."""

    kind = fields.String(required=True, validate=validate.OneOf(
        list(REQUIRED_BY_KIND)))
    when = fields.String(validate=validate.OneOf(["immediate", "phase_e", "end_game"]))
    gain = fields.Nested(GainSchema)
    if_ = fields.Nested(ConditionSchema, data_key="if")
    class_ = fields.String(data_key="class", validate=validate.OneOf(TRACKS))
    per = fields.String(validate=validate.OneOf(COUNTERS))
    points = fields.Integer(validate=validate.Range(min=0))
    max = fields.Integer(validate=validate.Range(min=0))
    amount = fields.Integer(validate=validate.Range(min=0))
    id = fields.String(validate=validate.OneOf(HANDLERS))
    params = fields.Dict()
    # A choice's options by the word a log answers it with (``guards``, ``coins``).
    options = fields.Dict(keys=fields.String(validate=ID), values=fields.Nested(GainSchema),
                          validate=validate.Length(min=2))

    @validates_schema
    def _fields_for_kind(self, data, **kwargs):
        missing = REQUIRED_BY_KIND[data["kind"]] - data.keys()
        if missing:
            names = ", ".join(sorted(n.rstrip("_") for n in missing))
            raise ValidationError(say("a {kind} effect needs {names}", kind=data["kind"],
                                      names=names))
        if data["kind"] == "gain" and "if_" in data and data["when"] != "phase_e":
            raise ValidationError(say("only phase_e gains take a condition ('if')"))
        if data["kind"] == "score_per" and data.get("when", "end_game") != "end_game":
            raise ValidationError(say("score_per effects score at end_game"))


Effects = fields.List(fields.Nested(EffectSchema), load_default=list)
Diplomas = fields.List(fields.String(), load_default=list)


class LabelsSchema(Schema):
    """Where an entry's values come from (``source``), and which of them are stand-ins for
    the print: the whole entry (``placeholder``) or the fields it lists (dotted paths,
    ``placeholder_fields``); optional, as a transcription holds only printed values."""

    source = fields.String()
    placeholder = fields.Boolean()
    placeholder_fields = fields.List(fields.String(), validate=validate.Length(min=1))
    confidence = fields.String(validate=validate.OneOf(("high", "medium", "low")))
    note = fields.String()
    confirmed_by = fields.List(fields.String())

    @validates_schema
    def _labels(self, data, **kwargs):
        if data.get("placeholder") and "placeholder_fields" in data:
            raise ValidationError("a whole placeholder entry lists no placeholder_fields",
                                  "placeholder_fields")


class IncomeBoxSchema(Schema):
    """One income box: positions ``from``..``to`` (inclusive) pay ``gain``."""

    from_ = fields.Integer(data_key="from", required=True, validate=validate.Range(min=0))
    to = fields.Integer(required=True, validate=validate.Range(min=0))
    gain = fields.Nested(GainSchema, required=True)


class TrackSchema(LabelsSchema):
    """An influence track (its id, when given, names it in declarations and reports)."""

    id = fields.String(validate=ID)
    colour = fields.String(required=True, validate=validate.OneOf(COLOURS))
    income_resource = fields.String(required=True, validate=validate.OneOf(
        ["coins", "guards", "pilgrim", "points"]))
    max = fields.Integer(required=True, validate=validate.Range(min=1))
    income = fields.List(fields.Nested(IncomeBoxSchema), required=True)


class FlagSchema(LabelsSchema):
    """A turn-order flag and the crowns printed on it (its id as a track's)."""

    id = fields.String(validate=ID)
    position = fields.Integer(required=True, validate=validate.Range(min=1, max=4))
    crowns = fields.Integer(required=True, validate=validate.Range(min=0))


class CharacterSchema(LabelsSchema):
    """A character card."""

    id = fields.String(required=True, validate=ID)
    name = fields.String(required=True)
    names = names_field()
    level = fields.String(required=True, validate=validate.OneOf(LEVELS))
    class_ = fields.String(data_key="class", required=True, validate=validate.OneOf(TRACKS))
    cost = fields.String(required=True, validate=validate.OneOf(RESOURCES))
    influence = fields.Integer(required=True, validate=validate.Range(min=1, max=4))
    diplomas = Diplomas
    effects = Effects


class MonasterySchema(LabelsSchema):
    """A monastery tile."""

    id = fields.String(required=True, validate=ID)
    name = fields.String(required=True)
    names = names_field()
    level = fields.String(required=True, validate=validate.OneOf(LEVELS))
    diplomas = Diplomas
    effects = Effects


class VoyageSchema(LabelsSchema):
    """A voyage card."""

    id = fields.String(required=True, validate=ID)
    name = fields.String(required=True)
    names = names_field()
    cost = fields.Integer(required=True, validate=validate.Range(min=0))
    currency = fields.String(required=True, validate=validate.OneOf(RESOURCES))
    effects = Effects


class FavorSchema(LabelsSchema):
    """A favor tile of the castle."""

    id = fields.String(required=True, validate=ID)
    name = fields.String(required=True)
    names = names_field()
    crowns = fields.Integer(required=True, validate=validate.Range(min=0))
    effects = Effects


class ScoringTileSchema(LabelsSchema):
    """A two-sided influence scoring tile: points by rank."""

    id = fields.String(required=True, validate=ID)
    two_players = fields.List(fields.Integer(validate=validate.Range(min=0)), required=True,
                              validate=validate.Length(equal=2))
    three_four_players = fields.List(fields.Integer(validate=validate.Range(min=0)),
                                     required=True, validate=validate.Length(equal=3))


class NodeSchema(LabelsSchema):
    """A place on the pilgrimage map."""

    id = fields.String(required=True, validate=ID)
    kind = fields.String(required=True, validate=validate.OneOf(
        ["city", "corner", "stopover", "monastery"]))
    level = fields.String(validate=validate.OneOf(LEVELS))


class RoadSchema(LabelsSchema):
    """A road between two places; a one-way road runs only from ``from`` to ``to`` (its id
    as a track's)."""

    id = fields.String(validate=ID)
    from_ = fields.String(data_key="from", required=True)
    to = fields.String(required=True)
    one_way = fields.Boolean(required=True)


class MapSchema(Schema):
    """The pilgrimage map."""

    nodes = fields.List(fields.Nested(NodeSchema), required=True)
    roads = fields.List(fields.Nested(RoadSchema), required=True)


class PlaceholderCountsSchema(Schema):
    """How many entries of the catalog are placeholders, wholly or in some fields."""

    entries = fields.Integer(required=True, validate=validate.Range(min=0))
    entries_with_placeholder_fields = fields.Integer(required=True,
                                                     validate=validate.Range(min=0))


class MetaSchema(Schema):
    """What a catalog is: its id, and whether it holds the printed values."""

    id = fields.String(required=True, validate=ID)
    game = fields.String(required=True, validate=validate.Equal("coimbra"))
    version = fields.Integer(required=True)
    printed = fields.Boolean(required=True)
    description = fields.String(required=True)
    placeholders = fields.Nested(PlaceholderCountsSchema)


class CatalogSchema(Schema):
    """A whole Coimbra catalog."""

    meta = fields.Nested(MetaSchema, required=True)
    diploma_types = fields.List(fields.String(validate=ID), required=True,
                                validate=validate.Length(equal=5))
    tracks = fields.Dict(keys=fields.String(validate=validate.OneOf(TRACKS)),
                         values=fields.Nested(TrackSchema), required=True)
    flags = fields.List(fields.Nested(FlagSchema), required=True,
                        validate=validate.Length(equal=4))
    characters = fields.List(fields.Nested(CharacterSchema), required=True)
    start_pairs = fields.List(fields.List(fields.String(), validate=validate.Length(equal=2)),
                              required=True, validate=validate.Length(equal=4))
    monasteries = fields.List(fields.Nested(MonasterySchema), required=True)
    voyages = fields.List(fields.Nested(VoyageSchema), required=True)
    favors = fields.List(fields.Nested(FavorSchema), required=True)
    scoring_tiles = fields.List(fields.Nested(ScoringTileSchema), required=True)
    map = fields.Nested(MapSchema, required=True)
