"""Chance as the table saw it, entered as forms of choices (``api.recorder_forms``).

The engine lists what the players may decide, not what chance may bring, so the recorder
asks for the chance event due, as a form: a slot per value the table reads off the
components (each space's tile, each row's cards, each die's face), each a choice among the
values the component facts allow. The event a form makes is checked by replaying it, like
any move, so a wrong entry is refused with the rule it breaks. Each game's forms are in a
module of their own. At the end of the game a form takes the final scores the table counted
(a claim, which the referee checks, never copies).
"""

from __future__ import annotations

from flask_babel import gettext

from api import recorder_coimbra, recorder_viscounts
from api.recorder_forms import slot

# The games whose every chance event has a form here: for them, when no player is to act
# and no form is due, the game is over.
FORMS = {"coimbra": recorder_coimbra.due, "viscounts": recorder_viscounts.due}


def knows_chance(game: str) -> bool:
    """Whether the forms cover all of a game's chance."""
    return game in FORMS


def due(header: dict, events: list[dict], look: dict) -> dict | None:
    """The form for the chance event due now, or None."""
    forms = FORMS.get(header["game"])
    return forms(header, events, look) if forms else None


def final_scores(header: dict, events: list[dict], look: dict) -> dict | None:
    """The form for the final scores the table counted (of every player the table scores,
    the solo opponent too), unless they are in the log."""
    if any(e.get("type") == "final" for e in events):
        return None
    scored = list(look["table"].get("players") or header["players"])
    return {"type": "final", "title": gettext("Final scores as the table counted them"),
            "note": gettext("Optional: the referee computes the scores and compares them with "
                            "these."),
            "fixed": {}, "groups": [{"title": gettext("Points"), "slots": [
                slot(f"scores/{p}", p, [], number=True) for p in scored]}]}


def claim_form(step: dict) -> dict:
    """The form for a claim a player may make at any step ("ana says she has 45 points"):
    the report compares it with the points computed there."""
    players = list(step["table"].get("players") or {})
    return {"type": "check", "title": gettext("A claim"), "fixed": {},
            "note": gettext("The referee compares it with the points it computes here."),
            "groups": [{"title": gettext("Who says they have how many points"), "slots": [
                slot("player", gettext("Player"), [(p, p) for p in players]),
                slot("values/points", gettext("Points"), [], number=True)]}]}
