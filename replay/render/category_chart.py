"""Each player's points by scoring category over the game, for a game that scores as it goes.

Coimbra's points scored during play are its running points, held from the first round on;
its other categories (voyages, influence, diplomas, abilities, leftovers) are scored once, at
the end. The ledger's ``points`` rows say what each player had at the end of every round, the
report's final breakdown what each category added then: one bar per player and column, a
part per category, and a table saying the same in numbers.
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape

from replay.core.speech import tr
from replay.games import GAMES
from replay.render.language import again
from replay.render.markdown import player_names
from replay.render.svg import CATEGORY_COLOURS, element, marks, text, tick_step

# The category a game's points scored during play count in: a game listed here is charted.
DURING_PLAY = {"coimbra": "running"}
WIDTH, PLOT, LEFT, RIGHT, TOP = 640, 220, 44, 12, 16


@dataclass(frozen=True)
class CategoryRounds:
    """The columns (a round ended, or the final scoring), each as a table heads it and as
    the chart's axis says it; the categories scored, as ``(key, label)`` in the game's
    order; and each player's points per category in every column."""

    labels: list[str]
    short: list[str]
    categories: list[tuple[str, str]]
    points: dict[str, list[dict[str, int]]]

    def total(self, player: str, column: int) -> int:
        """What ``player`` had in all in ``column``."""
        return sum(self.points[player][column].values())


def _dict(value) -> dict:
    return value if isinstance(value, dict) else {}


def _list(value) -> list:
    return value if isinstance(value, list) else []


def _int(value) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def category_rounds(report: dict, upto: int | None = None) -> CategoryRounds | None:
    """Each player's points by category at the end of every round the ledger reaches, round
    0's points counted in round 1 (a scoresheet's before the final scoring, in one column),
    then after the final scoring (from the report's final breakdown). ``upto``: only what
    the events up to it scored, no final scoring (the step page's event). None for a game
    not charted so, or nothing scored."""
    game = report.get("game")
    running = DURING_PLAY.get(game) if isinstance(game, str) else None
    if running is None:
        return None
    rows = [r for r in _list(report.get("ledger")) if isinstance(r, dict)
            and r.get("phase") != "final" and _int(r.get("round")) is not None
            and (upto is None or (_int(r.get("event")) is not None and r["event"] <= upto))]
    scored = [r for r in rows if r.get("resource") == "points" and _int(r.get("delta"))]
    reached = _int(_dict(report.get("reached")).get("round")) if upto is None else None
    last = max([1, reached or 0, *(r["round"] for r in rows)])
    final = _dict(report.get("final")).get("players") if upto is None else None
    categories = [(c.key, again(c.label)) for c in GAMES.get(report["game"]).scoring_categories
                  if c.key != "total"]
    names = player_names(report)
    points: dict[str, list[dict[str, int]]] = {name: [] for name in names}
    # A scoresheet knows only the points before the final scoring, not each round's.
    sheet = report.get("input") == "scoresheet"
    numbers = [last] if sheet else list(range(1, last + 1))
    for number in numbers:
        for name in names:
            held = sum(r["delta"] for r in scored if str(r.get("player")) == name
                       and max(r["round"], 1) <= number)
            points[name].append({running: held})
    if isinstance(final, dict):
        for name in names:
            line = _dict(final.get(name))
            points[name].append({key: line[key] for key, _ in categories
                                 if _int(line.get(key)) is not None})
    shown = [(k, label) for k, label in categories
             if any(column.get(k) for line in points.values() for column in line)]
    if not shown:
        return None
    partial = not isinstance(final, dict) and (upto is not None
                                               or report.get("verdict") != "legal")
    labels = [tr("Before final scoring (the sheet)")] if sheet else [
        tr("Round {number} (so far)", number=n) if partial and n == last
        else tr("Round {number}", number=n) for n in numbers]
    short = labels[:1] if sheet else [tr("R{number}", number=n) for n in numbers]
    if isinstance(final, dict):
        labels.append(tr("Final"))
        short.append(tr("Final"))
    kept = {k for k, _ in shown}
    return CategoryRounds(labels, short, shown,
                          {name: [{k: v for k, v in column.items() if k in kept}
                                  for column in line] for name, line in points.items()})


def category_table(data: CategoryRounds) -> tuple[list[str], list[list]]:
    """The chart in numbers: a row per player and category, then the player's total, a
    column per round and the final scoring."""
    rows = []
    for name, line in data.points.items():
        rows += [[name, label, *(column.get(key, 0) for column in line)]
                 for key, label in data.categories]
        rows.append([name, tr("Total"), *(data.total(name, i) for i in range(len(line)))])
    return [tr("Player"), tr("Category"), *data.labels], rows


def summary(data: CategoryRounds) -> str:
    """The chart's totals in words: each player's, column after column."""
    return "; ".join(f"{name} " + " → ".join(str(data.total(name, i))
                                             for i in range(len(line)))
                     for name, line in data.points.items())


def category_chart(data: CategoryRounds) -> str:
    """Inline SVG: for every column a bar per player (their initials under it, their total
    over it), a part per scoring category (points lost below zero), with a legend."""
    names = list(data.points)
    players = marks(names)
    colours = {key: CATEGORY_COLOURS[i % len(CATEGORY_COLOURS)]
               for i, (key, _) in enumerate(data.categories)}
    columns = len(data.labels)
    highs = [sum(v for v in c.values() if v > 0) for line in data.points.values() for c in line]
    lows = [sum(v for v in c.values() if v < 0) for line in data.points.values() for c in line]
    step = tick_step(max([5, *highs]) - min([0, *lows]))
    high = -(-max([5, *highs]) // step) * step
    low = min([0, *lows]) // step * step
    group = (WIDTH - LEFT - RIGHT) / columns
    bar = min(28.0, group * 0.8 / max(len(names), 1))

    def y(value: float) -> float:
        return TOP + PLOT * (high - value) / (high - low)

    legend_top = TOP + PLOT + 44
    height = legend_top + 20 * -(-len(data.categories) // 3) + 6
    out = [f'<svg id="category-chart" width="{WIDTH}" height="{height}" viewBox="0 0 '
           f'{WIDTH} {height}" role="img" aria-labelledby="category-chart-title">',
           '<title id="category-chart-title">'
           + escape(tr("Points per player by scoring category after each round and after "
                       "final scoring: {summary}", summary=summary(data))) + "</title>"]
    for value in range(low, high + 1, step):
        out.append(element("line", x1=LEFT, y1=round(y(value), 1), x2=WIDTH - RIGHT,
                           y2=round(y(value), 1), stroke="#555" if value == 0 else "#e3e3e3"))
        out.append(text(LEFT - 6, y(value) + 4, value, size=12, text_anchor="end"))
    for c in range(columns):
        start = LEFT + c * group + (group - bar * len(names)) / 2
        for p, name in enumerate(names):
            x = start + p * bar
            column = data.points[name][c]
            ahead = behind = 0
            for key, label in data.categories:
                value = column.get(key, 0)
                if not value:
                    continue
                base = ahead if value > 0 else behind + value
                if value > 0:
                    ahead += value
                else:
                    behind += value
                out.append(element(
                    "rect", f"<title>{escape(f'{name}, {data.labels[c]}: {label} {value}')}"
                    "</title>", x=round(x + 1, 1), y=round(y(base + abs(value)), 1),
                    width=round(bar - 2, 1), height=round(y(base) - y(base + abs(value)), 1),
                    fill=colours[key]))
            out.append(text(x + bar / 2, y(ahead) - 3, data.total(name, c), size=10))
            out.append(text(x + bar / 2, TOP + PLOT + 14, players[name].initials, size=10,
                            font_weight="bold"))
        out.append(text(LEFT + c * group + group / 2, TOP + PLOT + 30, data.short[c], size=12))
    for i, (key, label) in enumerate(data.categories):
        x, top = 10 + (i % 3) * 210, legend_top + 20 * (i // 3)
        out.append(element("g", element("rect", x=x, y=top, width=12, height=12,
                                        fill=colours[key])
                           + text(x + 18, top + 11, label, size=12, text_anchor="start"),
                           class_="legend"))
    out.append("</svg>")
    return "".join(out)
