"""Decision events: each answers the first waiting choice it fits (see docs/viscounts-log.md).

An optional choice skipped by an answer, or by any other event, is declined; a mandatory
one still possible is refused (``viscounts.effect.mandatory``). Choices an answer raises
(a flipped Debt's resource, a chosen option's own choices) come before those already waiting.
"""

from __future__ import annotations

from dataclasses import replace

from replay.core.protocol.flow import record
from replay.core.speech import say
from replay.core.verdicts.judge import SkipEvent
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
    table.breach("viscounts.effect.mandatory",
                 say("{player} must first answer the {kind} of {source}", player=decision.player,
                     kind=decision.kind, source=table.name(decision.source)),
                 expected=say("{kind} by {player}", kind=decision.kind, player=decision.player),
                 found=found, **kwargs)


def answer(table: Table, event: dict) -> None:
    """Match a decision event to the choice it answers and apply it."""
    state = table.state
    player = table.acting(event)
    kind = event["type"]
    index = _first_waiting(state.pending, player.name, kind)
    if index is None:
        _refuse_unasked(table, player.name, event)
    waiting = state.pending
    for earlier in waiting[:index]:
        if leave_unanswered(table, earlier):
            if kind == "bump":
                _refuse_early_bump(table, earlier, player.name)
            _refuse_unanswered(table, earlier,
                               say("{kind} by {player}", kind=kind, player=player.name),
                               player=player.name, skip=True)
    decision = waiting[index]
    state.pending = []
    choice = CHOICES[kind]
    try:
        for refusal in choice.refusals(table, player, decision, event):
            record(table, refusal)
        choice.apply(table, player, decision, event)
    except SkipEvent:
        # A refused answer answers nothing: every choice still waits, so that a right answer
        # on a later line is taken (in audit mode) rather than refused as unasked.
        waiting[index] = replace(decision, refused=True)
        state.pending = waiting
        raise
    state.pending += waiting[index + 1:]
    if state.corruption_due and not state.pending:
        settle_corruption(table)


def _refuse_early_bump(table: Table, earlier: Decision, name: str) -> None:
    """``viscounts.castle.bump``: bumps come after all movement (p.19), and a choice the
    castle's movement raised (a tier-3 Worker's resource, a tier-2 reward) still waits."""
    table.breach("viscounts.castle.bump",
                 say("bumps come after all movement: {player} must first answer the {choice} of "
                     "{source}", player=earlier.player,
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


def _refuse_unasked(table: Table, name: str, event: dict) -> None:
    """Refuse a decision no effect asked ``name`` for, naming the rule it comes closest to:
    a Rearrange by a mover whose landing lets the opponent landed on rearrange (p.13); a
    flip of the other kind than a fixed flip the engine has just done (p.9)."""
    kind = event["type"]
    fixed = next(((what, source) for who, what, source in table.state.fixed_flips
                  if kind == "flip" and who == name and what != event["what"]), None)
    if fixed is not None:
        what, source = fixed
        table.breach("viscounts.flip.either",
                     say("{source} flips a {what}, not a {other}: only the Debt-or-Deed flip lets "
                         "the player choose the kind",
                         source=table.name(source), what=CARD_WORDS[what],
                         other=CARD_WORDS.get(event['what'], event['what'].capitalize())),
                     player=name,
                     expected=say("no flip event (the {what} flip is done)",
                                  what=CARD_WORDS[what]),
                     found=event["what"], skip=True)
    landed = next((d for d in table.state.pending
                   if d.kind == kind and d.source == f"landed:{name}"), None)
    if landed is not None:
        table.breach("viscounts.move.land_on_opponent",
                     say("{name} landed on {player}'s Viscount: {player}, not {name}, may "
                         "rearrange", name=name, player=landed.player),
                     player=name,
                     expected=say("{kind} by {player}", kind=kind, player=landed.player),
                     found=say("{kind} by {name}", kind=kind, name=name), skip=True)
    if kind == "bump":
        _refuse_unasked_bump(table, name, event)
    table.breach("viscounts.log.choice",
                 say("no effect waits for a {kind} by {name}", kind=kind, name=name),
                 player=name, found=kind, skip=True)


def _refuse_unasked_bump(table: Table, name: str, event: dict) -> None:
    """``viscounts.castle.bump``: a bump is due only where a section holds more than 3
    Workers, and the current player chooses it (p.19)."""
    waiting = next((d for d in table.state.pending if d.kind == "bump"), None)
    if waiting is not None:
        table.breach("viscounts.castle.bump",
                     say("the current player, {player}, chooses whose Workers leave {section}, "
                         "not {name}", player=waiting.player,
                         section=waiting.data['section'], name=name),
                     player=name,
                     expected=say("bump by {player}", player=waiting.player),
                     found=say("bump by {name}", name=name),
                     skip=True)
    table.breach("viscounts.castle.bump",
                 say("no castle section holds more than 3 Workers: no bump is due, at {section} "
                     "or elsewhere", section=event['section']), player=name,
                 found=say("bump of {section}", section=event['section']), skip=True)
