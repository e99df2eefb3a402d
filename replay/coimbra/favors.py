"""What a favor tile asks of its holder beyond its gains (the catalog's ``favor_extras``):
an investment at once (``voyage_now``), a bonus to one of their dice outside the castle
(``die_bonus``), a choice of rewards (``choice``, answered by a ``choose`` event).

Readings the rule texts leave open, as the demo catalog's tiles take them from a player's
rules summary:

- the +3 changes the die's value, and "its value determines both its position in that
  location's queue and [...] the price of a character" (rules, Retrieval and actions): the
  die moves in its row's queue (right of equal values, as a die placed anew) and pays its
  new value; ``favor-bonus-price-only`` and ``favor-bonus-queue-only`` keep one of the two;
- the investment at once is extra ("other abilities can grant additional investment
  actions", rules, Voyage investment): the holder may still invest in phase F;
  ``favor-voyage-counts`` makes it the round's investment;
- a favor line without a voyage or a bonus forgoes them (the summary says the holder
  "may invest"; it does not say the +3 must be used).
"""

from __future__ import annotations

from collections.abc import Iterator

from replay.coimbra.drafting import insert
from replay.coimbra.resolution import advance
from replay.coimbra.state import CITY_ROWS, RESOURCE_NAMES, Player, Slot
from replay.coimbra.table import Table
from replay.coimbra.voyages import can_invest, favor_voyage_refusals, invest_at_once
from replay.core.protocol.actions import Refusal
from replay.core.speech import say


def extras(game: Table, tile: str) -> dict[str, dict]:
    """The extras of a favor tile by kind (none for a tile the catalog lacks)."""
    game.touch(f"{tile}.effects")
    return game.catalog.favor_extras.get(tile, {})


# -- taking the tile ---------------------------------------------------------------------

def extra_refusals(game: Table, player: Player, event: dict) -> Iterator[Refusal]:
    """An investment or a die bonus only with the tile that grants it, each as it can be
    made; none refuses the favor itself (the tile is taken all the same)."""
    tile = event["tile"]
    granted = extras(game, tile)
    label = game.catalog.label(tile)
    if "voyage" in event:
        if "voyage_now" not in granted:
            yield Refusal("coimbra.favor.voyage",
                          say("{tile} allows no investment at once", tile=label),
                          player=player.name, found=event["voyage"])
        yield from favor_voyage_refusals(game, player, event["voyage"])
    if "bonus" in event:
        if "die_bonus" not in granted:
            yield Refusal("coimbra.favor.die_bonus",
                          say("{tile} adds nothing to a die", tile=label),
                          player=player.name, found=event["bonus"])
        if bonus_slot(game, player, event["bonus"]) is None:
            own = [slot.die for _, slot in _outside_castle(game, player)]
            yield Refusal("coimbra.favor.die_bonus",
                          say("{player} has no {die} placed outside the castle still to "
                              "resolve", player=player.name, die=event["bonus"]),
                          player=player.name, expected=", ".join(own) or say("none"),
                          found=event["bonus"])


def apply_extras(game: Table, player: Player, event: dict, slot: Slot) -> None:
    """The extras as played (an investment that cannot be made at all, or a bonus of a tile
    that has none, is left out); then the castle die resolves, unless the tile's choice is
    still to make."""
    tile = event["tile"]
    voyage = event.get("voyage")
    if voyage is not None and can_invest(game, player, voyage):
        invest_at_once(game, player, voyage, tile)
    granted = "die_bonus" in extras(game, tile)
    target = bonus_slot(game, player, event["bonus"]) if "bonus" in event and granted else None
    if target is not None:
        _add_bonus(game, tile, *target)
    if "choice" in extras(game, tile):
        game.state.choosing[player.name] = tile
        return
    advance(game, slot)


def extra_candidates(game: Table, player: Player, tile: str) -> Iterator[dict]:
    """A favor with each investment and each bonus its tile allows, after the plain one."""
    favor = {"type": "favor", "player": player.name, "tile": tile}
    yield favor
    granted = extras(game, tile)
    if "voyage_now" in granted:
        for voyage in game.state.voyages:
            if can_invest(game, player, voyage):
                yield {**favor, "voyage": voyage}
    if "die_bonus" in granted:
        for _, slot in _outside_castle(game, player):
            yield {**favor, "bonus": slot.die}


def _outside_castle(game: Table, player: Player) -> Iterator[tuple[str, Slot]]:
    """The player's dice in the city rows still to resolve, in queue order."""
    for row in CITY_ROWS:
        for slot in game.state.queues.get(row, ()):
            if slot.owner == player.name and not slot.resolved:
                yield row, slot


def bonus_slot(game: Table, player: Player, die: str) -> tuple[str, Slot] | None:
    """The row and slot of the player's die a bonus names (the first in queue order)."""
    return next(((row, slot) for row, slot in _outside_castle(game, player)
                 if slot.die == die), None)


def _add_bonus(game: Table, tile: str, row: str, slot: Slot) -> None:
    """Raise the die's value; it moves in its row's queue unless ``favor-bonus-price-only``
    (the report's record of the round's queues shows it there)."""
    slot.bonus += extras(game, tile)["die_bonus"]["amount"]
    queue = game.state.queues[row]
    if not game.judge.allows("favor-bonus-price-only"):
        queue.remove(slot)
        insert(queue, slot, row)
    # A new entry, not a change to the one recorded: a copy of the table shares the entries
    # of the report's history (``Table.copy``).
    entry = game.queues[-1]
    game.queues[-1] = {**entry, "queues": {**entry["queues"], row: [
        {"die": s.die, "value": s.value, "owner": s.owner, **({"bonus": s.bonus} if s.bonus
                                                              else {})} for s in queue]}}


def die_price(game: Table, slot: Slot) -> int:
    """What a die pays for a character: its value with any favor bonus (without it under
    ``favor-bonus-queue-only``)."""
    return slot.value + (0 if game.judge.allows("favor-bonus-queue-only") else slot.bonus)


# -- the choice --------------------------------------------------------------------------

def _options(game: Table, tile: str) -> dict[str, dict]:
    return extras(game, tile).get("choice", {}).get("options", {})


def _option_words(game: Table, tile: str) -> str:
    return say(" or ").join(RESOURCE_NAMES.get(name, name) for name in _options(game, tile))


def awaited_refusal(game: Table) -> Refusal | None:
    """The refusal of any other event while a favor's choice is still to make."""
    for name, tile in game.state.choosing.items():
        return Refusal("coimbra.favor.choice",
                       say("{player} has yet to choose {options} for {tile}", player=name,
                           options=_option_words(game, tile), tile=game.catalog.label(tile)),
                       player=name, expected=say("choose by {player}", player=name),
                       skip=True)
    return None


def lapse_choice(game: Table) -> None:
    """Another event came before the choice: a violation, and the holder takes nothing."""
    refusal = awaited_refusal(game)
    game.judge.breach(refusal.rule, refusal.message, player=refusal.player,
                      expected=refusal.expected)
    game.state.choosing.clear()
    _resolve_castle_die(game)


def _resolve_castle_die(game: Table) -> None:
    location, slot = game.state.next_slot()
    if location == "castle":
        advance(game, slot)


def choose_refusals(game: Table, event: dict) -> Iterator[Refusal]:
    """A choice by the holder of a favor tile that awaits it, among the tile's options."""
    if event["player"] not in game.state.players:
        yield game.unknown_player(event)
    name = event["player"]
    tile = game.state.choosing.get(name)
    if tile is None:
        yield Refusal("coimbra.favor.choice",
                      say("{player} has no favor choice to make", player=name),
                      player=name, found=event["take"], skip=True)
        return
    if event["take"] not in _options(game, tile):
        yield Refusal("coimbra.favor.choice",
                      say("{tile} offers {options}", tile=game.catalog.label(tile),
                          options=_option_words(game, tile)),
                      player=name, expected=", ".join(_options(game, tile)),
                      found=event["take"], skip=True)


def apply_choose(game: Table, event: dict) -> None:
    """The holder takes the option they chose; their castle die resolves."""
    name = event["player"]
    tile = game.state.choosing.pop(name)
    game.gain(name, _options(game, tile)[event["take"]],
              say("{option} chosen from {tile}", option=RESOURCE_NAMES.get(
                  event["take"], event["take"]), tile=tile), tile)
    _resolve_castle_die(game)


def choose_candidates(game: Table) -> Iterator[dict]:
    """Each option of the favor tile whose choice is awaited."""
    for name, tile in game.state.choosing.items():
        for option in _options(game, tile):
            yield {"type": "choose", "player": name, "take": option}

