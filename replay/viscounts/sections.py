"""Report tables only Viscounts has: placeholder values used, Poverty and Prosperity places."""

from __future__ import annotations

from replay.core.game import Section


def _dict(value) -> dict:
    return value if isinstance(value, dict) else {}


def _rows(value) -> list[dict]:
    return [item for item in value if isinstance(item, dict)] if isinstance(value, list) else []


def report_sections(report: dict) -> list[Section]:
    """Every placeholder catalog value the verdict depended on."""
    used = _rows(_dict(report.get("catalog")).get("placeholders_used"))
    if not used:
        return []
    rows = [[u.get("entry"), u.get("field"), str(u.get("value")), u.get("note", "")]
            for u in used]
    return [Section("placeholders", "Placeholder values used",
                    ["Entry", "Field", "Value used", "Note"], rows,
                    note=f"This game used {len(rows)} placeholder values of the catalog: "
                         "check them against the printed components.")]


def final_tables(report: dict) -> list[Section]:
    """Who took which place on Poverty and Prosperity, and the points it paid."""
    cards = _dict(_dict(report.get("final")).get("end_cards"))
    rows = [[card.capitalize(), a.get("place"), a.get("player"), a.get("count"),
             a.get("points")] for card, awards in cards.items() for a in _rows(awards)]
    if not rows:
        return []
    return [Section("end-cards", "Poverty and Prosperity",
                    ["Card", "Place", "Player", "Flipped", "Points"], rows)]
