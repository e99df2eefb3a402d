"""The opponent's procedure in words, for messages: what it waits for, what an action does."""

from __future__ import annotations

from replay.core.words import counted


def expected(table) -> str:
    """In the opponent's turn, what the log should say next: what its procedure waits for;
    after its last row, its collision if its markers meet, else the next turn (it has no
    Recruit and no Draw phase, p.26)."""
    state = table.state
    name = state.current
    if table.solo.busy:
        return f"{describe(table)} by {name}"
    player = state.players[name]
    if player.corruption == player.virtue and not state.collided:
        return f"collision by {name}"
    if state.round == state.last_round and state.turn == len(state.seats) - 1:
        return "the final scores (the game is over)"
    return f"play by {state.order_from(name)[1]}"


def describe(table) -> str:
    """What the procedure waits for, in words."""
    solo = table.solo
    step = solo.step
    if step is None:
        return "the flip of its top Scheme" if solo.shifted else "the rest of its Scheme rows"
    if step.kind == "move":
        return f"a move along {', '.join(step.data['path'])}"
    if step.kind == "dismiss":
        return f"the dismissal of {table.name(step.data['card'])}"
    if step.kind == "gain_card":
        return "the top Future Scheme gained"
    return say(table, step.data["event"])


def say(table, event: dict) -> str:
    """An opponent action in words."""
    kind = event["type"]
    if kind == "construct":
        building, _, slot = event["slot"].rpartition("-")
        name = table.catalog.buildings[building].name if building in \
            table.catalog.buildings else building
        return f"its {name} (slot {slot}) on spot {event['spot']}"
    if kind == "workers":
        return f"{counted(event['count'], 'Worker')} placed"
    if kind == "transcribe":
        return f"manuscript {event['manuscript']} transcribed"
    return f"option {event.get('option')}"


def should(table, event: dict) -> str:
    """What the procedure demanded of an action, with the reason."""
    if event["type"] == "construct":
        return (f"built {say(table, event)}, the left-most affordable building on the "
                "left-most free spot")
    if event["type"] == "workers":
        return f"placed {counted(event['count'], 'Worker')}, as many as its icons pay for"
    return f"transcribed {event['manuscript']}, the manuscript of its segment"


def either(values) -> str:
    """Allowed values in words: ``ink``, ``ink or stone``, ``ink, gold or stone``; ``none``."""
    values = [str(v) for v in values]
    if len(values) < 2:
        return values[0] if values else "none"
    return f"{', '.join(values[:-1])} or {values[-1]}"
