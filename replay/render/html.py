"""Render a replay report as one self-contained HTML5 page (inline CSS and SVG, no scripts).

The verdict banner comes first so a judge sees it at once; the ledger comes last, folded.
Every piece of report text goes through ``html.escape``; the output has no timestamps.
"""

from __future__ import annotations

from html import escape

from replay.core.protocol.game import Section
from replay.core.speech import message, ntr, tr
from replay.render.category_chart import category_chart, category_rounds, category_table
from replay.render.language import again, html_language, number
from replay.render.markdown import (
    CHANGE_COLUMN,
    INTERIM_NOTE,
    PHASES_NOTE,
    all_claims_match,
    causes,
    causes_summary,
    claims_title,
    declared_sentence,
    event_place,
    game_sections,
    game_title,
    ledger_rows,
    ledger_title,
    line_column,
    mode_word,
    phase_rows,
    player_names,
    position_sentence,
    problem_header,
    problems_title,
    round_points,
    said_item,
    scoring_categories,
    standings_caveat,
    standings_header,
    verdict_sentence,
    verdict_title,
)
from replay.render.names import with_names
from replay.render.round_chart import ROUNDS_NOTE, caption, points_chart, round_holdings
from replay.render.rounds import Interim, round_label
from replay.render.svg import CATEGORY_COLOURS, LINE_COLOURS, Picture, tick_step

COLOURS = {"legal": "#1b7f3b", "illegal": "#b00020", "score_mismatch": "#b35900",
           "incomplete": "#7a6300", "unparseable": "#5b2a86"}

CSS = """
body{font:16px/1.45 system-ui,sans-serif;margin:0;color:#1a1a1a;background:#fafafa}
main{max-width:1100px;margin:0 auto;padding:0 1rem 3rem}
#verdict{color:#fff;padding:1.2rem 1.5rem;margin:0 0 1rem}
#verdict .word{font-size:3rem;font-weight:800;letter-spacing:.05em;margin:0}
#verdict .why{font-size:1.2rem;margin:.3rem 0 0;max-width:60rem}
h2{border-bottom:2px solid #ddd;padding-bottom:.2rem;margin-top:2rem}
table{border-collapse:collapse;margin:.5rem 0}
th,td{border:1px solid #ccc;padding:.25rem .5rem;text-align:left;vertical-align:top}
th{background:#eee}
td.num{text-align:right;font-variant-numeric:tabular-nums}
tr.total td{font-weight:700}
.violation{border-left:6px solid #b00020;background:#fff;padding:.6rem 1rem;margin:.8rem 0}
.violation h3{margin:0 0 .3rem;font-size:1.1rem}
.consequences{margin-left:2rem}
.consequences .violation{border-left-color:#d98c96}
.caveat{background:#fff3cd;padding:.3rem .6rem}
.statement{font-style:italic;color:#444}
.note{color:#555}
.notprinted{background:#fff3cd;padding:.1rem .3rem}
dl.facts{display:grid;grid-template-columns:max-content minmax(0,1fr);gap:.15rem 1rem}
dl.facts dt{font-weight:600}
dl.facts dd{margin:0;overflow-wrap:anywhere;min-width:0}
/* a wide table scrolls within itself on a small screen, its first column kept in view */
table{display:block;overflow-x:auto;max-width:100%}
td:first-child,th:first-child{position:sticky;left:0;background:#fff}
thead th:first-child{background:#eee}
#score-chart{max-width:100%;height:auto}
code{background:#eee;padding:0 .2rem}
#score-chart{background:#fff;border:1px solid #ddd}
details#ledger summary{cursor:pointer;font-weight:600;font-size:1.2rem}
#category-chart{max-width:100%;height:auto;background:#fff}
.round-chart{display:inline-block;width:24rem;max-width:100%;margin:.5rem 1rem .5rem 0}
.round-chart svg{width:100%;height:auto}
figure.board{margin:.5rem 0;max-width:40rem}
figure.board svg{display:block;width:100%;height:auto}
figure.board figcaption{font-size:.9rem;color:#444}
"""


def _dict(value) -> dict:
    return value if isinstance(value, dict) else {}


def _rows(value) -> list[dict]:
    return [item for item in value if isinstance(item, dict)] if isinstance(value, list) else []


def _text(value) -> str:
    return "—" if value is None or value == "" else escape(str(value))


def _list(value) -> list:
    return value if isinstance(value, list) else []


def _table(header: list[str], rows: list[list], table_id: str = "",
           numeric: frozenset[int] = frozenset()) -> str:
    ident = f' id="{table_id}"' if table_id else ""
    head = "".join(f"<th>{escape(h)}</th>" for h in header)
    body = "".join(
        "<tr>" + "".join(f'<td class="num">{_text(v)}</td>' if i in numeric else
                         f"<td>{_text(v)}</td>" for i, v in enumerate(row)) + "</tr>"
        for row in rows)
    # A table scrolls within itself on a small screen: it takes the focus, so a keyboard
    # can scroll it too.
    return (f'<table{ident} tabindex="0"><thead><tr>{head}</tr></thead><tbody>{body}</tbody>'
            "</table>")


def _filled(template: str, **markup: str) -> str:
    """A translated ``template`` as HTML, its fields filled with markup already written."""
    return escape(template).format(**markup)


def _where(item: dict) -> str:
    return "" if item.get("line") is None else line_column(item)


def _banner(report: dict) -> str:
    colour = COLOURS.get(str(report.get("verdict")), "#444")
    return (f'<header id="verdict" style="background:{colour}">'
            f'<p class="word">{escape(verdict_title(report))}</p>'
            f'<p class="why">{escape(verdict_sentence(report))}</p></header>')


def _summary(report: dict) -> str:
    items = []
    position = position_sentence(report)
    if position:
        items.append("<dt>" + tr("Start") + f"</dt><dd><strong>{escape(position)}</strong></dd>")
    if report.get("game") or report.get("ruleset"):
        items.append("<dt>" + tr("Game") + "</dt><dd>"
                     + escape(tr("{game}, ruleset {ruleset}", game=game_title(report),
                                 ruleset=report.get("ruleset", "?"))) + "</dd>")
    catalog = _dict(report.get("catalog"))
    if catalog:
        text = escape(str(catalog.get("id", "?")))
        if catalog.get("printed") is False:
            text += (' <span class="notprinted">' + escape(tr("not the printed game’s components"))
                     + "</span> " + escape(str(again(catalog.get("description") or ""))))
        items.append("<dt>" + tr("Catalog") + f"</dt><dd>{text}</dd>")
        declared = declared_sentence(report)
        if declared:
            items.append("<dt>" + tr("Declared") + f"</dt><dd>{escape(declared)}</dd>")
    events = _dict(report.get("events"))
    reached = _dict(report.get("reached"))
    more = []
    if "variants" in report:
        more.append((tr("Variants"), tr(", ").join(map(str, _list(report.get("variants"))))
                     or tr("none")))
    if "mode" in report:
        more.append((tr("Mode"), mode_word(report.get("mode"))))
    if "players" in report:
        more.append((tr("Players"), tr(", ").join(map(str, _list(report.get("players")))) or "—"))
    sheet = report.get("input") == "scoresheet"
    if sheet:
        more.append((tr("Input"), tr("a scoresheet (the end state before final scoring; no "
                                     "moves to replay)")))
    elif events:
        more.append((tr("Events replayed"), tr("{replayed} of {total} (numbered from 0)",
                                               replayed=number(events.get("replayed", "?")),
                                               total=number(events.get("total", "?")))))
    if reached and not sheet:
        more.append((tr("Reached"), tr("round {round}, phase {phase}; expected next: {next}",
                                       round=reached.get("round", "?"),
                                       phase=reached.get("phase", "?"),
                                       next=message(reached, "expected_next") or "?")))
    more.append((tr("Engine"), tr("{engine} (report version {version})",
                                  engine=report.get("engine_version", "?"),
                                  version=report.get("report_version", "?"))))
    if report.get("input_sha256"):
        more.append((tr("Input sha256"), report["input_sha256"]))
    items += [f"<dt>{escape(k)}</dt><dd>{escape(str(v))}</dd>" for k, v in more]
    return ('<section id="summary"><h2>' + tr("Game") + '</h2><dl class="facts">'
            + "".join(items) + "</dl></section>")


def _problems(report: dict) -> str:
    problems = _rows(report.get("problems"))
    if not problems:
        return ""
    rows = [[_where(p) or p.get("path"), said_item(p, report), p.get("text"),
             said_item(p, report, "expected") or p.get("expected"),
             ", ".join(map(str, _list(p.get("suggestions"))))] for p in problems]
    return (f'<section id="problems"><h2>{escape(problems_title(report))}</h2>'
            + _table(problem_header(), rows)
            + "</section>")


def _violation(v: dict, report: dict) -> str:
    where = _where(v)
    head = escape(tr("Event {event}", event=_text(v.get("event")))) \
        + (f" · {escape(where)}" if where else "")
    parts = [f"<h3>{head} · <code>{_text(v.get('rule'))}</code></h3>"]
    if v.get("statement"):
        parts.append('<p class="statement">'
                     + escape(tr("Rule: {statement}", statement=tr(str(v["statement"]))))
                     + "</p>")
    parts.append(f'<p class="message">{_text(said_item(v, report))}</p>')
    if v.get("expected") is not None or v.get("found") is not None:
        expected = said_item(v, report, "expected") if v.get("expected") is not None else None
        found = said_item(v, report, "found") if v.get("found") is not None else None
        parts.append('<dl class="facts"><dt>' + tr("Expected") + f"</dt><dd>{_text(expected)}"
                     "</dd><dt>" + tr("Found") + f"</dt><dd>{_text(found)}</dd></dl>")
    if v.get("legal_under"):
        parts.append('<p class="note">' + _filled(tr("Legal under variant {variant}."),
                                                  variant=f'<code>{escape(str(v["legal_under"]))}'
                                                  "</code>") + "</p>")
    if v.get("applied") is False:
        parts.append('<p class="note">' + tr("The event was skipped (it cannot be applied).")
                     + "</p>")
    return f'<article class="violation">{"".join(parts)}</article>'


def _violations(report: dict) -> str:
    violations = _rows(report.get("violations"))
    if not violations:
        sheet = report.get("input") == "scoresheet"
        unread = (tr("The scoresheet was not scored.") if sheet
                  else tr("The log was not replayed."))
        body = (f"<p>{unread}</p>" if report.get("verdict") == "unparseable"
                else "<p>" + tr("No rule was broken.") + "</p>")
        return '<section id="violations"><h2>' + tr("Violations") + f"</h2>{body}</section>"
    groups = causes(report)
    parts = []
    for group in groups:
        root = violations[group["violation"]]
        parts.append(_violation(root, report))
        follow = [violations[i] for i in group.get("consequences", [])
                  if isinstance(i, int) and i < len(violations)]
        if follow:
            parts.append('<details class="consequences"><summary>'
                         + escape(tr("{number} that follow from the violation at {place}",
                                     number=len(follow), place=_event_place(root)))
                         + "</summary>"
                         + "".join(_violation(v, report) for v in follow) + "</details>")
    return ('<section id="violations"><h2>'
            + escape(tr("Violations: {causes}", causes=causes_summary(groups))) + "</h2>"
            + "".join(parts) + "</section>")


def _event_place(item: dict) -> str:
    where = _where(item)
    return tr("event {event} ({where})", event=item.get("event"), where=where) if where \
        else tr("event {event}", event=item.get("event"))


def _warnings(report: dict) -> str:
    warnings = _rows(report.get("warnings"))
    if not warnings:
        return ""
    items = []
    for w in warnings:
        where = event_place(w) if w.get("event") is not None else _where(w)
        items.append("<li>" + escape(where + tr(": ") if where else "")
                     + f"{_text(said_item(w, report))}</li>")
    return ('<section id="warnings"><h2>' + tr("Warnings") + "</h2><ul>" + "".join(items)
            + "</ul></section>")


def _claims(report: dict) -> str:
    claims = _rows(report.get("claims"))
    if not claims:
        return ""
    wrong = [c for c in claims if not c.get("match", True)]
    if not wrong:
        return ('<section id="claims"><h2>' + tr("Claims") + "</h2>"
                f"<p>{escape(all_claims_match(len(claims)))}</p></section>")
    parts = []
    for c in wrong:
        rows = [[event_place(r), r.get("round"), r.get("phase"), _signed(r.get("delta")),
                 r.get("after"), message(r, "reason")] for r in _rows(c.get("explained_by"))]
        explained = ("<details><summary>"
                     + escape(tr("{number} ledger rows explain the computed value",
                                 number=number(len(rows)))) + "</summary>"
                     + _table([tr("Where"), tr("Round"), tr("Phase"), tr("Change"), tr("After"),
                               tr("Reason")], rows, numeric=frozenset({3, 4}))
                     + "</details>") if rows else ""
        variant = (escape(tr(" (what variant {variant} gives, not declared)",
                             variant=c["matches_under"])) if c.get("matches_under") else "")
        parts.append("<li>" + _filled(tr("{place}: {player}’s {what} claimed {claimed}, "
                                         "computed {computed}"),
                                      place=escape(event_place(c).capitalize()),
                                      player=_text(c.get("player")),
                                      what=_text(again(c.get("what"))),
                                      claimed=f"<b>{_text(c.get('claimed'))}</b>",
                                      computed=f"<b>{_text(c.get('computed'))}</b>")
                     + f"{variant}{explained}</li>")
    return (f'<section id="claims"><h2>{escape(claims_title(len(wrong), len(claims)))}'
            f'</h2><ul>{"".join(parts)}</ul></section>')


def _signed(value) -> str:
    return f"+{value}" if isinstance(value, int) and value > 0 else str(value)


def score_chart(report: dict) -> str:
    """Inline SVG: one polyline per player of cumulative points after each round and final;
    for a game that scores only at its end, each player's final points by category."""
    rows = round_points(report)
    names = player_names(report)
    if not rows or not names:
        return final_chart(report, names)
    width, height, left, right, top, bottom = 640, 320, 50, 130, 20, 40
    values = [v for _, pts in rows for v in pts.values() if isinstance(v, int)]
    step = tick_step(max([5, *values]) - min([0, *values]))
    top_value = -(-max([5, *values]) // step) * step
    low_value = min([0, *values]) // step * step
    span_x = (width - left - right) / max(len(rows) - 1, 1)

    def x(i: int) -> float:
        return left + i * span_x if len(rows) > 1 else left + (width - left - right) / 2

    def y(v: int) -> float:
        return top + (height - top - bottom) * (top_value - v) / (top_value - low_value)

    parts = [f'<svg id="score-chart" width="{width}" '
             f'height="{height}" viewBox="0 0 {width} {height}" role="img" '
             f'aria-labelledby="score-chart-title">',
             '<title id="score-chart-title">'
             + escape(tr("Cumulative points per player after each round and after final "
                         "scoring")) + "</title>"]
    for value in range(low_value, top_value + 1, step):
        parts.append(f'<line x1="{left}" y1="{y(value):.1f}" x2="{width - right}" '
                     f'y2="{y(value):.1f}" stroke="#e3e3e3"/>'
                     f'<text x="{left - 6}" y="{y(value) + 4:.1f}" text-anchor="end" '
                     f'font-size="12">{value}</text>')
    for i, (label, _) in enumerate(rows):
        parts.append(f'<text x="{x(i):.1f}" y="{height - bottom + 18}" text-anchor="middle" '
                     f'font-size="12">{escape(label)}</text>')
    parts.append(f'<text x="14" y="{top + (height - top - bottom) / 2:.1f}" font-size="12" '
                 f'text-anchor="middle" transform="rotate(-90 14 '
                 f'{top + (height - top - bottom) / 2:.1f})">' + tr("Points") + "</text>")
    for n, name in enumerate(names):
        colour = LINE_COLOURS[n % len(LINE_COLOURS)]
        points = " ".join(f"{x(i):.1f},{y(pts.get(name, 0)):.1f}"
                          for i, (_, pts) in enumerate(rows))
        parts.append(f'<polyline data-player="{escape(name)}" points="{points}" fill="none" '
                     f'stroke="{colour}" stroke-width="2.5"/>')
        parts += [f'<circle cx="{x(i):.1f}" cy="{y(pts.get(name, 0)):.1f}" r="3" '
                  f'fill="{colour}"/>' for i, (_, pts) in enumerate(rows)]
        ly = top + 10 + 20 * n
        parts.append(f'<g class="legend"><rect x="{width - right + 12}" y="{ly - 9}" '
                     f'width="14" height="4" fill="{colour}"/><text x="{width - right + 32}" '
                     f'y="{ly - 3}" font-size="13">{escape(name)} '
                     f'({rows[-1][1].get(name, 0)})</text></g>')
    parts.append("</svg>")
    return "".join(parts)


def score_title(report: dict) -> str:
    """The heading of the score chart: points per round, or, for a game that scores only at
    its end, its final points by category."""
    return tr("Points per round") if round_points(report) else tr("Final points by category")


def final_chart(report: dict, names: list[str]) -> str:
    """Inline SVG: a bar per player of their final points, one part per scoring category
    (points lost, as for unpaid Debts, to the left of zero); a sentence when nothing was
    scored."""
    players = _dict(_dict(report.get("final")).get("players"))
    names = [n for n in names if n in players]
    categories = [(key, label) for key, label in scoring_categories(report) if key != "total"]
    parts = {n: [(key, label, v) for key, label in categories
                 if isinstance(v := _dict(players[n]).get(key), int) and v] for n in names}
    scored = {key for ps in parts.values() for key, *_ in ps}
    categories = [(key, label) for key, label in categories if key in scored]
    if not any(parts.values()):
        return ("<p>" + tr("No points were scored during play, so there is no score chart.")
                + "</p>")
    width, left, right, bar, gap, top = 640, 90, 20, 22, 14, 10
    lost = max([0, *(-sum(v for *_, v in ps if v < 0) for ps in parts.values())])
    gained = max([1, *(sum(v for *_, v in ps if v > 0) for ps in parts.values())])
    scale = (width - left - right) / (lost + gained)
    zero = left + lost * scale
    colours = {key: CATEGORY_COLOURS[i % len(CATEGORY_COLOURS)]
               for i, (key, _) in enumerate(categories)}
    legend_top = top + len(names) * (bar + gap) + 10
    height = legend_top + 20 * -(-len(categories) // 3) + 10
    out = [f'<svg id="score-chart" width="{width}" height="{height}" viewBox="0 0 {width} '
           f'{height}" role="img" aria-labelledby="score-chart-title">',
           '<title id="score-chart-title">'
           + escape(tr("Final points per player by scoring category (the game scores only at "
                       "its end)")) + "</title>"]
    for row, name in enumerate(names):
        y = top + row * (bar + gap)
        out.append(f'<text x="{left - 6}" y="{y + bar - 6}" text-anchor="end" '
                   f'font-size="13">{escape(name)}</text>')
        ahead, behind = zero, zero
        for key, label, value in parts[name]:
            span = abs(value) * scale
            if value > 0:
                x, ahead = ahead, ahead + span
            else:
                behind -= span
                x = behind
            out.append(f'<rect x="{x:.1f}" y="{y}" width="{span:.1f}" height="{bar}" '
                       f'fill="{colours[key]}"><title>{escape(name)}: {escape(label)} '
                       f'{_signed(value)}</title></rect>')
        out.append(f'<text x="{min(ahead + 4, width - right):.1f}" y="{y + bar - 6}" '
                   f'font-size="12">{_text(_dict(players[name]).get("total"))}</text>')
    out.append(f'<line x1="{zero:.1f}" y1="{top - 4}" x2="{zero:.1f}" y2="{legend_top - 12}" '
               'stroke="#555"/>')
    for i, (key, label) in enumerate(categories):
        x, y = 10 + (i % 3) * 210, legend_top + 20 * (i // 3)
        out.append(f'<g class="legend"><rect x="{x}" y="{y}" width="12" height="12" '
                   f'fill="{colours[key]}"/><text x="{x + 18}" y="{y + 11}" font-size="12">'
                   f'{escape(label)}</text></g>')
    out.append("</svg>")
    return "".join(out)


def _categories(report: dict) -> str:
    """Each player's points by scoring category after each round and after the final
    scoring, for a game that scores as it goes: the chart, and its numbers folded."""
    data = category_rounds(report)
    if data is None:
        return ""
    header, rows = category_table(data)
    return ('<section id="categories"><h2>' + escape(tr("Points by category, round by round"))
            + f"</h2>{category_chart(data)}<details><summary>"
            + escape(tr("The same in numbers")) + "</summary>"
            + _table(header, rows, "categories-table",
                     frozenset(range(2, len(header)))) + "</details></section>")


def _interim(interim: Interim | None, names: list[str]) -> str:
    """The points each player would have if the game ended after each round (a replay
    worked them out), as a chart and a table; nothing without them."""
    if interim is None or not interim.rounds:
        return ""
    header = [tr("Player"), *(round_label(n) for n in interim.rounds)]
    rows = [[name, *line] for name, line in interim.lines.items()]
    return ('<section id="interim"><h2>'
            + escape(tr("Points if the game ended after each round")) + "</h2><p>"
            + escape(tr(INTERIM_NOTE)) + "</p>"
            + points_chart(interim.rounds, interim.lines, names)
            + _table(header, rows, "interim-table", frozenset(range(1, len(header))))
            + "</section>")


def _rounds(report: dict) -> str:
    """For a game that scores at its end, what its scoring counts as each player held it at
    the end of every round: a small chart each, and the numbers folded."""
    holdings = round_holdings(report)
    if holdings is None:
        return ""
    header = [tr("What"), tr("Player"), *(round_label(n) for n in holdings.rounds)]
    rows = [[caption(resource), player, *line] for resource, lines in holdings.held.items()
            for player, line in lines.items()]
    return ('<section id="rounds"><h2>' + escape(tr("What counts at the end, round by round"))
            + f"</h2><p>{escape(tr(ROUNDS_NOTE))}</p>{holdings.charts}<details><summary>"
            + escape(tr("The same in numbers")) + "</summary>"
            + _table(header, rows, "rounds-table", frozenset(range(2, len(header))))
            + "</details></section>")


def _board(board: Picture | None) -> str:
    """The table after the log's last event (a replay drew it), and the same in words."""
    if board is None:
        return ""
    facts = "".join(f"<h3>{escape(again(heading))}</h3><ul>"
                    + "".join(f"<li>{escape(item)}</li>" for item in items) + "</ul>"
                    for heading, items in board.facts)
    return ('<section id="board"><h2>' + escape(tr("The board at the end")) + "</h2>"
            f'<figure class="board">{board.svg()}<figcaption>{escape(board.description)}'
            "</figcaption></figure><details><summary>" + escape(tr("The table in words"))
            + f"</summary>{facts}</details></section>")


def _final(report: dict, names: list[str], details: list[Section]) -> str:
    final = _dict(report.get("final"))
    players = _dict(final.get("players"))
    if not players:
        return ""
    columns = [n for n in names if n in players] + [n for n in players if n not in names]
    head = "".join(f"<th>{escape(str(n))}</th>" for n in columns)
    body = "".join(
        ('<tr class="total">' if key == "total" else "<tr>")
        + f"<th>{escape(label)}</th>"
        + "".join(f'<td class="num">{_text(_dict(players[n]).get(key))}</td>' for n in columns)
        + "</tr>" for key, label in scoring_categories(report))
    tables = "".join(f"<h3>{escape(d.title)}</h3>" + _table(d.header, d.rows, table_id=d.key)
                     for d in details)
    return ('<section id="final"><h2>' + tr("Final scoring")
            + '</h2><table id="final-breakdown" tabindex="0">'
            "<thead><tr><th>" + tr("Category") + f"</th>{head}</tr></thead><tbody>{body}</tbody>"
            f"</table>{tables}"
            "</section>")


def _standings(report: dict) -> str:
    rows = [[s.get("rank"), s.get("player"), s.get("points")]
            for s in _rows(report.get("standings"))]
    if not rows:
        return ""
    notes = "".join("<li>" + _filled(tr("Tie-break: {note}"), note=_text(again(n))) + "</li>"
                    for n in _list(report.get("tie_break")))
    return ('<section id="standings"><h2>' + tr("Standings") + "</h2>"
            + _table(standings_header(), rows, numeric=frozenset({0, 2}))
            + (f"<ul>{notes}</ul>" if notes else "")
            + (f'<p class="caveat">{_text(standings_caveat(report))}</p>'
               if report.get("standings_caveat") else "") + "</section>")


def _section(section: Section) -> str:
    note = f"<p>{escape(section.note)}</p>" if section.note else ""
    table = _table(section.header, section.rows)
    if section.folded:
        table = f"<details><summary>{escape(section.folded)}</summary>{table}</details>"
    return (f'<section id="{escape(section.key)}"><h2>{escape(section.title)}</h2>{note}'
            + table + "</section>")


def _phases(report: dict) -> str:
    header, rows = phase_rows(report)
    if not rows:
        return ""
    return ('<details id="phases"><summary>'
            + escape(ntr("Phase by phase ({count} row)", "Phase by phase ({count} rows)",
                         len(rows), count=number(len(rows))))
            + f"</summary><p>{escape(tr(PHASES_NOTE))}</p>{_table(header, rows)}</details>")


def _ledger(report: dict) -> str:
    ledger = _rows(report.get("ledger"))
    if not ledger:
        return ""
    header, rows = ledger_rows(ledger)
    return (f'<details id="ledger"><summary>{escape(ledger_title(len(ledger)))}</summary>'
            + _table(header, rows, numeric=frozenset({CHANGE_COLUMN, CHANGE_COLUMN + 1}))
            + "</details>")


def render_html(report: dict, board: Picture | None = None,
                interim: Interim | None = None) -> str:
    """The report as one deterministic, self-contained HTML5 page; with the table after the
    log's last event (``board``) and the points if the game ended after each round
    (``interim``) when a replay of the log drew them."""
    report = with_names(_dict(report))
    names = player_names(report)
    details, sections = game_sections(report)
    title = tr("Referee report: {verdict} ({game})", verdict=verdict_title(report),
               game=game_title(report) if "game" in report else tr("unknown game"))
    score = ("" if report.get("verdict") == "unparseable" else
             f'<section id="score"><h2>{score_title(report)}</h2>{score_chart(report)}'
             "</section>")
    body = "".join([
        _summary(report), _problems(report), _violations(report), _warnings(report),
        _claims(report), score, _categories(report), _interim(interim, names), _board(board),
        _rounds(report),
        _final(report, names, details), _standings(report),
        *(_section(section) for section in sections), _phases(report), _ledger(report)])
    return (f'<!DOCTYPE html>\n<html lang="{html_language()}"><head><meta charset="utf-8">'
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            f"<title>{escape(title)}</title><style>{CSS}</style></head><body>"
            f"{_banner(report)}<main>{body}</main></body></html>\n")
