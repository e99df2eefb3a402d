"""Setup draws and the start choices (pairs of start characters, starting corners)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

from replay.coimbra.effects import apply_immediate
from replay.coimbra.state import RESOURCE_NAMES, TRACK_NAMES, TRACKS
from replay.coimbra.table import Table
from replay.core.protocol.actions import Refusal
from replay.core.speech import say
from replay.core.words import listed

VOYAGES_SHOWN = 6
STARTING = {"coins": 7, "guards": 7}


def setup_refusals(game: Table, event: dict) -> Iterator[Refusal]:
    """The rules the recorded setup breaks: the order, monasteries, voyages, scoring tiles
    and start pairs laid out."""
    state, catalog = game.state, game.catalog
    order = event["order"]
    if sorted(order) != sorted(state.order):
        yield Refusal("coimbra.setup.order",
                      say("the initial order {order} does not list every player once",
                          order=", ".join(order)),
                      expected=", ".join(sorted(state.order)), found=", ".join(order),
                      skip=True)
    placed = event["monasteries"]
    for space in sorted(set(catalog.spaces) - set(placed)):
        yield Refusal("coimbra.setup.monasteries",
                      say("no monastery placed on {space}", space=space),
                      expected=say("a level-{level} tile", level=catalog.spaces[space]))
    for space, tile_id in placed.items():
        if space not in catalog.spaces:
            yield game.unknown_component(catalog.spaces, space, "monastery space")
        if tile_id not in catalog.monasteries:
            yield game.unknown_component(catalog.monasteries, tile_id, "monastery")
        tile = catalog.monasteries[tile_id]
        game.touch(f"{tile_id}.level")
        if tile.level != catalog.spaces[space]:
            yield Refusal("coimbra.setup.monasteries",
                          say("{tile} is level {level} but {space} is a level-{wanted} space",
                              tile=tile_id, level=tile.level, space=space,
                              wanted=catalog.spaces[space]),
                          expected=say("a level-{level} tile", level=catalog.spaces[space]),
                          found=tile_id)
    for tile_id, count in Counter(placed.values()).items():
        if count > 1:
            yield Refusal("coimbra.setup.monasteries",
                          say("monastery {tile} placed {count} times", tile=tile_id,
                              count=count))
    voyages = event["voyages"]
    for voyage in voyages:
        if voyage not in catalog.voyages:
            yield game.unknown_component(catalog.voyages, voyage, "voyage")
    if len(voyages) != VOYAGES_SHOWN or len(set(voyages)) != len(voyages):
        yield Refusal("coimbra.setup.voyages",
                      say("{number} different voyages revealed, not six",
                          number=len(set(voyages))),
                      expected=say("6 different voyages"), found=len(set(voyages)))
    tiles = event["scoring_tiles"]
    for tile_id in tiles.values():
        if tile_id not in catalog.scoring_tiles:
            yield game.unknown_component(catalog.scoring_tiles, tile_id, "scoring tile")
    if sorted(tiles) != sorted(TRACKS) or len(set(tiles.values())) != len(TRACKS):
        yield Refusal("coimbra.setup.scoring_tiles",
                      say("the scoring tiles {tiles} are not one different tile per track",
                          tiles=", ".join(f"{k}={v}" for k, v in tiles.items())),
                      expected=listed(TRACK_NAMES[track] for track in TRACKS),
                      found=", ".join(sorted(tiles)), skip=True)
    pairs = [tuple(pair) for pair in event["start_pairs"]]
    known = {frozenset(pair) for pair in catalog.start_pairs}
    for pair in pairs:
        if frozenset(pair) not in known:
            yield Refusal("coimbra.setup.start_pairs",
                          say("{first} and {second} are not a pair", first=pair[0],
                              second=pair[1]),
                          expected=" / ".join("+".join(p) for p in catalog.start_pairs),
                          found="+".join(pair), skip=True)
    if len({frozenset(p) for p in pairs}) != len(pairs):
        yield Refusal("coimbra.setup.start_pairs", say("a pair is displayed twice"),
                      found=" / ".join("+".join(p) for p in pairs), skip=True)
    if len(pairs) != len(state.order):
        yield Refusal("coimbra.setup.start_pairs",
                      say("{pairs} pairs displayed for {players} players", pairs=len(pairs),
                          players=len(state.order)),
                      expected=len(state.order), found=len(pairs))


def apply_setup(game: Table, event: dict) -> None:
    """The random setup recorded at the table, laid out; the starting coins and guards."""
    state, catalog = game.state, game.catalog
    # The players' own name strings, so that the names of the order compare by identity.
    state.order = [state.players[name].name for name in event["order"]]
    state.monasteries = dict(event["monasteries"])
    state.voyages = list(event["voyages"])
    state.scoring_tiles = dict(event["scoring_tiles"])
    state.start_pairs = [tuple(pair) for pair in event["start_pairs"]]
    state.corners_free = list(catalog.corners)
    state.deck = set(catalog.characters) - catalog.levels.get("I", frozenset())
    state.start_turns = start_turns(state.order, game.judge.allows("start-snake"))
    for name in state.order:
        for resource, amount in STARTING.items():
            game.change(name, resource, amount, say("starting {resource}",
                                                    resource=RESOURCE_NAMES[resource]), "setup")


def start_turns(order: list[str], snake: bool) -> list[str]:
    """Whose start choice comes when: reverse order, then forward (the rulebook); or, under
    ``start-snake``, forward from the start player, then back."""
    forward, back = list(order), list(reversed(order))
    return forward + back if snake else back + forward


def setup_supply(game: Table) -> dict:
    """What the table lays out at the setup: the initial order of the players, a monastery
    tile of its level on each space, six voyages, a scoring tile per track and a start pair
    per player."""
    catalog = game.catalog
    return {
        "order": sorted(game.state.order),
        "monasteries": {space: sorted(tile for tile, found in catalog.monasteries.items()
                                      if found.level == level)
                        for space, level in catalog.spaces.items()},
        "voyages": {"count": VOYAGES_SHOWN, "from": sorted(catalog.voyages)},
        "scoring_tiles": {"tracks": list(TRACKS), "from": sorted(catalog.scoring_tiles)},
        "start_pairs": {"count": len(game.state.order),
                        "from": [list(pair) for pair in catalog.start_pairs]},
    }


def start_refusals(game: Table, event: dict) -> Iterator[Refusal]:
    """The rules a start choice breaks: its turn, one choice of each kind, what is free."""
    state, catalog = game.state, game.catalog
    if event["player"] not in game.state.players:
        yield game.unknown_player(event)
    player = state.players[event["player"]]
    expected = state.start_turns[0]
    if player.name != expected:
        snake = game.judge.allows("start-snake")
        other = start_turns(state.order, not snake)
        made = 2 * len(state.order) - len(state.start_turns)
        yield Refusal("coimbra.start.order",
                      say("it is {player}'s start choice (forward order, then reverse order)",
                          player=expected) if snake else
                      say("it is {player}'s start choice (reverse order, then forward order)",
                          player=expected),
                      player=player.name, expected=expected, found=player.name, skip=True,
                      legal_under=None if snake or other[made] != player.name
                      else "start-snake")
    has_pair, has_corner = "pair" in event, "corner" in event
    if has_pair == has_corner:
        yield Refusal("coimbra.start.choice",
                      say("a start choice takes a pair or a corner, not both") if has_pair
                      else say("a start choice takes a pair or a corner: neither is given"),
                      player=player.name, skip=True)
    if (has_pair and player.took_pair) or (has_corner and player.took_corner):
        # A player's first choice comes in the first pass (out-of-turn choices are skipped),
        # so a choice made already is always met in the second.
        yield Refusal("coimbra.start.choice",
                      say("{player} already made this choice; in the second pass they do the "
                          "other action", player=player.name), player=player.name, skip=True)
    if has_pair:
        pair = tuple(event["pair"])
        for card in pair:
            if card not in catalog.characters:
                yield game.unknown_component(catalog.characters, card, "character",
                                             player.name)
        if _displayed_pair(state, pair) is None:
            yield Refusal("coimbra.start.choice",
                          say("{pair} is not an available pair", pair="+".join(pair)),
                          player=player.name,
                          expected=" / ".join("+".join(p) for p in state.start_pairs),
                          found="+".join(pair), skip=True)
    else:
        corner = event["corner"]
        if corner not in {c: c for c in catalog.corners}:
            yield game.unknown_component({c: c for c in catalog.corners}, corner,
                                         "starting corner", player.name)
        if corner not in state.corners_free:
            yield Refusal("coimbra.start.choice",
                          say("{corner} is already occupied", corner=corner),
                          player=player.name, expected=", ".join(state.corners_free),
                          found=corner, skip=True)


def apply_start(game: Table, event: dict) -> None:
    """A player takes a pair of start characters or occupies a starting corner."""
    state = game.state
    player = state.players[event["player"]]
    if "pair" in event:
        pair = _displayed_pair(state, tuple(event["pair"]))
        state.start_pairs.remove(pair)
        player.took_pair = True
        player.characters.extend(pair)
        player.start_cards.extend(pair)
    else:
        state.corners_free.remove(event["corner"])
        player.took_corner = True
        player.pilgrim = event["corner"]
    state.start_turns.pop(0)
    if not state.start_turns:
        _start_rewards(game)


def start_candidates(game: Table) -> Iterator[dict]:
    """The choices left to the player whose start turn it is: a displayed pair, a free
    corner."""
    state = game.state
    name = state.start_turns[0]
    player = state.players[name]
    if not player.took_pair:
        for pair in state.start_pairs:
            yield {"type": "start", "player": name, "pair": list(pair)}
    if not player.took_corner:
        for corner in state.corners_free:
            yield {"type": "start", "player": name, "corner": corner}


def _displayed_pair(state, pair: tuple[str, ...]) -> tuple[str, str] | None:
    """The displayed start pair of these two cards, in either order."""
    return next((p for p in state.start_pairs if frozenset(p) == frozenset(pair)), None)


def _start_rewards(game: Table) -> None:
    """Once every player has a pair and a corner: both cards' influence and immediate
    rewards, player by player in order (so a start pilgrim step can be walked at once)."""
    for name in game.state.order:
        player = game.state.players[name]
        for card_id in player.start_cards:
            card = game.catalog.characters[card_id]
            game.touch_all((f"{card_id}.class", f"{card_id}.influence"))
            game.change(name, card.cls, card.influence,
                        say("start character {card}", card=card_id), card_id)
            apply_immediate(game, name, card_id)
