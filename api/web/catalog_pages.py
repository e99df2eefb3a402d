"""Catalogs on pages: registering a transcribed one (its problems located, or its record),
reviewing and adopting one's draft, publishing, comparing and adopting shared ones."""

from __future__ import annotations

import json

from flask import Response, abort, current_app, g, redirect, render_template, request, url_for
from flask_babel import gettext

from api import catalog_growth as growth
from api import catalog_guide as guide
from api import recorder_asks as asks
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
        return _page(form={}, adopted=request.args.get("adopted"))
    name = request.form.get("name", "").strip()
    upload = request.files.get("file")
    try:
        data = upload.read() if upload and upload.filename else \
            request.form.get("text", "").encode()
        if not data.strip():
            raise Problem(422, "no-catalog", gettext("No catalog was given"),
                          gettext("choose a catalog file or paste one"))
        record = register_catalog(name, json_body(decode_upload("the catalog", data)))
    except Problem as problem:
        return _page(form=request.form, problem=problem,
                     problems=problem_rows(problem)), problem.status
    return _page(form={}, record=record), 201 if record["created"] else 200


def _page(**context) -> str:
    """The catalogs page: templates, the built-in catalogs, and the client's own."""
    catalogs = CatalogStore(current_app.extensions["referee_redis"])
    registered = catalogs.records(g.client)
    chosen = {game.name: catalogs.chosen(g.client, game.name) for game in GAMES}
    drafts = {game.name: growth.draft(g.client, game.name)["count"] for game in GAMES}
    published = {record["sha256"] for record in growth.shared()}
    return render_template("catalogs.html", games=list(GAMES), registered=registered,
                           chosen=chosen, drafts=drafts, published=published, **context)


@bp.route("/catalogs/draft/<game>", methods=["GET", "POST"])
def catalog_draft(game: str):
    """Your draft of a game's catalog: every value your games declared, with the game each
    came from; posting adopts all of it (or, if a value is refused, none)."""
    problem = None
    if request.method == "POST":
        try:
            adopted = growth.adopt_draft(g.client, game)
        except Problem as refused:
            if refused.status == 404:
                raise
            problem = refused
        else:
            return redirect(url_for("web.catalogs", adopted=adopted["name"]), 303)
    draft = growth.draft(g.client, game)
    return render_template("catalog_draft.html", draft=draft, game=GAMES.get(draft["game"]),
                           problem=problem, problems=problem_rows(problem) if problem else []), \
        problem.status if problem else 200


@bp.route("/catalogs/<name>/publish", methods=["POST"])
def catalog_publish(name: str):
    """Publish one of your catalogs to every client of this server."""
    record, _ = growth.publish(g.client, name)
    return redirect(url_for("web.catalogs_shared", published=record["sha256"]), 303)


@bp.route("/catalogs/shared")
def catalogs_shared():
    """The catalogs published on this server: who transcribed how much; compare, adopt."""
    catalogs = CatalogStore(current_app.extensions["referee_redis"])
    chosen = {game.name: catalogs.chosen(g.client, game.name) for game in GAMES}
    return render_template("catalogs_shared.html", shared=growth.shared(), chosen=chosen,
                           published=request.args.get("published"),
                           adopted=request.args.get("adopted"))


@bp.route("/catalogs/shared/<sha>/adopt", methods=["POST"])
def catalog_adopt_shared(sha: str):
    """Adopt a published catalog: your recordings of its game are made with it."""
    growth.adopt_shared(g.client, sha)
    return redirect(url_for("web.catalogs_shared", adopted=sha), 303)


@bp.route("/catalogs/compare")
def catalogs_compare():
    """Two catalogs side by side: every transcribed value on which they disagree."""
    first, second = request.args.get("first", ""), request.args.get("second", "")
    comparison = growth.compare(g.client, first, second)
    return render_template("catalog_compare.html", comparison=comparison)


@bp.route("/catalogs/template/<game>.json")
def catalog_template(game: str):
    """A fill-in catalog of a game, to transcribe the printed components into."""
    found = GAMES.find(game)
    if found is None:
        abort(404)
    return Response(json.dumps(found.catalog_template(), indent=1) + "\n",
                    mimetype="application/json", headers={
                        "Content-Disposition": f'attachment; filename="{game}-catalog.json"'})


@bp.route("/catalogs/guide/<game>", methods=["GET", "POST"])
def catalog_guide(game: str):
    """Every component of the game still holding placeholders, one at a time, with how far
    you are; each answer joins your draft, so leaving and coming back resumes."""
    problem = None
    if request.method == "POST" and not request.form.get("shape"):
        entry = request.form.get("component", "")
        try:
            if request.form.get("skip") == "1":
                guide.skip(g.client, game, entry)
            else:
                guide.answer(g.client, game, entry, {
                    k[2:]: v for k, v in request.form.items() if k.startswith("v-")})
        except Problem as refused:
            if refused.status == 404:
                raise
            problem = refused
        else:
            return redirect(url_for("web.catalog_guide", game=game), 303)
    progress = guide.progress(g.client, game)
    # A refused answer, or the effect form's boxes for another operation, shows the
    # component posted again; else the next one to read.
    shown = request.form.get("component") if request.method == "POST" else None
    ask = asks.component_form(progress["header"], shown) if shown else None
    if ask is None and progress["next"]:
        ask = asks.component_form(progress["header"], progress["next"])
    return render_template("catalog_guide.html", progress=progress, ask=ask,
                           game=GAMES.get(progress["game"]), ask_problem=problem,
                           ask_problem_detail=problem.detail if problem else None,
                           ask_entered=dict(request.form) if request.method == "POST"
                           else {}), \
        problem.status if problem else 200


@bp.route("/catalogs/guide/<game>/restart", methods=["POST"])
def catalog_guide_restart(game: str):
    """Ask again for the components gone past."""
    guide.restart(g.client, game)
    return redirect(url_for("web.catalog_guide", game=game), 303)
