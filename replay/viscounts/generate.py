"""A seeded random player: complete legal game logs, all chance drawn from the seed.

The generator deals the piles and shuffles the decks itself, so it knows every hidden card:
its logs name every draw. Every choice comes from ``legal_actions``.
"""

from __future__ import annotations

import random
from collections import Counter

from replay.core.protocol.generator import RandomGame
from replay.viscounts.catalog import load_catalog
from replay.viscounts.claims import Claims
from replay.viscounts.components import Catalog
from replay.viscounts.engine import apply_event, finish
from replay.viscounts.legal import legal_actions
from replay.viscounts.new_table import new_table
from replay.viscounts.table import Table

# How much more often the random player takes an event type than the others.
WEIGHTS = {"construct": 6.0, "workers": 5.0, "transcribe": 5.0, "trade": 3.0, "hire": 2.0,
           "draw": 1.0, "collision": 1.0}
MAX_EVENTS = 20000


class _Chance:
    """The true order of every pile and deck, drawn from the seed."""

    def __init__(self, rng: random.Random, catalog: Catalog, sides: list[str]):
        self.rng = rng
        neutral = sorted(c.id for c in catalog.townsfolk.values() if c.deck == "neutral")
        rng.shuffle(neutral)
        sizes = [len(neutral) // len(sides) + (i < len(neutral) % len(sides))
                 for i in range(len(sides))]
        rng.shuffle(sizes)
        self.townsfolk, start = {}, 0
        for side, size in zip(sides, sizes, strict=True):
            self.townsfolk[side] = neutral[start:start + size]
            start += size
        grey = sorted(m.id for m in catalog.manuscripts.values() if m.back == "grey")
        black = sorted(m.id for m in catalog.manuscripts.values() if m.back == "black")
        rng.shuffle(grey)
        rng.shuffle(black)
        per = catalog.setup["manuscripts_per_pile"] - 1
        self.manuscripts = {side: [*black[i * per:(i + 1) * per], grey[i]]
                            for i, side in enumerate(sides)}
        self.decks: dict[str, list[str]] = {}

    def deck(self, table: Table, name: str) -> list[str]:
        """The player's draw pile, top last; reshuffled when the engine's pile was refilled."""
        hidden = +table.player(name).hidden
        deck = self.decks.setdefault(name, [])
        if Counter(deck) != hidden:
            deck[:] = sorted(hidden.elements())
            self.rng.shuffle(deck)
        return deck


def generate(players: int, seed: int, catalog: Catalog | None = None,
             with_final: bool = True, variants: tuple[str, ...] = ()) -> dict:
    """A complete legal game for ``players`` players as a JSON log document, played under
    the named ``variants``."""
    written = RandomGame(players, seed, catalog or load_catalog(), variants, new_table,
                         apply_event, Claims())
    rng, names, catalog, table, play = (written.rng, written.names, written.catalog,
                                        written.table, written.play)
    events = written.events
    sides = [side.id for side in catalog.sides_for(players).values()]
    rng.shuffle(sides)
    chance = _Chance(rng, catalog, sides)
    play(_setup_event(rng, names, catalog, sides, chance))
    if players == 1:
        play({"type": "opponent", "board": rng.choice(sorted(catalog.ai_boards)),
              "difficulty": 0})
    while len(events) < MAX_EVENTS:
        if table.state.reveals_owed:
            play(_reveal(table, chance))
            continue
        actions = legal_actions(table)
        if not actions:
            break
        play(_with_chance(table, chance, _choose(rng, actions)))
    else:
        raise RuntimeError(f"seed {seed}: no end after {MAX_EVENTS} events")
    final = finish(table)
    if with_final and final is not None:
        events.append({"type": "final", "scores": {n: final["players"][n]["total"]
                                                   for n in table.state.seats}})
    return written.document("viscounts", "viscounts-2020")


def _choose(rng: random.Random, actions: list[dict]) -> dict:
    weights = [WEIGHTS.get(a["type"], 1.0) for a in actions]
    return rng.choices(actions, weights=weights, k=1)[0]


def _with_chance(table: Table, chance: _Chance, event: dict) -> dict:
    """Name what chance decides: drawn cards, a blind play's top card, the opponent's
    Scheme flipped or Future Scheme gained (any card that can be there)."""
    solo = table.solo
    if event["type"] == "scheme":
        return dict(event, card=chance.rng.choice(solo.draw_tops()))
    if event["type"] == "gain_card":
        return dict(event, card=chance.rng.choice(solo.future_tops()))
    if event["type"] == "draw":
        deck = chance.deck(table, event["player"])
        return dict(event, cards=[deck.pop() for _ in event["cards"]])
    if event["type"] == "play" and event.get("blind"):
        player = table.player(event["player"])
        if player.draw_count:
            return dict(event, card=chance.deck(table, player.name).pop())
        refill = player.discard + [c for c in player.board[-1:] if c]
        return dict(event, card=chance.rng.choice(sorted(refill)))
    return event


def _reveal(table: Table, chance: _Chance) -> dict:
    kind, side = table.state.reveals_owed[0]
    if kind == "townsfolk":
        pile = chance.townsfolk[side]
        pile.pop()
        return {"type": "reveal", "pile": side, "card": pile[-1]}
    pile = chance.manuscripts[side]
    pile.pop()
    return {"type": "reveal", "pile": side, "manuscript": pile[-1]}


def _setup_event(rng: random.Random, names: list[str], catalog: Catalog, sides: list[str],
                 chance: _Chance) -> dict:
    cards = rng.sample(sorted(pc.id for pc in catalog.player_cards.values()), len(names) + 1)
    heroes = rng.sample(sorted(c.id for c in catalog.townsfolk.values() if c.deck == "hero"),
                        len(names) + 1)
    return {
        "type": "setup", "start_player": rng.choice(names), "segments": sides,
        "castle": rng.choice(catalog.castle.tier2_ids),
        "pile_sizes": {s: len(chance.townsfolk[s]) for s in sides},
        "townsfolk": {s: chance.townsfolk[s][-1] for s in sides},
        "manuscripts": {s: chance.manuscripts[s][-1] for s in sides},
        "pairs": [list(p) for p in zip(cards, heroes, strict=True)],
    }
