"""Place Workers and the castle: tier-1 spreading, tier-2 promotion, bumping, the Leader."""

from __future__ import annotations

from collections.abc import Iterator

from replay.core.protocol.actions import Refusal
from replay.core.speech import say
from replay.core.words import counted
from replay.viscounts.actions import PATH, action_refusals, taken
from replay.viscounts.effects import ask, resolve, trigger
from replay.viscounts.funding import funding_options, funding_refusals, pay_funding
from replay.viscounts.table import Table
from replay.viscounts.turn import hand_limit

LIMIT = 3


def workers_refusals(table: Table, event: dict) -> Iterator[Refusal]:
    """Place Workers: 1/3/5/8 Noble icons for 1/2/3/4 Workers into the adjacent section."""
    player = table.state.players[event["player"]]
    yield from action_refusals(table, player, "place_workers", event["type"])
    yield from taken("place_workers", _workers_refusals(table, player, event))


def _workers_refusals(table: Table, player, event: dict) -> Iterator[Refusal]:
    count = event["count"]
    brackets = table.catalog.castle.icons_for
    if count not in brackets:
        yield Refusal("viscounts.castle.brackets",
                      say("1 to {most} Workers are placed, not {count}", most=max(brackets),
                          count=count), player=player.name, found=str(count), skip=True)
    if not player.workers or count > player.workers:
        yield Refusal("viscounts.castle.supply",
                      say("{player} has {workers} in supply and cannot place {count}",
                          player=player.name, workers=counted(player.workers, 'Worker'),
                          count=count), player=player.name, found=str(count), skip=True)
    icons = yield from funding_refusals(table, player, "place_workers", event)
    if icons < brackets[count]:
        yield Refusal("viscounts.castle.brackets",
                      say("placing {workers} takes {icons}; {player} has {held}",
                          workers=counted(count, 'Worker'),
                          icons=counted(brackets[count], 'Noble icon'), player=player.name,
                          held=icons), player=player.name, expected=str(brackets[count]),
                      found=str(icons))


def apply_workers(table: Table, event: dict) -> None:
    """The Place Workers' funding paid, then the Workers placed and the castle resolved."""
    player = table.state.players[event["player"]]
    pay_funding(table, player, "place_workers", event)
    table.state.acted = "place_workers"
    place(table, player.name, table.side_of(player.space), event["count"])
    trigger(table, player.name, "after_place_workers")


def workers_candidates(table: Table) -> Iterator[dict]:
    """Each bracket the player has the Workers for, largest first, each least funding."""
    player = table.player(table.state.current)
    if table.catalog.spaces[player.space].path != PATH["place_workers"]:
        return
    for icons, count in reversed(table.catalog.castle.brackets):
        if count <= player.workers:
            for funding in funding_options(table, player, "place_workers", icons):
                yield {"type": "workers", "player": player.name, "count": count, **funding}


def place(table: Table, name: str, side: str, count: int) -> None:
    """Put Workers from supply into a tier-1 section and resolve the castle."""
    player = table.player(name)
    count = min(count, player.workers)
    player.workers -= count
    table.state.tier1[side][name] += count
    resolve_castle(table, name)


def resolve_castle(table: Table, name: str, chosen: str | None = None,
                   clockwise: int | None = None) -> None:
    """Tier-1 groups of 3 spread (the player orders several), tier 2 promotes, then bumps.

    Under ``zh-castle-spread-rest`` a group of more than 3 sends all but the inward Worker
    to the two sides, as a ``castle_split`` decision says.
    """
    state = table.state
    while True:
        ready = [s for s in state.segments if state.tier1[s].get(name, 0) >= LIMIT]
        if not ready:
            break
        if chosen is None and len(ready) > 1:
            ask(table, name, "castle_order", "castle", optional=False, sections=ready)
            return
        side = chosen or ready[0]
        workers = state.tier1[side][name]
        if clockwise is None and workers > LIMIT and table.allows("zh-castle-spread-rest"):
            ask(table, name, "castle_split", "castle", optional=False, section=side,
                workers=workers)
            return
        _spread(table, name, side, clockwise)
        chosen, clockwise = None, None
    _promote(table, name)
    _bump(table)


def _spread(table: Table, name: str, side: str, clockwise: int | None) -> None:
    """1 Worker inward (tier-2 reward at once), 1 clockwise, 1 counter-clockwise; or, as
    the log splits them, all the others to the two sides."""
    state = table.state
    segments = state.segments
    i = segments.index(side)
    leaving = state.tier1[side][name] if clockwise is not None else LIMIT
    clockwise = clockwise or 1
    state.tier1[side][name] -= leaving
    state.tier2[side][name] += 1
    state.tier1[segments[(i + 1) % len(segments)]][name] += clockwise
    state.tier1[segments[(i - 1) % len(segments)]][name] += leaving - 1 - clockwise
    reward_id, reward = table.tier2_reward(side)
    table.touch(reward_id)
    resolve(table, name, reward, reward_id)


def _promote(table: Table, name: str) -> None:
    """Tier-2 sections with 3 or more own Workers send 1 to tier 3 while 3 remain."""
    state = table.state
    once = table.allows("zh-castle-tier2-once")
    before = state.tier3[name]
    for side in state.segments:
        while state.tier2[side].get(name, 0) >= LIMIT:
            state.tier2[side][name] -= 1
            state.tier3[name] += 1
            resolve(table, name, table.catalog.castle.tier3_reward, "castle-tier3")
            if once:
                break
    if state.tier3[name] > before:
        _claim_leader(table, name)


def _claim_leader(table: Table, name: str) -> None:
    """The first Worker in tier 3 takes the Castle Leader; after that only more tier-3
    Workers than the holder take it (p.19). The report says so: a lost +1 is why a later
    draw stops lower."""
    state = table.state
    holder, mine = state.leader, state.tier3[name]
    if holder == name:
        return
    if holder is not None and mine <= state.tier3[holder]:
        if mine == state.tier3[holder]:
            table.note(say("{name} has {workers} in tier 3, as many as {holder}: {holder} keeps "
                           "the Castle Leader (only more takes it)",
                           name=name, workers=counted(mine, 'Worker'), holder=holder))
        return
    state.leader = name
    table.touch("castle-leader")
    plus = table.catalog.castle.leader_hand_limit_plus
    gain = "" if table.automated(name) else say(" (hand limit +{plus} for {name})", plus=plus,
                                                name=name)
    if holder is None:
        table.note(say("{name} moves the first Worker into tier 3 and takes the Castle "
                       "Leader{gain}", name=name, gain=gain))
        return
    lost = "" if table.automated(holder) else (
        say("; {holder}'s hand limit is {hand_limit} from the next draw, with no discard of the "
            "cards held", holder=holder,
            hand_limit=hand_limit(table, table.player(holder))))
    table.note(say("{name} takes the Castle Leader from {holder}: {workers} in tier 3 against "
                   "{held}{gain}{lost}", name=name, holder=holder,
                   workers=counted(mine, 'Worker'), held=state.tier3[holder], gain=gain,
                   lost=lost))


def _bump(table: Table) -> None:
    """Sections holding more than 3 Workers are cut to 3; with one colour, by the engine."""
    state = table.state
    for tier, sections in ((1, state.tier1), (2, state.tier2)):
        for side, workers in sections.items():
            excess = sum(workers.values()) - LIMIT
            if excess <= 0:
                continue
            owners = [o for o in state.seats if workers[o]]
            if len(owners) == 1:
                bump(table, tier, side, {owners[0]: excess})
            else:
                ask(table, state.current, "bump", "castle", optional=False,
                    section=f"t{tier}-{side}", excess=excess)


def bump(table: Table, tier: int, side: str, owners: dict[str, int]) -> None:
    """Send Workers back to their owners' supply, each owner gaining the bump reward."""
    section = (table.state.tier1 if tier == 1 else table.state.tier2)[side]
    reward = table.catalog.castle.bump_rewards[tier - 1]
    for owner, count in owners.items():
        section[owner] -= count
        table.player(owner).workers += count
        for _ in range(count):
            resolve(table, owner, reward, f"bump-tier{tier}")
