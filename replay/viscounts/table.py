"""The Viscounts table in progress: state, catalog, judge and ledger, and the changes they share.

Every change to a player's holdings goes through ``change`` so that it is floored (points
excepted) and written to the ledger; every catalog value a replay reads through ``touch`` is
noted (``CatalogReads``), so the report can list the placeholder values the verdict
depended on.
"""

from __future__ import annotations

import copy
import difflib
from collections import Counter
from collections.abc import Mapping

from replay.core.protocol.actions import Refusal
from replay.core.protocol.flow import Phase, record
from replay.core.protocol.placeholders import CatalogReads
from replay.core.speech import say, worded
from replay.core.verdicts.judge import Judge
from replay.core.verdicts.ledger import LedgerRow, ledger_row
from replay.viscounts.components import Catalog, Townsfolk
from replay.viscounts.state import Player, TableState

# How messages name the sources that are rules or moments rather than components.
SOURCE_WORDS = {
    "castle-tier3": "a Worker reaching castle tier 3", "bump-tier1": "a bump from tier 1",
    "bump-tier2": "a bump from tier 2", "debt": "a flipped Debt", "castle": "the castle",
    "shuffle": "the shuffle check", "movement": "movement", "landed": "{} landing here",
}


class Table(CatalogReads):
    """A replay in progress (what it read of the catalog noted: ``CatalogReads``)."""

    def __init__(self, players: list[str], catalog: Catalog, judge: Judge,
                 phases: Mapping[str, Phase]):
        self.catalog = catalog
        self.judge = judge
        self.phases = phases
        self.labels = {name: phase.ledger for name, phase in phases.items()}  # ledger labels
        self.state = TableState(players={n: Player(n) for n in players}, seats=list(players))
        self.ledger: list[LedgerRow] = []
        self.event: int | None = None
        self.warnings: list[dict] = []  # leniencies: what was accepted and normalised
        self.notes: list[dict] = []  # moments worth reading: end trigger, bonuses, lost flips
        self.markers: list[tuple[int, dict]] = []
        self.claims = None  # the replay's claims, compared as the log makes them
        # (event, catalog entry or field) for each value the replay read, event by event.
        self.reads: list[tuple[int | None, str]] = []
        self.exits: dict[str, list[str]] = {}  # space -> the spaces its arrows lead to
        self.names: dict[str, str] = {}  # ident -> its name (``name``), most asked again
        self.solo = None  # the automated opponent's SoloState in a solo game
        # Its seat's name (None in a multiplayer game): effects compare a player's name with
        # it at nearly every event, where ``automated`` would be a call each time.
        self.opponent: str | None = None
        # player -> the ongoing abilities in force (``effects.in_force``), read at nearly every
        # event; a player's entry goes when their buildings or bonus cards change (a changed
        # board is noticed where it is read).
        self.in_force: dict[str, tuple] = {}
        # Read at every event, so looked up once.
        self.strict_primary_action = judge.allows("strict-primary-action")

    def copy(self) -> Table:
        """A table that goes on from here on its own: the catalog and the names read off it
        shared (they never change), everything the events change copied."""
        twin = copy.copy(self)
        # The arrows are read off the board the setup laid out: a table kept before its setup
        # serves games with other boards.
        twin.exits = dict(self.exits)
        twin.state = copy.deepcopy(self.state)
        twin.judge = self.judge.copy()
        twin.ledger = list(self.ledger)  # rows are never changed once written
        twin.warnings, twin.notes = list(self.warnings), list(self.notes)
        twin.markers, twin.reads = list(self.markers), list(self.reads)
        twin.in_force = {}  # read again where it is needed
        if self.solo is not None:
            twin.solo = copy.copy(self.solo)
            for name in ("cards", "discard", "rows"):
                setattr(twin.solo, name, list(getattr(self.solo, name)))
            twin.solo.draw, twin.solo.future = Counter(self.solo.draw), Counter(self.solo.future)
            twin.solo.step = copy.copy(self.solo.step)
        return twin

    # -- lookups ----------------------------------------------------------------------

    @property
    def phase(self) -> str:
        """The phase the game is in (as the protocol's ``next_step`` reads a table)."""
        return self.state.phase

    @phase.setter
    def phase(self, name: str) -> None:
        self.state.phase = name

    def player(self, name: str) -> Player:
        """The named player (the caller has checked the name)."""
        return self.state.players[name]

    def played_value(self) -> int:
        """The Silver value of the card played this turn (0 before it is played)."""
        played = self.state.played
        return self.catalog.townsfolk[played].cost if played else 0

    def card(self, ident: str) -> Townsfolk:
        """A Townsfolk card, or the pre-printed card of a segment side (``seg1a-tf``)."""
        if ident in self.catalog.townsfolk:
            return self.catalog.townsfolk[ident]
        side = self.side(ident.removesuffix("-tf"))
        printed = side.townsfolk_space
        self.touch(printed["id"])
        return Townsfolk(printed["id"], printed["name"], "preprinted", printed["cost"],
                         tuple(printed["icons"]), None, None, printed.get("hire"))

    def name(self, ident: str | None) -> str:
        """A card or component as printed (or said), for messages and ledger reasons."""
        if ident is None:
            return say("an unrevealed card")
        known = self.names.get(ident)
        if known is None:
            known = self.names[ident] = self._name(ident)
        return known

    def labelled(self, ident: str) -> str:
        """The name with its id beside it (``Foreman (tf-24)``), once where the name already
        shows the id (``manuscript ms-11``)."""
        name = self.name(ident)
        return name if ident in name else say("{name} ({ident})", name=name, ident=ident)

    def _name(self, ident: str) -> str:
        catalog = self.catalog
        if ident in catalog.townsfolk:
            return catalog.townsfolk[ident].name
        if self.preprinted(ident):
            return self.side(ident.removesuffix("-tf")).townsfolk_space["name"]
        if ident in catalog.manuscripts or ident.endswith("-ms"):
            return say("manuscript {ident}", ident=ident)
        if ident in catalog.spaces:
            return say("the exchange at {ident}", ident=ident)
        if ident in catalog.spots:
            return say("building spot {ident}", ident=ident)
        if ident in catalog.links:
            return say("link {ident}", ident=ident)
        if ident in catalog.castle.tier2_ids:
            return say("castle tier-2 section {ident}", ident=ident)
        if ident in catalog.ai_boards:
            return say("the {board} AI board", board=catalog.ai_boards[ident].name)
        if ident in catalog.schemes:
            return say("Scheme {number}", number=ident.removeprefix('scheme-'))
        if ident.startswith("pc-"):
            return say("Player Card {number}", number=ident[3:])
        if ident.startswith("collision-"):
            return say("collision space {number}", number=ident.removeprefix('collision-'))
        building, _, slot = ident.rpartition("-")
        if building in catalog.buildings:
            return say("{building} slot {slot}", building=catalog.buildings[building].name,
                       slot=slot)
        prefix, _, rest = ident.partition(":")
        return SOURCE_WORDS.get(prefix, "{}").format(rest) if rest else \
            SOURCE_WORDS.get(ident, ident)

    def preprinted(self, ident: str) -> bool:
        """Whether ``ident`` names the pre-printed Townsfolk of a segment side (``seg1a-tf``)."""
        side_id = ident.removesuffix("-tf")
        return side_id != ident and any(
            side.id == side_id for side in self.catalog.segments.get(side_id[:-1], ()))

    def side(self, side_id: str):
        """A segment side by id."""
        return self.catalog.sides[side_id]

    def side_of(self, space_id: str) -> str:
        """The side id a space belongs to."""
        return space_id.rsplit("-", 1)[0]

    def next_side(self, side_id: str) -> str:
        """The next segment clockwise."""
        segments = self.state.segments
        return segments[(segments.index(side_id) + 1) % len(segments)]

    def tier2_reward(self, side_id: str) -> tuple[str, dict]:
        """The id and reward of the tier-2 castle section facing a segment."""
        castle = self.catalog.castle
        i = (self.state.castle_offset + self.state.segments.index(side_id)) % len(castle.tier2)
        return castle.tier2_ids[i], castle.tier2[i]

    def automated(self, name: str) -> bool:
        """Whether ``name`` is the solo opponent (no hand, no pick, moved by its procedure)."""
        return self.solo is not None and name == self.solo.name

    def unlocks(self, name: str, building: str) -> tuple:
        """What the slots of a building row unlock on ``name``'s board: the solo opponent's
        AI board has its own (p.26), everyone else the Player Board's."""
        if self.automated(name):
            return self.solo.unlocks(building)
        return self.catalog.buildings[building].unlocks

    def note(self, message: str) -> None:
        """Record a moment of the game the report tells (not a violation)."""
        self.notes.append(worded({"event": self.event, "round": self.state.round,
                                  "message": message}))

    def allows(self, name: str) -> bool:
        """Whether the log declared the variant."""
        return self.judge.allows(name)

    # -- changes ----------------------------------------------------------------------

    def change(self, name: str, what: str, delta: int, reason: str, source: str) -> int:
        """Add ``delta`` to a holding; return what was really added.

        Silver and resources are floored at 0 (one cannot pay what one does not have);
        points are not: the rulebook has no floor on VP, and unpaid Debts are -2 each
        (pp. 9, 24), so a score can go below 0.
        """
        player = self.state.players[name]
        before = getattr(player, what)
        after = before + delta
        if after < 0 and what != "points":
            after = 0
        if after == before:
            return 0
        setattr(player, what, after)
        self._row(name, what, after - before, after, reason, source)
        return after - before

    def move_marker(self, name: str, what: str, steps: int, reason: str, source: str) -> None:
        """Corruption moves right, Virtue left, 1 space per step; stuck markers move together.
        One ledger row says how far the marker went."""
        player = self.state.players[name]
        moved = 0
        for _ in range(steps):
            stuck = player.corruption == player.virtue
            if what == "corruption":
                if player.corruption >= self.catalog.player_board.track_spaces:
                    break
                player.corruption += 1
                if stuck:
                    player.virtue += 1
            else:
                if player.virtue <= 1:
                    break
                player.virtue -= 1
                if stuck:
                    player.corruption -= 1
            moved += 1
        if moved:
            self._row(name, what, moved, player.corruption if what == "corruption"
                      else player.virtue, reason, source)

    def reset_markers(self, name: str, source: str) -> None:
        """Both markers back to the far ends of the track."""
        player, board = self.player(name), self.catalog.player_board
        for what, start in (("corruption", board.corruption_start),
                            ("virtue", board.virtue_start)):
            delta = start - getattr(player, what)
            setattr(player, what, start)
            if delta:
                self._row(name, what, delta, start, "collision resolved: markers reset",
                          source)

    def _row(self, name: str, what: str, delta: int, after: int, reason: str,
             source: str) -> None:
        state = self.state
        self.ledger.append(ledger_row(self.event, name, what, delta, after, reason,
                                      state.round, self.labels.get(state.phase, state.phase),
                                      source, state.current))

    # -- checks shared by the handlers ---------------------------------------------------

    def breach(self, rule: str, message: str, **kwargs) -> None:
        """Record a violation of ``rule`` at the current event (see ``Judge.breach``)."""
        self.judge.breach(rule, message, **kwargs)

    def acting(self, event: dict) -> Player:
        """The event's player, or a ``viscounts.log.player`` violation (event skipped)."""
        player = self.state.players.get(event["player"])
        if player is None:
            record(self, self.unknown_player(event))
        return player

    def unknown_player(self, event: dict) -> Refusal:
        """The refusal of an event whose player is not one of this game's."""
        name = event["player"]
        return Refusal("viscounts.log.player",
                       say("{name} is not a player of this game", name=repr(name)),
                       expected=", ".join(self.state.seats), found=name, skip=True)

    def known(self, ident: str, table, what: str, player: str | None = None) -> None:
        """``ident`` must be in ``table``, else a ``viscounts.log.component`` violation."""
        refusal = self.unknown(ident, table, what, player)
        if refusal is not None:
            record(self, refusal)

    def unknown(self, ident: str, table, what: str, player: str | None = None
                ) -> Refusal | None:
        """The refusal of an id that is not in ``table`` (None when it is)."""
        if ident in table:
            return None
        close = difflib.get_close_matches(ident, list(table), n=3)
        hint = say("; did you mean {items}?", items=', '.join(close)) if close else ""
        return Refusal("viscounts.log.component",
                       say("unknown {what} {ident} in catalog {catalog}{hint}", what=what,
                           ident=repr(ident), catalog=self.catalog.id, hint=hint),
                       player=player, found=ident, skip=True)


def snapshot(table: Table) -> Table:
    """A copy of the table whose state can change without touching the original's."""
    scratch = copy.copy(table)
    scratch.state = copy.deepcopy(table.state)
    scratch.ledger, scratch.notes, scratch.warnings = [], [], []
    scratch.in_force = {}
    return scratch
