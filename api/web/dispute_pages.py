"""An arbiter's questions about one event of a replay: "is this move legal here?", "what if
it had been played instead?", and "start from here" (the position after the event).

The step page asks them; each becomes a dispute job (``workers.comparisons``: a ruling, a
comparison, a position) that a worker replays, never the request: the request only reads
the move and checks its shape against the log, as ``/v1/rulings`` does, and goes to the
answer's page, which waits for the worker and then shows the answer for a person.
"""

from __future__ import annotations

import dataclasses
import json

from flask import g, jsonify, make_response, redirect, render_template, request, url_for
from flask_babel import gettext, lazy_gettext

import replay
from api.compare import comparisons
from api.problems import Problem
from api.rulings import check_question
from api.web import bp
from api.web.report_view import LogLines, log_lines
from api.web.step_pages import replay_catalog, replay_events, report_names
from replay.compare import read_event
from replay.core.logs.jsontext import load_json
from replay.core.logs.problems import LogProblem
from replay.core.speech import message
from replay.core.words import spoken
from replay.games import GAMES
from replay.render.compare import score_rows
from replay.render.names import NameLabels
from replay.render.ruling import listed, rests_on_sentence

MOVE_LENGTH = 10_000  # as /v1/rulings takes a move
FINISHED = ("done", "failed")
# The files of a position: what each holds (from the job's result) and its media type.
POSITION_FILES = {
    "position.json": (lambda result: result["position_log"]["position"], "application/json"),
    "log.json": (lambda result: result["position_log"], "application/json"),
    "log.txt": (lambda result: result["text"], "text/plain"),
}
# A version's verdict and a question's status as a person reads them (the JSON keeps the ids).
VERDICTS = {"legal": lazy_gettext("legal"), "illegal": lazy_gettext("illegal"),
            "score_mismatch": lazy_gettext("score mismatch"),
            "incomplete": lazy_gettext("incomplete"), "unparseable": lazy_gettext("unparseable")}
STATUSES = {"queued": lazy_gettext("queued"), "running": lazy_gettext("running"),
            "done": lazy_gettext("done"), "failed": lazy_gettext("failed")}


@dataclasses.dataclass
class Question:
    """What the step page's form asks about: a replay's log, the event the move follows,
    and the move (typed, or picked among the legal ones)."""

    replay_id: str
    source: str
    lines: LogLines
    event: int
    move: str
    catalog_sha: str | None = None  # the uploaded catalog the game was replayed with...
    catalog: dict | None = None  # ...and its document

    @property
    def line(self) -> int | None:
        """The event's line in the log as the pages show it."""
        return self.lines.event_lines.get(self.event)


def _question(replay_id: str, need_move: bool = True) -> Question:
    """The form's question, its event within the log; a problem else."""
    record, lines = replay_events(replay_id, gettext("to ask about"))
    last = len(lines.log.events) - 1
    event = request.form.get("event", type=int)
    if event is None or not 0 <= event <= last:
        raise Problem(422, "no-such-event", gettext("No such event in the log"),
                      gettext("the log has events 0 to %(last)s; the form asked about event "
                              "%(asked)s", last=last, asked=repr(request.form.get("event"))))
    move = request.form.get("move", "").strip() or request.form.get("pick", "").strip()
    if need_move and not move:
        raise Problem(422, "no-move", gettext("No move to ask about"),
                      gettext("pick one of the legal moves, or type a move in the text "
                              "notation (or as a JSON event)"))
    if len(move) > MOVE_LENGTH:
        raise Problem(422, "move-too-long", gettext("The move is too long"),
                      gettext("a move is one line of at most %(limit)s characters",
                              limit=MOVE_LENGTH))
    return Question(replay_id, record["source"], lines, event, move,
                    (record.get("options") or {}).get("catalog_sha"), replay_catalog(record))


def _read_move(question: Question) -> dict:
    """The move as an event of the log's game, its shape checked right after the event it
    follows: an unreadable line, an unknown card, player or event type is refused here."""
    log, cut = question.lines.log, question.event + 1
    try:
        move = read_event(log, question.move, "/move")
        replay.validate(dataclasses.replace(log, events=[*log.events[:cut], move],
                                            positions=log.positions[:cut]), question.catalog)
    except replay.InvalidLog as err:
        found = [_at_move(p, cut) for p in err.problems]
        raise Problem(422, "invalid-move", gettext("The move cannot be read"),
                      "; ".join(message(p.to_dict()) for p in found),
                      problems=[p.to_dict() for p in found]) from None
    return move


def _at_move(problem: LogProblem, cut: int) -> LogProblem:
    """A problem of the move's event, located at the move rather than in the log."""
    at_event = (problem.path or "").startswith(f"/events/{cut}")
    return dataclasses.replace(problem, path="/move") if at_event else problem


def _queue(question: Question, body: dict, page: str):
    """Store the question as a dispute job (a worker answers it) and go to its page."""
    body = {**body, "replay": question.replay_id}
    if question.catalog_sha:
        body["catalog_sha"] = question.catalog_sha
    dispute_id = comparisons().create(json.dumps(body, ensure_ascii=False).encode(), g.client)
    return redirect(url_for(page, dispute_id=dispute_id), 303)


def _asked(replay_id: str, read):
    """The question ``read`` makes of the form, or the page saying what is wrong with it
    and where, with the form to ask again (another client's replay stays not found)."""
    question = None
    try:
        question = _question(replay_id)
        return question, read(question), None
    except Problem as problem:
        if problem.status == 404:
            raise
        page = render_template("dispute_problem.html", problem=problem,
                               problems=problem.extra.get("problems") or [],
                               question=question, replay_id=replay_id)
        return question, None, (page, problem.status)


@bp.route("/replays/<replay_id>/ask", methods=["POST"])
def ask_move(replay_id: str):
    """Is the move legal right after the event? Queued as a ruling, answered on its page."""
    def read(question: Question) -> dict:
        _read_move(question)
        body = {"log": question.source, "after": question.event, "move": question.move}
        check_question(body)  # as /v1/rulings checks it
        return body

    question, body, refused = _asked(replay_id, read)
    return refused or _queue(question, body, "web.ruling_page")


@bp.route("/replays/<replay_id>/what-if", methods=["POST"])
def what_if(replay_id: str):
    """The game with the move played right after the event instead of the log's next event
    (after the last event: added at the end), the rest of the log as it was: both versions
    queued as a comparison, shown side by side on its page."""
    question, move, refused = _asked(replay_id, _read_move)
    if refused:
        return refused
    log, cut = question.lines.log, question.event + 1
    branch = dataclasses.replace(log, events=[*log.events[:cut], move, *log.events[cut + 1:]],
                                 positions=[])
    return _queue(question, {"a": question.source, "b": branch.to_dict(), "mode": "audit",
                             "event": question.event, "asked": question.move},
                  "web.what_if_page")


@bp.route("/replays/<replay_id>/start-here", methods=["POST"])
def start_here(replay_id: str):
    """The position after the event, and a log that starts from it: queued, then shown."""
    question = _question(replay_id, need_move=False)
    return _queue(question, {"log": question.source, "at": question.event},
                  "web.start_here_page")


def _dispute(dispute_id: str, with_body: bool = False) -> dict:
    record = comparisons().get(dispute_id, with_body=with_body)
    if record is None or record["owner"] != g.client:
        raise Problem(404, "question-not-found", gettext("No such question"),
                      gettext("no question has id %(id)s (answers are kept for a day)",
                              id=dispute_id))
    return record


def _progress(record: dict) -> dict:
    status = record["status"]
    return {"status": status, "value": 0, "max": 0, "finished": status in FINISHED,
            "text": gettext("The question is %(status)s.",
                            status=STATUSES.get(status, status))}


@bp.route("/questions/<dispute_id>/status")
def dispute_status(dispute_id: str):
    """A question's status as JSON, for the waiting page's script."""
    return jsonify(_progress(_dispute(dispute_id)))


def _answered(dispute_id: str, kind: str):
    """The finished job and what was asked, or (while the worker works) the waiting page.
    ``kind`` is the key only this kind of question has."""
    record = _dispute(dispute_id)
    if record["status"] not in FINISHED:
        return None, None, render_template("dispute_wait.html", record=record,
                                           progress=_progress(record))
    record = _dispute(dispute_id, with_body=True)
    body = load_json(record.pop("body"))
    if "replay" not in body or kind not in body:
        raise Problem(404, "question-not-found", gettext("No such question"),
                      gettext("question %(id)s is not of this kind", id=dispute_id))
    return record, body, None


def said(item: dict, name: str = "message") -> str:
    """A violation's ``message`` (or ``expected``, ``found``) in the reader's language: said
    again from its stored words, else as the engine wrote it."""
    value = item.get(name)
    if isinstance(value, str) or isinstance((item.get("words") or {}).get(name), dict):
        return message(item, name)
    return "" if value is None else str(value)


def _labels(replay_id: str, answer: dict | None = None) -> NameLabels:
    """The printed names of the replay's report, and those the answer adds."""
    return NameLabels.of(report_names(replay_id), answer)


@bp.route("/rulings/<dispute_id>")
def ruling_page(dispute_id: str):
    """The ruling on one move, for a person: legal or not, the rule and why, the variant
    that allows it, what it costs and gains each player, its ledger rows, the moves legal
    there instead."""
    record, body, waiting = _answered(dispute_id, "move")
    if waiting:
        return waiting
    result = record.get("result") or {}
    game = GAMES.find(result.get("game") or "")
    variants = [(v, game.variants[v].statement if game and v in game.variants else "")
                for v in result.get("legal_under") or []]
    sections = {v["rule"]: game.rules[v["rule"]].section for v in result.get("violations", [])
                if game and v.get("rule") in game.rules}
    changes = [(player, ", ".join(f"{spoken(k)} {d:+d}" for k, d in values.items()))
               for player, values in (result.get("changes") or {}).items()]
    return render_template(
        "ruling.html", record=record, body=body, result=result, variants=variants,
        sections=sections, rests=listed(result), rests_sentence=rests_on_sentence(result),
        label=_labels(body["replay"], result), changes=changes,
        replay_id=body["replay"], event=body["after"], spoken=spoken, said=said,
        line=log_lines(body["log"]).event_lines.get(body["after"]))


@bp.route("/what-if/<dispute_id>")
def what_if_page(dispute_id: str):
    """The game as played and as it would have gone, side by side."""
    record, body, waiting = _answered(dispute_id, "asked")
    if waiting:
        return waiting
    result = record.get("result")
    label = _labels(body["replay"])
    context = {"record": record, "body": body, "result": result, "label": label,
               "said": said, "verdicts": VERDICTS,
               "replay_id": body["replay"], "event": body["event"],
               "line": log_lines(body["a"]).event_lines.get(body["event"])}
    if result and result.get("score_difference"):
        context["score_header"], context["score_rows"] = score_rows(result)
    return render_template("what_if.html", **context)


@bp.route("/start-here/<dispute_id>")
def start_here_page(dispute_id: str):
    """The position after the event: to download, or to start a log from."""
    record, body, waiting = _answered(dispute_id, "at")
    if waiting:
        return waiting
    return render_template("start_here.html", record=record, body=body,
                           result=record.get("result"), replay_id=body["replay"],
                           event=body["at"],
                           line=log_lines(body["log"]).event_lines.get(body["at"]))


@bp.route("/start-here/<dispute_id>/<name>")
def start_here_file(dispute_id: str, name: str):
    """The position document, or the log that starts from it (JSON or text), as a file."""
    if name not in POSITION_FILES:
        raise Problem(404, "file-not-found", gettext("No such file"),
                      gettext("the files of a position: %(files)s",
                              files=", ".join(POSITION_FILES)))
    result = _dispute(dispute_id).get("result") or {}
    if "position_log" not in result:
        raise Problem(404, "question-not-found", gettext("No such position"),
                      gettext("question %(id)s has no position (or not yet)", id=dispute_id))
    if name == "log.txt" and not result.get("text"):
        raise Problem(404, "file-not-found", gettext("No text log for this position"),
                      gettext("the text notation cannot write this log: take the JSON one"))
    content, media_type = POSITION_FILES[name]
    held = content(result)
    response = make_response(held if isinstance(held, str) else
                             json.dumps(held, indent=1, ensure_ascii=False) + "\n")
    response.mimetype = media_type
    stem, extension = name.split(".")
    response.headers["Content-Disposition"] = \
        f'attachment; filename="{stem}-after-event-{result["at"]}.{extension}"'
    return response
