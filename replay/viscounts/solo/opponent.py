"""The solo opponent's seat controller: its turn as the log records it, checked against
what its procedure demands, and what the procedure demands next.

``CONTROLLER`` is plugged into the game through ``replay.viscounts.seats``: the core's replay
loop replays the opponent's events with its kinds (telling it before and after each) and
asks it before a human's turn event; the legal actions
ask it what its procedure requires next (the words for it are ``words.expected``).

The ``scheme`` event starts its turn (``piles``); the card's rows resolve top to bottom
(``rows``) and stop at each row whose result the log records (a dismiss, a gained Future
Scheme, the move: ``steps``; the option taken: ``actions``) or that waits for one of its
choices (``choices``).
Each recorded action is compared with the procedure's (``procedure``); a different one is a
violation naming what was demanded.

Each event type it replays is an action kind of the controller's own (``KINDS``; its
collision's from ``steps.collision_kind``): its refusals, then its apply, as the core's
loop drives any kind.
"""

from __future__ import annotations

from collections.abc import Iterator

from replay.core.protocol.actions import EventSpec, Refusal
from replay.core.speech import say
from replay.viscounts.choices import DECISIONS
from replay.viscounts.decisions import answer_refusals, apply_answer, decline_waiting
from replay.viscounts.events import EVENT_SPECS
from replay.viscounts.solo import actions, choices, piles, steps
from replay.viscounts.solo.rows import advance
from replay.viscounts.solo.setup import place_opponent
from replay.viscounts.solo.words import describe
from replay.viscounts.state import collision_due
from replay.viscounts.table import Table

ANSWERS = frozenset({*DECISIONS, "gain_card"})
TURN_EVENTS = frozenset({"play", "move", "trade", "construct", "workers", "transcribe", "hire",
                         "collision", "draw", "scheme"})
UNKNOWN = "?"


def _check_collided(table: Table, kind: str) -> None:
    """Its markers sharing a space when its turn ends: its own collision track was due
    (rule 176). Passed over, the collision is not resolved later."""
    state, name = table.state, table.solo.name
    player = table.player(name)
    if state.current != name or not collision_due(player) or state.collided:
        return
    state.collided = True
    table.breach("viscounts.solo.ai.collision",
                 say("the opponent's Virtue and Corruption markers share space {virtue}: it "
                     "resolves its collision track at the end of its turn, before the next turn",
                     virtue=player.virtue), player=name,
                 expected="collision", found=kind)


def _no_hand(table: Table, event: dict) -> Iterator[Refusal]:
    """An event of a type the opponent has no part in (a play, a hire, a draw...)."""
    yield Refusal("viscounts.solo.ai.no_hand",
                  say("the opponent has no hand and no {type}: it acts only through its Scheme "
                      "rows", type=event['type']),
                  player=table.solo.name, found=event["type"], skip=True)


def _no_change(table: Table, event: dict) -> None:
    """Nothing: the event's refusal skips it."""


def _decision_refusals(table: Table, event: dict) -> Iterator[Refusal]:
    """A choice by the opponent: an answer the procedure allows, then as anyone's answer
    (``decisions``)."""
    name, kind = table.solo.name, event["type"]
    decision = next((d for d in table.state.pending if d.player == name and d.kind == kind),
                    None)
    if decision is not None:
        refusal = choices.refusal(table, decision, event)
        if refusal is not None:
            yield refusal
    yield from answer_refusals(table, event)


def _kind(kind: str, refusals, apply, step=None) -> EventSpec:
    """The controller's action kind of one event type: the game's fields (``events``), no
    phase (its rows enter the phases of its turn themselves), its own legality."""
    return EventSpec(kind, EVENT_SPECS[kind].fields, refusals=refusals, apply=apply, step=step)


_OWN = {spec.kind: spec for spec in (
    _kind("scheme", piles.scheme_refusals, piles.apply_scheme, piles.scheme_step),
    _kind("shuffle", piles.shuffle_refusals, piles.apply_shuffle, piles.shuffle_step),
    _kind("gain_card", piles.gain_card_refusals, piles.apply_gain_card),
    _kind("dismiss", steps.dismiss_refusals, steps.apply_dismiss),
    _kind("move", steps.move_refusals, steps.apply_move),
    *(_kind(kind, actions.option_refusals, actions.apply_option)
      for kind in actions.OPTION_EVENTS),
    *(_kind(kind, _decision_refusals, apply_answer) for kind in choices.KINDS),
)}
# Its collision's kind depends on where its turn stands (``steps.collision_kind``); every
# other event type is one it has no part in.
KINDS: dict[str, EventSpec] = {kind: _OWN.get(kind) or _kind(kind, _no_hand, _no_change)
                               for kind in EVENT_SPECS if kind != "collision"}


class Opponent:
    """The controller of the solo opponent's seat (the second seat of a solo game)."""

    def replays(self, table: Table, event: dict) -> bool:
        """Whether the event is the opponent's (this controller replays it)."""
        return event.get("player") == table.solo.name

    def before_own(self, table: Table, event: dict) -> None:
        """Before one of its events: an event that answers no choice first declines the
        choices still waiting (the human's optional Rearrange, say), so that the rows can go
        on to the step it records."""
        if event["type"] not in ANSWERS and table.state.pending:
            decline_waiting(table, event["type"])
            advance(table)

    def after_own(self, table: Table) -> None:
        """After one of its events: its rows resolved as far as they go."""
        advance(table)

    def kind(self, table: Table, event: dict) -> EventSpec:
        """The action kind the controller replays one of its events with."""
        if event["type"] == "collision":
            return steps.collision_kind(table)
        return KINDS[event["type"]]

    def before_other(self, table: Table, kind: str) -> None:
        """A human turn event while the opponent's turn still has rows, or its collision
        unresolved, is refused."""
        solo = table.solo
        if kind not in TURN_EVENTS:
            return
        if not solo.busy:
            _check_collided(table, kind)
            return
        demanded = describe(table)
        solo.rows, solo.step, solo.in_turn, solo.shifted = [], None, False, False
        table.breach("viscounts.solo.ai.turn",
                     say("the opponent's turn is not finished: its procedure demands {demanded}",
                         demanded=demanded), player=solo.name, expected=demanded,
                     found=kind)

    def after_pick(self, table: Table) -> None:
        """The pair the human left is the opponent's (p.26 step 5)."""
        place_opponent(table)

    def turn_start(self, table: Table) -> list[dict]:
        """The first event of its turn: a shuffle when its draw pile is empty, else a flip
        (the card is chance: ``?``)."""
        name = table.solo.name
        if not table.solo.draw_size:
            return [{"type": "shuffle", "player": name}]
        return [{"type": "scheme", "player": name, "card": UNKNOWN}]

    def next_events(self, table: Table) -> list[dict]:
        """What the procedure demands next in its turn; [] when its turn is done."""
        solo, state = table.solo, table.state
        step, name = solo.step, solo.name
        if solo.shifted:  # shuffled: the flip comes next
            return [{"type": "scheme", "player": name, "card": UNKNOWN}]
        if step is not None:
            if step.kind == "move":
                return [{"type": "move", "player": name, "path": step.data["path"]}]
            if step.kind == "dismiss":
                return [{"type": "dismiss", "player": name, "card": step.data["card"]}]
            return [dict(step.data["event"])]
        player = table.player(name)
        if player.corruption == player.virtue and not state.collided:
            return [{"type": "collision", "player": name}]
        return []

    def answers(self, table: Table, decision, answers: list[dict]) -> list[dict]:
        """The answers the procedure allows to one of its choices (``answers``: every
        answer)."""
        return choices.answers(table, decision, answers)


CONTROLLER = Opponent()
