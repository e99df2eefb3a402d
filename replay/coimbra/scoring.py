"""Final scoring after round four, every point written to the ledger by category."""

from __future__ import annotations

from collections import Counter

from replay.coimbra.diplomas import best_diploma_score
from replay.coimbra.effects import diplomas_of, score_per
from replay.coimbra.order import crowns_of
from replay.coimbra.state import TRACK_NAMES, TRACKS
from replay.coimbra.table import Table
from replay.core.speech import say, worded
from replay.core.words import counted

# Places among the players who share a space (at most four players).
ORDINALS = {1: say("1st"), 2: say("2nd"), 3: say("3rd"), 4: say("4th")}

CATEGORIES = ("running", "voyages", "influence", "diplomas", "abilities", "leftovers")
TWO_PLAYER_GAP = 3


def final_scoring(game: Table, current_crowns: dict[str, int] | None = None) -> dict:
    """Score voyages, tracks, diplomas, end-game abilities and leftovers; return the breakdown.

    ``current_crowns`` replaces the crowns counted as in phase D (a scoresheet states them).
    """
    state = game.state
    game.phase = "over"
    game.event = None
    breakdown = {name: dict.fromkeys(CATEGORIES, 0) for name in state.order}
    for name in state.order:
        breakdown[name]["running"] = state.players[name].points

    def score(name: str, category: str, points: int, reason: str, source: str) -> None:
        breakdown[name][category] += game.change(name, "points", points, reason, source)

    end_game = game.catalog.end_game
    for name in state.order:
        player = state.players[name]
        game.touch_all(f"{c}.effects" for c in (*player.voyages, *player.characters,
                                                *player.monasteries))
        for voyage in player.voyages:
            for effect in end_game.get(voyage, ()):
                if effect["kind"] == "score_per":
                    score(name, "voyages", score_per(effect, game, player),
                          say("voyage task of {voyage} ({per})", voyage=voyage,
                              per=effect["per"]), voyage)
    track_awards = _influence_awards(game)
    for track, awards in track_awards.items():
        for award in awards:
            score(award["player"], "influence", award["points"],
                  say("{track} track, place {place}", track=TRACK_NAMES[track],
                      place=award["place"]), f"track:{track}")
    diploma_sets = {}
    symbols = {name: diplomas_of(game, state.players[name]) for name in state.order}
    for name in state.order:
        player = state.players[name]
        points, sets = best_diploma_score(symbols[name], game.catalog.diploma_types)
        diploma_sets[name] = sets
        # No sets means no points, and a change of 0 writes no ledger row: nothing to describe.
        described = "; ".join("+".join(s) for s in sets)
        score(name, "diplomas", points, say("diploma sets: {sets}", sets=described), "diplomas")
        for source in (*player.characters, *player.monasteries):
            for effect in end_game.get(source, ()):
                if effect["kind"] == "score_per":
                    score(name, "abilities", score_per(effect, game, player),
                          say("end-game ability of {source} ({per})", source=source,
                              per=effect["per"]), source)
                else:  # a gain at the end of the game
                    before = player.points
                    game.gain(name, effect["gain"],
                              say("end-game reward of {source}", source=source), source)
                    # Its points belong to a category, so that the categories add up.
                    breakdown[name]["abilities"] += player.points - before
    leftovers = {}
    for position, name in enumerate(state.order):
        player = state.players[name]
        sources = None if current_crowns is not None else crowns_of(game, player, position)
        crowns = current_crowns[name] if sources is None else sources["total"]
        leftovers[name] = {"coins": player.coins, "guards": player.guards, "crowns": crowns}
        if sources is not None:
            leftovers[name]["crowns_from"] = {k: v for k, v in sources.items() if k != "total"}
        score(name, "leftovers", (player.coins + player.guards + crowns) // 2,
              _leftovers_reason(player, crowns, sources), "leftovers")
    for name in state.order:
        breakdown[name]["total"] = state.players[name].points
    return {"players": breakdown, "tracks": track_awards, "diploma_sets": diploma_sets,
            "leftovers": leftovers, "track_ranks": _track_ranks(game, track_awards),
            "diploma_symbols": {name: dict(sorted(Counter(symbols[name]).items()))
                                for name in state.order}}


def _influence_awards(game: Table) -> dict[str, list[dict]]:
    """Each track's scoring tile by rank: lower disk (earlier arrival) ahead on ties."""
    state = game.state
    count = len(state.order)
    gap_rule = count == 2 or (count == 3 and game.judge.allows("second-place-gap-3p"))
    awards: dict[str, list[dict]] = {}
    for track in TRACKS:
        tile = game.catalog.scoring_tiles[state.scoring_tiles[track]]
        side = "two_players" if count == 2 else "three_four_players"
        game.touch(f"{tile['id']}.{side}")
        values = tile[side] if count == 2 else tile[side][:count - 1]
        ranked = sorted((p for p in state.players.values() if p.influence[track] > 0),
                        key=lambda p: (-p.influence[track], p.arrived[track]))
        awards[track] = []
        for place, (player, points) in enumerate(zip(ranked, values, strict=False), start=1):
            if place == 2 and gap_rule and \
                    ranked[0].influence[track] - player.influence[track] > TWO_PLAYER_GAP:
                break
            awards[track].append({"player": player.name, "place": place, "points": points,
                                  "position": player.influence[track]})
    return awards


def _track_ranks(game: Table, awards: dict[str, list[dict]]) -> dict[str, list[dict]]:
    """Every player on every track, best first: position, arrival among those sharing the
    space, the place and points paid, and why nothing was paid when that is so."""
    state = game.state
    count = len(state.order)
    paid_places = 2 if count == 2 else count - 1
    ranks = {}
    for track in TRACKS:
        paid = {a["player"]: a for a in awards[track]}
        ranked = sorted(state.players.values(),
                        key=lambda p: (-p.influence[track], p.arrived[track]))
        positions = [p.influence[track] for p in ranked]
        rows = []
        for rank, (player, position) in enumerate(zip(ranked, positions, strict=True),
                                                  start=1):
            sharing = positions.count(position)
            row = {"player": player.name, "position": position, "rank": rank,
                   "points": paid[player.name]["points"] if player.name in paid else 0}
            if sharing > 1 and position > 0:
                # Players on one space are ranked next to each other, earliest arrival first.
                row["arrival"] = say("{ordinal} of {sharing} to reach space {position}",
                                     ordinal=ORDINALS[rank - positions.index(position)],
                                     sharing=sharing, position=position)
            if player.name not in paid:
                row["why_nothing"] = _why_unpaid(position, rank, paid_places, ranked[0],
                                                 track)
            rows.append(worded(row, "arrival", "why_nothing"))
        ranks[track] = rows
    return ranks


def _why_unpaid(position: int, rank: int, paid_places: int, first, track: str) -> str:
    if position == 0:
        return say("a disk on space 0 scores nothing")
    if rank > paid_places:
        # Two places pay at the least, so the noun is always plural.
        return say("only the first {number} places pay", number=paid_places)
    return say("more than {gap} spaces behind first place ({first}): second place pays "
               "nothing", gap=TWO_PLAYER_GAP, first=first.influence[track])


def _leftovers_reason(player, crowns: int, sources: dict | None) -> str:
    """``(2 guards + 12 coins + 3 crowns: 0 tokens, 2 favors, 1 flag) / 2, rounded down``:
    the crowns' sources left out when a scoresheet stated only the total."""
    guards, coins = counted(player.guards, "guard"), counted(player.coins, "coin")
    crowns = counted(crowns, "crown")
    if not sources or not sources["total"]:
        return say("({guards} + {coins} + {crowns}) / 2, rounded down", guards=guards,
                   coins=coins, crowns=crowns)
    tokens, favors = counted(sources["tokens"], "token"), counted(sources["favors"], "favor")
    return say("({guards} + {coins} + {crowns}: {tokens}, {favors}, {flag} flag) / 2, rounded "
               "down", guards=guards, coins=coins, crowns=crowns, tokens=tokens, favors=favors,
               flag=sources["flag"])

