"""Report tables only Coimbra has: the turn order of each round, the influence places."""

from __future__ import annotations

from replay.core.protocol.game import Section
from replay.core.words import counted


def _dict(value) -> dict:
    return value if isinstance(value, dict) else {}


def _rows(value) -> list[dict]:
    return [item for item in value if isinstance(item, dict)] if isinstance(value, list) else []


def _count(number, noun: str) -> str:
    return counted(number, noun) if isinstance(number, int) else f"{number} {noun}s"


def _names(values) -> str:
    return ", ".join(str(v) for v in values) if isinstance(values, list) else ""


def report_sections(report: dict) -> list[Section]:
    """Each round's phase D, its dice queues and its crown tokens."""
    return [*_turn_order(report), *_dice_queues(report), *_crown_tokens(report)]


def _turn_order(report: dict) -> list[Section]:
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


def _slot(slot: dict) -> str:
    owner = slot.get("owner")
    return f"{slot.get('die')} {owner}" if owner else f"neutral token {slot.get('value')}"


def _dice_queues(report: dict) -> list[Section]:
    rows = [[q.get("round"), location, " → ".join(_slot(s) for s in _rows(slots)) or "empty"]
            for q in _rows(report.get("dice_queues"))
            for location, slots in _dict(q.get("queues")).items()]
    if not rows:
        return []
    return [Section("dice-queues", "Dice queues", ["Round", "Location", "Resolution order"],
                    rows, note="Phase C resolves the castle first, then the upper, central and "
                               "lower rows, each left to right.")]


def _crown_tokens(report: dict) -> list[Section]:
    names = _dict(report.get("names"))
    rows = [[c.get("round"), f"{c.get('card')} ({names[c['card']]})" if c.get("card") in names
             else c.get("card"), c.get("class"), c.get("fate")]
            for c in _rows(report.get("crown_tokens"))]
    if not rows:
        return []
    return [Section("crown-tokens", "Crown tokens", ["Round", "Card", "Class", "What became of it"],
                    rows)]


def final_tables(report: dict) -> list[Section]:
    """Below the final breakdown: track ranks, diploma symbols, the crowns in leftovers."""
    final = _dict(report.get("final"))
    return [*_track_ranks(final), *_diploma_symbols(final), *_leftovers(final)]


def _track_ranks(final: dict) -> list[Section]:
    ranks = _dict(final.get("track_ranks"))
    if not ranks:
        tracks = _dict(final.get("tracks"))
        rows = [[track, ", ".join(f"{p.get('place')}. {p.get('player')} (position "
                                  f"{p.get('position')}, {p.get('points')} pts)"
                                  for p in _rows(places))]
                for track, places in tracks.items()]
        return [Section("influence-places", "Influence tracks",
                        ["Influence track", "Places"], rows)] if rows else []
    rows = [[track, r.get("rank"), r.get("player"), r.get("position"), r.get("arrival"),
             r.get("points"), r.get("why_nothing")]
            for track, players in ranks.items() for r in _rows(players)]
    return [Section("influence-places", "Influence tracks",
                    ["Track", "Rank", "Player", "Position", "Arrival on a shared space",
                     "Points", "Why nothing"], rows)]


def _diploma_symbols(final: dict) -> list[Section]:
    symbols = _dict(final.get("diploma_symbols"))
    sets = _dict(final.get("diploma_sets"))
    rows = [[name, ", ".join(f"{kind} {n}" for kind, n in _dict(counts).items()) or "none",
             "; ".join("+".join(map(str, s)) for s in sets.get(name, []) if isinstance(s, list))
             or "none"] for name, counts in symbols.items()]
    if not rows:
        return []
    return [Section("diploma-symbols", "Diplomas",
                    ["Player", "Symbols held", "Sets scored"], rows)]


def _leftovers(final: dict) -> list[Section]:
    rows = []
    for name, left in _dict(final.get("leftovers")).items():
        left = _dict(left)
        sources = _dict(left.get("crowns_from"))
        crowns = (f"{left.get('crowns')} ({_count(sources.get('tokens'), 'token')} + "
                  f"{_count(sources.get('favors'), 'favor')} + {sources.get('flag')} flag)"
                  if sources else left.get("crowns"))
        rows.append([name, left.get("coins"), left.get("guards"), crowns])
    if not rows:
        return []
    return [Section("leftovers", "Leftovers", ["Player", "Coins", "Guards", "Crowns"], rows)]
