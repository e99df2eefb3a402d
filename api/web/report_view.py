"""A stored report and its log, arranged for the replay page.

The log is shown as it was stored, line for line, so the line numbers are the sent file's:
the text notation as the parser located its events, a JSON log with each event found where
it starts. A JSON log with several events on one line (a program's, all on one line) is
shown one event per line instead. Each event knows its line, so a violation links to the
line of its event and the step page highlights it. Nothing here raises for what a client
sent, and nothing writes a client's log again to read it back.
"""

from __future__ import annotations

import json
from collections import defaultdict
from dataclasses import dataclass, field
from functools import lru_cache

from flask_babel import lazy_gettext
from markupsafe import Markup

import languages
import replay
from api.languages import request_language
from replay.core.logs.json_lines import json_event_lines
from replay.core.logs.log import GameLog
from replay.core.logs.text import source_lines
from replay.core.protocol.game import Section
from replay.core.verdicts.causes import causes_summary
from replay.core.words import spoken
from replay.render.language import again
from replay.render.markdown import (
    PHASES_NOTE,
    causes,
    game_sections,
    phase_rows,
    player_names,
    scoring_categories,
    verdict_sentence,
    verdict_title,
)
from replay.render.names import NameLabels, ledger_named, with_names
from replay.render.round_chart import round_holdings, round_label

POINTS = "points"

# What a person reads for the machine words of a record (its status, verdict and mode): the
# records and reports keep the words themselves, whatever the reader's language.
STATUS_WORDS = {"queued": lazy_gettext("queued"), "running": lazy_gettext("running"),
                "done": lazy_gettext("done"), "failed": lazy_gettext("failed"),
                "refused": lazy_gettext("refused")}
VERDICT_WORDS = {"legal": lazy_gettext("legal"), "illegal": lazy_gettext("illegal"),
                 "incomplete": lazy_gettext("incomplete"),
                 "score_mismatch": lazy_gettext("score mismatch"),
                 "unparseable": lazy_gettext("unparseable")}
MODE_WORDS = {"strict": lazy_gettext("strict"), "audit": lazy_gettext("audit")}
# A failed replay's title by its type (the stored title is English, said as it is).
FAILURE_TITLES = {"invalid-log": lazy_gettext("The log cannot be replayed"),
                  "replay-error": lazy_gettext("The replay stopped with an internal error"),
                  "interrupted": lazy_gettext("The replay was interrupted too often and was "
                                              "given up")}


# The table's fields as a person reads them (the state's keys are data: they stay).
FIELD_NAMES = {
    "acting_player": lazy_gettext("acting player"),
    "after_event": lazy_gettext("after event"),
    "ai_board": lazy_gettext("ai board"),
    "approved_deeds": lazy_gettext("approved deeds"),
    "board": lazy_gettext("board"),
    "buildings": lazy_gettext("buildings"),
    "cards_owned": lazy_gettext("cards owned"),
    "castle": lazy_gettext("castle"),
    "castle_leader": lazy_gettext("castle leader"),
    "characters": lazy_gettext("characters"),
    "cleric_bonuses": lazy_gettext("cleric bonuses"),
    "coins": lazy_gettext("coins"),
    "corruption": lazy_gettext("corruption"),
    "debts": lazy_gettext("debts"),
    "deeds": lazy_gettext("deeds"),
    "dice": lazy_gettext("dice"),
    "discard": lazy_gettext("discard"),
    "draw_pile": lazy_gettext("draw pile"),
    "end_cards_revealed": lazy_gettext("end cards revealed"),
    "favors": lazy_gettext("favors"),
    "final score": lazy_gettext("final score"),  # what a claim of the final scores is about
    "gold": lazy_gettext("gold"),
    "guards": lazy_gettext("guards"),
    "hand": lazy_gettext("hand"),
    "hero": lazy_gettext("hero"),
    "influence": lazy_gettext("influence"),
    "ink": lazy_gettext("ink"),
    "manuscripts": lazy_gettext("manuscripts"),
    "monasteries": lazy_gettext("monasteries"),
    "order": lazy_gettext("order"),
    "paid_debts": lazy_gettext("paid debts"),
    "phase": lazy_gettext("phase"),
    "pilgrim": lazy_gettext("pilgrim"),
    "player_card": lazy_gettext("player card"),
    "points": lazy_gettext("points"),
    "round": lazy_gettext("round"),
    "scheme_discard": lazy_gettext("scheme discard"),
    "scheme_draw_pile": lazy_gettext("scheme draw pile"),
    "schemes": lazy_gettext("schemes"),
    "silver": lazy_gettext("silver"),
    "space": lazy_gettext("space"),
    "stone": lazy_gettext("stone"),
    "virtue": lazy_gettext("virtue"),
    "voyages": lazy_gettext("voyages"),
    "workers_supply": lazy_gettext("workers supply"),
}


def field_label(key: str) -> str:
    """A field of the table in the reader's words (``approved_deeds``: approved deeds)."""
    return str(FIELD_NAMES.get(key) or spoken(key))


def status_word(status: str | None) -> str:
    """A replay's or a game's status in words."""
    return str(STATUS_WORDS.get(status, status or ""))


def verdict_word(verdict: str | None) -> str:
    """A verdict in words (``score_mismatch``: score mismatch)."""
    return str(VERDICT_WORDS.get(verdict, spoken(verdict or "")))


def mode_word(mode: str | None) -> str:
    """A replay mode in words."""
    return str(MODE_WORDS.get(mode, mode or ""))


def failure_title(failure: dict) -> str:
    """What a failed replay's title says, in the reader's language: the stored English
    title, or its type's own title when the reader's language is another."""
    known = FAILURE_TITLES.get(failure.get("type"))
    if known is None or request_language() == languages.ENGLISH:
        return failure.get("title") or ""
    return str(known)

AS_JSON = lazy_gettext("Sent as JSON on fewer lines than it has events; shown as JSON, one "
                       "line per event.")


@dataclass
class LogLines:
    """A log as numbered text lines, the line of each event, and the parsed log."""

    lines: list[str]
    event_lines: dict[int, int] = field(default_factory=dict)
    note: str = ""  # how a JSON log is shown, for the reader
    log: GameLog | None = None
    # The last line of each event written on several (a pretty-printed JSON log's); an
    # event not here is on its line alone.
    event_ends: dict[int, int] = field(default_factory=dict)

    def event_span(self, event: int | None) -> range:
        """The lines an event is written on (none for an event without a line)."""
        first = self.event_lines.get(event)
        if first is None:
            return range(0)
        return range(first, max(first, self.event_ends.get(event, first)) + 1)


@lru_cache(maxsize=32)
def log_lines(source: str) -> LogLines:
    """The log's lines as it was stored and where each event is; a log that cannot be read
    is shown as is.

    Kept for the last few logs: a judge stepping through a game asks for the same log at
    every step, and a stored log never changes. Callers must not change what they get.
    """
    try:
        decoded = replay.decode(source)
    except replay.InvalidLog:
        return LogLines(source_lines(source))
    if isinstance(decoded, dict):  # a scoresheet: no events
        return LogLines(source_lines(source))
    if not source.lstrip().startswith("{"):
        return LogLines(source_lines(source), _event_lines(decoded.positions), log=decoded)
    spans = json_event_lines(source)
    starts = [first for first, _ in spans]
    if len(spans) == len(decoded.events) and len(set(starts)) == len(starts):
        return LogLines(source_lines(source), dict(enumerate(starts)), log=decoded,
                        event_ends={i: last for i, (_, last) in enumerate(spans)})
    return _as_json(decoded, source)


def _event_lines(positions: list[tuple[int, int]]) -> dict[int, int]:
    return {i: line for i, (line, _) in enumerate(positions)}


def _as_json(log: GameLog, source: str) -> LogLines:
    """A JSON log sent with several events on a line (as a program writes it, all on one),
    shown as one line for its header and one for each event (the whole is still JSON), so
    each event has a line to point at; the stored text as it is when even that cannot be
    written."""
    try:
        lines = ['{"header": ' + _one_line(log.to_dict()["header"]) + ', "events": [']
        lines += [" " + _one_line(event) + "," for event in log.events]
    except (RecursionError, TypeError, ValueError):
        return LogLines(source_lines(source), log=log)
    if log.events:
        lines[-1] = lines[-1].removesuffix(",")
    lines.append("]}")
    return LogLines(lines, {i: i + 2 for i in range(len(log.events))}, AS_JSON, log)


def _one_line(value: object) -> str:
    return json.dumps(value, ensure_ascii=False)


def grouped_violations(report: dict, lines: LogLines) -> list[dict]:
    """Root violations in log order, each with every violation that follows from it (the
    report's causes), and the log line of each (the report's own, else its event's)."""
    violations = [dict(v) for v in report.get("violations") or [] if isinstance(v, dict)]
    for v in violations:
        v["log_line"] = v.get("line") or lines.event_lines.get(v.get("event"))
        v["consequences"] = []
    roots = []
    for group in causes(report):
        index = group.get("violation")
        if not isinstance(index, int) or index >= len(violations):
            continue
        root = violations[index]
        root["consequences"] = [violations[i] for i in group.get("consequences") or []
                                if isinstance(i, int) and i < len(violations)]
        roots.append(root)
    return roots


def points_by_source(report: dict) -> tuple[list[str], list[tuple[str, dict[str, int]]]]:
    """Points each player got from each source (card, track, final category), largest
    first, from the ledger's rows of points."""
    names = player_names(report)
    table: dict[str, dict[str, int]] = defaultdict(lambda: dict.fromkeys(names, 0))
    for row in report.get("ledger") or []:
        if row.get("resource") == POINTS and isinstance(row.get("delta"), int):
            table[str(row.get("source"))][row.get("player")] = \
                table[str(row.get("source"))].get(row.get("player"), 0) + row["delta"]
    ordered = sorted(table.items(), key=lambda item: (-sum(item[1].values()), item[0]))
    return names, ordered


def ledger_rows(report: dict, label: NameLabels, player: str | None, source: str | None,
                everything: bool = False) -> list[dict]:
    """One player's or one source's rows of the ledger (or both), every row when asked,
    else none: the whole ledger of a long game is the heaviest part of a page. Chosen by
    the report's own ids, shown with names."""
    if not (player or source or everything):
        return []
    return ledger_named([row for row in report.get("ledger") or []
                         if (not player or row.get("player") == player)
                         and (not source or str(row.get("source")) == source)], label)


def rounds_context(report: dict) -> dict:
    """The charts of what each player held at the end of every round, and the same as a
    table (rows of resource, player and values), for a game that scores at its end."""
    holdings = round_holdings(report)
    if holdings is None:
        return {"round_charts": "", "round_header": [], "round_rows": []}
    return {"round_charts": Markup(holdings.charts),
            "round_header": [round_label(n) for n in holdings.rounds],
            "round_rows": [(field_label(resource).capitalize(), player, line)
                           for resource, lines in holdings.held.items()
                           for player, line in lines.items()]}


def report_context(report: dict, lines: LogLines, player: str | None,
                   source: str | None, everything: bool = False) -> dict:
    """Everything the report part of the replay page shows, ids as printed names."""
    label = NameLabels.of(report)
    named = with_names({**report, "ledger": []})  # the rows shown are named on their own
    names, by_source = points_by_source(report)
    details, sections = game_sections(report)
    largest = max([abs(v) for _, row in by_source for v in row.values()] or [1]) or 1
    final_players = (report.get("final") or {}).get("players") or {}
    ledger = report.get("ledger") or []
    phase_header, phases = phase_rows(report)
    return {
        "report": report, "names": names, "namer": label, "title": verdict_title(report),
        "sentence": verdict_sentence(named), "violations": grouped_violations(named, lines),
        "violations_summary": again(causes_summary(causes(report))),
        "claims": [{**c, "what": field_label(c.get("what"))}
                   for c in named.get("claims") or [] if not c.get("match", True)],
        "by_source": [(source, label.name(source), row) for source, row in by_source],
        "largest": largest,
        "categories": scoring_categories(report), "final_players": final_players,
        "details": details, "sections": sections,
        "phases": Section("phases", "", phase_header, phases, PHASES_NOTE) if phases else None,
        "ledger": ledger_rows(report, label, player, source, everything),
        "ledger_total": len(ledger),
        "ledger_shown": bool(player or source or everything),
        "ledger_players": sorted({str(r.get("player")) for r in ledger}),
        "ledger_sources": sorted({(label.name(r.get("source")), str(r.get("source")))
                                  for r in ledger}),
        "player": player or "", "source": source or "",
        **rounds_context(report),
    }
