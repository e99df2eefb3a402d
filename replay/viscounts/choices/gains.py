"""Choices of what to gain: any resource, a Debt or a Deed to flip, one of printed options."""

from __future__ import annotations

from replay.core.protocol.actions import Refusal
from replay.core.speech import say
from replay.viscounts.choices.kind import ChoiceKind
from replay.viscounts.effects import can_flip, flip, resolve
from replay.viscounts.state import RESOURCES
from replay.viscounts.words import FLIP_WORDS, word

FLIPPABLE = ("debt", "deed")


def _resource_refusals(table, player, decision, event):
    resource = event["resource"]
    if resource not in RESOURCES:
        yield Refusal("viscounts.effect.any_resource",
                      say("any resource is Ink, Gold or Stone, not {resource}", resource=resource),
                      player=player.name, found=resource, skip=True)


def _gain_resource(table, player, decision, event):
    table.change(player.name, event["resource"], 1,
                 say("{source}: any resource", source=table.name(decision.source)), decision.source)


def _flip_refusals(table, player, decision, event):
    what = event["what"]
    allowed = decision.data.get("what", "either")
    if what not in FLIPPABLE or allowed not in ("either", what):
        yield Refusal("viscounts.flip.either",
                      say("{source} flips {allowed}, not {what}",
                          source=table.name(decision.source), allowed=word(FLIP_WORDS, allowed),
                          what=word(FLIP_WORDS, what)),
                      player=player.name, found=what, skip=True)
    elif not can_flip(table, player.name, what):
        yield Refusal("viscounts.flip.needs_target",
                      say("{player} has no unflipped {what}", player=player.name,
                          what=word(FLIP_WORDS, what)),
                      player=player.name, found=what, skip=True)


def _flip(table, player, decision, event):
    flip(table, player.name, event["what"], decision.source)


def _choose_refusals(table, player, decision, event):
    options, option = decision.data["options"], event["option"]
    if not 1 <= option <= len(options):
        yield Refusal("viscounts.log.choice",
                      say("{source} offers {number} options, not {option}",
                          source=table.name(decision.source), number=len(options), option=option),
                      player=player.name,
                      found=str(option), skip=True)


def _choose(table, player, decision, event):
    resolve(table, player.name, decision.data["options"][event["option"] - 1],
            decision.source)


KINDS = (
    ChoiceKind("resource", {"resource": ("str", True)}, ("resource",), _resource_refusals,
               _gain_resource, lambda table, player, decision: (
                   {"resource": r} for r in RESOURCES)),
    ChoiceKind("flip", {"what": ("str", True)}, ("what",), _flip_refusals, _flip,
               lambda table, player, decision: ({"what": w} for w in FLIPPABLE),
               possible=lambda table, player, decision: can_flip(
                   table, player.name, decision.data.get("what", "either")),
               lost=say("nothing is left to flip")),
    ChoiceKind("choose", {"option": ("int", True)}, ("option",), _choose_refusals, _choose,
               lambda table, player, decision: (
                   {"option": i} for i in range(1, len(decision.data["options"]) + 1))),
)
