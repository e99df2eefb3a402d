"""Setup as the table saw it: the board, the piles, the pairs, then each player's pick."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import replace
from functools import partial

from replay.core.protocol.actions import Refusal
from replay.core.protocol.flow import record
from replay.core.speech import say
from replay.core.words import counted
from replay.viscounts.effects import gain_items, resolve
from replay.viscounts.picks import SETUP_HAND, next_picker
from replay.viscounts.state import Pile
from replay.viscounts.table import Table

NEUTRAL = "neutral"


def setup_refusals(table: Table, event: dict) -> Iterator[Refusal]:
    """The start player, the board, the castle, the piles and the Player Card pairs, in the
    order they are laid out. Each refusal leaves on the table what was laid out before it
    (where a strict replay stops; an audit replay goes on from there past a refusal that
    skips the setup, and lays everything out again past one that does not)."""
    state = table.state
    if event["start_player"] not in state.players:
        yield Refusal("viscounts.setup.start_player",
                      say("the start player {start_player} is not a player of this game",
                          start_player=repr(event['start_player'])),
                      expected=", ".join(state.seats), found=event["start_player"], skip=True)
        return
    for stage, refusals in enumerate((_segment_refusals, _castle_refusals,
                                      _townsfolk_refusals, _manuscript_refusals,
                                      _pair_refusals), 1):
        for refusal, piles in refusals(table, event):
            yield replace(refusal, moved_on=partial(_lay_out, event=event, stages=stage,
                                                    piles=piles))
            if refusal.skip:
                return


def _segment_refusals(table: Table, event: dict):
    catalog, players, sides = table.catalog, len(table.state.seats), event["segments"]
    all_sides = {s.id: s for pair in catalog.segments.values() for s in pair}
    for side in sides:
        unknown = table.unknown(side, all_sides, "segment side")
        if unknown is not None:
            yield unknown, None
    segments = [all_sides[s].segment for s in sides]
    if sorted(segments) != sorted(catalog.segments):
        yield Refusal("viscounts.setup.segments",
                      say("the board needs each of the {number} segments once, not {items}",
                          number=len(catalog.segments), items=', '.join(sides)),
                      expected=", ".join(sorted(catalog.segments)), found=", ".join(sides),
                      skip=True), None
    for side in sides:
        table.touch(f"{side}.player_counts")
        if players not in all_sides[side].player_counts:
            yield Refusal("viscounts.setup.segments",
                          say("side {side} is not the side for {players} players", side=side,
                              players=players),
                          found=side, expected=table.catalog.sides_for(players)[
                              all_sides[side].segment].id), None


def _castle_refusals(table: Table, event: dict):
    tier2 = table.catalog.castle.tier2_ids
    if event["castle"] not in tier2:
        yield Refusal("viscounts.setup.castle",
                      say("{castle} is no tier-2 castle section", castle=repr(event['castle'])),
                      expected=", ".join(tier2), found=event["castle"], skip=True), None


def _townsfolk_refusals(table: Table, event: dict):
    segments, sizes, tops = event["segments"], event["pile_sizes"], event["townsfolk"]
    neutral = _neutral(table)
    total = sum(neutral.values())
    if sorted(sizes) != sorted(segments) or sorted(tops) != sorted(segments):
        yield Refusal("viscounts.setup.townsfolk_piles", say("one Townsfolk pile (size and top "
                      "card) is needed per segment side"), expected=", ".join(segments),
                      found=", ".join(sorted(set(sizes) | set(tops))), skip=True), None
    counts = list(sizes.values())
    if sum(counts) != total or max(counts) - min(counts) > 1:
        yield Refusal("viscounts.setup.townsfolk_piles",
                      say("the {total} neutral Townsfolk are split into 5 roughly equal piles, "
                          "not {counts}", total=total, counts=counts),
                      expected=say("sizes summing to {total}, differing by at most 1",
                                   total=total),
                      found=str(counts)), None
    for laid, side in enumerate(segments):
        card = tops[side]
        unknown = table.unknown(card, neutral, "neutral Townsfolk card")
        if unknown is not None:
            yield unknown, laid
        if not neutral[card]:
            yield Refusal("viscounts.log.hidden_unique",
                          say("{card} cannot be on top of two piles", card=table.labelled(card)),
                          found=card, skip=True), laid
        neutral[card] -= 1


def _manuscript_refusals(table: Table, event: dict):
    catalog, segments, tops = table.catalog, event["segments"], event["manuscripts"]
    if sorted(tops) != sorted(segments):
        yield Refusal("viscounts.setup.manuscript_piles", say("one manuscript pile is needed "
                      "per segment side"), expected=", ".join(segments),
                      found=", ".join(sorted(tops)), skip=True), 0
    unseen = Counter(list(catalog.manuscripts))
    for laid, side in enumerate(segments):
        tile = tops[side]
        unknown = table.unknown(tile, catalog.manuscripts, "manuscript")
        if unknown is not None:
            yield unknown, laid
        table.touch(f"{tile}.back")
        if catalog.manuscripts[tile].back != "grey":
            yield Refusal("viscounts.setup.manuscript_piles",
                          say("the manuscript on top of the {side} pile must be grey-backed, "
                              "{tile} is not", side=side, tile=tile), found=tile), laid
        if not unseen[tile]:
            yield Refusal("viscounts.log.hidden_unique",
                          say("manuscript {tile} cannot be on top of two piles", tile=tile),
                          found=tile, skip=True), laid
        unseen[tile] -= 1


def _pair_refusals(table: Table, event: dict):
    catalog, state, pairs = table.catalog, table.state, event["pairs"]
    cards = {pc.id for pc in catalog.player_cards.values()}
    heroes = {c.id for c in catalog.townsfolk.values() if c.deck == "hero"}
    for pc, hero in pairs:
        for refusal in (table.unknown(pc, cards, "Player Card"),
                        table.unknown(hero, heroes, "Hero")):
            if refusal is not None:
                yield refusal, None
    humans = [n for n in state.seats if not table.automated(n)]
    wanted = len(humans) + catalog.setup["extra_pairs"]
    if len(pairs) != wanted or len({p for p, _ in pairs}) != len(pairs) \
            or len({h for _, h in pairs}) != len(pairs):
        yield Refusal("viscounts.solo.setup.pairs" if table.solo else "viscounts.setup.pairs",
                      say("{wanted} different Player Card and Hero pairs are laid out for "
                          "{players}", wanted=wanted, players=counted(len(humans), 'player')),
                      expected=say("{wanted} pairs", wanted=wanted),
                      found=say("{number} pairs", number=len(pairs)), skip=True), None


def apply_setup(table: Table, event: dict) -> None:
    """Lay out the board, castle, piles and Player Card pairs; the picks begin."""
    _lay_out(table, event, len(_LAYING))


def _lay_out(table: Table, event: dict, stages: int, piles: int | None = None) -> None:
    """The first ``stages`` steps of the setup laid out (the start player's first); then,
    when ``piles`` is given, the next step's first ``piles`` piles. Each step sets what it
    lays out afresh, so laying out again changes nothing."""
    for lay in _LAYING[:stages]:
        lay(table, event, None)
    if piles is not None:
        _LAYING[stages](table, event, piles)


def _lay_start(table: Table, event: dict, piles: int | None) -> None:
    table.state.start_player = event["start_player"]


def _lay_segments(table: Table, event: dict, piles: int | None) -> None:
    table.state.segments = list(event["segments"])


def _lay_castle(table: Table, event: dict, piles: int | None) -> None:
    state = table.state
    state.castle_offset = table.catalog.castle.tier2_ids.index(event["castle"])
    state.tier1 = {side: Counter() for side in state.segments}
    state.tier2 = {side: Counter() for side in state.segments}


def _lay_townsfolk(table: Table, event: dict, piles: int | None) -> None:
    state = table.state
    state.unseen_townsfolk = _neutral(table)
    for side in state.segments[:piles]:
        card = event["townsfolk"][side]
        state.unseen_townsfolk[card] -= 1
        state.townsfolk[side] = Pile(card, event["pile_sizes"][side])


def _lay_manuscripts(table: Table, event: dict, piles: int | None) -> None:
    state = table.state
    state.unseen_manuscripts = Counter(list(table.catalog.manuscripts))
    for side in state.segments[:piles]:
        tile = event["manuscripts"][side]
        state.unseen_manuscripts[tile] -= 1
        state.manuscripts[side] = Pile(tile, table.catalog.setup["manuscripts_per_pile"])


def _lay_pairs(table: Table, event: dict, piles: int | None) -> None:
    state, catalog = table.state, table.catalog
    state.pairs = [tuple(p) for p in event["pairs"]]
    players = len(state.seats)
    state.on_poverty = catalog.end_pile("poverty", players)
    state.on_prosperity = catalog.end_pile("prosperity", players)
    state.pick_order = [n for n in reversed(state.turn_order()) if not table.automated(n)]
    state.phase = "pick"


# The steps of the setup, in the order they are laid out (and checked).
_LAYING = (_lay_start, _lay_segments, _lay_castle, _lay_townsfolk, _lay_manuscripts,
           _lay_pairs)


def _neutral(table: Table) -> Counter:
    """How many of each neutral Townsfolk card the game has."""
    return Counter(c.id for c in table.catalog.townsfolk.values() if c.deck == NEUTRAL)


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
        return
    if table.solo is not None and table.solo.board is None:
        # The opponent takes the pair left (p.26 step 5) as its AI board says: the board is
        # named first. The pick stands, but the opponent cannot be placed.
        yield Refusal("viscounts.solo.setup.ai_board",
                      say("the opponent event names the AI board before the human picks"),
                      expected="opponent", found="pick", parts=True)


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
