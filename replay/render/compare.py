"""Render a comparison of two versions of a game (``replay.compare``) for people."""

from __future__ import annotations

from html import escape

from replay.core.speech import message, tr
from replay.games import GAMES
from replay.render.language import again, html_language, number
from replay.render.markdown import mode_word


def _place(item: dict) -> str:
    if item.get("line") is not None:
        return tr("event {event} (line {line})", event=item.get("event"), line=item["line"])
    return tr("event {event}", event=item.get("event"))


def _difference(result: dict) -> str:
    diff = result.get("first_difference")
    if diff is None:
        return tr("The two versions are the same game: every event matches.")
    if "header" in diff:
        return tr("The headers differ in {header}: A has {a}, B has {b}.",
                  header=diff["header"], a=diff["a"], b=diff["b"])
    a, b = diff["a"], diff["b"]
    return tr("They first differ at {place_a} of A and {place_b} of B: A has {text_a}, B has "
              "{text_b}.", place_a=_place(a), place_b=_place(b), text_a=_code(a.get("text")),
              text_b=_code(b.get("text")))


def _code(text) -> str:
    return "`" + str(text) + "`"


def _verdict(side: dict) -> str:
    first = side.get("first_violation")
    verdicts = {"legal": tr("legal"), "illegal": tr("illegal"),
                "score_mismatch": tr("score mismatch"), "incomplete": tr("incomplete"),
                "unparseable": tr("unparseable")}
    text = verdicts.get(side["verdict"]) or side["verdict"].replace("_", " ")
    if first:
        text += tr("; first violation at {place}: {rule}, {message}", place=_place(first),
                   rule=first.get("rule"), message=message(first))
    winner = (side.get("standings") or [None])[0]
    if winner:
        text += tr("; {player} wins with {points} points", player=winner["player"],
                   points=number(winner["points"]))
    return text


def score_rows(result: dict) -> tuple[list[str], list[list[str]]]:
    """The score table of a comparison: its header and one row per scoring category."""
    difference = result.get("score_difference") or {}
    game = GAMES.find(result.get("game"))
    labels = {c.key: c.label for c in game.scoring_categories} if game else {}
    players = list(difference)
    keys = list(labels) or sorted({k for d in difference.values() for k in d})
    rows = [[again(labels.get(k, k)), *(f"{difference[p].get(k, 0):+d}" for p in players)]
            for k in keys]
    return [tr("Category (B − A)"), *players], rows


def comparison_lines(result: dict) -> list[str]:
    """Where the two versions part, then each one's verdict (plain lines)."""
    return [_difference(result), f"A: {_verdict(result['a'])}",
            f"B: {_verdict(result['b'])}"]


def render_comparison_markdown(result: dict) -> str:
    """The comparison as Markdown: where they part, each verdict, the score difference."""
    difference, a, b = comparison_lines(result)
    out = ["# " + tr("Two versions of one game"), "", difference, "", f"- {a}", f"- {b}",
           "- " + tr("Replayed in {mode} mode", mode=mode_word(result.get("mode"))), ""]
    if result.get("score_difference") is None:
        out.append(tr("The score difference needs both versions scored; at least one was not."))
    else:
        header, rows = score_rows(result)
        out += ["## " + tr("Score difference"), "", "| " + " | ".join(header) + " |",
                "|" + "|".join("---" for _ in header) + "|",
                *("| " + " | ".join(row) + " |" for row in rows)]
    return "\n".join(out) + "\n"


def render_comparison_html(result: dict) -> str:
    """The comparison as a small self-contained HTML page."""
    header, rows = score_rows(result)
    table = ("" if result.get("score_difference") is None else
             "<h2>" + tr("Score difference") + "</h2><table><thead><tr>"
             + "".join(f"<th>{escape(h)}</th>" for h in header) + "</tr></thead><tbody>"
             + "".join("<tr>" + "".join(f"<td>{escape(c)}</td>" for c in row) + "</tr>"
                       for row in rows) + "</tbody></table>")
    title = escape(tr("Two versions of one game"))
    return (f'<!DOCTYPE html>\n<html lang="{html_language()}"><head><meta charset="utf-8">'
            f"<title>{title}</title></head><body>"
            f"<h1>{title}</h1><p>{escape(_difference(result))}</p>"
            f"<ul><li>A: {escape(_verdict(result['a']))}</li>"
            f"<li>B: {escape(_verdict(result['b']))}</li></ul>{table}</body></html>\n")
