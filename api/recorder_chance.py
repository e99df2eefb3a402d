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
(``monasteries/space-01``, ``upper/0``, ``pairs/0/1``), ``pair`` a value written ``a+b``,
``number`` a whole number (typed in, or chosen when the slot has choices), ``keyed`` a
value written ``field:value`` that says which field it fills; ``order_by`` puts the keys of
mapping fields in the order of a list field (a pile per board side, in board order).
"""

from __future__ import annotations

from api import recorder_engine as engine
from api.recorder_words import Labeller

ROWS = ("upper", "central", "lower")
CARDS_PER_ROW = 4
VOYAGES_SHOWN = 6
ORDINALS = ("1st", "2nd", "3rd", "4th", "5th", "6th", "7th", "8th")


UNSEEN = "?"  # a card drawn or flipped that the log does not name


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
    return game in ("coimbra", "viscounts")


def due(header: dict, events: list[dict], look: dict) -> dict | None:
    """The form for the chance event due now, or None (a player acts, or the game is over
    and its final scores are in). Viscounts' hidden draws are offered as moves (cards
    unnamed, ``?``) and, beside them, as a form that names the cards drawn."""
    if header["game"] == "coimbra":
        return None if look["actions"] else _coimbra(header, events, look)
    if header["game"] == "viscounts":
        return _viscounts(header, events, look)
    return None


def final_scores(header: dict, events: list[dict], look: dict) -> dict | None:
    """The form for the final scores the table counted (of every player the table scores,
    the solo opponent too), unless they are in the log."""
    if any(e.get("type") == "final" for e in events):
        return None
    scored = list(look["table"].get("players") or header["players"])
    return {"type": "final", "title": "Final scores as the table counted them",
            "note": "Optional: the referee computes the scores and compares them with these.",
            "fixed": {}, "groups": [{"title": "Points", "slots": [
                _slot(f"scores/{p}", p, [], number=True) for p in scored]}]}


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
                    "title": f"The Scheme card {action['player']} "
                             + ("turns over" if action["type"] == "scheme" else "gains"),
                    "groups": [{"title": "Scheme", "slots": [_slot(
                        "card", "Card", [(i, label.word(i)) for i in ids])]}]}
    draws = [a for a in look["actions"] if a["type"] == "draw" and UNSEEN in a["cards"]]
    if draws:
        return _viscounts_draw(draws[0], look, label)
    if not look["actions"] and look["acting"] is None:
        return _viscounts_reveal(events, facts, label)
    return None


def _viscounts_setup(header: dict, facts: dict, label: Labeller) -> dict:
    named = lambda ids: [(i, label.word(i)) for i in ids]  # noqa: E731
    sides = facts["sides"]
    size, left = divmod(len(facts["neutral"]), len(sides))
    sizes = [(str(n), f"{n} cards") for n in sorted({size, size + bool(left)})]
    townsfolk = sorted(named(facts["neutral"]), key=lambda c: c[1])
    return {"type": "setup", "title": "Set-up as the table laid it out", "fixed": {},
            "order_by": {"pile_sizes": "segments", "townsfolk": "segments",
                         "manuscripts": "segments"},
            "groups": [
                {"title": "Start Player", "slots": [
                    _slot("start_player", "Start Player", [(p, p) for p in header["players"]])]},
                {"title": "The board's segments, clockwise", "slots": [
                    _slot(f"segments/{i}", f"Position {i + 1}", named(sides))
                    for i in range(len(sides))]},
                {"title": "The castle", "slots": [
                    _slot("castle", "Tier-2 section", named(facts["castles"]))]},
                *({"title": f"The piles of {label.word(side)}", "slots": [
                    _slot(f"pile_sizes/{side}", "Townsfolk pile", sizes, number=True),
                    _slot(f"townsfolk/{side}", "Townsfolk on top", townsfolk),
                    _slot(f"manuscripts/{side}", "Manuscript on top", named(facts["grey"]))]}
                  for side in sides),
                {"title": "Player Card and Hero pairs laid out", "slots": [
                    slot for i in range(facts["pairs"]) for slot in (
                        _slot(f"pairs/{i}/0", f"Pair {i + 1}: Player Card",
                              named(facts["player_cards"])),
                        _slot(f"pairs/{i}/1", f"Pair {i + 1}: Hero", named(facts["heroes"])))]},
            ]}


def _viscounts_opponent(facts: dict, label: Labeller) -> dict:
    return {"type": "opponent", "title": "The solo opponent", "fixed": {}, "groups": [
        {"title": "Its AI board and difficulty", "slots": [
            _slot("board", "AI board", [(b, label.word(b)) for b in facts["boards"]]),
            _slot("difficulty", "Future Schemes shuffled in",
                  [(str(d), str(d)) for d in facts["difficulties"]], number=True)]}]}


def _viscounts_draw(draw: dict, look: dict, label: Labeller) -> dict:
    player = draw["player"]
    owned = (look["table"].get("players") or {}).get(player, {}).get("cards_owned") or []
    cards = sorted({(c, label.word(c)) for c in owned}, key=lambda c: c[1])
    return {"type": "draw", "fixed": {"player": player},
            "title": f"The cards {player} drew",
            "note": "Name them, or tap the draw of unseen cards above: a hidden card is "
                    "named when it is played.",
            "groups": [{"title": "Cards drawn", "slots": [
                _slot(f"cards/{i}", f"Card {i + 1}", cards)
                for i in range(len(draw["cards"]))]}]}


def _viscounts_reveal(events: list[dict], facts: dict, label: Labeller) -> dict:
    board = next((e["segments"] for e in events if e.get("type") == "setup"), facts["sides"])
    shown = sorted([(f"card:{c}", label.word(c)) for c in facts["neutral"]],
                   key=lambda c: c[1])
    shown += [(f"manuscript:{m}", label.word(m)) for m in facts["manuscripts"]]
    return {"type": "reveal", "title": "The new top of a pile", "fixed": {},
            "note": "A Townsfolk or a manuscript was taken from the top of a pile: "
                    "what lies on top now?",
            "groups": [{"title": "Revealed", "slots": [
                _slot("pile", "Pile", [(s, label.word(s)) for s in board]),
                _slot("shown", "Card or manuscript now on top", shown, keyed=True)]}]}


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
            if slot.get("keyed"):
                field, _, value = value.partition(":")
                event[field] = value
            else:
                _put(event, slot["path"].split("/"), value)
    for field, by in form.get("order_by", {}).items():
        event[field] = {key: event[field][key] for key in event[by] if key in event[field]} \
            | event[field]
    return event


def _value(slot: dict, raw, title: str):
    typed = slot.get("number") and not slot["choices"]
    if not typed and raw not in {c[0] for c in slot["choices"]}:
        raise EntryError(f"{title}: {slot['label']} cannot be {raw!r}", slot["path"])
    if slot.get("number"):
        try:
            return int(raw)
        except (TypeError, ValueError):
            raise EntryError(f"{title}: {slot['label']} is a whole number, not {raw!r}",
                             slot["path"]) from None
    return raw.split("+") if slot.get("pair") else raw


def _put(into, path: list[str], value) -> None:
    """Put ``value`` at ``path`` (field names, list positions) inside ``into``."""
    key, rest = path[0], path[1:]
    if isinstance(into, list):
        key = int(key)
        into.extend([None] * (key + 1 - len(into)))
    if not rest:
        into[key] = value
        return
    missing = into[key] is None if isinstance(into, list) else key not in into
    if missing:
        into[key] = [] if rest[0].isdigit() else {}
    _put(into[key], rest, value)
