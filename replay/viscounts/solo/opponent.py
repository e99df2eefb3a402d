"""The opponent's turn as the log records it, checked against what the procedure demands.

The ``scheme`` event starts its turn; the engine resolves the card's rows top to bottom and
stops at each row whose result the log records (a dismiss, a gained Future Scheme, the move,
the option taken) or that waits for a choice (a ``resource``, a ``flip``). Each recorded
action is compared with the procedure's (``procedure.py``); a different one is a violation
naming what was demanded, and the replay goes on with the action as played when it can be
played, else as demanded.
"""

from __future__ import annotations

from replay.core.words import counted
from replay.viscounts.actions import check_spot, manuscript_cost, place_building, take_manuscript
from replay.viscounts.castle import place
from replay.viscounts.decisions import (
    DECISIONS,
    FREE_MANUSCRIPT_COSTS,
    answer,
    decline_waiting,
)
from replay.viscounts.effects import ask, resolve, trigger
from replay.viscounts.funding import RESOURCE, adjacent_card, take_top
from replay.viscounts.recruit import handle_collision
from replay.viscounts.solo import procedure
from replay.viscounts.solo.state import Step
from replay.viscounts.table import Table
from replay.viscounts.turn import enter, exits, start_turn

ACTION_RULE = {"construct": "viscounts.solo.ai.build", "workers": "viscounts.solo.ai.workers",
               "transcribe": "viscounts.solo.ai.transcribe"}
OPTION_EVENTS = ("construct", "workers", "transcribe", "option")
ANSWERS = frozenset({*DECISIONS, "gain_card"})
TURN_EVENTS = frozenset({"play", "move", "trade", "construct", "workers", "transcribe", "hire",
                         "collision", "draw", "scheme"})


def only_opponent(table: Table, event: dict) -> None:
    """A solo-opponent event written for someone else."""
    table.breach("viscounts.log.player", f"a {event['type']} event is the solo opponent's "
                 f"({table.solo.name if table.solo else 'in a solo game'}), not "
                 f"{event.get('player')}'s", found=str(event.get("player")), skip=True)


def owns(table: Table, event: dict) -> bool:
    """Whether the event is the opponent's (the solo module handles it)."""
    return table.solo is not None and event.get("player") == table.solo.name


def handle(table: Table, event: dict) -> None:
    """Check and apply one opponent event, then resolve its rows as far as they go.

    An event that answers no choice first declines the choices still waiting (the human's
    optional Rearrange, say), so that the rows can go on to the step it records."""
    state = table.state
    if event["type"] not in ANSWERS:
        if state.pending:
            decline_waiting(table, event["type"])
        advance(table)
    _HANDLERS.get(event["type"], _not_for_opponent)(table, event)
    advance(table)


def check_finished(table: Table, kind: str) -> None:
    """A human turn event while the opponent's turn still has rows is refused."""
    solo = table.solo
    if solo is None or not solo.busy or kind not in TURN_EVENTS:
        return
    demanded = describe(table)
    solo.rows, solo.step, solo.in_turn = [], None, False
    table.breach("viscounts.solo.ai.turn", f"the opponent's turn is not finished: its "
                 f"procedure demands {demanded}", player=solo.name, expected=demanded,
                 found=kind)


def describe(table: Table) -> str:
    """What the procedure waits for, in words."""
    step = table.solo.step
    if step is None:
        return "the rest of its Scheme rows"
    if step.kind == "move":
        return f"a move along {', '.join(step.data['path'])}"
    if step.kind == "dismiss":
        return f"the dismissal of {table.name(step.data['card'])}"
    if step.kind == "gain_card":
        return "the top Future Scheme gained"
    return say(table, step.data["event"])


def say(table: Table, event: dict) -> str:
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


# -- the rows ---------------------------------------------------------------------------


def advance(table: Table) -> None:
    """Resolve rows until one needs the log (a step or one of its own choices) or none is
    left; the human's choices (a Rearrange when it lands on them) do not hold it up."""
    solo, state = table.solo, table.state

    def waiting() -> bool:
        return any(d.player == solo.name for d in state.pending)

    while solo.in_turn and solo.step is None and not waiting() and solo.rows:
        _row(table, solo.rows.pop(0), state.played)
    if not solo.rows and solo.step is None and not waiting():
        solo.in_turn = False


def _row(table: Table, row: dict, source: str) -> None:
    solo, name = table.solo, table.solo.name
    op = row["op"]
    if op == "all":
        solo.rows[0:0] = list(row["effects"])
    elif op == "move":
        enter(table, "move", "move")
        solo.step = Step("move", source, {"path": procedure.outer_path(table, row["steps"])})
    elif op in ("options", "action"):
        options = row["options"] if op == "options" else [row]
        enter(table, "action", "option")
        number, event = procedure.choose_option(table, options)
        solo.step = Step("option", source, {"number": number, "event": event,
                                            "options": options})
    elif op == "dismiss":
        card = adjacent_card(table, table.player(name))
        solo.step = Step("dismiss", source, {"card": card})
    elif op == "corruption_per_criminal":
        table.move_marker(name, "corruption", solo.criminal_icons(table.catalog),
                          f"{table.name(source)}: 1 Corruption per Criminal icon", source)
    else:
        resolve(table, name, row, source)


# -- the events -------------------------------------------------------------------------


def _not_for_opponent(table: Table, event: dict) -> None:
    table.breach("viscounts.solo.ai.no_hand", f"the opponent has no hand and no "
                 f"{event['type']}: it acts only through its Scheme rows",
                 player=table.solo.name, found=event["type"], skip=True)


def _scheme(table: Table, event: dict) -> None:
    solo, catalog = table.solo, table.catalog
    player = table.acting(event)
    start_turn(table, player)
    card = event["card"]
    table.known(card, catalog.schemes, "Scheme card", player.name)
    if not solo.draw_size:
        table.breach("viscounts.solo.ai.reshuffle", "the opponent's Scheme draw pile is "
                     "empty: its discards are shuffled first", player=player.name,
                     expected="shuffle", found="scheme", skip=True)
    if solo.draw[card]:
        solo.draw[card] -= 1
    elif solo.future[card] and solo.future_in_draw:
        solo.future[card] -= 1
        solo.future_in_draw -= 1
    else:
        table.breach("viscounts.solo.setup.schemes", f"Scheme {card} cannot be in the "
                     "opponent's Scheme draw pile (removed by its board, shuffled in only "
                     "with the difficulty setting, or already out)", player=player.name,
                     found=card, skip=True)
    solo.draw_size -= 1
    table.touch(card)
    dropped = solo.cards[-1]
    solo.cards = [card, *solo.cards[:-1]]
    if dropped:
        solo.discard.append(dropped)
    table.state.played = card
    solo.rows, solo.step, solo.in_turn = list(catalog.schemes[card].rows), None, True


def _shuffle(table: Table, event: dict) -> None:
    solo = table.solo
    if solo.draw_size or not solo.discard:
        table.breach("viscounts.solo.ai.reshuffle", f"the opponent's discards are shuffled "
                     f"only when its Scheme draw pile is empty (it holds "
                     f"{counted(solo.draw_size, 'card')}; {len(solo.discard)} discarded)",
                     player=solo.name, found="shuffle", skip=True)
    solo.draw.update(solo.discard)
    solo.draw_size += len(solo.discard)
    solo.discard.clear()


def _collision(table: Table, event: dict) -> None:
    """Its own collision track, at the end of its turn (or, under ``ai-collision-timing``,
    where the log records it, the turn going on with its rows afterwards)."""
    state = table.state
    if not table.solo.busy:
        handle_collision(table, event)
        return
    if not table.allows("ai-collision-timing"):
        table.breach("viscounts.solo.ai.collision", "the opponent resolves its collision at "
                     "the end of its turn, after all its Scheme rows",
                     player=table.solo.name, expected=describe(table), found="collision",
                     legal_under="ai-collision-timing", skip=True)
    phase = state.phase
    handle_collision(table, event)
    state.phase = phase


def _expect(table: Table, kind: str, found: str):
    step = table.solo.step
    if step is None or step.kind != kind:
        waiting = describe(table) if table.solo.busy else "nothing: its turn is over"
        table.breach("viscounts.solo.ai.turn", f"the opponent's procedure does not call for "
                     f"a {found} now; it waits for {waiting}", player=table.solo.name,
                     expected=waiting, found=found, skip=True)
    table.solo.step = None
    return step


def _dismiss(table: Table, event: dict) -> None:
    step = _expect(table, "dismiss", "dismiss")
    name, card = table.solo.name, step.data["card"]
    if card is None:
        table.breach("viscounts.log.reveal", "the top of the Townsfolk pile at the "
                     "opponent's Viscount was never revealed", player=name, skip=True)
    if event["card"] != card:
        table.breach("viscounts.solo.ai.dismiss", f"the opponent dismisses the Townsfolk "
                     f"adjacent to its Viscount, {table.name(card)}; the log dismisses "
                     f"{table.name(event['card'])}", player=name, expected=card,
                     found=event["card"])
    townsfolk = table.card(card)
    if townsfolk.deck != "preprinted":
        take_top(table, table.side_of(table.player(name).space))
    resolve(table, name, townsfolk.hire, card)  # its top-right effect, not its icons


def _gain_card(table: Table, event: dict) -> None:
    solo, state = table.solo, table.state
    index = next((i for i, d in enumerate(state.pending)
                  if d.player == solo.name and d.kind == "gain_card"), None)
    if index is None:
        table.breach("viscounts.solo.ai.gain_card", "no effect gives the opponent a card "
                     "now", player=solo.name, found=event["card"], skip=True)
    card = event["card"]
    if not solo.future[card] or not solo.future_size:
        table.breach("viscounts.log.hidden_location", f"Scheme {card} cannot be on top of "
                     "the Future Scheme pile", player=solo.name, found=card, skip=True)
    del state.pending[index]
    solo.future[card] -= 1
    solo.discard.append(card)
    table.touch(card)


def _move(table: Table, event: dict) -> None:
    step = _expect(table, "move", "move")
    state, name = table.state, table.solo.name
    player = table.player(name)
    demanded, path = step.data["path"], event["path"]
    if path != demanded:
        table.breach("viscounts.solo.ai.move", f"the opponent moves "
                     f"{counted(len(demanded), 'space')} clockwise along the outside path "
                     f"({', '.join(demanded)}); the log moves along {', '.join(path)}",
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


def _walkable(table: Table, here: str, path: list[str]) -> bool:
    for step in path:
        if step not in table.catalog.spaces or step not in exits(table, here):
            return False
        here = step
    return bool(path)


def _option(table: Table, event: dict) -> None:
    step = _expect(table, "option", event["type"])
    name = table.solo.name
    demanded, number = step.data["event"], step.data["number"]
    played = {k: v for k, v in event.items() if k in demanded or k == "type"}
    if event["type"] != demanded["type"] or played.get("option", number) != number:
        table.breach("viscounts.solo.ai.options", f"the opponent takes the first option it "
                     f"can do, option {number}: {say(table, demanded)}; the log has "
                     f"{say(table, event)}", player=name, expected=say(table, demanded),
                     found=say(table, event))
    elif played != demanded:
        rule = ACTION_RULE[event["type"]]
        table.breach(rule, f"the opponent should have {_should(table, demanded)}; the log "
                     f"has {say(table, event)}", player=name,
                     expected=say(table, demanded), found=say(table, event))
    table.state.acted = True
    if not _apply(table, event, step):
        _apply(table, demanded, step)


def _should(table: Table, event: dict) -> str:
    if event["type"] == "construct":
        return (f"built {say(table, event)}, the left-most affordable building on the "
                "left-most free spot")
    if event["type"] == "workers":
        return f"placed {counted(event['count'], 'Worker')}, as many as its icons pay for"
    return f"transcribed {event['manuscript']}, the manuscript of its segment"


def _apply(table: Table, event: dict, step: Step) -> bool:
    """Carry out an opponent action; False when it cannot be played as written."""
    name, kind = table.solo.name, event["type"]
    player = table.player(name)
    if kind == "option":
        options = step.data["options"]
        if not 1 <= event["option"] <= len(options) or \
                procedure.action_of(table, options[event["option"] - 1]) in procedure.ACTIONS:
            return False
        resolve(table, name, procedure.option_effect(table, options[event["option"] - 1]),
                step.source)
        return True
    if kind == "construct":
        building, _, slot = event["slot"].rpartition("-")
        if building not in player.built or not slot.isdigit() or \
                int(slot) in player.built[building] or event["spot"] in table.state.spots \
                or event["spot"] not in table.catalog.spots:
            return False
        _spend(table, "construct", table.catalog.buildings[building].cost)
        place_building(table, player, building, int(slot),
                       check_spot(table, player, event["spot"], None))
        trigger(table, name, "after_construct")
        return True
    if kind == "workers":
        count = event["count"]
        brackets = dict((w, i) for i, w in table.solo.board.brackets)
        if count not in brackets or count > player.workers:
            return False
        _spend(table, "place_workers", brackets[count])
        place(table, name, table.side_of(player.space), count)
        return True
    side = table.side_of(player.space)
    pile = table.state.manuscripts[side]
    if event["manuscript"] != (pile.top if pile.size else f"{side}-ms"):
        return False
    _spend(table, "transcribe", manuscript_cost(table, event["manuscript"]))
    take_manuscript(table, player, side)
    return True


def _spend(table: Table, action: str, cost: int) -> None:
    """Resources pay what the icons do not (1:1)."""
    name = table.solo.name
    short = cost - procedure.board_icons(table, action)
    if short > 0:
        table.change(name, RESOURCE[action], -short, f"spent on {action.replace('_', ' ')}",
                     action)


# -- its choices ------------------------------------------------------------------------


def _decision(table: Table, event: dict) -> None:
    """A choice by the opponent: checked against the procedure, then answered."""
    state, name = table.state, table.solo.name
    kind = event["type"]
    decision = next((d for d in state.pending if d.player == name and d.kind == kind), None)
    if decision is not None:
        _CHECKS.get(kind, lambda *_: None)(table, decision, event)
    answer(table, event)


def _check_resource(table, decision, event):
    allowed = procedure.resource(table)
    if event["resource"] not in allowed:
        table.breach("viscounts.solo.ai.resource_choice", f"the opponent's resource chart "
                     f"gives {' or '.join(sorted(allowed))} now; the log takes "
                     f"{event['resource']}", player=table.solo.name,
                     expected=" or ".join(sorted(allowed)), found=event["resource"])


def _check_flip(table, decision, event):
    wanted = procedure.flip(table, decision.data.get("what", "either"))
    if event["what"] != wanted:
        table.breach("viscounts.solo.ai.flip_choice", f"the opponent flips the type it has "
                     f"flipped least (a Debt on a tie): a {wanted}; the log flips a "
                     f"{event['what']}", player=table.solo.name, expected=wanted,
                     found=event["what"])


def _check_choose(table, decision, event):
    if decision.source in table.catalog.castle.tier2_ids and event["option"] != 1:
        table.breach("viscounts.solo.ai.tier2_choice", f"the opponent takes the first "
                     f"option of {table.name(decision.source)}; the log takes option "
                     f"{event['option']}", player=table.solo.name, expected="1",
                     found=str(event["option"]))


def _check_bump(table, decision, event):
    section = decision.data["section"]
    workers = (table.state.tier1 if section[1] == "1" else table.state.tier2)[section[3:]]
    human = next(n for n in table.state.seats if n != table.solo.name)
    wanted = min(decision.data["excess"], workers[human])
    if event["owners"].get(human, 0) != wanted:
        table.breach("viscounts.solo.ai.bump", f"the opponent always bumps {human}'s "
                     f"Workers: {wanted} of them from {section}", player=table.solo.name,
                     expected=f"{{{human}: {wanted}}}", found=str(event["owners"]))


def _check_order(table, decision, event):
    wanted = procedure.tier1_order(table, decision.data["sections"])
    if event["section"].removeprefix("t1-") != wanted:
        table.breach("viscounts.solo.ai.tier1_order", f"the opponent resolves its tier-1 "
                     f"sections clockwise from the one facing its Viscount: t1-{wanted} "
                     "next", player=table.solo.name, expected=f"t1-{wanted}",
                     found=event["section"])


def _check_free_workers(table, decision, event):
    here = table.side_of(table.player(table.solo.name).space)
    if event["section"].removeprefix("t1-") != here:
        table.breach("viscounts.solo.ai.free_workers", f"the opponent's free Workers go to "
                     f"the section facing its Viscount, t1-{here}", player=table.solo.name,
                     expected=f"t1-{here}", found=event["section"])


def _check_free_building(table, decision, event):
    wanted = procedure.free_building(table, decision.data["building"])
    if wanted and (event["slot"], event["spot"]) != wanted:
        table.breach("viscounts.solo.ai.free_build", f"the opponent's free building is its "
                     f"{wanted[0]} on {wanted[1]}, the first free spot from its Viscount "
                     "clockwise", player=table.solo.name, expected=" ".join(wanted),
                     found=f"{event['slot']} {event['spot']}")


def _check_free_manuscript(table, decision, event):
    wanted = procedure.free_manuscript(table, FREE_MANUSCRIPT_COSTS)
    if wanted and event["pile"] != wanted:
        table.breach("viscounts.solo.ai.free_manuscript", f"the opponent's free manuscript "
                     f"comes from its segment or the first pile clockwise with one: {wanted}",
                     player=table.solo.name, expected=wanted, found=event["pile"])


_CHECKS = {"resource": _check_resource, "flip": _check_flip, "choose": _check_choose,
           "bump": _check_bump, "castle_order": _check_order,
           "free_workers": _check_free_workers, "free_building": _check_free_building,
           "free_manuscript": _check_free_manuscript}
_HANDLERS = {"scheme": _scheme, "shuffle": _shuffle, "dismiss": _dismiss,
             "gain_card": _gain_card, "move": _move, "collision": _collision,
             **dict.fromkeys(OPTION_EVENTS, _option),
             **dict.fromkeys(("resource", "flip", "choose", "bump", "castle_order",
                              "free_workers", "free_building", "free_manuscript"),
                             _decision)}


# -- what it writes next (legal actions, the generator) ---------------------------------

UNKNOWN = "?"


def turn_start(table: Table) -> list[dict]:
    """The first event of its turn: a shuffle when its draw pile is empty, else a flip
    (the card is chance: ``?``)."""
    name = table.solo.name
    if not table.solo.draw_size:
        return [{"type": "shuffle", "player": name}]
    return [{"type": "scheme", "player": name, "card": UNKNOWN}]


def next_events(table: Table) -> list[dict]:
    """What the procedure demands next in its turn; [] when its turn is done."""
    solo, state = table.solo, table.state
    step, name = solo.step, solo.name
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


def decision_events(table: Table, decision, answers: list[dict]) -> list[dict]:
    """The answers the procedure allows to one of its choices (``answers``: every answer)."""
    name, kind = table.solo.name, decision.kind
    if kind == "gain_card":
        return [{"type": "gain_card", "player": name, "card": UNKNOWN}]
    if kind == "resource":
        allowed = procedure.resource(table)
        return [a for a in answers if a["resource"] in allowed]
    if kind == "flip":
        wanted = procedure.flip(table, decision.data.get("what", "either"))
        return [a for a in answers if a["what"] == wanted]
    if kind == "choose" and decision.source in table.catalog.castle.tier2_ids:
        return answers[:1]
    if kind == "castle_order":
        wanted = procedure.tier1_order(table, decision.data["sections"])
        return [a for a in answers if a["section"] == f"t1-{wanted}"]
    if kind == "free_workers":
        here = table.side_of(table.player(name).space)
        return [a for a in answers if a["section"] == f"t1-{here}"]
    if kind == "free_building":
        wanted = procedure.free_building(table, decision.data["building"])
        return [a for a in answers if wanted and (a["slot"], a["spot"]) == wanted] or answers
    if kind == "free_manuscript":
        wanted = procedure.free_manuscript(table, FREE_MANUSCRIPT_COSTS)
        return [a for a in answers if a["pile"] == wanted] or answers
    if kind == "bump":
        human = next(n for n in table.state.seats if n != name)
        return sorted(answers, key=lambda a: -a["owners"].get(human, 0))[:1]
    return answers
