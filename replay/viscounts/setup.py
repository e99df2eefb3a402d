"""Setup as the table saw it: the board, the piles, the pairs, then each player's pick."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

from replay.core.protocol.actions import Refusal
from replay.core.protocol.flow import record
from replay.core.speech import say
from replay.core.words import counted
from replay.viscounts.effects import gain_items, resolve
from replay.viscounts.picks import SETUP_HAND, next_picker
from replay.viscounts.state import Pile
from replay.viscounts.table import Table

NEUTRAL = "neutral"


def handle_setup(table: Table, event: dict) -> None:
    """Check and lay out the board, castle, piles and Player Card pairs."""
    state, catalog = table.state, table.catalog
    if event["start_player"] not in state.players:
        table.breach("viscounts.setup.start_player",
                     say("the start player {start_player} is not a player of this game",
                         start_player=repr(event['start_player'])),
                     expected=", ".join(state.seats), found=event["start_player"], skip=True)
    state.start_player = event["start_player"]
    _segments(table, event["segments"])
    if event["castle"] not in catalog.castle.tier2_ids:
        table.breach("viscounts.setup.castle",
                     say("{castle} is no tier-2 castle section", castle=repr(event['castle'])),
                     expected=", ".join(catalog.castle.tier2_ids),
                     found=event["castle"], skip=True)
    state.castle_offset = catalog.castle.tier2_ids.index(event["castle"])
    state.tier1 = {side: Counter() for side in state.segments}
    state.tier2 = {side: Counter() for side in state.segments}
    _townsfolk(table, event["pile_sizes"], event["townsfolk"])
    _manuscripts(table, event["manuscripts"])
    _pairs(table, [tuple(p) for p in event["pairs"]])
    players = len(state.seats)
    state.on_poverty = catalog.end_pile("poverty", players)
    state.on_prosperity = catalog.end_pile("prosperity", players)
    state.pick_order = [n for n in reversed(state.turn_order()) if not table.automated(n)]
    state.phase = "pick"


def _segments(table: Table, sides: list[str]) -> None:
    catalog, players = table.catalog, len(table.state.seats)
    all_sides = {s.id: s for pair in catalog.segments.values() for s in pair}
    for side in sides:
        table.known(side, all_sides, "segment side")
    segments = [all_sides[s].segment for s in sides]
    if sorted(segments) != sorted(catalog.segments):
        table.breach("viscounts.setup.segments",
                     say("the board needs each of the {number} segments once, not {items}",
                         number=len(catalog.segments), items=', '.join(sides)),
                     expected=", ".join(sorted(catalog.segments)), found=", ".join(sides),
                     skip=True)
    for side in sides:
        table.touch(f"{side}.player_counts")
        if players not in all_sides[side].player_counts:
            table.breach("viscounts.setup.segments",
                         say("side {side} is not the side for {players} players", side=side,
                             players=players),
                         found=side, expected=table.catalog.sides_for(players)[
                             all_sides[side].segment].id)
    table.state.segments = list(sides)




def _townsfolk(table: Table, sizes: dict, tops: dict) -> None:
    state = table.state
    neutral = Counter(c.id for c in table.catalog.townsfolk.values() if c.deck == NEUTRAL)
    total = sum(neutral.values())
    if sorted(sizes) != sorted(state.segments) or sorted(tops) != sorted(state.segments):
        table.breach("viscounts.setup.townsfolk_piles", say("one Townsfolk pile (size and top "
                         "card) is needed per segment side"), expected=", ".join(state.segments),
                     found=", ".join(sorted(set(sizes) | set(tops))), skip=True)
    counts = list(sizes.values())
    if sum(counts) != total or max(counts) - min(counts) > 1:
        table.breach("viscounts.setup.townsfolk_piles",
                     say("the {total} neutral Townsfolk are split into 5 roughly equal piles, not "
                         "{counts}", total=total, counts=counts),
                     expected=say("sizes summing to {total}, differing by at most 1", total=total),
                     found=str(counts))
    state.unseen_townsfolk = neutral
    for side in state.segments:
        card = tops[side]
        table.known(card, neutral, "neutral Townsfolk card")
        if not state.unseen_townsfolk[card]:
            table.breach("viscounts.log.hidden_unique",
                         say("{card} cannot be on top of two piles", card=table.labelled(card)),
                         found=card, skip=True)
        state.unseen_townsfolk[card] -= 1
        state.townsfolk[side] = Pile(card, sizes[side])


def _manuscripts(table: Table, tops: dict) -> None:
    state, catalog = table.state, table.catalog
    per_pile = catalog.setup["manuscripts_per_pile"]
    state.unseen_manuscripts = Counter(list(catalog.manuscripts))
    if sorted(tops) != sorted(state.segments):
        table.breach("viscounts.setup.manuscript_piles", say("one manuscript pile is needed per "
                         "segment side"), expected=", ".join(state.segments),
                     found=", ".join(sorted(tops)), skip=True)
    for side in state.segments:
        tile = tops[side]
        table.known(tile, catalog.manuscripts, "manuscript")
        table.touch(f"{tile}.back")
        if catalog.manuscripts[tile].back != "grey":
            table.breach("viscounts.setup.manuscript_piles",
                         say("the manuscript on top of the {side} pile must be grey-backed, "
                             "{tile} is not", side=side, tile=tile), found=tile)
        if not state.unseen_manuscripts[tile]:
            table.breach("viscounts.log.hidden_unique",
                         say("manuscript {tile} cannot be on top of two piles", tile=tile),
                         found=tile, skip=True)
        state.unseen_manuscripts[tile] -= 1
        state.manuscripts[side] = Pile(tile, per_pile)


def _pairs(table: Table, pairs: list[tuple[str, str]]) -> None:
    catalog, state = table.catalog, table.state
    cards = {pc.id for pc in catalog.player_cards.values()}
    heroes = {c.id for c in catalog.townsfolk.values() if c.deck == "hero"}
    for pc, hero in pairs:
        table.known(pc, cards, "Player Card")
        table.known(hero, heroes, "Hero")
    humans = [n for n in state.seats if not table.automated(n)]
    wanted = len(humans) + catalog.setup["extra_pairs"]
    if len(pairs) != wanted or len({p for p, _ in pairs}) != len(pairs) \
            or len({h for _, h in pairs}) != len(pairs):
        table.breach("viscounts.solo.setup.pairs" if table.solo else "viscounts.setup.pairs",
                     say("{wanted} different Player Card and Hero pairs are laid out for {players}",
                         wanted=wanted, players=counted(len(humans), 'player')),
                     expected=say("{wanted} pairs", wanted=wanted),
                     found=say("{number} pairs", number=len(pairs)), skip=True)
    state.pairs = pairs


def pick_refusals(table: Table, event: dict) -> Iterator[Refusal]:
    """Picks go in reverse turn order, each of a pair laid out; the player before must have
    drawn 3 first (p.8 step 9)."""
    state = table.state
    player = state.players.get(event["player"])
    if player is None:
        yield table.unknown_player(event)
        return
    expected = next_picker(state)
    if player.player_card or player.name != expected:
        yield Refusal("viscounts.setup.pick_order",
                      say("{player} cannot pick now: picks go in reverse turn order ({items})",
                          player=player.name, items=', '.join(state.pick_order)),
                      player=player.name,
                      expected=say("pick by {expected}", expected=expected) if expected
                      else say("the first turn"),
                      found=say("pick by {player}", player=player.name), skip=True)
        return
    picked = sum(1 for p in state.players.values() if p.player_card)
    if picked:
        short = setup_draw_refusal(table, state.players[state.pick_order[picked - 1]], "pick")
        if short is not None:
            yield short
    pair = tuple(event["pair"])
    if pair not in state.pairs:
        yield Refusal("viscounts.setup.pairs",
                      say("the pair {pair} is not laid out", pair=str(list(pair))),
                      expected=", ".join(f"{a}+{b}" for a, b in state.pairs),
                      found="+".join(pair), player=player.name, skip=True)


def apply_pick(table: Table, event: dict) -> None:
    """A player takes a pair: Viscount placed, gains, bottom step, deck formed."""
    state, catalog = table.state, table.catalog
    player = state.players[event["player"]]
    pair = tuple(event["pair"])
    state.pairs.remove(pair)
    number = int(pair[0].removeprefix("pc-"))
    card = catalog.player_cards[number]
    table.touch(card.id)
    player.player_card, player.hero = card.id, pair[1]
    player.space = next(s.id for side in state.segments
                        for s in table.side(side).spaces.values() if s.start_number == number)
    table.touch(player.space)
    starting = catalog.starting_deck
    player.hidden.update([*starting, pair[1]])
    player.draw_count = len(starting) + 1
    gain_items(table, player.name, dict(card.gain), card.id)
    resolve(table, player.name, dict(card.bottom), card.id)
    if card.bottom_scope:
        for decision in state.pending:
            if decision.source == card.id:
                decision.data["scope"] = card.bottom_scope


def pick_candidates(table: Table) -> Iterator[dict]:
    """Each pair laid out, taken by the player whose pick is next."""
    name = next_picker(table.state)
    if name is not None:
        for pair in table.state.pairs:
            yield {"type": "pick", "player": name, "pair": list(pair)}


def check_setup_draw(table: Table, player, found: str) -> None:
    """A player's setup ends with a draw of 3, before the next player picks or the first turn
    (p.8 step 9): a shorter hand is certain by then."""
    refusal = setup_draw_refusal(table, player, found)
    if refusal is not None:
        record(table, refusal)


def setup_draw_refusal(table: Table, player, found: str) -> Refusal | None:
    """The refusal of a setup that ended with fewer than 3 cards in hand (None: it did not)."""
    if player.hand_size >= SETUP_HAND:
        return None
    return Refusal("viscounts.setup.deck",
                   say("{player} draws {setup_hand} cards at the end of setup, not {hand_size}",
                       player=player.name, setup_hand=SETUP_HAND, hand_size=player.hand_size),
                   player=player.name,
                   expected=say("{setup_hand} cards in hand", setup_hand=SETUP_HAND), found=found)
