"""Pilgrim movement along the roads of the map, and first visits to monasteries.

A ``move`` spends pilgrim steps: each node of its path is one step along a road. Steps a
monastery gives on a first visit can be spent further along the same path, so the refusals
walk the path step by step on what the table holds, without changing it.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

from replay.coimbra.effects import apply_immediate
from replay.coimbra.table import Table
from replay.core.protocol.actions import Refusal
from replay.core.speech import say

# The most paths offered to one player at once (they grow with the steps held).
MAX_PATHS = 500


def steps_given(game: Table, tile: str) -> int:
    """The pilgrim steps a monastery's immediate reward gives on a first visit."""
    game.touch(f"{tile}.effects")
    return sum(effect["gain"].get("pilgrim", 0)
               for effect in game.catalog.immediate.get(tile, ()) if effect["kind"] == "gain")


def _roads(game: Table) -> dict:
    """Where a pilgrim may go from each node: under ``two-way-roads`` every road leads both
    ways."""
    catalog = game.catalog
    return catalog.roads_any if game.judge.allows("two-way-roads") else catalog.roads_forward


def move_refusals(game: Table, event: dict) -> Iterator[Refusal]:
    """The rules a move breaks, step by step: a step left to spend, a known node, a road
    leading there. A step that cannot be taken leaves the pilgrim where the steps before it
    took it."""
    state, catalog = game.state, game.catalog
    if event["player"] not in game.state.players:
        yield game.unknown_player(event)
    player = state.players[event["player"]]
    name, path = player.name, event["path"]
    two_way = game.judge.allows("two-way-roads")
    here, steps, visited = player.pilgrim, state.pending_steps.get(name, 0), set()
    for taken, node in enumerate(path):
        def walked(table: Table, part=path[:taken]) -> None:
            walk(table, name, part)
        if steps <= 0:
            yield Refusal("coimbra.pilgrim.steps",
                          say("{player} has no pilgrim step left for {node} (step {step} of "
                              "the path)", player=name, node=node, step=taken + 1),
                          player=name,
                          expected=taken, found=len(path), skip=here is None)
        if node not in catalog.nodes:
            yield replace(game.unknown_component(catalog.nodes, node, "map location", name),
                          moved_on=walked)
        if node in catalog.roads_forward[here]:
            game.touch(catalog.road_ids[here, node])
        else:
            # No road there (or one the other way): every road from here says so.
            game.touch_all(catalog.road_ids[here, other] for other in catalog.roads_any[here])
            any_road = node in catalog.roads_any[here]
            if not (two_way and any_road):
                yield Refusal("coimbra.pilgrim.road",
                              say("no road leads from {start} to {node}", start=here,
                                  node=node) if not any_road
                              else say("the road from {start} to {node} is one-way the other "
                                       "way", start=here, node=node),
                              player=name,
                              expected=", ".join(sorted(catalog.roads_forward[here])),
                              found=node, legal_under="two-way-roads" if any_road else None)
        here, steps = node, steps - 1 if steps > 0 else 0
        tile = state.monasteries.get(node)
        if tile and tile not in player.monasteries and tile not in visited:
            visited.add(tile)
            steps += steps_given(game, tile)


def apply_move(game: Table, event: dict) -> None:
    """The pilgrim walks the whole path."""
    walk(game, event["player"], event["path"])


def walk(game: Table, name: str, path: list[str]) -> None:
    """Move the pilgrim node by node, spending a step each; a monastery reached for the first
    time gives its immediate reward (perhaps more steps)."""
    state = game.state
    player, pending = state.players[name], state.pending_steps
    for node in path:
        player.pilgrim = node
        left = pending.get(name, 0)
        pending[name] = left - 1 if left > 0 else 0
        tile_id = state.monasteries.get(node)
        if tile_id and tile_id not in player.monasteries:
            player.monasteries.append(tile_id)
            apply_immediate(game, name, tile_id)


def move_candidates(game: Table) -> Iterator[dict]:
    """Paths the players holding pilgrim steps could take now (at most ``MAX_PATHS`` each)."""
    roads = _roads(game)
    for name, steps in sorted(game.state.pending_steps.items()):
        player = game.state.players[name]
        paths: list[list[str]] = []
        frontier = [([], player.pilgrim, steps, frozenset(player.monasteries))] if steps else []
        while frontier and len(paths) < MAX_PATHS:
            grown = []
            for path, here, left, visited in frontier:
                for node in sorted(roads[here]):
                    tile = game.state.monasteries.get(node)
                    first = tile is not None and tile not in visited
                    grown.append(([*path, node], node,
                                  left - 1 + (steps_given(game, tile) if first else 0),
                                  visited | {tile} if first else visited))
            paths += [path for path, *_ in grown]
            frontier = [item for item in grown if item[2] > 0]
        for path in paths[:MAX_PATHS]:
            yield {"type": "move", "player": name, "path": path}
