"""Report tables only Viscounts has: placeholder values used, Poverty and Prosperity places."""

from __future__ import annotations

import json

from replay.core.protocol.game import Section


def _dict(value) -> dict:
    return value if isinstance(value, dict) else {}


def _rows(value) -> list[dict]:
    return [item for item in value if isinstance(item, dict)] if isinstance(value, list) else []


def _event(item: dict):
    """An event number, with its line when the log was written as text."""
    if item.get("line") is None:
        return item.get("event")
    return f"{item.get('event')} (line {item['line']})"


def report_sections(report: dict) -> list[Section]:
    """Moments of the game, then every placeholder catalog value the verdict depended on."""
    sections = []
    solo = _dict(report.get("solo"))
    if solo:
        rows = [["Opponent board", f"{solo.get('board_name')} ({solo.get('board')})"],
                ["Future Schemes in the Scheme pile", solo.get("difficulty")]]
        if solo.get("why"):
            rows.append(["Result", solo.get("why")])
        sections.append(Section("solo", "Solo game", ["", ""], rows))
    notes = _rows(report.get("notes"))
    if notes:
        sections.append(Section("moments", "Moments of the game", ["Event", "Round", "What"],
                                [[_event(n), n.get("round"), n.get("message")]
                                 for n in notes]))
    used = _rows(_dict(report.get("catalog")).get("placeholders_used"))
    if not used:
        return sections
    return [*sections, _placeholders(used)]


def _placeholders(used: list[dict]) -> Section:
    """One row per catalog entry: its placeholder values, the note they share (an entry's
    fields are placeholders for one reason, so the reason is written once) and the events
    that read one of them and broke a rule (a value there may decide the violation)."""
    by_entry: dict[str, list[dict]] = {}
    for item in used:
        by_entry.setdefault(str(item.get("entry")), []).append(item)
    rows, deciding, broken = [], 0, set()
    for entry, items in by_entry.items():
        values = "; ".join(f"{i.get('field')} = {json.dumps(i.get('value'))}" for i in items)
        notes = dict.fromkeys(i.get("note") or "" for i in items)
        events = sorted({e for i in items for e in i.get("violations") or ()})
        deciding += sum(bool(i.get("violations")) for i in items)
        broken.update(events)
        rows.append([entry, values, " ".join(n for n in notes if n),
                     ", ".join(map(str, events)) or "—"])
    note = (f"This game used {len(used)} placeholder values of {len(rows)} catalog entries: "
            "check them against the printed components.")
    if deciding:
        note += (f" {deciding} of them were read where a rule was broken (event"
                 f"{'s' if len(broken) > 1 else ''} {', '.join(map(str, sorted(broken)))}):"
                 " they may decide that verdict.")
    return Section("placeholders", "Placeholder values used",
                   ["Entry", "Values used", "Note", "Read where a rule was broken (event)"],
                   rows, note=note)


def final_tables(report: dict) -> list[Section]:
    """Who took which place on Poverty and Prosperity, and the points it paid."""
    cards = _dict(_dict(report.get("final")).get("end_cards"))
    rows = [[card.capitalize(), a.get("place"), a.get("player"), a.get("count"),
             a.get("points")] for card, awards in cards.items() for a in _rows(awards)]
    if not rows:
        return []
    return [Section("end-cards", "Poverty and Prosperity",
                    ["Card", "Place", "Player", "Flipped", "Points"], rows)]
