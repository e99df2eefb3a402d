"""``/v1/catalog-drafts`` and ``/v1/shared-catalogs``: a client's catalog grows from its
games, is adopted, published, compared and adopted by others (``api.catalog_growth``)."""

from __future__ import annotations

from flask import g, request
from flask_babel import gettext

from api import catalog_growth as growth
from api.blueprint import RefereeBlueprint
from api.problems import PROBLEM_MEDIA_TYPE, Problem

blp = RefereeBlueprint("catalog-sharing", __name__, url_prefix="/v1",
                       description="Catalogs grown from games, published and adopted")


def _problem(description: str) -> dict:
    return {"description": description, "content": {PROBLEM_MEDIA_TYPE: {
        "schema": {"$ref": "#/components/schemas/Problem"}}}}


def _ok(description: str, schema: dict) -> dict:
    return {"description": description, "content": {"application/json": {"schema": schema}}}


PRINTED_NAMES = {"type": "object", "additionalProperties": {"type": "string"},
                 "description": "language -> the name printed on that language's edition"}
VALUE = {"type": "object", "properties": {
    "field": {"type": "string"}, "value": {}, "at": {"type": "number"},
    "language": {"type": "string", "description": "for a name in a language (a field "
                 "names.<language>): that language, as its readers write it"},
    "recording": {"type": ["string", "null"], "description": "the recording it came from "
                  "(null: read on the whole-game page)"},
    "replay": {"type": "string", "description": "the replay of the submitted log that "
               "declared it (when no recording did)"},
    "earlier": {"type": "array", "description": "earlier transcriptions that differ",
                "items": {"type": "object"}}}}
DRAFT = {"type": "object", "required": ["game", "count", "components"], "properties": {
    "game": {"type": "string"}, "base": {"type": "string", "description": "the catalog the "
                                         "draft is adopted into"},
    "count": {"type": "integer"},
    "disagree": {"type": "integer", "description": "values transcribed differently"},
    "components": {"type": "array", "items": {
        "type": "object", "properties": {"entry": {"type": "string"},
                                         "name": {"type": ["string", "null"]},
                                         "names": PRINTED_NAMES,
                                         "values": {"type": "array", "items": VALUE}}}}}}
ADOPTED = {"type": "object", "required": ["name", "sha256", "id", "game"], "properties": {
    "name": {"type": "string", "description": "the client's name for it"},
    "sha256": {"type": "string"}, "id": {"type": "string"}, "game": {"type": "string"},
    "printed": {"type": "boolean"}, "adopted": {"type": "integer"},
    "publisher": {"type": "string"}, "published_at": {"type": "number"},
    "transcribed": {"type": "integer"}}}
SHARED = {"type": "object", "required": ["sha256", "id", "game", "publisher"], "properties": {
    "name": {"type": "string", "description": "the publisher's name for it"},
    "sha256": {"type": "string"}, "id": {"type": "string"}, "game": {"type": "string"},
    "printed": {"type": "boolean"}, "publisher": {"type": "string"},
    "published_at": {"type": "number"},
    "transcribed": {"type": "integer", "description": "values transcribed from the printed "
                    "components"}}}
SIDE = {"type": "object", "properties": {"value": {}, "source": {"type": "string"},
                                         "transcribed": {"type": "boolean"}}}
COMPARISON = {"type": "object", "required": ["game", "agree", "disagree"], "properties": {
    "game": {"type": "string"}, "first": {"type": "object"}, "second": {"type": "object"},
    "agree": {"type": "integer", "description": "transcribed values both hold alike"},
    "disagree": {"type": "array", "items": {"type": "object", "properties": {
        "entry": {"type": "string"}, "name": {"type": ["string", "null"]},
        "names": PRINTED_NAMES, "field": {"type": "string"}, "first": SIDE, "second": SIDE}}}}}


@blp.route("/catalog-drafts/<string:game>", endpoint="draft", methods=["GET"])
@blp.doc(responses={"200": _ok("The draft", DRAFT), "404": _problem("No such game")})
def get_draft(game: str):
    """The caller's draft of a game's catalog: every value its games declared, each with
    the recording it came from (no other client sees it)."""
    return growth.draft(g.client, game)


@blp.route("/catalog-drafts/<string:game>/adoption", endpoint="adopt_draft", methods=["POST"])
@blp.doc(responses={"201": _ok("Adopted: the caller's recordings of the game are made with "
                               "it", ADOPTED),
                    "404": _problem("No such game"),
                    "409": _problem("The draft changed meanwhile; nothing was adopted"),
                    "422": _problem("Empty, or a value refused; nothing was adopted")})
def adopt_draft(game: str):
    """Adopt the whole draft into a catalog of the caller's own (all or nothing)."""
    return growth.adopt_draft(g.client, game), 201


@blp.route("/catalogs/<string:name>/publication", endpoint="publish", methods=["POST"])
@blp.doc(responses={"201": _ok("Published", SHARED),
                    "200": _ok("Already published as is", SHARED),
                    "404": _problem("No such catalog")})
def publish(name: str):
    """Publish one of the caller's catalogs to every client of the server (immutable:
    addressed by its sha256)."""
    record, created = growth.publish(g.client, name)
    return record, 201 if created else 200


@blp.route("/shared-catalogs", endpoint="shared", methods=["GET"])
@blp.doc(parameters=[{"name": "game", "in": "query", "required": False,
                      "schema": {"type": "string"}}],
         responses={"200": _ok("The published catalogs", {"type": "array", "items": SHARED})})
def list_shared():
    """Every catalog published on this server (of a game, with ``game``)."""
    return growth.shared(request.args.get("game"))


@blp.route("/shared-catalogs/<string:sha>", endpoint="shared_catalog",
           methods=["GET", "DELETE"])
@blp.doc(responses={"200": _ok("The published catalog", SHARED),
                    "204": {"description": "Withdrawn"},
                    "403": _problem("Not its publisher"),
                    "404": _problem("Not published"),
                    "409": _problem("A stored replay names it")})
def shared_catalog(sha: str):
    """A published catalog; DELETE withdraws it (its publisher, while no replay names
    it)."""
    if request.method == "DELETE":
        growth.withdraw(g.client, sha)
        return "", 204
    return growth.shared_record(sha)


@blp.route("/shared-catalogs/<string:sha>/adoption", endpoint="adopt_shared",
           methods=["POST"])
@blp.doc(responses={"201": _ok("Adopted: the caller's recordings of its game are made "
                               "with it", ADOPTED), "404": _problem("Not published")})
def adopt_shared(sha: str):
    """Adopt a published catalog: the caller's recordings of its game use it."""
    return growth.adopt_shared(g.client, sha), 201


@blp.route("/catalog-comparisons", endpoint="compare", methods=["GET"])
@blp.doc(parameters=[{"name": name, "in": "query", "required": True,
                      "schema": {"type": "string"}, "description": "a catalog's sha256"}
                     for name in ("first", "second")],
         responses={"200": _ok("The transcribed values that differ, side by side",
                               COMPARISON),
                    "404": _problem("No such catalog"),
                    "422": _problem("Not two catalogs of one game")})
def compare():
    """Two catalogs compared value by value where either holds a transcribed value."""
    first, second = request.args.get("first"), request.args.get("second")
    if not first or not second:
        raise Problem(422, "invalid-query", gettext("Two catalogs are compared"),
                      gettext("first and second are catalogs' sha256"))
    return growth.compare(g.client, first, second)
