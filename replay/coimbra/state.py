"""The state of a Coimbra game as plain data."""

from __future__ import annotations

from dataclasses import dataclass, field

from replay.core.speech import say

LOCATIONS = ("castle", "upper", "central", "lower")
CITY_ROWS = ("upper", "central", "lower")
# The locations as words in a message ("dealt to upper", "in the castle").
LOCATION_NAMES = {"castle": say("castle"), "upper": say("upper"), "central": say("central"),
                  "lower": say("lower")}
TRACKS = ("council", "merchant", "clergy", "scholar")
# The kinds of thing an id of a log names, as words in a message ("unknown voyage").
COMPONENT_KINDS = {"character": say("character"), "favor tile": say("favor tile"),
                   "map location": say("map location"), "monastery": say("monastery"),
                   "monastery space": say("monastery space"), "scoring tile": say("scoring tile"),
                   "starting corner": say("starting corner"), "voyage": say("voyage"),
                   "location": say("location"), "track": say("track"), "player": say("player")}
# The resources beside the tracks as words in a message ("paid entirely in coins").
RESOURCE_NAMES = {"coins": say("coins"), "guards": say("guards")}
# The tracks as words in a message ("pays on the council track").
TRACK_NAMES = {"council": say("council"), "merchant": say("merchant"), "clergy": say("clergy"),
               "scholar": say("scholar")}
COLOUR_TRACK = {"gray": "council", "orange": "merchant", "purple": "clergy", "green": "scholar"}
ROUNDS = 4
DICE_PER_PLAYER = 3


@dataclass(slots=True)
class Slot:
    """A die (or neutral token) in a location's queue."""

    die: str  # e.g. "gray5"; neutral tokens are "token3"
    value: int
    owner: str | None  # None for a neutral token
    resolved: bool = False
    bonus: int = 0  # what a favor tile added to the value (the +3 tile)


@dataclass(slots=True)
class Player:
    """One player's resources, tracks, components and per-round bookkeeping."""

    name: str
    coins: int = 0  # the starting coins and guards arrive as ledger rows at setup
    guards: int = 0
    points: int = 0
    influence: dict[str, int] = field(default_factory=lambda: dict.fromkeys(TRACKS, 0))
    # When the player's disk reached its current space on each track (lower disk = earlier).
    arrived: dict[str, int] = field(default_factory=lambda: dict.fromkeys(TRACKS, 0))
    characters: list[str] = field(default_factory=list)
    start_cards: list[str] = field(default_factory=list)
    monasteries: list[str] = field(default_factory=list)  # tiles visited, in visit order
    pilgrim: str | None = None  # the node the pilgrim stands on
    voyages: list[str] = field(default_factory=list)
    favors_taken: int = 0
    # This round only:
    favors: list[str] = field(default_factory=list)
    crown_tokens: int = 0
    dice: list[str] = field(default_factory=list)
    income_used: list[str] = field(default_factory=list)
    investments: int = 1
    invested_this_round: int = 0
    # Start choices made.
    took_pair: bool = False
    took_corner: bool = False


@dataclass
class GameState:
    """Everything on the table, and where in the sequence of play the game stands."""

    players: dict[str, Player]
    order: list[str]
    round: int = 0
    start_turns: list[str] = field(default_factory=list)
    deck: set[str] = field(default_factory=set)
    rows: dict[str, list[str | None]] = field(default_factory=dict)
    crown_tokens: dict[str, str] = field(default_factory=dict)  # card id -> class
    favors_available: list[str] = field(default_factory=list)
    voyages: list[str] = field(default_factory=list)
    monasteries: dict[str, str] = field(default_factory=dict)  # space -> tile
    scoring_tiles: dict[str, str] = field(default_factory=dict)
    start_pairs: list[tuple[str, str]] = field(default_factory=list)
    corners_free: list[str] = field(default_factory=list)
    pool: list[str] = field(default_factory=list)
    queues: dict[str, list[Slot]] = field(default_factory=dict)
    picks: int = 0
    # Phase C: the index in LOCATIONS of the first location whose queue is not finished; the
    # locations before it are done with, so the next die is not looked for there again.
    resolving: int = 0
    cursor: int = 0  # index into order for phases B, E and F
    # Pilgrim steps each player may still use with a move right after the event that gave
    # them; cleared by the next other event.
    pending_steps: dict[str, int] = field(default_factory=dict)
    # The favor tile whose choice of rewards its holder has yet to make (player -> tile);
    # their castle die resolves once they have chosen.
    choosing: dict[str, str] = field(default_factory=dict)
    clock: int = 0  # increases on every track move, to rank equal positions

    def drafting(self) -> str:
        """The player whose turn it is to take a die in phase B."""
        return self.order[self.picks % len(self.order)]

    def acting_in_turn(self) -> str:
        """The player whose turn it is in phases B, E and F."""
        return self.order[self.cursor % len(self.order)]

    def next_slot(self) -> tuple[str, Slot] | None:
        """The leftmost unresolved item of the first location not finished (phase C)."""
        for location in LOCATIONS[self.resolving:]:
            for slot in self.queues.get(location, ()):
                if not slot.resolved:
                    return location, slot
        return None
