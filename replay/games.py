"""The one list of games the referee knows. A new game adds one line here."""

from __future__ import annotations

from replay.coimbra import GAME as COIMBRA
from replay.core.protocol.registry import GameRegistry
from replay.viscounts import GAME as VISCOUNTS

GAMES = GameRegistry([COIMBRA, VISCOUNTS])
