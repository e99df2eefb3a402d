"""The opponent's row results other than actions: the dismissal, the move and its collision
(R p.27-28, p.30), each compared with what its procedure demands."""

from __future__ import annotations

from replay.core.speech import say
from replay.core.words import counted
from replay.viscounts.effects import ask, resolve
from replay.viscounts.funding import take_top
from replay.viscounts.kinds import replay_kind
from replay.viscounts.recruit import COLLISION
from replay.viscounts.solo.rows import expect
from replay.viscounts.solo.words import describe
from replay.viscounts.turn import exits


def dismiss(table, event: dict) -> None:
    """The dismiss row: the Townsfolk adjacent to its Viscount leaves the game; its top-right
    effect resolves, not its icons."""
    step = expect(table, "dismiss", "dismiss")
    name, card = table.solo.name, step.data["card"]
    if card is None:
        table.breach("viscounts.log.reveal", say("the top of the Townsfolk pile at the "
                         "opponent's Viscount was never revealed"), player=name, skip=True)
    if event["card"] != card:
        table.breach("viscounts.solo.ai.dismiss",
                     say("the opponent dismisses the Townsfolk adjacent to its Viscount, {card}; "
                         "the log dismisses {card2}", card=table.name(card),
                         card2=table.name(event['card'])), player=name, expected=card,
                     found=event["card"])
    townsfolk = table.card(card)
    table.solo.dismissed = card
    if townsfolk.deck != "preprinted":
        take_top(table, table.side_of(table.player(name).space))
    resolve(table, name, townsfolk.hire, card)  # its top-right effect, not its icons


def move(table, event: dict) -> None:
    """The move row: exactly the printed spaces, clockwise along the outside path."""
    step = expect(table, "move", "move")
    state, name = table.state, table.solo.name
    player = table.player(name)
    demanded, path = step.data["path"], event["path"]
    if path != demanded:
        table.breach("viscounts.solo.ai.move",
                     say("the opponent moves {spaces} clockwise along the outside path ({items}); "
                         "the log moves along {items2}",
                         spaces=counted(len(demanded), 'space'), items=', '.join(demanded),
                         items2=', '.join(path)),
                     player=name, expected=", ".join(demanded), found=", ".join(path))
        if not _walkable(table, player.space, path):
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


def collision(table, event: dict) -> None:
    """Its own collision track, at the end of its turn (or, under ``ai-collision-timing``,
    where the log records it, the turn going on with its rows afterwards)."""
    state = table.state
    if not table.solo.busy:
        replay_kind(table, COLLISION, event)
        return
    if not table.allows("ai-collision-timing"):
        table.breach("viscounts.solo.ai.collision", say("the opponent resolves its collision at "
                         "the end of its turn, after all its Scheme rows"),
                     player=table.solo.name, expected=describe(table), found="collision",
                     legal_under="ai-collision-timing", skip=True)
    phase = state.phase
    state.phase = "collision"  # resolved where the log has it: the phases between are not passed
    replay_kind(table, COLLISION, event)
    state.phase = phase
