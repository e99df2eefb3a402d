"""Checks of a Viscounts catalog as a whole: ids, references, counts and placeholder labels.

They run on a document whose entries already passed ``catalog_schema`` one by one, and each
problem is located at the path of the value that is wrong (or of the list that is short).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

from replay.core.logs.declarations import ENTRY_KEYS, iter_entries, resolve
from replay.core.logs.problems import LogProblem
from replay.core.speech import say
from replay.viscounts.catalog_schema import BUILDINGS, PRINTED, ROLES
from replay.viscounts.words import CARD_WORDS, PATH_WORDS

# Printed on the Poverty (p.9 picture) and Prosperity (p.8 picture) cards, by player count.
END_PILES = {"poverty": {"1": 12, "2": 12, "3": 15, "4": 18},
             "prosperity": {"1": 12, "2": 12, "3": 16, "4": 20}}
END_PILE_KIND = {"poverty": say("Debts"), "prosperity": say("Deeds")}
TOWNSFOLK = {"starting": 8, "hero": 10, "neutral": 68}  # p.3
PLAYER_CARDS = 10  # numbered 1-10, one start number each (p.3, p.8)
AI_BOARDS = 4  # the backs of the 4 Player Boards (p.3)


def cross_reference_problems(document: dict) -> list[LogProblem]:
    """Every whole-catalog problem of a document whose entries are each well formed."""
    problems: list[LogProblem] = []
    for check in (_ids_and_labels, _board, _cards, _manuscripts, _buildings_and_castle,
                  _end_cards, _solo):
        problems.extend(check(document))
    return problems


def _ids_and_labels(document: dict) -> Iterator[LogProblem]:
    seen: dict[str, str] = {}
    whole = partial = 0
    printed = document["meta"]["printed"]
    for path, entry in iter_entries(document):
        if entry["id"] in seen:
            yield LogProblem(say("id {id} repeats {seen}", id=repr(entry['id']),
                                 seen=seen[entry['id']]), path=f"{path}/id")
        seen.setdefault(entry["id"], path)
        whole += bool(entry.get("placeholder"))
        partial += bool(entry.get("placeholder_fields"))
        for i, name in enumerate(entry.get("placeholder_fields", ())):
            if name.split(".")[0] in ENTRY_KEYS or not resolve(entry, name)[0]:
                yield LogProblem(say("{name} is not a value of {id}", name=repr(name),
                                     id=entry['id']),
                                 path=f"{path}/placeholder_fields/{i}")
            elif printed:
                yield LogProblem(say("{id} {name} is still a placeholder", id=entry['id'],
                                     name=name),
                                 path=f"{path}/{name.replace('.', '/')}")
        if printed and entry.get("placeholder"):
            yield LogProblem(say("{id} is still a placeholder", id=entry['id']), path=path)
        if entry["source"] == PRINTED and not printed:
            yield LogProblem(say("only a transcribed catalog (meta.printed true) cites the printed "
                                 "component"), path=f"{path}/source")
    declared = document["meta"]["placeholders"]
    for key, actual in (("entries", whole), ("entries_with_placeholder_fields", partial)):
        if declared[key] != actual:
            yield LogProblem(say("meta counts {count} {what}", count=declared[key],
                                 what=key.replace('_', ' ')),
                             path=f"/meta/placeholders/{key}", expected=str(actual))


def _board(document: dict) -> Iterator[LogProblem]:
    setup, segments = document["setup"], document["segments"]
    if len(segments) != setup["segments"]:
        yield LogProblem(say("{number} segments", number=len(segments)), path="/segments",
                         expected=str(setup["segments"]))
    yield from _numbered(segments, "number", range(1, setup["segments"] + 1), "/segments")
    for s, segment in enumerate(segments):
        # Logs name a side by its segment's id and a letter (seg3b): the id says the number.
        if segment["id"] != f"seg{segment['number']}":
            yield LogProblem(say("segment {number} has the id {id}", number=segment['number'],
                                 id=repr(segment['id'])),
                             path=f"/segments/{s}/id", expected=f"seg{segment['number']}")
    counts = set(setup["player_counts"])
    start_numbers: dict[int, list[tuple[int, str]]] = {n: [] for n in counts}
    for s, segment in enumerate(segments):
        for n in counts:
            serving = [side["id"] for side in segment["sides"] if n in side["player_counts"]]
            if len(serving) != 1:
                yield LogProblem(say("{number} sides of {id} serve the {n}-player game",
                                     number=len(serving), id=segment['id'], n=n),
                                 path=f"/segments/{s}/sides", expected=say("exactly 1"))
        for d, side in enumerate(segment["sides"]):
            path = f"/segments/{s}/sides/{d}"
            for c, count in enumerate(side["player_counts"]):
                if count not in counts:
                    yield LogProblem(say("the game is not for {count} players", count=count),
                                     path=f"{path}/player_counts/{c}")
            yield from _side(side, path)
            for p, space in enumerate(side["spaces"]):
                if space["start_number"] is not None:
                    for n in counts & set(side["player_counts"]):
                        start_numbers[n].append(
                            (space["start_number"], f"{path}/spaces/{p}/start_number"))
    for n in sorted(counts):
        numbers = Counter(number for number, _ in start_numbers[n])
        for number, where in start_numbers[n]:
            if numbers[number] > 1:
                yield LogProblem(say("start number {number} is printed twice on the {n}-player "
                                     "board", number=number, n=n),
                                 path=where)
        missing = sorted(set(range(1, PLAYER_CARDS + 1)) - set(numbers))
        if missing:
            yield LogProblem(say("the {n}-player board has no start number {numbers}", n=n,
                                 numbers=", ".join(map(str, missing))), path="/segments")


def _side(side: dict, path: str) -> Iterator[LogProblem]:
    roles = Counter(space["role"] for space in side["spaces"])
    if sorted(roles.elements()) != sorted(ROLES):
        yield LogProblem(say("a side has one space of each role: {roles}", roles=", ".join(ROLES)),
                         path=f"{path}/spaces")
    rivers = {spot["river"] for spot in side["spots"]}
    for p, space in enumerate(side["spaces"]):
        where = f"{path}/spaces/{p}"
        outer = space["path"] == "outer"
        if outer != space["role"].startswith("outer"):
            yield LogProblem(say("a {role} space is on the {path} path", role=space['role'],
                                 path=PATH_WORDS['outer' if not outer else 'inner']),
                             path=f"{where}/path")
        if outer != (space["trade"] is not None):
            yield LogProblem(say("outer spaces, and only they, print a trade exchange"),
                             path=f"{where}/trade")
        if outer != (space["river"] is not None):
            yield LogProblem(say("outer spaces, and only they, lie on a side of the river"),
                             path=f"{where}/river")
        elif outer and space["river"] not in rivers:
            yield LogProblem(say("no building spot on the {river} of the river",
                                 river=space['river']),
                             path=f"{where}/river")
    for river in ("left", "right"):
        orders = [spot["order"] for spot in side["spots"] if spot["river"] == river]
        if sorted(orders) != list(range(1, len(orders) + 1)):
            yield LogProblem(say("the {river} spots are not numbered 1..{number} clockwise",
                                 river=river, number=len(orders)),
                             path=f"{path}/spots")
    spots = {spot["id"] for spot in side["spots"]}
    pairs: set[frozenset[str]] = set()
    for k, link in enumerate(side["links"]):
        for e, end in enumerate(link["ends"]):
            if end not in spots:
                yield LogProblem(say("unknown building spot {end} on {id}", end=repr(end),
                                     id=side['id']),
                                 path=f"{path}/links/{k}/ends/{e}")
        pair = frozenset(link["ends"])
        if len(pair) != 2 or pair in pairs:
            yield LogProblem(say("a link joins two different spots, once"),
                             path=f"{path}/links/{k}")
        pairs.add(pair)


def _cards(document: dict) -> Iterator[LogProblem]:
    decks = Counter(card["deck"] for card in document["townsfolk"])
    for deck, wanted in TOWNSFOLK.items():
        if decks[deck] != wanted:
            yield LogProblem(say("{number} {deck} Townsfolk", number=decks[deck], deck=deck),
                             path="/townsfolk",
                             expected=str(wanted))
    yield from _numbered(document["player_cards"], "number", range(1, PLAYER_CARDS + 1),
                         "/player_cards")


def _manuscripts(document: dict) -> Iterator[LogProblem]:
    setup, manuscripts = document["setup"], document["manuscripts"]
    wanted = setup["segments"] * setup["manuscripts_per_pile"]
    if len(manuscripts) != wanted:
        yield LogProblem(say("{number} manuscripts", number=len(manuscripts)), path="/manuscripts",
                         expected=str(wanted))
    grey = sum(m["back"] == "grey" for m in manuscripts)
    if grey != setup["segments"] * setup["grey_backed_per_pile"]:
        yield LogProblem(say("{grey} grey-backed manuscripts", grey=grey), path="/manuscripts",
                         expected=str(setup["segments"] * setup["grey_backed_per_pile"]))
    ribbons = document["manuscript_scoring"]["ribbons"]
    if len(set(ribbons)) != len(ribbons):
        yield LogProblem(say("ribbon colours repeat"), path="/manuscript_scoring/ribbons")
    for i, tile in enumerate(manuscripts):
        if tile["ribbon"] not in ribbons:
            yield LogProblem(say("ribbon {ribbon} is not scored", ribbon=repr(tile['ribbon'])),
                             path=f"/manuscripts/{i}/ribbon")
    bonuses = Counter(bonus["ribbon"] for bonus in document["cleric_bonuses"])
    for ribbon in ribbons:
        if bonuses[ribbon] != 1:
            yield LogProblem(say("{number} Cleric Bonus cards for {ribbon}",
                                 number=bonuses[ribbon], ribbon=ribbon),
                             path="/cleric_bonuses", expected=say("1 per ribbon colour"))


def _buildings_and_castle(document: dict) -> Iterator[LogProblem]:
    buildings = document["buildings"]
    if sorted(b["id"] for b in buildings) != sorted(BUILDINGS):
        yield LogProblem(say("the buildings are one each of {buildings}",
                             buildings=", ".join(BUILDINGS)),
                         path="/buildings")
    for i, building in enumerate(buildings):
        if building["vp"] != sorted(set(building["vp"])):
            yield LogProblem(say("VP for 1, 2, 3 built must increase"), path=f"/buildings/{i}/vp")
    rows = [("/player_board/building_rows", document["player_board"]["building_rows"])]
    rows += [(f"/ai_boards/{i}/building_rows", ai["building_rows"])
             for i, ai in enumerate(document["ai_boards"])]
    for path, order in rows:
        if sorted(order) != sorted(BUILDINGS):
            yield LogProblem(say("the rows hold each building type once"), path=path)
    castle = document["castle"]
    yield from _numbered(castle["tier2"], "position", range(1, castle["sections"] + 1),
                         "/castle/tier2")
    brackets = castle["noble_brackets"]
    for i in range(1, len(brackets)):
        if brackets[i]["icons"] <= brackets[i - 1]["icons"] or \
                brackets[i]["workers"] <= brackets[i - 1]["workers"]:
            yield LogProblem(say("brackets rise in icons and in Workers"),
                             path=f"/castle/noble_brackets/{i}")
    spaces = range(1, document["player_board"]["track_spaces"] + 1)
    tracks = [("/player_board/collision", document["player_board"]["collision"], True)]
    tracks += [(f"/ai_boards/{i}/collision", ai["collision"], False)
               for i, ai in enumerate(document["ai_boards"])]
    for path, track, with_opponents in tracks:
        yield from _numbered(track, "space", spaces, path)
        for i, space in enumerate(track):
            if ("opponents" in space) != with_opponents:
                yield LogProblem(say("the player board, and only it, prints the opponents' row"),
                                 path=f"{path}/{i}/opponents")


def _end_cards(document: dict) -> Iterator[LogProblem]:
    counts = {str(n) for n in document["setup"]["player_counts"]}
    cards = document["end_cards"]
    if sorted(card["id"] for card in cards) != sorted(END_PILES):
        yield LogProblem(say("the end cards are Poverty and Prosperity"), path="/end_cards")
    for i, card in enumerate(cards):
        printed = END_PILES.get(card["id"], {})
        if set(card["on_card"]) != counts:
            yield LogProblem(say("a pile size for each player count {counts}",
                                 counts=", ".join(sorted(counts))),
                             path=f"/end_cards/{i}/on_card")
        for players, size in sorted(card["on_card"].items()):
            if players in printed and size != printed[players]:
                values = {"size": size, "kind": END_PILE_KIND[card["id"]],
                          "card": CARD_WORDS.get(card["id"], card["id"].title()),
                          "players": players}
                yield LogProblem(
                    say("{size} {kind} on the {card} card for {players} player", **values)
                    if players == "1" else
                    say("{size} {kind} on the {card} card for {players} players", **values),
                    path=f"/end_cards/{i}/on_card/{players}", expected=str(printed[players]))


def _solo(document: dict) -> Iterator[LogProblem]:
    solo, schemes, boards = document["solo"], document["schemes"], document["ai_boards"]
    decks = Counter(scheme["deck"] for scheme in schemes)
    for deck in ("starting", "future"):
        if decks[deck] != solo[f"{deck}_schemes"]:
            yield LogProblem(say("{number} {deck} Schemes", number=decks[deck], deck=deck),
                             path="/schemes",
                             expected=str(solo[f"{deck}_schemes"]))
    if solo["pairs"] != 1 + document["setup"]["extra_pairs"]:
        yield LogProblem(say("solo lays out one pair more than its one player"), path="/solo/pairs",
                         expected=str(1 + document["setup"]["extra_pairs"]))
    for i, n in enumerate(solo["difficulty"]):
        if n > solo["future_schemes"]:
            yield LogProblem(say("only {future_schemes} Future Schemes exist",
                                 future_schemes=solo['future_schemes']),
                             path=f"/solo/difficulty/{i}")
    if len(boards) != AI_BOARDS:
        yield LogProblem(say("{number} AI boards", number=len(boards)),
                         path="/ai_boards", expected=str(AI_BOARDS))
    scheme_ids = {scheme["id"] for scheme in schemes}
    focuses: Counter[str] = Counter()
    for i, board in enumerate(boards):
        focuses[board["focus"]] += 1
        if focuses[board["focus"]] > 1:
            yield LogProblem(say("a second AI board with focus {focus}",
                                 focus=repr(board['focus'])),
                             path=f"/ai_boards/{i}/focus")
        if sorted(board["unlocks"]) != sorted(BUILDINGS):
            yield LogProblem(say("unlocks for each building type"), path=f"/ai_boards/{i}/unlocks")
        for j, scheme in enumerate(board["schemes_removed"]):
            if scheme not in scheme_ids:
                yield LogProblem(say("unknown Scheme {scheme}", scheme=repr(scheme)),
                                 path=f"/ai_boards/{i}/schemes_removed/{j}")


def _numbered(items: list[dict], key: str, wanted: range, path: str) -> Iterator[LogProblem]:
    """Items numbered by ``key`` hold each number of ``wanted`` exactly once."""
    seen: set[int] = set()
    for i, item in enumerate(items):
        if item[key] in seen or item[key] not in wanted:
            yield LogProblem(say("{key} {value} repeats or is out of range", key=key,
                                 value=item[key]),
                             path=f"{path}/{i}/{key}",
                             expected=say("{start}..{number}, each once", start=wanted.start,
                                          number=wanted.stop - 1))
        seen.add(item[key])
    missing = sorted(set(wanted) - seen)
    if missing:
        yield LogProblem(say("no {key} {numbers}", key=key, numbers=", ".join(map(str, missing))),
                         path=path)
