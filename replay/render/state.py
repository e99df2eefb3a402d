"""Render the game at one point of a log (``referee replay --at``) for people.

The state document comes from ``Game.state_at``: ``after_event``, ``round``, ``phase``,
``order``, ``players`` (each a mapping of plain values), ``acting_player``,
``legal_actions`` (events) and ``violations_so_far``. Legal actions print in the game's own
text notation when the game is known.
"""

from __future__ import annotations

import json
from html import escape

from replay.core.words import spoken
from replay.games import GAMES
from replay.render.names import NameLabels


def state_value(value, label: NameLabels) -> str:
    """One thing a player holds as text: lists and mappings spelt out, ids with their
    printed names, nothing as a dash."""
    if isinstance(value, dict):
        return ", ".join(f"{spoken(k)} {state_value(v, label)}"
                         for k, v in value.items()) or "—"
    if isinstance(value, list | tuple):
        return ", ".join(state_value(v, label) for v in value) or "—"
    if isinstance(value, bool):
        return "yes" if value else "no"
    return "—" if value is None or value == "" else str(label(value))


def castle_words(tiers, label: NameLabels) -> str:
    """A player's Workers in the castle, tier by tier (the state holds bare counts)."""
    counts = list(tiers or [])
    if not counts:
        return "—"
    first = f"{counts[0]} Worker{'' if counts[0] == 1 else 's'} on tier 1"
    return ", ".join([first, *(f"{n} on tier {tier}" for tier, n in
                               enumerate(counts[1:], 2))])


def building_words(built, label: NameLabels) -> str:
    """The buildings a player has built, each with the board slots it came from."""
    said = [f"{label.name(building)} (slot{'s' if len(slots) > 1 else ''} "
            f"{', '.join(map(str, slots))})" for building, slots in (built or {}).items()
            if slots]
    return ", ".join(said) or "none"


def card_space_words(board, label: NameLabels) -> str:
    """The cards on a player board's three card spaces, left to right."""
    return ", ".join(f"space {i}: {state_value(card, label)}"
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
    label = NameLabels(state.get("names"))
    keys: list[str] = []
    for values in players.values():
        keys += [k for k in values if k not in keys]
    return (["Player", *map(spoken, keys)],
            [[name, *(field_words(game, k, values.get(k), label) for k in keys)]
             for name, values in players.items()])


def action_lines(state: dict, game: str | None) -> list[str]:
    """The legal actions in the game's notation (as JSON objects if the game is unknown)."""
    known = GAMES.find(game)
    return [known.event_text(action) if known else json.dumps(action, sort_keys=True)
            for action in state.get("legal_actions") or []]


def state_heading(state: dict) -> str:
    """Where the state is: the event (and line), round, phase and order."""
    line = f" (line {state['after_line']})" if state.get("after_line") is not None else ""
    return (f"After event {state.get('after_event')}{line}: round {state.get('round')}, "
            f"phase {state.get('phase')}; order {', '.join(map(str, state.get('order') or []))}")


def render_state_markdown(state: dict, game: str | None = None) -> str:
    """The state as Markdown: where, the players table, who acts and what they may write."""
    header, rows = state_rows(state, game)
    out = [f"# {state_heading(state)}", "", "| " + " | ".join(header) + " |",
           "|" + "|".join("---" for _ in header) + "|"]
    out += ["| " + " | ".join(cell.replace("|", "\\|") for cell in row) + " |" for row in rows]
    acting = state.get("acting_player")
    out += ["", f"## Next: {acting or 'chance (the next event is drawn, dealt or rolled)'}", ""]
    out += [f"- `{line}`" for line in action_lines(state, game)] or ["- nothing is legal here"]
    violations = state.get("violations_so_far") or []
    if violations:
        out += ["", f"## Violations so far ({len(violations)})", ""]
        out += [f"- event {v.get('event')}: {v.get('rule')}: {v.get('message')}"
                for v in violations]
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
    acting = escape(str(state.get("acting_player") or "chance"))
    return ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            f"<title>{escape(state_heading(state))}</title></head><body><h1>{escape(state_heading(state))}"
            f"</h1>{table}<h2>Next: {acting}</h2><ul>{actions}</ul></body></html>\n")
