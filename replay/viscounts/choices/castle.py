"""Choices in the castle: where Workers go, which section resolves first, whose leave."""

from __future__ import annotations

from replay.core.protocol.actions import Refusal
from replay.core.speech import say
from replay.core.words import counted, listed
from replay.viscounts.castle import bump, place, resolve_castle
from replay.viscounts.choices.kind import ChoiceKind

SECTION = {"section": ("str", True)}


def _tier1(ident: str) -> str:
    return ident.removeprefix("t1-")


def _move_refusals(table, player, decision, event):
    state = table.state
    source, target = _tier1(event["from"]), _tier1(event["to"])
    segments = state.segments
    if source not in state.tier1 or target not in state.tier1 \
            or not state.tier1[source][player.name] \
            or abs(segments.index(source) - segments.index(target)) not in (1, 4):
        yield Refusal("viscounts.castle.move_effect",
                      say("{player} cannot move a Worker from {from_} to {to}",
                          player=player.name, from_=event['from'], to=event['to']),
                      player=player.name, skip=True)


def _move(table, player, decision, event):
    tier1 = table.state.tier1
    tier1[_tier1(event["from"])][player.name] -= 1
    tier1[_tier1(event["to"])][player.name] += 1
    resolve_castle(table, player.name)


def _moves(table, player, decision):
    segments = table.state.segments
    return ({"from": f"t1-{side}", "to": f"t1-{segments[(index + way) % len(segments)]}"}
            for index, side in enumerate(segments) if table.state.tier1[side][player.name]
            for way in (1, -1))


def _free_workers_refusals(table, player, decision, event):
    if _tier1(event["section"]) not in table.state.tier1:
        yield Refusal("viscounts.castle.free_place",
                      say("{section} is not a tier-1 section", section=event['section']),
                      player=player.name, found=event["section"], skip=True)


def _free_workers(table, player, decision, event):
    place(table, player.name, _tier1(event["section"]), decision.data["count"])


def _sections(table, player, decision):
    return ({"section": f"t1-{side}"}
            for side in decision.data.get("sections", table.state.segments))


def _order_refusals(table, player, decision, event):
    sections = decision.data["sections"]
    if _tier1(event["section"]) not in sections:
        yield Refusal("viscounts.castle.tier1_repeat",
                      say("{section} does not hold 3 of {player}'s Workers",
                          section=event['section'], player=player.name), player=player.name,
                      expected=", ".join(f"t1-{side}" for side in sections),
                      found=event["section"], skip=True)


def _order(table, player, decision, event):
    resolve_castle(table, player.name, chosen=_tier1(event["section"]))


def _split_refusals(table, player, decision, event):
    side, workers = decision.data["section"], decision.data["workers"]
    clockwise = event["clockwise"]
    # One Worker goes inward; the others leave to both sides, at least one each way.
    if event["section"] != f"t1-{side}" or not 1 <= clockwise <= workers - 2:
        yield Refusal("viscounts.castle.tier1",
                      say("the {number} Workers leaving t1-{side} beside the inward one go to "
                          "both sides, at least 1 each", number=workers - 1,
                          side=side),
                      player=player.name,
                      expected=say("t1-{side}, clockwise 1 to {number}", side=side,
                                   number=workers - 2),
                      found=say("{section}, clockwise {clockwise}", section=event['section'],
                                clockwise=clockwise), skip=True)


def _split(table, player, decision, event):
    resolve_castle(table, player.name, chosen=decision.data["section"],
                   clockwise=event["clockwise"])


def _splits(table, player, decision):
    # Every count the leaving Workers could send clockwise; the refusal keeps the legal ones.
    return ({"section": f"t1-{decision.data['section']}", "clockwise": clockwise}
            for clockwise in range(decision.data["workers"]))


def _workers_at(table, section: str):
    tier, side = int(section[1]), section[3:]
    return (table.state.tier1 if tier == 1 else table.state.tier2)[side]


def _bump_refusals(table, player, decision, event):
    section, owners, excess = decision.data["section"], event["owners"], decision.data["excess"]
    workers = _workers_at(table, section)
    if event["section"] != section or sum(owners.values()) != excess or \
            any(o not in table.state.players or workers[o] < n for o, n in owners.items()):
        values = {"workers": counted(excess, "Worker"), "section": section,
                  "whose": _whose(+workers)}
        yield Refusal("viscounts.castle.bump",
                      say("{workers} leaves {section}, chosen among those there ({whose})",
                          **values) if excess == 1 else
                      say("{workers} leave {section}, chosen among those there ({whose})",
                          **values), player=player.name,
                      found=_whose(owners), skip=True)


def _bump(table, player, decision, event):
    section = decision.data["section"]
    bump(table, int(section[1]), section[3:], event["owners"])


def _bumps(table, player, decision):
    """For each owner first, as many of theirs as the excess takes, then the others' in
    seat order."""
    section, excess = decision.data["section"], decision.data["excess"]
    workers = _workers_at(table, section)
    seats = table.state.seats
    for owner in seats:
        if not workers[owner]:
            continue
        take = {owner: min(excess, workers[owner])}
        rest = excess - take[owner]
        for other in seats:
            if rest and other != owner and workers[other]:
                take[other] = min(rest, workers[other])
                rest -= take[other]
        yield {"section": section, "owners": take}


def _whose(workers) -> str:
    """``2 of bruno's, 1 of ana's``: Workers by owner."""
    return listed(say("{number} of {owner}'s", number=number, owner=owner)
                  for owner, number in workers.items())


KINDS = (
    ChoiceKind("castle_move", {"from": ("str", True), "to": ("str", True)}, ("from", "to"),
               _move_refusals, _move, _moves),
    ChoiceKind("free_workers", SECTION, ("section",), _free_workers_refusals, _free_workers,
               _sections, possible=lambda table, player, decision: player.workers > 0,
               lost=say("no Worker is left in supply")),
    ChoiceKind("castle_order", SECTION, ("section",), _order_refusals, _order, _sections),
    ChoiceKind("castle_split", {"section": ("str", True), "clockwise": ("int", True)},
               ("section", "clockwise"), _split_refusals, _split, _splits),
    ChoiceKind("bump", {"section": ("str", True), "owners": ("counts", True)}, ("section",),
               _bump_refusals, _bump, _bumps),
)
