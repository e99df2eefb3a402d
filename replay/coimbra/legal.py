"""What the acting player could legally do at the current point of a game."""

from __future__ import annotations

from collections import Counter

from replay.coimbra.effects import die_track, voyage_discount
from replay.coimbra.game import Game
from replay.coimbra.state import LOCATIONS, TRACKS

DISTRESS_CHOICES = [(c, g) for c in range(3) for g in range(3)]
MAX_PATHS = 500


def acting_player(game: Game) -> str | None:
    """Who decides next; None when the table's next step is chance (setup, deal, roll)."""
    state = game.state
    if state.phase == "start":
        return state.start_turns[0]
    if state.phase == "B":
        return state.order[state.picks % len(state.order)]
    if state.phase == "C":
        return state.next_slot()[1].owner
    if state.phase in ("E", "F") and state.cursor < len(state.order):
        return state.acting_in_turn()
    return None


def legal_actions(game: Game) -> list[dict]:
    """Every event the acting player may write next (pilgrim moves first, when steps wait)."""
    state = game.state
    actions = pilgrim_moves(game)
    name = acting_player(game)
    if name is None:
        return actions
    player = state.players[name]
    if state.phase == "start":
        if not player.took_pair:
            actions += [{"type": "start", "player": name, "pair": list(pair)}
                        for pair in state.start_pairs]
        if not player.took_corner:
            actions += [{"type": "start", "player": name, "corner": corner}
                        for corner in state.corners_free]
    elif state.phase == "B":
        actions += [{"type": "place", "player": name, "die": die, "to": location}
                    for die in sorted(set(state.pool)) for location in LOCATIONS]
    elif state.phase == "C":
        actions += _resolution_actions(game, name)
    elif state.phase == "E":
        unused = Counter(player.dice) - Counter(player.income_used)
        for die in sorted(unused):
            track = die_track(die)
            actions += [{"type": "income", "player": name, "die": die, "track": t}
                        for t in ([track] if track else TRACKS)]
    elif state.phase == "F":
        actions += _investments(game, name)
        actions.append({"type": "pass", "player": name})
    return actions


def _resolution_actions(game: Game, name: str) -> list[dict]:
    state = game.state
    location, slot = state.next_slot()
    player = state.players[name]
    actions = [{"type": "distress", "player": name, "coins": c, "guards": g}
               for c, g in DISTRESS_CHOICES]
    if location == "castle":
        actions += [{"type": "favor", "player": name, "tile": tile}
                    for tile in state.favors_available]
    else:
        for card_id in state.rows.get(location, ()):
            if card_id and getattr(player, game.catalog.characters[card_id].cost) >= slot.value:
                actions.append({"type": "recruit", "player": name, "card": card_id})
    return actions


def _investments(game: Game, name: str) -> list[dict]:
    state, catalog = game.state, game.catalog
    player = state.players[name]
    if player.invested_this_round >= player.investments:
        return []
    discount = voyage_discount(catalog, player)
    return [{"type": "invest", "player": name, "voyage": v} for v in state.voyages
            if v not in player.voyages
            and getattr(player, catalog.voyages[v].currency) >= catalog.voyages[v].cost - discount]


def pilgrim_moves(game: Game) -> list[dict]:
    """Paths the players holding pilgrim steps could take now (bounded in number)."""
    moves = []
    forward = game.catalog.roads_forward
    for name, steps in sorted(game.state.pending_steps.items()):
        start = game.state.players[name].pilgrim
        paths: list[list[str]] = []
        frontier: list[list[str]] = [[]]
        for _ in range(steps):
            frontier = [[*path, nxt] for path in frontier
                        for nxt in sorted(forward[path[-1] if path else start])]
            paths.extend(frontier)
            if len(paths) >= MAX_PATHS:
                break
        moves += [{"type": "move", "player": name, "path": path} for path in paths[:MAX_PATHS]]
    return moves
