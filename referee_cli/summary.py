"""What ``referee`` prints by default: short plain text a person reads in a terminal.

A report becomes its verdict, its violations (place, rule id, message), the standings and,
when the verdict rests on placeholder component values, the one sentence that says so; the
whole report stays one ``--format json|md|html`` away. A comparison becomes where the two
versions part, each one's verdict and the change in totals; the state at an event becomes
one block per player.
"""

from __future__ import annotations

import shutil
import textwrap

from referee_cli.columns import cells, left, right
from replay.core.speech import say, tr
from replay.core.words import spoken
from replay.render.compare import comparison_lines
from replay.render.language import again, joined, number
from replay.render.markdown import (
    event_place,
    game_sections,
    said_item,
    standings_caveat,
    verdict_sentence,
    verdict_title,
)
from replay.render.names import NameLabels, with_names
from replay.render.state import (
    action_lines,
    field_words,
    next_heading,
    state_heading,
    violation_line,
)

# A phrase: said in the reader's language where it is printed (``tr``).
FULL_REPORT = say("The full report: --format json, md or html.")
MOST_LISTED = 10  # violations or legal actions; the rest are counted, the formats list them


def report_summary(report: dict, full_report: str = FULL_REPORT) -> str:
    """A report in a few lines: verdict, violations, standings, the placeholder sentence,
    and ``full_report``, where the rest is."""
    report = with_names(report)
    lines = [verdict_title(report) + tr(": ") + verdict_sentence(report)]
    violations = [v for v in report.get("violations") or [] if isinstance(v, dict)]
    if violations:
        lines += ["", tr("Violations ({number}):", number=number(len(violations)))]
        lines += ["  " + tr("{place}: {rule}: {message}", place=event_place(v),
                            rule=v.get("rule"), message=said_item(v, report))
                  + (tr(" (legal under variant {variant})", variant=v["legal_under"])
                     if v.get("legal_under") else "")
                  for v in violations[:MOST_LISTED]]
        lines += _more(len(violations), tr("violations"))
    standings = [row for row in report.get("standings") or [] if isinstance(row, dict)]
    if standings:
        width = max(cells(row.get("player")) for row in standings)
        lines += ["", tr("Standings:")]
        lines += ["  " + tr("{rank}. {player}  {points} points", rank=row.get("rank"),
                            player=left(row.get("player"), width),
                            points=right(number(row.get("points")), 4)) for row in standings]
        if report.get("standings_caveat"):
            lines.append(f"  {standings_caveat(report)}")
        solo = report.get("solo") if isinstance(report.get("solo"), dict) else {}
        if solo.get("why"):
            lines.append("  " + tr("Solo game: {why}.", why=again(solo["why"])))
    below, after = game_sections(report)
    notes = [section.note for section in [*below, *after]
             if section.key == "placeholders" and section.note]
    if notes:
        lines += ["", *notes]
    return "\n".join([*lines, "", tr(full_report)]) + "\n"


def comparison_summary(result: dict) -> str:
    """A comparison of two versions in a few lines: where they part, each verdict, and how
    each total changes (the categories are in ``--format md``)."""
    lines = comparison_lines(result)
    difference = result.get("score_difference")
    if difference:
        lines.append(tr("Totals (B − A): {totals}", totals=joined(
            f"{player} {values.get('total', 0):+d}" for player, values in difference.items())))
    return "\n".join([*lines, "", tr(FULL_REPORT)]) + "\n"


def state_summary(state: dict, game: str | None) -> str:
    """The game after one event: a block per player (what they hold, one thing a line),
    then who acts next and the first of their legal actions."""
    label = NameLabels.of(state)
    columns = max(shutil.get_terminal_size().columns, 60)
    lines = [state_heading(state)]
    for name, values in (state.get("players") or {}).items():
        lines += ["", str(name)]
        said = {key: again(spoken(key)) for key in values}
        width = max((cells(word) for word in said.values()), default=0)
        for key, value in values.items():
            # Long holdings (every card owned) wrap under their own column.
            lines += textwrap.wrap(field_words(game, key, value, label), columns,
                                   initial_indent=f"  {left(said[key], width)}  ",
                                   subsequent_indent=" " * (width + 4),
                                   break_on_hyphens=False) or [f"  {said[key]}"]
    actions = action_lines(state, game)
    lines += ["", next_heading(state)]
    lines += [f"  {line}" for line in actions[:MOST_LISTED]] or \
        ["  " + tr("nothing is legal here")]
    lines += _more(len(actions), tr("legal actions"))
    violations = state.get("violations_so_far") or []
    if violations:
        lines += ["", tr("Violations so far ({number}):", number=len(violations))]
        lines += ["  " + violation_line(v, label) for v in violations[:MOST_LISTED]]
        lines += _more(len(violations), tr("violations"))
    return "\n".join([*lines, "", tr("Everything: --format json, md or html.")]) + "\n"


def _more(count: int, what: str) -> list[str]:
    return ["  " + tr("... and {number} more {what}", number=count - MOST_LISTED, what=what)] \
        if count > MOST_LISTED else []
