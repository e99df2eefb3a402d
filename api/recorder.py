"""``/v1/recordings``: record a game as it is played, one legal move at a time.

A recording is created for a game and its players, then grows by events: the moves its
document offers (exactly the engine's legal actions) and the chance the table saw. Every
change carries the ``version`` it was made on; a change made on an old version is refused
with 409 and changes nothing. ``finish`` submits the log as a replay.
"""

from __future__ import annotations

from flask import Response, g, json, request, url_for
from flask_babel import gettext

from api import recorder_asks as asks
from api import recorder_engine as engine
from api import recorder_steps as steps
from api.blueprint import RefereeBlueprint
from api.problems import PROBLEM_MEDIA_TYPE, Problem
from api.recorder_words import Labeller
from api.submission import json_body
from workers.recordings import Recording

blp = RefereeBlueprint("recordings", __name__, url_prefix="/v1",
                       description="Recording a game at the table, move by move")

# A recording's problems say more than a log's: the version the recording is at (a stale
# change), the rule a move breaks, the form slot at fault, the replay a finished one became.
PROBLEM_CONTENT = {PROBLEM_MEDIA_TYPE: {"schema": {
    "type": "object", "required": ["type", "title", "status"], "additionalProperties": False,
    "properties": {
        "type": {"type": "string"}, "title": {"type": "string"}, "status": {"type": "integer"},
        "detail": {"type": "string"},
        "version": {"type": "integer", "description": "the recording's version now"},
        "rule": {"type": ["string", "null"], "description": "the rule the move breaks"},
        "problems": {"type": "array", "items": {"type": "object"},
                     "description": "every rule broken, or every problem of the header"},
        "path": {"type": "string", "description": "where in the body"},
        "line": {"type": "integer"}, "column": {"type": "integer"},
        "slot": {"type": ["string", "null"], "description": "the chance form's slot"},
        "replay": {"type": ["string", "null"]}, "limit": {"type": "integer"},
        "errors": {"type": "object"}}}}}
MAX_PLAYER_NAMES = 8


def _problem(description: str) -> dict:
    return {"description": description, "content": PROBLEM_CONTENT}


EVENT = {"type": "object", "required": ["type"], "properties": {"type": {"type": "string"}},
         "description": "an event of the game's log (its JSON form)"}
FORM = {"type": ["object", "null"], "description": "the chance (or final scores) to enter: "
        "slots of choices; the event it makes is sent as any other event"}
RECORDING = {"type": "object", "required": ["id", "status", "version", "game", "players"],
             "properties": {
                 "id": {"type": "string"}, "status": {"enum": ["recording", "finished"]},
                 "version": {"type": "integer", "description": "send it with every change"},
                 "game": {"type": "string"}, "players": {"type": "array",
                                                         "items": {"type": "string"}},
                 "variants": {"type": "array", "items": {"type": "string"}},
                 "events": {"type": "integer", "description": "how many events so far"},
                 "acting": {"type": ["string", "null"]},
                 "over": {"type": "boolean"},
                 "table": {"type": "object"},
                 "phase": {"type": ["string", "null"],
                           "description": "the phase the game is in, by its title"},
                 "moves": {"type": "array", "items": {
                     "type": "object", "required": ["index", "group", "label", "event"],
                     "properties": {"index": {"type": "integer"}, "group": {"type": "string"},
                                    "label": {"type": "string"}, "event": EVENT}}},
                 "chance": FORM, "final": FORM,
                 "violations": {"type": "array", "items": {"type": "object"}},
                 "opponent": {"type": ["object", "null"], "description": "the solo "
                              "opponent's turn: the Scheme it follows and the moves its "
                              "procedure requires (indices of moves; tap one to confirm, "
                              "or send what it did with text and otherwise)",
                              "properties": {"player": {"type": "string"},
                                             "scheme": {"type": ["string", "null"]},
                                             "moves": {"type": "array",
                                                       "items": {"type": "integer"}}}},
                 "last": {"type": ["object", "null"]},
                 "ask": {"type": ["object", "null"], "description": "a component the game "
                         "reached whose printed values the catalog holds only as "
                         "placeholders: the values to read off it, each in the area of the "
                         "component where it is printed, with a sentence; send them to "
                         "links.components (or skip it there)", "properties": {
                             "entry": {"type": "string"},
                             "name": {"type": ["string", "null"], "description": "its "
                                      "printed name (none: it prints no name)"},
                             "called": {"type": "string", "description": "what a person "
                                        "finds it by: its printed name, or where it sits "
                                        "(a board segment's space)"},
                             "what": {"type": "string"},
                             "fields": {"type": "array", "items": {"type": "string"}},
                             "areas": {"type": "array", "items": {"type": "object"}},
                             "waiting": {"type": "integer", "description": "how many "
                                         "components reached wait to be asked about"}}},
                 "declared": {"type": "object", "description": "the printed values the log "
                              "declares: component id -> field -> value"},
                 "skipped": {"type": "array", "items": {"type": "string"},
                             "description": "components the table went on without"},
                 "corrected": {"type": "object", "description": "after a correction: its "
                               "index, what the event was, the later events now illegal"},
                 "replay": {"type": ["string", "null"]},
                 "links": {"type": "object", "additionalProperties": {"type": "string"}}}}
RECORDING_OK = {"description": "The recording as it stands now",
                "content": {"application/json": {"schema": RECORDING}}}
CHANGE_ERRORS = {
    "400": _problem("Malformed JSON"),
    "404": _problem("No such recording"),
    "409": _problem("Changed since that version, or finished"),
    "415": _problem("Not JSON"),
    "422": _problem("Not a legal move here, or a bad body"),
}


def _body(properties: dict, required: list[str]) -> dict:
    return {"required": True, "content": {"application/json": {"schema": {
        "type": "object", "required": required, "properties": properties}}}}


VERSION = {"type": "integer", "description": "the version the change was made on"}


def document(recording: Recording) -> dict:
    """What a client sees of a recording: where the game stands and what may come next."""
    step, header = recording.step, recording.header
    label = Labeller(header, recording.events, step.get("names"))
    moves = [{"index": i, "group": label.group(a["type"]), "label": label.event(a),
              "player": a.get("player"), "event": a} for i, a in enumerate(step["actions"])]
    last = None
    if recording.events:
        event = recording.events[-1]
        last = {"index": len(recording.events) - 1, "event": event,
                "label": label.event(event), "player": event.get("player")}
    finished = recording.status != "recording"
    due, final = steps.said_forms(recording)
    own = {"self": url_for("recordings.recording", recording_id=recording.id),
           "log_text": url_for("recordings.log_text", recording_id=recording.id),
           "log_json": url_for("recordings.log_json", recording_id=recording.id)}
    if not finished:
        own.update(events=url_for("recordings.append", recording_id=recording.id),
                   undo=url_for("recordings.undo", recording_id=recording.id),
                   correct=url_for("recordings.correct", recording_id=recording.id),
                   note=url_for("recordings.note", recording_id=recording.id),
                   components=url_for("recordings.components", recording_id=recording.id),
                   finish=url_for("recordings.finish", recording_id=recording.id))
    if recording.replay:
        own["replay"] = url_for("replays.Replay", replay_id=recording.replay)
    return {"id": recording.id, "status": recording.status, "version": recording.version,
            "game": header["game"], "players": header["players"],
            "variants": header.get("variants") or [], "events": len(recording.events),
            "acting": None if finished else step["acting"], "over": step["over"],
            "table": step["table"], "phase": step.get("title"), "moves": [] if finished else moves,
            "chance": None if finished else due,
            "final": None if finished else final, "violations": step["violations"],
            "opponent": steps.opponent_turn(recording),
            "last": last, "replay": recording.replay,
            "ask": None if finished else asks.form(header, recording.events),
            "declared": header.get("components") or {}, "skipped": header.get("skipped") or [],
            "links": own}


def _json_request() -> dict:
    if request.mimetype != "application/json":
        raise Problem(415, "unsupported-media-type", gettext("Unsupported media type"),
                      gettext("send application/json"))
    body = json_body(request.get_data(cache=False))
    if not isinstance(body, dict):
        raise Problem(422, "invalid-body", gettext("The body is not valid"),
                      gettext("a JSON object"))
    return body


def _version(body: dict) -> int:
    version = body.get("version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise Problem(422, "invalid-body", gettext("The body is not valid"),
                      gettext("'version' is the recording's version (an integer) the change is "
                      "made on"), path="/version")
    return version


def _strings(body: dict, key: str, required: bool) -> list[str]:
    value = body.get(key, None if required else [])
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value) \
            or len(value) > MAX_PLAYER_NAMES * 4:
        raise Problem(422, "invalid-body", gettext("The body is not valid"),
                      gettext("'%(key)s' is a list of names", key=key), path=f"/{key}")
    return value


def _answer(recording: Recording, status: int = 200) -> Response:
    response = Response(json.dumps(document(recording)), status=status,
                        mimetype="application/json")
    response.headers["Location"] = url_for("recordings.recording", recording_id=recording.id)
    return response


@blp.route("/recordings", methods=["POST"])
@blp.doc(requestBody=_body({
    "game": {"type": "string"},
    "players": {"type": "array", "items": {"type": "string"}, "description": "in seat order"},
    "variants": {"type": "array", "items": {"type": "string"}}}, ["game", "players"]),
    responses={"201": {**RECORDING_OK, "description": "Created; follow Location"},
               "400": _problem("Malformed JSON"), "415": _problem("Not JSON"),
               "422": _problem("Unknown game, bad players or variants, or too many")})
def create():
    """Start recording a game: the game, its players in seat order, its variants."""
    body = _json_request()
    game = body.get("game")
    if not isinstance(game, str):
        raise Problem(422, "invalid-body", gettext("The body is not valid"),
                      gettext("'game' names a game"), path="/game")
    recording = steps.start(g.client, game, _strings(body, "players", True),
                            _strings(body, "variants", False))
    return _answer(steps.owned(recording.id, g.client), 201)


@blp.route("/recordings/<string:recording_id>", endpoint="recording", methods=["GET"])
@blp.doc(responses={"200": RECORDING_OK, "404": _problem("No such recording")})
def get_recording(recording_id: str):
    """The recording: the table now, who acts, the legal moves, the chance form due."""
    return _answer(steps.owned(recording_id, g.client))


@blp.route("/recordings/<string:recording_id>/events", endpoint="append", methods=["POST"])
@blp.doc(requestBody=_body({"version": VERSION, "event": EVENT, "text": {
    "type": "string", "description": "instead of event: lines of the text notation"},
    "otherwise": {"type": "boolean", "description": "with text, on the solo opponent's "
                  "turn: what it did instead of what its procedure requires, kept and "
                  "flagged with the rules it breaks"}},
    ["version"]), responses={"200": RECORDING_OK, **CHANGE_ERRORS})
def append(recording_id: str):
    """Add an event (a move, or chance as the table saw it), or the events of lines of the
    text notation, checked by the referee."""
    body = _json_request()
    version = _version(body)
    if "text" in body and "event" not in body:
        return _answer(steps.write(recording_id, g.client, version, body["text"],
                                   body.get("otherwise") is True))
    return _answer(steps.append(recording_id, g.client, version, body.get("event")))


def _index(body: dict, what: str) -> int:
    """The body's ``index``: the number of an event (a 422 naming ``what`` otherwise)."""
    index = body.get("index")
    if not isinstance(index, int) or isinstance(index, bool):
        raise Problem(422, "invalid-body", gettext("The body is not valid"),
                      gettext("'index' is the number of %(what)s", what=what), path="/index")
    return index


@blp.route("/recordings/<string:recording_id>/correct", endpoint="correct", methods=["POST"])
@blp.doc(requestBody=_body({"version": VERSION, "index": {
    "type": "integer", "description": "the event to correct (0 is the first)"},
    "event": EVENT}, ["version", "index", "event"]),
    responses={"200": {"description": "Corrected: the recording, with what the event was and "
                       "the later events that now break a rule", "content": {
                           "application/json": {"schema": RECORDING}}}, **CHANGE_ERRORS})
def correct(recording_id: str):
    """Correct an earlier event with one legal there; the rest is checked again."""
    body = _json_request()
    version = _version(body)
    index = _index(body, gettext("the event to correct"))
    done = steps.correct(recording_id, g.client, version, index, body.get("event"))
    response = document(done["recording"])
    response["corrected"] = {"index": index, "was": done["was"], "broken": done["broken"]}
    return Response(json.dumps(response), mimetype="application/json")


@blp.route("/recordings/<string:recording_id>/note", endpoint="note", methods=["POST"])
@blp.doc(requestBody=_body({"version": VERSION, "index": {
    "type": "integer", "description": "the event the note is on (0 is the first)"},
    "note": {"type": "string", "description": "one line; empty takes the note off"}},
    ["version", "index", "note"]), responses={"200": RECORDING_OK, **CHANGE_ERRORS})
def note(recording_id: str):
    """Put a note on an event (its comment in the log)."""
    body = _json_request()
    version = _version(body)
    index = _index(body, gettext("the event the note is on"))
    return _answer(steps.note(recording_id, g.client, version, index, body.get("note")))


@blp.route("/recordings/<string:recording_id>/components", endpoint="components",
           methods=["POST"])
@blp.doc(requestBody=_body({"version": VERSION, "component": {
    "type": "string", "description": "the component's id (the one asked about)"},
    "values": {"type": "object", "description": "field -> the value printed on it (a dotted "
               "field reaches inside a value: gain.silver)"},
    "skip": {"type": "boolean", "description": "go on without its values: the "
             "placeholders stay, and it is not asked about again in this recording"},
    "stop": {"type": "boolean", "description": "ask about no more components in this "
             "recording (no component is named)"}},
    ["version"]), responses={"200": RECORDING_OK, **CHANGE_ERRORS})
def components(recording_id: str):
    """Declare printed values of a component in the recording's log (read off the table),
    or skip it, or stop asking; declared values join the client's draft catalog."""
    body = _json_request()
    version = _version(body)
    if body.get("stop") is True:
        return _answer(steps.stop_asking(recording_id, g.client, version))
    if body.get("skip") is True:
        return _answer(steps.skip(recording_id, g.client, version, body.get("component")))
    return _answer(steps.declare(recording_id, g.client, version, body.get("component"),
                                 body.get("values")))


@blp.route("/recordings/<string:recording_id>/undo", endpoint="undo", methods=["POST"])
@blp.doc(requestBody=_body({"version": VERSION}, ["version"]),
         responses={"200": RECORDING_OK, **CHANGE_ERRORS})
def undo(recording_id: str):
    """Take back the last event."""
    body = _json_request()
    return _answer(steps.undo(recording_id, g.client, _version(body)))


@blp.route("/recordings/<string:recording_id>/finish", endpoint="finish", methods=["POST"])
@blp.doc(requestBody=_body({"version": VERSION}, ["version"]),
         responses={"200": {**RECORDING_OK, "description": "Finished; links.replay follows "
                            "the replay of its log"}, **CHANGE_ERRORS})
def finish(recording_id: str):
    """Submit the log as a replay and close the recording."""
    body = _json_request()
    return _answer(steps.finish(recording_id, g.client, _version(body)))


@blp.route("/recordings/<string:recording_id>/log.txt", endpoint="log_text", methods=["GET"])
@blp.doc(responses={"200": {"description": "The log in the canonical text notation",
                            "content": {"text/plain": {"schema": {"type": "string"}}}},
                    "404": _problem("No such recording")})
def log_text(recording_id: str):
    """The log so far in the text notation (as ``referee convert`` prints it)."""
    recording = steps.owned(recording_id, g.client)
    return Response(engine.log_text(recording.header, recording.events),
                    mimetype="text/plain")


@blp.route("/recordings/<string:recording_id>/log.json", endpoint="log_json", methods=["GET"])
@blp.doc(responses={"200": {"description": "The log as its JSON document", "content": {
    "application/json": {"schema": {"$ref": "#/components/schemas/Log"}}}},
    "404": _problem("No such recording")})
def log_json(recording_id: str):
    """The log so far as a JSON document."""
    recording = steps.owned(recording_id, g.client)
    return Response(json.dumps(engine.log_document(recording.header, recording.events)),
                    mimetype="application/json")
