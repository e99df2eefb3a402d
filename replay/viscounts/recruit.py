"""Phases 4-6 (recruit, collision, draw) and shuffles."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import replace
from functools import partial

from replay.core.protocol.actions import EventSpec, Refusal
from replay.core.speech import say
from replay.core.words import counted
from replay.viscounts.cards import UNKNOWN, draw, draw_refusal
from replay.viscounts.effects import criminal_icons, in_force, resolve, shuffle_discards, trigger
from replay.viscounts.funding import adjacent_card, adjacent_refusal, take_top
from replay.viscounts.phases import TURN
from replay.viscounts.picks import SETUP_HAND, next_in_picks
from replay.viscounts.state import TURN_PHASES, Player, collision_due
from replay.viscounts.table import Table
from replay.viscounts.turn import hand_limit, own_turn, turn_step


def hire_refusals(table: Table, event: dict) -> Iterator[Refusal]:
    """Phase 4: hire the adjacent Townsfolk for its Silver value, at most once."""
    player = table.state.players[event["player"]]
    ident = event["card"]
    if not table.preprinted(ident):
        unknown = table.unknown(ident, table.catalog.townsfolk, "Townsfolk card", player.name)
        if unknown is not None:
            yield unknown
    if table.state.hired:
        yield Refusal("viscounts.recruit.once",
                      say("{player} has already hired this turn", player=player.name),
                      player=player.name, found=ident, skip=True)
    unrevealed = adjacent_refusal(table, player, ident)
    if unrevealed is not None:
        yield unrevealed
    adjacent = adjacent_card(table, player)
    if adjacent.endswith("-tf"):
        yield Refusal("viscounts.recruit.preprinted",
                      say("the Townsfolk pile at {player}'s Viscount is empty: its pre-printed "
                          "card cannot be hired", player=player.name),
                      player=player.name, found=ident, skip=True)
    if ident != adjacent:
        yield Refusal("viscounts.recruit.hire",
                      say("{player} can hire only the card adjacent to the Viscount, {adjacent}, "
                          "not {ident}", player=player.name,
                          adjacent=table.name(adjacent), ident=table.name(ident)),
                      player=player.name, expected=adjacent,
                      found=ident, skip=True)
    card = table.catalog.townsfolk[adjacent]
    if player.silver < card.cost:
        yield Refusal("viscounts.recruit.hire",
                      say("hiring {card} costs {cost} Silver; {player} has {silver}",
                          card=card.name, cost=card.cost, player=player.name,
                          silver=player.silver), player=player.name,
                      expected=say("{cost} Silver", cost=card.cost),
                      found=say("{silver} Silver", silver=player.silver),
                      skip=True)


def apply_hire(table: Table, event: dict) -> None:
    """The card's Silver paid, the card gained."""
    player = table.state.players[event["player"]]
    card = table.catalog.townsfolk[event["card"]]
    table.change(player.name, "silver", -card.cost,
                 say("hires {card}", card=card.name), card.id)
    table.state.hired = True
    gain_card(table, player, table.side_of(player.space))


def hire_candidates(table: Table) -> Iterator[dict]:
    """The card adjacent to the Viscount, while its pile is not empty."""
    player = table.player(table.state.current)
    adjacent = adjacent_card(table, player)
    if adjacent is not None and not adjacent.endswith("-tf"):
        yield {"type": "hire", "player": player.name, "card": adjacent}


def gain_card(table: Table, player: Player, side: str) -> None:
    """The top of a pile goes to the discard pile; its top-right effect; hire triggers."""
    card = take_top(table, side)
    player.discard.append(card)
    resolve(table, player.name, table.catalog.townsfolk[card].hire, card)
    trigger(table, player.name, "hire")


_BEFORE_THE_MOVE = TURN_PHASES[:TURN_PHASES.index("move") + 1]


def collision_step(table: Table, event: dict) -> None:
    """Phase 5 begins for a collision: one of the player's own turn, once the Viscount has
    moved and before phase 6 (a collision due off turn waits for the player's next phase 5,
    p.23); a refusal of that timing skips the event before the turn moves on."""
    state = table.state
    player = table.acting(event)
    if collision_due(player) and (state.current != player.name or state.phase == "draw"):
        table.breach("viscounts.collision.deferred",
                     say("{player}'s collision waits for phase 5 of {player}'s next turn",
                         player=player.name), player=player.name,
                     found="collision", skip=True)
    own_turn(table, player, "collision")
    if state.phase in _BEFORE_THE_MOVE and not state.moved:
        # Written before phase 2 ended: the collision comes too early, not the move too short.
        table.breach("viscounts.collision.when",
                     say("{player}'s collision is resolved in phase 5, after the movement: "
                         "{player} has not moved yet", player=player.name),
                     player=player.name, expected="move", found="collision", skip=True)
    TURN.enter(table, "collision", "collision")


def collision_refusals(table: Table, event: dict) -> Iterator[Refusal]:
    """A collision is resolved once, when the markers share a space; a space written is the
    one they stand on once steps 1 and 2 are done (at the start, under
    collision-read-at-start)."""
    state = table.state
    player = state.players[event["player"]]
    if not collision_due(player) or state.collided:
        yield Refusal("viscounts.collision.when",
                      say("{player}'s markers do not share a space (Corruption {corruption}, "
                          "Virtue {virtue}): no collision to resolve",
                          player=player.name, corruption=player.corruption,
                          virtue=player.virtue),
                      player=player.name, skip=True)
        return
    if "space" not in event:
        return
    at_start = table.allows("collision-read-at-start")
    space = player.virtue if at_start else _virtue_after_steps(table, player.name)
    if event["space"] != space:
        other = "collision-read-at-start" if not at_start and event["space"] == player.virtue \
            else None
        # The track is read once steps 1 and 2 are done (worked out on a copy of the table):
        # an audit replay goes on with the collision as played.
        yield Refusal("viscounts.collision.track",
                      say("the markers stand on space {space}, not {written}", space=space,
                          written=event['space']), player=player.name, expected=str(space),
                      found=str(event["space"]), legal_under=other)


def _virtue_after_steps(table: Table, name: str) -> int:
    """Where the colliding player's Virtue marker stands after steps 1 and 2 (the second
    Workshops, then the collision cards), worked out on a copy of the table."""
    if not any(in_force(table, other).on.get("any_collision")
               for other in table.state.order_from(name)):
        return table.state.players[name].virtue
    ahead = table.copy()
    _collision_steps(ahead, ahead.state.order_from(name))
    return ahead.state.players[name].virtue


def _collision_steps(table: Table, order: list[str]) -> None:
    """Steps 1 and 2: every player's second Workshop unlocks, then their collision cards,
    from the colliding player on."""
    for kind in ("unlocks", "cards"):
        for name in order:
            _collision_effects(table, name, kind)


def _begin(table: Table, name: str) -> list[str]:
    """The collision resolved this turn, its steps 1 and 2 done; the players from the
    colliding one on."""
    table.state.collided = True
    order = table.state.order_from(name)
    _collision_steps(table, order)
    return order


def apply_collision(table: Table, event: dict) -> None:
    """Phase 5: the five steps of a collision, in order (p.22)."""
    state = table.state
    player = state.players[event["player"]]
    start = player.virtue
    order = _begin(table, player.name)
    space = start if table.allows("collision-read-at-start") else player.virtue
    if table.automated(player.name):
        table.touch(f"{table.solo.board.id}.collision")
        track = table.solo.board.collision
    else:
        track = table.catalog.player_board.collision
    row = track[space - 1]
    resolve(table, player.name, row.current, f"collision-{space}")
    if row.opponents is None:
        # An AI board prints only its own row: "the rows for other players are the same as on
        # the human board" (p.26).
        row = table.catalog.player_board.collision[space - 1]
    for name in order[1:]:
        if _opponents_row_applies(table, row.opponents_condition, name):
            resolve(table, name, row.opponents, f"collision-{space}")
    table.reset_markers(player.name, f"collision-{space}")


def collision_candidates(table: Table) -> Iterator[dict]:
    """The current player's collision."""
    if table.state.current is not None:
        yield {"type": "collision", "player": table.state.current}


# Declared here, not in ``events``, for the solo opponent's collision, which replays it too.
COLLISION = EventSpec("collision", {"player": ("str", True), "space": ("int", False)},
                      phase="collision", refusals=collision_refusals, apply=apply_collision,
                      candidates=collision_candidates, step=collision_step)


def _opponents_row_applies(table: Table, condition: str | None, name: str) -> bool:
    """Whether a collision space's row for the opponents applies to ``name``: always, or as
    the Criminal icons on their board say (counted only when the condition asks)."""
    if condition == "always":
        return True
    if condition == "criminals":
        return criminal_icons(table, name) > 0
    return condition == "no_criminals" and not criminal_icons(table, name)


def _collision_effects(table: Table, name: str, kind: str) -> None:
    for source, ability in in_force(table, name).on.get("any_collision", ()):
        if (source in table.catalog.townsfolk) != (kind == "cards"):
            continue
        condition = ability.get("condition", "always")
        if condition == "no_criminals" and criminal_icons(table, name):
            continue
        table.touch(source)
        resolve(table, name, ability["effect"], source)


def draw_step(table: Table, event: dict) -> None:
    """A draw of a turn moves it on to phase 6; the draw after a pick moves no turn on."""
    if table.state.phase != "pick":
        turn_step(table, event, "draw")


def draw_refusals(table: Table, event: dict) -> Iterator[Refusal]:
    """Phase 6 (or after a pick): up to the hand limit (3 after a pick), each card from the
    draw pile. A card that cannot be drawn leaves the ones before it drawn."""
    state = table.state
    cards = event["cards"]
    player = state.players.get(event["player"])
    if player is None:
        yield table.unknown_player(event)
        return
    if state.phase == "pick":
        if player.player_card is None or player.hand_size + len(cards) > SETUP_HAND:
            yield Refusal("viscounts.setup.deck",
                          say("{player} draws 3 cards after picking a pair", player=player.name),
                          player=player.name, found=say("{number} cards", number=len(cards)),
                          skip=True)
            return
    else:
        limit = hand_limit(table, player)
        if player.hand_size + len(cards) > limit:
            yield Refusal("viscounts.draw.over_limit" if player.hand_size >= limit
                          else "viscounts.draw.limit",
                          say("{player} holds {cards} and the hand limit is {limit}: {cards2} "
                              "to draw, not {number}", player=player.name,
                              cards=counted(player.hand_size, 'card'), limit=limit,
                              cards2=counted(max(0, limit - player.hand_size), 'card'),
                              number=len(cards)), player=player.name,
                          expected=say("at most {number}",
                                       number=max(0, limit - player.hand_size)),
                          found=str(len(cards)))
    drawn = _drawable(player, cards)
    if drawn < len(cards):
        # The card that cannot be drawn, refused as the table stands once the ones before it
        # are drawn (worked out on a copy of the table).
        ahead = table.copy()
        _draw(ahead.state.players[player.name], cards[:drawn])
        refusal = draw_refusal(ahead, ahead.state.players[player.name], cards[drawn])
        yield replace(refusal, moved_on=partial(_draw_named, name=player.name,
                                                cards=cards[:drawn]))


def _drawable(player: Player, cards: list[str]) -> int:
    """How many of ``cards``, one after another, the player's draw pile can give."""
    count, hidden = player.draw_count, player.hidden
    if len(cards) <= count and cards.count(UNKNOWN) == len(cards):  # most draws
        return len(cards)
    taken: Counter = Counter()
    for drawn, card in enumerate(cards):
        if not count or (card != UNKNOWN and hidden[card] - taken[card] <= 0):
            return drawn
        count -= 1
        taken[card] += card != UNKNOWN
    return len(cards)


def apply_draw(table: Table, event: dict) -> None:
    """The cards drawn into the hand."""
    _draw(table.state.players[event["player"]], event["cards"])


def _draw(player: Player, cards: list[str]) -> None:
    for card in cards:
        draw(player, card)


def _draw_named(table: Table, name: str, cards: list[str]) -> None:
    _draw(table.state.players[name], cards)


def draw_candidates(table: Table) -> Iterator[dict]:
    """Unnamed cards (what is drawn is chance) up to the hand limit of the player who draws
    next: after a pick, up to 3; in phase 6, the current player."""
    state = table.state
    if state.phase == "pick":
        verb, name = next_in_picks(table)
        if verb != "draw":
            return
        limit = SETUP_HAND
    elif state.current is None:
        return
    else:
        name = state.current
        limit = hand_limit(table, state.players[name])
    player = state.players[name]
    count = min(limit - player.hand_size, player.draw_count)
    if count > 0:
        yield {"type": "draw", "player": name, "cards": [UNKNOWN] * count}


# The choices that can take a card from the draw pile, so that a shuffle may come before them.
TAKES_FROM_DRAW_PILE = frozenset({"discard", "destroy", "choose"})


def shuffle_step(table: Table, event: dict) -> None:
    """Where the turn stands once a shuffle comes: nothing in the turn waiting for a card
    from the draw pile, the shuffle is for the phase-6 draw, so phase 5 is over before it,
    and a collision its check causes waits for the player's next phase 5 (p.23)."""
    state = table.state
    player = table.acting(event)
    if state.current == player.name and state.phase in TURN_PHASES[:-1] and not any(
            d.player == player.name and d.kind in TAKES_FROM_DRAW_PILE for d in state.pending):
        TURN.enter(table, "draw", "shuffle")


def shuffle_refusals(table: Table, event: dict) -> Iterator[Refusal]:
    """The discards become the draw pile only when it is empty, and there are some."""
    player = table.state.players[event["player"]]
    if not player.discard:
        yield Refusal("viscounts.effect.shuffle",
                      say("{player}'s discard pile is empty: nothing to shuffle",
                          player=player.name), player=player.name, skip=True)
        return
    if player.draw_count:
        yield Refusal("viscounts.draw.reshuffle",
                      say("{player}'s draw pile still holds {draw_count} cards: the discards "
                          "are shuffled in only when it is empty",
                          player=player.name, draw_count=player.draw_count),
                      player=player.name, skip=True)


def apply_shuffle(table: Table, event: dict) -> None:
    """The discards are the new draw pile; then the shuffle check."""
    shuffle_discards(table, event["player"], True, "shuffle")


def shuffle_candidates(table: Table) -> Iterator[dict]:
    """A shuffle of each player whose draw pile is empty."""
    for name, player in table.state.players.items():
        if not player.draw_count:
            yield {"type": "shuffle", "player": name}
