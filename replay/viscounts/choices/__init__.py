"""The kinds of choice effects leave to players, each declared once (``kind.ChoiceKind``)."""

from __future__ import annotations

from replay.viscounts.choices import cards, castle, gains, placements
from replay.viscounts.choices.kind import ChoiceKind

CHOICES: dict[str, ChoiceKind] = {
    kind.kind: kind for module in (gains, cards, placements, castle) for kind in module.KINDS}
DECISIONS = tuple(CHOICES)
