"""The state of a Viscounts table as plain dataclasses: players, board, piles, castle."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field, replace

RESOURCES = ("ink", "gold", "stone")
BUILDINGS = ("trading_post", "guildhall", "workshop")
SLOTS = (1, 2, 3)  # each building's slots on a player board, left to right
# The turn's phases in order; ``setup`` and ``pick`` come before the first turn.
TURN_PHASES = ("card", "move", "action", "recruit", "collision", "draw")


@dataclass(slots=True)
class Decision:
    """A choice an effect waits for: answered by the next fitting decision event."""

    player: str
    kind: str  # the decision event type that answers it
    optional: bool
    source: str  # the component that asked for it (for messages and the ledger)
    data: dict = field(default_factory=dict)  # what the answer must fit (e.g. flip "either")
    # An answer to it was refused: it still waits for a right one, but left unanswered it is
    # not a second fault.
    refused: bool = False

    def __deepcopy__(self, memo: dict) -> Decision:
        """A copy for a snapshot of the table: ``data`` is copied one level deep, as its
        values are names, numbers and the catalog's read-only effects (which cannot be
        deep-copied and need not be)."""
        return replace(self, data=dict(self.data))


@dataclass
class Player:
    """One player's board, cards and holdings."""

    name: str
    silver: int = 0
    ink: int = 0
    gold: int = 0
    stone: int = 0
    debts: int = 0  # unpaid
    paid_debts: int = 0
    deeds: int = 0  # acquired, not yet approved
    approved_deeds: int = 0
    corruption: int = 1  # marker space, 1 = far left
    virtue: int = 7  # marker space, 7 = far right
    points: int = 0
    workers: int = 20  # in supply
    space: str | None = None  # the Viscount's space id
    player_card: str | None = None
    hero: str | None = None
    board: list[str | None] = field(default_factory=lambda: [None, None, None])
    hand: Counter = field(default_factory=Counter)  # cards known to be in hand
    hand_unknown: int = 0  # cards in hand the log has not named
    hidden: Counter = field(default_factory=Counter)  # draw pile + unknown hand cards
    draw_count: int = 0  # cards in the draw pile
    discard: list[str] = field(default_factory=list)  # face up, known
    built: dict[str, list[int]] = field(default_factory=lambda: {b: [] for b in BUILDINGS})
    manuscripts: list[str] = field(default_factory=list)
    bonuses: list[str] = field(default_factory=list)  # Cleric Bonus ribbons held

    @property
    def hand_size(self) -> int:
        """Cards in hand, named or not."""
        return sum(self.hand.values()) + self.hand_unknown

    def free_slots(self, building: str) -> list[int]:
        """The building's slots still on the board (not yet built), left to right."""
        return [slot for slot in SLOTS if slot not in self.built[building]]

    def owned_cards(self) -> int:
        """Every Townsfolk the player owns: board, hand, draw and discard piles."""
        return (sum(1 for c in self.board if c) + self.hand_size + self.draw_count
                + len(self.discard))


@dataclass
class Pile:
    """A Townsfolk or manuscript pile: its face-up top and how many cards it holds."""

    top: str | None
    size: int


@dataclass
class TableState:
    """The whole table."""

    players: dict[str, Player]
    seats: list[str]  # clockwise
    start_player: str | None = None
    segments: list[str] = field(default_factory=list)  # side ids, clockwise
    castle_offset: int = 0  # the tier-2 position facing the first segment, 0-based
    townsfolk: dict[str, Pile] = field(default_factory=dict)  # by side id
    manuscripts: dict[str, Pile] = field(default_factory=dict)
    unseen_townsfolk: Counter = field(default_factory=Counter)  # neutral cards in some pile
    unseen_manuscripts: Counter = field(default_factory=Counter)
    pairs: list[tuple[str, str]] = field(default_factory=list)
    pick_order: list[str] = field(default_factory=list)
    phase: str = "setup"
    round: int = 0
    turn: int = 0  # index in the round, 0 = the start player
    current: str | None = None
    tier1: dict[str, Counter] = field(default_factory=dict)  # side -> workers by owner
    tier2: dict[str, Counter] = field(default_factory=dict)
    tier3: Counter = field(default_factory=Counter)
    leader: str | None = None
    spots: dict[str, tuple[str, str]] = field(default_factory=dict)  # spot -> (owner, building)
    bonus_taken: dict[str, str] = field(default_factory=dict)  # ribbon -> holder
    on_poverty: int = 0  # Debts still on the Poverty card
    on_prosperity: int = 0
    revealed: list[str] = field(default_factory=list)  # poverty / prosperity, in order
    last_round: int | None = None  # set when the end is triggered
    pending: list[Decision] = field(default_factory=list)
    # Flips of a fixed kind (player, "debt"/"deed", source) the engine did for the event now
    # being answered: a logged flip of the other kind is then a wrong kind, not an unasked one.
    fixed_flips: list[tuple[str, str, str]] = field(default_factory=list)
    reveals_owed: list[tuple[str, str]] = field(default_factory=list)  # (kind, side)
    # Reveals refused as missing (audit mode goes on without them): written later, they are
    # still the pile's new top, not a second fault.
    reveals_late: list[tuple[str, str]] = field(default_factory=list)
    played: str | None = None  # the card played this turn
    # Under corruption-after-immediate: the played Criminal whose Corruption waits until its
    # immediate effect, and every choice the effect raised, is resolved.
    corruption_due: str | None = None
    moved: bool = False
    acted: bool | str = False  # the primary action taken this turn (True: one was due)
    collided: bool = False
    hired: bool = False  # the turn's player hired in phase 4
    over: bool = False

    def order_from(self, first: str) -> list[str]:
        """The seats clockwise starting with ``first``."""
        i = self.seats.index(first)
        return self.seats[i:] + self.seats[:i]

    def turn_order(self) -> list[str]:
        """The order of turns in a round."""
        return self.order_from(self.start_player)

    def playing(self, turn: int) -> str:
        """Who plays turn ``turn`` of a round (0: the start player)."""
        seats = self.seats
        return seats[(seats.index(self.start_player) + turn) % len(seats)]


def collision_due(player: Player) -> bool:
    """The markers share a space."""
    return player.corruption == player.virtue
