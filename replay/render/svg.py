"""What both games' board pictures share: SVG elements, the players' marks, and the picture
with its text alternative.

A picture is drawn schematically (the printed geometry is not public) and says everything it
shows twice: in the drawing, each thing with its printed name as a ``<title>``, and in
``facts``, headed lists of sentences a page shows beside it for whoever cannot see it.
Players are told apart by their initials as well as by colour, so the drawing reads in
greyscale too.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from html import escape
from pathlib import Path

from replay.core.speech import ntr, tr
from replay.render.language import joined

STYLE = json.loads((Path(__file__).parent / "data" / "board_style.json").read_text())
# The lines of the score charts, a player each, and the parts of a bar, a scoring category each.
LINE_COLOURS = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#17becf", "#8c564b",
                "#e377c2")
CATEGORY_COLOURS = (*LINE_COLOURS, "#bcbd22", "#7f7f7f", "#393b79", "#637939")


def attrs(values: dict) -> str:
    """Attributes as SVG writes them (``font_size`` is ``font-size``; None is left out)."""
    return "".join(f' {k.rstrip("_").replace("_", "-")}="{escape(str(v))}"'
                   for k, v in values.items() if v is not None)


def element(name: str, children: str = "", **values) -> str:
    """One SVG element with its attributes and (already written) children."""
    return f"<{name}{attrs(values)}>{children}</{name}>" if children else \
        f"<{name}{attrs(values)}/>"


def text(x: float, y: float, words: str, size: float = 13, **values) -> str:
    """A line of text centred on ``x`` (unless told otherwise), its baseline at ``y``."""
    values.setdefault("text_anchor", "middle")
    return element("text", escape(str(words)), x=round(x, 1), y=round(y, 1), font_size=size,
                   **values)


def tick_step(span: int) -> int:
    """A round step (1, 2, 5, 10, 20, 50, ...) giving at most five or so ticks over ``span``."""
    step = 1
    while step * 5 < span:
        step = step * 5 // 2 if str(step).startswith("2") else step * 2
    return step


def titled(title: str, *children: str, **values) -> str:
    """A group whose ``<title>`` names what it draws (a tooltip, and its name to a reader)."""
    return element("g", f"<title>{escape(title)}</title>" + "".join(children), **values)


def polar(cx: float, cy: float, radius: float, degrees: float) -> tuple[float, float]:
    """The point at ``radius`` from the centre, ``degrees`` clockwise from straight up."""
    angle = math.radians(degrees)
    return cx + radius * math.sin(angle), cy - radius * math.cos(angle)


def ring_sector(cx: float, cy: float, inner: float, outer: float, start: float,
                end: float, **values) -> str:
    """The part of a ring between two radii and two angles (clockwise from straight up)."""
    points = [polar(cx, cy, outer, start), polar(cx, cy, outer, end),
              polar(cx, cy, inner, end), polar(cx, cy, inner, start)]
    (x1, y1), (x2, y2), (x3, y3), (x4, y4) = [(round(x, 1), round(y, 1)) for x, y in points]
    large = 1 if end - start > 180 else 0
    path = (f"M{x1},{y1} A{outer},{outer} 0 {large} 1 {x2},{y2} L{x3},{y3} "
            f"A{inner},{inner} 0 {large} 0 {x4},{y4} Z")
    return element("path", d=path, **values)


@dataclass(frozen=True)
class Mark:
    """How one player is drawn: initials, a fill and the colour of text on it."""

    name: str
    initials: str
    fill: str
    ink: str

    def disc(self, x: float, y: float, radius: float = 11, label: str | None = None) -> str:
        """The player's disc with their initials (the ``label`` its title)."""
        return titled(label or self.name,
                      element("circle", cx=round(x, 1), cy=round(y, 1), r=radius,
                              fill=self.fill, stroke="#111", stroke_width=1.5),
                      text(x, y + radius * 0.4, self.initials, size=radius * 1.05,
                           fill=self.ink, font_weight="bold"))


def marks(players: list[str]) -> dict[str, Mark]:
    """Each player's mark, in seat order: the shortest start of their name no other player's
    name begins with (at least one letter, at most three), capitalised."""
    palette = STYLE["players"]
    out = {}
    for i, name in enumerate(players):
        others = [p.lower() for p in players if p != name]
        size = next((n for n in range(1, 4) if not any(o.startswith(name[:n].lower())
                                                      for o in others)), 3)
        colour = palette[i % len(palette)]
        out[name] = Mark(name, name[:size].capitalize(), colour["fill"], colour["ink"])
    return out


def legend(players: dict[str, Mark], top: float, width: float) -> tuple[str, float]:
    """The players' discs with their names, in rows across ``width``; the drawing and the
    height it takes."""
    per_row = max(1, int(width // 150))
    parts = []
    for i, mark in enumerate(players.values()):
        x = 20 + (i % per_row) * 150
        y = top + 20 + (i // per_row) * 30
        parts += [mark.disc(x, y - 5, radius=12), text(x + 19, y + 1, mark.name, size=15,
                                                       text_anchor="start")]
    rows = (len(players) + per_row - 1) // per_row
    return titled(tr("Players"), *parts), rows * 30 + 10


@dataclass
class Picture:
    """A board picture: its drawing, what it is called and the same facts in words."""

    title: str
    description: str
    width: float
    height: float
    body: list[str] = field(default_factory=list)
    facts: list[tuple[str, list[str]]] = field(default_factory=list)

    def svg(self) -> str:
        """The drawing as an inline SVG that scales to the width it is given."""
        return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {self.width:g} '
                f'{self.height:g}" role="img" aria-labelledby="board-title board-desc" '
                f'class="board-picture" font-family="sans-serif">'
                f'<title id="board-title">{escape(self.title)}</title>'
                f'<desc id="board-desc">{escape(self.description)}</desc>'
                + "".join(self.body) + "</svg>")


def worker_words(counts: dict[str, int]) -> str:
    """``ana 2 Workers, bruno 1 Worker`` (or ``none``) from counts by player."""
    said = [ntr("{name} {number} Worker", "{name} {number} Workers", n, name=name)
            for name, n in counts.items() if n]
    return joined(said) or tr("none")
