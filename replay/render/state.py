"""Render the game at one point of a log (``referee replay --at``) for people.

The state document comes from ``Game.state_at``: ``after_event``, ``round``, ``phase``,
``order``, ``players`` (each a mapping of plain values), ``acting_player``,
``legal_actions`` (events) and ``violations_so_far``. Legal actions print in the game's own
text notation when the game is known.
"""

from __future__ import annotations

import json
from html import escape

from replay.core.speech import message, ntr, tr
from replay.core.words import spoken
from replay.games import GAMES
from replay.render.language import again, html_language, joined
from replay.render.names import NameLabels


def state_value(value, label: NameLabels) -> str:
    """One thing a player holds as text: lists and mappings spelt out, ids with their
    printed names, nothing as a dash."""
    if isinstance(value, dict):
        return joined(f"{again(spoken(k))} {state_value(v, label)}"
                      for k, v in value.items()) or "—"
    if isinstance(value, list | tuple):
        return joined(state_value(v, label) for v in value) or "—"
    if isinstance(value, bool):
        return tr("yes") if value else tr("no")
    return "—" if value is None or value == "" else str(label(value))


def castle_words(tiers, label: NameLabels) -> str:
    """A player's Workers in the castle, tier by tier (the state holds bare counts)."""
    counts = list(tiers or [])
    if not counts:
        return "—"
    first = ntr("{number} Worker on tier 1", "{number} Workers on tier 1", counts[0])
    return joined([first, *(tr("{number} on tier {tier}", number=n, tier=tier)
                            for tier, n in enumerate(counts[1:], 2))])


def building_words(built, label: NameLabels) -> str:
    """The buildings a player has built, each with the board slots it came from."""
    said = [(tr("{building} (slots {slots})", building=label.name(building),
                slots=joined(slots)) if len(slots) > 1 else
             tr("{building} (slot {slots})", building=label.name(building),
                slots=joined(slots)))
            for building, slots in (built or {}).items() if slots]
    return joined(said) or tr("none")


def card_space_words(board, label: NameLabels) -> str:
    """The cards on a player board's three card spaces, left to right."""
    return joined(tr("space {number}: {card}", number=i, card=state_value(card, label))
                  for i, card in enumerate(board or [], 1)) or "—"


# Fields whose bare values say too little on their own (``castle 6, 0, 0``), by game.
FIELD_WORDS = {("viscounts", "castle"): castle_words,
               ("viscounts", "buildings"): building_words,
               ("viscounts", "board"): card_space_words}


def field_words(game: str | None, key: str, value, label: NameLabels) -> str:
    """One field of a player's state in words, as the game's fields are best said."""
    return FIELD_WORDS.get((game, key), state_value)(value, label)


def state_rows(state: dict, game: str | None = None) -> tuple[list[str], list[list[str]]]:
    """The players table: one row per player, one column per thing they hold."""
    players = state.get("players") or {}
    label = NameLabels.of(state)
    keys: list[str] = []
    for values in players.values():
        keys += [k for k in values if k not in keys]
    return ([tr("Player"), *(again(spoken(key)) for key in keys)],
            [[name, *(field_words(game, k, values.get(k), label) for k in keys)]
             for name, values in players.items()])


def action_lines(state: dict, game: str | None) -> list[str]:
    """The legal actions in the game's notation (as JSON objects if the game is unknown)."""
    known = GAMES.find(game)
    return [known.event_text(action) if known else json.dumps(action, sort_keys=True)
            for action in state.get("legal_actions") or []]


def state_heading(state: dict) -> str:
    """Where the state is: the event (and line), round, phase and order."""
    values = {"event": state.get("after_event"), "round": state.get("round"),
              "phase": state.get("phase"), "order": joined(state.get("order") or [])}
    if state.get("after_line") is not None:
        return tr("After event {event} (line {line}): round {round}, phase {phase}; order "
                  "{order}", line=state["after_line"], **values)
    return tr("After event {event}: round {round}, phase {phase}; order {order}", **values)


def next_heading(state: dict) -> str:
    """Who acts next: a player, or chance."""
    acting = state.get("acting_player")
    return tr("Next: {acting}", acting=acting or tr("chance (the next event is drawn, dealt "
                                                    "or rolled)"))


def violation_line(violation: dict, label: NameLabels) -> str:
    """``event 12: rule.id: message`` of a violation so far."""
    text = message(violation)
    return tr("event {event}: {rule}: {message}", event=violation.get("event"),
              rule=violation.get("rule"),
              message=label.text(text) if text != violation.get("message") else text)


def render_state_markdown(state: dict, game: str | None = None) -> str:
    """The state as Markdown: where, the players table, who acts and what they may write."""
    header, rows = state_rows(state, game)
    label = NameLabels.of(state)
    out = [f"# {state_heading(state)}", "", "| " + " | ".join(header) + " |",
           "|" + "|".join("---" for _ in header) + "|"]
    out += ["| " + " | ".join(cell.replace("|", "\\|") for cell in row) + " |" for row in rows]
    out += ["", f"## {next_heading(state)}", ""]
    out += [f"- `{line}`" for line in action_lines(state, game)] or \
        ["- " + tr("nothing is legal here")]
    violations = state.get("violations_so_far") or []
    if violations:
        out += ["", "## " + tr("Violations so far ({number})", number=len(violations)), ""]
        out += ["- " + violation_line(v, label) for v in violations]
    return "\n".join(out) + "\n"


def render_state_html(state: dict, game: str | None = None) -> str:
    """The state as a small self-contained HTML page."""
    header, rows = state_rows(state, game)
    table = ("<table><thead><tr>" + "".join(f"<th>{escape(h)}</th>" for h in header)
             + "</tr></thead><tbody>"
             + "".join("<tr>" + "".join(f"<td>{escape(c)}</td>" for c in row) + "</tr>"
                       for row in rows) + "</tbody></table>")
    actions = "".join(f"<li><code>{escape(line)}</code></li>"
                      for line in action_lines(state, game))
    acting = escape(tr("Next: {acting}", acting=state.get("acting_player") or tr("chance")))
    return (f'<!DOCTYPE html>\n<html lang="{html_language()}"><head><meta charset="utf-8">'
            f"<title>{escape(state_heading(state))}</title></head><body>"
            f"<h1>{escape(state_heading(state))}</h1>{table}<h2>{acting}</h2><ul>{actions}</ul>"
            "</body></html>\n")
