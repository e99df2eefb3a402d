"""Render a replay report as Markdown for people: verdict first, the ledger last.

The helpers ``verdict_title``, ``verdict_sentence``, ``player_names``, ``round_points``,
``phase_rows`` and ``ledger_rows`` are shared with the HTML renderer. Every function copes
with missing keys and never raises on a report that is merely incomplete (an ``unparseable``
report has few keys).
"""

from __future__ import annotations

from dataclasses import replace

from replay.core.protocol.game import Section
from replay.core.reports.value_words import field_words, value_place, value_words
from replay.core.speech import message, ntr, say, tr
from replay.core.verdicts.causes import audit_caveat, group_causes
from replay.core.words import spoken
from replay.games import GAMES
from replay.render.language import ENGLISH, again, joined, language, number
from replay.render.names import NameLabels, with_names
from replay.render.rounds import Interim, round_label


def _dict(value) -> dict:
    return value if isinstance(value, dict) else {}


def _list(value) -> list:
    return value if isinstance(value, list) else []


def _names(values) -> str:
    return tr(", ").join(str(v) for v in _list(values)) or tr("none")


def verdict_title(report: dict) -> str:
    """The verdict in capitals for headings and banners (``SCORE MISMATCH``, ``UNKNOWN``)."""
    verdict = _dict(report).get("verdict")
    if not verdict:
        return tr("UNKNOWN")
    titles = {"legal": tr("LEGAL"), "illegal": tr("ILLEGAL"),
              "score_mismatch": tr("SCORE MISMATCH"), "incomplete": tr("INCOMPLETE"),
              "unparseable": tr("UNPARSEABLE")}
    return titles.get(str(verdict)) or str(verdict).replace("_", " ").upper()


def mode_word(mode) -> str:
    """A replay's mode (``audit``, ``strict``) in the reader's language; another as it is."""
    words = {"audit": tr("audit"), "strict": tr("strict")}
    return words.get(mode, mode) if isinstance(mode, str) else mode


def then(sentence: str, more: str) -> str:
    """``sentence`` followed by the sentence ``more`` (nothing: ``sentence`` alone)."""
    # TRANSLATORS: two sentences, the second after the first (Chinese sets no space between).
    return tr("{sentence} {more}", sentence=sentence, more=more) if more else sentence


def said_item(item: dict, report: dict, name: str = "message") -> str:
    """A violation's (or any report item's) ``message``, ``expected`` or ``found`` in the
    reader's language, its ids named (the English text is named already: ``with_names``)."""
    text = message(item, name)
    if language() == ENGLISH or not text:
        return text
    return NameLabels.of(_dict(report)).text(text)


def causes_summary(groups: list[dict]) -> str:
    """``1 problem, 11 consequences`` (empty when there is no violation)."""
    if not groups:
        return ""
    consequences = sum(len(group.get("consequences", [])) for group in groups)
    problems = ntr("{number} problem", "{number} problems", len(groups))
    if not consequences:
        return problems
    return tr("{problems}, {consequences}", problems=problems, consequences=ntr(
        "{number} consequence", "{number} consequences", consequences))


MOST_NAMED = 3  # placeholder values a verdict's sentence names


def decided_by_sentence(report: dict, key: str, event: object) -> str:
    """In a weighed report, the placeholder values that decide the violation at ``event``
    (``key`` ``decides``) or change the wrong claim there (``claims``), named as printed: a
    person checks them on the table before trusting the verdict; "" when there are none."""
    names = _dict(report.get("names"))
    found = [p for p in _list(_dict(report.get("catalog")).get("placeholders_used"))
             if isinstance(p, dict) and event in (p.get(key) or ())]
    if not found:
        return ""
    values = tr("; ").join(value_place(str(p.get("entry")), str(p.get("field")), names)
                           for p in found[:MOST_NAMED])
    if len(found) > MOST_NAMED:  # a verdict's sentence stays short: the table lists them all
        values = tr("{values} and {number} more", values=values, number=len(found) - MOST_NAMED)
    if key == "decides":
        return ntr("It rests on a value not yet transcribed ({values}): check it on the "
                   "component before trusting it.",
                   "It rests on {number} values not yet transcribed ({values}): check them on "
                   "the components before trusting it.", len(found), values=values)
    return ntr("The computed value rests on a value not yet transcribed ({values}): check it "
               "on the component.",
               "The computed value rests on {number} values not yet transcribed ({values}): "
               "check them on the components.", len(found), values=values)


def verdict_sentence(report: dict) -> str:
    """One plain sentence saying why the verdict is what it is."""
    report = _dict(report)
    verdict = report.get("verdict")
    reached = _dict(report.get("reached"))
    events = _dict(report.get("events"))
    sheet = report.get("input") == "scoresheet"
    if verdict == "legal":
        leader = next(iter(_list(report.get("standings"))), None)
        won = tr("{player} wins with {points} points.", player=leader.get("player"),
                 points=number(leader.get("points"))) if isinstance(leader, dict) else ""
        if sheet:
            return then(tr("The scoresheet is consistent and every claimed total matches the "
                           "computed final scoring."), won)
        return then(tr("All {total} events follow the rules and every claimed value matches "
                       "the replay.", total=number(events.get("total", "?"))), won)
    if verdict == "illegal":
        violations = [v for v in _list(report.get("violations")) if isinstance(v, dict)]
        if not violations:
            return tr("The log breaks a rule.")
        first = violations[0]
        more = (tr("In all: {causes} (below).", causes=causes_summary(causes(report)))
                if len(violations) > 1 else "")
        return then(then(tr("{place} breaks rule {rule}: {message}.",
                            place=event_place(first).capitalize(), rule=first.get("rule"),
                            message=said_item(first, report)),
                         decided_by_sentence(report, "decides", first.get("event"))), more)
    if verdict == "score_mismatch":
        wrong = [c for c in _list(report.get("claims"))
                 if isinstance(c, dict) and not c.get("match", True)]
        first = wrong[0] if wrong else {}
        values = {"player": first.get("player"), "claimed": first.get("claimed"),
                  "computed": first.get("computed")}
        if sheet:
            return ntr("The scoresheet is consistent, but {number} claimed total differs from "
                       "the computed final scoring; the first is {player}'s: claimed "
                       "{claimed}, computed {computed}.",
                       "The scoresheet is consistent, but {number} claimed totals differ from "
                       "the computed final scoring; the first is {player}'s: claimed "
                       "{claimed}, computed {computed}.", len(wrong), **values)
        return then(ntr("Every move is legal, but {number} claimed value differs from the "
                        "replay; the first is {player}'s {what} at {place}: claimed {claimed}, "
                        "computed {computed}.",
                        "Every move is legal, but {number} claimed values differ from the "
                        "replay; the first is {player}'s {what} at {place}: claimed {claimed}, "
                        "computed {computed}.", len(wrong), what=again(first.get("what")),
                        place=event_place(first), **values),
                    decided_by_sentence(report, "claims", first.get("event")))
    if verdict == "incomplete":
        return tr("No rule is broken, but the log ends at round {round}, phase {phase} before "
                  "the game is scored; expected next: {next}.", round=reached.get("round", "?"),
                  phase=reached.get("phase", "?"), next=message(reached, "expected_next") or "?")
    if verdict == "unparseable":
        problems = [p for p in _list(report.get("problems")) if isinstance(p, dict)]
        first = (tr("The first: {problem}.",
                    problem=str(said_item(problems[0], report)).rstrip("."))
                 if problems else "")
        if sheet:
            return then(ntr("The scoresheet does not hold together ({number} problem), so it "
                            "was not scored.", "The scoresheet does not hold together ({number} "
                            "problems), so it was not scored.", len(problems)), first)
        return then(ntr("The log could not be read ({number} problem), so it was not replayed.",
                        "The log could not be read ({number} problems), so it was not "
                        "replayed.", len(problems)), first)
    return tr("The report carries no known verdict.")


def position_sentence(report: dict) -> str | None:
    """What a report from a position says first: its events start there, not at the setup."""
    if not _dict(report).get("from_position"):
        return None
    return tr("Replayed from a position, not from the setup: what happened before it was not "
              "checked.")


def declared_sentence(report: dict) -> str | None:
    """The values that came from the log (declared there, as read off the components), each
    in words, with what they replace."""
    declared = [d for d in _list(_dict(report.get("catalog")).get("declared_values"))
                if isinstance(d, dict)]
    if not declared:
        return None
    label = NameLabels.of(report)
    game = GAMES.find(_dict(report).get("game"))
    effect = game.effect_words if game is not None else None
    names = _dict(report.get("names"))
    values = tr("; ").join(tr("{entry}, {field}: {value} (the catalog has {replaces})",
                              entry=label.text(str(d.get("entry"))),
                              field=field_words(str(d.get("field"))),
                              value=value_words(d.get("value"), names, effect),
                              replaces=value_words(d.get("replaces"), names, effect))
                           for d in declared)
    return ntr("{number} value came from the log, declared there: {values}.",
               "{number} values came from the log, declared there: {values}.",
               len(declared), values=values)


def problems_title(report: dict) -> str:
    """The heading of an unreadable input's problems: a scoresheet's or a log's."""
    return (tr("Problems in the scoresheet") if report.get("input") == "scoresheet"
            else tr("Problems reading the log"))


def causes(report: dict) -> list[dict]:
    """The report's root violations with their consequences (grouped here if it has none)."""
    violations = [v for v in _list(_dict(report).get("violations")) if isinstance(v, dict)]
    found = _list(_dict(report).get("causes"))
    if found or not violations:
        return [c for c in found if isinstance(c, dict)]
    return group_causes(violations)


def event_place(item: dict) -> str:
    """``event 26 (line 38)`` for text logs, ``event 26`` for JSON ones."""
    event, line = item.get("event"), item.get("line")
    if event is None:
        return tr("final scoring (line {line})", line=line) if line is not None \
            else tr("final scoring")
    return tr("event {event} (line {line})", event=event, line=line) if line is not None \
        else tr("event {event}", event=event)


def game_title(report: dict) -> str:
    """The report's game as its box names it, in the reader's language (``Viscounts of the
    West Kingdom``, 西國子爵); a game this referee does not know by the key the report
    gives, or ``?``."""
    key = _dict(report).get("game")
    game = GAMES.find(key)
    return tr(game.title) if game is not None else str(key or "?")


def scoring_categories(report: dict) -> list[tuple[str, str]]:
    """``(key, label)`` rows of the final breakdown: the game's own categories that the
    report scores (a solo-only category is no row of a multiplayer game), else the keys found."""
    keys: list[str] = []
    for line in _dict(_dict(_dict(report).get("final")).get("players")).values():
        keys += [k for k in _dict(line) if k not in keys]
    game = GAMES.find(_dict(report).get("game"))
    if game is not None:
        return [(c.key, again(c.label)) for c in game.scoring_categories if c.key in keys]
    return [(key, key.replace("_", " ").capitalize()) for key in keys]


def game_sections(report: dict) -> tuple[list[Section], list[Section]]:
    """The game's own tables: ``(below the final breakdown, after the standings)``, the ids
    in their cells named."""
    game = GAMES.find(_dict(report).get("game"))
    if game is None:
        return [], []
    label = NameLabels.of(_dict(report))

    def named(sections: list[Section]) -> list[Section]:
        return [replace(s, title=again(s.title), header=[again(h) for h in s.header],
                        note=again(s.note), folded=again(s.folded),
                        rows=[[label(value) for value in row]
                                                  for row in s.rows])
                for s in sections]
    return named(game.final_tables(report)), named(game.report_sections(report))


def player_names(report: dict) -> list[str]:
    """Players in log order, else in the order they first appear in the report."""
    report = _dict(report)
    names = [str(n) for n in _list(report.get("players"))]
    sources = [row.get("player") for row in _list(report.get("ledger")) if isinstance(row, dict)]
    sources += list(_dict(_dict(report.get("final")).get("players")))
    for name in sources:
        if name is not None and str(name) not in names:
            names.append(str(name))
    return names


def round_points(report: dict) -> list[tuple[str, dict[str, int]]]:
    """Cumulative points per player after each round reached, then after final scoring.

    Built from the ledger's ``points`` rows; start-of-game points (round 0) count towards
    round 1. Returns ``[(label, {player: points})]`` with labels ``Round N`` and ``Final``.
    Only rows that say something: when no points were scored before the final scoring (a
    game that scores only at the end), there are no rows at all; the final breakdown and
    the standings say it all.
    """
    report = _dict(report)
    names = player_names(report)
    by_round: dict[int, dict[str, int]] = {}
    final: dict[str, int] = {}
    has_final = report.get("final") is not None
    for row in _list(report.get("ledger")):
        if not isinstance(row, dict) or row.get("resource") != "points":
            continue
        delta = row.get("delta") if isinstance(row.get("delta"), int) else 0
        player = str(row.get("player"))
        if row.get("phase") == "final":
            has_final = True
            final[player] = final.get(player, 0) + delta
            continue
        number = row.get("round") if isinstance(row.get("round"), int) else 0
        bucket = by_round.setdefault(max(number, 1), {})
        bucket[player] = bucket.get(player, 0) + delta
    reached = _dict(report.get("reached")).get("round")
    last = max([reached if isinstance(reached, int) else 0, *by_round])
    if not any(any(bucket.values()) for bucket in by_round.values()):
        return []
    running = dict.fromkeys(names, 0)
    rows = []
    if report.get("input") == "scoresheet":
        # A sheet knows only the points before final scoring, not how each round added up.
        for bucket in by_round.values():
            for player, delta in bucket.items():
                running[player] = running.get(player, 0) + delta
        rows.append((tr("Before final scoring (the sheet)"), dict(running)))
        last = 0
    for number in range(1, last + 1):
        for player, delta in by_round.get(number, {}).items():
            running[player] = running.get(player, 0) + delta
        partial = number == last and not has_final and report.get("verdict") != "legal"
        rows.append((tr("Round {number} (so far)", number=number) if partial
                     else tr("Round {number}", number=number), dict(running)))
    if has_final:
        for player, delta in final.items():
            running[player] = running.get(player, 0) + delta
        rows.append((tr("Final"), dict(running)))
    return rows


def cell(value) -> str:
    """A table cell: text on one line with ``|`` escaped; missing values as a dash."""
    if value is None or value == "":
        return "—"
    return str(value).replace("\\", "\\\\").replace("|", "\\|").replace("\r", " ").replace(
        "\n", " ")


def _table(header: list[str], rows: list[list]) -> list[str]:
    lines = ["| " + " | ".join(cell(h) for h in header) + " |",
             "|" + "|".join("---" for _ in header) + "|"]
    lines += ["| " + " | ".join(cell(v) for v in row) + " |" for row in rows]
    return [*lines, ""]


def _signed(value) -> str:
    return f"+{value}" if isinstance(value, int) and value > 0 else str(value)


def _position(item: dict) -> str:
    if item.get("line") is None:
        return ""
    if item.get("column") is None:
        return tr("line {line}", line=item["line"])
    return f"{item['line']}:{item['column']}"


def _summary(report: dict) -> list[str]:
    catalog = _dict(report.get("catalog"))
    lines = []
    position = position_sentence(report)
    if position:
        lines.append(f"- **{position}**")
    if report.get("game") or report.get("ruleset"):
        lines.append("- " + tr("Game: {game}, ruleset {ruleset}", game=game_title(report),
                               ruleset=report.get("ruleset", "?")))
    if catalog:
        sha = str(catalog.get("sha256") or "")[:12]
        text = "- " + (tr("Catalog: {catalog} (sha256 {sha}…)", catalog=catalog.get("id", "?"),
                          sha=sha) if sha else tr("Catalog: {catalog}",
                                                  catalog=catalog.get("id", "?")))
        if catalog.get("printed") is False:
            text += " — **" + tr("not the printed game's components") + "**"
            if catalog.get("description"):
                text += tr(": ") + str(again(catalog["description"]))
        elif catalog.get("printed"):
            text += " — " + tr("the printed game's components")
        lines.append(text)
        declared = declared_sentence(report)
        if declared:
            lines.append(f"- {declared}")
    if "variants" in report:
        lines.append("- " + tr("Variants: {variants}", variants=_names(report.get("variants"))))
    if "mode" in report:
        lines.append("- " + tr("Mode: {mode}", mode=mode_word(report.get("mode"))))
    if report.get("players") is not None:
        lines.append("- " + tr("Players (log order): {players}",
                               players=_names(report.get("players"))))
    events = _dict(report.get("events"))
    sheet = report.get("input") == "scoresheet"
    if sheet:
        lines.append("- " + tr("Input: a scoresheet (the end state before final scoring; no "
                               "moves to replay)"))
    elif events:
        lines.append("- " + tr("Events replayed: {replayed} of {total} (events are numbered "
                               "from 0)", replayed=number(events.get("replayed", "?")),
                               total=number(events.get("total", "?"))))
    reached = _dict(report.get("reached"))
    if reached and not sheet:
        lines.append("- " + tr("Reached: round {round}, phase {phase}; expected next: {next}",
                               round=reached.get("round", "?"), phase=reached.get("phase", "?"),
                               next=message(reached, "expected_next") or "?"))
    if report.get("input_sha256"):
        lines.append("- " + tr("Input sha256: {sha}", sha="`" + str(report["input_sha256"]) + "`"))
    lines.append("- " + tr("Engine {engine}, report version {version}",
                           engine=report.get("engine_version", "?"),
                           version=report.get("report_version", "?")))
    return [*lines, ""]


def _problems(report: dict) -> list[str]:
    problems = [p for p in _list(report.get("problems")) if isinstance(p, dict)]
    if not problems:
        return []
    rows = [[_position(p) or p.get("path"), said_item(p, report), p.get("text"),
             said_item(p, report, "expected") or p.get("expected"),
             ", ".join(str(s) for s in _list(p.get("suggestions")))] for p in problems]
    return [f"## {problems_title(report)}", "",
            *_table(problem_header(), rows)]


def problem_header() -> list[str]:
    """The columns of an unreadable input's problems table."""
    return [tr("Where"), tr("Problem"), tr("Text"), tr("Expected"), tr("Did you mean")]


def _violation_row(v: dict, consequence: bool, report: dict) -> list:
    notes = []
    if v.get("legal_under"):
        notes.append(tr("legal under variant {variant}", variant=v["legal_under"]))
    if v.get("applied") is False:
        notes.append(tr("event skipped"))
    event = f"↳ {v.get('event')}" if consequence else v.get("event")
    return [event, _position(v), v.get("rule"), said_item(v, report),
            said_item(v, report, "expected") if v.get("expected") is not None else None,
            said_item(v, report, "found") if v.get("found") is not None else None,
            "; ".join(notes)]


def _violations(report: dict) -> list[str]:
    violations = [v for v in _list(report.get("violations")) if isinstance(v, dict)]
    if not violations:
        return []
    groups = causes(report)
    rows = []
    for group in groups:
        root = violations[group["violation"]]
        rows.append(_violation_row(root, False, report))
        rows += [_violation_row(violations[i], True, report)
                 for i in group.get("consequences", [])
                 if isinstance(i, int) and i < len(violations)]
    header = [tr("Event"), tr("Line:col"), tr("Rule"), tr("Message"), tr("Expected"),
              tr("Found"), tr("Notes")]
    if not any(v.get("line") is not None for v in violations):
        header, rows = [header[0], *header[2:]], [[row[0], *row[2:]] for row in rows]
    lines = ["## " + tr("Violations: {causes}", causes=causes_summary(groups)), ""]
    if any(group.get("consequences") for group in groups):
        lines += [tr("Each problem comes first; the violations marked ↳ below it follow from it "
                     "(the replay had to skip an event, so the log and the engine's game "
                     "parted)."), ""]
    lines += _table(header, rows)
    statements = {}
    for v in violations:
        if v.get("rule") and v.get("statement"):
            statements.setdefault(v["rule"], v["statement"])
    lines += [f"- **{rule}**: {tr(text)}" for rule, text in statements.items()]
    return [*lines, ""] if statements else lines


def _warnings(report: dict) -> list[str]:
    warnings = [w for w in _list(report.get("warnings")) if isinstance(w, dict)]
    if not warnings:
        return []
    lines = ["## " + tr("Warnings"), ""]
    for w in warnings:
        where = event_place(w) if w.get("event") is not None else ""
        if not where and w.get("line") is not None:
            where = line_column(w)
        lines.append("- " + (where + tr(": ") if where else "") + said_item(w, report))
    return [*lines, ""]


def line_column(item: dict) -> str:
    """``line 4, column 7`` (or ``line 4``) of a text log."""
    if item.get("column") is None:
        return tr("line {line}", line=item["line"])
    return tr("line {line}, column {column}", line=item["line"], column=item["column"])


def _claims(report: dict) -> list[str]:
    claims = [c for c in _list(report.get("claims")) if isinstance(c, dict)]
    wrong = [c for c in claims if not c.get("match", True)]
    if not claims:
        return []
    if not wrong:
        return ["## " + tr("Claims"), "", all_claims_match(len(claims)), ""]
    rows = [[event_place(c), c.get("player"), again(c.get("what")), c.get("claimed"),
             c.get("computed")] for c in wrong]
    lines = ["## " + claims_title(len(wrong), len(claims)), "",
             *_table([tr("Where"), tr("Player"), tr("What"), tr("Claimed"), tr("Computed")],
                     rows)]
    for c in wrong:
        if c.get("matches_under"):
            lines.append("- " + tr("{player}'s claimed {what} {claimed} is what variant "
                                   "{variant} gives (not declared)", player=c.get("player"),
                                   what=again(c.get("what")), claimed=c.get("claimed"),
                                   variant=c["matches_under"]))
        steps = [r for r in _list(c.get("explained_by")) if isinstance(r, dict)]
        if not steps:
            continue
        first = steps[0]
        start = (first["after"] - first["delta"] if isinstance(first.get("after"), int)
                 and isinstance(first.get("delta"), int) else "?")
        trail = tr("; ").join(
            f"{_final_place() if r.get('event') is None else _short_place(r)} "
            f"{_signed(r.get('delta'))} → {r.get('after')} ({message(r, 'reason')})"
            for r in steps)
        lines.append("- " + tr("How {player}'s {what} reached {computed}: starts at {start}; "
                               "{trail}", player=c.get("player"), what=again(c.get("what")),
                               computed=c.get("computed"), start=start, trail=trail))
    return [*lines, ""]


def all_claims_match(count: int) -> str:
    """The sentence of a report whose every claim matches."""
    return tr("All {number} claimed values match the replay.", number=number(count))


def claims_title(wrong: int, claims: int) -> str:
    """``Claims that differ (2 of 9)``."""
    return tr("Claims that differ ({wrong} of {claims})", wrong=number(wrong),
              claims=number(claims))


def _final(report: dict, names: list[str], details: list[Section]) -> list[str]:
    final = _dict(report.get("final"))
    players = _dict(final.get("players"))
    if not players:
        return []
    columns = [n for n in names if n in players] + [n for n in players if n not in names]
    rows = [[label, *(_dict(players[n]).get(key) for n in columns)]
            for key, label in scoring_categories(report)]
    if rows:
        rows[-1] = [f"**{v}**" if v is not None else v for v in rows[-1]]
    lines = ["## " + tr("Final scoring"), "", *_table([tr("Category"), *columns], rows)]
    for section in details:
        lines += [f"**{section.title}**", "", *_table(section.header, section.rows)]
    return lines


def _standings(report: dict) -> list[str]:
    rows = [[s.get("rank"), s.get("player"), s.get("points")]
            for s in _list(report.get("standings")) if isinstance(s, dict)]
    if not rows:
        return []
    lines = ["## " + tr("Standings"), "", *_table(standings_header(), rows)]
    notes = [str(again(n)) for n in _list(report.get("tie_break"))]
    lines += ["- " + tr("Tie-break: {note}", note=note) for note in notes]
    if report.get("standings_caveat"):
        lines.append("- **" + tr("Caveat") + "**" + tr(": ") + standings_caveat(report))
    return [*lines, ""] if notes or report.get("standings_caveat") else lines


def standings_caveat(report: dict) -> str:
    """What an audited replay's standings do and do not say, in the reader's language (the
    report holds it in English, as ``audit_caveat`` words it)."""
    text = str(_dict(report).get("standings_caveat") or "")
    violations = [v for v in _list(report.get("violations")) if isinstance(v, dict)]
    if language() == ENGLISH or text != audit_caveat(report.get("mode"), violations, True):
        return again(text)
    skipped = sum(1 for v in violations if not v.get("applied", True))
    how = (ntr("{number} event could not be applied and was skipped; the others were applied "
               "as played", "{number} events could not be applied and were skipped; the others "
               "were applied as played", skipped) if skipped
           else tr("each was applied as played"))
    return ntr("Audit mode: {number} event of this log breaks a rule ({how}). These standings "
               "score the log as the engine could replay it; they are not a ruling on the game.",
               "Audit mode: {number} events of this log break a rule ({how}). These standings "
               "score the log as the engine could replay it; they are not a ruling on the game.",
               len({v.get("event") for v in violations}), how=how)


def standings_header() -> list[str]:
    """The columns of the standings table."""
    return [tr("Rank"), tr("Player"), tr("Points")]


def _per_round(report: dict, names: list[str]) -> list[str]:
    rows = round_points(report)
    if not rows:
        return []
    return ["## " + tr("Points per round (cumulative)"), "",
            *_table([tr("After"), *names], [[label, *(pts.get(n, 0) for n in names)]
                                            for label, pts in rows])]


# What interim points are, said under their chart or table (a phrase: ``tr(INTERIM_NOTE)``).
INTERIM_NOTE = say("Interim points, not points held: the game scores only at its end, and "
                   "these are what its end scoring would give each player if the game ended "
                   "after that round.")


def _interim(interim: Interim | None) -> list[str]:
    if interim is None or not interim.rounds:
        return []
    return ["## " + tr("Points if the game ended after each round"), "", tr(INTERIM_NOTE), "",
            *_table([tr("Player"), *(round_label(n) for n in interim.rounds)],
                    [[name, *line] for name, line in interim.lines.items()])]


def _section(section: Section) -> list[str]:
    note = [section.note, ""] if section.note else []
    return [f"## {section.title}", "", *note, *_table(section.header, section.rows)]


def phase_rows(report: dict) -> tuple[list[str], list[list]]:
    """The phase-by-phase breakdown as a table: a row per round (and turn) and phase, a
    column per player saying what that phase changed, points with their sources."""
    label = NameLabels.of(report)
    phases = [p for p in _list(report.get("phases")) if isinstance(p, dict)]
    names = player_names(report)
    turns = [tr("Turn")] if any("turn" in p for p in phases) else []
    rows = [[p.get("round"), *([p.get("turn")] if turns else []), p.get("phase"),
             *(_phase_cell(_dict(_dict(p.get("players")).get(n)), label) for n in names)]
            for p in phases]
    return [tr("Round"), *turns, tr("Phase"), *names], rows


def _phase_cell(cell: dict, label: NameLabels) -> str:
    """``silver -2, ink +3, points +2 (Peddler +2)``: the non-zero sums of a cell."""
    parts = []
    for resource, delta in _dict(cell.get("resources")).items():
        if not delta:
            continue
        sources = [f"{label.name(source)} {_signed(points)}" for source, points
                   in _dict(cell.get("points_by_source")).items() if points] \
            if resource == "points" else []
        parts.append(f"{again(spoken(resource))} {_signed(delta)}"
                     + (f" ({', '.join(sources)})" if sources else ""))
    return joined(parts)


def _phases(report: dict) -> list[str]:
    header, rows = phase_rows(report)
    if not rows:
        return []
    return ["## " + tr("Phase by phase"), "", tr(PHASES_NOTE), "", *_table(header, rows)]


# A phrase, so a page that shows it says it in its reader's language (``tr(PHASES_NOTE)``).
PHASES_NOTE = say("What each phase changed for each player, summed from the ledger (below, "
                  "row by row); points name their sources.")


def ledger_rows(ledger: list[dict]) -> tuple[list[str], list[list]]:
    """The ledger table's header and rows; a text log's line shows in the Event cell."""
    header = [tr("Event"), tr("Round"), tr("Phase"), tr("Player"), tr("Resource"), tr("Change"),
              tr("After"), tr("Reason"), tr("Source")]
    rows = [[tr("final") if r.get("event") is None else
             tr("{event} (line {line})", event=r.get("event"), line=r["line"])
             if r.get("line") is not None else r.get("event"), r.get("round"), r.get("phase"),
             r.get("player"), again(spoken(r.get("resource"))), _signed(r.get("delta")),
             r.get("after"), message(r, "reason"), r.get("source")] for r in ledger]
    return header, rows


# Where the ledger table's Change column is (its After column follows it).
CHANGE_COLUMN = 5


def _final_place() -> str:
    return tr("final")


def _short_place(item: dict) -> str:
    return tr("line {line}", line=item["line"]) if item.get("line") is not None \
        else tr("event {event}", event=item.get("event"))


def _ledger(report: dict) -> list[str]:
    ledger = [row for row in _list(report.get("ledger")) if isinstance(row, dict)]
    if not ledger:
        return []
    header, rows = ledger_rows(ledger)
    return ["## " + ledger_title(len(ledger)), "", *_table(header, rows)]


def ledger_title(rows: int) -> str:
    """``Ledger (12 rows)``."""
    return ntr("Ledger ({count} row)", "Ledger ({count} rows)", rows, count=number(rows))


def render_markdown(report: dict, interim: Interim | None = None) -> str:
    """The report as a deterministic Markdown document, verdict first and ledger last; with
    the points if the game ended after each round (``interim``) when a replay of the log
    worked them out."""
    report = with_names(_dict(report))
    names = player_names(report)
    details, sections = game_sections(report)
    lines = ["# " + tr("Verdict: {verdict}", verdict=verdict_title(report)), "",
             verdict_sentence(report), ""]
    lines += _summary(report)
    for part in (_problems(report), _violations(report), _warnings(report),
                 _claims(report), _final(report, names, details), _standings(report),
                 _per_round(report, names), _interim(interim),
                 *(_section(s) for s in sections),
                 _phases(report), _ledger(report)):
        lines += part
    while lines and lines[-1] == "":
        lines.pop()
    return _no_raw_html("\n".join(lines) + "\n")


def _no_raw_html(text: str) -> str:
    """Text from the log (ids, claims, catalog words) shown as text, never as raw HTML.

    Markdown passes ``<tag>`` through to HTML; the renderer writes no markup of its own
    with ``<`` or ``&``, so both become entities everywhere.
    """
    return text.replace("&", "&amp;").replace("<", "&lt;")
