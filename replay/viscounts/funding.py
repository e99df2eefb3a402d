"""Funding a primary action: board icons, Criminal wilds, resources, converters, one dismiss."""

from __future__ import annotations

from collections.abc import Generator, Mapping

from replay.core.protocol.actions import Refusal
from replay.core.speech import say
from replay.viscounts.effects import count_icons, in_force, resolve
from replay.viscounts.state import Player
from replay.viscounts.table import Table
from replay.viscounts.turn import has_unlock
from replay.viscounts.words import ACTION_WORDS, ICON_WORDS, RESOURCE_WORDS

ICON = {"trade": "merchant", "construct": "builder", "place_workers": "noble",
        "transcribe": "cleric"}
RESOURCE = {"trade": "silver", "construct": "stone", "place_workers": "gold",
            "transcribe": "ink"}
PAYABLE = ("silver", "ink", "gold", "stone")
WORDS = ACTION_WORDS


def board_icons(table: Table, player: Player) -> dict[str, int]:
    """Icons on the board: cards, uncovered starting icons, unlocks and Cleric Bonus cards
    (kept while the board stays as it is: add to a copy, never to this one)."""
    return in_force(table, player.name).icons()


def converters(table: Table, player: Player, action: str) -> list[dict]:
    """The board's converters for an action (Mason, Sculptor, Emma, Benefactor, ...)."""
    return in_force(table, player.name).converters(action)


def icons_from(action: str, icons: Mapping[str, int], pay: dict, convs) -> tuple[int, set]:
    """The action's icons from board and dismissed icons plus ``pay``; and the resources used.

    Criminal icons are wild. Each paid resource counts once for the action's own resource;
    converters add what their rates give (a "counts as 2" converter at most ``max_uses``).
    """
    count = icons.get(ICON[action], 0) + icons.get("criminal", 0)
    used = set()
    own = RESOURCE[action]
    if pay.get(own):
        count += pay[own]
        used.add(own)
    best_merchants = 0
    for conv in convs:
        source = conv["from"]
        if source == "merchant_icons":
            best_merchants = max(best_merchants, icons.get("merchant", 0) // conv["rate_in"])
            continue
        amount = pay.get(source, 0)
        if not amount:
            continue
        used.add(source)
        if source == own:  # "1 Ink counts as 2 Cleric": the extra icon, at most max_uses
            count += min(amount, conv.get("max_uses") or amount) * (conv["rate_out"] - 1)
        else:
            count += amount // conv["rate_in"] * conv["rate_out"]
    return count + best_merchants, used


def paid(event: dict) -> dict[str, int]:
    """The resources an event pays (those of amount 0 left out)."""
    return {k: v for k, v in event["pay"].items() if v} if "pay" in event else {}


def funding_refusals(table: Table, player: Player, action: str,
                     event: dict) -> Generator[Refusal, None, int]:
    """Why the funding of ``event`` cannot be paid as written; its value (``yield from``) is
    the action's icons. Read up to the first refusal that skips, like every kind's."""
    pay = paid(event)
    for resource, amount in pay.items():
        if resource not in PAYABLE:
            yield Refusal("viscounts.action.resource_as_icon",
                          say("{resource} cannot be spent as an icon", resource=repr(resource)),
                          player=player.name, expected=", ".join(PAYABLE),
                          found=resource, skip=True)
            return 0
        if getattr(player, resource) < amount:
            yield Refusal("viscounts.action.resource_as_icon",
                          say("{player} has {held} {resource}, not {amount}",
                              player=player.name, held=getattr(player, resource),
                              resource=RESOURCE_WORDS[resource], amount=amount),
                          player=player.name, skip=True)
            return 0
    abilities = in_force(table, player.name)
    icons = abilities.icons()
    if event.get("dismiss"):
        card = yield from _dismiss_refusals(table, player, action, event["dismiss"],
                                            pay.get("silver", 0))
        if card is None:
            return 0
        icons = with_dismissed(table, icons, card)
    count, used = icons_from(action, icons, pay, abilities.converters(action))
    if pay.keys() - used:
        unused = sorted(pay.keys() - used)
        yield Refusal("viscounts.action.resource_as_icon",
                      say("{items} cannot fund {action}: 1 {resource} is 1 {icon} icon",
                          items=', '.join(unused), action=WORDS[action],
                          resource=RESOURCE_WORDS[RESOURCE[action]],
                          icon=ICON_WORDS[ICON[action]]),
                      player=player.name,
                      expected=RESOURCE[action], found=", ".join(unused))
    return count


def pay_funding(table: Table, player: Player, action: str, event: dict) -> None:
    """Pay the funding of ``event``: the dismiss first (its effect included), then the
    resources spent as icons."""
    if event.get("dismiss"):
        _dismiss(table, player, event["dismiss"])
    for resource, amount in paid(event).items():
        table.change(player.name, resource, -amount,
                     say("spent on {action}", action=WORDS[action]), action)


def funding_options(table: Table, player: Player, action: str, cost: int) -> list[dict]:
    """Every way to fund ``cost`` icons with nothing wasted: without a dismiss and with the
    adjacent card, each with every least payment in the action's own resource and in what
    the board's converters take. (Paying more than that is legal too, and not listed.)"""
    options = []
    convs = converters(table, player, action)
    payable = [RESOURCE[action], *sorted({c["from"] for c in convs if c["from"] in PAYABLE}
                                         - {RESOURCE[action]})]
    adjacent = adjacent_card(table, player)
    for dismiss in (None, adjacent) if adjacent else (None,):
        icons = board_icons(table, player)
        silver = player.silver
        if dismiss:
            card = table.card(dismiss)
            if not can_fund(card, action):
                continue
            silver -= dismiss_cost(table, player, card)
            if silver < 0:
                continue
            icons = with_dismissed(table, icons, card)
        holdings = {r: silver if r == "silver" else getattr(player, r) for r in payable}
        for pay in least_payments(action, icons, convs, holdings, cost):
            event = {"pay": pay} if pay else {}
            if dismiss:
                event["dismiss"] = dismiss
            options.append(event)
    return options


def least_payments(action: str, icons: Mapping[str, int], convs, holdings: dict[str, int],
                   cost: int) -> list[dict[str, int]]:
    """Every payment out of ``holdings`` (resources in the order given) that brings the
    action's icons to ``cost`` and from which no single resource could be taken back."""
    def reaches(pay: dict) -> bool:
        return icons_from(action, icons, pay, convs)[0] >= cost

    found = []

    def extend(pay: dict, resources: list[str]) -> None:
        if not resources:
            if reaches(pay) and not any(reaches({**pay, r: n - 1}) for r, n in pay.items()):
                found.append(pay)
            return
        first, rest = resources[0], resources[1:]
        for amount in range(holdings[first] + 1):
            more = {**pay, first: amount} if amount else pay
            extend(more, rest)
            if reaches(more):  # any more of ``first`` would be wasted
                break

    extend({}, list(holdings))
    return found


def adjacent_card(table: Table, player: Player) -> str | None:
    """The face-up Townsfolk next to the Viscount: the pile top, or its pre-printed card
    (None while the log has not revealed the new top)."""
    side = table.side_of(player.space)
    top = table.state.townsfolk[side].top
    return top if table.state.townsfolk[side].size else f"{side}-tf"


def adjacent_refusal(table: Table, player: Player, ident: str) -> Refusal | None:
    """``viscounts.log.reveal`` when the card adjacent to the Viscount is unknown (the log
    has not revealed the new top of its pile); None when it is known."""
    if adjacent_card(table, player) is not None:
        return None
    return Refusal("viscounts.log.reveal",
                   say("the top of the Townsfolk pile at {player}'s Viscount was never revealed",
                       player=player.name), player=player.name,
                   found=ident, skip=True)


def can_fund(card, action: str) -> bool:
    """Whether a card shows the action's icon or a Criminal icon (what a dismiss is for)."""
    return ICON[action] in card.icons or "criminal" in card.icons


def with_dismissed(table: Table, icons: dict[str, int], card) -> dict[str, int]:
    """The board's icons with a dismissed card's icons added (a copy), unless the log
    declared that a pre-printed card gives its effect only."""
    if card.deck == "preprinted" and table.allows("dismiss-preprinted-effect-only"):
        return icons
    return count_icons(dict(icons), card.icons)


def dismiss_cost(table: Table, player: Player, card) -> int:
    """The card's Silver value, or 1 with the second Trading Post."""
    flat = has_unlock(table, player, "dismiss_cost")
    return flat["silver"] if flat else card.cost


def _dismiss_refusals(table: Table, player: Player, action: str, ident: str,
                      silver_paid: int) -> Generator[Refusal, None, object]:
    """Why the adjacent card cannot be dismissed for this action; its value (``yield
    from``) is the card (None when refused)."""
    unknown = adjacent_refusal(table, player, ident)
    if unknown is not None:
        yield unknown
        return None
    adjacent = adjacent_card(table, player)
    if ident != adjacent:
        yield Refusal("viscounts.dismiss.adjacent",
                      say("{ident} is not adjacent to {player}'s Viscount: {adjacent} is",
                          ident=table.name(ident), player=player.name,
                          adjacent=table.name(adjacent)),
                      player=player.name, expected=adjacent, found=ident, skip=True)
        return None
    card = table.card(ident)
    if not can_fund(card, action):
        yield Refusal("viscounts.dismiss.adjacent",
                      say("{card} shows no {icon} or Criminal icon and cannot be dismissed for "
                          "{action}", card=card.name,
                          icon=ICON_WORDS[ICON[action]], action=WORDS[action]),
                      player=player.name, found=ident, skip=True)
        return None
    cost = dismiss_cost(table, player, card)
    if player.silver - silver_paid < cost:
        yield Refusal("viscounts.dismiss.cost",
                      say("dismissing {card} costs {cost} Silver; {player} has {number} left",
                          card=card.name, cost=cost, player=player.name,
                          number=player.silver - silver_paid),
                      player=player.name,
                      expected=say("{cost} Silver", cost=cost), skip=True)
        return None
    return card


def _dismiss(table: Table, player: Player, ident: str) -> None:
    """Dismiss the adjacent card: pay, remove, its top-right effect."""
    card = table.card(ident)
    cost = dismiss_cost(table, player, card)
    table.change(player.name, "silver", -cost,
                 say("dismisses {card}", card=card.name), ident)
    if card.deck != "preprinted":
        take_top(table, table.side_of(player.space))
    resolve(table, player.name, card.hire, ident)


def take_top(table: Table, side: str) -> str:
    """Take the top card of a Townsfolk pile; its next card must then be revealed."""
    pile = table.state.townsfolk[side]
    card = pile.top
    pile.size -= 1
    pile.top = None
    if pile.size:
        table.state.reveals_owed.append(("townsfolk", side))
    return card
