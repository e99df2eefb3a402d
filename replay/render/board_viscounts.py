"""A picture of a Viscounts table: the ring of segments in play around the castle, and each
player's Virtue and Corruption track.

Each segment in play is a wedge of the ring, clockwise from the top as the table lays them:
its two outer spaces near the rim, its inner space near the castle, its four building spots
beside the inner space (left and right of the river), the links between them, and the tops
of its Townsfolk and manuscript piles. In the middle the castle: tier 1 and tier 2 in five
sections, each facing its segment, and tier 3, with every player's Workers by their initials.
Everything is taken from the table and named from the catalog, so a transcribed catalog
draws its own board.
"""

from __future__ import annotations

from replay.core.speech import say, tr
from replay.render.language import joined
from replay.render.names import readers_names
from replay.render.svg import (
    Mark,
    Picture,
    element,
    legend,
    marks,
    polar,
    ring_sector,
    text,
    titled,
    worker_words,
)
from replay.viscounts.names import board_name, manuscript_name, printed_names
from replay.viscounts.table import Table

SIZE = 600  # the ring's square, before the legend
CENTRE = SIZE / 2
RIM, RING = 292, 126  # the segments' ring, outer and inner radius
TIER1, TIER2, TIER3 = 120, 78, 42  # the castle's tiers, outer radius of each
OUTER_SPACE, INNER_SPACE, SPOT = 262, 150, 150  # radius of each kind of place
OUTER_TURN, SPOT_TURNS = 17, (17, 29)  # degrees from the segment's middle
SPACE_RADIUS = 17
RIVER = 236  # the river is drawn from here to the rim, between the outer spaces
ROLES = ("outer_left", "outer_right", "inner")
# Phrases: the manuscripts' ribbon colours, said in the reader's language where drawn (``tr``).
RIBBONS = {"black": say("black"), "blue": say("blue"), "grey": say("grey"),
           "yellow": say("yellow")}


def _counts(workers, players: dict[str, Mark]) -> str:
    """A castle section's Workers in initials: ``A2 B1`` (a dash when empty)."""
    return " ".join(f"{players[name].initials if name in players else name}{n}"
                    for name, n in workers.items() if n) or "–"


def _space_place(role: str, middle: float) -> tuple[float, float]:
    if role == "inner":
        return polar(CENTRE, CENTRE, INNER_SPACE, middle)
    turn = -OUTER_TURN if role == "outer_left" else OUTER_TURN
    return polar(CENTRE, CENTRE, OUTER_SPACE, middle + turn)


def _spot_place(river: str, order: int, middle: float) -> tuple[float, float]:
    turn = SPOT_TURNS[min(order, len(SPOT_TURNS)) - 1]
    return polar(CENTRE, CENTRE, SPOT, middle + (-turn if river == "left" else turn))


def picture(table: Table) -> Picture:
    """The table as it stands, drawn, with the same facts in words."""
    state, catalog = table.state, table.catalog
    english, readers = printed_names(table), readers_names(catalog.names_in)

    def printed(ident: str) -> str | None:
        return readers.get(ident) or english(ident)

    players = marks(list(state.seats) + [n for n in state.players if n not in state.seats])
    sides = list(state.segments)
    span = 360 / max(len(sides), 1)
    body = [element("rect", x=0, y=0, width=SIZE, height=SIZE, fill="#f7f3e8")]
    stands, built, piles = [], [], []
    standing: dict[str, list[str]] = {}
    for name, player in state.players.items():
        if player.space:
            standing.setdefault(player.space, []).append(name)
            stands.append(tr("{player} ({initials}): {space}", player=name,
                             initials=players[name].initials, space=printed(player.space)))
    for i, side_id in enumerate(sides):
        side = catalog.sides[side_id]
        middle = i * span
        label = board_name(catalog, side_id)
        body.append(titled(label, ring_sector(
            CENTRE, CENTRE, RING, RIM, middle - span / 2, middle + span / 2,
            fill="#e8dfc6" if i % 2 else "#efe7d2", stroke="#6b5a3a", stroke_width=1.5)))
        river_in, river_out = polar(CENTRE, CENTRE, RIVER, middle), polar(CENTRE, CENTRE, RIM,
                                                                       middle)
        body.append(titled(tr("the river of {segment}", segment=label), element(
            "line", x1=round(river_in[0], 1), y1=round(river_in[1], 1),
            x2=round(river_out[0], 1), y2=round(river_out[1], 1), stroke="#3a78b5",
            stroke_width=4, stroke_dasharray="6 3")))
        body += _links(side, middle, printed)
        for role in ROLES:
            space = side.spaces.get(role)
            if space is not None:
                body.append(_space(space.id, printed(space.id), _space_place(role, middle),
                                   [players[n] for n in standing.get(space.id, [])]))
        for spot in side.spots:
            held = state.spots.get(spot.id)
            body.append(_spot(spot.id, printed(spot.id), _spot_place(spot.river, spot.order,
                                                                    middle), held, players,
                              catalog))
            if held:
                owner, building = held
                built.append(tr("{spot}: {player}'s {building}", spot=printed(spot.id),
                                player=owner, building=catalog.buildings[building].name))
        body.append(_tops(table, side_id, label, middle, piles))
    castle, castle_facts = _castle(table, sides, span, players, printed)
    body += castle
    tracks, track_facts, below = _tracks(table, players, SIZE)
    body += tracks
    drawn, height = legend(players, SIZE + below, SIZE)
    body.append(drawn)
    height += below
    body.insert(0, element("rect", x=0, y=0, width=SIZE, height=SIZE + height, fill="#ffffff"))
    return Picture(
        title=tr("The Viscounts table (round {round})", round=state.round) if state.round
        else tr("The Viscounts table (setup)"),
        description=tr("The segments in play around the castle, clockwise from the top; each "
                       "player's Viscount by initials on its space, buildings on their spots, "
                       "the castle's Workers per tier and section, the tops of the piles; "
                       "below, each player's Virtue and Corruption markers."),
        width=SIZE, height=SIZE + height, body=body,
        facts=[(tr("Viscounts"), stands or [tr("no Viscount on the board yet")]),
               (tr("Buildings"), built or [tr("no building yet")]),
               (tr("Castle"), castle_facts), (tr("Virtue and Corruption"), track_facts),
               (tr("Tops of the piles"), piles)])


def _tracks(table: Table, players: dict[str, Mark], top: float
            ) -> tuple[list[str], list[str], float]:
    """Each player's Virtue and Corruption track (its collision track): the two markers on
    their spaces, C and V, meeting where they collide (p.10); the drawing, the words and the
    height they take."""
    spaces = table.catalog.player_board.track_spaces
    cell = (SIZE - 150) / spaces
    body = [text(8, top + 22, tr("Virtue (V) and Corruption (C) markers"), size=15,
                 font_weight="bold", text_anchor="start")]
    facts = []
    for row, (name, player) in enumerate(table.state.players.items()):
        y = top + 34 + row * 30
        mark = players[name]
        parts = [mark.disc(20, y + 12, radius=11),
                 text(36, y + 17, name, size=13, text_anchor="start")]
        for space in range(1, spaces + 1):
            x = 140 + (space - 1) * cell
            parts.append(element("rect", x=round(x, 1), y=y, width=round(cell - 2, 1),
                                 height=24, fill="#ffffff", stroke="#888"))
            here = [letter for letter, at in (("C", player.corruption), ("V", player.virtue))
                    if at == space]
            if here:
                parts.append(text(x + cell / 2 - 1, y + 17, " ".join(here), size=13,
                                  font_weight="bold", fill=mark.fill if mark.ink == "#ffffff"
                                  else "#111"))
        said = tr("{player}: Corruption on space {corruption}, Virtue on space {virtue} of "
                  "{spaces}", player=name, corruption=player.corruption, virtue=player.virtue,
                  spaces=spaces)
        facts.append(said)
        body.append(titled(said, *parts, data_track=name))
    return body, facts, 40 + len(table.state.players) * 30


def _space(ident: str, name: str, place: tuple[float, float], standing: list[Mark]) -> str:
    """A space, with the Viscounts on it as discs."""
    x, y = place
    parts = [element("circle", cx=round(x, 1), cy=round(y, 1), r=SPACE_RADIUS, fill="#ffffff",
                     stroke="#6b5a3a", stroke_width=1.5)]
    for n, mark in enumerate(standing):
        dx = (n - (len(standing) - 1) / 2) * 14
        parts.append(mark.disc(x + dx, y, radius=12.5,
                               label=tr("{player}'s Viscount", player=mark.name)))
    whose = joined(tr("{player}'s Viscount", player=m.name) for m in standing)
    return titled(name + tr(": ") + whose if whose else name, *parts, data_place=ident)


def _spot(ident: str, name: str, place: tuple[float, float], held, players: dict[str, Mark],
          catalog) -> str:
    """A building spot: empty, or its building's initial on its owner's colour."""
    x, y = place
    if not held:
        return titled(tr("{spot}: empty", spot=name), element(
            "rect", x=round(x - 9, 1), y=round(y - 9, 1), width=18, height=18, rx=3,
            fill="#ffffff", stroke="#6b5a3a", stroke_dasharray="3 2"), data_place=ident)
    owner, building = held
    mark = players[owner]
    building_name = catalog.buildings[building].name
    return titled(tr("{spot}: {player}'s {building}", spot=name, player=owner,
                     building=building_name), element(
        "rect", x=round(x - 17, 1), y=round(y - 12, 1), width=34, height=24, rx=3,
        fill=mark.fill, stroke="#111", stroke_width=1.5),
        text(x, y + 5, f"{mark.initials}·{building_name[:1]}", size=12.5, fill=mark.ink,
             font_weight="bold"), data_place=ident, data_building=building)


def _links(side, middle: float, printed) -> list[str]:
    """The links between building spots, as lines under them."""
    spots = {spot.id: spot for spot in side.spots}
    lines = []
    for link in side.links:
        ends = [spots[e] for e in link.ends if e in spots]
        if len(ends) != 2:
            continue
        (x1, y1), (x2, y2) = (_spot_place(s.river, s.order, middle) for s in ends)
        lines.append(titled(printed(link.id), element(
            "line", x1=round(x1, 1), y1=round(y1, 1), x2=round(x2, 1), y2=round(y2, 1),
            stroke="#6b5a3a", stroke_width=3)))
    return lines


def _tops(table: Table, side_id: str, label: str, middle: float, piles: list[str]) -> str:
    """The segment's name and the tops of its piles, in the middle of its wedge."""
    state = table.state
    townsfolk = state.townsfolk.get(side_id)
    manuscripts = state.manuscripts.get(side_id)
    folk = table.name(townsfolk.top) if townsfolk and townsfolk.top else tr("no Townsfolk")
    if manuscripts and manuscripts.top:
        tile = table.catalog.manuscripts[manuscripts.top]
        written = manuscript_name(tile)
        short = tr("{ribbon} · cost {cost}", ribbon=tr(RIBBONS.get(tile.ribbon, tile.ribbon)),
                   cost=tile.cost)
    else:
        written = short = tr("no manuscript")
    piles.append(tr("{segment}: {townsfolk} on the Townsfolk pile ({cards} cards); "
                    "{manuscript} on the manuscript pile ({tiles} tiles)", segment=label,
                    townsfolk=folk, cards=townsfolk.size if townsfolk else 0,
                    manuscript=written, tiles=manuscripts.size if manuscripts else 0))
    x, y = polar(CENTRE, CENTRE, 212, middle)
    number = label.split(",")[0].removeprefix("segment ")
    return titled(f"{label}: {folk}; {written}",
                  text(x, y - 15, tr("Segment {number}{side}", number=number,
                                     side=label.rpartition("side")[2].strip()),
                       size=13.5, font_weight="bold"),
                  text(x, y + 2, folk, size=13.5),
                  text(x, y + 17, short, size=12, fill="#3b3b3b"))


def _tier2_name(printed: str, segment: str) -> str:
    """``tier 2, section 1 (1 ink, 1 stone), facing segment 1`` from the section's name."""
    section, _, reward = printed.removeprefix("castle tier-2 ").partition(": ")
    return tr("tier 2, {section} ({reward}), facing {segment}", section=section, reward=reward,
              segment=segment) if reward else \
        tr("tier 2, {section}, facing {segment}", section=section, segment=segment)


def _castle(table: Table, sides: list[str], span: float, players: dict[str, Mark],
            printed) -> tuple[list[str], list[str]]:
    """The castle's tiers with each player's Workers, and the same in words."""
    state = table.state
    body = [element("circle", cx=CENTRE, cy=CENTRE, r=TIER1 + 2, fill="#d9d4ca",
                    stroke="#444", stroke_width=1.5)]
    facts = []
    for i, side_id in enumerate(sides):
        middle = i * span
        segment = board_name(table.catalog, side_id).split(",")[0]
        for tier, inner, outer, workers, name in (
                (1, TIER2, TIER1, state.tier1.get(side_id) or {},
                 tr("tier 1, section facing {segment}", segment=segment)),
                (2, TIER3, TIER2, state.tier2.get(side_id) or {},
                 _tier2_name(printed(table.tier2_reward(side_id)[0]), segment))):
            words = worker_words(dict(workers))
            facts.append(name + tr(": ") + words)
            x, y = polar(CENTRE, CENTRE, (inner + outer) / 2, middle)
            title = tr("castle {section}: {workers}", section=name, workers=words)
            body.append(titled(title, ring_sector(
                CENTRE, CENTRE, inner, outer, middle - span / 2, middle + span / 2,
                fill="#ece8df" if tier == 1 else "#dcd6c8", stroke="#444"),
                text(x, y + 5, _counts(workers, players), size=14 if tier == 1 else 12.5,
                     font_weight="bold"), data_section=f"t{tier}-{side_id}"))
    words = worker_words(dict(state.tier3))
    facts.append(tr("tier 3: {workers}", workers=words))
    title = tr("castle tier 3: {workers}; the Leader is {leader}", workers=words,
               leader=state.leader) if state.leader \
        else tr("castle tier 3: {workers}", workers=words)
    body.append(titled(title, element(
        "circle", cx=CENTRE, cy=CENTRE, r=TIER3, fill="#c9c1ae", stroke="#444"),
        text(CENTRE, CENTRE - 7, tr("Tier 3"), size=11),
        text(CENTRE, CENTRE + 11, _counts(state.tier3, players), size=12.5,
             font_weight="bold"),
        data_section="t3"))
    if state.leader:
        facts.append(tr("the castle Leader: {leader}", leader=state.leader))
    return body, facts
