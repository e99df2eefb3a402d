"""Final scoring (p.24): every point written to the ledger by category; standings."""

from __future__ import annotations

import itertools
from collections import Counter

from replay.core.speech import say
from replay.core.words import counted
from replay.viscounts.solo import scoring as solo_scoring
from replay.viscounts.state import RESOURCES, Player
from replay.viscounts.table import Table
from replay.viscounts.words import CARD_WORDS, COUNT_WORDS, PER_WORDS

CATEGORIES = ("buildings", "castle", "manuscripts", "leader", "cleric", "debts", "deeds",
              "poverty", "prosperity")



def final_scoring(table: Table) -> dict:
    """Score every category for every player; ongoing card effects are off (p.23)."""
    state = table.state
    state.phase, state.current = "over", None
    table.event = None
    categories = CATEGORIES + (("leftover",) if table.solo is not None else ())
    breakdown = {name: dict.fromkeys(categories, 0) for name in state.seats}

    def score(name: str, category: str, points: int, reason: str, source: str) -> None:
        breakdown[name][category] += table.change(name, "points", points, reason, source)

    catalog = table.catalog
    for name in state.seats:
        player = table.player(name)
        for building, slots in player.built.items():
            if slots:
                vp = catalog.buildings[building].vp[len(slots) - 1]
                score(name, "buildings", vp,
                      counted(len(slots), catalog.buildings[building].name), building)
        for tier, workers in enumerate(castle_workers(table, name), start=1):
            if workers:
                score(name, "castle", workers * catalog.castle.tier_vp[tier - 1],
                      say("{workers} Workers on tier {tier}", workers=workers, tier=tier),
                      f"castle-tier{tier}")
        for points, reason, source in manuscript_points(table, player):
            score(name, "manuscripts", points, reason, source)
        if state.leader == name:
            score(name, "leader", catalog.castle.leader_vp, "Castle Leader", "castle-leader")
        for ribbon in player.bonuses:
            bonus = catalog.cleric_bonuses[ribbon]
            score(name, "cleric", bonus.vp,
                  say("Cleric Bonus ({ribbon})", ribbon=ribbon), bonus.id)
        if player.debts:
            score(name, "debts", player.debts * catalog.debts["unpaid_vp"],
                  say("{debts} unpaid Debts", debts=player.debts), "debt")
        if player.deeds:
            score(name, "deeds", player.deeds * catalog.deeds["acquired_vp"],
                  say("{deeds} acquired Deeds", deeds=player.deeds), "deed")
        if player.approved_deeds:
            score(name, "deeds", player.approved_deeds * catalog.deeds["approved_vp"],
                  say("{approved_deeds} approved Deeds", approved_deeds=player.approved_deeds),
                  "deed")
    awards = {}
    for card in state.revealed:
        awards[card] = end_card_awards(table, card)
        counts = catalog.end_cards[card].counts
        for award in awards[card]:
            score(award["player"], card, award["points"],
                  say("{card}: place {place} with {count} {what}", card=CARD_WORDS[card],
                      place=award['place'], count=award['count'],
                      what=COUNT_WORDS.get(counts, counts.replace('_', ' '))), card)
    if table.solo is not None:
        solo_scoring.leftover_points(table, score)
    for name in state.seats:
        breakdown[name]["total"] = table.player(name).points
    return {"players": breakdown, "end_cards": awards,
            "leftovers": {n: leftover(table.player(n)) for n in state.seats}}


def castle_workers(table: Table, name: str) -> tuple[int, int, int]:
    """A player's Workers on tiers 1, 2 and 3."""
    state = table.state
    return (sum(s[name] for s in state.tier1.values()),
            sum(s[name] for s in state.tier2.values()), state.tier3[name])


def ribbon_sets(table: Table, player: Player) -> list[int]:
    """Sets of different ribbon colours, largest first (greedy is best: the VP are convex)."""
    counts = Counter(table.catalog.manuscripts[m].ribbon for m in player.manuscripts).values()
    # The k-th set takes one of each colour held k times or more.
    return [sum(n >= k for n in counts) for k in range(1, max(counts, default=0) + 1)]


def manuscript_points(table: Table, player: Player):
    """Ribbon sets, then each manuscript's printed end-game VP: (points, reason, source)."""
    set_vp = table.catalog.ribbon_set_vp
    for size in ribbon_sets(table, player):
        yield set_vp[size - 1], say("a set of {size} ribbon colours", size=size), "ribbons"
    for ident in player.manuscripts:
        manuscript = table.catalog.manuscripts[ident]
        if manuscript.when == "end_game" and manuscript.effect["op"] == "score_per":
            per = manuscript.effect["per"]
            count = count_for(table, player, per)
            yield (count * manuscript.effect["points"],
                   say("manuscript {ident}: {count} {what}", ident=ident, count=count,
                       what=PER_WORDS.get(per, per.replace('icons:', ''))), ident)


def count_for(table: Table, player: Player, per: str) -> int:
    """What a manuscript counts: buildings, flipped cards, Workers, manuscripts or icons."""
    if per.startswith("icons:"):
        return owned_icons(table, player)[per.removeprefix("icons:")]
    counts = {
        "buildings": sum(len(s) for s in player.built.values()),
        "flipped_debts": player.paid_debts, "flipped_deeds": player.approved_deeds,
        "workers": sum(castle_workers(table, player.name)),
        "manuscripts": len(player.manuscripts),
    }
    return counts[per]


def owned_icons(table: Table, player: Player) -> Counter:
    """Icons on every Townsfolk the player owns plus permanent building icons (ambiguity A1).

    Under ``manuscript-icons-board-only`` only the 3 board card spaces count.
    """
    cards: Counter = Counter(c for c in player.board if c)
    if not table.allows("manuscript-icons-board-only"):
        cards += player.hand + player.hidden + Counter(player.discard)
    icons: Counter = Counter()
    for card, n in cards.items():
        for icon in table.catalog.townsfolk[card].icons:
            icons[icon] += n
    for building, slots in player.built.items():
        unlocks = table.unlocks(player.name, building)  # the opponent's are its AI board's
        for slot in slots:
            unlock = unlocks[slot - 1]
            if unlock["op"] == "icons":
                icons.update(unlock["icons"])
    return icons


def end_card_awards(table: Table, card: str) -> list[dict]:
    """Poverty or Prosperity: 12/8/4 by count, ties split, the 8 ignored below 3 players."""
    end = table.catalog.end_cards[card]
    what = "approved_deeds" if end.counts == "flipped_deeds" else "paid_debts"
    players = len(table.state.seats)
    awards = list(end.awards)
    if players < end.middle_ignored_below:
        awards = [awards[0]] if table.allows("small-game-second-zero") \
            else [awards[0], awards[-1]]
    counts = {n: getattr(table.player(n), what) for n in table.state.seats}
    ranked = sorted((n for n in counts if counts[n] > 0), key=lambda n: -counts[n])
    result, place = [], 0
    while place < len(ranked) and place < len(awards):
        tied = [n for n in ranked if counts[n] == counts[ranked[place]]]
        share = sum(awards[place:place + len(tied)]) // len(tied)
        result += [{"player": n, "place": place + 1, "points": share, "count": counts[n]}
                   for n in tied]
        place += len(tied)
    return result


def leftover(player: Player) -> int:
    """Silver plus resources left: the tie-break."""
    return player.silver + sum(getattr(player, r) for r in RESOURCES)


def standings(table: Table) -> tuple[list[dict], list[str]]:
    """Ranks by points; ties broken by Silver plus resources, else shared (p.24); in solo
    the human must score strictly more."""
    if table.solo is not None:
        return solo_scoring.standings(table)
    state = table.state
    players = [table.player(n) for n in state.seats]
    silver_first = table.allows("tiebreak-silver-first")

    def key(p: Player):
        rest = leftover(p) - p.silver
        return (p.points, p.silver, rest) if silver_first else (p.points, leftover(p))

    ranked = sorted(players, key=key, reverse=True)
    rows, notes = [], []
    for i, player in enumerate(ranked):
        rank = i + 1
        if i and key(ranked[i - 1]) == key(player):
            rank = rows[-1]["rank"]
        rows.append({"rank": rank, "player": player.name, "points": player.points})
    place = {row["player"]: row["rank"] for row in rows}
    for a, b in itertools.pairwise(ranked):
        if a.points != b.points:
            continue
        tie = say("{a} and {b} tie on {points} points", a=a.name, b=b.name, points=a.points)
        if key(a) == key(b):
            shared = "the victory is shared" if place[a.name] == 1 else \
                say("they share place {place}", place=place[a.name])
            notes.append(say("{tie} and {leftover} Silver plus resources: {shared}", tie=tie,
                             leftover=leftover(a), shared=shared))
        else:
            notes.append(say("{tie}: {a} ranks ahead with {tie_break}", tie=tie, a=a.name,
                             tie_break=_tie_break(a, b, silver_first)))
    return rows, notes


def _tie_break(a: Player, b: Player, silver_first: bool) -> str:
    """What puts ``a`` ahead of ``b`` on equal points, in the tie-break's own terms."""
    if not silver_first:
        return say("{leftover} Silver plus resources against {leftover2}", leftover=leftover(a),
                   leftover2=leftover(b))
    if a.silver != b.silver:
        return say("more Silver, {silver} against {silver2} (variant tiebreak-silver-first)",
                   silver=a.silver, silver2=b.silver)
    return (say("the same Silver ({silver}) and more resources, {number} against {number2} "
                "(variant tiebreak-silver-first)", silver=a.silver,
                number=leftover(a) - a.silver, number2=leftover(b) - b.silver))
