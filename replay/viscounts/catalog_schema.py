"""Marshmallow schemas of a Viscounts catalog: the shape of every component, effect and source.

Each entry is checked on its own here, every error located by marshmallow; what one entry
cannot see alone (unique ids, references, counts per player count, placeholder counts) is
checked afterwards by ``catalog_checks``.
"""

from __future__ import annotations

from marshmallow import Schema, ValidationError, fields, validate, validates_schema

from replay.core.logs.printed_names import names_field
from replay.core.speech import say

ID = validate.Regexp(r"^[a-z0-9][a-z0-9_-]*$", error="ids are lowercase a-z, 0-9, '-' or '_'")
SOURCE = validate.Regexp(
    r"^(rulebook text p\.\d+|rulebook picture p\.\d+|fan list|placeholder|printed component"
    r"|declared in the log)$",
    error="a source is 'rulebook text p.N', 'rulebook picture p.N', 'fan list', 'placeholder', "
          "'printed component' or 'declared in the log'")
PLACEHOLDER = "placeholder"
PRINTED = "printed component"  # a value transcribed from the physical game
ICONS = ("merchant", "builder", "noble", "cleric", "criminal")
GAIN_ITEMS = ("silver", "ink", "gold", "stone", "any_resource", "virtue", "corruption", "debt",
              "deed")
ACTIONS = ("trade", "construct", "place_workers", "transcribe")
BUILDINGS = ("trading_post", "guildhall", "workshop")
RIBBONS = ("grey", "black", "yellow", "blue")
TRIGGERS = ("after_trade", "after_construct", "after_place_workers", "after_transcribe",
            "any_collision", "flip_debt", "gain_debt", "hire")
CONDITIONS = ("always", "criminals", "no_criminals")
COUNTERS = ("buildings", "flipped_debts", "flipped_deeds", "workers", "manuscripts",
            *(f"icons:{icon}" for icon in ICONS))
ROLES = ("outer_left", "outer_right", "inner")

# Each effect operation: the fields it needs, then the fields it may have.
OPS: dict[str, tuple[set[str], set[str]]] = {
    "gain": ({"items"}, set()),
    "flip": ({"what"}, set()),
    "rearrange": (set(), set()),
    "discard": ({"count"}, set()),
    "destroy": ({"count"}, set()),
    "shuffle": (set(), set()),
    "free_hire": (set(), set()),
    "castle_move": (set(), set()),
    "free_workers": ({"count"}, set()),
    "free_building": ({"building"}, set()),
    "free_manuscript": (set(), set()),
    "all": ({"effects"}, set()),
    "choice": ({"options"}, set()),
    "exchange": ({"give", "get"}, set()),
    "on": ({"trigger", "effect"}, {"condition"}),
    "convert": ({"action", "from_", "rate_in", "rate_out"}, {"max_uses"}),
    "icons": ({"icons"}, set()),
    "extra_move": ({"spaces"}, set()),
    "dismiss_cost": ({"silver"}, set()),
    "hand_limit": ({"plus"}, set()),
    "score_per": ({"per", "points"}, set()),
    # The solo opponent's Scheme rows.
    "move": ({"steps"}, set()),
    "action": ({"action"}, set()),
    "options": ({"options"}, set()),
    "dismiss": (set(), set()),
    "gain_card": (set(), set()),
    "corruption_per_criminal": (set(), set()),
}



# No number printed on the game's components comes near it; the bound keeps a mistyped
# (or hostile) value from driving the checks and the engine through billions of steps.
MAX_PRINTED = 100


def Number(low: int | None = None, high: int = MAX_PRINTED, required: bool = True,
           **kwargs) -> fields.Integer:
    """A whole number (not 1.5, not true) from ``low`` (-MAX_PRINTED when None) to ``high``."""
    return fields.Integer(strict=True, required=required, validate=validate.Range(
        min=-MAX_PRINTED if low is None else low, max=high), **kwargs)


def Count(required: bool = True) -> fields.Integer:
    """A positive whole number, required unless told otherwise."""
    return Number(1, required=required)



class EffectSchema(Schema):
    """One effect of the declarative vocabulary (see data/README.md)."""

    op = fields.String(required=True, validate=validate.OneOf(OPS))
    items = fields.Dict(keys=fields.String(validate=validate.OneOf(GAIN_ITEMS)), values=Count(),
                        validate=validate.Length(min=1))
    what = fields.String(validate=validate.OneOf(("debt", "deed", "either")))
    count = Count(required=False)
    building = fields.String(validate=validate.OneOf((*BUILDINGS, "any")))
    effects = fields.List(fields.Nested(lambda: EffectSchema()), validate=validate.Length(min=2))
    options = fields.List(fields.Nested(lambda: EffectSchema()), validate=validate.Length(min=2))
    give = fields.Nested(lambda: EffectSchema())
    get = fields.Nested(lambda: EffectSchema())
    trigger = fields.String(validate=validate.OneOf(TRIGGERS))
    condition = fields.String(validate=validate.OneOf(CONDITIONS))
    effect = fields.Nested(lambda: EffectSchema())
    action = fields.String(validate=validate.OneOf((*ACTIONS, "focus")))
    from_ = fields.String(data_key="from", validate=validate.OneOf(
        ("merchant_icons", "silver", "ink", "gold", "stone")))
    rate_in = Count(required=False)
    rate_out = Count(required=False)
    max_uses = Count(required=False)
    icons = fields.List(fields.String(validate=validate.OneOf(ICONS)),
                        validate=validate.Length(min=1))
    spaces = Count(required=False)
    silver = Number(0, required=False)
    plus = Count(required=False)
    per = fields.String(validate=validate.OneOf(COUNTERS))
    points = Count(required=False)
    steps = Count(required=False)

    @validates_schema
    def _fields_for_op(self, data, **kwargs):
        needed, optional = OPS[data["op"]]
        present = set(data) - {"op"}
        missing, extra = needed - present, present - needed - optional
        if missing:
            raise ValidationError(say("a {op} effect needs {names}", op=data["op"],
                                      names=", ".join(sorted(n.rstrip("_") for n in missing))))
        if extra:
            raise ValidationError(say("a {op} effect has no {names}", op=data["op"],
                                      names=", ".join(sorted(n.rstrip("_") for n in extra))))


Effect = fields.Nested(EffectSchema)
OptionalEffect = fields.Nested(EffectSchema, required=True, allow_none=True)
Icons = fields.List(fields.String(validate=validate.OneOf(ICONS)), required=True)
Gains = fields.Dict(keys=fields.String(validate=validate.OneOf(GAIN_ITEMS)),
                    values=Number(0), required=True)


class EntrySchema(Schema):
    """What every catalog entry carries: its id, its source and its placeholder labels."""

    id = fields.String(required=True, validate=ID)
    source = fields.String(required=True, validate=SOURCE)
    placeholder = fields.Boolean()
    placeholder_fields = fields.List(fields.String(), validate=validate.Length(min=1))
    confidence = fields.String(validate=validate.OneOf(("high", "medium", "low")))
    note = fields.String()
    confirmed_by = fields.List(fields.String(validate=SOURCE))

    @validates_schema
    def _labels(self, data, **kwargs):
        if data["source"] == PLACEHOLDER and not data.get("placeholder"):
            raise ValidationError(say("an entry whose source is 'placeholder' is marked "
                                      "\"placeholder\": true"), "placeholder")
        if data.get("placeholder") and "placeholder_fields" in data:
            raise ValidationError(say("a whole placeholder entry lists no placeholder_fields"),
                                  "placeholder_fields")


class SetupSchema(EntrySchema):
    """The counts of the setup (pp.6-8)."""

    player_counts = fields.List(Number(1, 4),
                                required=True, validate=validate.Length(min=1))
    segments = Count()
    townsfolk_piles = Count()
    manuscripts_per_pile = Count()
    grey_backed_per_pile = Count()
    extra_pairs = Count()
    opening_hand = Count()
    workers_per_player = Count()
    buildings_per_type = Count()


class OpponentsSchema(Schema):
    """What every opponent gains below a collision space, and on what condition."""

    condition = fields.String(required=True, validate=validate.OneOf(CONDITIONS))
    effect = fields.Nested(EffectSchema, required=True)


class CollisionSpaceSchema(Schema):
    """One space of a collision track."""

    space = Count()
    current = fields.Nested(EffectSchema, required=True)
    opponents = fields.Nested(OpponentsSchema)


Positions = fields.List(fields.List(fields.String(validate=validate.OneOf(ICONS))), required=True)
BuildingRows = fields.List(fields.String(validate=validate.OneOf(BUILDINGS)), required=True)


class PlayerBoardSchema(EntrySchema):
    """The player side of a Player Board."""

    card_spaces = Count()
    starting_icons = Positions
    hand_limit = Count()
    minimum_cards = Count()
    resource_icons = fields.Dict(
        keys=fields.String(validate=validate.OneOf(("silver", "ink", "gold", "stone"))),
        values=fields.String(validate=validate.OneOf(ICONS)), required=True)
    track_spaces = Count()
    corruption_start = Count()
    virtue_start = Count()
    building_rows = BuildingRows
    collision = fields.List(fields.Nested(CollisionSpaceSchema), required=True)


class SlotSchema(EntrySchema):
    """A building slot and the ongoing ability its building uncovers."""

    unlock = fields.Nested(EffectSchema, required=True)


class BuildingSchema(EntrySchema):
    """A building type of the Player Board."""

    id = fields.String(required=True, validate=validate.OneOf(BUILDINGS))
    name = fields.String(required=True)
    names = names_field()
    cost = Count()
    vp = fields.List(Count(), required=True, validate=validate.Length(equal=3))
    slots = fields.List(fields.Nested(SlotSchema), required=True, validate=validate.Length(equal=3))


class BracketSchema(Schema):
    """Noble icons paid and Workers placed."""

    icons = Count()
    workers = Count()


class LeaderSchema(EntrySchema):
    """The Castle Leader card."""

    vp = Count()
    hand_limit_plus = Count()


class Tier2Schema(EntrySchema):
    """A tier-2 castle section, by clockwise position, and its reward."""

    position = Count()
    reward = fields.Nested(EffectSchema, required=True)


class CastleSchema(EntrySchema):
    """The castle: brackets, tiers, bumps, leader and tier-2 rewards."""

    sections = Count()
    max_per_section = Count()
    noble_brackets = fields.List(fields.Nested(BracketSchema), required=True,
                                 validate=validate.Length(min=1))
    tier_vp = fields.List(Count(), required=True, validate=validate.Length(equal=3))
    bump_rewards = fields.List(fields.Nested(EffectSchema), required=True,
                               validate=validate.Length(equal=2))
    tier3_reward = fields.Nested(EffectSchema, required=True)
    leader = fields.Nested(LeaderSchema, required=True)
    tier2 = fields.List(fields.Nested(Tier2Schema), required=True)


class TradeSchema(Schema):
    """The exchange printed at an outer space."""

    kind = fields.String(required=True, validate=validate.OneOf(
        ("silver", "resource", "destroy", "flip")))
    resource = fields.String(validate=validate.OneOf(("ink", "gold", "stone")))

    @validates_schema
    def _resource(self, data, **kwargs):
        if (data["kind"] == "resource") != ("resource" in data):
            raise ValidationError(say("a resource exchange, and only it, names its resource"),
                                  "resource")


class ExitSchema(Schema):
    """An arrow leaving a space: to a role on this segment or on the next one clockwise."""

    to = fields.String(required=True, validate=validate.OneOf(ROLES))
    segment = fields.String(required=True, validate=validate.OneOf(("same", "next")))


class SpaceSchema(EntrySchema):
    """A space of the movement path."""

    role = fields.String(required=True, validate=validate.OneOf(ROLES))
    path = fields.String(required=True, validate=validate.OneOf(("outer", "inner")))
    river = fields.String(required=True, allow_none=True,
                          validate=validate.OneOf(("left", "right")))
    start_number = Number(1, 10, allow_none=True)
    trade = fields.Nested(TradeSchema, required=True, allow_none=True)
    exits = fields.List(fields.Nested(ExitSchema), required=True, validate=validate.Length(min=1))


class SpotSchema(EntrySchema):
    """A building spot: its side of the river, its order clockwise, its printed reward."""

    river = fields.String(required=True, validate=validate.OneOf(("left", "right")))
    order = Count()
    reward = fields.Nested(EffectSchema, required=True)


class LinkSchema(EntrySchema):
    """A link between two building spots and the reward it pays both owners."""

    ends = fields.List(fields.String(), required=True, validate=validate.Length(equal=2))
    reward = fields.Nested(EffectSchema, required=True)


class PreprintedTownsfolkSchema(EntrySchema):
    """The Townsfolk printed under a pile: dismissed for its effect once the pile is empty."""

    name = fields.String(required=True)
    names = names_field()
    cost = Count()
    icons = Icons
    hire = fields.Nested(EffectSchema, required=True)


class PreprintedManuscriptSchema(EntrySchema):
    """The manuscript printed under a pile: transcribed for its effect once the pile is empty."""

    cost = Count()
    effect = fields.Nested(EffectSchema, required=True)


class SideSchema(EntrySchema):
    """One printed side of a board segment."""

    side = fields.String(required=True, validate=validate.OneOf(("A", "B")))
    player_counts = fields.List(Number(1, 4),
                                required=True, validate=validate.Length(min=1))
    spaces = fields.List(fields.Nested(SpaceSchema), required=True)
    spots = fields.List(fields.Nested(SpotSchema), required=True)
    links = fields.List(fields.Nested(LinkSchema), required=True)
    townsfolk_space = fields.Nested(PreprintedTownsfolkSchema, required=True)
    manuscript_space = fields.Nested(PreprintedManuscriptSchema, required=True)


class SegmentSchema(EntrySchema):
    """A double-sided board segment."""

    number = Count()
    sides = fields.List(fields.Nested(SideSchema), required=True, validate=validate.Length(equal=2))


class TownsfolkSchema(EntrySchema):
    """A Townsfolk card: starting, hero or neutral."""

    name = fields.String(required=True)
    names = names_field()
    deck = fields.String(required=True, validate=validate.OneOf(("starting", "hero", "neutral")))
    cost = Count()
    icons = Icons
    timing = fields.String(required=True, allow_none=True,
                           validate=validate.OneOf(("immediate", "ongoing", "dropoff")))
    ability = OptionalEffect
    hire = OptionalEffect
    per_player = Count(required=False)

    @validates_schema
    def _timing(self, data, **kwargs):
        if (data["timing"] is None) != (data["ability"] is None):
            raise ValidationError(say("a card has a timing exactly when it has an ability"),
                                  "timing")
        if (data["deck"] == "starting") != ("per_player" in data):
            raise ValidationError(say("starting cards, and only they, give per_player copies"),
                                  "per_player")


class PlayerCardSchema(EntrySchema):
    """A Player Card: start space, setup gains and bottom step."""

    number = Number(1, 10)
    gain = Gains
    bottom = fields.Nested(EffectSchema, required=True)
    bottom_scope = fields.String(required=True, allow_none=True, validate=validate.OneOf(
        ("any_segment", "viscount_space", "before_shuffle")))


class ManuscriptSchema(EntrySchema):
    """A manuscript tile."""

    back = fields.String(required=True, validate=validate.OneOf(("grey", "black")))
    cost = Count()
    ribbon = fields.String(required=True, validate=validate.OneOf(RIBBONS))
    when = fields.String(required=True, validate=validate.OneOf(("immediate", "end_game")))
    effect = fields.Nested(EffectSchema, required=True)

    @validates_schema
    def _when(self, data, **kwargs):
        if (data["when"] == "end_game") != (data["effect"]["op"] == "score_per"):
            raise ValidationError(say("end-game manuscripts, and only they, score_per"), "effect")


class ManuscriptScoringSchema(EntrySchema):
    """Ribbon colours and the VP of a set of 1-4 different colours."""

    ribbons = fields.List(fields.String(validate=validate.OneOf(RIBBONS)), required=True)
    set_vp = fields.List(Count(), required=True, validate=validate.Length(equal=4))


class ClericBonusSchema(EntrySchema):
    """A Cleric Bonus card."""

    ribbon = fields.String(required=True, validate=validate.OneOf(RIBBONS))
    vp = Count()
    icons = Icons


class DebtsSchema(EntrySchema):
    """Debt cards."""

    cards = Count()
    unpaid_vp = Number()
    paid_vp = Number()
    on_flip = fields.Nested(EffectSchema, required=True)


class DeedsSchema(EntrySchema):
    """Deed cards."""

    cards = Count()
    acquired_vp = Number()
    approved_vp = Number()


class EndCardSchema(EntrySchema):
    """The Poverty or Prosperity card: its pile per player count and its awards."""

    id = fields.String(required=True, validate=validate.OneOf(("poverty", "prosperity")))
    pile = fields.String(required=True, validate=validate.OneOf(("debt", "deed")))
    on_card = fields.Dict(keys=fields.String(validate=validate.OneOf(("1", "2", "3", "4"))),
                          values=Count(), required=True)
    counts = fields.String(required=True,
                           validate=validate.OneOf(("flipped_debts", "flipped_deeds")))
    awards = fields.List(Count(), required=True, validate=validate.Length(equal=3))
    middle_ignored_below = Count()


class SoloSchema(EntrySchema):
    """Solo setup numbers."""

    pairs = Count()
    difficulty = fields.List(Number(0), required=True)
    leftover_vp_per_resource = Count()
    starting_schemes = Count()
    future_schemes = Count()


class ChartStepSchema(Schema):
    """One step of an AI's resource chart: take ``resource`` once ``after`` is reached."""

    resource = fields.String(required=True,
                             validate=validate.OneOf(("ink", "gold", "stone", "any")))
    after = fields.Dict(keys=fields.String(validate=validate.OneOf(("ink", "gold", "stone"))),
                        values=Count())


class AIBoardSchema(EntrySchema):
    """The AI side of a Player Board."""

    name = fields.String(required=True)
    names = names_field()
    focus = fields.String(required=True, validate=validate.OneOf((*ACTIONS, "flip")))
    single_resource = fields.Boolean(required=True)
    resource_chart = fields.List(fields.Nested(ChartStepSchema), required=True,
                                 validate=validate.Length(min=1))
    starting_gain = Gains
    starting_building = fields.String(required=True, validate=validate.OneOf(BUILDINGS))
    building_rows = BuildingRows
    unlocks = fields.Dict(keys=fields.String(validate=validate.OneOf(BUILDINGS)),
                          values=fields.List(fields.Nested(EffectSchema),
                                             validate=validate.Length(equal=3)), required=True)
    starting_icons = Positions
    schemes_removed = fields.List(fields.String(), required=True)
    collision = fields.List(fields.Nested(CollisionSpaceSchema), required=True)
    worker_brackets = fields.List(fields.Nested(BracketSchema), required=True)
    leftover_vp = Count()


class SchemeSchema(EntrySchema):
    """A Scheme card of the solo opponent."""

    deck = fields.String(required=True, validate=validate.OneOf(("starting", "future")))
    header = Icons
    rows = fields.List(fields.Nested(EffectSchema), required=True, validate=validate.Length(min=1))


class ReferenceColumnSchema(Schema):
    """A column of the AI Reference card: what the AI gets instead of what."""

    column = Number(1, 3)
    instead_of = fields.List(fields.String(validate=validate.OneOf((
        "rearrange", "silver_2", "destroy", "gain_card_future_empty", "flip_nothing", "discard",
        "castle_move"))), required=True)
    effect = fields.Nested(EffectSchema, required=True)


class AIReferenceSchema(EntrySchema):
    """The AI Reference card."""

    columns = fields.List(fields.Nested(ReferenceColumnSchema), required=True,
                          validate=validate.Length(equal=3))
    flip_choice = fields.String(required=True, validate=validate.Equal("least_flipped_debt_on_tie"))


class PlaceholderCountSchema(Schema):
    """How many entries are placeholders, whole or in part."""

    entries = fields.Integer(strict=True, required=True, validate=validate.Range(min=0))
    entries_with_placeholder_fields = fields.Integer(
        strict=True, required=True, validate=validate.Range(min=0))


class MetaSchema(Schema):
    """What a catalog is: its id, whether it holds the printed values, its placeholder counts."""

    id = fields.String(required=True, validate=ID)
    game = fields.String(required=True, validate=validate.Equal("viscounts"))
    version = fields.Integer(strict=True, required=True)
    printed = fields.Boolean(required=True)
    description = fields.String(required=True, validate=validate.Length(min=1))
    placeholders = fields.Nested(PlaceholderCountSchema, required=True)


def _list(schema: type[Schema]) -> fields.List:
    return fields.List(fields.Nested(schema), required=True)


class CatalogSchema(Schema):
    """A whole Viscounts catalog, checked entry by entry and then as a whole."""

    meta = fields.Nested(MetaSchema, required=True)
    setup = fields.Nested(SetupSchema, required=True)
    player_board = fields.Nested(PlayerBoardSchema, required=True)
    buildings = _list(BuildingSchema)
    castle = fields.Nested(CastleSchema, required=True)
    segments = _list(SegmentSchema)
    townsfolk = _list(TownsfolkSchema)
    player_cards = _list(PlayerCardSchema)
    manuscripts = _list(ManuscriptSchema)
    manuscript_scoring = fields.Nested(ManuscriptScoringSchema, required=True)
    cleric_bonuses = _list(ClericBonusSchema)
    debts = fields.Nested(DebtsSchema, required=True)
    deeds = fields.Nested(DeedsSchema, required=True)
    end_cards = _list(EndCardSchema)
    solo = fields.Nested(SoloSchema, required=True)
    ai_boards = _list(AIBoardSchema)
    schemes = _list(SchemeSchema)
    ai_reference = fields.Nested(AIReferenceSchema, required=True)
