"""Viscounts' chance as the table saw it: the set-up, the solo opponent, a new pile top,
the cards drawn and the Schemes turned over.

The engine offers a hidden draw (cards ``?``) and an unnamed Scheme as moves; beside them a
form names what was drawn. When no player is to act, a pile top is due (a Townsfolk or a
manuscript was taken); when a player is to act and may do nothing, the game is over.
"""

from __future__ import annotations

from flask_babel import gettext, ngettext

from api import recorder_engine as engine
from api.recorder_forms import slot as _slot
from api.recorder_words import Labeller

UNSEEN = "?"  # a card drawn or turned over that the log does not name


def due(header: dict, events: list[dict], look: dict) -> dict | None:
    """The form for the chance event due now (or offered beside the moves), or None."""
    return _viscounts(header, events, look)


def _viscounts(header: dict, events: list[dict], look: dict) -> dict | None:
    facts = engine.viscounts_facts(header)
    label = Labeller(header, events)
    if not events:
        return _viscounts_setup(header, facts, label)
    if facts["solo"] and not any(e.get("type") == "opponent" for e in events):
        return _viscounts_opponent(facts, label)
    for action in look["actions"]:
        if action["type"] in ("scheme", "gain_card") and action.get("card") == UNSEEN:
            decks = ("starting", "future") if action["type"] == "scheme" else ("future",)
            ids = [i for deck in decks for i in facts["schemes"][deck]]
            return {"type": action["type"], "fixed": {"player": action["player"]},
                    "title": gettext("The Scheme card %(player)s turns over",
                                     player=action["player"]) if action["type"] == "scheme"
                    else gettext("The Scheme card %(player)s gains", player=action["player"]),
                    "groups": [{"title": gettext("Scheme"), "slots": [_slot(
                        "card", gettext("Card"), [(i, label.word(i)) for i in ids])]}]}
    draws = [a for a in look["actions"] if a["type"] == "draw" and UNSEEN in a["cards"]]
    if draws:
        return _viscounts_draw(draws[0], look, label)
    if not look["actions"] and look["acting"] is None and look.get("chance_actions"):
        return _viscounts_reveal(look["chance_actions"], label)
    return None


def _viscounts_setup(header: dict, facts: dict, label: Labeller) -> dict:
    named = lambda ids: [(i, label.word(i)) for i in ids]  # noqa: E731
    sides = facts["sides"]
    size, left = divmod(len(facts["neutral"]), len(sides))
    sizes = [(str(n), ngettext("%(num)d card", "%(num)d cards", n))
             for n in sorted({size, size + bool(left)})]
    townsfolk = sorted(named(facts["neutral"]), key=lambda c: c[1])
    return {"type": "setup", "title": gettext("Set-up as the table laid it out"), "fixed": {},
            "order_by": {"pile_sizes": "segments", "townsfolk": "segments",
                         "manuscripts": "segments"},
            "groups": [
                {"title": gettext("Start Player"), "slots": [
                    _slot("start_player", gettext("Start Player"),
                          [(p, p) for p in header["players"]])]},
                {"title": gettext("The board's segments, clockwise"), "slots": [
                    _slot(f"segments/{i}", gettext("Position %(number)s", number=i + 1),
                          named(sides))
                    for i in range(len(sides))]},
                {"title": gettext("The castle"), "slots": [
                    _slot("castle", gettext("Tier-2 section"), named(facts["castles"]))]},
                *({"title": gettext("The piles of %(side)s", side=label.word(side)), "slots": [
                    _slot(f"pile_sizes/{side}", gettext("Townsfolk pile"), sizes, number=True),
                    _slot(f"townsfolk/{side}", gettext("Townsfolk on top"), townsfolk),
                    _slot(f"manuscripts/{side}", gettext("Manuscript on top"),
                          named(facts["grey"]))]}
                  for side in sides),
                {"title": gettext("Player Card and Hero pairs laid out"), "slots": [
                    slot for i in range(facts["pairs"]) for slot in (
                        _slot(f"pairs/{i}/0", gettext("Pair %(number)s: Player Card",
                                                      number=i + 1),
                              named(facts["player_cards"])),
                        _slot(f"pairs/{i}/1", gettext("Pair %(number)s: Hero", number=i + 1),
                              named(facts["heroes"])))]},
            ]}


def _viscounts_opponent(facts: dict, label: Labeller) -> dict:
    return {"type": "opponent", "title": gettext("The solo opponent"), "fixed": {}, "groups": [
        {"title": gettext("Its AI board and difficulty"), "slots": [
            _slot("board", gettext("AI board"), [(b, label.word(b)) for b in facts["boards"]]),
            _slot("difficulty", gettext("Future Schemes shuffled in"),
                  [(str(d), str(d)) for d in facts["difficulties"]], number=True)]}]}


def _viscounts_draw(draw: dict, look: dict, label: Labeller) -> dict:
    player = draw["player"]
    owned = (look["table"].get("players") or {}).get(player, {}).get("cards_owned") or []
    cards = sorted({(c, label.word(c)) for c in owned}, key=lambda c: c[1])
    return {"type": "draw", "fixed": {"player": player},
            "title": gettext("The cards %(player)s drew", player=player),
            "note": gettext("Name them, or tap the draw of unseen cards above: a hidden card "
                            "is named when it is played."),
            "groups": [{"title": gettext("Cards drawn"), "slots": [
                _slot(f"cards/{i}", gettext("Card %(number)s", number=i + 1), cards)
                for i in range(len(draw["cards"]))]}]}


def _viscounts_reveal(reveals: list[dict], label: Labeller) -> dict:
    """The pile whose top was taken, and what may lie on it now: exactly the reveals the
    referee accepts here (``next_step``), so a pile nobody took from is never offered."""
    piles = list(dict.fromkeys(r["pile"] for r in reveals))
    shown = sorted({(f"{kind}:{r[kind]}", label.word(r[kind])) for r in reveals
                    for kind in ("card", "manuscript") if kind in r},
                   key=lambda c: (c[0].partition(":")[0], c[1]))
    slots = [_slot("shown", gettext("Card or manuscript now on top"), shown, keyed=True)]
    if len(piles) == 1:
        return {"type": "reveal", "title": gettext("The new top of a pile"),
                "fixed": {"pile": piles[0]},
                "note": gettext("A Townsfolk or a manuscript was taken from the top of the "
                                "pile of %(pile)s: what lies on top now?",
                                pile=label.word(piles[0])),
                "groups": [{"title": gettext("Revealed"), "slots": slots}]}
    slots.insert(0, _slot("pile", gettext("Pile"), [(s, label.word(s)) for s in piles]))
    return {"type": "reveal", "title": gettext("The new top of a pile"), "fixed": {},
            "note": gettext("A Townsfolk or a manuscript was taken from the top of a pile: "
                            "what lies on top now?"),
            "groups": [{"title": gettext("Revealed"), "slots": slots}]}
