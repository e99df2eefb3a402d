"""The opponent's option row as the log records it: the option taken and its action (build,
place Workers, transcribe), compared with the first option its procedure can do (R p.29-30).

In audit mode the replay goes on with the action as played when it can be played, else as
demanded.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import replace
from functools import partial

from replay.core.logs.text import read_count
from replay.core.protocol.actions import Refusal
from replay.core.speech import say
from replay.viscounts.actions import manuscript_cost, place_building, spot_refusals, take_manuscript
from replay.viscounts.castle import place
from replay.viscounts.effects import resolve, trigger
from replay.viscounts.funding import RESOURCE
from replay.viscounts.solo import procedure
from replay.viscounts.solo.rows import take_step, unexpected
from replay.viscounts.solo.state import Step
from replay.viscounts.solo.words import action_words, should
from replay.viscounts.state import SLOTS

ACTION_RULE = {"construct": "viscounts.solo.ai.build", "workers": "viscounts.solo.ai.workers",
               "transcribe": "viscounts.solo.ai.transcribe"}
OPTION_EVENTS = ("construct", "workers", "transcribe", "option")


def option_refusals(table, event: dict) -> Iterator[Refusal]:
    """An option event (``construct``, ``workers``, ``transcribe`` or ``option``): the
    option the procedure takes, done as it demands; a building it carries out, played or
    demanded, on a spot of this game's board."""
    refusal = unexpected(table, "option", event["type"])
    if refusal is not None:
        yield refusal
        return
    step = table.solo.step
    name = table.solo.name
    demanded, number = step.data["event"], step.data["number"]
    played = {k: v for k, v in event.items() if k in demanded or k == "type"}
    if event["type"] != demanded["type"] or played.get("option", number) != number:
        rule, why = _skipped_because(table, step, event)
        yield Refusal(rule, say("{why}the opponent takes the first option it can do, option "
                                "{number}: {demanded}; the log has {found}",
                                why=why, number=number, demanded=action_words(table, demanded),
                                found=action_words(table, event)),
                      player=name, expected=action_words(table, demanded),
                      found=action_words(table, event))
    elif played != demanded:
        rule = ACTION_RULE[event["type"]]
        yield Refusal(rule, say("the opponent should have {should}; the log has {found}",
                                should=should(table, demanded),
                                found=action_words(table, event)),
                      player=name,
                      expected=action_words(table, demanded), found=action_words(table, event))
    action = _carried_out(table, event, step)
    if action is not None and action["type"] == "construct":
        # The spot is checked once the action is under way: what it has spent stays spent.
        for refusal in spot_refusals(table, table.player(name), action["spot"], None):
            yield replace(refusal, moved_on=partial(_under_way, action=action, step=step))


def apply_option(table, event: dict) -> None:
    """The option as played when it can be carried out, else as demanded (neither: its
    action is lost)."""
    step = take_step(table)
    table.state.acted = True
    action = _carried_out(table, event, step)
    if action is not None:
        _carry_out(table, action, step)


def _carried_out(table, event: dict, step: Step) -> dict | None:
    """The action an option event carries out: as played when it can be, else as demanded
    when that can be (None: neither)."""
    return next((action for action in (event, step.data["event"])
                 if _can_carry_out(table, action, step)), None)


def _under_way(table, action: dict, step: Step) -> None:
    """What a building refused for its spot has done: the step taken off, the action taken,
    its cost paid."""
    take_step(table)
    table.state.acted = True
    _spend(table, step, "construct", table.catalog.buildings[_building(action)[0]].cost)


def _skipped_because(table, step: Step, event: dict) -> tuple[str, str]:
    """The rule an option taken out of turn breaks, and the start of its message: a single
    Worker (the opponent never places only 1, p.29); an option its icons pay for only with
    the dismissed card's (not gained, p.28); else the order of its options (p.30)."""
    if event["type"] == "workers" and event.get("count") == 1:
        return "viscounts.solo.ai.workers", "the opponent never places a single Worker, so "
    dismissed = table.solo.dismissed
    if dismissed is not None:
        counted = step.data["icons"] + Counter(table.card(dismissed).icons)
        _, with_card = procedure.choose_option(table, step.data["options"], counted)
        if with_card == {k: v for k, v in event.items() if k in with_card}:
            return "viscounts.solo.ai.dismiss", (say("the icons of {dismissed}, dismissed, are "
                                                     "not the opponent's, so ",
                                                     dismissed=table.name(dismissed)))
    return "viscounts.solo.ai.options", ""


def _building(action: dict) -> tuple[str, int | None]:
    """The building row and slot number of a construct (``castle-2``)."""
    building, _, number = action["slot"].rpartition("-")
    return building, read_count(number)


def _can_carry_out(table, action: dict, step: Step) -> bool:
    """Whether an opponent action can be carried out as written."""
    name, kind = table.solo.name, action["type"]
    player = table.player(name)
    if kind == "option":
        options = step.data["options"]
        return 1 <= action["option"] <= len(options) and \
            procedure.action_of(table, options[action["option"] - 1]) not in procedure.ACTIONS
    if kind == "construct":
        building, slot = _building(action)
        return building in player.built and slot in SLOTS and \
            slot not in player.built[building] and action["spot"] not in table.state.spots \
            and action["spot"] in table.catalog.spots
    if kind == "workers":
        brackets = dict((w, i) for i, w in table.solo.board.brackets)
        return action["count"] in brackets and action["count"] <= player.workers
    side = table.side_of(player.space)
    pile = table.state.manuscripts[side]
    return action["manuscript"] == (pile.top if pile.size else f"{side}-ms")


def _carry_out(table, action: dict, step: Step) -> None:
    """Carry out an opponent action that can be (``_can_carry_out``)."""
    name, kind = table.solo.name, action["type"]
    player = table.player(name)
    if kind == "option":
        options = step.data["options"]
        resolve(table, name, procedure.option_effect(table, options[action["option"] - 1]),
                step.source)
    elif kind == "construct":
        building, slot = _building(action)
        _spend(table, step, "construct", table.catalog.buildings[building].cost)
        place_building(table, player, building, slot, table.catalog.spots[action["spot"]])
        trigger(table, name, "after_construct")
    elif kind == "workers":
        count = action["count"]
        brackets = dict((w, i) for i, w in table.solo.board.brackets)
        _spend(table, step, "place_workers", brackets[count])
        place(table, name, table.side_of(player.space), count)
    else:
        side = table.side_of(player.space)
        _spend(table, step, "transcribe", manuscript_cost(table, action["manuscript"]))
        take_manuscript(table, player, side)


def _spend(table, step: Step, action: str, cost: int) -> None:
    """Resources pay what the icons counted at its option row do not (1:1)."""
    name = table.solo.name
    short = cost - procedure.icon_count(step.data["icons"], action)
    if short > 0:
        table.change(name, RESOURCE[action], -short,
                     say("spent on {action}", action=action.replace('_', ' ')),
                     action)
