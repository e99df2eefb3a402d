"""Phase D: the new player order, by crowns."""

from __future__ import annotations

from replay.coimbra.state import Player
from replay.coimbra.table import Table


def crowns_of(game: Table, player: Player, position: int) -> dict[str, int]:
    """A player's crowns as phase D counts them, by source, at order ``position`` (0-based)."""
    catalog = game.catalog
    game.touch_all(f"{f}.crowns" for f in player.favors)
    favors = sum(catalog.favors[f].crowns for f in player.favors)
    if game.judge.allows("round-crowns-only"):
        flag = 0
    else:
        game.touch(f"{catalog.flag_ids[position]}.crowns")
        flag = catalog.flag_crowns[position]
    return {"tokens": player.crown_tokens, "favors": favors, "flag": flag,
            "total": player.crown_tokens + favors + flag}


def establish_new_order(game: Table) -> None:
    """Rank by crowns, highest first; ties reverse (or keep, by variant) the previous order."""
    state = game.state
    previous = list(state.order)
    crowns = {name: crowns_of(game, state.players[name], i) for i, name in enumerate(previous)}
    keep = game.judge.allows("keep-tie-order")
    state.order = sorted(
        previous,
        key=lambda name: (-crowns[name]["total"],
                          previous.index(name) if keep else -previous.index(name)),
    )
    game.orders.append({"round": state.round, "previous": previous, "crowns": crowns,
                        "new": list(state.order),
                        "ties": "kept" if keep else "reversed"})
    state.cursor = 0
    game.judge.settle_shared()
