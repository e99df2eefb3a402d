"""The opponent's choices: the answers its procedure allows at each one (R p.27-29).

Each kind of choice has one function giving what the procedure allows there (``Allowed``):
the resource its chart gives (any of the three for the Card AI: a real choice), the type it
flips, the first tier-2 option, the human's Workers bumped, the tier-1 section next
clockwise, the section, building and spot, or pile its free gains go to. A choice the
procedure leaves open (a Townsfolk's "choose" other than a tier-2 reward, a split of Workers)
allows every legal answer. The same sets check the log (a recorded answer outside them is a
violation with the rule and the allowed ones named) and give what it may write next.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from replay.core.protocol.actions import Refusal
from replay.core.speech import say
from replay.core.words import listed
from replay.viscounts.choices.placements import FREE_MANUSCRIPT_COSTS
from replay.viscounts.solo import procedure
from replay.viscounts.solo.words import either
from replay.viscounts.words import CHART_WORDS, FLIP_WORDS, word


@dataclass(frozen=True)
class Allowed:
    """The answers the procedure allows: each a dict of the fields that decide."""

    rule: str
    why: str  # the procedure, in words, before the allowed answers are named
    answers: tuple[dict, ...]

    def admits(self, event: dict) -> bool:
        """Whether the event's answer is one of the allowed."""
        return any(all(_same(event.get(k), v) for k, v in a.items()) for a in self.answers)

    def words(self) -> str:
        """The allowed answers, named."""
        return either(_show(a) for a in self.answers)


def _same(found, wanted) -> bool:
    if isinstance(wanted, dict):  # Workers bumped per owner: an owner at 0 is left out
        return isinstance(found, dict) and {k: v for k, v in found.items() if v} == wanted
    return found == wanted


# The answers whose values are words, with those words ("debt", "ink").
ANSWER_WORDS = {"what": FLIP_WORDS, "resource": CHART_WORDS}


def _show(answer: dict) -> str:
    return listed((word(ANSWER_WORDS.get(k, {}), v) if isinstance(v, str) else
                   str(v) if not isinstance(v, dict) else
                   listed(say("{number} of {owner}'s", number=n, owner=o) for o, n in v.items())
                   for k, v in answer.items()), " ")


def allowed(table, decision) -> Allowed | None:
    """What the procedure allows at one of the opponent's choices (None: any legal answer)."""
    rule = _RULES.get(decision.kind)
    return rule(table, decision) if rule else None


def refusal(table, decision, event: dict) -> Refusal | None:
    """The refusal of a recorded answer outside what the procedure allows, naming them
    (None: the procedure allows it)."""
    permitted = allowed(table, decision)
    if permitted is None or permitted.admits(event):
        return None
    found = _show({k: v for k, v in event.items() if k in permitted.answers[0]})
    return Refusal(permitted.rule, say("{why}: {allowed}; the log has {found}",
                                       why=permitted.why, allowed=permitted.words(),
                                       found=found),
                   player=table.solo.name, expected=permitted.words(), found=found)


def answers(table, decision, every: list[dict]) -> list[dict]:
    """The answers the procedure allows among ``every`` legal answer to a choice."""
    if decision.kind == "gain_card":
        return [{"type": "gain_card", "player": table.solo.name, "card": "?"}]
    permitted = allowed(table, decision)
    return every if permitted is None else [a for a in every if permitted.admits(a)]


def _resource(table, decision) -> Allowed:
    chart = sorted(procedure.resource(table))
    why = (say("the opponent treats all resources as one type: any of")
           if table.solo.board.single_resource
           else say("the opponent takes the resource its chart gives now"))
    return Allowed("viscounts.solo.ai.resource_choice", why,
                   tuple({"resource": r} for r in chart))


def _flip(table, decision) -> Allowed:
    wanted = procedure.flip(table, decision.data.get("what", "either"))
    return Allowed("viscounts.solo.ai.flip_choice",
                   say("the opponent flips the type it has flipped least (a Debt on a tie, the "
                       "only type it can flip when one is)"),
                   ({"what": wanted},))


def _choose(table, decision) -> Allowed | None:
    if decision.source not in table.catalog.castle.tier2_ids:
        return None  # a Townsfolk's choice: the procedure does not settle it
    return Allowed("viscounts.solo.ai.tier2_choice",
                   say("the opponent takes the first option of {source}",
                       source=table.name(decision.source)), ({"option": 1},))


def _bump(table, decision) -> Allowed:
    section, excess = decision.data["section"], decision.data["excess"]
    workers = (table.state.tier1 if section[1] == "1" else table.state.tier2)[section[3:]]
    human = next(n for n in table.state.seats if n != table.solo.name)
    take = min(excess, workers[human])
    owners = {human: take, table.solo.name: excess - take}
    return Allowed("viscounts.solo.ai.bump",
                   say("the opponent always bumps {human}'s Workers first; the {excess} leaving "
                       "{section} are", human=human, excess=excess,
                       section=section),
                   ({"owners": {k: v for k, v in owners.items() if v}},))


def _castle_order(table, decision) -> Allowed:
    wanted = procedure.tier1_order(table, decision.data["sections"])
    return Allowed("viscounts.solo.ai.tier1_order",
                   say("the opponent resolves its tier-1 sections clockwise from the one facing "
                       "its Viscount, next"),
                   ({"section": f"t1-{wanted}"},))


def _free_workers(table, decision) -> Allowed:
    here = table.side_of(table.player(table.solo.name).space)
    return Allowed("viscounts.solo.ai.free_workers",
                   say("the opponent's free Workers go to the section facing its Viscount"),
                   ({"section": f"t1-{here}"},))


def _free_building(table, decision) -> Allowed | None:
    wanted = procedure.free_building(table, decision.data["building"])
    if wanted is None:
        return None  # no building or no spot: the gain is lost
    return Allowed("viscounts.solo.ai.free_build", "the opponent's free building is the "
                   "left-most of its board on the first free spot from its Viscount "
                   "clockwise", ({"slot": wanted[0], "spot": wanted[1]},))


def _free_manuscript(table, decision) -> Allowed | None:
    wanted = procedure.free_manuscript(table, FREE_MANUSCRIPT_COSTS)
    if wanted is None:
        return None
    return Allowed("viscounts.solo.ai.free_manuscript", "the opponent's free manuscript "
                   "comes from its segment, else the first pile clockwise with one",
                   ({"pile": wanted},))


_RULES: dict[str, Callable] = {
    "resource": _resource, "flip": _flip, "choose": _choose, "bump": _bump,
    "castle_order": _castle_order, "free_workers": _free_workers,
    "free_building": _free_building, "free_manuscript": _free_manuscript}
KINDS = tuple(_RULES)
