"""How a game's rules engine replays a log: the steps every game takes, from its own parts."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import NamedTuple

from replay.core.logs.log import GameLog
from replay.core.logs.problems import InvalidLog, LogProblem
from replay.core.protocol.shapes import FieldKind, check_shapes
from replay.core.protocol.table_cache import TableCache, game_key
from replay.core.speech import say


class Replayed(NamedTuple):
    """A finished replay: the table as the events left it, and what the report is built from."""

    table: object
    catalog: object
    claims: object
    final: dict | None  # the final scoring, when the log reached the end
    replayed: int  # how many events were replayed


@dataclass(frozen=True)
class Replayer:
    """A game's engine, as its parts.

    ``load_catalog(document, catalog_id, declarations)`` gives the indexed catalog, with the
    values the log declares in place; ``new_table(players,
    catalog, mode, variants, positions)`` a table (its ``state.players`` and its ``judge``);
    ``new_claims()`` a ``replay.core.verdicts.claims.Claims``; ``run_events(table, events, claims)``
    applies events and says whether every one was replayed; ``finish(table)`` scores the end.
    ``place(table, position)`` sets a new table up as a position document describes it
    (raising ``InvalidLog`` with every located problem of the position), and
    ``position_of(table)`` gives the document of a table (None: the game's logs start from
    the setup only).
    """

    event_specs: Mapping
    field_kinds: Mapping[str, FieldKind]
    load_catalog: Callable
    new_table: Callable
    new_claims: Callable
    run_events: Callable[..., bool]
    finish: Callable[..., dict | None]
    place: Callable[[object, dict], None] | None = None
    position_of: Callable[[object], dict] | None = None
    # Tables of the last logs looked at (``replay_to``), so that the next look replays less.
    tables: TableCache = field(default_factory=TableCache, compare=False, repr=False)

    def replay(self, log: GameLog, events: list[dict], mode: str,
               catalog: dict | None) -> Replayed:
        """Replay checked ``events`` of ``log`` from the start, score the end if the replay
        reached it, and compare the table's claims with what was computed."""
        loaded = self.load_catalog(catalog, log.catalog, log.declarations())
        table = self.start(log, loaded, mode)
        claims = self.new_claims()
        completed = self.run_events(table, events, claims)
        final = self.finish(table) if completed else None
        claims.close(table, {n: p.points for n, p in table.state.players.items()}
                     if final else None)
        replayed = len(events) if completed else table.judge.event
        return Replayed(table, loaded, claims, final, replayed)

    def replay_to(self, log: GameLog, upto: int, catalog: dict | None = None,
                  score_end: bool = False):
        """The table after events ``0..upto`` (inclusive), replayed in audit mode; with
        ``score_end``, a log replayed to its last event that reaches the end is scored too
        (the points a judge stepping to the last line expects to see). A table kept from an
        earlier look at the same game (``replay.core.protocol.table_cache``) replays only the events
        after it."""
        events, _ = check_shapes(log.events, self.event_specs, self.field_kinds)
        wanted = events[:upto + 1]
        # A built-in catalog is the same catalog every time: only then is a table kept.
        key = game_key(log) if catalog is None else None
        table, done = self.tables.start(key, wanted, log.positions) if key else (None, 0)
        if table is None:
            table = self.start(log, self.load_catalog(catalog, log.catalog,
                                                      log.declarations()), "audit")
        else:
            table.judge.positions = log.positions  # the lines of the events still to come
        completed = self.run_events(table, wanted[done:], self.new_claims(), done)
        if key and completed:
            self.tables.keep(key, wanted, log.positions, table)
        if score_end and completed and upto >= len(events) - 1:
            self.finish(table)
        return table

    def start(self, log: GameLog, catalog, mode: str):
        """The table a log's events start from: the very start, or the log's position."""
        table = self.new_table(log.players, catalog, mode, log.variants, log.positions)
        if log.position is not None:
            if self.place is None:
                raise InvalidLog([LogProblem(say("a {game} log starts from its setup: positions "
                                                 "are not read for this game yet",
                                                 game=log.game),
                                             path="/position")])
            self.place(table, log.position)
        return table
