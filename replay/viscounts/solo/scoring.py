"""Solo scoring and the win (p.31): the opponent's leftover resources, no tie-break."""

from __future__ import annotations

from replay.core.speech import say
from replay.viscounts.state import RESOURCES
from replay.viscounts.words import RESOURCE_WORDS


def leftover_points(table, score) -> None:
    """+1 VP per leftover resource for the opponent, one ledger row per resource type
    (Silver too under ``ai-leftover-includes-silver``)."""
    solo = table.solo
    if solo.board is None:  # a claim before the ``opponent`` event: no board, no rule yet
        return
    player = table.player(solo.name)
    table.touch(f"{solo.board.id}.leftover_vp")
    kinds = (*RESOURCES, "silver") if table.allows("ai-leftover-includes-silver") \
        else RESOURCES
    for kind in kinds:
        amount = getattr(player, kind)
        if amount:
            score(solo.name, "leftover", amount * solo.board.leftover_vp,
                  say("{amount} leftover {kind} (opponent: +1 VP each)", amount=amount,
                      kind=RESOURCE_WORDS[kind]), solo.board.id)


def standings(table) -> tuple[list[dict], list[str]]:
    """The human ranks first only with strictly more points; a tie is the opponent's (no
    tie-break, so no tie-break notes)."""
    human, ai = _sides(table)
    first, second = (human, ai) if human.points > ai.points else (ai, human)
    return [{"rank": 1, "player": first.name, "points": first.points},
            {"rank": 2, "player": second.name, "points": second.points}], []


def summary(table, final: dict | None) -> dict:
    """The report's ``solo`` section: the opponent's board and setting, who won and why."""
    solo = table.solo
    board = solo.board
    data = {"opponent": solo.name, "board": board.id if board else None,
            "board_name": board.name if board else None, "difficulty": solo.difficulty}
    if final is None:
        return data
    human, ai = _sides(table)
    leftover = final["players"][ai.name].get("leftover", 0)
    if human.points > ai.points:
        why = say("{human} wins with {points} points against {points2}", human=human.name,
                  points=human.points, points2=ai.points)
    elif human.points == ai.points:
        why = (say("{human} and the opponent tie on {points} points: the human must score "
                   "strictly more, so the opponent wins (no tie-break in solo)",
                   human=human.name, points=ai.points))
    else:
        why = say("the opponent wins with {points} points against {points2}", points=ai.points,
                  points2=human.points)
    return dict(data, winner=human.name if human.points > ai.points else ai.name,
                why=say("{why}; the opponent's total includes {leftover} for leftover resources",
                        why=why, leftover=leftover))


def _sides(table):
    solo = table.solo
    human = table.player(next(n for n in table.state.seats if n != solo.name))
    return human, table.player(solo.name)
