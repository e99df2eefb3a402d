"""Solo setup (p.26-27, p.31): the opponent's board, its Scheme piles, its place and items."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

from replay.core.protocol.actions import Refusal
from replay.core.speech import say
from replay.viscounts.actions import place_building
from replay.viscounts.effects import gain_items
from replay.viscounts.solo.procedure import free_spots
from replay.viscounts.table import Table


def opponent_refusals(table: Table, event: dict) -> Iterator[Refusal]:
    """The ``opponent`` event: the AI board and the difficulty, once, right after ``setup``;
    the human holds the Start Player marker (a start player set right, even when the
    difficulty is refused)."""
    state, solo, catalog = table.state, table.solo, table.catalog
    if solo is None:
        yield Refusal("viscounts.log.order", say("an opponent event belongs to a solo game (a "
                      "log with one player)"), found="opponent", skip=True)
        return
    if solo.board is not None:
        yield Refusal("viscounts.solo.setup.ai_board",
                      say("the one automated opponent has one AI board, {board} already",
                          board=table.name(solo.board.id)), found=event["board"], skip=True)
        return
    if state.phase != "pick" or any(p.player_card for p in state.players.values()):
        yield Refusal("viscounts.log.order", say("the opponent event comes once, right after "
                      "setup"), found="opponent", skip=True)
        return
    unknown = table.unknown(event["board"], catalog.ai_boards, "AI board")
    if unknown is not None:
        yield unknown
        return
    if state.start_player == solo.name:
        yield Refusal("viscounts.solo.setup.start_player", say("the human takes the Start "
                      "Player marker, so the opponent always moves last"),
                      expected=state.seats[0], found=solo.name)
    difficulty = event["difficulty"]
    if difficulty not in catalog.solo["difficulty"]:
        yield Refusal("viscounts.solo.setup.difficulty",
                      say("0 to {most} Future Schemes may be shuffled into the Scheme pile, "
                          "not {difficulty}", most=max(catalog.solo['difficulty']),
                          difficulty=difficulty), found=str(difficulty), skip=True,
                      moved_on=_human_starts)


def _human_starts(table: Table) -> None:
    """The human takes the Start Player marker (and is the one to pick)."""
    state = table.state
    if state.start_player == table.solo.name:
        state.start_player = state.seats[0]
        state.pick_order = [state.seats[0]]


def apply_opponent(table: Table, event: dict) -> None:
    """The AI board laid out: its Scheme piles, without the Schemes it removes, and the
    Future Schemes the difficulty shuffles in."""
    solo, catalog = table.solo, table.catalog
    _human_starts(table)
    difficulty = event["difficulty"]
    board = solo.board = catalog.ai_boards[event["board"]]
    table.touch(f"{board.id}.schemes_removed")
    removed = set(board.schemes_removed)
    kept = [s for s in catalog.schemes.values() if s.id not in removed]
    solo.draw = Counter(s.id for s in kept if s.deck == "starting")
    solo.future = Counter(s.id for s in kept if s.deck == "future")
    solo.difficulty = solo.future_in_draw = difficulty
    solo.draw_size = sum(solo.draw.values()) + difficulty


def place_opponent(table: Table) -> None:
    """After the human's pick: the opponent's Viscount on the other card's start space, its
    starting items, and its starting building free on the left-most free spot there."""
    state, solo = table.state, table.solo
    if solo.board is None:  # the pick's refusal says so; the opponent cannot be placed
        return
    board, player = solo.board, table.player(solo.name)
    card, _ = state.pairs.pop()  # the pair not chosen goes back to the box
    number = int(card.removeprefix("pc-"))
    player.space = next(s.id for side in state.segments
                        for s in table.side(side).spaces.values() if s.start_number == number)
    table.touch(player.space)
    table.touch(f"{board.id}.starting_gain")
    gain_items(table, solo.name, dict(board.starting_gain), board.id)
    table.touch(f"{board.id}.starting_building")
    spots = free_spots(table)
    if spots:
        place_building(table, player, board.starting_building, 1, spots[0])
