"""What each player held at the end of every round, from a report's ledger, as small charts.

A game that scores only at its end (Viscounts) shows 0 points all game; what moves during
play is what its final scoring counts: the Virtue and Corruption markers, Debts and Deeds,
Silver for ties. Each chart is one of those over the rounds, a line per player (in the board
pictures' colours, its initials at the line's end, so it reads in greyscale too); a table
says the same in numbers. One more chart gives the points each player would have if the game
ended after each round: interim points, what the end scoring would give then.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import lru_cache
from html import escape
from pathlib import Path
from typing import NamedTuple

import replay.viscounts
from replay.core.speech import say, tr
from replay.core.words import spoken
from replay.render.language import ENGLISH, again, language
from replay.render.markdown import player_names
from replay.render.rounds import round_label
from replay.render.svg import element, marks, text

WIDTH, HEIGHT, LEFT, RIGHT, TOP, BOTTOM = 300, 150, 34, 50, 12, 26
VISCOUNTS_CATALOG = Path(replay.viscounts.__file__).parent / "data" / "viscounts-base.json"
# What the charts of a game that scores at its end say, under their heading.
ROUNDS_NOTE = say("The game scores at its end; these are what its scoring counts (Virtue and "
                  "Corruption markers, Debts and Deeds, Silver for ties), as each player held "
                  "them at the end of every round.")


@lru_cache(maxsize=1)
def viscounts_starts() -> dict[str, int]:
    """What a Viscounts player's final scoring counts that moves during play, charted round
    by round, each with what it is before the setup: the Virtue and Corruption markers where
    the player board prints them, Debts, Deeds and Silver none."""
    board = json.loads(VISCOUNTS_CATALOG.read_text(encoding="utf-8"))["player_board"]
    return {"virtue": board["virtue_start"], "corruption": board["corruption_start"],
            "debts": 0, "deeds": 0, "approved_deeds": 0, "silver": 0}


# The games that score only at their end, charted by what their scoring counts instead.
ROUND_STARTS = {"viscounts": viscounts_starts}


def held_by_round(report: dict, starts: Mapping[str, int]
                  ) -> tuple[list[int], dict[str, dict[str, list[int]]]]:
    """The rounds the ledger reaches (0 is the setup) and, for each resource of ``starts``
    the ledger moves, what each player held at the end of every round: the ``after`` of
    their last row of it by then, else what everyone starts with (``starts``)."""
    ledger = report.get("ledger")
    rows = [r for r in (ledger if isinstance(ledger, list) else []) if isinstance(r, dict)
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


def round_charts(report: dict, starts: Mapping[str, int]) -> str:
    """One small inline SVG per resource that moved (empty when the game has fewer than
    two rounds or none moved)."""
    rounds, held = held_by_round(report, starts)
    if len(rounds) < 2 or not held:
        return ""
    players = marks(player_names(report))
    labels = [round_label(n) for n in rounds]
    return "".join(
        line_chart(resource, caption(resource),
                   tr("{resource} at the end of each round: {summary}",
                      resource=caption(resource), summary=summary(lines)),
                   labels, lines, players)
        for resource, lines in held.items())


def points_chart(rounds: list[int], lines: dict[str, list[int]], players: list[str]) -> str:
    """The points each player would have if the game ended after each of ``rounds`` (the
    end scoring applied then), as one chart that says they are interim points; empty when
    no round has ended. ``players`` (in seat order) gives each line the mark the other
    charts give it."""
    if not rounds:
        return ""
    caption = tr("Interim points: what the end scoring would give, not points held")
    title = tr("Points if the game ended after each round (interim: what the end scoring "
               "would give then, not points held): {summary}", summary=summary(lines))
    return line_chart("interim_points", caption, title, [round_label(n) for n in rounds],
                      lines, marks([*players, *(p for p in lines if p not in players)]))


def caption(resource: str) -> str:
    """A chart's resource as the ledger's cells say it, in the reader's language (English
    capitalised, as a caption)."""
    said = again(spoken(resource))
    return said.capitalize() if language() == ENGLISH else said


def summary(lines: Mapping[str, list[int]]) -> str:
    """A chart's values in words: each player's, round after round."""
    return "; ".join(f"{p} {' → '.join(map(str, line))}" for p, line in lines.items())


def line_chart(key: str, caption: str, title: str, labels: list[str],
               lines: Mapping[str, list[int]], players) -> str:
    """A small chart of one value over the rounds (``labels``), a line per player drawn with
    their mark (``players``), ``title`` its text alternative and ``caption`` under it."""
    values = [v for line in lines.values() for v in line]
    low, high = min([0, *values]), max([1, *values])
    span_x = (WIDTH - LEFT - RIGHT) / max(len(labels) - 1, 1)
    # At most about eight labels under a long game's axis, the last always among them.
    every = -(-len(labels) // 8)

    def x(i: int) -> float:
        return LEFT + i * span_x if len(labels) > 1 else (LEFT + WIDTH - RIGHT) / 2

    def y(v: int) -> float:
        return TOP + (HEIGHT - TOP - BOTTOM) * (high - v) / (high - low)

    parts = [element("rect", x=LEFT, y=TOP, width=WIDTH - LEFT - RIGHT,
                     height=HEIGHT - TOP - BOTTOM, fill="#fafafa", stroke="#ccc")]
    for value in sorted({low, high, 0}):
        parts.append(text(LEFT - 5, y(value) + 4, value, size=11, text_anchor="end"))
    for i, label in enumerate(labels):
        if i % every == 0 or i == len(labels) - 1:
            parts.append(text(x(i), HEIGHT - 8, label, size=11))
    ending: dict[int, int] = {}  # how many lines end at each value so far
    for n, (player, line) in enumerate(lines.items()):
        mark = players[player]
        points = [(x(i), y(v)) for i, v in enumerate(line)]
        parts.append(element("polyline", points=" ".join(f"{a:.1f},{b:.1f}" for a, b in points),
                             fill="none", stroke=mark.fill, stroke_width=2.5,
                             stroke_dasharray=("", "6 3", "2 3", "8 3 2 3")[n % 4] or None))
        if len(points) == 1:  # a line of one point draws nothing: a dot instead
            parts.append(element("circle", cx=round(points[0][0], 1),
                                 cy=round(points[0][1], 1), r=3.5, fill=mark.fill))
        last_x, last_y = points[-1]
        beside = ending[line[-1]] = ending.get(line[-1], -1) + 1  # side by side, not on top
        parts.append(text(last_x + 4 + beside * 12, last_y + 4, mark.initials, size=11,
                          text_anchor="start", font_weight="bold"))
    return (f'<figure class="round-chart"><svg xmlns="http://www.w3.org/2000/svg" '
            f'viewBox="0 0 {WIDTH} {HEIGHT}" role="img" data-resource="{escape(key)}">'
            + "<title>" + escape(title) + "</title>"
            + "".join(parts) + f"</svg><figcaption>{escape(caption)}</figcaption></figure>")


class Holdings(NamedTuple):
    """A game that scores at its end, round by round: its charts, the rounds and what each
    player held of each counted resource at the end of each (``held_by_round``)."""

    charts: str
    rounds: list[int]
    held: dict[str, dict[str, list[int]]]


def round_holdings(report: dict) -> Holdings | None:
    """What the report's game counts at its end, charted and in numbers, round by round;
    None for a game that scores as it goes, or a report with nothing to chart."""
    starts = ROUND_STARTS.get(str(report.get("game")))
    charts = round_charts(report, starts()) if starts else ""
    if not charts:
        return None
    return Holdings(charts, *held_by_round(report, starts()))
