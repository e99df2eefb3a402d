"""A recording's life, shared by its API and its pages: start, tap, enter chance, undo,
finish.

Every change is worked out first (the new events replayed through the engine, which both
checks the change and gives the table after it) and then stored only if the recording is
still at the version the change was made on; otherwise nothing changes and the caller is
told the version it is at now. The step kept with each version (the table, the legal
moves, the chance form due) makes showing a recording cost no replay.
"""

from __future__ import annotations

from dataclasses import replace

from flask import current_app
from flask_babel import force_locale, get_locale, gettext

from api import recorder_asks as asks
from api import recorder_catalog
from api import recorder_chance as chance
from api import recorder_engine as engine
from api import recorder_forms as forms
from api.problems import Problem
from api.recorder_viscounts import UNSEEN
from api.submission import accept, options_for
from languages import ENGLISH
from replay.core.logs.declarations import declare as apply_declarations
from replay.core.logs.declarations import from_json
from replay.core.logs.problems import InvalidLog
from replay.core.speech import message
from replay.games import GAMES
from workers.drafts import DraftStore
from workers.recordings import STATUS_RECORDING, ChangeRefused, Recording, RecordingStore

MAX_RECORDINGS = 200  # per client, unless the app's config MAX_RECORDINGS says otherwise
MAX_TEXT = 20000  # characters of the text notation written at once
MAX_NOTE = 500  # characters of a note on a move


def store() -> RecordingStore:
    """The recording store on the app's Redis connection."""
    return RecordingStore(current_app.extensions["referee_redis"])


def make_step(header: dict, events: list[dict], version: int, look: dict) -> dict:
    """What is kept with a version: the engine's look at the table, the chance form due,
    and the final-scores form once the game is over (their words in English: each reader
    hears them in their own language from ``said_forms``)."""
    with force_locale(ENGLISH):
        form = chance.due(header, events, look)
        over = not look["actions"] and form is None and chance.knows_chance(header["game"])
        final = chance.final_scores(header, events, look) if over else None
    return {"version": version, "count": len(events), **look, "chance": form,
            "final": final, "over": over}


def said_forms(recording: Recording) -> tuple[dict | None, dict | None]:
    """The chance form and the final-scores form due now, in the reader's language: kept
    in English with the step, made again from the step's look for another language."""
    step = recording.step
    if str(get_locale() or ENGLISH) == ENGLISH:
        return step.get("chance"), step.get("final")
    header, events = recording.header, recording.events
    return (chance.due(header, events, step) if step.get("chance") else None,
            chance.final_scores(header, events, step) if step.get("final") else None)


def start(owner: str, game: str, players: list[str], variants: list[str]) -> Recording:
    """A new recording of ``game`` for ``players`` in seat order, owned by ``owner``."""
    limit = current_app.config.get("MAX_RECORDINGS", MAX_RECORDINGS)
    if store().count_for(owner) >= limit:
        raise Problem(422, "too-many-recordings", gettext("Too many recordings"),
                      gettext("at most %(limit)s recordings per client", limit=limit),
                      limit=limit)
    catalogs = recorder_catalog.store()
    known = GAMES.find(game) if isinstance(game, str) else None
    sha = catalogs.chosen(owner, known.name) if known else None
    document = catalogs.document(sha) if sha else None
    try:
        header = engine.new_header(game, players, variants,
                                   (sha, document) if document else None)
    except engine.Refused as err:
        raise Problem(422, "invalid-recording",
                      gettext("This game cannot be recorded as asked"),
                      "; ".join(message(p) for p in err.problems),
                      problems=err.problems) from None
    components = transcribed_before(owner, header)
    if components:
        header["components"] = components
    return store().create(owner, header, make_step(header, [], 1, engine.look(header, [])))


def _drafts() -> DraftStore:
    return DraftStore(current_app.extensions["referee_redis"])


def transcribed_before(owner: str, header: dict) -> dict[str, dict]:
    """The values the client's earlier recordings transcribed (its draft), as the new
    recording's declarations: those the recording's catalog takes (a value it now holds
    otherwise from a source is left out, and asked again)."""
    components = _drafts().declared(owner, header["game"])
    document = engine.document_of(header)
    try:
        apply_declarations(document, from_json(components))
    except InvalidLog as err:
        for problem in err.problems:  # each at /components/<entry>/<field>
            parts = (problem.path or "").split("/")
            if len(parts) == 4:
                components.get(parts[2], {}).pop(parts[3], None)
        components = {entry: values for entry, values in components.items() if values}
    return components


def owned(recording_id: str, owner: str) -> Recording:
    """The caller's recording with its current step; another client's does not exist."""
    recording = store().get(recording_id)
    if recording is None or recording.owner != owner:
        raise Problem(404, "recording-not-found", gettext("No such recording"),
                      gettext("no recording has id %(id)s", id=recording_id))
    if recording.step is None or recording.step.get("version") != recording.version:
        recording.step = make_step(recording.header, recording.events, recording.version,
                                   engine.look(recording.header, recording.events))
        store().save_step(recording_id, recording.step)
    return recording


def _check_version(recording: Recording, version: int) -> None:
    if version != recording.version:
        raise stale(recording.version, version)
    if recording.status != STATUS_RECORDING:
        raise Problem(409, "recording-finished", gettext("This recording is finished"),
                      gettext("it was submitted as a replay; nothing can be added"),
                      replay=recording.replay)


def stale(now: int, made_on: int) -> Problem:
    """The answer to a change made on an old version: nothing was changed."""
    return Problem(409, "recording-changed", gettext("The game changed since this was shown"),
                   gettext("another change was recorded first: the recording is at version "
                           "%(now)s, this change was made on version %(made_on)s; nothing was "
                           "changed", now=now, made_on=made_on),
                   version=now)


def illegal(err: engine.Refused, version: int) -> Problem:
    """The answer to a move or entry the referee refuses: the rule, why, and where."""
    first = err.problems[0]
    return Problem(422, "illegal-move", gettext("This is not allowed here"),
                   (f"{first['rule']}: " if first.get("rule") else "") + message(first),
                   rule=first.get("rule"), problems=err.problems, version=version)


def _refused(err: ChangeRefused, made_on: int) -> Problem:
    if err.outcome == "stale":
        return stale(err.version, made_on)
    if err.outcome == "full":
        limit = current_app.config["MAX_EVENTS"]
        return Problem(422, "too-many-events", gettext("The recording has too many events"),
                       gettext("at most %(limit)s events per log", limit=limit), limit=limit)
    if err.outcome == "empty":
        return Problem(409, "nothing-to-undo", gettext("There is no move to undo"),
                       gettext("the recording has no events"))
    if err.outcome == "finished":
        return Problem(409, "recording-finished", gettext("This recording is finished"),
                       gettext("it was submitted as a replay; nothing can be changed"))
    return Problem(404, "recording-not-found", gettext("No such recording"))


def append(recording_id: str, owner: str, version: int, event: object) -> Recording:
    """Add ``event`` if it is legal where the game stands and nobody changed the game
    since ``version``; the recording after it."""
    return _append(owned(recording_id, owner), version, event)


def _append(recording: Recording, version: int, event: object) -> Recording:
    if not isinstance(event, dict) or not isinstance(event.get("type"), str):
        raise Problem(422, "invalid-event", gettext("This is not an event"),
                      gettext("an event is a JSON object with a type"))
    return _append_all(recording, version, [event])


def _append_all(recording: Recording, version: int, added: list[dict],
                otherwise: bool = False) -> Recording:
    _check_version(recording, version)
    header, events = recording.header, recording.events
    try:
        # What the solo opponent did otherwise than its procedure requires is kept, and the
        # rules it breaks are flagged among the violations; anything else must be legal.
        look = engine.look(header, [*events, *added]) if otherwise \
            else engine.look_after(header, events, added)
    except engine.Refused as err:
        raise illegal(err, version) from None
    step = make_step(header, [*events, *added], version + 1, look)
    try:
        now = store().append(recording.id, version, added, step,
                             current_app.config["MAX_EVENTS"])
    except ChangeRefused as err:
        raise _refused(err, version) from None
    # The recording as stored now, without reading it back: this change made it.
    return replace(recording, events=[*events, *added], version=now, step=step)


def write(recording_id: str, owner: str, version: int, text: object,
          otherwise: bool = False) -> Recording:
    """Record what lines of the text notation say happened (any event of the game: chance
    the forms do not ask for, a move the buttons do not list), checked like a tap. With
    ``otherwise``, the lines are what the solo opponent did on its turn instead of what its
    procedure requires: they are kept, and every rule they break is flagged."""
    recording = owned(recording_id, owner)
    if not isinstance(text, str) or not text.strip() or len(text) > MAX_TEXT:
        raise Problem(422, "invalid-text", gettext("No lines to record"),
                      gettext("one or more lines of the text notation, at most %(limit)s "
                              "characters", limit=MAX_TEXT))
    _check_version(recording, version)
    try:
        added = engine.read_lines(recording.header, text)
    except engine.Refused as err:
        first = err.problems[0]
        where = f"line {first['line']}: " if first.get("line") else ""
        raise Problem(422, "invalid-text", gettext("These lines cannot be read"),
                      where + message(first), problems=err.problems,
                      version=version) from None
    if not added:
        raise Problem(422, "invalid-text", gettext("No lines to record"),
                      gettext("the text holds no event (only comments or blank lines)"))
    if otherwise:
        turn = opponent_turn(recording)
        if turn is None or any(e.get("player") != turn["player"] for e in added):
            raise Problem(422, "not-the-opponents-turn",
                          gettext("Only the solo opponent's turn can be recorded otherwise"),
                          gettext("what the players do is checked like a tap; lines recorded "
                                  "otherwise are the solo opponent's events, on its turn"),
                          version=version)
    return _append_all(recording, version, added, otherwise)


def opponent_turn(recording: Recording) -> dict | None:
    """The solo opponent's turn, when it is to act and its procedure requires a move (not
    a card the table turns over): its ``player`` name, the ``scheme`` it turned over last
    (the card its procedure follows; None when unnamed) and the ``moves`` required (the
    indices of the step's legal moves; one tap confirms one)."""
    step = recording.step
    acting = step.get("acting")
    if recording.status != STATUS_RECORDING or acting is None \
            or acting in recording.header["players"]:
        return None
    required = [i for i, action in enumerate(step["actions"])
                if action.get("player") == acting and action.get("card") != UNSEEN
                and UNSEEN not in (action.get("cards") or ())]
    if not required:
        return None
    scheme = next((e.get("card") for e in reversed(recording.events)
                   if e.get("type") == "scheme" and e.get("player") == acting), None)
    return {"player": acting, "scheme": None if scheme == UNSEEN else scheme,
            "moves": required}


def tap(recording_id: str, owner: str, version: int, index: int) -> Recording:
    """Record the ``index``-th move the page showed at ``version``."""
    recording = owned(recording_id, owner)
    if version != recording.version:
        raise stale(recording.version, version)
    actions = recording.step["actions"]
    if not 0 <= index < len(actions):
        raise Problem(422, "no-such-move", gettext("No such move"),
                      gettext("move %(index)s was not offered", index=index))
    return _append(recording, version, actions[index])


def enter(recording_id: str, owner: str, version: int, values) -> Recording:
    """Record the chance event (or the final scores) a filled-in form makes."""
    recording = owned(recording_id, owner)
    if version != recording.version:
        raise stale(recording.version, version)
    due, final = said_forms(recording)
    form = due or final
    if form is None:
        raise Problem(409, "nothing-to-enter", gettext("Nothing is to be entered now"),
                      gettext("a player is to act: tap their move"))
    try:
        event = forms.build_event(form, values)
    except forms.EntryError as err:
        raise Problem(422, "invalid-entry", gettext("This entry is not complete"), str(err),
                      slot=err.slot, version=version) from None
    return _append(recording, version, event)


def moves_at(recording: Recording, index: int) -> list[dict]:
    """The moves that were legal in the place of the ``index``-th event."""
    if not 0 <= index < len(recording.events):
        raise Problem(404, "event-not-found", gettext("No such event"),
                      gettext("the recording has events 0 to %(last)s",
                              last=len(recording.events) - 1))
    return engine.look(recording.header, recording.events[:index])["actions"]


def correct(recording_id: str, owner: str, version: int, index: int, event: object) -> dict:
    """Put ``event`` (legal where it goes) in the place of the ``index``-th event and check
    the rest again; the recording, what the event was, and the later events that now break
    a rule (they stay in the log, marked, until undone or corrected in turn)."""
    recording = owned(recording_id, owner)
    _check_version(recording, version)
    if not isinstance(event, dict) or not isinstance(event.get("type"), str):
        raise Problem(422, "invalid-event", gettext("This is not an event"),
                      gettext("an event is a JSON object with a type"))
    moves_at(recording, index)  # an index the recording has
    header, events = recording.header, recording.events
    try:
        engine.look_after(header, events[:index], [event])
    except engine.Refused as err:
        raise illegal(err, version) from None
    corrected = [*events[:index], event, *events[index + 1:]]
    look = engine.look(header, corrected)
    step = make_step(header, corrected, version + 1, look)
    try:
        now = store().replace(recording_id, version, index, event, step)
    except ChangeRefused as err:
        raise _refused(err, version) from None
    before = {(v.get("event"), v.get("rule")) for v in recording.step["violations"]}
    return {"recording": replace(recording, events=corrected, version=now, step=step),
            "was": events[index],
            "broken": [v for v in look["violations"] if isinstance(v.get("event"), int)
                       and v["event"] > index and (v["event"], v.get("rule")) not in before]}


def claim(recording_id: str, owner: str, version: int, values) -> Recording:
    """Record a player's claim of their points, as the claim form says it."""
    recording = owned(recording_id, owner)
    try:
        event = forms.build_event(chance.claim_form(recording.step), values)
    except forms.EntryError as err:
        raise Problem(422, "invalid-entry", gettext("This claim is not complete"), str(err),
                      slot=err.slot, version=version) from None
    return _append(recording, version, event)


def note(recording_id: str, owner: str, version: int, index: int, text: object) -> Recording:
    """Put a note on the ``index``-th event (an empty note takes it off); the note is
    the event's comment, printed above its line in the log."""
    recording = owned(recording_id, owner)
    _check_version(recording, version)
    moves_at(recording, index)  # an index the recording has
    if not isinstance(text, str) or len(text) > MAX_NOTE:
        raise Problem(422, "invalid-note", gettext("This note cannot be kept"),
                      gettext("a note is text of at most %(limit)s characters", limit=MAX_NOTE))
    event = {k: v for k, v in recording.events[index].items() if k != "comment"}
    if " ".join(text.split()):
        event["comment"] = " ".join(text.split())  # one line above the event's own
    events = [*recording.events[:index], event, *recording.events[index + 1:]]
    step = {**recording.step, "version": version + 1}  # a note changes nothing on the table
    try:
        now = store().replace(recording_id, version, index, event, step)
    except ChangeRefused as err:
        raise _refused(err, version) from None
    return replace(recording, events=events, version=now, step=step)


def undo(recording_id: str, owner: str, version: int) -> Recording:
    """Take back the last event, if nobody changed the game since ``version``."""
    recording = owned(recording_id, owner)
    _check_version(recording, version)
    if not recording.events:
        raise Problem(409, "nothing-to-undo", gettext("There is no move to undo"),
                      gettext("the recording has no events"))
    events = recording.events[:-1]
    step = make_step(recording.header, events, version + 1,
                     engine.look(recording.header, events))
    try:
        now = store().undo(recording_id, version, step)
    except ChangeRefused as err:
        raise _refused(err, version) from None
    return replace(recording, events=events, version=now, step=step)


def declare(recording_id: str, owner: str, version: int, entry: object,
            values: object) -> Recording:
    """Declare printed values of a component (read off the table) in the recording's log:
    checked as the replay checks them (an unknown component or field, a value of the wrong
    kind, one that contradicts the catalog's source or the log's earlier declaration is
    refused, located, naming both values); kept in the client's draft with the recording
    they came from. The component is not asked about again."""
    recording = owned(recording_id, owner)
    _check_version(recording, version)
    if not isinstance(entry, str) or not entry or not isinstance(values, dict) or not values:
        raise Problem(422, "invalid-declaration", gettext("This declaration is not complete"),
                      gettext("a declaration names a component and gives one or more of its "
                              "values"),
                      version=version, path="/values" if isinstance(entry, str) else "/component")
    header = recording.header
    earlier = dict((header.get("components") or {}).get(entry, {}))
    for field, value in values.items():
        if field in earlier and earlier[field] != value:
            raise Problem(422, "contradicts-declaration", gettext("This contradicts the log"),
                          gettext("%(entry)s %(field)s: the log already declares %(earlier)s, "
                                  "and this declares %(value)s", entry=entry, field=field,
                                  earlier=repr(earlier[field]), value=repr(value)),
                          path=f"/values/{field}", version=version,
                          problems=[{"message": f"{entry} {field}: declared {earlier[field]!r} "
                                     f"before, {value!r} now", "path": f"/values/{field}",
                                     "expected": repr(earlier[field])}])
    components = {**(header.get("components") or {}), entry: {**earlier, **values}}
    changed = {**header, "components": components,
               "asked": sorted({*(header.get("asked") or ()), entry})}
    try:
        look = engine.look(changed, recording.events)
    except engine.Refused as err:
        problems = [dict(p, path=p["path"].replace(f"/components/{entry}/", "/values/", 1))
                    if str(p.get("path", "")).startswith(f"/components/{entry}/") else p
                    for p in err.problems]
        raise Problem(422, "invalid-declaration", gettext("This declaration is refused"),
                      message(problems[0]) if problems[0].get("message") else "",
                      problems=problems,
                      path=problems[0].get("path"), version=version) from None
    recording = _set_header(recording, version, changed, look)
    _drafts().add(owner, header["game"], entry, values, recording.id)
    return recording


def skip(recording_id: str, owner: str, version: int, entry: object) -> Recording:
    """Go on without a component's values: its placeholders stay (the report says which
    values it rests on), and this recording does not ask again."""
    recording = owned(recording_id, owner)
    _check_version(recording, version)
    if not isinstance(entry, str) or entry not in asks.reached(recording.header,
                                                                recording.events):
        raise Problem(422, "not-asked", gettext("This component is not asked about"),
                      gettext("only a component the game has reached can be skipped: %(entry)s",
                              entry=repr(entry)),
                      path="/component", version=version)
    header = recording.header
    changed = {**header, "asked": sorted({*(header.get("asked") or ()), entry}),
               "skipped": sorted({*(header.get("skipped") or ()), entry})}
    return _set_header(recording, version, changed, None)


def stop_asking(recording_id: str, owner: str, version: int) -> Recording:
    """Ask about no more components in this recording: every stand-in not yet read
    stays (the report says which values the verdict used)."""
    recording = owned(recording_id, owner)
    _check_version(recording, version)
    return _set_header(recording, version, {**recording.header, "asking": False}, None)


def _set_header(recording: Recording, version: int, header: dict,
                look: dict | None) -> Recording:
    """Store a recording's new header with the step that goes with it (the step as it was
    when the table does not change)."""
    step = make_step(header, recording.events, version + 1, look) if look \
        else {**recording.step, "version": version + 1}
    try:
        now = store().set_header(recording.id, version, header, step)
    except ChangeRefused as err:
        raise _refused(err, version) from None
    return replace(recording, header=header, version=now, step=step)


def finish(recording_id: str, owner: str, version: int) -> Recording:
    """Submit the log as a replay (queued for a worker, like any submission) and close
    the recording; its ``replay`` is the replay's id. A log that breaks rules (a move the
    solo opponent made otherwise, a correction that made a later move illegal) is replayed
    in audit mode, so the report flags every rule broken rather than stop at the first."""
    recording = owned(recording_id, owner)
    _check_version(recording, version)
    if not recording.events:
        raise Problem(409, "nothing-to-finish", gettext("There is nothing to submit"),
                      gettext("the recording has no events"))
    text = engine.log_text(recording.header, recording.events)
    mode = "audit" if recording.step["violations"] else "strict"
    options = options_for(mode, None, None)
    if recording.header.get("catalog_sha"):
        options["catalog_sha"] = recording.header["catalog_sha"]
    accepted = accept(text, options)
    try:
        store().finish(recording_id, version, accepted.replay_id)
    except ChangeRefused as err:
        raise _refused(err, version) from None
    return owned(recording_id, owner)
