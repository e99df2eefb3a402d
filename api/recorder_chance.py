"""Chance as the table saw it: setups, deals and rolls entered as a form of choices.

The engine lists what the players may decide, not what chance may bring, so when no
player is to act the recorder asks for the chance event due, as a form: a slot per value
the table reads off the components (each space's tile, each row's cards, each die's face),
each a choice among the values the component facts allow. The event the form makes is
checked by replaying it, like any move, so a wrong entry is refused with the rule it
breaks. At the end of the game a form takes the final scores the table counted (a claim,
which the referee checks, never copies).

A form is plain data (kept with the recording's step): ``type`` and ``fixed`` give the
event's fixed fields, ``groups`` its slots; a slot's ``path`` says where its value goes
(``monasteries/space-01``, ``upper/0``), ``pair`` a value written ``a+b``, ``number`` a
whole number typed in.
"""

from __future__ import annotations

from api import recorder_engine as engine
from api.recorder_words import Labeller

ROWS = ("upper", "central", "lower")
CARDS_PER_ROW = 4
VOYAGES_SHOWN = 6
ORDINALS = ("1st", "2nd", "3rd", "4th", "5th", "6th", "7th", "8th")


class EntryError(ValueError):
    """A chance form filled in wrongly (a slot left empty, a value not offered)."""

    def __init__(self, message: str, slot: str | None = None):
        super().__init__(message)
        self.slot = slot


def _slot(path: str, label: str, choices: list[tuple[str, str]], **extra) -> dict:
    return {"path": path, "label": label, "choices": [list(c) for c in choices], **extra}


def knows_chance(game: str) -> bool:
    """Whether the forms here cover all of a game's chance (so that when no player is to
    act and no form is due, the game is over)."""
    return game == "coimbra"


def due(header: dict, events: list[dict], look: dict) -> dict | None:
    """The form for the chance event due now, or None (a player acts, or the game is over
    and its final scores are in)."""
    if look["actions"]:
        return None
    if header["game"] == "coimbra":
        return _coimbra(header, events, look)
    return None


def final_scores(header: dict, events: list[dict]) -> dict | None:
    """The form for the final scores the table counted, unless they are in the log."""
    if any(e.get("type") == "final" for e in events):
        return None
    return {"type": "final", "title": "Final scores as the table counted them",
            "note": "Optional: the referee computes the scores and compares them with these.",
            "fixed": {}, "groups": [{"title": "Points", "slots": [
                _slot(f"scores/{p}", p, [], number=True) for p in header["players"]]}]}


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


def build_event(form: dict, values) -> dict:
    """The event a filled-in form makes; ``EntryError`` names the first slot at fault.
    ``values`` maps each slot's path to the value chosen (a form's fields)."""
    event = {"type": form["type"], **form["fixed"]}
    for group in form["groups"]:
        for slot in group["slots"]:
            raw = values.get(slot["path"])
            raw = raw.strip() if isinstance(raw, str) else raw
            if raw in (None, ""):
                raise EntryError(f"{group['title']}: {slot['label']} is not chosen",
                                 slot["path"])
            value = _value(slot, raw, group["title"])
            _put(event, slot["path"].split("/"), value)
    return event


def _value(slot: dict, raw, title: str):
    if slot.get("number"):
        try:
            return int(raw)
        except (TypeError, ValueError):
            raise EntryError(f"{title}: {slot['label']} is a whole number, not {raw!r}",
                             slot["path"]) from None
    if raw not in {c[0] for c in slot["choices"]}:
        raise EntryError(f"{title}: {slot['label']} cannot be {raw!r}", slot["path"])
    return raw.split("+") if slot.get("pair") else raw


def _put(event: dict, path: list[str], value) -> None:
    field, key = path
    if key.isdigit():
        items = event.setdefault(field, [])
        items.extend([None] * (int(key) + 1 - len(items)))
        items[int(key)] = value
    else:
        event.setdefault(field, {})[key] = value
