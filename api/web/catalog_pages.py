"""Registering a transcribed catalog from a page: its problems located, or its record."""

from __future__ import annotations

import json

from flask import Response, abort, current_app, g, render_template, request

from api.games import register_catalog
from api.problems import Problem
from api.submission import json_body
from api.web import bp
from api.web.errors import problem_rows
from api.web.uploads import decode_upload
from replay.games import GAMES
from workers.catalogs import CatalogStore


@bp.route("/catalogs", methods=["GET", "POST"])
def catalogs():
    """Upload or paste a catalog under a name; see every problem by path, or its record."""
    if request.method == "GET":
        return _page(form={})
    name = request.form.get("name", "").strip()
    upload = request.files.get("file")
    try:
        data = upload.read() if upload and upload.filename else \
            request.form.get("text", "").encode()
        if not data.strip():
            raise Problem(422, "no-catalog", "No catalog was given",
                          "choose a catalog file or paste one")
        record = register_catalog(name, json_body(decode_upload("the catalog", data)))
    except Problem as problem:
        return _page(form=request.form, problem=problem,
                     problems=problem_rows(problem)), problem.status
    return _page(form={}, record=record), 201 if record["created"] else 200


def _page(**context) -> str:
    """The catalogs page: templates, the built-in catalogs, and the client's own."""
    registered = CatalogStore(current_app.extensions["referee_redis"]).records(g.client)
    return render_template("catalogs.html", games=list(GAMES), registered=registered,
                           **context)


@bp.route("/catalogs/template/<game>.json")
def catalog_template(game: str):
    """A fill-in catalog of a game, to transcribe the printed components into."""
    found = GAMES.find(game)
    if found is None:
        abort(404)
    return Response(json.dumps(found.catalog_template(), indent=1) + "\n",
                    mimetype="application/json", headers={
                        "Content-Disposition": f'attachment; filename="{game}-catalog.json"'})
