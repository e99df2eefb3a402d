"""The Coimbra table being replayed: state, catalog, judge and ledger, and the changes
they share.

Every change to a player's resources or points goes through ``change`` so that it is
capped, floored and written to the ledger; every catalog value a replay reads through
``touch`` is noted (``CatalogReads``), so the report can list the placeholder values the
verdict depended on.
"""

from __future__ import annotations

import copy
import difflib
import math
from collections.abc import Mapping

from replay.coimbra.catalog import Catalog
from replay.coimbra.state import COMPONENT_KINDS, GameState, Player
from replay.core.protocol.actions import Refusal
from replay.core.protocol.flow import Phase
from replay.core.protocol.placeholders import CatalogReads
from replay.core.speech import Phrase, say
from replay.core.verdicts.judge import Judge
from replay.core.verdicts.ledger import LedgerRow, ledger_row
from replay.core.words import counted

RESOURCE_CAP = 20
# The most a player can hold of each resource kept beside the tracks.
RESOURCE_CAPS = {"coins": RESOURCE_CAP, "guards": RESOURCE_CAP, "points": math.inf}


class Table(CatalogReads):
    """A replay in progress (what it read of the catalog noted: ``CatalogReads``)."""

    def __init__(self, players: list[str], catalog: Catalog, judge: Judge,
                 phases: Mapping[str, Phase]):
        self.catalog = catalog
        self.judge = judge
        self.labels = {name: phase.ledger for name, phase in phases.items()}  # for ledger rows
        self.state = GameState(players={name: Player(name) for name in players},
                               order=list(players))
        self.ledger: list[LedgerRow] = []
        self.event: int | None = None
        # (event, catalog entry or ``id.field``) for each value the replay read, event by event.
        self.reads: list[tuple[int | None, str]] = []
        self.warnings: list[dict] = []
        self.discards: list[dict] = []  # characters removed from rows, and why
        self.roll_event: int | None = None  # this round's roll, which placed the neutral tokens
        self.taken: dict[str, tuple[str, int]] = {}  # character -> (who recruited it, event)
        self.queues: list[dict] = []  # each round's dice queues as phase C resolves them
        self.crown_cards: list[dict] = []  # each round's crown tokens: card, class, fate
        self.orders: list[dict] = []  # phase D of each round, explained
        self.markers: list[tuple[int, dict]] = []  # round/phase markers awaiting their event
        self.claims = None  # the claims of the replay (``replay.coimbra.claims.Claims``)
        # Where in the sequence of play the game stands (setup, start, deal, A, B, C, E, F,
        # over): the replay loop drives it.
        self.phase = "setup"

    def copy(self) -> Table:
        """A table that goes on from here on its own: the catalog shared (it never changes),
        everything the events change copied."""
        twin = copy.copy(self)
        twin.state = copy.deepcopy(self.state)
        twin.judge = self.judge.copy()
        twin.ledger = list(self.ledger)  # rows are never changed once written
        twin.warnings = list(self.warnings)
        twin.taken = dict(self.taken)
        twin.markers, twin.reads = list(self.markers), list(self.reads)
        # The report's history grows by whole entries; only a crown token's fate is written
        # into its entry later.
        twin.discards, twin.queues, twin.orders = (list(self.discards), list(self.queues),
                                                   list(self.orders))
        twin.crown_cards = [dict(entry) for entry in self.crown_cards]
        return twin

    # -- shared changes -------------------------------------------------------------

    def player(self, name: str) -> Player:
        """The named player (the caller has checked the name)."""
        return self.state.players[name]

    def change(self, name: str, resource: str, delta: int, reason: str, source: str,
               unpaid: bool = False) -> int:
        """Add ``delta`` to a resource within its limits and write its ledger row; return what
        was really added. A change of nothing writes no row, unless ``unpaid`` (a gain that
        did not pay, and why)."""
        state = self.state
        player = state.players[name]
        influence = player.influence
        on_track = resource in influence
        if on_track:
            before, cap = influence[resource], self.catalog.track_max[resource]
        else:
            before, cap = getattr(player, resource), RESOURCE_CAPS[resource]
        after = before + delta
        if after > cap:
            after = cap
        elif after < 0:
            after = 0
        applied = after - before
        if applied != delta:
            excess = f"{delta - applied:+d}"
            reason = say("{reason} ({excess} beyond the limit, lost)", reason=reason,
                         excess=excess)
        elif not delta and not unpaid:
            return 0
        if on_track:
            influence[resource] = after
            if applied:
                state.clock += 1
                player.arrived[resource] = state.clock
        else:
            setattr(player, resource, after)
        self.ledger.append(ledger_row(self.event, name, resource, applied, after, reason,
                                      state.round, self.labels[self.phase], source))
        return applied

    def unpaid(self, name: str, gain: dict, reason: str, source: str) -> None:
        """A ledger row of no change: a gain that did not pay this time, and why."""
        resource = next((r for r in ("coins", "guards", "points") if gain.get(r)),
                        next(iter(gain.get("influence", {})), "points"))
        self.change(name, resource, 0, reason, source, unpaid=True)

    def gain(self, name: str, gain: dict, reason: str, source: str) -> None:
        """Apply a GAIN object of the effect vocabulary, in the order of its keys (the catalog
        loads each gain with its keys in ``GAIN_ORDER``: resources, then tracks)."""
        for what, amount in gain.items():
            if not amount:
                continue
            if what == "influence":
                for track, steps in amount.items():
                    self.change(name, track, steps, reason, source)
            elif what == "investments":
                self.state.players[name].investments += amount
            elif what == "pilgrim":
                self.add_steps(name, amount, source)
            else:
                self.change(name, what, amount, reason, source)

    def add_steps(self, name: str, steps: int, source: str) -> None:
        """Give pilgrim steps, to be used by a ``move`` right after this event."""
        if self.state.players[name].pilgrim is None:
            self.warn(say("{player} has no pilgrim on the map yet: {steps} from {source} is "
                          "lost", player=name, steps=counted(steps, "step"), source=source)
                      if steps == 1 else
                      say("{player} has no pilgrim on the map yet: {steps} from {source} are "
                          "lost", player=name, steps=counted(steps, "step"), source=source))
            return
        pending = self.state.pending_steps
        pending[name] = pending.get(name, 0) + steps

    def warn(self, message: str) -> None:
        """A warning about the log at the current event (with its words, when a phrase)."""
        warning = {"event": self.event, "message": message}
        if isinstance(message, Phrase):
            warning["words"] = {"message": message.words()}
        self.warnings.append(warning)

    def phase_label(self) -> str:
        """The phase name used in ledger rows."""
        return self.labels[self.phase]

    def acting_player(self, event: dict) -> Player:
        """The event's player, or a ``coimbra.log.player`` violation (event skipped)."""
        if event["player"] not in self.state.players:
            refusal = self.unknown_player(event)
            self.judge.breach(refusal.rule, refusal.message, expected=refusal.expected,
                              found=refusal.found, skip=True)
        return self.state.players[event["player"]]

    # -- refusals shared by the action kinds ---------------------------------------

    def unknown_player(self, event: dict) -> Refusal:
        """The refusal of an event that names no player of the game."""
        name = event["player"]
        return Refusal("coimbra.log.player",
                       say("{player} is not a player of this game", player=repr(name)),
                       expected=", ".join(self.state.order), found=name, skip=True)

    def unknown_component(self, table: dict, ident: str, what: str,
                          player: str | None = None) -> Refusal:
        """The refusal of an id that ``table`` of the catalog does not hold."""
        close = difflib.get_close_matches(ident, list(table), n=3)
        kind = COMPONENT_KINDS.get(what, what)
        return Refusal("coimbra.log.component",
                       say("unknown {kind} {id} in catalog {catalog}; did you mean {close}?",
                           kind=kind, id=repr(ident), catalog=self.catalog.id,
                           close=", ".join(close)) if close else
                       say("unknown {kind} {id} in catalog {catalog}", kind=kind,
                           id=repr(ident), catalog=self.catalog.id),
                       player=player, found=ident, skip=True)
