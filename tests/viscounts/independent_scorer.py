"""An independent final scorer for Viscounts of the West Kingdom, used as a test oracle.

Written from the rule texts only (the rulebook's content in ``shared/reference/viscounts.md``,
the numbered rules of ``viscounts-inventory.md``, the Chinese rules summary) and the component
values of the built-in catalog; it shares no code with the engine's scoring. Page numbers
below are the English rulebook's.

Two ways in: :func:`end_state_from_scoresheet` (the scoresheet document of
``docs/viscounts-log.md``) and :func:`end_state_from_log` (a log, after its last or any
event, read through the engine's public state documents plus the log itself for what those
documents do not show).
:func:`score` then gives every player's points by category, the totals and the winners.
"""

from __future__ import annotations

import functools
import json
from collections import Counter
from dataclasses import dataclass, field
from importlib import resources

import replay

RESOURCES = ("ink", "gold", "stone")
OPPONENT = "opponent"  # the solo opponent's fixed seat name (docs/viscounts-log.md)


@functools.cache
def builtin_catalog() -> dict:
    """The ``viscounts-base`` catalog document, read as plain JSON."""
    text = (resources.files("replay.viscounts") / "data" / "viscounts-base.json").read_text()
    return json.loads(text)


@dataclass
class Holdings:
    """What one player holds when the game ends: everything final scoring looks at."""

    silver: int
    ink: int
    gold: int
    stone: int
    debts: int  # unpaid
    paid_debts: int
    deeds: int  # acquired, not approved
    approved_deeds: int
    buildings: dict[str, list[int]]  # building type -> slots built
    castle: list[int]  # Workers on tiers 1, 2, 3
    castle_leader: bool
    cleric_bonuses: list[str]  # ribbon colours
    manuscripts: list[str]
    cards: list[str]  # every Townsfolk the player owns (deck, hand, discard, board)
    board_cards: list[str] | None = None  # the cards on the 3 board spaces, when known
    ai_board: str | None = None  # the solo opponent's AI board

    @property
    def resources_left(self) -> int:
        """Ink, Gold and Stone held ("any resource" is never Silver, p.32)."""
        return sum(getattr(self, resource) for resource in RESOURCES)


@dataclass
class EndState:
    """A finished game: the seats in order, their holdings and what the table declared."""

    players: list[str]
    holdings: dict[str, Holdings]
    revealed: frozenset[str]  # "poverty" and/or "prosperity"
    variants: frozenset[str] = frozenset()
    solo: bool = False


@dataclass
class Scores:
    """The outcome: points by category per player, totals, and who won."""

    categories: dict[str, dict[str, int]]
    totals: dict[str, int]
    winners: list[str]
    ranks: dict[str, int] = field(default_factory=dict)


# ----------------------------------------------------------------------------------------
# Scoring (pp.9, 16, 19, 21, 24-25, 31)


def score(state: EndState, catalog: dict | None = None) -> Scores:
    """Every player's final score by category, the totals and the winners."""
    catalog = catalog or builtin_catalog()
    categories = {}
    for name in state.players:
        held = state.holdings[name]
        cats = {
            "buildings": building_points(held, catalog),
            "castle": castle_points(held),
            "manuscripts": manuscript_points(held, catalog, state.variants),
            "leader": 5 if held.castle_leader else 0,  # p.19, p.24: Castle Leader 5 VP
            "cleric": 3 * len(held.cleric_bonuses),  # p.21, p.24: 3 VP each
            "debts": -2 * held.debts,  # p.9, p.24: unpaid -2, paid 0
            "deeds": held.deeds + 3 * held.approved_deeds,  # p.9, p.24: +1 / +3
        }
        if state.solo:
            cats["leftover"] = leftover_points(name, held, state.variants)
        categories[name] = cats
    for card, counted in (("poverty", "approved_deeds"), ("prosperity", "paid_debts")):
        awards = end_card_awards(state, card, counted)
        for name in state.players:
            categories[name][card] = awards.get(name, 0)
    totals = {name: sum(cats.values()) for name, cats in categories.items()}
    winners, ranks = ranking(state, totals)
    return Scores(categories, totals, winners, ranks)


def building_points(held: Holdings, catalog: dict) -> int:
    """p.16, p.24: per type, 1/2/3 built score Trading Post 4/9/15, Guildhall 6/13/21,
    Workshop 2/5/9 (the values of the catalog's ``buildings``)."""
    points = 0
    for building in catalog["buildings"]:
        built = len(held.buildings.get(building["id"], []))
        if built:
            points += building["vp"][built - 1]
    return points


def castle_points(held: Holdings) -> int:
    """p.19, p.24: each Worker in the castle scores its tier, 1, 2 or 3."""
    return sum(tier * workers for tier, workers in enumerate(held.castle, start=1))


def manuscript_points(held: Holdings, catalog: dict, variants: frozenset[str]) -> int:
    """p.21, p.24-25: the best split of the ribbons into sets of different colours
    (1/4/9/16 VP for 1/2/3/4 colours), plus the end-game VP printed on the tiles."""
    tiles = {tile["id"]: tile for tile in catalog["manuscripts"]}
    held_tiles = [tiles[tile_id] for tile_id in held.manuscripts]
    ribbons = Counter(tile["ribbon"] for tile in held_tiles)
    colours = catalog["manuscript_scoring"]["ribbons"]
    set_vp = catalog["manuscript_scoring"]["set_vp"]
    points = best_ribbon_sets(tuple(ribbons[c] for c in colours), tuple(set_vp))
    for tile in held_tiles:
        if tile["when"] == "end_game":
            effect = tile["effect"]
            points += effect["points"] * manuscript_count(effect["per"], held, catalog, variants)
    return points


@functools.cache
def best_ribbon_sets(counts: tuple[int, ...], set_vp: tuple[int, ...]) -> int:
    """The most points the ribbon ``counts`` (one per colour) give when split into sets of
    different colours; every split is tried, so no greedy argument is needed."""
    if not any(counts):
        return 0
    present = [i for i, n in enumerate(counts) if n]
    best = 0
    for mask in range(1, 1 << len(present)):
        chosen = [present[b] for b in range(len(present)) if mask >> b & 1]
        rest = tuple(n - (i in chosen) for i, n in enumerate(counts))
        best = max(best, set_vp[len(chosen) - 1] + best_ribbon_sets(rest, set_vp))
    return best


def manuscript_count(per: str, held: Holdings, catalog: dict, variants: frozenset[str]) -> int:
    """What one end-game manuscript counts (p.25: buildings, Noble icons, Criminal icons,
    flipped Debts; the placeholder tiles of the catalog add the rest)."""
    if per == "buildings":  # p.25: "1 VP per constructed building"
        return sum(len(slots) for slots in held.buildings.values())
    if per == "flipped_debts":
        return held.paid_debts
    if per == "flipped_deeds":
        return held.approved_deeds
    if per == "workers":  # a placeholder tile: read as the Workers in the castle
        return sum(held.castle)
    if per == "manuscripts":  # a placeholder tile: read as the manuscripts held, itself too
        return len(held.manuscripts)
    if per.startswith("icons:"):
        return icon_count(per.removeprefix("icons:"), held, catalog, variants)
    raise ValueError(f"unknown manuscript condition {per!r}")


def icon_count(icon: str, held: Holdings, catalog: dict, variants: frozenset[str]) -> int:
    """Icons of one kind for a per-icon manuscript (inventory B2, default reading): on every
    Townsfolk the player owns, plus the permanent icons its built buildings uncovered
    (p.25: 4 Noble icons on cards + the second Guildhall's = 5). A Criminal icon counts only
    as a Criminal (p.10). Variant ``manuscript-icons-board-only``: the 3 board cards only."""
    cards = held.cards
    if "manuscript-icons-board-only" in variants:
        if held.board_cards is None:
            raise ValueError("the variant counts the board cards, which this state lacks")
        cards = held.board_cards
    townsfolk = {card["id"]: card for card in catalog["townsfolk"]}
    count = sum(townsfolk[card]["icons"].count(icon) for card in cards if card)
    for unlock in building_unlocks(held, catalog):
        if unlock["op"] == "icons":
            count += unlock["icons"].count(icon)
    return count


def building_unlocks(held: Holdings, catalog: dict) -> list[dict]:
    """The abilities uncovered by the slots built (p.17); the solo opponent's come from its
    own AI board (p.26)."""
    if held.ai_board:
        board = next(b for b in catalog["ai_boards"] if b["id"] == held.ai_board)
        return [board["unlocks"][kind][slot - 1]
                for kind, slots in held.buildings.items() for slot in slots]
    slots_by_id = {slot["id"]: slot for b in catalog["buildings"] for slot in b["slots"]}
    return [slots_by_id[f"{kind}-{slot}"]["unlock"]
            for kind, slots in held.buildings.items() for slot in slots]


def leftover_points(name: str, held: Holdings, variants: frozenset[str]) -> int:
    """p.31: the solo opponent scores +1 VP per leftover resource (Ink, Gold, Stone: p.3,
    p.32 "not Silver"); variant ``ai-leftover-includes-silver`` adds its Silver."""
    if name != OPPONENT:
        return 0
    points = held.resources_left
    if "ai-leftover-includes-silver" in variants:
        points += held.silver
    return points


def end_card_awards(state: EndState, card: str, counted: str) -> dict[str, int]:
    """p.24: if the card was revealed, the most / 2nd / 3rd most flipped cards (Poverty:
    approved Deeds; Prosperity: paid Debts) score 12 / 8 / 4, at least 1 needed; tied
    players split the VP of the places they take as equally as possible; below 3 players
    the middle 8 is ignored (so 12 / 4; variant ``small-game-second-zero``: 12 only)."""
    if card not in state.revealed:
        return {}
    awards = [12, 8, 4]
    if len(state.players) < 3:  # 2 players, or solo (1 player; 2 seats with the opponent)
        awards = [12] if "small-game-second-zero" in state.variants else [12, 4]
    counts = {name: getattr(state.holdings[name], counted) for name in state.players}
    eligible = sorted((n for n in counts.values() if n >= 1), reverse=True)
    result = {}
    for name, n in counts.items():
        if n < 1:
            continue
        place = eligible.index(n)  # 0-based first place this count takes
        tied = eligible.count(n)
        pool = sum(awards[place:place + tied])
        share, remainder = divmod(pool, tied)
        if remainder:
            raise ValueError(f"{pool} VP cannot be split evenly among {tied} tied players")
        result[name] = share
    return result


def ranking(state: EndState, totals: dict[str, int]) -> tuple[list[str], dict[str, int]]:
    """p.24: the highest total wins; a tie goes to the most Silver and resources remaining
    (their sum; variant ``tiebreak-silver-first``: Silver, then resources), else the
    victory is shared. Solo (p.31): the human wins only with strictly more than the
    opponent, whose total holds its leftovers; no tie-break."""
    if state.solo:
        human = next(n for n in state.players if n != OPPONENT)
        winner = human if totals[human] > totals[OPPONENT] else OPPONENT
        loser = OPPONENT if winner == human else human
        return [winner], {winner: 1, loser: 2}

    def key(name: str) -> tuple:
        held = state.holdings[name]
        if "tiebreak-silver-first" in state.variants:
            return (totals[name], held.silver, held.resources_left)
        return (totals[name], held.silver + held.resources_left)

    keys = {name: key(name) for name in state.players}
    ranks = {name: 1 + sum(other > keys[name] for other in keys.values())
             for name in state.players}
    winners = [name for name in state.players if ranks[name] == 1]
    return winners, ranks


# ----------------------------------------------------------------------------------------
# End states


def end_state_from_scoresheet(document: dict) -> EndState:
    """The end state a scoresheet document declares (docs/viscounts-log.md)."""
    sheet = document["scoresheet"]
    players = list(document["header"]["players"])
    solo = len(players) == 1
    if solo:
        players.append(OPPONENT)  # a solo sheet has the opponent's line too, and its AI board
    holdings = {name: _holdings(sheet["players"][name], sheet["players"][name]["cards"],
                                ai_board=sheet["ai_board"] if name == OPPONENT else None)
                for name in players}
    return EndState(players, holdings, frozenset(sheet.get("revealed", [])),
                    frozenset(document["header"].get("variants", [])), solo)


def _holdings(doc: dict, cards: list[str], **extra) -> Holdings:
    return Holdings(
        silver=doc["silver"], ink=doc["ink"], gold=doc["gold"], stone=doc["stone"],
        debts=doc["debts"], paid_debts=doc["paid_debts"], deeds=doc["deeds"],
        approved_deeds=doc["approved_deeds"],
        buildings={kind: list(slots) for kind, slots in doc["buildings"].items()},
        castle=list(doc["castle"]), castle_leader=doc["castle_leader"],
        cleric_bonuses=list(doc["cleric_bonuses"]), manuscripts=list(doc["manuscripts"]),
        cards=list(cards), **extra)


def end_state_from_log(log: dict, event: int | None = None,
                       catalog: dict | None = None) -> EndState:
    """The state after ``event`` (by default the last) of a log, scored as if the game ended
    there, from the engine's public state documents.

    The state document lacks three things final scoring needs, so they come from elsewhere:
    the Townsfolk in hand and in the draw pile (only their counts are shown) from the log's
    hires and destroys; which end cards were revealed from the Debts and Deeds taken after
    setup (two state documents and the pile sizes of p.8-9); the solo opponent's AI board
    from the log's ``opponent`` event.
    """
    catalog = catalog or builtin_catalog()
    header, events = log["header"], log["events"]
    solo = len(header["players"]) == 1
    event = len(events) - 1 if event is None else event
    end = replay.state_at(log, event)
    first_turn = next(i for i, e in enumerate(events) if e["type"] in ("play", "scheme"))
    after_setup = replay.state_at(log, first_turn - 1)
    players = list(end["players"])
    owned = owned_townsfolk(events[:event + 1], catalog)
    ai_board = next((e["board"] for e in events if e["type"] == "opponent"), None)
    holdings = {}
    for name in players:
        doc = end["players"][name]
        holdings[name] = _holdings(
            doc, owned.get(name, []), board_cards=[c for c in doc["board"] if c],
            ai_board=ai_board if name == OPPONENT else None)
    revealed = revealed_end_cards(end, after_setup, len(header["players"]), catalog)
    return EndState(players, holdings, revealed, frozenset(header.get("variants", [])), solo)


def owned_townsfolk(events: list[dict], catalog: dict) -> dict[str, list[str]]:
    """Every Townsfolk each human owns at the end: the 8 starting cards (p.7), the Hero of
    the pair picked (p.8), each card hired or hired free (p.22, p.32), less each card
    destroyed (p.15, p.32). Dismissed cards never belong to anyone (p.14)."""
    starting = [card["id"] for card in catalog["townsfolk"] if card["deck"] == "starting"]
    owned: dict[str, list[str]] = {}
    for event in events:
        kind, player = event["type"], event.get("player")
        if player == OPPONENT:
            continue  # the opponent uses Scheme cards, no Townsfolk (p.26)
        if kind == "pick":
            owned[player] = [*starting, event["pair"][1]]
        elif kind in ("hire", "free_hire"):
            owned[player].append(event["card"])
        elif kind == "destroy":
            owned[player].remove(event["card"])
    return owned


def revealed_end_cards(end: dict, after_setup: dict, humans: int, catalog: dict) -> frozenset:
    """p.8-9, p.23: a card is revealed once the Debts (Poverty) or Deeds (Prosperity) piled
    on it are all taken. Setup gains (Player Cards, the opponent's starting items) come
    before the piles are built (p.8 step order), so only what was taken after setup counts."""
    def taken(doc: dict, keys: tuple[str, str]) -> int:
        return sum(p[keys[0]] + p[keys[1]] for p in doc["players"].values())

    revealed = set()
    for card in catalog["end_cards"]:
        keys = ("debts", "paid_debts") if card["pile"] == "debt" else ("deeds", "approved_deeds")
        if taken(end, keys) - taken(after_setup, keys) >= card["on_card"][str(humans)]:
            revealed.add(card["id"])
    return frozenset(revealed)
