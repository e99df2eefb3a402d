"""Recording a game at the table, on the phone beside the board.

Each page shows where the game stands and, as buttons, only the moves the referee allows
there (one tap, one form post, records one); when chance comes next it asks what the table
saw, as choices. Every form carries the version it was shown at: a tap made on a page
that another phone has overtaken changes nothing, and the page says so and shows the game
as it stands. Plain forms and redirects: the pages need no script.
"""

from __future__ import annotations

from flask import Response, g, json, redirect, render_template, request, url_for
from flask_babel import gettext

from api import recorder_asks as asks
from api import recorder_chance as chance
from api import recorder_engine as engine
from api import recorder_steps as steps
from api.problems import Problem
from api.recorder import document
from api.recorder_words import Labeller
from api.web import bp, game_title
from replay.core.speech import tr

GAMES_BY_NAME = {choice.name: choice for choice in engine.games()}


@bp.route("/record")
def recorder_home():
    """Start a recording (choose the game), or go back to one of your own."""
    return render_template("recorder_home.html", games=list(GAMES_BY_NAME.values()),
                           recordings=steps.store().list_for(g.client))


@bp.route("/record/new/<game>", methods=["GET", "POST"])
def recorder_new(game: str):
    """The players in seat order and the variants; posting starts the recording."""
    choice = GAMES_BY_NAME.get(game)
    if choice is None:
        raise Problem(404, "game-not-found", gettext("No such game"),
                      gettext("games: %(games)s", games=", ".join(GAMES_BY_NAME)))
    if request.method == "GET":
        return render_template("recorder_new.html", game=choice, players=[], chosen=[])
    players = [p.strip() for p in request.form.getlist("player") if p.strip()]
    variants = request.form.getlist("variant")
    try:
        recording = steps.start(g.client, game, players, variants)
    except Problem as problem:
        return render_template("recorder_new.html", game=choice, players=players,
                               chosen=variants, problem=problem), problem.status
    return redirect(url_for("web.recording", recording_id=recording.id), 303)


def _page(recording, problem: Problem | None = None, status: int = 200,
          entered: dict | None = None, written: str = "",
          notice: dict | None = None, ask_problem: Problem | None = None,
          ask_entered: dict | None = None) -> tuple[str, int]:
    """The recording's page, with what went wrong with the last tap when something did."""
    doc = document(recording)
    label = Labeller(recording.header, recording.events, recording.step.get("names"))
    groups: list[dict] = []
    opponent = doc["opponent"]
    if opponent:  # the moves its procedure requires, headed by the Scheme it follows
        opponent = {**opponent, "scheme": label.word(opponent["scheme"])
                    if opponent["scheme"] else gettext("not named")}
    for move in doc["moves"]:
        title = f"{move['player']}: {move['group']}" if move["player"] else move["group"]
        if opponent and move["index"] in opponent["moves"]:
            title = gettext("Required by its Scheme (%(scheme)s)", scheme=opponent["scheme"])
        if not groups or groups[-1]["title"] != title:
            groups.append({"title": title, "moves": []})
        groups[-1]["moves"].append(move)
    table = doc["table"]
    players = table.get("players") or {}
    fields: list[str] = []
    for held in players.values():
        fields += [f for f in held if f not in fields]
    rows = [(label.field(f), [label.value(players[p].get(f)) for p in players])
            for f in fields]
    context = {"recording": recording, "doc": doc, "groups": groups, "rows": rows,
               "names": list(players), "problem": problem, "entered": entered or {},
               "problem_detail": label.text(problem.detail) if problem else None,
               "written": written, "notice": notice, "opponent": opponent,
               "ask_problem": ask_problem, "ask_entered": ask_entered or {},
               "ask_problem_detail": label.text(ask_problem.detail) if ask_problem else None,
               "claim": chance.claim_form(recording.step),
               "game_title": game_title(recording.header["game"]),
               "where": where(recording.step),
               "violations": [dict(v, text=label.text(v.get("message", "")))
                              for v in doc["violations"]]}
    return render_template("recorder.html", **context), status


def where(step: dict) -> str:
    """Where the game stands, as the page heads it: the round (once one has begun) and the
    phase by the engine's title for it ("Round 2, phase B (draft and place)"), in the
    reader's language."""
    table = step["table"]
    title = tr(step.get("title") or str(table.get("phase")))
    if table.get("round"):
        return gettext("Round %(round)s, %(phase)s", round=table["round"], phase=title)
    return title[:1].upper() + title[1:]


@bp.route("/record/<recording_id>")
def recording(recording_id: str):
    """Where the game stands, who is to act, and the moves they may make."""
    return _page(steps.owned(recording_id, g.client))


@bp.route("/record/<recording_id>/version")
def recorder_version(recording_id: str):
    """The recording's version, for a page following the game from another phone."""
    recording = steps.store().get(recording_id, with_events=False)
    if recording is None or recording.owner != g.client:
        raise Problem(404, "recording-not-found", gettext("No such recording"))
    return {"version": recording.version, "status": recording.status}


def _version() -> int:
    return request.form.get("version", -1, type=int)


def _change(recording_id: str, change, *args) -> Response | tuple[str, int]:
    """Make a change; on success back to the page (so a reload repeats nothing), else the
    page as the game stands now, saying what was refused and why."""
    try:
        change(recording_id, g.client, _version(), *args)
    except Problem as problem:
        if problem.status == 404:
            raise
        entered = args[0] if args and isinstance(args[0], dict) else None
        written = args[0] if args and isinstance(args[0], str) else ""
        return _page(steps.owned(recording_id, g.client), problem, problem.status, entered,
                     written)
    return redirect(url_for("web.recording", recording_id=recording_id), 303)


@bp.route("/record/<recording_id>/move", methods=["POST"])
def recorder_move(recording_id: str):
    """One tap: the move the page offered under that number."""
    return _change(recording_id, steps.tap, request.form.get("move", -1, type=int))


@bp.route("/record/<recording_id>/chance", methods=["POST"])
def recorder_chance(recording_id: str):
    """What chance brought (or the final scores), as chosen in the form."""
    values = {k: v for k, v in request.form.items() if k not in ("csrf_token", "version")}
    return _change(recording_id, steps.enter, values)


@bp.route("/record/<recording_id>/write", methods=["POST"])
def recorder_write(recording_id: str):
    """Lines of the text notation: what no button or form of the page offers (or, on the
    solo opponent's turn, what it did instead of what its procedure requires)."""
    return _change(recording_id, steps.write, request.form.get("text", ""),
                   request.form.get("otherwise") == "1")


@bp.route("/record/<recording_id>/events")
def recorder_events(recording_id: str):
    """Every event recorded, each with a link to correct it."""
    recording = steps.owned(recording_id, g.client)
    label = Labeller(recording.header, recording.events, recording.step.get("names"))
    broken = {v.get("event") for v in recording.step["violations"]}
    lines = [{"index": i, "player": e.get("player"), "label": label.event(e),
              "note": e.get("comment"), "broken": i in broken}
             for i, e in enumerate(recording.events)]
    return render_template("recorder_events.html", recording=recording, lines=lines,
                           game_title=game_title(recording.header["game"]))


@bp.route("/record/<recording_id>/correct/<int:index>", methods=["GET", "POST"])
def recorder_correct(recording_id: str, index: int):
    """The moves that were legal in the place of an earlier event; a tap puts one there,
    and the page then says what changed and which later events now break a rule."""
    recording = steps.owned(recording_id, g.client)
    moves = steps.moves_at(recording, index)
    label = Labeller(recording.header, recording.events, recording.step.get("names"))
    problem = None
    if request.method == "POST":
        chosen = request.form.get("move", -1, type=int)
        try:
            if not 0 <= chosen < len(moves):
                raise Problem(422, "no-such-move", gettext("No such move"),
                              gettext("move %(index)s was not offered", index=chosen))
            done = steps.correct(recording_id, g.client, _version(), index, moves[chosen])
        except Problem as refused:
            problem, recording = refused, steps.owned(recording_id, g.client)
        else:
            notice = {"index": index, "was": label.event(done["was"]),
                      "now": label.event(moves[chosen]),
                      "broken": [dict(v, text=label.text(v.get("message", "")))
                                 for v in done["broken"]]}
            return _page(done["recording"], notice=notice)
    event = recording.events[index]
    return render_template(
        "recorder_correct.html", recording=recording, index=index, problem=problem,
        problem_detail=label.text(problem.detail) if problem else None,
        current=label.event(event), player=event.get("player"), note=event.get("comment"),
        moves=[{"index": i, "label": label.event(m), "player": m.get("player"),
                "same": m == event} for i, m in enumerate(moves)],
        game_title=game_title(recording.header["game"])), \
        problem.status if problem else 200


@bp.route("/record/<recording_id>/components", methods=["POST"])
def recorder_components(recording_id: str):
    """The values read off a component the page asked about (or a skip): declared in the
    log, or the form again saying which value is refused and why."""
    entry = request.form.get("component", "")
    if request.form.get("shape"):  # the effect form's boxes for another operation
        return _page(steps.owned(recording_id, g.client), ask_entered=dict(request.form))
    try:
        if request.form.get("skip") == "all":
            steps.stop_asking(recording_id, g.client, _version())
        elif request.form.get("skip") == "1":
            steps.skip(recording_id, g.client, _version(), entry)
        else:
            recording = steps.owned(recording_id, g.client)
            slots = asks.answer_slots(recording.header, entry)
            try:
                values = asks.read_answer(slots, {k[2:]: v for k, v in request.form.items()
                                                  if k.startswith("v-")})
            except asks.AnswerError as err:
                raise Problem(422, "invalid-declaration", gettext("This value cannot be read"),
                              str(err), path=f"/values/{err.field}") from None
            if not values:
                raise Problem(422, "invalid-declaration", gettext("No value was typed"),
                              gettext("type what is printed, or skip the component"))
            steps.declare(recording_id, g.client, _version(), entry, values)
    except Problem as problem:
        if problem.status == 404:
            raise
        return _page(steps.owned(recording_id, g.client), status=problem.status,
                     ask_problem=problem, ask_entered=dict(request.form))
    return redirect(url_for("web.recording", recording_id=recording_id), 303)


@bp.route("/record/<recording_id>/claim", methods=["POST"])
def recorder_claim(recording_id: str):
    """A player's claim of their points, as chosen in the claim form."""
    values = {k: v for k, v in request.form.items() if k not in ("csrf_token", "version")}
    return _change(recording_id, steps.claim, values)


@bp.route("/record/<recording_id>/note/<int:index>", methods=["POST"])
def recorder_note(recording_id: str, index: int):
    """A note on an event; then back to the events, showing it."""
    steps.note(recording_id, g.client, _version(), index, request.form.get("note", ""))
    return redirect(url_for("web.recorder_events", recording_id=recording_id) + f"#e{index}",
                    303)


@bp.route("/record/<recording_id>/undo", methods=["POST"])
def recorder_undo(recording_id: str):
    """Take back the last event."""
    return _change(recording_id, steps.undo)


@bp.route("/record/<recording_id>/finish", methods=["POST"])
def recorder_finish(recording_id: str):
    """Submit the log as a replay, then show the replay's page (its report once done)."""
    result = _change(recording_id, steps.finish)
    if isinstance(result, tuple):
        return result
    done = steps.owned(recording_id, g.client)
    return redirect(url_for("web.replay", replay_id=done.replay), 303)


@bp.route("/record/<recording_id>/log.<fmt>")
def recorder_log(recording_id: str, fmt: str):
    """The log so far as a file: the text notation (``txt``) or JSON (``json``)."""
    if fmt not in ("txt", "json"):
        raise Problem(404, "format-not-found", gettext("No such format"), gettext("txt or json"))
    recording = steps.owned(recording_id, g.client)
    if fmt == "txt":
        response = Response(engine.log_text(recording.header, recording.events),
                            mimetype="text/plain")
    else:
        response = Response(json.dumps(engine.log_document(recording.header,
                                                           recording.events)),
                            mimetype="application/json")
    response.headers["Content-Disposition"] = \
        f'attachment; filename="{recording.header["game"]}-{recording.id}.{fmt}"'
    return response
