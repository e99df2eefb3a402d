"""What the table holds for the automated opponent beyond a player's holdings."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from replay.viscounts.components import AIBoard, Catalog


@dataclass
class Step:
    """A row result the log must record next: ``kind`` is the event type it expects."""

    kind: str  # dismiss, gain_card, move, option, collision
    source: str  # the Scheme card (or component) that asks for it
    data: dict = field(default_factory=dict)


@dataclass
class SoloState:
    """The opponent's board, Scheme piles and the procedure's progress through a turn."""

    name: str
    board: AIBoard | None = None
    difficulty: int = 0
    cards: list[str | None] = field(default_factory=lambda: [None, None, None])
    draw: Counter = field(default_factory=Counter)  # Schemes that can be in the draw pile
    draw_size: int = 0
    future_in_draw: int = 0  # Future Schemes shuffled into the draw pile, not yet seen
    future: Counter = field(default_factory=Counter)  # the Future pile (order unknown)
    discard: list[str] = field(default_factory=list)  # face up, bottom to top
    shifted: bool = False  # its cards are shifted for a turn whose Scheme is not flipped yet
    rows: list[dict] = field(default_factory=list)  # rows of the turn not yet resolved
    step: Step | None = None  # what the log must say next for the opponent
    in_turn: bool = False
    dismissed: str | None = None  # the Townsfolk its dismiss row removed this turn, if any

    def header_icons(self, catalog: Catalog) -> Counter:
        """The header icons of the Schemes on its board and the uncovered starting icons."""
        icons: Counter = Counter()
        for space, card in enumerate(self.cards):
            icons.update(catalog.schemes[card].header if card
                         else self.board.starting_icons[space])
        return icons

    def criminal_icons(self, catalog: Catalog) -> int:
        """Criminal icons on its board (Scheme headers)."""
        return self.header_icons(catalog)["criminal"]

    def unlocks(self, building: str) -> tuple:
        """The unlocks of a building row of its AI board."""
        return tuple(self.board.unlocks[building])

    @property
    def future_size(self) -> int:
        """Cards in the Future Scheme pile (those shuffled into the draw pile are not)."""
        return sum(self.future.values()) - self.future_in_draw

    def draw_tops(self) -> list[str]:
        """The Schemes that can be on top of the draw pile (face down, shuffled: any it holds,
        and any Future Scheme while some shuffled in by the difficulty are not seen yet)."""
        future = sorted(self.future.elements()) if self.future_in_draw else []
        return sorted(self.draw.elements()) + future

    def future_tops(self) -> list[str]:
        """The Schemes that can be on top of the Future pile (its order is not known)."""
        return sorted(self.future.elements()) if self.future_size else []

    @property
    def busy(self) -> bool:
        """Whether its current turn still has rows, a step or its flip to record."""
        return bool(self.rows) or self.step is not None or self.shifted
