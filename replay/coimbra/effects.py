"""The declarative effect vocabulary of the catalog, and the named handlers in code."""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

from replay.coimbra.dice import die_colour
from replay.coimbra.state import COLOUR_TRACK, Player
from replay.coimbra.table import Table
from replay.core.speech import say


def _steal_points(game: Table, name: str, params: dict, source: str) -> None:
    """Every other player loses up to ``amount`` points (never below zero)."""
    for other in game.state.order:
        if other != name:
            game.change(other, "points", -params.get("amount", 1),
                        say("taken by {source}", source=source), source)


HANDLERS: dict[str, Callable[[Table, str, dict, str], None]] = {"steal_points": _steal_points}


def apply_immediate(game: Table, name: str, source: str) -> None:
    """Apply the immediate gains and handlers of component ``source``, just acquired or
    reached."""
    game.touch(f"{source}.effects")
    for effect in game.catalog.immediate.get(source, ()):
        if effect["kind"] == "gain":
            game.gain(name, effect["gain"], say("immediate reward of {source}", source=source),
                      source)
        elif effect["kind"] == "handler":
            HANDLERS[effect["id"]](game, name, effect.get("params", {}), source)


def condition_holds(condition: dict | None, player: Player) -> bool:
    """Whether a phase-E condition holds for the player's dice this round (white is no colour)."""
    if not condition:
        return True
    colours = set(map(die_colour, player.dice))
    if "no_die" in condition:
        return condition["no_die"] not in colours
    return condition["has_die"] in colours


def condition_failed(condition: dict, name: str) -> str:
    """Why a phase-E condition did not hold, in words."""
    if "no_die" in condition:
        return say("{player} held a {colour} die this round (it pays only without one)",
                   player=name, colour=say(condition["no_die"]))
    return say("{player} held no {colour} die this round (it pays only with one)",
               player=name, colour=say(condition["has_die"]))


def count(counter: str, game: Table, player: Player) -> int:
    """The value of a COUNTER of the vocabulary for one player."""
    catalog = game.catalog
    kind, _, arg = counter.partition(":")
    if kind == "characters":
        if arg:
            game.touch_all(f"{c}.class" for c in player.characters)
        return len([c for c in player.characters
                    if not arg or catalog.characters[c].cls == arg])
    if kind == "monasteries":
        if arg:
            game.touch_all(f"{m}.level" for m in player.monasteries)
        return len([m for m in player.monasteries
                    if not arg or catalog.monasteries[m].level == arg])
    if kind == "voyages":
        return len(player.voyages)
    if kind == "diplomas":
        return len(diplomas_of(game, player))
    if kind == "favors_taken":
        return player.favors_taken
    if kind == "track":
        return player.influence[arg]
    if kind == "tracks_at_least":
        least = int(arg)
        return len([p for p in player.influence.values() if p >= least])
    raise ValueError(f"unknown counter {counter}")


def score_per(effect: dict, game: Table, player: Player) -> int:
    """Points of a ``score_per`` effect: points per item, capped by ``max``."""
    points = effect["points"] * count(effect["per"], game, player)
    return min(points, effect["max"]) if "max" in effect else points


def diplomas_of(game: Table, player: Player) -> list[str]:
    """Every diploma symbol the player owns: on characters and on visited monasteries."""
    catalog = game.catalog
    game.touch_all(f"{c}.diplomas" for c in (*player.characters, *player.monasteries))
    symbols = [s for c in player.characters for s in catalog.characters[c].diplomas]
    symbols += [s for m in player.monasteries for s in catalog.monasteries[m].diplomas]
    return symbols


def voyage_discount(game: Table, player: Player) -> int:
    """What the player's castle favors of this round take off a voyage's cost."""
    discounts = game.catalog.voyage_discounts
    game.touch_all(f"{favor}.effects" for favor in player.favors)
    return sum(discounts[favor] for favor in player.favors)


@lru_cache(maxsize=1024)
def die_track(die: str) -> str | None:
    """The track a coloured die pays on; None for white."""
    return COLOUR_TRACK.get(die_colour(die))
