"""The rows of the opponent's Scheme card, resolved top to bottom (R p.30).

The engine resolves each row itself unless its result is something the log records (a
dismiss, the move, the option taken: a ``Step``) or a choice of the opponent's (a
``resource``, a ``flip``); there it stops until the log's event comes.
"""

from __future__ import annotations

from replay.core.protocol.actions import Refusal
from replay.core.speech import say
from replay.core.words import article
from replay.viscounts.effects import resolve
from replay.viscounts.funding import adjacent_card
from replay.viscounts.phases import TURN
from replay.viscounts.solo import procedure
from replay.viscounts.solo.state import Step
from replay.viscounts.solo.words import describe


def advance(table) -> None:
    """Resolve rows until one needs the log (a step or one of its own choices) or none is
    left; the human's choices (a Rearrange when it lands on them) do not hold it up."""
    solo, state = table.solo, table.state
    name = solo.name
    while solo.in_turn and solo.step is None and solo.rows and \
            not any(d.player == name for d in state.pending):
        _row(table, solo.rows.pop(0), state.played)
    if solo.in_turn and not solo.rows and solo.step is None and \
            not any(d.player == name for d in state.pending):
        solo.in_turn = False


def _row(table, row: dict, source: str) -> None:
    solo, name = table.solo, table.solo.name
    op = row["op"]
    if op == "all":
        solo.rows[0:0] = list(row["effects"])
    elif op == "move":
        TURN.enter(table, "move", "move")
        solo.step = Step("move", source, {"path": procedure.outer_path(table, row["steps"])})
    elif op in ("options", "action"):
        options = row["options"] if op == "options" else [row]
        TURN.enter(table, "action", "option")
        counted = procedure.board_icons(table)
        number, event = procedure.choose_option(table, options, counted)
        solo.step = Step("option", source, {"number": number, "event": event,
                                            "options": options, "icons": counted})
    elif op == "dismiss":
        card = adjacent_card(table, table.player(name))
        solo.step = Step("dismiss", source, {"card": card})
    elif op == "corruption_per_criminal":
        table.move_marker(name, "corruption", solo.criminal_icons(table.catalog),
                          say("{source}: 1 Corruption per Criminal icon",
                              source=table.name(source)), source)
    else:
        resolve(table, name, row, source)


def unexpected(table, kind: str, found: str) -> Refusal | None:
    """The refusal of a row result (a ``found`` event) when the step the procedure waits for
    is not of ``kind``; None when it is."""
    step = table.solo.step
    if step is not None and step.kind == kind:
        return None
    waiting = describe(table) if table.solo.busy else say("nothing: its turn is over")
    event = (say("an {kind} event", kind=found) if article(found) == "an"
             else say("a {kind} event", kind=found))
    return Refusal("viscounts.solo.ai.turn",
                   say("the opponent's procedure does not call for {event} now; it waits for "
                       "{waiting}", event=event, waiting=waiting),
                   player=table.solo.name, expected=waiting, found=found, skip=True)


def take_step(table) -> Step:
    """The step the log's row result answers, taken off: the rows go on after it (also what
    a row result refused all the same has done)."""
    step, table.solo.step = table.solo.step, None
    return step
