"""A picture of a Coimbra table: the city, the four influence tracks, the voyages and the
pilgrim map.

The city is its four locations in the order they resolve (the castle, then the upper,
central and lower city): each city row with its face-up characters (their class's colour, a
crown where a crown token lies) and every location's queue of dice, each die its colour and
value with its owner's initials, left to right in the order they resolve. Each track shows
every player's disk on its space; the voyages on the board and those taken, with their
owners; the pilgrim map is laid out from the catalog's roads in rings out from Coimbra, each
pilgrim on its space.
Everything is named from the catalog, so a transcribed catalog draws its own board.
"""

from __future__ import annotations

from replay.coimbra.catalog import TRACK_COLOURS
from replay.coimbra.report import place_name
from replay.coimbra.state import CITY_ROWS, LOCATIONS, TRACKS
from replay.coimbra.table import Table
from replay.core.speech import say, tr
from replay.render.language import joined
from replay.render.names import readers_names
from replay.render.svg import STYLE, Mark, Picture, element, legend, marks, text, titled

WIDTH = 420  # narrow, so that a phone shows it near its own size
LABEL = 78  # the column of track names on the left
# Phrases, said in the reader's language where they are drawn (``tr``).
LOCATION_NAMES = {"castle": say("Castle"), "upper": say("Upper city"),
                  "central": say("Central city"), "lower": say("Lower city")}
TRACK_NAMES = {"council": say("Council"), "merchant": say("Merchant"), "clergy": say("Clergy"),
               "scholar": say("Scholar")}
CURRENCIES = {"coins": say("coins"), "guards": say("guards")}
DIE_COLOURS = {"gray": say("gray"), "orange": say("orange"), "purple": say("purple"),
               "green": say("green"), "white": say("white"), "black": say("black")}
CARDS_PER_LINE, CARD_H, DIE = 2, 30, 22
CARD_W = (WIDTH - 20) / CARDS_PER_LINE - 4
NODE_ROW = 56  # the height of one ring of the pilgrim map


def _colour(name: str) -> dict:
    return STYLE["dice"].get(name, STYLE["dice"]["token"])


def _wrap(words: str, width: int, most: int = 2) -> list[str]:
    """Words in at most ``most`` lines of about ``width`` characters."""
    lines = [""]
    for word in words.split():
        if lines[-1] and len(lines[-1]) + 1 + len(word) > width and len(lines) < most:
            lines.append(word)
        else:
            lines[-1] = f"{lines[-1]} {word}".strip()
    return lines


def picture(table: Table) -> Picture:
    """The table as it stands, drawn, with the same facts in words."""
    state, catalog = table.state, table.catalog
    players = marks(list(state.players))  # in seat order, the same colours all game
    readers = readers_names(catalog.names_in)

    def named(ident: str) -> str:
        if (catalog.nodes.get(ident) or {}).get("kind") == "city":
            return "Coimbra"
        return readers.get(ident) or catalog.names.get(ident) or place_name(catalog, ident) \
            or ident

    body, facts, top = [], [], 0.0
    for part in (_city, _tracks, _voyages, _pilgrims):
        drawn, said, height = part(table, players, named, top)
        body += drawn
        facts += said
        top += height
    drawn, height = legend(players, top, WIDTH)
    body.append(drawn)
    facts.insert(0, (tr("Players"), [
        tr("{player} ({initials}): {coins} coins, {guards} guards, {points} points, {crowns} "
           "crowns this round", player=name, initials=players[name].initials, coins=p.coins,
           guards=p.guards, points=p.points, crowns=p.crown_tokens)
        for name, p in state.players.items()]))
    body.insert(0, element("rect", x=0, y=0, width=WIDTH, height=top + height, fill="#ffffff"))
    return Picture(
        title=tr("The Coimbra table (round {round})", round=state.round) if state.round else
        tr("The Coimbra table (setup)"),
        description=tr("The castle and the three city rows with their characters and the dice "
                       "placed there, the four influence tracks with each player's disk, the "
                       "voyages, and the pilgrim map with each pilgrim; players by initials."),
        width=WIDTH, height=top + height, body=body, facts=facts)


def _fitted(x: float, y: float, words: str, width: float, size: float) -> str:
    """A line of text from ``x``, squeezed into ``width`` when it is longer (about 0.55 em
    a letter)."""
    long = len(words) * size * 0.55 > width
    return text(x, y, words, size=size, text_anchor="start",
                textLength=round(width) if long else None,
                lengthAdjust="spacingAndGlyphs" if long else None)


def _heading(words: str, top: float) -> str:
    return text(8, top + 18, words, size=15, font_weight="bold", text_anchor="start")


def _die(slot, x: float, y: float, players: dict[str, Mark]) -> str:
    """A die (or neutral token) of a queue, its owner's initials under it."""
    colour = "token" if slot.die.startswith("token") else slot.die.rstrip("0123456789")
    look = _colour(colour)
    owner = players[slot.owner].initials if slot.owner in players else ""
    what = (tr("{player}'s {colour} die showing {value}", player=slot.owner,
               colour=tr(DIE_COLOURS.get(colour, colour)), value=slot.value) if slot.owner else
            tr("neutral token {value}", value=slot.value)) \
        + (tr(", resolved") if slot.resolved else "")
    return titled(what, element("rect", x=x, y=y, width=DIE, height=DIE, rx=3,
                                fill=look["fill"], stroke="#111",
                                stroke_dasharray="2 2" if slot.resolved else None),
                  text(x + DIE / 2, y + 16, slot.value, size=14, fill=look["ink"],
                       font_weight="bold"),
                  text(x + DIE / 2, y + DIE + 13, owner or "·", size=12),
                  data_die=slot.die)


def _city(table: Table, players, named, top: float):
    state, catalog = table.state, table.catalog
    body, said = [_heading(tr("The city"), top)], []
    y = top + 28
    for location in LOCATIONS:
        name = tr(LOCATION_NAMES[location])
        cards = state.rows.get(location) or [] if location in CITY_ROWS else []
        favors = [named(f) for f in state.favors_available] if location == "castle" else []
        notes = _wrap(tr("Favors: {favors}", favors=joined(favors) or tr("none")), 58, 3) \
            if location == "castle" else []
        card_lines = -(-len(cards) // CARDS_PER_LINE)
        row_h = 28 + len(notes) * 15 + card_lines * (CARD_H + 4) + DIE + 18
        body.append(element("rect", x=2, y=y, width=WIDTH - 4, height=row_h - 4, rx=6,
                            fill="#f4efe4", stroke="#8a7a5a"))
        body.append(text(10, y + 19, name, size=14, font_weight="bold", text_anchor="start"))
        inner = y + 26
        for line in notes:
            body.append(text(10, inner + 10, line, size=12, text_anchor="start"))
            inner += 15
        if notes:
            said.append(tr("Favors in the castle: {favors}",
                           favors=joined(favors) or tr("none")))
        shown = []
        for i, card in enumerate(cards):
            x = 10 + (i % CARDS_PER_LINE) * (CARD_W + 4)
            at = inner + (i // CARDS_PER_LINE) * (CARD_H + 4)
            if card is None:
                body.append(element("rect", x=round(x, 1), y=at, width=round(CARD_W, 1),
                                    height=CARD_H, rx=4, fill="none", stroke="#8a7a5a",
                                    stroke_dasharray="4 3"))
                continue
            character = catalog.characters[card]
            body.append(_card(character, x, at, state.crown_tokens.get(card)))
            crown = tr(" (crown token)") if card in state.crown_tokens else ""
            shown.append(f"{character.name} ({_track(character.cls)}){crown}")
        if location in CITY_ROWS:
            said.append(name + tr(": ") + (joined(shown) or tr("no character left")))
        inner += card_lines * (CARD_H + 4)
        dice = state.queues.get(location) or []
        for i, slot in enumerate(dice):
            body.append(_die(slot, 10 + i * (DIE + 10), inner, players))
        if not dice:
            body.append(text(10, inner + 15, tr("no die yet"), size=12, text_anchor="start",
                             fill="#555"))
        neutral = tr("neutral token")
        queue = joined(f"{s.value} ({s.owner or neutral})" for s in dice)
        said.append(tr("Dice on the {location}, in the order they resolve: {dice}",
                       location=name.lower(), dice=queue or tr("none")))
        y += row_h
    return body, [(tr("The city"), said)], y - top


def _track(track: str) -> str:
    """A track's (or a character class's) name, as a person reads it."""
    return tr(TRACK_NAMES[track]).lower() if track in TRACK_NAMES else track


def _card(card, x: float, y: float, crown: str | None) -> str:
    """A face-up character: its name beside its class's colour, a crown if a token lies on
    it."""
    look = _colour(TRACK_COLOURS.get(card.cls, "token"))
    parts = [element("rect", x=round(x, 1), y=y, width=round(CARD_W, 1), height=CARD_H, rx=4,
                     fill="#ffffff", stroke="#444"),
             element("rect", x=round(x, 1), y=y, width=8, height=CARD_H, fill=look["fill"]),
             _fitted(x + 13, y + 19, card.name, CARD_W - 32, size=12.5)]
    if crown:
        parts.append(text(x + CARD_W - 10, y + 20, "♛", size=15))
    title = tr("{character}, {track}, level {level}", character=card.name,
               track=_track(card.cls), level=card.level) \
        + (tr(", a crown token on it") if crown else "")
    return titled(title, *parts, data_card=card.id)


def _tracks(table: Table, players, named, top: float):
    state, catalog = table.state, table.catalog
    body, said = [_heading(tr("Influence tracks"), top)], []
    y = top + 28
    for track in TRACKS:
        most = catalog.track_max.get(track, 15)
        cell = (WIDTH - LABEL - 6) / (most + 1)
        look = _colour(TRACK_COLOURS.get(track, "token"))
        tile = state.scoring_tiles.get(track)
        body.append(text(8, y + 21, tr(TRACK_NAMES[track]), size=13, font_weight="bold",
                         text_anchor="start"))
        for space in range(most + 1):
            x = LABEL + space * cell
            body.append(element("rect", x=round(x, 1), y=y, width=round(cell, 1), height=32,
                                fill=look["fill"] if space % 5 == 0 else "#ffffff",
                                fill_opacity=0.35, stroke="#666"))
            if space % 5 == 0:
                body.append(text(x + cell / 2, y + 10, space, size=9, fill="#333"))
        at: dict[int, list[str]] = {}
        for name, player in state.players.items():
            at.setdefault(player.influence.get(track, 0), []).append(name)
        for space, names in at.items():
            for n, name in enumerate(names):
                x = LABEL + space * cell + cell / 2 + (n % 2 - 0.5) * 9 * (len(names) > 1)
                body.append(players[name].disc(x, y + 21 + (n // 2) * 4, radius=8,
                                               label=f"{name}: {_track(track)} {space}"))
        said.append(tr(TRACK_NAMES[track])
                    + (f" ({named(tile)})" if tile else "") + tr(": ")
                    + joined(f"{name} {p.influence.get(track, 0)}"
                             for name, p in state.players.items()))
        y += 38
    return body, [(tr("Influence tracks"), said)], y - top + 4


def _voyages(table: Table, players, named, top: float):
    state = table.state
    owners = {v: name for name, p in state.players.items() for v in p.voyages}
    shown = [*state.voyages, *(v for v in owners if v not in state.voyages)]
    body, said = [_heading(tr("Voyages"), top)], []
    width = (WIDTH - 8) / 2
    for i, voyage in enumerate(shown):
        x, y = 4 + (i % 2) * width, top + 28 + (i // 2) * 44
        tile = table.catalog.voyages.get(voyage)
        owner = owners.get(voyage)
        cost = f"{tile.cost} {tr(CURRENCIES.get(tile.currency, tile.currency))}" if tile else ""
        parts = [element("rect", x=round(x, 1), y=y, width=round(width - 4, 1), height=40,
                         rx=4, fill="#e9f0f7" if owner is None else "#ffffff", stroke="#3a5f85")]
        parts.append(_fitted(x + 6, y + 16, named(voyage), width - 40, size=12.5))
        parts.append(text(x + 6, y + 33, cost + (f" · {owner}" if owner else ""),
                          size=11.5, text_anchor="start", fill="#333"))
        if owner:
            parts.append(players[owner].disc(x + width - 18, y + 20, radius=9))
        body.append(titled(f"{named(voyage)}, {cost}"
                           + (tr(", taken by {player}", player=owner) if owner
                              else tr(", on the board")), *parts, data_voyage=voyage))
        said.append(f"{named(voyage)} ({cost})" + tr(": ")
                    + (tr("taken by {player}", player=owner) if owner else tr("on the board")))
    rows = (len(shown) + 1) // 2
    return body, [(tr("Voyages"), said or [tr("none")])], 32 + rows * 44


def _rings(catalog) -> list[list[str]]:
    """The pilgrim map's spaces in rings out from Coimbra along its roads (a space no road
    reaches in a last ring)."""
    roads = catalog.roads_any
    start = "coimbra" if "coimbra" in catalog.nodes else next(iter(catalog.nodes), None)
    rings, seen = [], set()
    ring = [start] if start else []
    while ring:
        rings.append(ring)
        seen.update(ring)
        # Each space under the middle of the spaces it comes from, so that few roads cross.
        at = {node: i for i, node in enumerate(ring)}
        ring = sorted({n for node in ring for n in roads.get(node, ()) if n not in seen},
                      key=lambda n: (sum(at[m] for m in roads.get(n, ()) if m in at)
                                     / max(1, sum(m in at for m in roads.get(n, ()))), n))
    rest = sorted(set(catalog.nodes) - seen)
    return rings + ([rest] if rest else [])


def _pilgrims(table: Table, players, named, top: float):
    state, catalog = table.state, table.catalog
    rings = _rings(catalog)
    place = {}
    for depth, ring in enumerate(rings):
        gap = (WIDTH - 20) / len(ring)
        for i, node in enumerate(ring):
            place[node] = (10 + gap * (i + 0.5), top + 50 + depth * NODE_ROW)
    body = [_heading(tr("Pilgrim map"), top)]
    for node, ends in catalog.roads_any.items():
        for end in sorted(ends):  # a set: drawn in one order, the same page every time
            if node < end and node in place and end in place:
                (x1, y1), (x2, y2) = place[node], place[end]
                body.append(element("line", x1=round(x1, 1), y1=y1, x2=round(x2, 1), y2=y2,
                                    stroke="#9a8a6a", stroke_width=2))
    standing: dict[str, list[str]] = {}
    for name, player in state.players.items():
        if player.pilgrim:
            standing.setdefault(player.pilgrim, []).append(name)
    for node, (x, y) in place.items():
        kind = catalog.nodes[node].get("kind")
        tile = state.monasteries.get(node)
        title = named(node) + (f": {named(tile)}" if tile else "")
        number = node.rpartition("-")[2].lstrip("0")
        if kind == "city":
            shape = [element("rect", x=round(x - 30, 1), y=y - 13, width=60, height=26, rx=6,
                             fill="#c9b27c", stroke="#444"), text(x, y + 5, "Coimbra", size=11)]
        elif kind == "monastery":
            shape = [element("rect", x=round(x - 14, 1), y=y - 12, width=28, height=24, rx=3,
                             fill="#efe3c4", stroke="#444"),
                     text(x, y + 4, f"{catalog.nodes[node].get('level')}·{number}", size=9)]
        elif kind == "corner":
            shape = [element("rect", x=round(x - 9, 1), y=y - 9, width=18, height=18,
                             fill="#ffffff", stroke="#444", transform=f"rotate(45 {x:.1f} {y})")]
        else:
            shape = [element("circle", cx=round(x, 1), cy=y, r=6, fill="#ffffff",
                             stroke="#444")]
        here = standing.get(node, [])
        for n, name in enumerate(here):
            shape.append(players[name].disc(x - 6 * (len(here) - 1) + 12 * n, y - 20, radius=8,
                                            label=tr("{player}'s pilgrim", player=name)))
        body.append(titled(title + (tr(": ") + joined(tr("{player}'s pilgrim", player=n)
                                                      for n in here)
                                    if here else ""), *shape, data_node=node))
    said = [tr("{player}'s pilgrim: {space}", player=name,
               space=named(p.pilgrim) if p.pilgrim else tr("not on the map"))
            + (tr("; monasteries visited: {monasteries}",
                  monasteries=joined(map(named, p.monasteries))) if p.monasteries else "")
            for name, p in state.players.items()]
    said += [named(space) + tr(": ") + named(tile) for space, tile in state.monasteries.items()]
    return body, [(tr("Pilgrim map"), said)], 40 + len(rings) * NODE_ROW
