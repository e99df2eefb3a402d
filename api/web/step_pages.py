"""Stepping through a game: the table as it stood after any event, for a judge."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from functools import lru_cache

from flask import render_template, request
from flask_babel import gettext

import replay
from api.problems import Problem
from api.replays import owned_record, store
from api.web import bp
from api.web.board_picture import board_picture
from api.web.category_view import step_categories
from api.web.interim_view import interim_context
from api.web.replaying import replay_catalog, replay_slot
from api.web.report_view import LogLines, field_label, log_lines
from replay.core.logs.printed_names import NAMES_WORDS, REPORTED, named_with
from replay.render.names import NameLabels
from replay.render.state import field_words, state_value

CONTEXT_LINES = 8  # log lines shown above and below the event's own
EXPLAINED = 6  # legal events each shown with what it changes, when there are at most these
LISTED = 3  # things that came or went, named one by one up to this many, else counted


@lru_cache(maxsize=32)
def report_names(replay_id: str) -> dict:
    """The printed names the replay's report gives (its cards, spaces, sources: its
    ``names``, and its ``names_by_language``), kept for the last few replays: a judge steps
    through one game at a time, and a report once written does not change (not to be
    changed: it is shared)."""
    record = store().get(replay_id, with_report=True) or {}
    report = (record.get("report") or {}) if record.get("status") == "done" else {}
    return {key: report[key] for key in ("names", REPORTED, NAMES_WORDS) if key in report}


def legal_actions(game, log, event: int, state: dict, catalog: dict | None) -> list[dict]:
    """The acting player's legal events in the notation, the one the log writes next
    marked as played; when there are few, each with what it would change for its player
    (a bare "choose 2" says nothing of the option it takes)."""
    played = game.event_text(log.events[event + 1]) if event + 1 < len(log.events) else None
    actions = state.get("legal_actions") or []
    label = NameLabels.of(state)
    shown = []
    for action in actions:
        text = game.event_text(action)
        shown.append({"text": text, "played": text == played,
                      "does": what_it_does(game, log, event, action, state, catalog, label)
                      if len(actions) <= EXPLAINED else ""})
    return shown


def what_it_does(game, log, event: int, action: dict, state: dict, catalog: dict | None,
                 label: NameLabels) -> str:
    """What ``action`` after ``event`` changes for the player who takes it, found by
    replaying the log up to it with it (``silver +2, board + Foreman (tf-24)``)."""
    tried = replace(log, events=[*log.events[:event + 1], action],
                    positions=log.positions[:event + 1])
    player = action.get("player")
    before = (state.get("players") or {}).get(player)
    if before is None:
        return ""
    trial = game.state_at(tried, event + 1, catalog)
    after = (trial.get("players") or {}).get(player) or {}
    label = NameLabels.of(state, trial)
    changed = changes(before, after, label)
    if changed:
        return changed
    then = game.next_step(tried, event + 1, catalog).expected
    return label(gettext("nothing yet; then %(next)s", next=then)) if then \
        else gettext("nothing yet")


def changes(before: dict, after: dict, label: NameLabels) -> str:
    """The fields of a player's state that differ: numbers by how much, lists of things by
    what came and went, anything else as it was and is."""
    parts = []
    for key, new in after.items():
        old = before.get(key)
        if new == old:
            continue
        if isinstance(new, int) and isinstance(old, int) and not isinstance(new, bool):
            parts.append(f"{field_label(key)} {new - old:+d}")
        elif isinstance(new, list) and isinstance(old, list) and \
                all(isinstance(v, str | None) for v in [*new, *old]):
            came, went = Counter(filter(None, new)) - Counter(filter(None, old)), \
                Counter(filter(None, old)) - Counter(filter(None, new))
            moved = [*(f"+ {label(v)}" for v in came.elements()),
                     *(f"− {label(v)}" for v in went.elements())]
            parts.append(f"{field_label(key)} " + (", ".join(moved) if len(moved) <= LISTED else
                                              f"{came.total() - went.total():+d}"))
        else:
            parts.append(f"{field_label(key)} {state_value(old, label)} → "
                         f"{state_value(new, label)}")
    return "; ".join(parts)


def replay_events(replay_id: str, doing: str) -> tuple[dict, LogLines]:
    """The client's stored replay and its log's lines; a 409 for a log with no events (a
    scoresheet, an unreadable log), which has nothing ``doing`` needs."""
    owned_record(replay_id)
    record = store().get(replay_id, with_source=True)
    lines = log_lines(record["source"])
    if lines.log is None or not lines.log.events:
        raise Problem(409, "no-events", gettext("This log has no events %(doing)s", doing=doing),
                      gettext("a scoresheet or an unreadable log has no events"))
    return record, lines


def player_table(state: dict, game: str | None = None
                 ) -> tuple[list[str], list[tuple[str, list[str]]]]:
    """Every player's state as rows of fields and one column per player, ids with their
    printed names, counts with what they count."""
    players = state.get("players") or {}
    label = NameLabels.of(state)
    names = list(players)
    fields = []
    for values in players.values():
        fields += [k for k in values if k not in fields]
    return names, [(field_label(f), [field_words(game, f, players[n].get(f), label)
                                     for n in names]) for f in fields]


@bp.route("/replays/<replay_id>/step")
def step(replay_id: str):
    """Every player's state after ``?event=N`` and the legal actions of the player to act,
    with that event's line of the log highlighted."""
    record, lines = replay_events(replay_id, gettext("to step through"))
    game = replay.game_of(lines.log)
    last = len(lines.log.events) - 1
    event = min(max(request.args.get("event", 0, type=int), 0), last)
    catalog = replay_catalog(record)
    with replay_slot():  # a replay up to the event, a few at a time per process
        state = game.state_at(lines.log, event, catalog)
        state = named_with(report_names(replay_id), state)
        actions = legal_actions(game, lines.log, event, state, catalog)
        picture = board_picture(game, lines.log, event, catalog)
    names, rows = player_table(state, game.name)
    line = lines.event_lines.get(event)
    span = lines.event_span(event)  # every line the event is written on is marked
    first = max(1, (line or 1) - CONTEXT_LINES)
    window = [(n, lines.lines[n - 1]) for n in range(first, min(
        len(lines.lines), (span[-1] if span else 1) + CONTEXT_LINES) + 1)]
    facts = [(field_label(k), state_value(v, NameLabels(None))) for k, v in state.items()
             if k not in ("players", "names", REPORTED, NAMES_WORDS, "legal_actions",
                          "violations_so_far")]
    return render_template(
        "step.html", record=record, game_key=game.name, event=event, last=last, line=line,
        span=span, window=window,
        event_text=game.event_text(lines.log.events[event]), facts=facts, names=names,
        rows=rows, acting=state.get("acting_player"),
        actions=actions,
        next_text=game.event_text(lines.log.events[event + 1]) if event < last else None,
        next_line=lines.event_lines.get(event + 1),
        violations=state.get("violations_so_far") or [], note=lines.note,
        namer=NameLabels.of(state), picture=picture,
        **interim_context(replay_id, names, event),
        **step_categories(replay_id, event, event == last))
