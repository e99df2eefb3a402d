"""A ruling on one disputed move (``replay.ruling``) as lines a person reads: the move, the
verdict on it with the rule and the reason, what it does to each player, and the moves that
are legal there instead."""

from __future__ import annotations

from replay.core.speech import message, tr
from replay.render.language import again, joined
from replay.render.names import NameLabels

MOST_LISTED = 12  # legal moves listed; the JSON has them all


def _signed(delta: int) -> str:
    return f"{delta:+d}"


def ruling_lines(ruling: dict) -> list[str]:
    """The ruling in plain lines (Markdown reads them as they are)."""
    label = NameLabels.of(ruling)
    after = ruling.get("after", -1)
    where = tr("before the first event") if after < 0 else tr("after event {event}", event=after)
    lines = [tr("Move: {move} ({where})", move=label.text(str(ruling.get("move_text"))),
                where=where)]
    violations = ruling.get("violations") or []
    if ruling.get("legal"):
        lines.append(tr("Legal: it breaks no rule here."))
    else:
        first = violations[0]
        lines.append(tr("Not legal: it breaks rule {rule}: {message}.", rule=first.get("rule"),
                        message=label.text(str(message(first)))))
        if first.get("statement"):
            lines.append("  " + tr("The rule: {statement}", statement=tr(first["statement"])))
        lines += ["  " + tr("It also breaks rule {rule}: {message}.", rule=v.get("rule"),
                            message=label.text(str(message(v)))) for v in violations[1:]]
        for variant in ruling.get("legal_under") or []:
            lines.append("  " + tr("It is legal under the variant {variant}.", variant=variant))
    changes = ruling.get("changes") or {}
    if changes:
        what = tr("What it does") if ruling.get("legal") \
            else tr("What the table did all the same")
        lines.append(tr("{what}: {changes}.", what=what, changes=tr("; ").join(
            f"{player} " + joined(f"{again(resource)} {_signed(delta)}"
                                  for resource, delta in values.items())
            for player, values in changes.items())))
    if ruling.get("earlier_problems"):
        lines.append(tr("Note: the log breaks {number} rule(s) before this point, so the table "
                        "here is as the log played it.", number=ruling["earlier_problems"]))
    moves = ruling.get("legal_moves") or []
    if moves:
        shown = joined(label.text(m) for m in moves[:MOST_LISTED])
        if len(moves) > MOST_LISTED:
            lines.append(tr("Legal here: {moves} and {number} more.", moves=shown,
                            number=len(moves) - MOST_LISTED))
        else:
            lines.append(tr("Legal here: {moves}.", moves=shown))
    else:
        lines.append(tr("Nothing is legal here: the game is over or waits for chance."))
    return lines
