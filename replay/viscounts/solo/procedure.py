"""What the opponent's procedure demands, computed from the table (R p.27-30).

Pure look-ups: nothing here changes the table. ``turn.py`` compares the log with them.
"""

from __future__ import annotations

from collections import Counter

from replay.viscounts.actions import manuscript_cost
from replay.viscounts.effects import ongoing
from replay.viscounts.funding import ICON, RESOURCE
from replay.viscounts.state import RESOURCES
from replay.viscounts.turn import exits

ACTIONS = ("construct", "place_workers", "transcribe")
# A focus that is no primary action, as the effect it resolves (the Card AI flips).
FOCUS_EFFECTS = {"flip": {"op": "flip", "what": "either"}}


def board_icons(table) -> Counter:
    """The icons on its board that fund actions: Scheme headers, uncovered starting icons,
    unlocks and Cleric Bonus cards (p.30). Counted once per option row: nothing the row's
    options look at changes them."""
    solo = table.solo
    table.touch(f"{solo.board.id}.starting_icons")
    counted = solo.header_icons(table.catalog)
    for building, slots in table.player(solo.name).built.items():
        if slots:
            table.touch(f"{solo.board.id}.unlocks.{building}")
    for _, ability in ongoing(table, solo.name):
        if ability and ability["op"] == "icons":
            counted.update(ability["icons"])
    return counted


def icon_count(counted: Counter, action: str) -> int:
    """The board's icons for an action, each Criminal icon a wild."""
    return counted[ICON[action]] + counted["criminal"]


def icons(table, action: str, counted: Counter) -> int:
    """What pays for an action: its board's icons (``counted``), then its resources 1:1."""
    return icon_count(counted, action) + getattr(table.player(table.solo.name),
                                                 RESOURCE[action])


def focus(table) -> str:
    """The board's focus action."""
    table.touch(f"{table.solo.board.id}.focus")
    return table.solo.board.focus


def build(table, counted: Counter) -> tuple[str, int, str] | None:
    """(building, slot, spot): the left-most affordable building on the left-most free spot
    at its Viscount, on its side of the river (p.29); None when it cannot build."""
    solo, catalog = table.solo, table.catalog
    player = table.player(solo.name)
    space = catalog.spaces[player.space]
    if space.path != "outer":
        return None
    side = table.side_of(space.id)
    spots = sorted((s for s in table.side(side).spots
                    if s.river == space.river and s.id not in table.state.spots),
                   key=lambda s: s.order)
    if not spots:
        return None
    table.touch(f"{solo.board.id}.building_rows")
    funds = icons(table, "construct", counted)
    candidates = []
    for row, building in enumerate(solo.board.building_rows):
        free = player.free_slots(building)
        if free:
            candidates.append((free[0], row, building))
    for slot, _, building in sorted(candidates):
        if catalog.buildings[building].cost <= funds:
            return building, slot, spots[0].id
    return None


def free_spots(table) -> list:
    """Free spots for a free build: at its Viscount first (its side of the river), then
    clockwise across rivers and segments (p.29)."""
    state = table.state
    space = table.catalog.spaces[table.player(table.solo.name).space]
    here = state.segments.index(table.side_of(space.id))
    ring = state.segments[here:] + state.segments[:here]
    ordered = sorted(table.side(ring[0]).spots, key=lambda s: (s.river != space.river,
                                                              s.river, s.order))
    ordered += [s for side in ring[1:]
                for s in sorted(table.side(side).spots, key=lambda s: (s.river, s.order))]
    return [s for s in ordered if s.id not in state.spots]


def free_building(table, wanted: str) -> tuple[str, str] | None:
    """(slot, spot) of a free build: the left-most building of the printed type (any: the
    left-most of the board) on the first free spot from its Viscount (p.29)."""
    spots = free_spots(table)
    player = table.player(table.solo.name)
    rows = table.solo.board.building_rows if wanted == "any" else (wanted,)
    candidates = sorted((free[0], row, building) for row, building in enumerate(rows)
                        if (free := player.free_slots(building)))
    if not spots or not candidates:
        return None
    slot, _, building = candidates[0]
    return f"{building}-{slot}", spots[0].id


def free_manuscript(table, costs: tuple[int, ...]) -> str | None:
    """The pile of a free manuscript: its segment first, then clockwise (p.29)."""
    state = table.state
    here = state.segments.index(table.side_of(table.player(table.solo.name).space))
    for side in state.segments[here:] + state.segments[:here]:
        top = state.manuscripts[side].top
        if top and table.catalog.manuscripts[top].cost in costs:
            return side
    return None


def workers(table, counted: Counter) -> int | None:
    """The most Workers its Noble icons pay for (never 1); None when it cannot place."""
    solo = table.solo
    player = table.player(solo.name)
    table.touch(f"{solo.board.id}.worker_brackets")
    funds = icons(table, "place_workers", counted)
    placed = [w for cost, w in solo.board.brackets if cost <= funds and w <= player.workers]
    return max(placed) if placed else None


def manuscript(table, counted: Counter) -> str | None:
    """The manuscript on its Viscount's segment, if its Cleric icons pay for it."""
    player = table.player(table.solo.name)
    side = table.side_of(player.space)
    pile = table.state.manuscripts[side]
    ident = pile.top if pile.size else f"{side}-ms"
    if ident is None:
        return None
    return ident if manuscript_cost(table, ident) <= icons(table, "transcribe", counted) \
        else None


def option_effect(table, option: dict) -> dict:
    """The effect a non-action option resolves (a focus such as the Card AI's flip)."""
    return FOCUS_EFFECTS.get(action_of(table, option), option)


def action_of(table, option: dict) -> str | None:
    """The primary action an option stands for (the focus resolved), else None."""
    if option["op"] != "action":
        return None
    action = option["action"]
    return focus(table) if action == "focus" else action


def demanded(table, option: dict, counted: Counter) -> dict | None:
    """The event an option demands, or None when the opponent cannot do it (``counted``:
    its board's icons)."""
    name = table.solo.name
    action = action_of(table, option)
    if action == "construct":
        choice = build(table, counted)
        return choice and {"type": "construct", "player": name,
                           "slot": f"{choice[0]}-{choice[1]}", "spot": choice[2]}
    if action == "place_workers":
        count = workers(table, counted)
        return count and {"type": "workers", "player": name, "count": count}
    if action == "transcribe":
        ident = manuscript(table, counted)
        return ident and {"type": "transcribe", "player": name, "manuscript": ident}
    return {"type": "option", "player": name}


def choose_option(table, options, counted: Counter) -> tuple[int, dict]:
    """The first option the opponent can do, the last as the fallback: (1-based, event)."""
    for number, option in enumerate(options, start=1):
        event = demanded(table, option, counted)
        if event is not None or number == len(options):
            event = event or {"type": "option", "player": table.solo.name}
            if event["type"] == "option":
                event["option"] = number
            return number, event
    raise ValueError("a Scheme row without options")


def resource(table) -> set[str]:
    """The resources its chart allows for "any resource" (p.27)."""
    solo = table.solo
    player = table.player(solo.name)
    table.touch(f"{solo.board.id}.resource_chart")
    if solo.board.single_resource:
        return set(RESOURCES)
    # The chart is a chain (Ink -> Stone once 6 Ink -> Gold once 4 Stone): a step is reached
    # only through the steps before it, so a Cleric AI with 5 Ink takes Ink whatever its Stone.
    chosen = None
    for step in solo.board.resource_chart:
        if all(getattr(player, r) >= n for r, n in step.get("after", {}).items()):
            chosen = step["resource"]
        elif not table.allows("ai-chart-steps-independent"):
            break
    return set(RESOURCES) if chosen == "any" else {chosen}


def flip(table, allowed: str) -> str:
    """The type flipped least so far, a Debt on a tie; the only possible type when one is."""
    player = table.player(table.solo.name)
    possible = [w for w in ("debt", "deed") if allowed in ("either", w)
                and (player.debts if w == "debt" else player.deeds)]
    if len(possible) == 1:
        return possible[0]
    return "deed" if player.approved_deeds < player.paid_debts else "debt"


def tier1_order(table, sections: list[str]) -> str:
    """Clockwise from the section facing its Viscount."""
    state = table.state
    here = state.segments.index(table.side_of(table.player(table.solo.name).space))
    ring = state.segments[here:] + state.segments[:here]
    return next(s for s in ring if s in sections)


def outer_path(table, steps: int) -> list[str]:
    """The spaces it moves through: clockwise along the outside path only (p.27)."""
    here = table.player(table.solo.name).space
    path = []
    for _ in range(steps):
        here = next(s for s in exits(table, here) if table.catalog.spaces[s].path == "outer")
        path.append(here)
    return path
