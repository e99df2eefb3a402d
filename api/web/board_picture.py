"""The picture of the table after an event, drawn on the server for the step page."""

from __future__ import annotations

from replay.core.logs.log import GameLog
from replay.core.protocol.game import Game
from replay.render import board_coimbra, board_viscounts
from replay.render.svg import Picture

# Each game's drawing, from the table its engine replays to.
DRAWINGS = {"viscounts": board_viscounts.picture, "coimbra": board_coimbra.picture}


def board_picture(game: Game, log: GameLog, event: int, catalog: dict | None) -> Picture | None:
    """The table after ``event`` drawn (None for a game without a drawing): the engine's own
    table, replayed to there (the state just looked at is kept, so this replays nothing
    again)."""
    draw = DRAWINGS.get(game.name)
    engine = getattr(game, "engine", None)
    if draw is None or engine is None:
        return None
    return draw(engine.replayer.replay_to(log, event, catalog, score_end=True))
