"""A ruling on one disputed move (``replay.ruling``) as lines a person reads: the move, the
verdict on it with the rule and the reason, what it does to each player, and the moves that
are legal there instead."""

from __future__ import annotations

from replay.render.names import NameLabels

MOST_LISTED = 12  # legal moves listed; the JSON has them all


def _signed(delta: int) -> str:
    return f"{delta:+d}"


def ruling_lines(ruling: dict) -> list[str]:
    """The ruling in plain lines (Markdown reads them as they are)."""
    label = NameLabels(ruling.get("names"))
    after = ruling.get("after", -1)
    where = "before the first event" if after < 0 else f"after event {after}"
    lines = [f"Move: {label.text(str(ruling.get('move_text')))} ({where})"]
    violations = ruling.get("violations") or []
    if ruling.get("legal"):
        lines.append("Legal: it breaks no rule here.")
    else:
        first = violations[0]
        lines.append(f"Not legal: it breaks rule {first.get('rule')}: "
                     f"{label.text(str(first.get('message')))}.")
        if first.get("statement"):
            lines.append(f"  The rule: {first['statement']}")
        lines += [f"  It also breaks rule {v.get('rule')}: {label.text(str(v.get('message')))}."
                  for v in violations[1:]]
        for variant in ruling.get("legal_under") or []:
            lines.append(f"  It is legal under the variant {variant}.")
    changes = ruling.get("changes") or {}
    if changes:
        what = "What it does" if ruling.get("legal") else "What the table did all the same"
        lines.append(f"{what}: " + "; ".join(
            f"{player} " + ", ".join(f"{resource} {_signed(delta)}"
                                     for resource, delta in values.items())
            for player, values in changes.items()) + ".")
    if ruling.get("earlier_problems"):
        lines.append(f"Note: the log breaks {ruling['earlier_problems']} rule(s) before this "
                     "point, so the table here is as the log played it.")
    moves = ruling.get("legal_moves") or []
    if moves:
        shown = ", ".join(label.text(m) for m in moves[:MOST_LISTED])
        more = f" and {len(moves) - MOST_LISTED} more" if len(moves) > MOST_LISTED else ""
        lines.append(f"Legal here: {shown}{more}.")
    else:
        lines.append("Nothing is legal here: the game is over or waits for chance.")
    return lines
