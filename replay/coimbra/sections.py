"""Report tables only Coimbra has: the turn order of each round, the influence places."""

from __future__ import annotations

from replay.core.game import Section


def _dict(value) -> dict:
    return value if isinstance(value, dict) else {}


def _rows(value) -> list[dict]:
    return [item for item in value if isinstance(item, dict)] if isinstance(value, list) else []


def _names(values) -> str:
    return ", ".join(str(v) for v in values) if isinstance(values, list) else ""


def report_sections(report: dict) -> list[Section]:
    """Each round's phase D: previous order, crowns, new order and ties."""
    rows = []
    for t in _rows(report.get("turn_order")):
        crowns = ", ".join(
            f"{name} {c.get('total')} ({c.get('tokens')}+{c.get('favors')}+{c.get('flag')})"
            for name, c in _dict(t.get("crowns")).items() if isinstance(c, dict))
        rows.append([t.get("round"), _names(t.get("previous")) or "none", crowns,
                     _names(t.get("new")) or "none", t.get("ties")])
    if not rows:
        return []
    return [Section("turn-order", "Turn order",
                    ["Round", "Previous order", "Crowns", "New order", "Ties"], rows,
                    note="Crowns: total (tokens + favors + flag).")]


def final_tables(report: dict) -> list[Section]:
    """Who took which place on each influence track, and the points it paid."""
    tracks = _dict(_dict(report.get("final")).get("tracks"))
    if not tracks:
        return []
    rows = [[track, ", ".join(f"{p.get('place')}. {p.get('player')} (position "
                              f"{p.get('position')}, {p.get('points')} pts)"
                              for p in _rows(places))]
            for track, places in tracks.items()]
    return [Section("influence-places", "Influence tracks", ["Influence track", "Places"], rows)]
