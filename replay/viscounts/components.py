"""The engine's read-only view of a Viscounts catalog: one frozen dataclass per component.

Effects stay in the declarative vocabulary of ``data/README.md`` (read-only mappings and
tuples). ``Catalog.placeholders_used`` names the placeholder values a verdict depended on
(``Placeholder``, shared with every game: ``replay.core.protocol.placeholders``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from replay.core.logs.declarations import copied
from replay.core.protocol.placeholders import Placeholder, PlaceholderLookup

Effect = Mapping  # one effect of the vocabulary, read-only


def freeze(value: object) -> object:
    """A read-only copy of decoded JSON: mappings become mapping proxies, lists tuples."""
    if isinstance(value, dict):
        return MappingProxyType({key: freeze(item) for key, item in value.items()})
    if isinstance(value, list):
        return tuple(freeze(item) for item in value)
    return value


@dataclass(frozen=True, slots=True)
class Townsfolk:
    """A Townsfolk card as printed: name, Silver value, icons, ability and hire effect."""

    id: str
    name: str
    deck: str  # starting, hero or neutral
    cost: int  # the Silver value: movement, dismiss and hire cost, Destroy gain
    icons: tuple[str, ...]
    timing: str | None  # immediate, ongoing, dropoff; None for a card without ability
    ability: Effect | None
    hire: Effect | None  # the top-right effect, gained on hire or dismiss
    per_player: int = 0  # starting cards: copies in each player's colour
    criminal_icons: int = field(init=False)  # how many Criminal icons the card shows

    def __post_init__(self) -> None:
        # Counted once: the board's Criminal icons are read at many plays and shuffles.
        object.__setattr__(self, "criminal_icons", self.icons.count("criminal"))


@dataclass(frozen=True, slots=True)
class PlayerCard:
    """A Player Card: its number is the start space; gains and bottom step at setup."""

    id: str
    number: int
    gain: Mapping[str, int]
    bottom: Effect
    bottom_scope: str | None  # any_segment, viscount_space, before_shuffle


@dataclass(frozen=True, slots=True)
class BuildingType:
    """Trading Post, Guildhall or Workshop on the Player Board."""

    id: str
    name: str
    cost: int  # Builder icons
    vp: tuple[int, int, int]  # for 1, 2, 3 built
    unlocks: tuple[Effect, Effect, Effect]  # uncovered by building from slot 1, 2, 3


@dataclass(frozen=True, slots=True)
class Manuscript:
    """A manuscript tile."""

    id: str
    back: str  # grey (one on top of each pile) or black
    cost: int  # Cleric icons
    ribbon: str
    when: str  # immediate or end_game
    effect: Effect


@dataclass(frozen=True, slots=True)
class ClericBonus:
    """The bonus card of a ribbon colour: VP and permanent icons."""

    id: str
    ribbon: str
    vp: int
    icons: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Space:
    """A space of the movement path on one side of a segment."""

    id: str
    segment: str
    role: str  # outer_left, outer_right, inner
    path: str  # outer or inner
    river: str | None  # the side of the river an outer space builds on
    start_number: int | None
    trade: Mapping | None  # {"kind": silver|resource|destroy|flip, "resource": ...}
    exits: tuple[tuple[str, str], ...]  # (role, "same" or "next" segment clockwise)


@dataclass(frozen=True, slots=True)
class Spot:
    """A building spot."""

    id: str
    river: str
    order: int  # clockwise within its side of the river, from 1
    reward: Effect


@dataclass(frozen=True, slots=True)
class Link:
    """A link between two building spots."""

    id: str
    ends: tuple[str, str]
    reward: Effect


@dataclass(frozen=True, slots=True)
class BoardSide:
    """One printed side of a segment, used for the player counts it lists."""

    id: str
    segment: str
    player_counts: tuple[int, ...]
    spaces: Mapping[str, Space]  # by role
    spots: tuple[Spot, ...]
    links: tuple[Link, ...]
    townsfolk_space: Mapping  # the pre-printed Townsfolk under the pile
    manuscript_space: Mapping  # the pre-printed manuscript under the pile


@dataclass(frozen=True, slots=True)
class CollisionSpace:
    """A collision-track space: the current player's gain, and the opponents' row."""

    space: int
    current: Effect
    opponents_condition: str | None  # always, criminals, no_criminals; None on AI boards
    opponents: Effect | None


@dataclass(frozen=True, slots=True)
class PlayerBoard:
    """The player side of a Player Board."""

    card_spaces: int
    starting_icons: tuple[tuple[str, ...], ...]  # by card space, left to right
    hand_limit: int
    minimum_cards: int
    resource_icons: Mapping[str, str]  # resource -> the icon it stands for
    track_spaces: int
    corruption_start: int
    virtue_start: int
    building_rows: tuple[str, ...]
    collision: tuple[CollisionSpace, ...]  # by space, 1 first


@dataclass(frozen=True, slots=True)
class Castle:
    """The castle: Worker brackets, tiers, bumps, leader and tier-2 rewards."""

    sections: int
    max_per_section: int
    brackets: tuple[tuple[int, int], ...]  # (Noble icons, Workers)
    tier_vp: tuple[int, int, int]
    bump_rewards: tuple[Effect, Effect]  # bumped from tier 1, tier 2
    tier3_reward: Effect
    leader_vp: int
    leader_hand_limit_plus: int
    tier2: tuple[Effect, ...]  # by clockwise position, the first at index 0
    tier2_ids: tuple[str, ...] = ()  # the catalog ids of the tier-2 rewards, same order
    icons_for: Mapping[int, int] = field(init=False)  # Workers placed -> Noble icons

    def __post_init__(self) -> None:
        # Indexed once: every Place Workers action asks it.
        object.__setattr__(self, "icons_for", MappingProxyType(
            {workers: icons for icons, workers in self.brackets}))


@dataclass(frozen=True, slots=True)
class EndCard:
    """Poverty or Prosperity."""

    id: str
    pile: str  # debt or deed
    on_card: Mapping[int, int]  # player count -> cards placed on it
    counts: str  # flipped_deeds or flipped_debts
    awards: tuple[int, int, int]
    middle_ignored_below: int  # player count below which the middle award is ignored


@dataclass(frozen=True, slots=True)
class AIBoard:
    """The AI side of a Player Board."""

    id: str
    name: str
    focus: str
    single_resource: bool
    resource_chart: tuple[Mapping, ...]
    starting_gain: Mapping[str, int]
    starting_building: str
    building_rows: tuple[str, ...]
    unlocks: Mapping[str, tuple[Effect, ...]]
    starting_icons: tuple[tuple[str, ...], ...]
    schemes_removed: tuple[str, ...]
    collision: tuple[CollisionSpace, ...]
    brackets: tuple[tuple[int, int], ...]
    leftover_vp: int


@dataclass(frozen=True, slots=True)
class Scheme:
    """A Scheme card: header icons that fund, rows resolved top to bottom."""

    id: str
    deck: str  # starting or future
    header: tuple[str, ...]
    rows: tuple[Effect, ...]


@dataclass(frozen=True, slots=True)
class Catalog:
    """A validated catalog, indexed for the engine."""

    id: str
    sha256: str
    printed: bool
    description: str
    setup: Mapping
    player_board: PlayerBoard
    buildings: Mapping[str, BuildingType]
    castle: Castle
    segments: Mapping[str, tuple[BoardSide, ...]]  # segment id -> its two sides
    townsfolk: Mapping[str, Townsfolk]
    starting_deck: tuple[str, ...]  # the starting Townsfolk each player's deck begins with
    player_cards: Mapping[int, PlayerCard]  # by number
    manuscripts: Mapping[str, Manuscript]
    ribbon_set_vp: tuple[int, ...]  # for sets of 1..4 different colours
    cleric_bonuses: Mapping[str, ClericBonus]  # by ribbon
    debts: Mapping
    deeds: Mapping
    end_cards: Mapping[str, EndCard]
    solo: Mapping
    ai_boards: Mapping[str, AIBoard]
    schemes: Mapping[str, Scheme]
    ai_reference: Mapping
    sides: Mapping[str, BoardSide]  # every side of every segment, by id
    spaces: Mapping[str, Space]  # every space of every side, by id
    spots: Mapping[str, Spot]  # every building spot, by id
    links: Mapping[str, Link]  # every link, by id
    placeholders: Mapping[str, tuple[Placeholder, ...]]  # entry id -> its placeholder values
    entry_paths: Mapping[str, str]  # JSON pointer -> entry id
    # Language -> id -> the name printed in it, for the entries named in other languages.
    names_in: Mapping[str, Mapping[str, str]]
    # The values the log declared from the printed components (``replay.core.logs.declarations``).
    declared: tuple[dict, ...] = ()
    lookup: PlaceholderLookup = field(init=False, repr=False, compare=False)

    def summary(self) -> dict:
        """What a report says about the catalog it used."""
        summary = {"id": self.id, "sha256": self.sha256, "printed": self.printed,
                   "description": self.description,
                   "placeholder_values": sum(map(len, self.placeholders.values()))}
        if self.declared:  # a copy: the catalog, and what it declared, serve every replay
            summary["declared_values"] = copied(self.declared)
        return summary

    def sides_for(self, players: int) -> dict[str, BoardSide]:
        """The side of each segment turned up for a player count."""
        return {segment: next(side for side in sides if players in side.player_counts)
                for segment, sides in self.segments.items()}

    def end_pile(self, card: str, players: int) -> int:
        """How many Debts (poverty) or Deeds (prosperity) lie on the card for a player count."""
        return self.end_cards[card].on_card[players]

    def placeholders_used(self, touched: Iterable[str]) -> list[Placeholder]:
        """The placeholder values among what a replay touched, in catalog order
        (``replay.core.protocol.placeholders.PlaceholderLookup``: each item's values worked
        out once per catalog)."""
        return self.lookup(touched)

    def __post_init__(self) -> None:
        object.__setattr__(self, "lookup", PlaceholderLookup(self.placeholders,
                                                             self.entry_paths))
