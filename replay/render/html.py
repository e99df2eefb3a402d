"""Render a replay report as one self-contained HTML5 page (inline CSS and SVG, no scripts).

The verdict banner comes first so a judge sees it at once; the ledger comes last, folded.
Every piece of report text goes through ``html.escape``; the output has no timestamps.
"""

from __future__ import annotations

from html import escape

from replay.core.protocol.game import Section
from replay.core.verdicts.causes import causes_summary
from replay.render.markdown import (
    PHASES_NOTE,
    causes,
    declared_sentence,
    event_place,
    game_sections,
    ledger_rows,
    phase_rows,
    player_names,
    position_sentence,
    problems_title,
    round_points,
    scoring_categories,
    verdict_sentence,
    verdict_title,
)
from replay.render.names import with_names

COLOURS = {"legal": "#1b7f3b", "illegal": "#b00020", "score_mismatch": "#b35900",
           "incomplete": "#7a6300", "unparseable": "#5b2a86"}
LINE_COLOURS = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#17becf", "#8c564b",
                "#e377c2")
CATEGORY_COLOURS = (*LINE_COLOURS, "#bcbd22", "#7f7f7f", "#393b79", "#637939")

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
    return f"<table{ident}><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def _where(item: dict) -> str:
    if item.get("line") is None:
        return ""
    column = f", column {item['column']}" if item.get("column") is not None else ""
    return f"line {item['line']}{column}"


def _banner(report: dict) -> str:
    colour = COLOURS.get(str(report.get("verdict")), "#444")
    return (f'<header id="verdict" style="background:{colour}">'
            f'<p class="word">{escape(verdict_title(report))}</p>'
            f'<p class="why">{escape(verdict_sentence(report))}</p></header>')


def _summary(report: dict) -> str:
    items = []
    position = position_sentence(report)
    if position:
        items.append(f"<dt>Start</dt><dd><strong>{escape(position)}</strong></dd>")
    if report.get("game") or report.get("ruleset"):
        items.append(f"<dt>Game</dt><dd>{escape(str(report.get('game', '?')))}, ruleset "
                     f"{escape(str(report.get('ruleset', '?')))}</dd>")
    catalog = _dict(report.get("catalog"))
    if catalog:
        text = escape(str(catalog.get("id", "?")))
        if catalog.get("printed") is False:
            text += (' <span class="notprinted">not the printed game’s components</span> '
                     + escape(str(catalog.get("description") or "")))
        items.append(f"<dt>Catalog</dt><dd>{text}</dd>")
        declared = declared_sentence(report)
        if declared:
            items.append(f"<dt>Declared</dt><dd>{escape(declared)}</dd>")
    events = _dict(report.get("events"))
    reached = _dict(report.get("reached"))
    more = []
    if "variants" in report:
        more.append(("Variants", ", ".join(map(str, _list(report.get("variants")))) or "none"))
    if "mode" in report:
        more.append(("Mode", report.get("mode")))
    if "players" in report:
        more.append(("Players", ", ".join(map(str, _list(report.get("players")))) or "—"))
    sheet = report.get("input") == "scoresheet"
    if sheet:
        more.append(("Input", "a scoresheet (the end state before final scoring; no moves to "
                              "replay)"))
    elif events:
        more.append(("Events replayed", f"{events.get('replayed', '?')} of "
                                        f"{events.get('total', '?')} (numbered from 0)"))
    if reached and not sheet:
        more.append(("Reached", f"round {reached.get('round', '?')}, phase "
                                f"{reached.get('phase', '?')}; expected next: "
                                f"{reached.get('expected_next', '?')}"))
    more.append(("Engine", f"{report.get('engine_version', '?')} (report version "
                           f"{report.get('report_version', '?')})"))
    if report.get("input_sha256"):
        more.append(("Input sha256", report["input_sha256"]))
    items += [f"<dt>{escape(k)}</dt><dd>{escape(str(v))}</dd>" for k, v in more]
    return f'<section id="summary"><h2>Game</h2><dl class="facts">{"".join(items)}</dl></section>'


def _problems(report: dict) -> str:
    problems = _rows(report.get("problems"))
    if not problems:
        return ""
    rows = [[_where(p) or p.get("path"), p.get("message"), p.get("text"), p.get("expected"),
             ", ".join(map(str, _list(p.get("suggestions"))))] for p in problems]
    return (f'<section id="problems"><h2>{problems_title(report)}</h2>'
            + _table(["Where", "Problem", "Text", "Expected", "Did you mean"], rows)
            + "</section>")


def _violation(v: dict) -> str:
    where = _where(v)
    head = f"Event {_text(v.get('event'))}" + (f" · {escape(where)}" if where else "")
    parts = [f"<h3>{head} · <code>{_text(v.get('rule'))}</code></h3>"]
    if v.get("statement"):
        parts.append(f'<p class="statement">Rule: {escape(str(v["statement"]))}</p>')
    parts.append(f'<p class="message">{_text(v.get("message"))}</p>')
    if v.get("expected") is not None or v.get("found") is not None:
        parts.append(f'<dl class="facts"><dt>Expected</dt><dd>{_text(v.get("expected"))}</dd>'
                     f'<dt>Found</dt><dd>{_text(v.get("found"))}</dd></dl>')
    if v.get("legal_under"):
        parts.append(f'<p class="note">Legal under variant '
                     f'<code>{escape(str(v["legal_under"]))}</code>.</p>')
    if v.get("applied") is False:
        parts.append('<p class="note">The event was skipped (it cannot be applied).</p>')
    return f'<article class="violation">{"".join(parts)}</article>'


def _violations(report: dict) -> str:
    violations = _rows(report.get("violations"))
    if not violations:
        sheet = report.get("input") == "scoresheet"
        body = (f"<p>The {'scoresheet was not scored' if sheet else 'log was not replayed'}.</p>"
                if report.get("verdict") == "unparseable" else "<p>No rule was broken.</p>")
        return f'<section id="violations"><h2>Violations</h2>{body}</section>'
    groups = causes(report)
    parts = []
    for group in groups:
        root = violations[group["violation"]]
        parts.append(_violation(root))
        follow = [violations[i] for i in group.get("consequences", [])
                  if isinstance(i, int) and i < len(violations)]
        if follow:
            parts.append(f'<details class="consequences"><summary>'
                         f"{len(follow)} that follow from the violation at "
                         f"{escape(_event_place(root))}</summary>"
                         + "".join(_violation(v) for v in follow) + "</details>")
    return (f'<section id="violations"><h2>Violations: {escape(causes_summary(groups))}</h2>'
            + "".join(parts) + "</section>")


def _event_place(item: dict) -> str:
    where = _where(item)
    return f"event {item.get('event')}" + (f" ({where})" if where else "")


def _warnings(report: dict) -> str:
    warnings = _rows(report.get("warnings"))
    if not warnings:
        return ""
    items = []
    for w in warnings:
        where = event_place(w) if w.get("event") is not None else _where(w)
        items.append(f"<li>{escape(where + ': ' if where else '')}{_text(w.get('message'))}</li>")
    return f'<section id="warnings"><h2>Warnings</h2><ul>{"".join(items)}</ul></section>'


def _claims(report: dict) -> str:
    claims = _rows(report.get("claims"))
    if not claims:
        return ""
    wrong = [c for c in claims if not c.get("match", True)]
    if not wrong:
        return (f'<section id="claims"><h2>Claims</h2><p>All {len(claims)} claimed values '
                f"match the replay.</p></section>")
    parts = []
    for c in wrong:
        rows = [[event_place(r), r.get("round"), r.get("phase"), _signed(r.get("delta")),
                 r.get("after"), r.get("reason")] for r in _rows(c.get("explained_by"))]
        explained = (f"<details><summary>{len(rows)} ledger rows explain the computed "
                     f"value</summary>"
                     + _table(["Where", "Round", "Phase", "Change", "After", "Reason"], rows,
                              numeric=frozenset({3, 4}))
                     + "</details>") if rows else ""
        variant = (f" (what variant {_text(c['matches_under'])} gives, not declared)"
                   if c.get("matches_under") else "")
        parts.append(f"<li>{escape(event_place(c).capitalize())}: {_text(c.get('player'))}’s "
                     f"{_text(c.get('what'))} claimed <b>{_text(c.get('claimed'))}</b>, "
                     f"computed <b>{_text(c.get('computed'))}</b>{variant}{explained}</li>")
    return (f'<section id="claims"><h2>Claims that differ ({len(wrong)} of {len(claims)})'
            f'</h2><ul>{"".join(parts)}</ul></section>')


def _signed(value) -> str:
    return f"+{value}" if isinstance(value, int) and value > 0 else str(value)


def _tick_step(span: int) -> int:
    """A round step (1, 2, 5, 10, 20, 50, ...) giving at most five or so ticks over ``span``."""
    step = 1
    while step * 5 < span:
        step = step * 5 // 2 if str(step).startswith("2") else step * 2
    return step


def score_chart(report: dict) -> str:
    """Inline SVG: one polyline per player of cumulative points after each round and final;
    for a game that scores only at its end, each player's final points by category."""
    rows = round_points(report)
    names = player_names(report)
    if not rows or not names:
        return final_chart(report, names)
    width, height, left, right, top, bottom = 640, 320, 50, 130, 20, 40
    values = [v for _, pts in rows for v in pts.values() if isinstance(v, int)]
    step = _tick_step(max([5, *values]) - min([0, *values]))
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
             '<title id="score-chart-title">Cumulative points per player after each round '
             'and after final scoring</title>']
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
                 f'{top + (height - top - bottom) / 2:.1f})">Points</text>')
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
    return "Points per round" if round_points(report) else "Final points by category"


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
        return "<p>No points were scored during play, so there is no score chart.</p>"
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
           '<title id="score-chart-title">Final points per player by scoring category (the '
           'game scores only at its end)</title>']
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
    return ('<section id="final"><h2>Final scoring</h2><table id="final-breakdown"><thead>'
            f"<tr><th>Category</th>{head}</tr></thead><tbody>{body}</tbody></table>{tables}"
            "</section>")


def _standings(report: dict) -> str:
    rows = [[s.get("rank"), s.get("player"), s.get("points")]
            for s in _rows(report.get("standings"))]
    if not rows:
        return ""
    notes = "".join(f"<li>Tie-break: {_text(n)}</li>" for n in _list(report.get("tie_break")))
    return ('<section id="standings"><h2>Standings</h2>'
            + _table(["Rank", "Player", "Points"], rows, numeric=frozenset({0, 2}))
            + (f"<ul>{notes}</ul>" if notes else "")
            + (f'<p class="caveat">{_text(report["standings_caveat"])}</p>'
               if report.get("standings_caveat") else "") + "</section>")


def _section(section: Section) -> str:
    note = f"<p>{escape(section.note)}</p>" if section.note else ""
    return (f'<section id="{escape(section.key)}"><h2>{escape(section.title)}</h2>{note}'
            + _table(section.header, section.rows) + "</section>")


def _phases(report: dict) -> str:
    header, rows = phase_rows(report)
    if not rows:
        return ""
    return (f'<details id="phases"><summary>Phase by phase ({len(rows)} rows)</summary>'
            f"<p>{escape(PHASES_NOTE)}</p>{_table(header, rows)}</details>")


def _ledger(report: dict) -> str:
    ledger = _rows(report.get("ledger"))
    if not ledger:
        return ""
    header, rows = ledger_rows(ledger)
    change = header.index("Change")
    return (f'<details id="ledger"><summary>Ledger ({len(ledger)} rows)</summary>'
            + _table(header, rows, numeric=frozenset({change, change + 1}))
            + "</details>")


def render_html(report: dict) -> str:
    """The report as one deterministic, self-contained HTML5 page."""
    report = with_names(_dict(report))
    names = player_names(report)
    details, sections = game_sections(report)
    title = f"Referee report: {verdict_title(report)} ({report.get('game', 'unknown game')})"
    score = ("" if report.get("verdict") == "unparseable" else
             f'<section id="score"><h2>{score_title(report)}</h2>{score_chart(report)}'
             "</section>")
    body = "".join([
        _summary(report), _problems(report), _violations(report), _warnings(report),
        _claims(report), score, _final(report, names, details), _standings(report),
        *(_section(section) for section in sections), _phases(report), _ledger(report)])
    return ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            f"<title>{escape(title)}</title><style>{CSS}</style></head><body>"
            f"{_banner(report)}<main>{body}</main></body></html>\n")
