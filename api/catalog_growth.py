"""A client's catalog grows from its games, and is shared: the draft, its adoption, the
published catalogs, and two transcriptions compared value by value.

Shared by the API (``api.catalog_sharing``) and the catalog pages; every answer that goes
wrong is a ``Problem`` naming what and where. Adopting a draft applies its values to the
client's catalog (the one its recordings are made with, or the game's built-in one) exactly
as a log's declarations are applied (``replay.core.logs.declarations``), checks the result
as any transcribed catalog is checked, and stores it in one transaction: all of it, or
nothing.
"""

from __future__ import annotations

import re

from flask import current_app
from flask_babel import gettext

import languages
from api import recorder_engine as engine
from api.problems import Problem
from api.recorder_asks import leaves
from replay.core.logs.declarations import NAMES, Declaration, declare, iter_entries
from replay.core.logs.problems import InvalidLog
from replay.games import GAMES
from workers.catalogs import CatalogInUse, CatalogStore
from workers.drafts import DraftChanged, DraftStore
from workers.shared_catalogs import NotPublished, NotYours, SharedCatalogs


def transcribed_by(client: str) -> str:
    """The source of a value a client transcribed."""
    return f"transcribed by {client} from the printed component"


def _redis():
    return current_app.extensions["referee_redis"]


def _game(game: str):
    found = GAMES.find(game)
    if found is None:
        raise Problem(404, "game-not-found", gettext("No such game"),
                      gettext("games: %(games)s", games=", ".join(GAMES.names())))
    return found


def base_catalog(owner: str, game: str) -> tuple[str | None, dict, dict]:
    """The catalog a client's recordings of ``game`` are made with: its sha256 (None for
    the built-in one), document and transcribed values."""
    catalogs = CatalogStore(_redis())
    sha = catalogs.chosen(owner, game)
    if sha:
        return sha, catalogs.document(sha), catalogs.provenance(sha)
    found = _game(game)
    return None, engine.catalog_document(found.name, found.builtin_catalogs[0]), {}


def draft(owner: str, game: str) -> dict:
    """A client's draft of a game's catalog: every value its games declared, each with the
    recording it came from, grouped by component (printed names first: the English one,
    and those of other languages' editions, the draft's own among them; a name in another
    language says which, ``language``)."""
    found = _game(game)
    _, document, _ = base_catalog(owner, found.name)
    entries = {entry["id"]: entry for _, entry in iter_entries(document)}
    values = DraftStore(_redis()).values(owner, found.name)
    components = [{"entry": entry, **_names(entries.get(entry, {}), fields),
                   "values": [{"field": field, **item, **_language(field)}
                              for field, item in fields.items()]}
                  for entry, fields in values.items()]
    return {"game": found.name, "base": document["meta"]["id"],
            "count": sum(len(c["values"]) for c in components),
            "disagree": sum(bool(v.get("earlier")) for c in components for v in c["values"]),
            "components": components}


def _names(entry: dict, drafted: dict | None = None) -> dict:
    """A component's printed names: ``name`` (English, None when it prints none) and, when
    it has any, ``names`` (language -> name), with those a draft's fields give."""
    name = entry.get("name")
    names = {**(entry.get(NAMES) or {}),
             **{field.removeprefix(f"{NAMES}."): item["value"]
                for field, item in (drafted or {}).items() if field.startswith(f"{NAMES}.")}}
    return {"name": name if isinstance(name, str) else None, **({NAMES: names} if names else {})}


def _language(field: str) -> dict:
    """``{"language": its name}`` for a field that is a name in a language, else nothing."""
    tag = field.removeprefix(f"{NAMES}.")
    return {"language": languages.NAMES[tag]} if tag != field and tag in languages.NAMES \
        else {}


def adopt_draft(owner: str, game: str) -> dict:
    """Adopt the client's draft: a catalog of its own holding every draft value, the one
    its recordings of ``game`` are then made with; the draft is emptied. All or nothing: a
    value the catalog refuses (it contradicts a source, or the catalog's checks) leaves
    everything as it was, and the answer lists every refused value with both values."""
    found = _game(game)
    drafts = DraftStore(_redis())
    values = drafts.values(owner, found.name)
    if not values:
        raise Problem(422, "empty-draft", gettext("The draft is empty"),
                      gettext("no game of %(owner)s declared a value of %(game)s's components "
                              "yet", owner=owner, game=found.title))
    _, base, provenance = base_catalog(owner, found.name)
    declarations = [Declaration(entry, field, item["value"], path=f"/{entry}/{field}")
                    for entry, fields in values.items() for field, item in fields.items()]
    try:
        document, _ = declare(base, declarations)
    except InvalidLog as err:
        raise Problem(422, "draft-refused", gettext("The draft cannot be adopted"),
                      gettext("%(count)s value(s) refused; nothing was adopted",
                              count=len(err.problems)),
                      problems=[p.to_dict() for p in err.problems]) from None
    source = transcribed_by(owner)
    count = sum(len(fields) for fields in values.values())
    document["meta"] = {**document["meta"], "id": f"{found.name}-{_slug(owner)}",
                        "version": int(base["meta"].get("version", 1)) + 1,
                        "description": f"{base['meta']['id']} with {count} value(s) "
                                       f"{source}s"}
    problems = found.check_catalog(document)
    if problems:
        raise Problem(422, "draft-refused", gettext("The draft cannot be adopted"),
                      gettext("%(count)s problem(s) in the catalog it makes; nothing was "
                              "adopted", count=len(problems)),
                      problems=[p.to_dict() for p in problems])
    grown = {entry: dict(fields) for entry, fields in provenance.items()}
    for entry, fields in values.items():
        for field, item in fields.items():
            grown.setdefault(entry, {})[field] = {"value": item["value"], "source": source,
                                                  "game": item["recording"]
                                                  or item.get("replay")}
    sha = found.catalog_sha256(document)
    try:
        name = drafts.adopt(owner, found.name, values, document, sha, grown)
    except DraftChanged:
        raise Problem(409, "draft-changed", gettext("The draft changed meanwhile"),
                      gettext("a game declared a value while the draft was adopted; nothing was "
                      "adopted: review it again")) from None
    return {"name": name, "sha256": sha, "id": document["meta"]["id"], "game": found.name,
            "printed": document["meta"]["printed"], "adopted": count}


def _slug(owner: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", owner.lower()).strip("-")[:40] or "client"


def publish(owner: str, name: str) -> tuple[dict, bool]:
    """Publish one of the client's catalogs to every client of the server."""
    sha = CatalogStore(_redis()).sha_of(owner, name)
    if sha is None:
        raise Problem(404, "catalog-not-found", gettext("No such catalog"),
                      gettext("no catalog named %(name)s", name=name))
    return SharedCatalogs(_redis()).publish(owner, name, sha)


def shared(game: str | None = None) -> list[dict]:
    """Every published catalog (of a game)."""
    return SharedCatalogs(_redis()).records(game)


def shared_record(sha: str) -> dict:
    """One published catalog (a 404 when none has that sha256)."""
    try:
        return SharedCatalogs(_redis()).record(sha)
    except NotPublished:
        raise Problem(404, "catalog-not-published", gettext("No such published catalog"),
                      gettext("no catalog with sha256 %(sha)s is published", sha=sha)) from None


def adopt_shared(owner: str, sha: str) -> dict:
    """Adopt a published catalog: the client's recordings of its game are made with it."""
    record = shared_record(sha)
    name = SharedCatalogs(_redis()).adopt(owner, sha)
    return {**record, "name": name}


def withdraw(owner: str, sha: str) -> None:
    """Take one's published catalog off the list, while no stored replay names it."""
    shared_record(sha)
    try:
        SharedCatalogs(_redis()).withdraw(owner, sha)
    except NotYours:
        raise Problem(403, "not-the-publisher", gettext("Only its publisher may withdraw it"),
                      gettext("catalog %(sha)s was published by another client", sha=sha)) \
            from None
    except CatalogInUse:
        raise Problem(409, "catalog-in-use", gettext("A stored replay names this catalog"),
                      gettext("a published catalog stays while a replay names it")) from None


def compare(owner: str, first: str, second: str) -> dict:
    """Two catalogs side by side (each published, or one of the caller's): every value of
    a component both hold that differs where at least one of them holds it as
    transcribed, with each side's value and source."""
    catalogs = CatalogStore(_redis())
    own = {record["sha256"] for record in catalogs.records(owner)}
    published = {record["sha256"] for record in shared()}
    sides = []
    for sha in (first, second):
        document = catalogs.document(sha) if sha in own | published else None
        if document is None:
            raise Problem(404, "catalog-not-found", gettext("No such catalog"),
                          gettext("no catalog has sha256 %(sha)s", sha=sha))
        sides.append((document, catalogs.provenance(sha)))
    (one, one_from), (two, two_from) = sides
    if one["meta"]["game"] != two["meta"]["game"]:
        raise Problem(422, "different-games", gettext("These catalogs are of different games"),
                      gettext("%(first)s and %(second)s", first=one["meta"]["game"],
                              second=two["meta"]["game"]))
    other = {entry["id"]: entry for _, entry in iter_entries(two)}
    rows, agreed = [], 0
    for _, entry in iter_entries(one):
        match = other.get(entry["id"])
        if match is None:
            continue
        theirs = dict(leaves(match))
        for field, value in leaves(entry):
            told = [_told(one_from, entry, field), _told(two_from, match, field)]
            if field not in theirs or not any(t["transcribed"] for t in told):
                continue
            if theirs[field] == value:
                agreed += 1
                continue
            rows.append({"entry": entry["id"], **_names(entry), "field": field,
                "first": {"value": value, **told[0]}, "second": {"value": theirs[field],
                                                                 **told[1]}})
    return {"game": one["meta"]["game"], "first": {"sha256": first, "id": one["meta"]["id"]},
            "second": {"sha256": second, "id": two["meta"]["id"]}, "agree": agreed,
            "disagree": rows}


def _told(provenance: dict, entry: dict, field: str) -> dict:
    """Where a catalog has a value from: who transcribed it, or the entry's source."""
    for name, item in provenance.get(entry["id"], {}).items():
        if field == name or field.startswith(f"{name}."):
            return {"source": item["source"], "transcribed": True}
    return {"source": entry.get("source") or "the catalog's stand-in", "transcribed": False}
