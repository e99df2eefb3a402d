"""Decision events: each answers the first waiting choice it fits (see docs/viscounts-log.md).

An optional choice skipped by an answer, or by any other event, is declined; a mandatory
one still possible is refused (``viscounts.effect.mandatory``). Choices an answer raises
(a flipped Debt's resource, a chosen option's own choices) come before those already waiting.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from functools import partial

from replay.core.protocol.actions import EventSpec, Refusal
from replay.core.protocol.flow import record
from replay.core.speech import say
from replay.viscounts.choices import CHOICES
from replay.viscounts.effects import settle_corruption
from replay.viscounts.state import Decision
from replay.viscounts.table import Table
from replay.viscounts.words import CARD_WORDS, CHOICE_WORDS


def possible(table: Table, decision: Decision) -> bool:
    """Whether a mandatory choice can still be made (else it is lost). The solo opponent's
    ``gain_card`` is answered by its procedure and never lost."""
    choice = CHOICES.get(decision.kind)
    return choice is None or choice.possible(table, table.player(decision.player), decision)


def leave_unanswered(table: Table, decision: Decision) -> bool:
    """Leave a choice unanswered; return whether that is a fault (a mandatory choice still
    possible, not already refused an answer). A mandatory choice nothing can answer any more
    is lost, and the report's notes say why."""
    if decision.optional or decision.refused:
        return False
    if possible(table, decision):
        return True
    table.note(say("{player}'s {choice} from {source} is lost: {lost}", player=decision.player,
                   choice=CHOICE_WORDS[decision.kind], source=table.name(decision.source),
                   lost=CHOICES[decision.kind].lost))
    return False


def decline_waiting(table: Table, found: str) -> None:
    """Another event comes: optional choices are declined, mandatory ones refused."""
    state = table.state
    waiting, state.pending = state.pending, []
    for decision in waiting:
        if leave_unanswered(table, decision):
            _refuse_unanswered(table, decision, found, player=decision.player)


def _refuse_unanswered(table: Table, decision: Decision, found: str, **kwargs) -> None:
    """``viscounts.effect.mandatory``: another line came while the choice waited."""
    record(table, _unanswered(table, decision, found, **kwargs))


def _unanswered(table: Table, decision: Decision, found: str, **kwargs) -> Refusal:
    return Refusal("viscounts.effect.mandatory",
                   say("{player} must first answer the {kind} of {source}",
                       player=decision.player, kind=CHOICE_WORDS[decision.kind],
                       source=table.name(decision.source)),
                   expected=say("{kind} by {player}", kind=decision.kind,
                                player=decision.player),
                   found=found, **kwargs)


def answer_refusals(table: Table, event: dict) -> Iterator[Refusal]:
    """A decision event answers the first waiting choice of its kind for its player; the
    mandatory choices waiting before it must be answered first (those nothing can answer
    any more are lost); then the answer itself must fit the choice. Each refusal leaves the
    lost choices before it noted (``_left_unanswered``)."""
    state = table.state
    player = state.players.get(event["player"])
    if player is None:
        yield table.unknown_player(event)
        return
    kind = event["type"]
    index = _first_waiting(state.pending, player.name, kind)
    if index is None:
        yield from _unasked(table, player.name, event)
        return
    lost = []
    for earlier in state.pending[:index]:
        if earlier.optional or earlier.refused:
            continue
        if not possible(table, earlier):
            lost.append(earlier)
            continue
        noted = partial(_note_lost, lost=tuple(lost))
        if kind == "bump":
            yield replace(_early_bump(table, earlier, player.name), moved_on=noted)
        yield replace(_unanswered(table, earlier,
                                  say("{kind} by {player}", kind=kind, player=player.name),
                                  player=player.name, skip=True), moved_on=noted)
        return
    decision = state.pending[index]
    for refusal in CHOICES[kind].refusals(table, player, decision, event):
        yield replace(refusal, moved_on=partial(_left_unanswered, lost=tuple(lost),
                                                index=index, skip=refusal.skip))


def _note_lost(table: Table, lost: tuple[Decision, ...]) -> None:
    """The notes of mandatory choices nothing can answer any more."""
    for decision in lost:
        leave_unanswered(table, decision)


def _left_unanswered(table: Table, lost: tuple[Decision, ...], index: int, skip: bool) -> None:
    """What a refused answer leaves in an audit replay: past an answer refused whole, the
    lost choices before it noted and every choice still waiting, so that a right answer on a
    later line is taken rather than refused as unasked (an answer refused in part is applied
    all the same)."""
    if skip:
        _note_lost(table, lost)
        pending = table.state.pending
        pending[index] = replace(pending[index], refused=True)


def apply_answer(table: Table, event: dict) -> None:
    """The choice answered (the lost ones before it noted, the optional ones declined); the
    choices the answer raises come before those still waiting after it."""
    state = table.state
    player = state.players[event["player"]]
    kind = event["type"]
    waiting = state.pending
    index = _first_waiting(waiting, player.name, kind)
    for earlier in waiting[:index]:
        leave_unanswered(table, earlier)
    state.pending = []
    CHOICES[kind].apply(table, player, waiting[index], event)
    state.pending += waiting[index + 1:]
    if state.corruption_due and not state.pending:
        settle_corruption(table)


def answer_candidates(table: Table, kind: str) -> Iterator[dict]:
    """The answers worth offering to the first waiting choice of ``kind`` of each player."""
    seen = set()
    for decision in table.state.pending:
        if decision.kind != kind or decision.player in seen:
            continue
        seen.add(decision.player)
        base = {"type": kind, "player": decision.player}
        for fields in CHOICES[kind].answers(table, table.player(decision.player), decision):
            yield {**base, **fields}


def _early_bump(table: Table, earlier: Decision, name: str) -> Refusal:
    """``viscounts.castle.bump``: bumps come after all movement (p.19), and a choice the
    castle's movement raised (a tier-3 Worker's resource, a tier-2 reward) still waits."""
    return Refusal("viscounts.castle.bump",
                   say("bumps come after all movement: {player} must first answer the {choice} "
                       "of {source}", player=earlier.player,
                       choice=CHOICE_WORDS[earlier.kind], source=table.name(earlier.source)),
                   player=name,
                   expected=say("{kind} by {player}", kind=earlier.kind, player=earlier.player),
                   found=say("bump by {name}", name=name),
                   skip=True)


def _first_waiting(pending: list[Decision], name: str, kind: str) -> int | None:
    """Where the first choice of ``kind`` waiting for ``name`` is in ``pending``, if any."""
    for index, decision in enumerate(pending):
        if decision.kind == kind and decision.player == name:
            return index
    return None


def _unasked(table: Table, name: str, event: dict) -> Iterator[Refusal]:
    """The refusal of a decision no effect asked ``name`` for, naming the rule it comes
    closest to: a Rearrange by a mover whose landing lets the opponent landed on rearrange
    (p.13); a flip of the other kind than a fixed flip the engine has just done (p.9)."""
    kind = event["type"]
    fixed = next(((what, source) for who, what, source in table.state.fixed_flips
                  if kind == "flip" and who == name and what != event["what"]), None)
    if fixed is not None:
        what, source = fixed
        yield Refusal("viscounts.flip.either",
                      say("{source} flips a {what}, not a {other}: only the Debt-or-Deed flip "
                          "lets the player choose the kind",
                          source=table.name(source), what=CARD_WORDS[what],
                          other=CARD_WORDS.get(event['what'], event['what'].capitalize())),
                      player=name,
                      expected=say("no flip event (the {what} flip is done)",
                                   what=CARD_WORDS[what]),
                      found=event["what"], skip=True)
        return
    landed = next((d for d in table.state.pending
                   if d.kind == kind and d.source == f"landed:{name}"), None)
    if landed is not None:
        yield Refusal("viscounts.move.land_on_opponent",
                      say("{name} landed on {player}'s Viscount: {player}, not {name}, may "
                          "rearrange", name=name, player=landed.player),
                      player=name,
                      expected=say("{kind} by {player}", kind=kind, player=landed.player),
                      found=say("{kind} by {name}", kind=kind, name=name), skip=True)
        return
    if kind == "bump":
        waiting = next((d for d in table.state.pending if d.kind == "bump"), None)
        if waiting is not None:
            yield Refusal("viscounts.castle.bump",
                          say("the current player, {player}, chooses whose Workers leave "
                              "{section}, not {name}", player=waiting.player,
                              section=waiting.data['section'], name=name),
                          player=name,
                          expected=say("bump by {player}", player=waiting.player),
                          found=say("bump by {name}", name=name),
                          skip=True)
            return
        yield Refusal("viscounts.castle.bump",
                      say("no castle section holds more than 3 Workers: no bump is due, at "
                          "{section} or elsewhere", section=event['section']), player=name,
                      found=say("bump of {section}", section=event['section']), skip=True)
        return
    yield Refusal("viscounts.log.choice",
                  say("no effect waits for a {kind} by {name}", kind=kind, name=name),
                  player=name, found=kind, skip=True)


# Each kind of choice is answered by a decision event of the same name, an action kind.
ANSWER_SPECS: dict[str, EventSpec] = {
    kind: EventSpec(kind, {"player": ("str", True), **choice.fields},
                    refusals=answer_refusals, apply=apply_answer,
                    candidates=partial(answer_candidates, kind=kind),
                    positional=choice.positional)
    for kind, choice in CHOICES.items()}
