"""Load and check a Coimbra catalog: every printed component the engine reads.

Each placeholder value is indexed with its path, so a report can name the ones a verdict
depended on (``Catalog.placeholders_used``, ``replay.core.protocol.placeholders``).
"""

from __future__ import annotations

from collections import Counter, deque
from dataclasses import dataclass, field
from functools import cached_property

from marshmallow import ValidationError

from replay.coimbra.catalog_schema import LEVELS, TRACKS, CatalogSchema
from replay.coimbra.state import COLOUR_TRACK
from replay.core.logs.declarations import copied, iter_entries, resolve
from replay.core.logs.printed_names import names_in
from replay.core.logs.problems import InvalidLog, LogProblem, problems_from_marshmallow
from replay.core.protocol.catalogs import BuiltinCatalogs, catalog_sha256
from replay.core.protocol.placeholders import (
    Placeholder,
    PlaceholderLookup,
    entry_paths,
    placeholder_index,
)

TRACK_COLOURS = {track: colour for colour, track in COLOUR_TRACK.items()}
TRACK_RESOURCES = {"council": "guards", "merchant": "coins", "clergy": "pilgrim",
                   "scholar": "points"}
CHARACTERS_PER_LEVEL = {"I": 8, "II": 24, "III": 24}
MONASTERY_SPACES = {"I": 8, "II": 4, "III": 2}
# The favor effects that ask something of the holder (``Catalog.favor_extras``).
FAVOR_EXTRAS = ("voyage_now", "die_bonus", "choice")
COUNTS = {"monasteries": 24, "voyages": 15, "favors": 4, "scoring_tiles": 4}
BUILTIN = ("coimbra-demo",)
DEFAULT_CATALOG = BUILTIN[0]  # what a log that names no catalog is replayed with


@dataclass(frozen=True, slots=True)
class Character:
    """A character card."""

    id: str
    name: str
    level: str
    cls: str
    cost: str
    influence: int
    diplomas: tuple[str, ...]
    effects: tuple[dict, ...]


@dataclass(frozen=True, slots=True)
class Tile:
    """A monastery, voyage or favor: its effects and the few numbers printed beside them."""

    id: str
    name: str
    effects: tuple[dict, ...]
    level: str = ""
    diplomas: tuple[str, ...] = ()
    cost: int = 0
    currency: str = ""
    crowns: int = 0


@dataclass
class Catalog:
    """A validated catalog, indexed for the engine."""

    id: str
    sha256: str
    printed: bool
    description: str
    diploma_types: tuple[str, ...]
    characters: dict[str, Character]
    start_pairs: list[tuple[str, str]]
    monasteries: dict[str, Tile]
    voyages: dict[str, Tile]
    favors: dict[str, Tile]
    scoring_tiles: dict[str, dict]
    flag_crowns: list[int]  # by order position, 0-based
    track_max: dict[str, int]
    income: dict[str, list[dict]]  # track -> gain at each position 0..max
    nodes: dict[str, dict]
    corners: tuple[str, ...]
    spaces: dict[str, str]  # monastery space -> level
    roads_forward: dict[str, set[str]] = field(default_factory=dict)  # as printed
    roads_any: dict[str, set[str]] = field(default_factory=dict)  # every road both ways
    # The ids of the entries the engine reads by what they are rather than by id, for the
    # report's placeholders: each track's, each flag's by order position (0-based), each
    # road's by its two ends (either way round). Where a catalog gives none, the entry's
    # JSON pointer, which no placeholder of it can be read by (they are named by id).
    track_ids: dict[str, str] = field(default_factory=dict)
    income_boxes: dict[str, list[int]] = field(default_factory=dict)  # track -> box by position
    flag_ids: list[str] = field(default_factory=list)
    road_ids: dict[tuple[str, str], str] = field(default_factory=dict)
    placeholders: dict[str, tuple[Placeholder, ...]] = field(default_factory=dict)
    entry_paths: dict[str, str] = field(default_factory=dict)  # JSON pointer -> entry id
    # Language -> id -> the name printed in it, for the components named in other languages.
    names_in: dict[str, dict[str, str]] = field(default_factory=dict)
    # The values the log declared from the printed components (``replay.core.logs.declarations``).
    declared: tuple[dict, ...] = ()

    @cached_property
    def names(self) -> dict[str, str]:
        """Every named component's printed name by id (characters, monasteries, voyages,
        favors); worked out once per catalog, since every report reads it (do not change it)."""
        return {item.id: item.name for table in (self.characters, self.monasteries,
                                                 self.voyages, self.favors)
                for item in table.values()}

    @cached_property
    def levels(self) -> dict[str, frozenset[str]]:
        """The ids of the characters of each level (a deal counts the level-II cards left in
        the deck with them)."""
        levels: dict[str, set[str]] = {}
        for card in self.characters.values():
            levels.setdefault(card.level, set()).add(card.id)
        return {level: frozenset(ids) for level, ids in levels.items()}

    @cached_property
    def phase_e_gains(self) -> dict[str, tuple[dict, ...]]:
        """The phase-E gain effects of each component that has any, by id (a player's
        characters and monasteries are looked up at every end of an income turn)."""
        return self._effects_where(
            lambda effect: effect["kind"] == "gain" and effect["when"] == "phase_e")

    @cached_property
    def immediate(self) -> dict[str, tuple[dict, ...]]:
        """The immediate effects (gains and handlers) of each component that has any, by id
        (looked up whenever a component is acquired or reached)."""
        return self._effects_where(lambda effect: effect.get("when") == "immediate")

    @cached_property
    def on_acquire(self) -> dict[str, tuple[dict, ...]]:
        """The on-acquire effects of each character that has any, by id (a player's start
        characters are looked up at every recruit)."""
        return self._effects_where(lambda effect: effect["kind"] == "on_acquire")

    @cached_property
    def end_game(self) -> dict[str, tuple[dict, ...]]:
        """The effects each component scores or gives at final scoring, by id (``score_per``
        tasks and abilities, end-game gains)."""
        return self._effects_where(
            lambda effect: effect["kind"] == "score_per"
            or (effect["kind"] == "gain" and effect["when"] == "end_game"))

    @cached_property
    def voyage_discounts(self) -> dict[str, int]:
        """What each favor tile takes off a voyage's cost, by id (none: 0)."""
        return {favor.id: sum(effect["amount"] for effect in favor.effects
                              if effect["kind"] == "voyage_discount")
                for favor in self.favors.values()}

    @cached_property
    def favor_extras(self) -> dict[str, dict[str, dict]]:
        """What each favor tile asks of its holder beyond its gains, by id and kind: an
        investment at once (``voyage_now``), a bonus to one of their dice (``die_bonus``), a
        choice of rewards (``choice``)."""
        return {favor.id: {effect["kind"]: effect for effect in favor.effects
                           if effect["kind"] in FAVOR_EXTRAS}
                for favor in self.favors.values()}

    def _effects_where(self, test) -> dict[str, tuple[dict, ...]]:
        """The effects passing ``test`` of each component that has any, by id, in printed
        order."""
        found = {}
        for table in (self.characters, self.monasteries, self.voyages, self.favors):
            for item in table.values():
                effects = tuple(effect for effect in item.effects if test(effect))
                if effects:
                    found[item.id] = effects
        return found

    def label(self, ident: str) -> str:
        """An id with its printed name, as messages show it: ``c2-08 (Lourenço Faria)``."""
        name = self.names.get(ident)  # ids are unique across the components
        return ident if name is None else f"{ident} ({name})"

    @cached_property
    def placeholders_used(self) -> PlaceholderLookup:
        """The placeholder values among what a replay touched (entry ids, ``id.field`` or
        JSON pointers), in catalog order: called with them; made once per catalog."""
        return PlaceholderLookup(self.placeholders, self.entry_paths)

    def summary(self) -> dict:
        """What a report says about the catalog it used."""
        summary = {"id": self.id, "sha256": self.sha256, "printed": self.printed,
                   "description": self.description,
                   "placeholder_values": sum(map(len, self.placeholders.values()))}
        if self.declared:  # a copy: the catalog, and what it declared, serve every replay
            summary["declared_values"] = copied(self.declared)
        return summary


def check_catalog(document: object) -> list[LogProblem]:
    """Every problem of a catalog document, located by path; empty when it is valid."""
    return _checked(document)[1]


def _checked(document: object) -> tuple[dict | None, list[LogProblem]]:
    """The document as the schema loads it (None when it does not load), and its problems:
    loaded once, as loading is most of the cost of indexing a catalog."""
    if not isinstance(document, dict):
        return None, [LogProblem("a catalog is a JSON object", path="/")]
    try:
        data = CatalogSchema().load(document)
    except ValidationError as err:
        return None, problems_from_marshmallow(err.messages)
    return data, _semantic_problems(data) + _label_problems(document)


def _build(document: dict) -> Catalog:
    data, problems = _checked(document)
    if problems:
        raise InvalidLog([LogProblem(f"catalog: {p.message}", path=f"/catalog{p.path}")
                          for p in problems])
    characters = {
        c["id"]: Character(c["id"], c["name"], c["level"], c["class_"], c["cost"],
                           c["influence"], tuple(c["diplomas"]), tuple(c["effects"]))
        for c in data["characters"]
    }
    monasteries = {m["id"]: Tile(m["id"], m["name"], tuple(m["effects"]), level=m["level"],
                                 diplomas=tuple(m["diplomas"])) for m in data["monasteries"]}
    voyages = {v["id"]: Tile(v["id"], v["name"], tuple(v["effects"]), cost=v["cost"],
                             currency=v["currency"]) for v in data["voyages"]}
    favors = {f["id"]: Tile(f["id"], f["name"], tuple(f["effects"]), crowns=f["crowns"])
              for f in data["favors"]}
    income, boxes = {}, {}
    for name, track in data["tracks"].items():
        by_position, box_at = [None] * (track["max"] + 1), [0] * (track["max"] + 1)
        for number, box in enumerate(track["income"]):
            for position in range(box["from_"], box["to"] + 1):
                by_position[position], box_at[position] = box["gain"], number
        income[name], boxes[name] = by_position, box_at
    nodes = {n["id"]: n for n in data["map"]["nodes"]}
    forward: dict[str, set[str]] = {node: set() for node in nodes}
    both: dict[str, set[str]] = {node: set() for node in nodes}
    for road in data["map"]["roads"]:
        forward[road["from_"]].add(road["to"])
        both[road["from_"]].add(road["to"])
        both[road["to"]].add(road["from_"])
        if not road["one_way"]:
            forward[road["to"]].add(road["from_"])
    road_ids = {}
    for i, road in enumerate(data["map"]["roads"]):
        road_ids[road["to"], road["from_"]] = road_ids[road["from_"], road["to"]] = \
            road.get("id", f"/map/roads/{i}")
    flags = sorted(enumerate(data["flags"]), key=lambda item: item[1]["position"])
    meta = data["meta"]
    return Catalog(
        id=meta["id"], sha256=catalog_sha256(document), printed=meta["printed"],
        description=meta["description"], diploma_types=tuple(data["diploma_types"]),
        characters=characters, start_pairs=[tuple(p) for p in data["start_pairs"]],
        monasteries=monasteries, voyages=voyages, favors=favors,
        scoring_tiles={t["id"]: t for t in data["scoring_tiles"]},
        flag_crowns=[f["crowns"] for _, f in flags],
        track_max={name: t["max"] for name, t in data["tracks"].items()},
        income=income, nodes=nodes,
        corners=tuple(n for n, node in nodes.items() if node["kind"] == "corner"),
        spaces={n: node["level"] for n, node in nodes.items() if node["kind"] == "monastery"},
        roads_forward=forward, roads_any=both, names_in=names_in(data),
        track_ids={name: t.get("id", f"/tracks/{name}") for name, t in data["tracks"].items()},
        income_boxes=boxes,
        flag_ids=[f.get("id", f"/flags/{i}") for i, f in flags], road_ids=road_ids,
        placeholders=placeholder_index(document), entry_paths=entry_paths(document),
    )


CATALOGS = BuiltinCatalogs(__package__, BUILTIN, _build)
builtin_document = CATALOGS.document
load_catalog = CATALOGS.load


def _semantic_problems(data: dict) -> list[LogProblem]:
    """Counts, pairs, ids, tracks, effects and map checks beyond the schema."""
    problems: list[LogProblem] = []

    def problem(path: str, message: str, expected: str | None = None) -> None:
        problems.append(LogProblem(message, path=path, expected=expected))

    # Ids are unique across every component and map node.
    seen: dict[str, str] = {}
    for section in ("characters", "monasteries", "voyages", "favors", "scoring_tiles"):
        for i, item in enumerate(data[section]):
            if item["id"] in seen:
                problem(f"/{section}/{i}/id", f"id {item['id']!r} repeats {seen[item['id']]}")
            seen.setdefault(item["id"], f"/{section}/{i}")
    labelled = [(f"/map/{part}/{i}", item) for part in ("nodes", "roads")
                for i, item in enumerate(data["map"][part])]
    labelled += [(f"/flags/{i}", flag) for i, flag in enumerate(data["flags"])]
    labelled += [(f"/tracks/{name}", track) for name, track in data["tracks"].items()]
    for path, item in labelled:
        if "id" not in item:
            continue
        if item["id"] in seen:
            problem(f"{path}/id", f"id {item['id']!r} repeats {seen[item['id']]}")
        seen.setdefault(item["id"], path)

    levels = Counter(c["level"] for c in data["characters"])
    for level, wanted in CHARACTERS_PER_LEVEL.items():
        if levels[level] != wanted:
            problem("/characters", f"{levels[level]} level-{level} characters",
                    f"{wanted} level-{level} characters")
    for section, wanted in COUNTS.items():
        if len(data[section]) != wanted:
            problem(f"/{section}", f"{len(data[section])} {section}", f"{wanted}")
    monastery_levels = Counter(m["level"] for m in data["monasteries"])
    for level, spaces in MONASTERY_SPACES.items():
        if monastery_levels[level] < spaces:
            problem("/monasteries", f"only {monastery_levels[level]} level-{level} monasteries",
                    f"at least {spaces}, one for each level-{level} space")

    start_ids = {c["id"] for c in data["characters"] if c["level"] == "I"}
    paired = [card for pair in data["start_pairs"] for card in pair]
    if sorted(paired) != sorted(start_ids):
        problem("/start_pairs", "the pairs do not hold each level-I character exactly once",
                ", ".join(sorted(start_ids)))

    diplomas = set(data["diploma_types"]) | {"wild"}
    if len(set(data["diploma_types"])) != 5:
        problem("/diploma_types", "diploma types repeat")
    for section in ("characters", "monasteries"):
        for i, item in enumerate(data[section]):
            for j, symbol in enumerate(item["diplomas"]):
                if symbol not in diplomas:
                    problem(f"/{section}/{i}/diplomas/{j}", f"unknown diploma {symbol!r}",
                            " or ".join(sorted(diplomas)))
    problems.extend(_effect_problems(data))
    problems.extend(_track_problems(data))
    if sorted(f["position"] for f in data["flags"]) != [1, 2, 3, 4]:
        problem("/flags", "flag positions are not 1, 2, 3, 4")
    problems.extend(_map_problems(data["map"]))
    return problems


def _label_problems(document: dict) -> list[LogProblem]:
    """Each placeholder field names a value of its entry, and the meta's counts of
    placeholder entries are right (checked on the document: its keys as written)."""
    found = []
    entries = list(iter_entries(document))
    for path, entry in entries:
        for i, name in enumerate(entry.get("placeholder_fields", ())):
            if not resolve(entry, name)[0]:
                found.append(LogProblem(f"{entry['id']} has no value {name!r}",
                                        path=f"{path}/placeholder_fields/{i}"))
    counts = document.get("meta", {}).get("placeholders")
    if counts is not None:
        held = {"entries": sum(bool(e.get("placeholder")) for _, e in entries),
                "entries_with_placeholder_fields": sum(bool(e.get("placeholder_fields"))
                                                       for _, e in entries)}
        for key, number in held.items():
            if counts[key] != number:
                found.append(LogProblem(f"{counts[key]} {key}", path=f"/meta/placeholders/{key}",
                                        expected=str(number)))
    return found


def _effect_problems(data: dict) -> list[LogProblem]:
    found = []
    allowed = {
        "characters": {"gain", "score_per", "handler", "on_acquire"},
        "monasteries": {"gain", "score_per", "handler"},
        "voyages": {"gain", "score_per", "handler"},
        "favors": {"gain", "voyage_discount", "voyage_now", "die_bonus", "choice", "handler"},
    }
    for section, kinds in allowed.items():
        for i, item in enumerate(data[section]):
            for j, effect in enumerate(item["effects"]):
                path = f"/{section}/{i}/effects/{j}"
                if effect["kind"] not in kinds:
                    found.append(LogProblem(f"{section} cannot have {effect['kind']} effects",
                                            path=path))
                if effect["kind"] == "on_acquire" and item.get("level") != "I":
                    found.append(LogProblem("only start (level I) characters trigger on acquire",
                                            path=path))
                if section == "voyages" and effect["kind"] == "gain" and \
                        effect["when"] != "immediate":
                    found.append(LogProblem("a voyage's gain is immediate", path=path))
                if section == "favors" and effect["kind"] == "gain" and \
                        effect["when"] != "immediate":
                    found.append(LogProblem("a favor's gain is immediate", path=path))
        if section == "voyages":
            for i, item in enumerate(data[section]):
                tasks = [e for e in item["effects"] if e["kind"] == "score_per"]
                if len(tasks) != 1:
                    found.append(LogProblem("a voyage has exactly one score_per task",
                                            path=f"/voyages/{i}/effects"))
    return found


def _track_problems(data: dict) -> list[LogProblem]:
    found = []
    if sorted(data["tracks"]) != sorted(TRACKS):
        found.append(LogProblem("tracks must be exactly " + ", ".join(TRACKS), path="/tracks"))
    for name, track in data["tracks"].items():
        path = f"/tracks/{name}"
        if track["colour"] != TRACK_COLOURS.get(name):
            found.append(LogProblem(f"the {name} track is {TRACK_COLOURS.get(name)}",
                                    path=f"{path}/colour"))
        if track["income_resource"] != TRACK_RESOURCES.get(name):
            found.append(LogProblem(f"the {name} track pays {TRACK_RESOURCES.get(name)}",
                                    path=f"{path}/income_resource"))
        expected_from = 0
        for i, box in enumerate(track["income"]):
            if box["from_"] != expected_from or box["to"] < box["from_"]:
                found.append(LogProblem(
                    f"box {box['from_']}-{box['to']} leaves a gap or overlaps",
                    path=f"{path}/income/{i}", expected=f"a box starting at {expected_from}"))
                break
            expected_from = box["to"] + 1
        else:
            if expected_from != track["max"] + 1:
                found.append(LogProblem(f"income boxes end at {expected_from - 1}",
                                        path=f"{path}/income", expected=f"up to {track['max']}"))
    return found


def _map_problems(board: dict) -> list[LogProblem]:
    found = []
    nodes = {n["id"]: n for n in board["nodes"]}
    kinds = Counter(n["kind"] for n in board["nodes"])
    if kinds["city"] != 1:
        found.append(LogProblem(f"{kinds['city']} city nodes", path="/map/nodes", expected="1"))
    if kinds["corner"] != 4:
        found.append(LogProblem(f"{kinds['corner']} corners", path="/map/nodes", expected="4"))
    levels = Counter(n.get("level") for n in board["nodes"] if n["kind"] == "monastery")
    for level in LEVELS:
        if levels[level] != MONASTERY_SPACES[level]:
            found.append(LogProblem(f"{levels[level]} level-{level} monastery spaces",
                                    path="/map/nodes", expected=str(MONASTERY_SPACES[level])))
    for i, node in enumerate(board["nodes"]):
        if (node["kind"] == "monastery") != ("level" in node):
            found.append(LogProblem("monastery spaces, and only they, have a level",
                                    path=f"/map/nodes/{i}"))
    pairs = set()
    forward: dict[str, set[str]] = {n: set() for n in nodes}
    for i, road in enumerate(board["roads"]):
        path = f"/map/roads/{i}"
        ends = (road["from_"], road["to"])
        for end in ends:
            if end not in nodes:
                found.append(LogProblem(f"unknown node {end!r}", path=path))
        if any(end not in nodes for end in ends):
            continue
        if frozenset(ends) in pairs or ends[0] == ends[1]:
            found.append(LogProblem(f"road {ends[0]} - {ends[1]} repeats", path=path))
        pairs.add(frozenset(ends))
        forward[ends[0]].add(ends[1])
        if not road["one_way"]:
            forward[ends[1]].add(ends[0])
        if nodes[ends[1]]["kind"] == "city" or (
                nodes[ends[1]]["kind"] == "corner" and nodes[ends[0]]["kind"] != "city"):
            found.append(LogProblem("no road leads back into the city", path=path))
        if nodes[ends[0]]["kind"] in ("city", "corner") and not road["one_way"]:
            found.append(LogProblem("roads leaving the city are one-way", path=path))
    spaces = {n for n, node in nodes.items() if node["kind"] == "monastery"}
    for corner in (n for n, node in nodes.items() if node["kind"] == "corner"):
        reached = _reachable(forward, corner)
        if not spaces <= reached:
            found.append(LogProblem(
                f"from {corner} these spaces cannot be reached: "
                + ", ".join(sorted(spaces - reached)), path="/map/roads"))
    return found


def _reachable(forward: dict[str, set[str]], start: str) -> set[str]:
    seen, queue = {start}, deque([start])
    while queue:
        for nxt in forward[queue.popleft()]:
            if nxt not in seen:
                seen.add(nxt)
                queue.append(nxt)
    return seen
