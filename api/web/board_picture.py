"""The picture of the table after an event, drawn on the server for the step page and, at
the last event, for the report page."""

from __future__ import annotations

import replay
from api.web.page_replays import Busy, at_once
from replay.core.logs.log import GameLog
from replay.core.logs.problems import InvalidLog
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


def final_picture(log: GameLog | None, catalog: dict | None, wait: float = 0
                  ) -> tuple[Picture | None, bool]:
    """The table after a log's last event drawn for its report page, and whether it could
    not be drawn now (after ``wait`` seconds) because another request is replaying for a
    page (``page_replays``)."""
    if log is None or not log.events:
        return None, False
    game = replay.GAMES.find(log.game)
    if game is None:
        return None, False
    try:
        with at_once(wait):
            return board_picture(game, log, len(log.events) - 1, catalog), False
    except Busy:
        return None, True
    except InvalidLog:  # a log whose header or events cannot be replayed draws nothing
        return None, False
