"""Turns and rounds, phase 1 (card management) and phase 2 (movement)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

from replay.core.protocol.actions import Refusal
from replay.core.protocol.flow import record
from replay.core.speech import say
from replay.core.words import counted
from replay.viscounts.cards import (
    can_take,
    deck_options,
    hand_options,
    take_out,
    taking_refusals,
)
from replay.viscounts.effects import (
    ask,
    criminal_corruption,
    in_force,
    resolve,
    settle_corruption,
    shuffle_discards,
)
from replay.viscounts.phases import TURN, misplaced
from replay.viscounts.setup import check_setup_draw
from replay.viscounts.state import Player, TableState
from replay.viscounts.table import Table

# The paid spaces beyond the card's value the legal moves offer.
MAX_EXTRA_STEPS = 2


def hand_limit(table: Table, player: Player) -> int:
    """3, +1 with the third Workshop unlock, +1 with the Castle Leader."""
    limit = table.catalog.player_board.hand_limit + in_force(table, player.name).hand_plus
    if table.state.leader == player.name:
        limit += table.catalog.castle.leader_hand_limit_plus
    return limit


def has_unlock(table: Table, player: Player, op: str) -> dict | None:
    """The ability in force with this op (a building unlock in the base game), if any."""
    found = in_force(table, player.name).by_op.get(op)
    return found[0][1] if found else None


def close_turn(table: Table, last: bool = False) -> None:
    """End the current turn: every phase passed, the hand filled (not after the last turn,
    when no card will be played again)."""
    state = table.state
    if state.current is None:
        return
    if _without_card(state):  # the refusal of its play says it all
        state.phase = "draw"
        return
    TURN.enter(table, "draw", "end of turn")
    if last:
        return
    player = table.player(state.current)
    limit = hand_limit(table, player)
    if player.hand_size < limit and (player.draw_count or player.discard):
        table.breach("viscounts.draw.limit",
                     say("{player} ends the turn with {cards} in hand: draw up to {limit}",
                         player=player.name, cards=counted(player.hand_size, 'card'), limit=limit),
                     player=player.name, expected=counted(limit, "card"),
                     found=counted(player.hand_size, "card"))


def start_turn(table: Table, player: Player) -> None:
    """The next turn begins with ``player``'s play: check the order, close the last turn.
    A play out of order changes nothing: the turn it skipped is still to be played."""
    state = table.state
    if _without_card(state) and state.current == player.name:
        return  # the turn has begun: this play is its card
    first = state.phase == "pick"
    round_, turn = (1, 0) if first else (state.round, state.turn + 1)
    if turn == len(state.seats):
        round_, turn = round_ + 1, 0
    if state.last_round is not None and round_ > state.last_round:
        close_turn(table)
        state.over = True
        table.breach("viscounts.log.after_end",
                     say("the game ended after round {last_round}: no more turns",
                         last_round=state.last_round), found="play", skip=True)
    expected = state.playing(turn)
    if player.name != expected:
        table.breach("viscounts.turn.order",
                     say("it is {expected}'s turn, not {player}'s", expected=expected,
                         player=player.name), player=player.name,
                     expected=say("play by {expected}", expected=expected),
                     found=say("play by {player}", player=player.name), skip=True)
    if player.space is None:  # its pair was never picked (the pick is missing from the log)
        who = "the opponent" if table.automated(player.name) else player.name
        table.breach("viscounts.setup.deck",
                     say("{who} has no Viscount on the board: every player picks a pair before "
                         "the first turn", who=who), player=player.name,
                     expected="pick", found="play", skip=True)
    if first:
        unfinished = [p.name for p in state.players.values()
                      if p.player_card is None and not table.automated(p.name)]
        if unfinished:
            table.breach("viscounts.setup.deck",
                         say("every player picks a pair and draws 3 cards before the first turn; "
                             "not yet: {items}",
                             items=', '.join(unfinished)),
                         player=player.name, found="play")
        check_setup_draw(table, state.players[state.pick_order[-1]], "play")
    else:
        close_turn(table)
    state.round, state.turn, state.current = round_, turn, expected
    _reset_turn(table)


def _without_card(state: TableState) -> bool:
    """Whether the current turn was begun by a play refused for its card, and has none."""
    return state.phase == "card" and state.played is None


def _reset_turn(table: Table) -> None:
    state = table.state
    state.phase = "card"
    state.played, state.moved, state.acted, state.collided = None, False, False, False
    state.hired = False


def last_turn_played(table: Table) -> bool:
    """Whether the final round's last turn has been played (its movement done)."""
    state = table.state
    return (state.last_round is not None and state.round == state.last_round
            and state.turn == len(state.seats) - 1 and state.moved)


def final_refusals(table: Table, event: dict) -> Iterator[Refusal]:
    """Final scores written after the end was triggered but before the final round's last
    turn end the game too early (p.23: finish the round, then one more full round). Without
    a trigger the log is only unfinished: nothing says the game ended."""
    state = table.state
    if state.last_round is None or state.over or last_turn_played(table):
        return
    last = state.turn_order()[-1]
    yield Refusal("viscounts.end.final_round",
                  say("the final scores come in round {round}, but after the end was triggered "
                      "the game goes on to the end of round {last_round}, whose last turn is "
                      "{last}'s", round=state.round, last_round=state.last_round, last=last),
                  expected=say("round {last_round} played to {last}'s turn",
                               last_round=state.last_round, last=last),
                  found=say("final scores"))


def play_step(table: Table, event: dict) -> None:
    """A play begins the next turn (or is the card of the one a refused play began): one
    card a turn, by the player whose turn it is; the last turn closed."""
    player = table.acting(event)
    state = table.state
    if state.phase == "card" and state.played is not None and state.current == player.name:
        table.breach("viscounts.cards.play",
                     say("{player} has already played {played} this turn: phase 1 plays one card",
                         player=player.name, played=table.name(state.played)),
                     player=player.name, expected="move", found=say("a second play"), skip=True)
    start_turn(table, player)


def play_refusals(table: Table, event: dict) -> Iterator[Refusal]:
    """Phase 1: a card from hand, or the top of the draw pile blindly when the hand is empty
    (the dropped-off card shuffled and played again when only the minimum is owned)."""
    player = table.state.players[event["player"]]
    card, blind = event["card"], event.get("blind", False)
    in_hand = player.hand_size
    if not blind and in_hand == 0:
        yield Refusal("viscounts.cards.blind_play",
                      say("{player} has no card in hand and plays the top of the draw pile "
                          "blindly", player=player.name), player=player.name,
                      expected=say("play blind"), found=say("play from hand"))
        blind = True
    if blind and in_hand:
        yield Refusal("viscounts.cards.blind_play",
                      say("{player} holds {in_hand} cards: a blind play is only for an empty "
                          "hand", player=player.name, in_hand=in_hand),
                      player=player.name, found=say("play blind"), skip=True)
        return
    dropped = player.board[-1]
    if blind and dropped and card != dropped and \
            player.owned_cards() == table.catalog.player_board.minimum_cards:
        yield Refusal("viscounts.cards.min_three",
                      say("{player} owns only {owned_cards} cards: {dropped}, which drops off, "
                          "is shuffled and played again", player=player.name,
                          owned_cards=player.owned_cards(), dropped=table.name(dropped)),
                      player=player.name, expected=dropped, found=card, skip=True)
        return
    if not blind or player.draw_count:
        if not can_take(player, card, blind):  # the usual case needs no refusal looked for
            yield from taking_refusals(table, player, card, "play", deck=blind)
        return
    # From an empty draw pile the card is taken once the discards, the card dropped off
    # included, are shuffled: looked for on a copy of the table that has done so. Refused,
    # the drop-off and the shuffle still happened (in an audit replay, which goes on).
    ahead = table.copy()
    _drop_off(ahead, ahead.state.players[player.name], shuffle=True)
    for refusal in taking_refusals(ahead, ahead.state.players[player.name], card, "play",
                                   deck=True):
        yield replace(refusal, moved_on=lambda t: _drop_off(t, t.state.players[player.name],
                                                             shuffle=True))


def apply_play(table: Table, event: dict) -> None:
    """Phase 1: shift right (drop-off), play a card to the left space, Criminals, immediate."""
    state = table.state
    player = state.players[event["player"]]
    card = event["card"]
    blind = event.get("blind", False) or player.hand_size == 0
    # Only a blind play from an empty draw pile waits for the shuffle of the discards.
    shuffle_first = blind and not player.draw_count
    if not shuffle_first:
        take_out(player, card, deck=blind)
    _drop_off(table, player, shuffle_first)
    if shuffle_first:
        take_out(player, card, deck=True)
    player.board[0] = card
    state.played = card
    townsfolk = table.catalog.townsfolk[card]
    immediate = townsfolk.timing == "immediate"
    # A fan player aid resolves the immediate effect before the Criminal's Corruption.
    waits = townsfolk.criminal_icons and immediate and \
        table.allows("corruption-after-immediate")
    if townsfolk.criminal_icons and not waits:  # p.12: the Corruption, then the effect
        criminal_corruption(table, player.name, card)
    if immediate:
        resolve(table, player.name, townsfolk.ability, card)
    if waits:  # once the effect's last choice is answered, or at the end of phase 1
        state.corruption_due = card
        if not state.pending:
            settle_corruption(table)


def _drop_off(table: Table, player: Player, shuffle: bool) -> None:
    """The board shifts right: the card on its last space drops off to the discards (its
    drop-off ability resolved); ``shuffle``: then the discards become the draw pile."""
    dropped = player.board[-1]
    player.board = [None, *player.board[:-1]]
    if dropped:
        player.discard.append(dropped)
        if table.catalog.townsfolk[dropped].timing == "dropoff":
            resolve(table, player.name, table.catalog.townsfolk[dropped].ability, dropped)
    if shuffle and player.discard:
        shuffle_discards(table, player.name, not table.allows("min3-no-check"), "shuffle")


def play_candidates(table: Table) -> Iterator[dict]:
    """Each card the player whose play comes next could hold (blindly from the draw pile,
    else from the discards to be shuffled, when the hand is empty)."""
    state = table.state
    if state.phase == "pick":
        name = state.start_player
    elif _without_card(state):
        name = state.current
    else:
        order = state.turn_order()
        name = order[(state.turn + 1) % len(order)]
    player = state.players[name]
    if player.hand_size:
        for card in hand_options(player):
            yield {"type": "play", "player": name, "card": card}
        return
    # An empty draw pile is refilled from the discards, the dropped-off card included.
    dropped = {player.board[-1]} if player.board[-1] else set()
    for card in deck_options(player) or sorted(set(player.discard) | dropped):
        yield {"type": "play", "player": name, "card": card, "blind": True}


def exits(table: Table, space_id: str) -> list[str]:
    """The spaces the arrows lead to from a space (the board is fixed once set up)."""
    known = table.exits.get(space_id)
    if known is None:
        space = table.catalog.spaces[space_id]
        side = table.side_of(space_id)
        known = table.exits[space_id] = [
            table.side(side if where == "same" else table.next_side(side)).spaces[role].id
            for role, where in space.exits]
    return known


def move_cost(table: Table, player: Player, steps: int) -> int:
    """Silver for the spaces beyond the played card's value (the first is free with TP1)."""
    extra = steps - table.played_value()
    if extra <= 0:  # most moves: no unlock to look for
        return 0
    free = has_unlock(table, player, "extra_move")
    return max(0, extra - (free["spaces"] if free else 0))


def move_refusals(table: Table, event: dict) -> Iterator[Refusal]:
    """Phase 2: clockwise along the arrows, at least the card's Silver value, once."""
    state = table.state
    player = state.players[event["player"]]
    if state.moved:
        yield Refusal("viscounts.move.steps",
                      say("{player} has already moved this turn", player=player.name),
                      player=player.name, skip=True)
    path = event["path"]
    walked = [player.space, *path]  # the spaces the Viscount stands on, one after another
    for i, step in enumerate(path):
        here = walked[i]
        if step not in exits(table, here):
            # The spaces left so far, and the one whose arrows lack the step.
            table.touch_all(walked[:i + 1])
            yield table.unknown(step, table.catalog.spaces, "space", player.name) or \
                Refusal("viscounts.move.arrows",
                        say("no arrow leads from {here} to {step}", here=here, step=step),
                        player=player.name, expected=" or ".join(exits(table, here)),
                        found=step, skip=True)
            return
    value = table.played_value()
    cost = move_cost(table, player, len(path))
    refused = []
    if len(path) < value:
        refused.append(Refusal(
            "viscounts.move.steps", say("{player} played {played} (Silver value {value}) and must "
                                        "move at least {spaces}, not {number}",
                                        player=player.name, played=table.name(state.played),
                                        value=value, spaces=counted(value, 'space'),
                                        number=len(path)),
            player=player.name, expected=counted(value, "space"),
            found=counted(len(path), "space")))
    if "silver" in event and event["silver"] != cost:
        refused.append(Refusal(
            "viscounts.move.extra_paid",
            say("{number} spaces after a card worth {value} cost {cost} Silver, not {silver}",
                number=len(path), value=value, cost=cost, silver=event['silver']),
            player=player.name,
            expected=str(cost), found=str(event["silver"])))
    if cost > player.silver:
        refused.append(Refusal(
            "viscounts.move.extra_paid",
            say("{player} has {silver} Silver and cannot pay {cost} for the extra spaces",
                player=player.name, silver=player.silver, cost=cost), player=player.name,
            expected=say("{cost} Silver", cost=cost),
            found=say("{silver} Silver", silver=player.silver), skip=True))
    if refused:  # a move refused still depended on the spaces it walked through
        table.touch_all(walked[:-1])
    yield from refused


def apply_move(table: Table, event: dict) -> None:
    """The extra spaces paid, the Viscount moved; a player landed on may rearrange."""
    state = table.state
    player = state.players[event["player"]]
    path = event["path"]
    table.touch_all([player.space, *path])  # the spaces the Viscount walked through
    cost = move_cost(table, player, len(path))
    if cost:
        table.change(player.name, "silver", -cost,
                     say("{spaces} of movement", spaces=counted(cost, 'extra space')), "movement")
    player.space = here = path[-1] if path else player.space
    state.moved = True
    for other in state.order_from(player.name)[1:]:
        if state.players[other].space == here:
            ask(table, other, "rearrange", f"landed:{player.name}", optional=True)


def move_candidates(table: Table) -> Iterator[dict]:
    """Every path of the card's value up to a few paid extra spaces."""
    player = table.player(table.state.current)
    value = table.card(table.state.played).cost
    frontier = [[]]
    for step in range(1, value + MAX_EXTRA_STEPS + 1):
        frontier = [[*path, nxt] for path in frontier
                    for nxt in exits(table, path[-1] if path else player.space)]
        if step >= value and move_cost(table, player, step) <= player.silver:
            for path in frontier:
                yield {"type": "move", "player": player.name, "path": path}


def turn_step(table: Table, event: dict, phase: str) -> Player:
    """The acting player of an event of their own turn, the turn moved on to ``phase``."""
    state = table.state
    if event["player"] != state.current:  # refused: not a player, or not their turn
        own_turn(table, table.acting(event), event["type"])
    player = state.players[state.current]
    if state.phase != phase:
        TURN.enter(table, phase, event["type"])
    return player


def own_turn(table: Table, player: Player, kind: str) -> None:
    """Only the player whose turn it is acts in it."""
    state = table.state
    if state.current is None:  # no turn has begun: nobody's turn to act in
        record(table, misplaced(table, kind, "card"))
    if state.current != player.name:
        whose = "the opponent" if table.automated(state.current) else state.current
        table.breach("viscounts.log.player",
                     say("{player} cannot {kind} during {whose}'s turn", player=player.name,
                         kind=kind, whose=whose), player=player.name,
                     expected=say("{kind} by {current}", kind=kind, current=state.current),
                     found=say("{kind} by {player}", kind=kind, player=player.name),
                     skip=True)
