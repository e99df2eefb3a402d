"""``/v1/games`` and ``/v1/catalogs``: what the referee knows, and transcribed catalogs."""

from __future__ import annotations

from flask import current_app, g, request
from flask_babel import gettext
from marshmallow import ValidationError

from api.blueprint import RefereeBlueprint
from api.problems import PROBLEM_MEDIA_TYPE, Problem
from api.schemas import NAME, CatalogRecordSchema, GameSchema, RuleSchema
from api.submission import json_body
from replay.core.logs.problems import InvalidLog
from replay.games import GAMES
from workers.catalogs import CatalogInUse, CatalogStore, catalog_record

blp = RefereeBlueprint("games", __name__, url_prefix="/v1", description="Games, rules, catalogs")
PROBLEM = {"content_type": PROBLEM_MEDIA_TYPE}


@blp.route("/games", methods=["GET"])
@blp.response(200, GameSchema(many=True))
def list_games():
    """The games, rulesets, variants and built-in catalogs."""
    return [game.describe() for game in GAMES]


@blp.route("/games/<string:game>/rules", methods=["GET"])
@blp.response(200, RuleSchema(many=True))
@blp.alt_response(404, schema="Problem", description="No such game", **PROBLEM)
def list_rules(game: str):
    """Every rule of a game: stable id, one-line statement, section of the rule text."""
    found = GAMES.find(game)
    if found is None:
        raise Problem(404, "game-not-found", gettext("No such game"),
                      gettext("games: %(games)s", games=", ".join(GAMES.names())))
    return [rule.to_dict() for rule in found.rules.values()]


def _catalogs() -> CatalogStore:
    return CatalogStore(current_app.extensions["referee_redis"])


@blp.route("/catalogs/<string:name>", methods=["PUT"])
@blp.doc(requestBody={"required": True, "content": {"application/json": {
    "schema": {"type": "object", "description": "a catalog (referee catalog template)"}}}})
@blp.response(201, CatalogRecordSchema, description="Registered")
@blp.alt_response(200, schema=CatalogRecordSchema, description="Already registered as is")
@blp.alt_response(409, schema="Problem", description="Name used by a report", **PROBLEM)
@blp.alt_response(400, schema="Problem", description="Malformed JSON", **PROBLEM)
@blp.alt_response(415, schema="Problem", description="Not JSON", **PROBLEM)
@blp.alt_response(422, schema="Problem", description="Not a valid catalog", **PROBLEM)
def put_catalog(name: str):
    """Register a transcribed catalog under a name (checked; immutable once used)."""
    if request.mimetype != "application/json":
        raise Problem(415, "unsupported-media-type", gettext("Unsupported media type"),
                      gettext("a catalog is application/json"))
    document = json_body(request.get_data(cache=False))
    record = register_catalog(name, document)
    return record, 201 if record["created"] else 200


def register_catalog(name: str, document: object) -> dict:
    """Check a catalog document and register it under the caller's ``name``.

    Returns its record (``created`` False when the name already held this content); a 422
    lists every problem located by path, a 409 refuses new content for a used name.
    """
    try:
        NAME(name)
    except ValidationError as err:
        raise Problem(422, "invalid-name", gettext("Not a catalog name"),
                      str(err.messages[0])) from None
    try:
        problems = GAMES.for_catalog(document).check_catalog(document)
    except InvalidLog as err:
        problems = err.problems
    if problems:
        raise Problem(422, "invalid-catalog", gettext("The catalog is not valid"),
                      gettext("%(count)s problem(s)", count=len(problems)),
                      problems=[p.to_dict() for p in problems])
    try:
        sha, created = _catalogs().register(g.client, name, document)
    except CatalogInUse as err:
        raise Problem(409, "catalog-immutable", gettext("This catalog name is used by a report"),
                      gettext("%(name)s (%(sha)s) is used by a report; register the new "
                              "content under another name", name=name, sha=str(err))) from None
    return dict(catalog_record(name, sha, document), created=created)


@blp.route("/catalogs/<string:name>", methods=["GET"])
@blp.response(200, CatalogRecordSchema)
@blp.alt_response(404, schema="Problem", description="No such catalog", **PROBLEM)
def get_catalog(name: str):
    """A registered catalog's content hash and identity."""
    catalogs = _catalogs()
    sha = catalogs.sha_of(g.client, name)
    if sha is None:
        raise Problem(404, "catalog-not-found", gettext("No such catalog"),
                      gettext("no catalog named %(name)s", name=name))
    return dict(catalog_record(name, sha, catalogs.document(sha)),
                used=catalogs.is_used(g.client, sha))


@blp.route("/catalogs", methods=["GET"])
@blp.response(200, CatalogRecordSchema(many=True))
def list_catalogs():
    """The caller's registered catalogs by name (built-in ones are listed by ``/games``)."""
    return _catalogs().records(g.client)
