"""The opponent's row results other than actions: the dismissal, the move and its collision
(R p.27-28, p.30), each compared with what its procedure demands.

A refusal that lets the event be applied all the same takes the step off in a strict
replay, which stops there, as the event would have; an audit replay takes it off as it
applies the event.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from functools import partial

from replay.core.protocol.actions import EventSpec, Refusal
from replay.core.speech import say
from replay.core.words import counted
from replay.viscounts.effects import ask, resolve
from replay.viscounts.funding import take_top
from replay.viscounts.recruit import COLLISION, apply_collision, collision_refusals, collision_step
from replay.viscounts.solo.rows import take_step, unexpected
from replay.viscounts.solo.words import describe
from replay.viscounts.turn import exits


def dismiss_refusals(table, event: dict) -> Iterator[Refusal]:
    """The dismiss row: the log dismisses the Townsfolk adjacent to its Viscount, which must
    have been revealed."""
    refusal = unexpected(table, "dismiss", "dismiss")
    if refusal is not None:
        yield refusal
        return
    name, card = table.solo.name, table.solo.step.data["card"]
    if card is None:
        yield Refusal("viscounts.log.reveal", say("the top of the Townsfolk pile at the "
                                                  "opponent's Viscount was never revealed"),
                      player=name, skip=True, moved_on=take_step)
        return
    if event["card"] != card:
        yield Refusal("viscounts.solo.ai.dismiss",
                      say("the opponent dismisses the Townsfolk adjacent to its Viscount, "
                          "{card}; the log dismisses {card2}", card=table.name(card),
                          card2=table.name(event['card'])), player=name, expected=card,
                      found=event["card"])


def apply_dismiss(table, event: dict) -> None:
    """The Townsfolk adjacent to its Viscount (whatever the log names) leaves the game; its
    top-right effect resolves, not its icons."""
    card = take_step(table).data["card"]
    name = table.solo.name
    townsfolk = table.card(card)
    table.solo.dismissed = card
    if townsfolk.deck != "preprinted":
        take_top(table, table.side_of(table.player(name).space))
    resolve(table, name, townsfolk.hire, card)  # its top-right effect, not its icons


def move_refusals(table, event: dict) -> Iterator[Refusal]:
    """The move row: exactly the printed spaces, clockwise along the outside path."""
    refusal = unexpected(table, "move", "move")
    if refusal is not None:
        yield refusal
        return
    demanded, path = table.solo.step.data["path"], event["path"]
    if path != demanded:
        yield Refusal("viscounts.solo.ai.move",
                      say("the opponent moves {spaces} clockwise along the outside path "
                          "({items}); the log moves along {items2}",
                          spaces=counted(len(demanded), 'space'), items=', '.join(demanded),
                          items2=', '.join(path)),
                      player=table.solo.name, expected=", ".join(demanded),
                      found=", ".join(path))


def apply_move(table, event: dict) -> None:
    """Its Viscount moves along the path as played, or as demanded when the path played
    cannot be walked; a human it lands on may Rearrange."""
    state, name = table.state, table.solo.name
    player = table.player(name)
    demanded, path = take_step(table).data["path"], event["path"]
    if path != demanded and not _walkable(table, player.space, path):
        path = demanded
    for space in path:
        table.touch(space)
    player.space = path[-1] if path else player.space
    state.moved = True
    for other in state.order_from(name)[1:]:
        if state.players[other].space == player.space:
            ask(table, other, "rearrange", f"landed:{name}", optional=True)


def _walkable(table, here: str, path: list[str]) -> bool:
    for step in path:
        if step not in table.catalog.spaces or step not in exits(table, here):
            return False
        here = step
    return bool(path)


def collision_kind(table) -> EventSpec:
    """The kind of its collision: its own collision track at the end of its turn (the
    collision of anyone's), or, under ``ai-collision-timing``, where the log records it,
    the turn going on with its rows afterwards in the phase they are in now."""
    if not table.solo.busy:
        return COLLISION
    return replace(COLLISION, step=_early_step, refusals=_early_refusals,
                   apply=partial(_apply_early, resume=table.state.phase), candidates=None)


def _early_step(table, event: dict) -> None:
    """A collision among its rows is resolved where the log has it: the phases between are
    not passed (a collision refused for its timing moves nothing)."""
    if table.allows("ai-collision-timing"):
        table.state.phase = "collision"
        collision_step(table, event)


def _early_refusals(table, event: dict) -> Iterator[Refusal]:
    """The opponent resolves its collision after all its Scheme rows (unless the variant);
    then as anyone's collision."""
    if not table.allows("ai-collision-timing"):
        yield Refusal("viscounts.solo.ai.collision", say("the opponent resolves its collision "
                                                         "at the end of its turn, after all "
                                                         "its Scheme rows"),
                      player=table.solo.name, expected=describe(table), found="collision",
                      legal_under="ai-collision-timing", skip=True)
        return
    yield from collision_refusals(table, event)


def _apply_early(table, event: dict, resume: str) -> None:
    """The collision, then its turn back in the phase its rows are in."""
    apply_collision(table, event)
    table.state.phase = resume
