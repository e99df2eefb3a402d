"""A seeded random player: complete legal game logs, all chance drawn from the seed."""

from __future__ import annotations

import random

from replay.coimbra.catalog import Catalog, load_catalog
from replay.coimbra.claims import Claims
from replay.coimbra.drafting import dice_pool
from replay.coimbra.engine import apply_event, finish
from replay.coimbra.legal import acting_player, legal_actions
from replay.coimbra.new_table import new_table
from replay.coimbra.state import CITY_ROWS, ROUNDS, TRACKS
from replay.core.protocol.generator import RandomGame


def generate(players: int, seed: int, catalog: Catalog | None = None,
             with_final: bool = True, variants: tuple[str, ...] = ()) -> dict:
    """A complete legal game for ``players`` players as a JSON log document, played under
    the ``variants`` it declares."""
    written = RandomGame(players, seed, catalog or load_catalog(), variants, new_table,
                         apply_event, Claims())
    rng, names, catalog, game, play = (written.rng, written.names, written.catalog,
                                       written.table, written.play)
    play(_setup_event(rng, names, catalog))
    deck = _shuffled_deck(rng, catalog)
    state = game.state
    while True:
        round_over = game.phase == "F" and state.cursor >= len(state.order)
        if round_over and state.round == ROUNDS:
            break
        if game.phase == "deal" or round_over:
            cards = [deck.pop() for _ in range(12)]
            play({"type": "deal", "round": state.round + 1,
                  **{row: cards[i * 4:(i + 1) * 4] for i, row in enumerate(CITY_ROWS)}})
        elif game.phase == "A":
            pool = dice_pool(players, all_dice=game.judge.allows("all-dice"))
            play({"type": "roll", "dice": [f"{colour}{rng.randint(1, 6)}"
                                           for colour in sorted(pool.elements())]})
        else:
            play(_choose(rng, _own_turn(game)))
    if with_final:
        final = finish(game)
        written.events.append({"type": "final", "scores": {n: final["players"][n]["total"]
                                                           for n in names}})
    return written.document("coimbra", "coimbra-2018")


def _own_turn(game) -> list[dict]:
    """The legal actions of the player whose turn it is, and pending pilgrim moves: the
    random player never ends another player's turn by acting after them."""
    name = acting_player(game)
    return [a for a in legal_actions(game) if a["player"] == name or a["type"] == "move"]


def _choose(rng: random.Random, actions: list[dict]) -> dict:
    """Prefer acting over forfeiting: recruit/favor/invest/move over distress and pass."""
    weights = [{"distress": 0.15, "pass": 0.5, "move": 3.0}.get(a["type"], 1.0)
               for a in actions]
    return rng.choices(actions, weights=weights, k=1)[0]


def _setup_event(rng: random.Random, names: list[str], catalog: Catalog) -> dict:
    order = names[:]
    rng.shuffle(order)
    placed = {}
    for level in ("I", "II", "III"):
        spaces = sorted(s for s, lv in catalog.spaces.items() if lv == level)
        tiles = sorted(t.id for t in catalog.monasteries.values() if t.level == level)
        placed.update(zip(spaces, rng.sample(tiles, len(spaces)), strict=True))
    tiles = rng.sample(sorted(catalog.scoring_tiles), len(TRACKS))
    return {
        "type": "setup", "order": order, "monasteries": placed,
        "voyages": rng.sample(sorted(catalog.voyages), 6),
        "scoring_tiles": dict(zip(TRACKS, tiles, strict=True)),
        "start_pairs": [list(p) for p in rng.sample(catalog.start_pairs, len(names))],
    }


def _shuffled_deck(rng: random.Random, catalog: Catalog) -> list[str]:
    """Level II on top of level III; ``pop()`` takes from the top."""
    by_level = {lv: sorted(c.id for c in catalog.characters.values() if c.level == lv)
                for lv in ("II", "III")}
    for cards in by_level.values():
        rng.shuffle(cards)
    return by_level["III"] + by_level["II"]
