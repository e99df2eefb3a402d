"""The one replay loop and the phase flow, for games that declare action kinds.

A game declares its action kinds (``replay.core.protocol.actions``) and its phases (``Phase``)
in their order (``PhaseOrder``); a ``Flow`` replays a log on a table with them, event by
event:

1. what every event does first, whatever its kind (the game's ``prelude``), and the kind a
   seat controller replays its seat's event with (``seat``);
2. the kind's own step, else the flow's: an event of another phase than the current one
   moves the table there, ending the phases in between (``Phase.close``): out of order
   unless those phases yield to it, and skipped when no such path exists (a phase that
   cannot be ended early is in the way, or one the game has passed);
3. the kind's refusals are recorded by the table's judge (strict mode stops at the first; in
   audit mode a refusal that skips leaves the table as it was, since nothing was applied,
   and gives back what the prelude did);
4. the kind's ``apply`` changes the table, and the game's ``after`` follows;
5. every phase that is now finished (``Phase.finished``) ends, and the next one begins.

The same declarations answer "what may happen next" for any table (``next_step``): the
acting player, the legal events (the candidates of the current phase's kinds that no refusal
stops, chance the table must supply included) and, in words, what the log should say next.

The table a flow drives has ``judge`` (a ``replay.core.verdicts.judge.Judge``), ``phase``
(the name of its current phase) and ``event`` (the index of the event being replayed).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field

from replay.core.protocol.actions import Refusal, legal_candidates, refusals_of
from replay.core.speech import say
from replay.core.verdicts.judge import SkipEvent, StopReplay
from replay.core.words import article


@dataclass(frozen=True)
class Phase:
    """One phase of a game's turn structure, declared once; ``replay.core.protocol.flow`` drives it.

    ``title`` names it in messages; ``ledger`` is the label its ledger rows carry;
    ``markers`` are the phase names a round/phase marker of the log may use for it;
    ``expected(table)`` says in words what the log should say next there; ``next`` is the
    phase that follows (a name, or a function of the table that gives one; None: the game is
    over). ``begin(table)`` starts it; ``finished(table)`` says it has nothing left to do, so
    it ends by itself after an event (None: only a later phase's event ends it); ``close``
    is the work its end does. A later phase's event may end it before it is finished when
    ``early`` (an order fault, unless it ``yields``: then what it leaves undone is for its
    ``close`` to flag); without ``early``, chance or a choice would be missing. ``done(table)``
    says whether what the phase is for has happened (None: it requires nothing): a phase
    that yields but is not done keeps the next phases' events from being legal.
    """

    name: str
    title: str
    ledger: str
    markers: tuple[str, ...] = ()
    close: Callable | None = None
    expected: Callable[[object], str] = lambda table: ""
    next: str | Callable[[object], str | None] | None = None
    begin: Callable[[object], None] | None = None
    finished: Callable[[object], bool] | None = None
    early: bool = False
    yields: bool = False
    done: Callable[[object], bool] | None = None

    def following(self, table) -> str | None:
        """The phase that follows this one at this table."""
        return self.next(table) if callable(self.next) else self.next


@dataclass(frozen=True)
class NextStep:
    """What may happen next at one point of a game.

    ``acting`` is who decides or supplies the next event (None: nobody, the game is over or
    the table must supply chance nobody owns); ``actions`` the legal events, each one the
    referee accepts here; ``chance`` whether they record chance the table supplies (a die
    read, a card revealed) rather than a decision; ``supply`` describes chance too varied to
    list (the dice of a roll and their faces), with the event ``type`` it is written as;
    ``expected`` says in words what the log should say next.
    """

    phase: str
    title: str
    acting: str | None
    expected: str
    actions: list[dict] = field(default_factory=list)
    chance: bool = False
    supply: dict | None = None

    @property
    def over(self) -> bool:
        """Whether nothing may happen any more."""
        return not self.actions and self.acting is None and self.supply is None



def record(table, refusal: Refusal) -> None:
    """A refusal recorded by the table's judge, which raises ``StopReplay`` in strict mode
    and ``SkipEvent`` at a refusal that skips the event. A refused event changes nothing in
    strict mode; in audit mode the refusal's ``moved_on`` is made as it is recorded."""
    judge = table.judge
    try:
        judge.breach(refusal.rule, refusal.message, player=refusal.player,
                     expected=refusal.expected, found=refusal.found,
                     legal_under=refusal.legal_under, skip=refusal.skip, parts=refusal.parts)
    finally:
        # The replay goes on (audit mode): the table moved on as it did. Strict mode stops
        # with the table as the event found it.
        if refusal.moved_on is not None and not judge.strict:
            refusal.moved_on(table)


def supply_at(specs: Iterable, phases: Mapping, phase: str, table,
              acting: str | None) -> dict | None:
    """What the table must supply next in ``phase`` (``supply_of``); when nobody acts there
    and the phase yields to the next one (players who may stop at any time), the chance the
    next phase begins with."""
    found = supply_of(specs, phase, table)
    if found is None and acting is None and phases[phase].yields:
        following = phases[phase].following(table)
        if following is not None:
            found = supply_of(specs, following, table)
    return found


def supply_of(specs: Iterable, phase: str, table) -> dict | None:
    """What the table must supply next in ``phase``, for chance too varied to list (the
    first kind of the phase that describes its chance): the kind and its description."""
    for spec in specs:
        if spec.phase == phase and spec.supply is not None:
            return {"type": spec.kind, **spec.supply(table)}
    return None


class PhaseOrder:
    """A game's phases in their order, and the rules an event out of that order breaks.

    ``order_rule`` is the rule an event out of its phase's order breaks, and
    ``after_end_rule`` the one an event after the last phase began breaks; ``when(table)``
    (optional) ends a phase's title in messages (" of round 2"); ``beyond(table, phase)``
    (optional) says whether an event of ``phase`` met once the game's last phase has begun
    would start what the game no longer has (the after-end rule), rather than come back to
    what it has passed (the order rule). ``misplaced(table, kind, phase)`` (optional) is the
    refusal of an event whose phase cannot be reached from the current one, for a game whose
    own rule says more than the order rule (a phase its turn has passed)."""

    def __init__(self, phases: Mapping, *, order_rule: str, after_end_rule: str,
                 when: Callable[[object], str] = lambda table: "",
                 beyond: Callable[[object, str], bool] = lambda table, phase: True,
                 misplaced: Callable[[object, str, str], Refusal] | None = None):
        self.phases = phases
        self.order_rule = order_rule
        self.after_end_rule = after_end_rule
        self.when = when
        self.beyond = beyond
        self.misplaced = misplaced or self._unreachable

    def enter(self, table, wanted: str, kind: str) -> None:
        """Move the table to the phase ``wanted`` that an event of ``kind`` belongs to,
        ending the phases on the way (a refusal of the order when that ends phases early
        that do not yield to it; a skip when it cannot)."""
        if table.phase == wanted:
            return
        path = self.path(table, wanted)
        refusal = self.refusal(table, kind, wanted, path)
        if refusal is not None:
            table.judge.breach(refusal.rule, refusal.message, player=refusal.player,
                               expected=refusal.expected, found=refusal.found,
                               skip=refusal.skip)
        start = table.phase
        try:
            while table.phase != wanted and table.phase in path:
                self.end(table, self.phases[table.phase])
                self.settle(table)
        except StopReplay:
            # A strict replay stops where the event found the table: in the phase it came in.
            table.phase = start
            raise
        if table.phase != wanted:
            # Ending the phases on the way went past the event's phase: it has no place to
            # happen any more.
            if refusal is not None:
                table.judge.violations[-1].applied = False
            raise SkipEvent

    def ahead(self, table) -> list[str]:
        """The current phase and those an event may move the table on to now without a
        fault: the following ones, while each on the way yields and is done."""
        names, name = [], table.phase
        while name is not None and name not in names:
            names.append(name)
            phase = self.phases[name]
            if not (phase.early and phase.yields) or (
                    phase.done is not None and not phase.done(table)):
                break
            name = phase.following(table)
        return names

    def settle(self, table) -> None:
        """End every phase that is finished now, beginning the next ones."""
        phase = self.phases[table.phase]
        ended = 0
        while phase.finished is not None and phase.finished(table):
            ended += 1
            if ended > len(self.phases):
                raise RuntimeError(f"phases end one after another without end: {phase.name}")
            self.end(table, phase)
            phase = self.phases[table.phase]

    def end(self, table, phase) -> None:
        """End ``phase`` (its close) and begin the one that follows."""
        following = phase.following(table)
        if phase.close is not None:
            phase.close(table)
        table.phase = following
        begin = self.phases[following].begin
        if begin is not None:
            begin(table)

    def path(self, table, wanted: str) -> list[str] | None:
        """The phases to end, from the current one, before ``wanted`` begins; None when a
        phase on the way cannot be ended early."""
        path, name = [], table.phase
        while name != wanted:
            phase = self.phases[name]
            following = phase.following(table)
            if not phase.early or following is None or name in path:
                return None
            path.append(name)
            name = following
        return path

    def refusal(self, table, kind: str, wanted: str,
                path: list[str] | None) -> Refusal | None:
        """The refusal of an event of another phase than the current one (None: the phases
        on its way yield to it)."""
        if path is None:
            return self.misplaced(table, kind, wanted)
        if all(self.phases[name].yields for name in path):
            return None
        # The order of play is the table's, not one player's: the refusal names no player.
        phase = self.phases[table.phase]
        when = self.when(table)
        message = (say("an {kind} event comes before the end of {phase}{when}", kind=kind,
                       phase=phase.title, when=when) if article(kind) == "an" else
                   say("a {kind} event comes before the end of {phase}{when}", kind=kind,
                       phase=phase.title, when=when))
        return Refusal(self.order_rule, message, expected=phase.expected(table), found=kind)

    def _unreachable(self, table, kind: str, wanted: str) -> Refusal:
        """An event whose phase the game has passed (the order rule), or no longer has once
        its last phase began (the after-end rule)."""
        phase = self.phases[table.phase]
        expected = phase.expected(table)
        if phase.following(table) is None and self.beyond(table, wanted):
            message = (say("an {kind} event cannot come during {phase}", kind=kind,
                           phase=phase.title) if article(kind) == "an" else
                       say("a {kind} event cannot come during {phase}", kind=kind,
                           phase=phase.title))
            return Refusal(self.after_end_rule, message, expected=expected, found=kind,
                           skip=True)
        when = self.when(table)
        message = (say("an {kind} event cannot come during {phase}{when}", kind=kind,
                       phase=phase.title, when=when) if article(kind) == "an" else
                   say("a {kind} event cannot come during {phase}{when}", kind=kind,
                       phase=phase.title, when=when))
        return Refusal(self.order_rule, message, expected=expected, found=kind, skip=True)


class Flow:
    """Replays events on a table through a game's action kinds and the phases of its
    ``order`` (see the module docstring). ``acting(table)`` names who acts next (None when
    nobody does); ``prelude(table, spec, event)`` (optional) is what every event does
    first, whatever its kind (such as unused pilgrim steps lapsing): it may give back a
    function that takes back what it did, for an event then refused whole;
    ``seat(table, event)`` (optional) is the action kind a seat controller replays its
    seat's events with (None for a seat a person plays); ``step(table, spec, event)``
    (optional) moves the table on to an event whose kind has no step of its own (by
    default, to the kind's phase); ``after(table, spec, event)`` (optional) is what every
    event applied does last."""

    def __init__(self, specs: Mapping, order: PhaseOrder, *,
                 acting: Callable[[object], str | None],
                 prelude: Callable[[object, object, dict], Callable | None] | None = None,
                 seat: Callable[[object, dict], object] | None = None,
                 step: Callable[[object, object, dict], None] | None = None,
                 after: Callable[[object, object, dict], None] | None = None):
        self.specs = specs
        self.order = order
        self.phases = order.phases
        self.acting = acting
        self.prelude = prelude
        self.seat = seat
        self.step = step or self._to_phase
        self.after = after
        self._offered = {name: [spec for spec in specs.values()
                                if spec.phase == name and spec.candidates is not None]
                         for name in self.phases}

    # -- replay ------------------------------------------------------------------------

    def run(self, table, events: list[dict], start: int = 0) -> bool:
        """Replay every event (the first one the log's event ``start``); whether the replay
        went to the end of them."""
        for index, event in enumerate(events, start):
            try:
                self.play(table, index, event)
            except SkipEvent:
                # A skipped event may still have moved the table on (a turn used up): a
                # phase it finished ends.
                self.order.settle(table)
                continue
            except StopReplay:
                return False
        table.event = table.judge.event = start + len(events)
        return True

    def play(self, table, index: int, event: dict) -> None:
        """Replay one event (raises ``StopReplay`` or ``SkipEvent`` through the judge)."""
        table.event = table.judge.event = index
        spec = self.specs[event["type"]]
        take_back = self.prelude(table, spec, event) if self.prelude is not None else None
        if self.seat is not None:
            spec = self.seat(table, event) or spec
        try:
            # The kind's own step moves the table on to it; else the flow's.
            if spec.step is not None:
                spec.step(table, event)
            else:
                self.step(table, spec, event)
            # Refusals, then apply: a refusal that skips the event raises as it is recorded
            # (as every refusal does in strict mode), so the refusals after it are never
            # asked for.
            for refusal in spec.refusals(table, event):
                record(table, refusal)
        except SkipEvent:
            if take_back is not None:
                take_back()
            raise
        spec.apply(table, event)
        if self.after is not None:
            self.after(table, spec, event)
        phase = self.phases[table.phase]
        if phase.finished is not None and phase.finished(table):
            self.order.settle(table)

    def _to_phase(self, table, spec, event: dict) -> None:
        """The table moved on to the kind's phase."""
        if spec.phase is not None and spec.phase != table.phase:
            self.order.enter(table, spec.phase, event["type"])

    def run_events(self, table, events: list[dict], claims, start: int = 0) -> bool:
        """``run`` with the replay's claims, which the claim kinds record on
        (``table.claims``)."""
        table.claims = claims
        return self.run(table, events, start)

    def apply_event(self, table, index: int, event: dict, claims) -> None:
        """``play`` with the replay's claims, which the claim kinds record on."""
        table.claims = claims
        self.play(table, index, event)

    def check(self, table, event: dict) -> list[Refusal]:
        """Every refusal of one event at this table, without replaying it (the phase order's
        first, then the kind's own, up to the first that skips)."""
        spec = self.specs[event["type"]]
        found = []
        if spec.phase is not None and spec.phase != table.phase:
            order = self.order
            refusal = order.refusal(table, event["type"], spec.phase,
                                    order.path(table, spec.phase))
            if refusal is not None:
                found.append(refusal)
                if refusal.skip:
                    return found
        return found + list(refusals_of(spec, table, event))

    # -- what may happen next ------------------------------------------------------------

    def legal_actions(self, table) -> list[dict]:
        """The events the referee accepts next: the current phase's candidates that no
        refusal stops."""
        return legal_candidates(self._offered[table.phase], table)

    def next_step(self, table) -> NextStep:
        """Who acts next, the legal events, and what the log should say next."""
        phase = self.phases[table.phase]
        actions = self.legal_actions(table)
        chance = bool(actions) and all(self.specs[a["type"]].chance for a in actions)
        acting = self.acting(table)
        return NextStep(phase.name, phase.title, acting, phase.expected(table), actions, chance,
                        supply_at(self.specs.values(), self.phases, phase.name, table, acting))
