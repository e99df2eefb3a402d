"""The opponent's option row as the log records it: the option taken and its action (build,
place Workers, transcribe), compared with the first option its procedure can do (R p.29-30).

In audit mode the replay goes on with the action as played when it can be played, else as
demanded.
"""

from __future__ import annotations

from collections import Counter

from replay.core.logs.text import read_count
from replay.core.speech import say
from replay.viscounts.actions import check_spot, manuscript_cost, place_building, take_manuscript
from replay.viscounts.castle import place
from replay.viscounts.effects import resolve, trigger
from replay.viscounts.funding import RESOURCE
from replay.viscounts.solo import procedure
from replay.viscounts.solo.rows import expect
from replay.viscounts.solo.state import Step
from replay.viscounts.solo.words import action_words, should
from replay.viscounts.state import SLOTS

ACTION_RULE = {"construct": "viscounts.solo.ai.build", "workers": "viscounts.solo.ai.workers",
               "transcribe": "viscounts.solo.ai.transcribe"}
OPTION_EVENTS = ("construct", "workers", "transcribe", "option")


def option(table, event: dict) -> None:
    """An option event (``construct``, ``workers``, ``transcribe`` or ``option``)."""
    step = expect(table, "option", event["type"])
    name = table.solo.name
    demanded, number = step.data["event"], step.data["number"]
    played = {k: v for k, v in event.items() if k in demanded or k == "type"}
    if event["type"] != demanded["type"] or played.get("option", number) != number:
        rule, why = _skipped_because(table, step, event)
        table.breach(rule, say("{why}the opponent takes the first option it can do, option "
                               "{number}: {demanded}; the log has {found}",
                               why=why, number=number, demanded=action_words(table, demanded),
                               found=action_words(table, event)),
                     player=name, expected=action_words(table, demanded),
                     found=action_words(table, event))
    elif played != demanded:
        rule = ACTION_RULE[event["type"]]
        table.breach(rule, say("the opponent should have {should}; the log has {found}",
                               should=should(table, demanded), found=action_words(table, event)),
                     player=name,
                     expected=action_words(table, demanded), found=action_words(table, event))
    table.state.acted = True
    if not _apply(table, event, step):
        _apply(table, demanded, step)


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


def _apply(table, event: dict, step: Step) -> bool:
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
        building, _, number = event["slot"].rpartition("-")
        slot = read_count(number)
        if building not in player.built or slot not in SLOTS or \
                slot in player.built[building] or event["spot"] in table.state.spots \
                or event["spot"] not in table.catalog.spots:
            return False
        _spend(table, step, "construct", table.catalog.buildings[building].cost)
        place_building(table, player, building, slot,
                       check_spot(table, player, event["spot"], None))
        trigger(table, name, "after_construct")
        return True
    if kind == "workers":
        count = event["count"]
        brackets = dict((w, i) for i, w in table.solo.board.brackets)
        if count not in brackets or count > player.workers:
            return False
        _spend(table, step, "place_workers", brackets[count])
        place(table, name, table.side_of(player.space), count)
        return True
    side = table.side_of(player.space)
    pile = table.state.manuscripts[side]
    if event["manuscript"] != (pile.top if pile.size else f"{side}-ms"):
        return False
    _spend(table, step, "transcribe", manuscript_cost(table, event["manuscript"]))
    take_manuscript(table, player, side)
    return True


def _spend(table, step: Step, action: str, cost: int) -> None:
    """Resources pay what the icons counted at its option row do not (1:1)."""
    name = table.solo.name
    short = cost - procedure.icon_count(step.data["icons"], action)
    if short > 0:
        table.change(name, RESOURCE[action], -short,
                     say("spent on {action}", action=action.replace('_', ' ')),
                     action)
