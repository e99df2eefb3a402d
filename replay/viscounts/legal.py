"""What the acting player could legally write next at the current point of a game.

Every funding of an action is offered that wastes nothing: with or without dismissing the
adjacent card, each least payment in the action's own resource and in the resources the
board's converters take (paying more than needed is legal too, and not listed). A Trade is
offered for every number of uses the player can fund. Draws list unnamed cards (``?``): what
is drawn is chance.
"""

from __future__ import annotations

from collections.abc import Mapping

from replay.viscounts.actions import PATH, TRADE_RATE, manuscript_cost
from replay.viscounts.cards import UNKNOWN, deck_options, hand_options
from replay.viscounts.choices import CHOICES
from replay.viscounts.decisions import possible
from replay.viscounts.funding import (
    PAYABLE,
    RESOURCE,
    adjacent_card,
    board_icons,
    can_fund,
    converters,
    dismiss_cost,
    icons_from,
    with_dismissed,
)
from replay.viscounts.picks import next_in_picks
from replay.viscounts.solo import opponent
from replay.viscounts.state import BUILDINGS, TURN_PHASES, Decision, Player
from replay.viscounts.table import Table
from replay.viscounts.turn import collision_due, exits, hand_limit, move_cost

MAX_EXTRA_STEPS = 2
# The most uses of one Trade an action list offers (generated games use at most 8). A state
# reached by applying an impossible Trade as played (audit mode) can hold a trillion
# Silver, and listing every use it funds, one more at a time, would never end.
MAX_TRADE_USES = 30


def acting_player(table: Table) -> str | None:
    """Who decides next; None when the table's next step is chance (setup, a reveal)."""
    state = table.state
    if state.phase == "setup" or state.reveals_owed or state.over:
        return None
    if state.pending:
        return state.pending[0].player
    return _turn_actor(table)


def _turn_actor(table: Table) -> str:
    """Who acts next when no choice waits."""
    state = table.state
    if state.phase == "pick":
        return next_in_picks(table)[1]
    if state.phase == "draw" and not _must_draw(table, table.player(state.current)):
        return _next_player(table)
    return state.current


def legal_actions(table: Table) -> list[dict]:
    """Every event the acting player may write next."""
    state = table.state
    name = acting_player(table)
    if name is None:
        return []
    if state.pending:
        # An optional choice with no answer, or a mandatory one that cannot be made, is
        # passed over: the next one is answered.
        for decision in state.pending:
            actions = decision_options(table, decision)
            if table.automated(decision.player):
                actions = opponent.decision_events(table, decision, actions)
            if actions or not (decision.optional or not possible(table, decision)):
                break
        if all(d.optional or not possible(table, d) for d in state.pending):
            actions += _phase_actions(table, _turn_actor(table))
        return actions
    return _phase_actions(table, name)


def _phase_actions(table: Table, name: str) -> list[dict]:
    state = table.state
    player = table.player(name)
    if state.phase == "pick":
        if player.player_card is None:
            return [{"type": "pick", "player": name, "pair": list(p)} for p in state.pairs]
        if player.hand_size < 3:
            return _draws(player, 3)
        return _plays(table, player)
    if name != state.current:  # the next turn
        return [] if _game_over(table) else _plays(table, player)
    if table.automated(name):
        return opponent.next_events(table) or ([] if _game_over(table) else _plays(
            table, table.player(_next_player(table))))
    if state.played is None:
        return _plays(table, player)
    if not state.moved:
        return _moves(table, player)
    before = TURN_PHASES.index(state.phase)
    actions = []
    if before <= TURN_PHASES.index("action") and not state.acted:
        actions += primary_actions(table, player)
    if before <= TURN_PHASES.index("recruit") and not state.hired:
        actions += _hires(table, player)
    if before <= TURN_PHASES.index("collision") and collision_due(player) \
            and not state.collided:
        return [*actions, {"type": "collision", "player": name}]
    if _must_draw(table, player):
        return actions + _draws(player, hand_limit(table, player))
    return actions + ([] if _game_over(table) else _plays(table, table.player(
        _next_player(table))))


def _next_player(table: Table) -> str:
    state = table.state
    order = state.turn_order()
    return order[(state.turn + 1) % len(order)]


def _game_over(table: Table) -> bool:
    state = table.state
    return state.last_round is not None and state.round == state.last_round \
        and state.turn == len(state.seats) - 1


def _must_draw(table: Table, player: Player) -> bool:
    return player.hand_size < hand_limit(table, player) and bool(
        player.draw_count or player.discard)


def _draws(player: Player, limit: int) -> list[dict]:
    if not player.draw_count:
        return [{"type": "shuffle", "player": player.name}] if player.discard else []
    count = min(limit - player.hand_size, player.draw_count)
    return [{"type": "draw", "player": player.name, "cards": [UNKNOWN] * count}]


def _plays(table: Table, player: Player) -> list[dict]:
    if table.automated(player.name):
        return opponent.turn_start(table)
    if player.hand_size == 0:
        # An empty draw pile is refilled from the discards, the dropped-off card included.
        dropped = {player.board[-1]} if player.board[-1] else set()
        options = deck_options(player) or sorted(set(player.discard) | dropped)
        return [{"type": "play", "player": player.name, "card": c, "blind": True}
                for c in options]
    return [{"type": "play", "player": player.name, "card": c} for c in hand_options(player)]


def _moves(table: Table, player: Player) -> list[dict]:
    """Every path of the card's value up to a few paid extra spaces."""
    value = table.card(table.state.played).cost
    paths, frontier = [], [[]]
    for step in range(1, value + MAX_EXTRA_STEPS + 1):
        frontier = [[*path, nxt] for path in frontier
                    for nxt in exits(table, path[-1] if path else player.space)]
        if step >= value:
            paths += [p for p in frontier if move_cost(table, player, step) <= player.silver]
    return [{"type": "move", "player": player.name, "path": p} for p in paths]


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


def primary_actions(table: Table, player: Player) -> list[dict]:
    """Trade, Construct, Place Workers or Transcribe where the Viscount stands."""
    space = table.catalog.spaces[player.space]
    side = table.side_of(space.id)
    name, actions = player.name, []
    if space.path == PATH["trade"]:
        rate = TRADE_RATE[space.trade["kind"]]
        times = 1
        while times <= MAX_TRADE_USES and \
                (fundings := funding_options(table, player, "trade", times * rate)):
            actions += [{"type": "trade", "player": name, "times": times, **funding}
                        for funding in fundings]
            times += 1
        spots = [s for s in table.side(side).spots
                 if s.river == space.river and s.id not in table.state.spots]
        for building in BUILDINGS:
            free = player.free_slots(building)
            if not free or not spots:
                continue
            for funding in funding_options(table, player, "construct",
                                           table.catalog.buildings[building].cost):
                actions += [{"type": "construct", "player": name,
                             "slot": f"{building}-{free[0]}", "spot": spot.id, **funding}
                            for spot in spots]
    else:
        for icons, count in reversed(table.catalog.castle.brackets):
            if count <= player.workers:
                actions += [{"type": "workers", "player": name, "count": count, **funding}
                            for funding in funding_options(table, player, "place_workers",
                                                           icons)]
        pile = table.state.manuscripts[side]
        ident = pile.top if pile.size else f"{side}-ms"
        if ident:
            actions += [{"type": "transcribe", "player": name, "manuscript": ident, **f}
                        for f in funding_options(table, player, "transcribe",
                                                 manuscript_cost(table, ident))]
    return actions


def _hires(table: Table, player: Player) -> list[dict]:
    adjacent = adjacent_card(table, player)
    if adjacent is None or adjacent.endswith("-tf") or \
            table.catalog.townsfolk[adjacent].cost > player.silver:
        return []
    return [{"type": "hire", "player": player.name, "card": adjacent}]


def decision_options(table: Table, decision: Decision) -> list[dict]:
    """The answers a waiting choice accepts (none of its own for the solo opponent's
    ``gain_card``, which its procedure decides)."""
    choice = CHOICES.get(decision.kind)
    if choice is None:
        return []
    return choice.offered(table, table.player(decision.player), decision)
