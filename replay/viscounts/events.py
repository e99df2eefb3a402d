"""Every Viscounts event type, declared once: its fields, its phase, the fields a text line
gives by position, and its legality: an action kind's refusals, apply and candidates (every
event type, replayed by the core's loop, ``engine.py``; the solo opponent's
row results, which its controller replays with kinds of its own, ``solo.opponent``, are
refused here as written for another player).

The shape check (``replay.core.protocol.shapes``), the replay loop (``engine.py``) and the text
notation (``notation.py``) all read this one table.
"""

from __future__ import annotations

from collections.abc import Iterator

from replay.core.protocol.actions import EventSpec, Refusal
from replay.core.protocol.notes import hold_marker, no_refusals, record_claim
from replay.core.protocol.shapes import COMMON_KINDS, FieldKind, is_int, is_str
from replay.core.speech import say
from replay.viscounts.actions import (
    apply_construct,
    apply_trade,
    apply_transcribe,
    construct_candidates,
    construct_refusals,
    trade_candidates,
    trade_refusals,
    transcribe_candidates,
    transcribe_refusals,
)
from replay.viscounts.castle import apply_workers, workers_candidates, workers_refusals
from replay.viscounts.choices import DECISIONS
from replay.viscounts.decisions import ANSWER_SPECS
from replay.viscounts.recruit import (
    COLLISION,
    apply_draw,
    apply_hire,
    apply_shuffle,
    draw_candidates,
    draw_refusals,
    draw_step,
    hire_candidates,
    hire_refusals,
    shuffle_candidates,
    shuffle_refusals,
    shuffle_step,
)
from replay.viscounts.reveals import apply_reveal, reveal_candidates, reveal_refusals
from replay.viscounts.setup import (
    apply_pick,
    apply_setup,
    pick_candidates,
    pick_refusals,
    setup_refusals,
)
from replay.viscounts.solo.setup import apply_opponent, opponent_refusals
from replay.viscounts.turn import (
    apply_move,
    apply_play,
    final_refusals,
    move_candidates,
    move_refusals,
    play_candidates,
    play_refusals,
    play_step,
)


def _only_opponent(table, event: dict) -> Iterator[Refusal]:
    """A solo-opponent event written for someone else (its own are its controller's)."""
    yield Refusal("viscounts.log.player",
                  say("a {type} event is the solo opponent's ({solo}), not {player}'s",
                      type=event['type'],
                      solo=table.solo.name if table.solo else say("in a solo game"),
                      player=event.get('player')), found=str(event.get("player")), skip=True)


def _no_change(table, event: dict) -> None:
    """Nothing: a solo-opponent event written for someone else moves no turn on, and its
    refusal skips it."""


# A solo-opponent event written for someone else: refused before anything moves.
_ONLY_OPPONENT = {"refusals": _only_opponent, "apply": _no_change, "step": _no_change}


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
              phase="setup", refusals=setup_refusals, apply=apply_setup),
    EventSpec("pick", {"player": PLAYER, "pair": ("pair", True)}, phase="pick",
              refusals=pick_refusals, apply=apply_pick, candidates=pick_candidates,
              positional=("pair",)),
    EventSpec("play", {"player": PLAYER, "card": ("str", True), "blind": ("bool", False)},
              phase="card", refusals=play_refusals, apply=apply_play,
              candidates=play_candidates, step=play_step, positional=("card",)),
    EventSpec("move", {"player": PLAYER, "path": ("strs", True), "silver": ("int", False)},
              phase="move", refusals=move_refusals, apply=apply_move,
              candidates=move_candidates, positional=("path",)),
    EventSpec("trade", {"player": PLAYER, "times": ("int", True), **FUNDING},
              phase="action", refusals=trade_refusals, apply=apply_trade,
              candidates=trade_candidates, positional=("times",)),
    EventSpec("construct", {"player": PLAYER, "slot": ("str", True), "spot": ("str", True),
                            **FUNDING}, phase="action", refusals=construct_refusals,
              apply=apply_construct, candidates=construct_candidates,
              positional=("slot", "spot")),
    EventSpec("workers", {"player": PLAYER, "count": ("int", True), **FUNDING},
              phase="action", refusals=workers_refusals, apply=apply_workers,
              candidates=workers_candidates, positional=("count",)),
    EventSpec("transcribe", {"player": PLAYER, "manuscript": ("str", True), **FUNDING},
              phase="action", refusals=transcribe_refusals, apply=apply_transcribe,
              candidates=transcribe_candidates, positional=("manuscript",)),
    EventSpec("hire", {"player": PLAYER, "card": ("str", True)}, phase="recruit",
              refusals=hire_refusals, apply=apply_hire, candidates=hire_candidates,
              positional=("card",)),
    COLLISION,
    EventSpec("draw", {"player": PLAYER, "cards": ("strs", True)}, phase="draw",
              refusals=draw_refusals, apply=apply_draw, candidates=draw_candidates,
              step=draw_step, positional=("cards",)),
    # The solo opponent: its board, its Scheme flips and the row results the log records.
    EventSpec("opponent", {"board": ("str", True), "difficulty": ("int", True)},
              phase="pick", refusals=opponent_refusals, apply=apply_opponent,
              positional=("board", "difficulty")),
    EventSpec("scheme", {"player": PLAYER, "card": ("str", True)}, phase="card",
              positional=("card",), **_ONLY_OPPONENT),
    EventSpec("dismiss", {"player": PLAYER, "card": ("str", True)}, positional=("card",),
              **_ONLY_OPPONENT),
    EventSpec("gain_card", {"player": PLAYER, "card": ("str", True)}, positional=("card",),
              **_ONLY_OPPONENT),
    EventSpec("option", {"player": PLAYER, "option": ("int", True)}, phase="action",
              positional=("option",), **_ONLY_OPPONENT),
    # Chance and preparation: they belong to no phase and decline no waiting choice.
    EventSpec("shuffle", {"player": PLAYER}, refusals=shuffle_refusals, apply=apply_shuffle,
              candidates=shuffle_candidates, step=shuffle_step),
    EventSpec("reveal", {"pile": ("str", True), "card": ("str", False),
                         "manuscript": ("str", False)}, refusals=reveal_refusals,
              apply=apply_reveal, candidates=reveal_candidates, chance=True,
              positional=("pile",)),
    # The answers to the choices effects leave to players (``choices``).
    *ANSWER_SPECS.values(),
    # Claims and markers change nothing on the table: compared with it, or held.
    EventSpec("check", {"player": PLAYER, "values": ("claims", True)}, refusals=no_refusals,
              apply=record_claim),
    EventSpec("marker", {"round": ("int", True)}, positional=("round",),
              refusals=no_refusals, apply=hold_marker),
    EventSpec("final", {"scores": ("scores", True)}, refusals=final_refusals,
              apply=record_claim),
)}
CLAIM_EVENTS = ("check", "final")
# Changing nothing on the table, they are no part of a turn.
HELD_EVENTS = frozenset({*CLAIM_EVENTS, "marker"})
KEEP_WAITING = frozenset({"shuffle", "reveal", *HELD_EVENTS, *DECISIONS, "gain_card"})
