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

from replay.core.words import spoken
from replay.render.compare import comparison_lines
from replay.render.markdown import (
    event_place,
    game_sections,
    verdict_sentence,
    verdict_title,
)
from replay.render.names import NameLabels, with_names
from replay.render.state import action_lines, field_words, state_heading

FULL_REPORT = "The full report: --format json, md or html."
MOST_LISTED = 10  # violations or legal actions; the rest are counted, the formats list them


def report_summary(report: dict, full_report: str = FULL_REPORT) -> str:
    """A report in a few lines: verdict, violations, standings, the placeholder sentence,
    and ``full_report``, where the rest is."""
    report = with_names(report)
    lines = [f"{verdict_title(report)}: {verdict_sentence(report)}"]
    violations = [v for v in report.get("violations") or [] if isinstance(v, dict)]
    if violations:
        lines += ["", f"Violations ({len(violations)}):"]
        lines += [f"  {event_place(v)}: {v.get('rule')}: {v.get('message')}"
                  + (f" (legal under variant {v['legal_under']})" if v.get("legal_under")
                     else "")
                  for v in violations[:MOST_LISTED]]
        lines += _more(len(violations), "violations")
    standings = [row for row in report.get("standings") or [] if isinstance(row, dict)]
    if standings:
        width = max(len(str(row.get("player"))) for row in standings)
        lines += ["", "Standings:"]
        lines += [f"  {row.get('rank')}. {row.get('player')!s:<{width}}  "
                  f"{row.get('points'):>4} points" for row in standings]
        if report.get("standings_caveat"):
            lines.append(f"  {report['standings_caveat']}")
        solo = report.get("solo") if isinstance(report.get("solo"), dict) else {}
        if solo.get("why"):
            lines.append(f"  Solo game: {solo['why']}.")
    below, after = game_sections(report)
    notes = [section.note for section in [*below, *after]
             if section.key == "placeholders" and section.note]
    if notes:
        lines += ["", *notes]
    return "\n".join([*lines, "", full_report]) + "\n"


def comparison_summary(result: dict) -> str:
    """A comparison of two versions in a few lines: where they part, each verdict, and how
    each total changes (the categories are in ``--format md``)."""
    lines = comparison_lines(result)
    difference = result.get("score_difference")
    if difference:
        lines.append("Totals (B − A): " + ", ".join(
            f"{player} {values.get('total', 0):+d}" for player, values in difference.items()))
    return "\n".join([*lines, "", FULL_REPORT]) + "\n"


def state_summary(state: dict, game: str | None) -> str:
    """The game after one event: a block per player (what they hold, one thing a line),
    then who acts next and the first of their legal actions."""
    label = NameLabels(state.get("names"))
    columns = max(shutil.get_terminal_size().columns, 60)
    lines = [state_heading(state)]
    for name, values in (state.get("players") or {}).items():
        lines += ["", str(name)]
        width = max((len(spoken(key)) for key in values), default=0)
        for key, value in values.items():
            # Long holdings (every card owned) wrap under their own column.
            lines += textwrap.wrap(field_words(game, key, value, label), columns,
                                   initial_indent=f"  {spoken(key):<{width}}  ",
                                   subsequent_indent=" " * (width + 4),
                                   break_on_hyphens=False) or [f"  {spoken(key)}"]
    acting = state.get("acting_player")
    actions = action_lines(state, game)
    lines += ["", f"Next: {acting or 'chance (the next event is drawn, dealt or rolled)'}"]
    lines += [f"  {line}" for line in actions[:MOST_LISTED]] or ["  nothing is legal here"]
    lines += _more(len(actions), "legal actions")
    violations = state.get("violations_so_far") or []
    if violations:
        lines += ["", f"Violations so far ({len(violations)}):"]
        lines += [f"  event {v.get('event')}: {v.get('rule')}: {v.get('message')}"
                  for v in violations[:MOST_LISTED]]
        lines += _more(len(violations), "violations")
    return "\n".join([*lines, "", "Everything: --format json, md or html."]) + "\n"


def _more(count: int, what: str) -> list[str]:
    return [f"  ... and {count - MOST_LISTED} more {what}"] if count > MOST_LISTED else []
