"""Pilgrim movement along the roads of the map, and first visits to monasteries."""

from __future__ import annotations

from replay.coimbra.effects import apply_immediate
from replay.coimbra.game import Game


def handle_move(game: Game, event: dict) -> None:
    """Spend pilgrim steps: each node of the path is one step along a road.

    Steps a monastery gives on a first visit can be spent further along the same path.
    """
    state, judge, catalog = game.state, game.judge, game.catalog
    player = game.acting_player(event)
    pending = state.pending_steps
    steps = pending.get(player.name, 0)
    two_way = judge.allows("two-way-roads")
    for taken, node in enumerate(event["path"]):
        if steps <= 0:
            judge.breach("coimbra.pilgrim.steps",
                         f"{player.name} has no pilgrim step left for {node} "
                         f"(step {taken + 1} of the path)", player=player.name,
                         expected=taken, found=len(event["path"]),
                         skip=player.pilgrim is None)
        game.component(catalog.nodes, node, "map location", player.name)
        here = player.pilgrim
        if node not in catalog.roads_forward[here]:
            any_road = node in catalog.roads_any[here]
            if not (two_way and any_road):
                judge.breach("coimbra.pilgrim.road",
                             f"no road leads from {here} to {node}" if not any_road
                             else f"the road from {here} to {node} is one-way the other way",
                             player=player.name,
                             expected=", ".join(sorted(catalog.roads_forward[here])),
                             found=node, legal_under="two-way-roads" if any_road else None)
        player.pilgrim = node
        pending[player.name] = steps - 1 if steps > 0 else 0
        tile_id = state.monasteries.get(node)
        if tile_id and tile_id not in player.monasteries:
            player.monasteries.append(tile_id)
            apply_immediate(game, player.name, tile_id)
        steps = pending[player.name]
