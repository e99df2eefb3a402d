"""Every Viscounts event type, declared once: its fields, its phase, its handler and the
fields a text line gives by position.

The shape check (``replay.core.protocol.shapes``), the replay loop (``engine.py``) and the text
notation (``notation.py``) all read this one table.
"""

from __future__ import annotations

from replay.core.protocol.actions import EventSpec
from replay.core.protocol.shapes import COMMON_KINDS, FieldKind, is_int, is_str
from replay.viscounts.actions import handle_construct, handle_trade, handle_transcribe
from replay.viscounts.castle import handle_workers
from replay.viscounts.choices import CHOICES, DECISIONS
from replay.viscounts.decisions import answer
from replay.viscounts.recruit import (
    handle_collision,
    handle_draw,
    handle_hire,
    handle_reveal,
    handle_shuffle,
)
from replay.viscounts.setup import handle_pick, handle_setup
from replay.viscounts.solo.opponent import only_opponent
from replay.viscounts.solo.setup import handle_opponent
from replay.viscounts.turn import handle_move, handle_play


def _claims(value) -> bool:
    return isinstance(value, dict) and all(is_int(v) or is_str(v) for v in value.values())


FIELD_KINDS: dict[str, FieldKind] = {
    **COMMON_KINDS,
    "bool": FieldKind(lambda v: isinstance(v, bool), "true or false"),
    "claims": FieldKind(_claims, "an object of numbers (or a space id)"),
    "hand_or_deck": FieldKind(lambda v: v in ("hand", "deck"), '"hand" or "deck"'),
}

PLAYER = ("str", True)
FUNDING = {"pay": ("counts", False), "dismiss": ("str", False)}

EVENT_SPECS: dict[str, EventSpec] = {spec.kind: spec for spec in (
    EventSpec("setup", {"start_player": ("str", True), "segments": ("strs", True),
                        "castle": ("str", True), "pile_sizes": ("counts", True),
                        "townsfolk": ("str_map", True), "manuscripts": ("str_map", True),
                        "pairs": ("pairs", True)},
              phase="setup", handler=handle_setup),
    EventSpec("pick", {"player": PLAYER, "pair": ("pair", True)}, phase="pick",
              handler=handle_pick, positional=("pair",)),
    EventSpec("play", {"player": PLAYER, "card": ("str", True), "blind": ("bool", False)},
              phase="card", handler=handle_play, positional=("card",)),
    EventSpec("move", {"player": PLAYER, "path": ("strs", True), "silver": ("int", False)},
              phase="move", handler=handle_move, positional=("path",)),
    EventSpec("trade", {"player": PLAYER, "times": ("int", True), **FUNDING},
              phase="action", handler=handle_trade, positional=("times",)),
    EventSpec("construct", {"player": PLAYER, "slot": ("str", True), "spot": ("str", True),
                            **FUNDING}, phase="action", handler=handle_construct,
              positional=("slot", "spot")),
    EventSpec("workers", {"player": PLAYER, "count": ("int", True), **FUNDING},
              phase="action", handler=handle_workers, positional=("count",)),
    EventSpec("transcribe", {"player": PLAYER, "manuscript": ("str", True), **FUNDING},
              phase="action", handler=handle_transcribe, positional=("manuscript",)),
    EventSpec("hire", {"player": PLAYER, "card": ("str", True)}, phase="recruit",
              handler=handle_hire, positional=("card",)),
    EventSpec("collision", {"player": PLAYER, "space": ("int", False)}, phase="collision",
              handler=handle_collision),
    EventSpec("draw", {"player": PLAYER, "cards": ("strs", True)}, phase="draw",
              handler=handle_draw, positional=("cards",)),
    # The solo opponent: its board, its Scheme flips and the row results the log records.
    EventSpec("opponent", {"board": ("str", True), "difficulty": ("int", True)},
              phase="pick", handler=handle_opponent, positional=("board", "difficulty")),
    EventSpec("scheme", {"player": PLAYER, "card": ("str", True)}, phase="card",
              handler=only_opponent, positional=("card",)),
    EventSpec("dismiss", {"player": PLAYER, "card": ("str", True)}, handler=only_opponent,
              positional=("card",)),
    EventSpec("gain_card", {"player": PLAYER, "card": ("str", True)},
              handler=only_opponent, positional=("card",)),
    EventSpec("option", {"player": PLAYER, "option": ("int", True)}, phase="action",
              handler=only_opponent, positional=("option",)),
    # Chance and preparation: they belong to no phase and decline no waiting choice.
    EventSpec("shuffle", {"player": PLAYER}, handler=handle_shuffle),
    EventSpec("reveal", {"pile": ("str", True), "card": ("str", False),
                         "manuscript": ("str", False)}, handler=handle_reveal,
              positional=("pile",)),
    # The answers to the choices effects leave to players (``choices``).
    *(EventSpec(kind, {"player": PLAYER, **choice.fields}, handler=answer,
                positional=choice.positional) for kind, choice in CHOICES.items()),
    # Claims and markers change nothing on the table: the replay loop compares or holds them.
    EventSpec("check", {"player": PLAYER, "values": ("claims", True)}),
    EventSpec("marker", {"round": ("int", True)}, positional=("round",)),
    EventSpec("final", {"scores": ("scores", True)}),
)}
CLAIM_EVENTS = ("check", "final")
# Changing nothing on the table, they are compared or held by the replay loop.
HELD_EVENTS = frozenset({*CLAIM_EVENTS, "marker"})
KEEP_WAITING = frozenset({"shuffle", "reveal", *HELD_EVENTS, *DECISIONS, "gain_card"})
