"""Phase E: in the new order, each player activates their three dice for income."""

from __future__ import annotations

from collections.abc import Iterator

from replay.coimbra.effects import condition_failed, condition_holds, die_track
from replay.coimbra.state import TRACK_NAMES, TRACKS, Player
from replay.coimbra.table import Table
from replay.core.protocol.actions import Refusal
from replay.core.speech import say
from replay.core.words import listed

# The ledger source of a track's income rows.
TRACK_SOURCES = {track: f"track:{track}" for track in TRACKS}


def income_refusals(game: Table, event: dict) -> Iterator[Refusal]:
    """The rules an income activation breaks: turn, a die still to activate, its track."""
    state = game.state
    if event["player"] not in game.state.players:
        yield game.unknown_player(event)
    player = state.players[event["player"]]
    if state.order.index(player.name) != state.cursor:
        yield Refusal("coimbra.income.turn",
                      say("it is {player}'s turn to take income", player=state.acting_in_turn()),
                      player=player.name, expected=state.acting_in_turn(), found=player.name)
    die = event["die"]
    # Activated dice are always among the player's dice, so a die is still to activate while
    # the player holds more of it than they activated (equal dice counted separately).
    if player.dice.count(die) <= player.income_used.count(die):
        yield Refusal("coimbra.income.die",
                      say("{die} is not one of {player}'s dice still to activate", die=die,
                          player=player.name),
                      player=player.name, expected=", ".join(sorted(_unused_dice(player))),
                      found=die, skip=True)
    colour_track = die_track(die)
    track = event.get("track", colour_track)
    if track not in TRACKS or (colour_track and track != colour_track):
        yield Refusal("coimbra.income.track",
                      say("{die} pays on the {track} track", die=die,
                          track=TRACK_NAMES[colour_track]) if colour_track
                      else say("a white die names one of the four tracks"),
                      player=player.name, expected=TRACK_NAMES[colour_track] if colour_track
                      else listed(TRACK_NAMES[t] for t in TRACKS),
                      found=track, skip=track not in TRACKS)


def apply_income(game: Table, event: dict) -> None:
    """One die activates its track (white: the track named in the event)."""
    state = game.state
    player = state.players[event["player"]]
    die = event["die"]
    track = event.get("track", die_track(die))
    player.income_used.append(die)
    here = player.influence[track]
    catalog = game.catalog
    game.touch(f"{catalog.track_ids[track]}.income.{catalog.income_boxes[track][here]}")
    game.gain(player.name, catalog.income[track][here],
              say("income from {die} on {track} (position {position})", die=die,
                  track=TRACK_NAMES[track], position=here), TRACK_SOURCES[track])
    if state.order.index(player.name) == state.cursor \
            and len(player.income_used) >= len(player.dice):
        _end_turn(game, player)


def income_candidates(game: Table) -> Iterator[dict]:
    """Each die the acting player has still to activate, on its track (white: on each)."""
    state = game.state
    if state.cursor >= len(state.order):
        return
    name = state.acting_in_turn()
    for die in sorted(set(_unused_dice(state.players[name]))):
        track = die_track(die)
        for choice in [track] if track else TRACKS:
            yield {"type": "income", "player": name, "die": die, "track": choice}


def _unused_dice(player: Player) -> list[str]:
    """The player's dice not yet activated this round (equal dice counted separately)."""
    unused = list(player.dice)
    for die in player.income_used:
        if die in unused:
            unused.remove(die)
    return unused


def income_done(game: Table) -> bool:
    """Whether every player's income turn is over (phase E has nothing left)."""
    return game.state.cursor >= len(game.state.order)


def close_income(game: Table) -> None:
    """End phase E: players who have not finished are flagged."""
    state = game.state
    while state.cursor < len(state.order):
        _end_turn(game, state.players[state.acting_in_turn()])


def _end_turn(game: Table, player: Player) -> None:
    """Close a player's income turn; players who already took income out of turn follow."""
    state = game.state
    if len(player.income_used) < len(player.dice):  # some dice not activated
        unused = _unused_dice(player)
        player.income_used.extend(unused)
        game.judge.breach("coimbra.income.die",
                          say("{player} did not activate {dice}", player=player.name,
                              dice=", ".join(sorted(unused))),
                          player=player.name, expected=say("three income activations"),
                          found=len(player.dice) - len(unused))
    _phase_e_abilities(game, player)
    state.cursor += 1
    if state.cursor >= len(state.order):
        return
    following = state.players[state.acting_in_turn()]
    if len(following.income_used) >= len(following.dice):
        _end_turn(game, following)


def _phase_e_abilities(game: Table, player: Player) -> None:
    """Characters (in acquisition order), then visited monasteries, pay their phase-E gains."""
    phase_e_gains = game.catalog.phase_e_gains
    for source in (*player.characters, *player.monasteries):
        effects = phase_e_gains.get(source, ())
        if effects:
            game.touch(f"{source}.effects")
        for effect in effects:
            what = say("phase-E ability of {source}", source=game.catalog.label(source))
            if condition_holds(effect.get("if_"), player):
                game.gain(player.name, effect["gain"], what, source)
            else:
                game.unpaid(player.name, effect["gain"], say(
                    "{ability} did not pay: {why}", ability=what,
                    why=condition_failed(effect["if_"], player.name)), source)
