"""Round set-up and phases A-B: dealing characters, crown tokens, the roll, the draft."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from functools import cache

from replay.coimbra.dice import COLOUR_NAMES, die_colour, die_value
from replay.coimbra.state import CITY_ROWS, DICE_PER_PLAYER, LOCATION_NAMES, LOCATIONS, Slot
from replay.coimbra.table import Table
from replay.core.protocol.actions import Refusal
from replay.core.speech import say
from replay.core.words import listed

CARDS_PER_ROW = 4
FACES = range(1, 7)
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


def deal_refusals(game: Table, event: dict) -> Iterator[Refusal]:
    """The rules a deal breaks: the next round, four characters a row, from the deck, level
    II before level III."""
    state, catalog = game.state, game.catalog
    if event["round"] != state.round + 1:
        yield Refusal("coimbra.log.order",
                      say("round {round} cannot be dealt now", round=event["round"]),
                      expected=state.round + 1, found=event["round"])
    seen: set[str] = set()
    deck = state.deck
    level_two = len(deck & catalog.levels.get("II", frozenset()))
    for row in CITY_ROWS:
        cards = event[row]
        if len(cards) != CARDS_PER_ROW:
            yield Refusal("coimbra.deal.cards",
                          say("{number} characters dealt to {row}", number=len(cards),
                              row=LOCATION_NAMES[row]),
                          expected=CARDS_PER_ROW, found=len(cards))
        for card_id in cards:
            if card_id not in catalog.characters:
                yield game.unknown_component(catalog.characters, card_id, "character")
            card = catalog.characters[card_id]
            in_deck = card_id in deck
            if not in_deck or card_id in seen:
                yield Refusal("coimbra.deal.cards",
                              say("{card} is not in the deck (already dealt, or a start card)",
                                  card=card_id),
                              found=card_id)
            elif card.level == "II":
                level_two -= 1  # level-II cards still in the deck, this one dealt
            seen.add(card_id)
            if level_two and in_deck and card.level == "III":
                yield Refusal("coimbra.deal.cards",
                              say("{card} is level III but level-II cards are still on top",
                                  card=card_id),
                              expected=say("a level-II character"), found=card_id)


def apply_deal(game: Table, event: dict) -> None:
    """Four characters revealed beside each city location; then crown tokens placed."""
    state, catalog = game.state, game.catalog
    state.round += 1
    state.rows = {row: list(event[row]) for row in CITY_ROWS}
    state.deck -= {card for row in CITY_ROWS for card in event[row]}
    state.crown_tokens = place_crown_tokens(game)
    game.crown_cards += [{"round": state.round, "card": card, "class": cls,
                          "fate": say("still on display when the round ended")}
                         for card, cls in state.crown_tokens.items()]
    state.favors_available = list(catalog.favors)


def deal_supply(game: Table) -> dict:
    """What the table reveals at a deal: four characters a row from the deck, the level-II
    cards before the level-III ones (``then`` holds the level-III cards only when the
    level-II ones cannot fill the deal: a level-III card is refused while one is left)."""
    deck, levels = game.state.deck, game.catalog.levels
    level_two = sorted(deck & levels.get("II", frozenset()))
    filled = len(level_two) >= len(CITY_ROWS) * CARDS_PER_ROW
    return {"round": game.state.round + 1, "rows": list(CITY_ROWS), "per_row": CARDS_PER_ROW,
            "first": level_two, "then": [] if filled else sorted(deck - set(level_two))}


def place_crown_tokens(game: Table) -> dict[str, str]:
    """Each class's token on its first character, columns 4 to 1, rows top to bottom."""
    tokens: dict[str, str] = {}
    classes_done: set[str] = set()
    characters = game.catalog.characters
    rows = [game.state.rows[row] for row in CITY_ROWS]
    game.touch_all(f"{card}.class" for cards in rows for card in cards)
    for column in reversed(range(max(map(len, rows)))):
        for cards in rows:
            if column < len(cards):
                card_id = cards[column]
                cls = characters[card_id].cls
                if cls not in classes_done:
                    classes_done.add(cls)
                    tokens[card_id] = cls
    return tokens


def roll_refusals(game: Table, event: dict) -> Iterator[Refusal]:
    """The rules a roll breaks: the whole pool for the player count, faces 1 to 6."""
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
        yield Refusal("coimbra.roll.pool",
                      say("the roll for {players} players is {dice}", players=players,
                          dice=_describe(wanted)),
                      expected=_describe(wanted), found=_describe(rolled),
                      legal_under="all-dice" if rolled == full and not all_dice else None)
    for die in dice:
        value = die_value(die)
        if value not in FACES:
            yield Refusal("coimbra.roll.value", say("{die}: a die shows 1 to 6", die=die),
                          found=value)


def apply_roll(game: Table, event: dict) -> None:
    """The first player rolls the whole pool; neutral tokens take their places."""
    state = game.state
    state.pool = list(event["dice"])
    state.queues = {location: [] for location in LOCATIONS}
    game.roll_event = game.event
    if not game.judge.allows("all-dice"):
        for row, values in NEUTRAL_TOKENS[len(state.order)].items():
            for value in values:
                insert(state.queues[row], Slot(f"token{value}", value, None), row)
    state.picks = 0


def roll_supply(game: Table) -> dict:
    """What the table reads at the roll: the face of every die of the pool."""
    pool = dice_pool(len(game.state.order), game.judge.allows("all-dice"))
    return {"dice": dict(sorted(pool.items())), "faces": list(FACES)}


def _describe(pool: Counter) -> str:
    return listed([say("{number} {colour}", number=n, colour=COLOUR_NAMES[colour])
                   for colour, n in sorted(pool.items())])


def place_refusals(game: Table, event: dict) -> Iterator[Refusal]:
    """The rules a placement breaks: the turn, three dice each, a die of the pool, a
    location."""
    state, judge = game.state, game.judge
    if event["player"] not in game.state.players:
        yield game.unknown_player(event)
    player = state.players[event["player"]]
    expected = state.drafting()
    if player.name != expected:
        if not judge.shared_in_doubt and _after_missing_pick(state, player.name):
            # The log skips exactly one turn: blame the missing line, not this one, and let
            # the turns that follow line up again (unless the engine's order may not be the
            # table's, after a skipped event).
            yield Refusal("coimbra.draft.turn",
                          say("a line is missing {where}: it was {expected}'s turn to take a "
                              "die, then {player}'s", where=judge.before(), expected=expected,
                              player=player.name), player=expected,
                          expected=say("a place by {player}", player=expected),
                          found=say("a place by {player}", player=player.name), parts=True,
                          moved_on=_next_pick)
        else:
            yield Refusal("coimbra.draft.turn",
                          say("it is {player}'s turn to take a die", player=expected),
                          player=player.name, expected=expected, found=player.name)
    if len(player.dice) >= DICE_PER_PLAYER:
        yield Refusal("coimbra.draft.turn",
                      say("{player} has already placed three dice", player=player.name),
                      player=player.name, skip=True)
    # A die that cannot be placed uses the turn all the same: the table moved on.
    die, location = event["die"], event["to"]
    if die not in state.pool:
        yield Refusal("coimbra.draft.die", say("{die} is not in the rolled pool", die=die),
                      player=player.name, expected=", ".join(sorted(state.pool)), found=die,
                      skip=True, moved_on=_next_pick)
    if location not in LOCATIONS:
        yield Refusal("coimbra.draft.location",
                      say("{location} is not a location", location=repr(location)),
                      player=player.name,
                      expected=listed(LOCATION_NAMES[name] for name in LOCATIONS),
                      found=location, skip=True, moved_on=_next_pick)


def apply_place(game: Table, event: dict) -> None:
    """A player drafts one die and places it in a location at once."""
    state = game.state
    die, location = event["die"], event["to"]
    state.pool.remove(die)
    state.players[event["player"]].dice.append(die)
    insert(state.queues[location], Slot(die, die_value(die), event["player"]), location)
    _next_pick(game)


def place_candidates(game: Table) -> Iterator[dict]:
    """Each die left in the pool, in each location, for the player whose turn it is."""
    state = game.state
    name = state.drafting()
    for die in sorted(set(state.pool)):
        for location in LOCATIONS:
            yield {"type": "place", "player": name, "die": die, "to": location}


def _after_missing_pick(state, name: str) -> bool:
    """Whether ``name`` would be next if the player due now had placed (one line missing)."""
    order = state.order
    total = DICE_PER_PLAYER * len(order)
    return (len(order) > 2 and state.picks + 1 < total
            and order[(state.picks + 1) % len(order)] == name)


def _next_pick(game: Table) -> None:
    """The next player's turn to take a die."""
    game.state.picks += 1


def placed(game: Table) -> bool:
    """Whether every die of the pool has been taken (phase B has nothing left)."""
    return game.state.picks >= DICE_PER_PLAYER * len(game.state.order)


def insert(queue: list[Slot], slot: Slot, location: str) -> None:
    """Castle ascending, cities descending; a new die goes right of equal values (a value
    a favor raised counts with its bonus)."""
    value = slot.value + slot.bonus
    ascending = location == "castle"
    for index, other in enumerate(queue):
        other_value = other.value + other.bonus
        if (other_value > value) if ascending else (other_value < value):
            queue.insert(index, slot)
            return
    queue.append(slot)
