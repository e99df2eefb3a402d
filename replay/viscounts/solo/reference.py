"""The AI Reference card: what the opponent gets instead of what it cannot do (p.28).

Column 1: a Rearrange or 2 Silver is 1 resource; column 2: a Destroy, or a card gained
while the Future pile is empty, is a Card Flip; column 3: a Card Flip with nothing to flip,
a Discard or a Castle move is 1 Virtue. Every hire or gain-card icon is the top Future
Scheme (p.28). The columns are read from the catalog's ``ai_reference``.
"""

from __future__ import annotations

from replay.viscounts.solo import OPPONENT

CARD_ICONS = frozenset({"free_hire", "hire", "gain_card"})


def column(table, what: str) -> dict:
    """The effect the reference card gives instead of ``what``."""
    table.touch("ai-reference")
    return next(dict(c["effect"]) for c in table.catalog.ai_reference["columns"]
                if what in c["instead_of"])


def can_flip(table, what: str) -> bool:
    """Whether the opponent has a Debt (``debt``), a Deed (``deed``) or either to flip."""
    player = table.player(table.solo.name)
    return {"debt": player.debts > 0, "deed": player.deeds > 0,
            "either": player.debts + player.deeds > 0}[what]


def translate(table, effect: dict) -> dict:
    """The effect as the opponent resolves it."""
    op = effect["op"]
    if op in ("rearrange", "destroy", "discard", "castle_move"):
        # What the column gives is resolved as the opponent resolves anything: a Destroy's
        # Card Flip with nothing to flip is 1 Virtue (column 3), as every such flip is.
        return translate(table, column(table, op))
    if op in CARD_ICONS:
        if not table.solo.future_size:
            return translate(table, column(table, "gain_card_future_empty"))
        return {"op": "gain_card"}
    if op == "flip" and not can_flip(table, effect["what"]):
        return column(table, "flip_nothing")
    if op == "gain" and effect["items"].get("silver"):
        return {"op": "gain", "items": silver_items(table, dict(effect["items"]))}
    return effect


def silver_items(table, items: dict) -> dict:
    """Silver gained becomes 1 resource per 2 (column 1); an odd one stays Silver. Under
    ``ai-silver-remainder`` the Silver the opponent holds is pooled with each gain: every 2
    of the pool become 1 resource, and what is left is the Silver it holds."""
    silver = items.pop("silver")
    if table.allows("ai-silver-remainder"):
        held = table.player(OPPONENT).silver
        silver += held
        rest = silver % 2 - held  # the change to the Silver it holds
    else:
        rest = silver % 2
    if silver >= 2:
        column(table, "silver_2")
        items["any_resource"] = items.get("any_resource", 0) + silver // 2
    if rest:
        items["silver"] = rest
    return items
