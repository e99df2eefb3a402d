"""Coimbra's chance as the table saw it: the set-up, each round's deal and its roll.

When no player is to act, the chance due is the set-up (before the first event), the roll
(after a deal) or the next round's deal; after the last round the game is over.
"""

from __future__ import annotations

from api import recorder_engine as engine
from api.recorder_forms import slot as _slot
from api.recorder_words import Labeller

ROWS = ("upper", "central", "lower")
CARDS_PER_ROW = 4
VOYAGES_SHOWN = 6
ORDINALS = ("1st", "2nd", "3rd", "4th")  # places in the turn order


def due(header: dict, events: list[dict], look: dict) -> dict | None:
    """The form for the chance event due now, or None (a player acts, or it is over)."""
    return None if look["actions"] else _coimbra(header, events, look)


def _coimbra(header: dict, events: list[dict], look: dict) -> dict | None:
    facts = engine.coimbra_facts(header)
    label = Labeller(header, events)
    if not events:
        return _coimbra_setup(header, facts, label)
    table = look["table"]
    last = next((e["type"] for e in reversed(events) if e.get("type") not in
                 ("check", "marker", "final")), None)
    if last == "deal":
        return _coimbra_roll(table["round"], facts)
    if table["round"] < facts["rounds"]:
        return _coimbra_deal(table["round"] + 1, events, facts, label)
    return None


def _coimbra_setup(header: dict, facts: dict, label: Labeller) -> dict:
    players = header["players"]
    by_level: dict[str, list[str]] = {}
    for tile, level in sorted(facts["monasteries"].items()):
        by_level.setdefault(level, []).append(tile)
    named = lambda ids: [(i, label.word(i)) for i in ids]  # noqa: E731
    pairs = [("+".join(p), " + ".join(label.word(c) for c in p)) for p in facts["start_pairs"]]
    tiles = [(t, _scoring_tile(v)) for t, v in sorted(facts["scoring_tiles"].items())]
    return {"type": "setup", "title": "Set-up as the table laid it out", "fixed": {},
            "groups": [
                {"title": "Turn order for the first round", "slots": [
                    _slot(f"order/{i}", ORDINALS[i], [(p, p) for p in players])
                    for i in range(len(players))]},
                {"title": "Monastery tiles on the board", "slots": [
                    _slot(f"monasteries/{space}", f"{label.word(space)} (level {level})",
                          named(by_level.get(level, [])))
                    for space, level in sorted(facts["spaces"].items())]},
                {"title": "Voyages revealed", "slots": [
                    _slot(f"voyages/{i}", f"Voyage {i + 1}", named(facts["voyages"]))
                    for i in range(VOYAGES_SHOWN)]},
                {"title": "Scoring tiles beside the tracks", "slots": [
                    _slot(f"scoring_tiles/{track}", label.word(track), tiles)
                    for track in facts["tracks"]]},
                {"title": "Start pairs displayed", "slots": [
                    _slot(f"start_pairs/{i}", f"Pair {i + 1}", pairs, pair=True)
                    for i in range(len(players))]},
            ]}


def _scoring_tile(values: dict) -> str:
    two = "/".join(map(str, values.get("two_players", [])))
    more = "/".join(map(str, values.get("three_four_players", [])))
    return f"{two} points with 2 players, {more} with 3-4"


def _coimbra_deal(round_: int, events: list[dict], facts: dict, label: Labeller) -> dict:
    dealt = {c for e in events if e.get("type") == "deal" for row in ROWS
             for c in e.get(row, ())}
    cards = sorted((c for c, level in facts["characters"].items()
                    if level != "I" and c not in dealt),
                   key=lambda c: (facts["characters"][c], label.word(c)))
    choices = [(c, f"{label.word(c)} (level {facts['characters'][c]})") for c in cards]
    return {"type": "deal", "title": f"Characters dealt for round {round_}",
            "fixed": {"round": round_},
            "groups": [{"title": label.word(row).capitalize(), "slots": [
                _slot(f"{row}/{i}", f"Card {i + 1}", choices) for i in range(CARDS_PER_ROW)]}
                for row in ROWS]}


def _coimbra_roll(round_: int, facts: dict) -> dict:
    return {"type": "roll", "title": f"The dice rolled in round {round_}", "fixed": {},
            "groups": [{"title": "Each die's face", "slots": [
                _slot(f"dice/{i}", f"{colour} die", [(f"{colour}{v}", str(v))
                                                     for v in range(1, 7)])
                for i, colour in enumerate(facts["dice"])]}]}
