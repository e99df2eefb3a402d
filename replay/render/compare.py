"""Render a comparison of two versions of a game (``replay.compare``) for people."""

from __future__ import annotations

from html import escape

from replay.games import GAMES


def _place(item: dict) -> str:
    line = f" (line {item['line']})" if item.get("line") is not None else ""
    return f"event {item.get('event')}{line}"


def _difference(result: dict) -> str:
    diff = result.get("first_difference")
    if diff is None:
        return "The two versions are the same game: every event matches."
    if "header" in diff:
        return f"The headers differ in {diff['header']}: A has {diff['a']}, B has {diff['b']}."
    a, b = diff["a"], diff["b"]
    return (f"They first differ at {_place(a)} of A and {_place(b)} of B: A has "
            f"`{a.get('text')}`, B has `{b.get('text')}`.")


def _verdict(side: dict) -> str:
    first = side.get("first_violation")
    text = side["verdict"].replace("_", " ")
    if first:
        line = f" (line {first['line']})" if first.get("line") is not None else ""
        text += (f"; first violation at event {first.get('event')}{line}: {first.get('rule')}, "
                 f"{first.get('message')}")
    winner = (side.get("standings") or [None])[0]
    if winner:
        text += f"; {winner['player']} wins with {winner['points']} points"
    return text


def score_rows(result: dict) -> tuple[list[str], list[list[str]]]:
    """The score table of a comparison: its header and one row per scoring category."""
    difference = result.get("score_difference") or {}
    game = GAMES.find(result.get("game"))
    labels = {c.key: c.label for c in game.scoring_categories} if game else {}
    players = list(difference)
    keys = list(labels) or sorted({k for d in difference.values() for k in d})
    rows = [[labels.get(k, k), *(f"{difference[p].get(k, 0):+d}" for p in players)]
            for k in keys]
    return ["Category (B − A)", *players], rows


def comparison_lines(result: dict) -> list[str]:
    """Where the two versions part, then each one's verdict (plain lines)."""
    return [_difference(result), f"A: {_verdict(result['a'])}",
            f"B: {_verdict(result['b'])}"]


def render_comparison_markdown(result: dict) -> str:
    """The comparison as Markdown: where they part, each verdict, the score difference."""
    difference, a, b = comparison_lines(result)
    out = ["# Two versions of one game", "", difference, "", f"- {a}", f"- {b}",
           f"- Replayed in {result.get('mode')} mode", ""]
    if result.get("score_difference") is None:
        out.append("The score difference needs both versions scored; at least one was not.")
    else:
        header, rows = score_rows(result)
        out += ["## Score difference", "", "| " + " | ".join(header) + " |",
                "|" + "|".join("---" for _ in header) + "|",
                *("| " + " | ".join(row) + " |" for row in rows)]
    return "\n".join(out) + "\n"


def render_comparison_html(result: dict) -> str:
    """The comparison as a small self-contained HTML page."""
    header, rows = score_rows(result)
    table = ("" if result.get("score_difference") is None else
             "<h2>Score difference</h2><table><thead><tr>"
             + "".join(f"<th>{escape(h)}</th>" for h in header) + "</tr></thead><tbody>"
             + "".join("<tr>" + "".join(f"<td>{escape(c)}</td>" for c in row) + "</tr>"
                       for row in rows) + "</tbody></table>")
    return ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            "<title>Two versions of one game</title></head><body>"
            f"<h1>Two versions of one game</h1><p>{escape(_difference(result))}</p>"
            f"<ul><li>A: {escape(_verdict(result['a']))}</li>"
            f"<li>B: {escape(_verdict(result['b']))}</li></ul>{table}</body></html>\n")
