"""Every Coimbra event type, declared once: its fields, its phase, how the text notation
reads and prints it, and, as an action kind (``replay.core.protocol.actions``), the rules it can
break (``refusals``), what it changes (``apply``) and the events of its kind worth offering
(``candidates``; ``supply`` for chance too varied to list).

The shape check (``replay.core.protocol.shapes``), the replay loop (``replay.coimbra.engine``), the
legal actions (``replay.coimbra.legal``) and the notation (``replay.coimbra.notation``) all
read this one table.
"""

from __future__ import annotations

from replay.coimbra import drafting, favors, income, lines, pilgrim, returns, setup, voyages
from replay.coimbra.dice import DIE_EXAMPLE, normalise_die
from replay.core.protocol.actions import EventSpec
from replay.core.protocol.notes import hold_marker, no_refusals, record_claim
from replay.core.protocol.shapes import COMMON_KINDS, FieldKind, is_int, is_str, str_list
from replay.core.speech import say


def _claims(value) -> bool:
    return isinstance(value, dict) and all(is_int(v) or is_str(v) for v in value.values())


FIELD_KINDS: dict[str, FieldKind] = {
    **COMMON_KINDS,
    "die": FieldKind(is_str, DIE_EXAMPLE, normalise_die, DIE_EXAMPLE),
    "dice": FieldKind(str_list, say('a list of dice such as ["gray5", "white2"]'), normalise_die,
                      DIE_EXAMPLE, many=True, plain_items=str),
    "claims": FieldKind(_claims, say("an object of numbers (or a place, for pilgrim)")),
}

PLAYER = ("str", True)

EVENT_SPECS: dict[str, EventSpec] = {spec.kind: spec for spec in (
    EventSpec("setup", {"order": ("strs", True), "monasteries": ("str_map", True),
                        "voyages": ("strs", True), "scoring_tiles": ("str_map", True),
                        "start_pairs": ("pairs", True)},
              phase="setup", write=lines.print_setup, refusals=setup.setup_refusals,
              apply=setup.apply_setup, supply=setup.setup_supply, chance=True),
    EventSpec("start", {"player": PLAYER, "pair": ("pair", False), "corner": ("str", False)},
              phase="start", read=lines.read_start, write=lines.print_start,
              refusals=setup.start_refusals, apply=setup.apply_start,
              candidates=setup.start_candidates),
    EventSpec("deal", {"round": ("int", True), "upper": ("strs", True),
                       "central": ("strs", True), "lower": ("strs", True)},
              phase="deal", write=lines.print_deal, refusals=drafting.deal_refusals,
              apply=drafting.apply_deal, supply=drafting.deal_supply, chance=True),
    EventSpec("roll", {"dice": ("dice", True)}, phase="A", write=lines.print_roll,
              refusals=drafting.roll_refusals, apply=drafting.apply_roll,
              supply=drafting.roll_supply, chance=True),
    EventSpec("place", {"player": PLAYER, "die": ("die", True), "to": ("str", True)},
              phase="B", read=lines.read_place, write=lines.print_place,
              refusals=drafting.place_refusals, apply=drafting.apply_place,
              candidates=drafting.place_candidates),
    # ``voyage``: the investment at once a tile may allow; ``bonus``: the die a tile's +3
    # goes to (``replay.coimbra.favors``).
    EventSpec("favor", {"player": PLAYER, "tile": ("str", True), "die": ("die", False),
                        "voyage": ("str", False), "bonus": ("die", False)},
              phase="C", read=lines.read_favor, write=lines.print_favor,
              refusals=returns.favor_refusals, apply=returns.apply_favor,
              candidates=returns.favor_candidates),
    # The holder of a favor tile that offers a choice of rewards answers it at once.
    EventSpec("choose", {"player": PLAYER, "take": ("str", True)},
              phase="C", read=lines.read_choose, write=lines.print_choose,
              refusals=favors.choose_refusals, apply=favors.apply_choose,
              candidates=favors.choose_candidates),
    EventSpec("recruit", {"player": PLAYER, "card": ("str", True), "die": ("die", False),
                          "pay": ("counts", False)},
              phase="C", read=lines.read_recruit, write=lines.print_recruit,
              refusals=returns.recruit_refusals, apply=returns.apply_recruit,
              candidates=returns.recruit_candidates),
    EventSpec("distress", {"player": PLAYER, "coins": ("int", False),
                           "guards": ("int", False), "die": ("die", False)},
              phase="C", read=lines.read_distress, write=lines.print_distress,
              refusals=returns.distress_refusals, apply=returns.apply_distress,
              candidates=returns.distress_candidates),
    EventSpec("income", {"player": PLAYER, "die": ("die", True), "track": ("str", False)},
              phase="E", read=lines.read_income, write=lines.print_income,
              refusals=income.income_refusals, apply=income.apply_income,
              candidates=income.income_candidates),
    # A pilgrim move belongs to no phase: it spends steps the event before it gave.
    EventSpec("move", {"player": PLAYER, "path": ("strs", True)}, read=lines.read_move,
              write=lines.print_move, refusals=pilgrim.move_refusals,
              apply=pilgrim.apply_move, candidates=pilgrim.move_candidates),
    EventSpec("invest", {"player": PLAYER, "voyage": ("str", True)}, phase="F",
              read=lines.read_invest, write=lines.print_invest,
              refusals=voyages.invest_refusals, apply=voyages.apply_invest,
              candidates=voyages.invest_candidates),
    EventSpec("pass", {"player": PLAYER}, phase="F", read=lines.read_pass,
              write=lines.print_pass, refusals=voyages.pass_refusals,
              apply=voyages.apply_pass, candidates=voyages.pass_candidates),
    # Claims and markers change nothing on the table: claims are compared with what is
    # computed, markers with the event after them.
    EventSpec("check", {"player": PLAYER, "values": ("claims", True)},
              write=lines.print_check, refusals=no_refusals, apply=record_claim),
    EventSpec("marker", {"round": ("int", False), "phase": ("str", False)},
              write=lines.print_marker, refusals=no_refusals, apply=hold_marker),
    EventSpec("final", {"scores": ("scores", True)}, write=lines.print_final,
              refusals=no_refusals, apply=record_claim),
)}
CLAIM_EVENTS = ("check", "final")
# The verbs a player's line may use (``ana: recruit ...``), in the order they are listed.
VERBS = tuple(kind for kind, spec in EVENT_SPECS.items() if spec.read is not None)
