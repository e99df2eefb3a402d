"""Hand-worked dice races on the built-in board (finish 20, bonus 5, stars 6: 2, 13: 3)."""

from __future__ import annotations

# ann rolls again after each six, as the six-again variant says; bob does too.
# ann: 6 (star, +2), 6, 1 (13: star, +3), 4 -> 17, 5 -> 20 (2 beyond the finish, lost);
# bob: 5, 6, 2 (13: star, +3).
# Final: ann 5 stars + 20 distance + 5 bonus = 30; bob 3 stars + 13 distance = 16.
SIX_AGAIN_TEXT = """\
# A race played with the six-again variant
[game "dice-race"]
[catalog "dice-race-basic"]
[variants "six-again"]
[players "ann bob"]

ann: roll 6
ann: roll 6
ann: roll 1
bob: roll 5
ann: roll 4
bob: roll 6
bob: roll 2   # bob lands on the second star
ann: roll 5
final: ann 30 bob 16
"""
SIX_AGAIN_TOTALS = {"ann": 30, "bob": 16}
FIRST_EVENT_LINE = 7  # the line of event 0 in SIX_AGAIN_TEXT


def without_variant(text: str) -> str:
    """The same race declaring no variant: ann's second roll (event 1) is out of turn."""
    return text.replace('[variants "six-again"]\n', "")


def race_log(rolls: list[tuple[str, int]], variants: tuple[str, ...] = (),
             final: dict | None = None, catalog: str = "dice-race-basic") -> dict:
    """A JSON race log from ``(player, die)`` rolls and an optional final claim."""
    events = [{"type": "roll", "player": p, "die": d} for p, d in rolls]
    if final is not None:
        events.append({"type": "final", "scores": final})
    return {"header": {"game": "dice-race", "catalog": catalog, "variants": list(variants),
                       "players": ["ann", "bob"]}, "events": events}
