"""The opponent's procedure in words, for messages: what it waits for, what an action does."""

from __future__ import annotations

from replay.core.speech import say
from replay.core.words import counted, listed


def expected(table) -> str:
    """In the opponent's turn, what the log should say next: what its procedure waits for;
    after its last row, its collision if its markers meet, else the next turn (it has no
    Recruit and no Draw phase, p.26)."""
    state = table.state
    name = state.current
    if table.solo.busy:
        return say("{awaited} by {name}", awaited=describe(table), name=name)
    player = state.players[name]
    if player.corruption == player.virtue and not state.collided:
        return say("collision by {name}", name=name)
    if state.round == state.last_round and state.turn == len(state.seats) - 1:
        return say("the final scores (the game is over)")
    return say("play by {player}", player=state.order_from(name)[1])


def describe(table) -> str:
    """What the procedure waits for, in words."""
    solo = table.solo
    step = solo.step
    if step is None:
        return (say("the flip of its top Scheme") if solo.shifted
                else say("the rest of its Scheme rows"))
    if step.kind == "move":
        return say("a move along {items}", items=', '.join(step.data['path']))
    if step.kind == "dismiss":
        return say("the dismissal of {card}", card=table.name(step.data['card']))
    if step.kind == "gain_card":
        return say("the top Future Scheme gained")
    return action_words(table, step.data["event"])


def action_words(table, event: dict) -> str:
    """An opponent action in words."""
    kind = event["type"]
    if kind == "construct":
        building, _, slot = event["slot"].rpartition("-")
        name = table.catalog.buildings[building].name if building in \
            table.catalog.buildings else building
        return say("its {name} (slot {slot}) on spot {spot}", name=name, slot=slot,
                   spot=event['spot'])
    if kind == "workers":
        return say("{workers} placed", workers=counted(event['count'], 'Worker'))
    if kind == "transcribe":
        return say("manuscript {manuscript} transcribed", manuscript=event['manuscript'])
    return say("option {option}", option=event.get('option'))


def should(table, event: dict) -> str:
    """What the procedure demanded of an action, with the reason."""
    if event["type"] == "construct":
        return (say("built {action}, the left-most affordable building on the left-most free spot",
                    action=action_words(table, event)))
    if event["type"] == "workers":
        return say("placed {workers}, as many as its icons pay for",
                   workers=counted(event['count'], 'Worker'))
    return say("transcribed {manuscript}, the manuscript of its segment",
               manuscript=event['manuscript'])


def either(values) -> str:
    """Allowed values in words: ``ink``, ``ink or stone``, ``ink, gold or stone``; ``none``."""
    values = [v if isinstance(v, str) else str(v) for v in values]  # a phrase stays one
    if len(values) < 2:
        return values[0] if values else say("none")
    return say("{items} or {last}", items=listed(values[:-1]), last=values[-1])
