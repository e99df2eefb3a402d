"""Load and check a Viscounts catalog, and index it as the read-only view of ``components``.

Each placeholder value is indexed with its path, so a report can name the ones a verdict
depended on (``Catalog.placeholders_used``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from types import MappingProxyType

from marshmallow import ValidationError

from replay.core.logs.declarations import iter_entries
from replay.core.logs.printed_names import names_in
from replay.core.logs.problems import InvalidLog, LogProblem, problems_from_marshmallow
from replay.core.protocol.catalogs import BuiltinCatalogs, catalog_sha256
from replay.core.protocol.placeholders import placeholder_index
from replay.core.speech import say
from replay.viscounts.catalog_checks import cross_reference_problems
from replay.viscounts.catalog_schema import CatalogSchema
from replay.viscounts.components import (
    AIBoard,
    BoardSide,
    BuildingType,
    Castle,
    Catalog,
    ClericBonus,
    CollisionSpace,
    EndCard,
    Link,
    Manuscript,
    PlayerBoard,
    PlayerCard,
    Scheme,
    Space,
    Spot,
    Townsfolk,
    freeze,
)

BUILTIN = ("viscounts-base",)
# One instance: building the nested effect schemas is most of the cost of a check.
_SCHEMA = CatalogSchema()
DEFAULT_CATALOG = BUILTIN[0]  # what a log that names no catalog is replayed with


def check_catalog(document: object) -> list[LogProblem]:
    """Every problem of a catalog document, located by path; empty when it is valid."""
    if not isinstance(document, dict):
        return [LogProblem("a catalog is a JSON object", path="/")]
    try:
        _SCHEMA.load(document)
    except ValidationError as err:
        return problems_from_marshmallow(err.messages)
    return cross_reference_problems(document)


def _build(document: dict) -> Catalog:
    problems = check_catalog(document)
    if problems:
        raise InvalidLog([LogProblem(say("catalog: {message}", message=p.message),
                                     path=f"/catalog{p.path}",
                                     expected=p.expected) for p in problems])
    doc = freeze(document)
    meta = document["meta"]
    segments = {s["id"]: tuple(_side(s["id"], side) for side in s["sides"])
                for s in doc["segments"]}
    sides = [side for pair in segments.values() for side in pair]
    ro = MappingProxyType
    return Catalog(
        id=meta["id"], sha256=catalog_sha256(document), printed=meta["printed"],
        description=meta["description"], setup=doc["setup"],
        player_board=_player_board(doc["player_board"]),
        buildings=ro({b["id"]: BuildingType(b["id"], b["name"], b["cost"], b["vp"],
                                            tuple(s["unlock"] for s in b["slots"]))
                      for b in doc["buildings"]}),
        castle=_castle(doc["castle"]),
        segments=ro(segments),
        townsfolk=ro({t["id"]: Townsfolk(t["id"], t["name"], t["deck"], t["cost"], t["icons"],
                                         t["timing"], t["ability"], t["hire"],
                                         t.get("per_player", 0)) for t in doc["townsfolk"]}),
        starting_deck=tuple(t["id"] for t in doc["townsfolk"] if t["deck"] == "starting"),
        player_cards=ro({p["number"]: PlayerCard(p["id"], p["number"], p["gain"], p["bottom"],
                                                 p["bottom_scope"])
                         for p in doc["player_cards"]}),
        manuscripts=ro({m["id"]: Manuscript(m["id"], m["back"], m["cost"], m["ribbon"],
                                            m["when"], m["effect"]) for m in doc["manuscripts"]}),
        ribbon_set_vp=doc["manuscript_scoring"]["set_vp"],
        cleric_bonuses=ro({c["ribbon"]: ClericBonus(c["id"], c["ribbon"], c["vp"], c["icons"])
                           for c in doc["cleric_bonuses"]}),
        debts=doc["debts"], deeds=doc["deeds"],
        end_cards=ro({c["id"]: EndCard(c["id"], c["pile"],
                                       ro({int(k): v for k, v in c["on_card"].items()}),
                                       c["counts"], c["awards"], c["middle_ignored_below"])
                      for c in doc["end_cards"]}),
        solo=doc["solo"],
        ai_boards=ro({a["id"]: _ai_board(a) for a in doc["ai_boards"]}),
        schemes=ro({s["id"]: Scheme(s["id"], s["deck"], s["header"], s["rows"])
                    for s in doc["schemes"]}),
        ai_reference=doc["ai_reference"],
        sides=ro({side.id: side for side in sides}),
        spaces=ro({space.id: space for side in sides for space in side.spaces.values()}),
        spots=ro({spot.id: spot for side in sides for spot in side.spots}),
        links=ro({link.id: link for side in sides for link in side.links}),
        placeholders=ro(placeholder_index(document)),
        entry_paths=ro({path: e["id"] for path, e in iter_entries(document)}),
        names_in=ro({language: ro(names) for language, names in names_in(document).items()}),
    )


CATALOGS = BuiltinCatalogs(__package__, BUILTIN, _build)
builtin_document = CATALOGS.document
load_catalog = CATALOGS.load


def _collision(track: Iterable[Mapping]) -> tuple[CollisionSpace, ...]:
    spaces = sorted(track, key=lambda s: s["space"])
    return tuple(CollisionSpace(s["space"], s["current"],
                                s["opponents"]["condition"] if "opponents" in s else None,
                                s["opponents"]["effect"] if "opponents" in s else None)
                 for s in spaces)


def _brackets(brackets: Iterable[Mapping]) -> tuple[tuple[int, int], ...]:
    return tuple((b["icons"], b["workers"]) for b in brackets)


def _player_board(board: Mapping) -> PlayerBoard:
    return PlayerBoard(board["card_spaces"], board["starting_icons"], board["hand_limit"],
                       board["minimum_cards"], board["resource_icons"], board["track_spaces"],
                       board["corruption_start"], board["virtue_start"], board["building_rows"],
                       _collision(board["collision"]))


def _castle(castle: Mapping) -> Castle:
    tier2 = sorted(castle["tier2"], key=lambda s: s["position"])
    return Castle(castle["sections"], castle["max_per_section"],
                  _brackets(castle["noble_brackets"]), castle["tier_vp"], castle["bump_rewards"],
                  castle["tier3_reward"], castle["leader"]["vp"],
                  castle["leader"]["hand_limit_plus"], tuple(s["reward"] for s in tier2),
                  tuple(s["id"] for s in tier2))


def _side(segment: str, side: Mapping) -> BoardSide:
    spaces = {s["role"]: Space(s["id"], segment, s["role"], s["path"], s["river"],
                               s["start_number"], s["trade"],
                               tuple((e["to"], e["segment"]) for e in s["exits"]))
              for s in side["spaces"]}
    return BoardSide(
        side["id"], segment, side["player_counts"], MappingProxyType(spaces),
        tuple(Spot(s["id"], s["river"], s["order"], s["reward"]) for s in side["spots"]),
        tuple(Link(k["id"], k["ends"], k["reward"]) for k in side["links"]),
        side["townsfolk_space"], side["manuscript_space"])


def _ai_board(board: Mapping) -> AIBoard:
    return AIBoard(board["id"], board["name"], board["focus"], board["single_resource"],
                   board["resource_chart"], board["starting_gain"], board["starting_building"],
                   board["building_rows"], board["unlocks"], board["starting_icons"],
                   board["schemes_removed"], _collision(board["collision"]),
                   _brackets(board["worker_brackets"]), board["leftover_vp"])
