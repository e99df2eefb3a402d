"""What each player held at the end of every round, from a report's ledger, as small charts.

A game that scores only at its end (Viscounts) shows 0 points all game; what moves during
play is what its final scoring counts: the Virtue and Corruption markers, Debts and Deeds,
Silver for ties. Each chart is one of those over the rounds, a line per player (in the board
pictures' colours, its initials at the line's end, so it reads in greyscale too); a table
says the same in numbers.
"""

from __future__ import annotations

from collections.abc import Mapping
from html import escape

from replay.core.speech import tr
from replay.core.words import spoken
from replay.render.language import ENGLISH, again, language
from replay.render.markdown import player_names
from replay.render.svg import element, marks, text

WIDTH, HEIGHT, LEFT, RIGHT, TOP, BOTTOM = 300, 150, 34, 50, 12, 26


def held_by_round(report: dict, starts: Mapping[str, int]
                  ) -> tuple[list[int], dict[str, dict[str, list[int]]]]:
    """The rounds the ledger reaches (0 is the setup) and, for each resource of ``starts``
    the ledger moves, what each player held at the end of every round: the ``after`` of
    their last row of it by then, else what everyone starts with (``starts``)."""
    rows = [r for r in report.get("ledger") or [] if isinstance(r, dict)
            and r.get("resource") in starts and r.get("phase") != "final"
            and isinstance(r.get("after"), int) and isinstance(r.get("round"), int)]
    rounds = list(range(0, max([r["round"] for r in rows], default=-1) + 1))
    names = player_names(report)
    held: dict[str, dict[str, list[int]]] = {}
    for resource, start in starts.items():
        mine = [r for r in rows if r["resource"] == resource]
        if not mine:
            continue
        held[resource] = {}
        for name in names:
            value, line = start, []
            for number in rounds:
                for row in mine:
                    if row["round"] == number and str(row.get("player")) == name:
                        value = row["after"]
                line.append(value)
            held[resource][name] = line
    return rounds, held


def round_label(number: int) -> str:
    """``setup`` for round 0, else ``R3``."""
    return tr("setup") if number == 0 else tr("R{number}", number=number)


def round_charts(report: dict, starts: Mapping[str, int]) -> str:
    """One small inline SVG per resource that moved (empty when the game has fewer than
    two rounds or none moved)."""
    rounds, held = held_by_round(report, starts)
    if len(rounds) < 2 or not held:
        return ""
    players = marks(player_names(report))
    return "".join(_chart(resource, lines, rounds, players)
                   for resource, lines in held.items())


def _caption(resource: str) -> str:
    """A chart's resource as the ledger's cells say it, in the reader's language (English
    capitalised, as a caption)."""
    said = again(spoken(resource))
    return said.capitalize() if language() == ENGLISH else said


def _chart(resource: str, lines: dict[str, list[int]], rounds: list[int],
           players) -> str:
    values = [v for line in lines.values() for v in line]
    low, high = min([0, *values]), max([1, *values])
    span_x = (WIDTH - LEFT - RIGHT) / (len(rounds) - 1)

    def x(i: int) -> float:
        return LEFT + i * span_x

    def y(v: int) -> float:
        return TOP + (HEIGHT - TOP - BOTTOM) * (high - v) / (high - low)

    name = _caption(resource)
    parts = [element("rect", x=LEFT, y=TOP, width=WIDTH - LEFT - RIGHT,
                     height=HEIGHT - TOP - BOTTOM, fill="#fafafa", stroke="#ccc")]
    for value in sorted({low, high, 0}):
        parts.append(text(LEFT - 5, y(value) + 4, value, size=11, text_anchor="end"))
    for i, number in enumerate(rounds):
        parts.append(text(x(i), HEIGHT - 8, round_label(number), size=11))
    ending: dict[int, int] = {}  # how many lines end at each value so far
    for n, (player, line) in enumerate(lines.items()):
        mark = players[player]
        points = [(x(i), y(v)) for i, v in enumerate(line)]
        parts.append(element("polyline", points=" ".join(f"{a:.1f},{b:.1f}" for a, b in points),
                             fill="none", stroke=mark.fill, stroke_width=2.5,
                             stroke_dasharray=("", "6 3", "2 3", "8 3 2 3")[n % 4] or None))
        last_x, last_y = points[-1]
        beside = ending[line[-1]] = ending.get(line[-1], -1) + 1  # side by side, not on top
        parts.append(text(last_x + 4 + beside * 12, last_y + 4, mark.initials, size=11,
                          text_anchor="start", font_weight="bold"))
    summary = "; ".join(f"{p} {' → '.join(map(str, line))}"
                        for p, line in lines.items())
    return (f'<figure class="round-chart"><svg xmlns="http://www.w3.org/2000/svg" '
            f'viewBox="0 0 {WIDTH} {HEIGHT}" role="img" data-resource="{escape(resource)}">'
            + "<title>" + escape(tr("{resource} at the end of each round: {summary}",
                                    resource=name, summary=summary)) + "</title>"
            + "".join(parts) + f"</svg><figcaption>{escape(name)}</figcaption></figure>")
