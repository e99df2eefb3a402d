"""The whole game at once: every component whose printed values the client's catalog still
holds as placeholders, one at a time, for a keen owner with the box open.

Nothing is kept here but the draft: each answer joins the client's draft (as a value a game
declared would), so leaving the page and coming back resumes where it was; a component
gone past is remembered until the page starts again. Each answer is checked as a log's
declaration is (``replay.core.logs.declarations``) on the client's catalog with its draft.
"""

from __future__ import annotations

from flask import current_app
from flask_babel import gettext

from api import recorder_asks as asks
from api import recorder_catalog
from api import recorder_steps as steps
from api.catalog_growth import base_catalog
from api.problems import Problem
from replay.core.logs.declarations import Declaration, from_json
from replay.core.logs.problems import InvalidLog
from replay.core.speech import message
from replay.games import GAMES
from workers.drafts import DraftStore


def _drafts() -> DraftStore:
    return DraftStore(current_app.extensions["referee_redis"])


def _game(game: str):
    found = GAMES.find(game)
    if found is None:
        raise Problem(404, "game-not-found", gettext("No such game"),
                      gettext("games: %(games)s", games=", ".join(GAMES.names())))
    return found


def header(owner: str, game: str) -> dict:
    """A recording's header as if a game began now: the client's catalog, and its draft
    declared."""
    found = _game(game)
    sha, document, _ = base_catalog(owner, found.name)
    made = {"game": found.name, "catalog": document["meta"]["id"]}
    if sha:
        made["catalog_sha"] = sha
    made["components"] = steps.transcribed_before(owner, made)
    return made


def progress(owner: str, game: str) -> dict:
    """How far the client has read the game's components, per kind of component ("37 of
    56 character cards"), and the next component to read (None when all are read or gone
    past). A component is read once it was answered (a value left blank stays a
    placeholder, as in a recording) or nothing of it is left to read."""
    made = header(owner, game)
    skipped = _drafts().skipped(owner, made["game"])
    answered = set(made["components"]) | set(recorder_catalog.transcribed(made))
    kinds: dict[str, dict] = {}
    following = None
    for entry, what in asks.components_with_slots(made["game"]):
        kind = kinds.setdefault(what, {"what": gettext(what), "done": 0, "total": 0})
        kind["total"] += 1
        if entry in answered or not asks.open_slots(made, entry):
            kind["done"] += 1
        elif following is None and entry not in skipped:
            following = entry
    return {"game": made["game"], "header": made, "kinds": list(kinds.values()),
            "next": following, "skipped": len(skipped),
            "done": sum(k["done"] for k in kinds.values()),
            "total": sum(k["total"] for k in kinds.values())}


def answer(owner: str, game: str, entry: str, values: dict[str, str]) -> None:
    """Keep the values typed for a component in the draft, once they pass the catalog's
    checks (a ``Problem`` locating the first refused one otherwise)."""
    made = header(owner, game)
    slots = asks.open_slots(made, entry)
    if not slots:
        raise Problem(422, "not-asked", gettext("This component has nothing to read"),
                      gettext("%(entry)s: its values are all transcribed or given by a source",
                              entry=entry))
    try:
        typed = asks.read_answer(asks.answer_slots(made, entry), values)
    except asks.AnswerError as err:
        raise Problem(422, "invalid-declaration", gettext("This value cannot be read"),
                      str(err), path=f"/values/{err.field}") from None
    if not typed:
        raise Problem(422, "invalid-declaration", gettext("No value was typed"),
                      gettext("type what is printed, or go past the component"))
    sha, document, _ = base_catalog(owner, made["game"])
    declarations = from_json(made["components"]) + [
        Declaration(entry, field, value, path=f"/values/{field}")
        for field, value in typed.items()]
    try:
        GAMES.get(made["game"]).engine.replayer.load_catalog(
            document if sha else None, None if sha else made["catalog"], declarations)
    except InvalidLog as err:
        first = err.problems[0]
        raise Problem(422, "invalid-declaration", gettext("This value is refused"),
                      message(first.to_dict()), path=first.path,
                      problems=[p.to_dict() for p in err.problems]) from None
    _drafts().add(owner, made["game"], entry, typed, None)


def skip(owner: str, game: str, entry: str) -> None:
    """Go past a component for now."""
    _drafts().skip(owner, _game(game).name, entry)


def restart(owner: str, game: str) -> None:
    """Ask again for the components gone past."""
    _drafts().restart(owner, _game(game).name)
