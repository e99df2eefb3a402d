"""Setup draws and the start choices (pairs of start characters, starting corners)."""

from __future__ import annotations

from collections import Counter

from replay.coimbra.effects import apply_immediate
from replay.coimbra.game import Game
from replay.coimbra.state import TRACKS

VOYAGES_SHOWN = 6
STARTING = {"coins": 7, "guards": 7}


def handle_setup(game: Game, event: dict) -> None:
    """Check and apply the random setup recorded at the table."""
    state, catalog, judge = game.state, game.catalog, game.judge
    order = event["order"]
    if sorted(order) != sorted(state.order):
        judge.breach("coimbra.setup.order",
                     f"the initial order {', '.join(order)} does not list every player once",
                     expected=", ".join(sorted(state.order)), found=", ".join(order), skip=True)
    placed = event["monasteries"]
    for space in sorted(set(catalog.spaces) - set(placed)):
        judge.breach("coimbra.setup.monasteries", f"no monastery placed on {space}",
                     expected=f"a level-{catalog.spaces[space]} tile")
    for space, tile_id in placed.items():
        game.component(catalog.spaces, space, "monastery space")
        tile = game.component(catalog.monasteries, tile_id, "monastery")
        if tile.level != catalog.spaces[space]:
            judge.breach("coimbra.setup.monasteries",
                         f"{tile_id} is level {tile.level} but {space} is a "
                         f"level-{catalog.spaces[space]} space",
                         expected=f"a level-{catalog.spaces[space]} tile", found=tile_id)
    for tile_id, count in Counter(placed.values()).items():
        if count > 1:
            judge.breach("coimbra.setup.monasteries", f"monastery {tile_id} placed {count} times")
    voyages = event["voyages"]
    for voyage in voyages:
        game.component(catalog.voyages, voyage, "voyage")
    if len(voyages) != VOYAGES_SHOWN or len(set(voyages)) != len(voyages):
        judge.breach("coimbra.setup.voyages",
                     f"{len(set(voyages))} different voyages revealed, not six",
                     expected="6 different voyages", found=len(set(voyages)))
    tiles = event["scoring_tiles"]
    for _track, tile_id in tiles.items():
        game.component(catalog.scoring_tiles, tile_id, "scoring tile")
    if sorted(tiles) != sorted(TRACKS) or len(set(tiles.values())) != len(TRACKS):
        judge.breach("coimbra.setup.scoring_tiles",
                     f"the scoring tiles {', '.join(f'{k}={v}' for k, v in tiles.items())} "
                     "are not one different tile per track",
                     expected=", ".join(TRACKS), found=", ".join(sorted(tiles)), skip=True)
    pairs = [tuple(pair) for pair in event["start_pairs"]]
    known = {frozenset(pair) for pair in catalog.start_pairs}
    for pair in pairs:
        if frozenset(pair) not in known:
            judge.breach("coimbra.setup.start_pairs", f"{pair[0]} and {pair[1]} are not a pair",
                         expected=" / ".join("+".join(p) for p in catalog.start_pairs),
                         found="+".join(pair), skip=True)
    if len({frozenset(p) for p in pairs}) != len(pairs):
        judge.breach("coimbra.setup.start_pairs", "a pair is displayed twice",
                     found=" / ".join("+".join(p) for p in pairs), skip=True)
    if len(pairs) != len(state.order):
        judge.breach("coimbra.setup.start_pairs",
                     f"{len(pairs)} pairs displayed for {len(state.order)} players",
                     expected=len(state.order), found=len(pairs))

    # The players' own name strings, so that the names of the order compare by identity.
    state.order = [state.players[name].name for name in order]
    state.monasteries = dict(placed)
    state.voyages = list(voyages)
    state.scoring_tiles = dict(tiles)
    state.start_pairs = pairs
    state.corners_free = list(catalog.corners)
    state.deck = set(catalog.characters) - catalog.levels.get("I", frozenset())
    state.start_turns = list(reversed(state.order)) + state.order
    for name in state.order:
        for resource, amount in STARTING.items():
            game.change(name, resource, amount, f"starting {resource}", "setup")
    state.phase = "start"


def handle_start(game: Game, event: dict) -> None:
    """A player takes a pair of start characters or occupies a starting corner."""
    state, judge = game.state, game.judge
    player = game.acting_player(event)
    expected = state.start_turns[0]
    if player.name != expected:
        judge.breach("coimbra.start.order",
                     f"it is {expected}'s start choice (reverse order, then forward order)",
                     player=player.name, expected=expected, found=player.name, skip=True)
    has_pair, has_corner = "pair" in event, "corner" in event
    if has_pair == has_corner:
        judge.breach("coimbra.start.choice",
                     "a start choice takes a pair or a corner" + (", not both" if has_pair
                                                                  else ": neither is given"),
                     player=player.name, skip=True)
    if (has_pair and player.took_pair) or (has_corner and player.took_corner):
        # A player's first choice comes in the first pass (out-of-turn choices are skipped),
        # so a choice made already is always met in the second.
        judge.breach("coimbra.start.choice",
                     f"{player.name} already made this choice; in the second pass they do "
                     "the other action", player=player.name, skip=True)
    if has_pair:
        _take_pair(game, player, tuple(event["pair"]))
    else:
        _take_corner(game, player, event["corner"])
    # The turn is used once the choice is made: a refused choice (skipped in audit mode)
    # leaves it to the player still.
    state.start_turns.pop(0)
    if not state.start_turns:
        _start_rewards(game)
        state.phase = "deal"


def _start_rewards(game: Game) -> None:
    """Once every player has a pair and a corner: both cards' influence and immediate
    rewards, player by player in order (so a start pilgrim step can be walked at once)."""
    for name in game.state.order:
        player = game.state.players[name]
        for card_id in player.start_cards:
            card = game.catalog.characters[card_id]
            game.change(name, card.cls, card.influence, f"start character {card_id}", card_id)
            apply_immediate(game, name, card_id)


def _take_pair(game: Game, player, pair: tuple[str, str]) -> None:
    state = game.state
    for card in pair:
        game.component(game.catalog.characters, card, "character", player.name)
    match = next((p for p in state.start_pairs if frozenset(p) == frozenset(pair)), None)
    if match is None:
        game.judge.breach("coimbra.start.choice", f"{'+'.join(pair)} is not an available pair",
                          player=player.name,
                          expected=" / ".join("+".join(p) for p in state.start_pairs),
                          found="+".join(pair), skip=True)
    state.start_pairs.remove(match)
    player.took_pair = True
    player.characters.extend(match)
    player.start_cards.extend(match)


def _take_corner(game: Game, player, corner: str) -> None:
    state = game.state
    game.component({c: c for c in game.catalog.corners}, corner, "starting corner",
                   player.name)
    if corner not in state.corners_free:
        game.judge.breach("coimbra.start.choice", f"{corner} is already occupied",
                          player=player.name, expected=", ".join(state.corners_free),
                          found=corner, skip=True)
    state.corners_free.remove(corner)
    player.took_corner = True
    player.pilgrim = corner
