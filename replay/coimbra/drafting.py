"""Round set-up and phases A-B: dealing characters, crown tokens, the roll, the draft."""

from __future__ import annotations

from collections import Counter
from functools import cache

from replay.coimbra.dice import die_colour, die_value
from replay.coimbra.game import Game
from replay.coimbra.resolution import begin_resolution
from replay.coimbra.state import CITY_ROWS, DICE_PER_PLAYER, LOCATIONS, Slot

CARDS_PER_ROW = 4
FULL_POOL = {"gray": 3, "orange": 3, "purple": 3, "green": 3, "white": 1}
REMOVED = {4: {}, 3: {"purple": 1, "green": 1},
           2: {"gray": 1, "orange": 1, "purple": 2, "green": 2}}
NEUTRAL_TOKENS = {4: {}, 3: {"upper": [3], "central": [4], "lower": [3]},
                  2: {"upper": [3, 2], "central": [4, 3], "lower": [5]}}


@cache
def dice_pool(players: int, all_dice: bool) -> Counter:
    """How many dice of each colour are rolled at this player count (shared: not to be
    changed)."""
    pool = Counter(FULL_POOL)
    if not all_dice:
        pool.subtract(REMOVED[players])
    return +pool


def handle_deal(game: Game, event: dict) -> None:
    """Four characters revealed beside each city location; then crown tokens placed."""
    state, catalog, judge = game.state, game.catalog, game.judge
    if event["round"] != state.round + 1:
        judge.breach("coimbra.log.order", f"round {event['round']} cannot be dealt now",
                     expected=state.round + 1, found=event["round"])
    seen: set[str] = set()
    deck = state.deck
    level_two = len(deck & catalog.levels.get("II", frozenset()))
    for row in CITY_ROWS:
        cards = event[row]
        if len(cards) != CARDS_PER_ROW:
            judge.breach("coimbra.deal.cards", f"{len(cards)} characters dealt to {row}",
                         expected=CARDS_PER_ROW, found=len(cards))
        for card_id in cards:
            card = game.component(catalog.characters, card_id, "character")
            in_deck = card_id in deck
            if not in_deck or card_id in seen:
                judge.breach("coimbra.deal.cards",
                             f"{card_id} is not in the deck (already dealt, or a start card)",
                             found=card_id)
            elif card.level == "II":
                level_two -= 1  # level-II cards still in the deck, this one dealt
            seen.add(card_id)
            if level_two and in_deck and card.level == "III":
                judge.breach("coimbra.deal.cards",
                             f"{card_id} is level III but level-II cards are still on top",
                             expected="a level-II character", found=card_id)
    state.round += 1
    state.deck -= seen
    state.rows = {row: list(event[row]) for row in CITY_ROWS}
    state.crown_tokens = place_crown_tokens(game)
    game.crown_cards += [{"round": state.round, "card": card, "class": cls,
                          "fate": "still on display when the round ended"}
                         for card, cls in state.crown_tokens.items()]
    state.favors_available = list(catalog.favors)
    state.phase = "A"


def place_crown_tokens(game: Game) -> dict[str, str]:
    """Each class's token on its first character, columns 4 to 1, rows top to bottom."""
    tokens: dict[str, str] = {}
    classes_done: set[str] = set()
    characters = game.catalog.characters
    rows = [game.state.rows[row] for row in CITY_ROWS]
    for column in reversed(range(max(map(len, rows)))):
        for cards in rows:
            if column < len(cards):
                card_id = cards[column]
                cls = characters[card_id].cls
                if cls not in classes_done:
                    classes_done.add(cls)
                    tokens[card_id] = cls
    return tokens


def handle_roll(game: Game, event: dict) -> None:
    """The first player rolls the whole pool; neutral tokens take their places."""
    state, judge = game.state, game.judge
    all_dice = judge.allows("all-dice")
    players = len(state.order)
    wanted = dice_pool(players, all_dice)
    dice = event["dice"]
    # The colours sorted, compared as lists (in C): a Counter is only built to describe a
    # wrong roll.
    colours = sorted(map(die_colour, dice))
    if colours != sorted(wanted.elements()):
        rolled = Counter(colours)
        full = dice_pool(players, True)
        judge.breach("coimbra.roll.pool",
                     f"the roll for {players} players is {_describe(wanted)}",
                     expected=_describe(wanted), found=_describe(rolled),
                     legal_under="all-dice" if rolled == full and not all_dice else None)
    for die in dice:
        value = die_value(die)
        if not 1 <= value <= 6:
            judge.breach("coimbra.roll.value", f"{die}: a die shows 1 to 6", found=value)
    state.pool = list(dice)
    state.queues = {location: [] for location in LOCATIONS}
    game.roll_event = game.event
    if not all_dice:
        for row, values in NEUTRAL_TOKENS[players].items():
            for value in values:
                _insert(state.queues[row], Slot(f"token{value}", value, None), row)
    state.picks = 0
    state.phase = "B"


def _describe(pool: Counter) -> str:
    return ", ".join(f"{n} {colour}" for colour, n in sorted(pool.items()))


def handle_place(game: Game, event: dict) -> None:
    """A player drafts one die and places it in a location at once."""
    state, judge = game.state, game.judge
    player = game.acting_player(event)
    expected = state.order[state.picks % len(state.order)]
    if player.name != expected:
        if not judge.shared_in_doubt and _after_missing_pick(state, player.name):
            # The log skips exactly one turn: blame the missing line, not this one, and let
            # the turns that follow line up again (unless the engine's order may not be the
            # table's, after a skipped event).
            state.picks += 1
            judge.breach("coimbra.draft.turn",
                         f"a line is missing {judge.before()}: it was {expected}'s turn to "
                         f"take a die, then {player.name}'s", player=expected,
                         expected=f"a place by {expected}", found=f"a place by {player.name}",
                         parts=True)
        else:
            judge.breach("coimbra.draft.turn", f"it is {expected}'s turn to take a die",
                         player=player.name, expected=expected, found=player.name)
    if len(player.dice) >= DICE_PER_PLAYER:
        judge.breach("coimbra.draft.turn", f"{player.name} has already placed three dice",
                     player=player.name, skip=True)
    die, location = event["die"], event["to"]
    if die not in state.pool or location not in LOCATIONS:
        # The table moved on: the turn is used even though the die cannot be placed.
        _next_pick(game)
        if die not in state.pool:
            judge.breach("coimbra.draft.die", f"{die} is not in the rolled pool",
                         player=player.name, expected=", ".join(sorted(state.pool)),
                         found=die, skip=True)
        judge.breach("coimbra.draft.location", f"{location!r} is not a location",
                     player=player.name, expected=", ".join(LOCATIONS), found=location,
                     skip=True)
    state.pool.remove(die)
    player.dice.append(die)
    _insert(state.queues[location], Slot(die, die_value(die), player.name), location)
    _next_pick(game)


def _after_missing_pick(state, name: str) -> bool:
    """Whether ``name`` would be next if the player due now had placed (one line missing)."""
    order = state.order
    total = DICE_PER_PLAYER * len(order)
    return (len(order) > 2 and state.picks + 1 < total
            and order[(state.picks + 1) % len(order)] == name)


def _next_pick(game: Game) -> None:
    state = game.state
    state.picks += 1
    if state.picks == DICE_PER_PLAYER * len(state.order):
        begin_resolution(game)


def _insert(queue: list[Slot], slot: Slot, location: str) -> None:
    """Castle ascending, cities descending; a new die goes right of equal values."""
    value = slot.value
    ascending = location == "castle"
    for index, other in enumerate(queue):
        if (other.value > value) if ascending else (other.value < value):
            queue.insert(index, slot)
            return
    queue.append(slot)
