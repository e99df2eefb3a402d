"""The GAME argument of the commands: any game the registry knows when the command runs."""

from __future__ import annotations

import click

from replay.core.protocol.game import Game
from replay.core.speech import tr
from replay.games import GAMES


class GameName(click.ParamType):
    """A registered game's name, converted to its game object."""

    name = "game"

    def get_metavar(self, param, ctx=None) -> str:  # click >= 8.2 passes ctx
        """``[coimbra|...]`` in usage lines."""
        return f"[{'|'.join(GAMES.names())}]"

    def convert(self, value, param, ctx) -> Game:
        """The game object, or a usage error naming the known games."""
        if isinstance(value, Game):
            return value
        game = GAMES.find(value)
        if game is None:
            self.fail(tr("{value} is not a game the referee knows ({games})",
                         value=repr(value), games=", ".join(GAMES.names())), param, ctx)
        return game


GAME = GameName()
