"""The dice race's board: the finish, its bonus and the star spaces, from a catalog file."""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from importlib import resources

from marshmallow import Schema, ValidationError, fields, validate

from replay.core.logs.problems import InvalidLog, LogProblem, problems_from_marshmallow

BUILTIN = ("dice-race-basic",)


class _MetaSchema(Schema):
    game = fields.String(required=True, validate=validate.Equal("dice-race"))
    id = fields.String(required=True, validate=validate.Length(min=1))
    printed = fields.Boolean(required=True)
    description = fields.String(required=True)


class CatalogSchema(Schema):
    """A board: finish space, finish bonus, and star spaces with their points."""

    meta = fields.Nested(_MetaSchema, required=True)
    finish = fields.Integer(required=True, validate=validate.Range(min=2))
    finish_bonus = fields.Integer(required=True, validate=validate.Range(min=0))
    stars = fields.Dict(keys=fields.String(validate=validate.Regexp(r"^[1-9][0-9]*$")),
                        values=fields.Integer(validate=validate.Range(min=1)), required=True)


@dataclass(frozen=True)
class Board:
    """A checked catalog, as the replay reads it."""

    id: str
    finish: int
    finish_bonus: int
    stars: dict[int, int]
    summary: dict


def check_catalog(document: object) -> list[LogProblem]:
    """Every problem of a board document, located by path."""
    try:
        loaded = CatalogSchema().load(document)
    except ValidationError as err:
        return problems_from_marshmallow(err.messages)
    return [LogProblem(f"star space {space} is not before the finish",
                       path=f"/stars/{space}", expected=f"1 to {loaded['finish'] - 1}")
            for space in loaded["stars"] if int(space) >= loaded["finish"]]


def catalog_sha256(document: dict) -> str:
    """The content hash of a board document (key order and spacing do not matter)."""
    canonical = json.dumps(document, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(canonical.encode()).hexdigest()


def builtin_document(catalog_id: str) -> dict:
    """A built-in board document by id."""
    package = resources.files(__package__).joinpath("data", f"{catalog_id}.json")
    return json.loads(package.read_text("utf-8"))


def load_board(document: dict | None, catalog_id: str | None) -> Board:
    """The board of a replay: a passed document, else the built-in the log names."""
    if document is None:
        document = builtin_document(catalog_id or BUILTIN[0])
    problems = check_catalog(document)
    if problems:
        raise InvalidLog(problems)
    meta = document["meta"]
    return Board(id=meta["id"], finish=document["finish"],
                 finish_bonus=document["finish_bonus"],
                 stars={int(space): points for space, points in document["stars"].items()},
                 summary={"id": meta["id"], "sha256": catalog_sha256(document),
                          "printed": meta["printed"], "description": meta["description"]})


def template_document() -> dict:
    """A board to fill in."""
    return {"meta": {"game": "dice-race", "id": "", "printed": True, "description": ""},
            "finish": 0, "finish_bonus": 0, "stars": {}}
