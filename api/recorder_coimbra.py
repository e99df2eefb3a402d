"""Coimbra's chance as the table saw it: the set-up, each round's deal and its roll.

When no player is to act, the engine says which chance is due and what it may hold
(``Game.next_step``'s supply, kept in the recorder's look at the table): the set-up, the
next round's deal (the characters still in the deck, level II first) or the roll (the dice
of the pool); nothing after the last round.
"""

from __future__ import annotations

from flask_babel import gettext, lazy_gettext

from api import recorder_engine as engine
from api.recorder_forms import slot as _slot
from api.recorder_words import Labeller

VOYAGES_SHOWN = 6
ORDINALS = (lazy_gettext("1st"), lazy_gettext("2nd"), lazy_gettext("3rd"),
            lazy_gettext("4th"))  # places in the turn order


def due(header: dict, events: list[dict], look: dict) -> dict | None:
    """The form for the chance event due now, or None (a player acts, or it is over)."""
    supply = look["supply"]  # the engine's, when nobody may act
    if look["actions"] or supply is None:
        return None
    facts = engine.coimbra_facts(header)
    label = Labeller(header, events)
    if supply["type"] == "setup":
        return _coimbra_setup(header, facts, label)
    if supply["type"] == "roll":
        return _coimbra_roll(look["table"]["round"], supply, label)
    return _coimbra_deal(supply, facts, label)


def _coimbra_setup(header: dict, facts: dict, label: Labeller) -> dict:
    players = header["players"]
    by_level: dict[str, list[str]] = {}
    for tile, level in sorted(facts["monasteries"].items()):
        by_level.setdefault(level, []).append(tile)
    named = lambda ids: [(i, label.word(i)) for i in ids]  # noqa: E731
    pairs = [("+".join(p), " + ".join(label.word(c) for c in p)) for p in facts["start_pairs"]]
    tiles = [(t, _scoring_tile(v)) for t, v in sorted(facts["scoring_tiles"].items())]
    return {"type": "setup", "title": gettext("Set-up as the table laid it out"), "fixed": {},
            "groups": [
                {"title": gettext("Turn order for the first round"), "slots": [
                    _slot(f"order/{i}", str(ORDINALS[i]), [(p, p) for p in players])
                    for i in range(len(players))]},
                {"title": gettext("Monastery tiles on the board"), "slots": [
                    _slot(f"monasteries/{space}", gettext("%(space)s (level %(level)s)",
                                                          space=label.word(space), level=level),
                          named(by_level.get(level, [])))
                    for space, level in sorted(facts["spaces"].items())]},
                {"title": gettext("Voyages revealed"), "slots": [
                    _slot(f"voyages/{i}", gettext("Voyage %(number)s", number=i + 1),
                          named(facts["voyages"]))
                    for i in range(VOYAGES_SHOWN)]},
                {"title": gettext("Scoring tiles beside the tracks"), "slots": [
                    _slot(f"scoring_tiles/{track}", label.word(track), tiles)
                    for track in facts["tracks"]]},
                {"title": gettext("Start pairs displayed"), "slots": [
                    _slot(f"start_pairs/{i}", gettext("Pair %(number)s", number=i + 1), pairs,
                          pair=True)
                    for i in range(len(players))]},
            ]}


def _scoring_tile(values: dict) -> str:
    two = "/".join(map(str, values.get("two_players", [])))
    more = "/".join(map(str, values.get("three_four_players", [])))
    return gettext("%(two)s points with 2 players, %(more)s with 3-4", two=two, more=more)


def _coimbra_deal(supply: dict, facts: dict, label: Labeller) -> dict:
    round_, levels = supply["round"], facts["characters"]
    cards = [*sorted(supply["first"], key=label.word), *sorted(supply["then"], key=label.word)]
    choices = [(c, gettext("%(card)s (level %(level)s)", card=label.word(c), level=levels[c]))
               for c in cards]
    return {"type": "deal", "title": gettext("Characters dealt for round %(round)s",
                                             round=round_),
            "fixed": {"round": round_},
            "groups": [{"title": label.word(row).capitalize(), "slots": [
                _slot(f"{row}/{i}", gettext("Card %(number)s", number=i + 1), choices)
                for i in range(supply["per_row"])]} for row in supply["rows"]]}


def _coimbra_roll(round_: int, supply: dict, label: Labeller) -> dict:
    dice = [colour for colour, count in supply["dice"].items() for _ in range(count)]
    title = gettext("The dice rolled in round %(round)s", round=round_)
    return {"type": "roll", "title": title, "fixed": {},
            "groups": [{"title": gettext("Each die's face"), "slots": [
                _slot(f"dice/{i}", gettext("%(colour)s die", colour=label.word(colour)),
                      [(f"{colour}{v}", str(v)) for v in supply["faces"]])
                for i, colour in enumerate(dice)]}]}
