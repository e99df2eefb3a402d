"""The registry: the games the referee knows, by the name a log header uses."""

from __future__ import annotations

import difflib
from collections.abc import Iterator
from contextlib import contextmanager

from replay.core.logs.problems import InvalidLog, LogProblem
from replay.core.protocol.game import Game
from replay.core.speech import say
from replay.core.words import alternatives


class GameRegistry:
    """Game objects by name. ``get`` refuses an unknown name with the close matches."""

    def __init__(self, games: list[Game]):
        self._games: dict[str, Game] = {}
        for game in games:
            self.register(game)

    def register(self, game: Game) -> None:
        """Add a game (its name must be new)."""
        if game.name in self._games:
            raise ValueError(f"a game named {game.name!r} is registered already")
        self._games[game.name] = game

    def unregister(self, name: str) -> None:
        """Remove a game (a test game, at the end of its test)."""
        del self._games[name]

    @contextmanager
    def registered(self, game: Game) -> Iterator[Game]:
        """A game known for the duration of a ``with`` block."""
        self.register(game)
        try:
            yield game
        finally:
            self.unregister(game.name)

    def names(self) -> list[str]:
        """Every game's name, sorted."""
        return sorted(self._games)

    def __iter__(self) -> Iterator[Game]:
        return iter([self._games[name] for name in self.names()])

    def __contains__(self, name: object) -> bool:
        return name in self._games

    def find(self, name: object) -> Game | None:
        """The game of that name, or None."""
        return self._games.get(name) if isinstance(name, str) else None

    def get(self, name: str, path: str = "/header/game") -> Game:
        """The game of that name, or ``InvalidLog`` naming the close matches."""
        game = self.find(name)
        if game is None:
            raise InvalidLog([LogProblem(
                say("unknown game {game}", game=repr(name)), path=path,
                expected=alternatives(self.names()),
                suggestions=tuple(difflib.get_close_matches(str(name), self.names(), n=3)))])
        return game

    def for_catalog(self, document: object, game: str | None = None) -> Game:
        """The game a catalog document is for: ``game`` when given, else its ``meta.game``."""
        meta = document.get("meta") if isinstance(document, dict) else None
        name = game or (meta.get("game") if isinstance(meta, dict) else None)
        if not isinstance(name, str):
            raise InvalidLog([LogProblem("a catalog names its game in meta.game",
                                         path="/meta/game", expected=" or ".join(self.names()))])
        return self.get(name, path="/meta/game")

