"""What the recorder's pages call things: moves, cards, spaces and values as people see them.

An event is written in the game's text notation, then every id in it is replaced by its
printed name (``c2-21`` reads ``Licenciado Brás``), and the ids no component prints a name
for by the words of ``data/recorder_words.json`` (``corner-nw`` reads "the north-west
corner", ``gray6`` "gray 6", a monastery space by the tile the table laid on it); a move's
own words (``place``, ``hire``) as its ``notation`` says them, and a path (``paths``: the
field of the places a move walks) with arrows between its places. Those words are said in the
reader's language (``languages/pages.cfg`` extracts them); printed names are those the
catalog gives as printed in the reader's language, else the English printed ones.
"""

from __future__ import annotations

import json
import re
from functools import cache
from importlib import resources

from flask_babel import gettext, ngettext

from api import recorder_engine as engine
from api.languages import request_language

TOKEN = re.compile(r"[A-Za-z][\w-]*")
UNSEEN = re.compile(r"(?<!\S)\?(?: \?)*(?!\S)")  # cards the log does not name: "? ? ?"


@cache
def _words() -> dict:
    return json.loads(resources.files("api").joinpath("data", "recorder_words.json")
                      .read_text("utf-8"))


def _game_words(game: str) -> dict:
    return _words().get(game, {})


class Labeller:
    """Names for the ids of one recording: printed names, the game's words, and the names
    of places the recording's own setup gives (the tile laid on a monastery space)."""

    def __init__(self, header: dict, events: list[dict], extra: dict | None = None):
        self.game = header["game"]
        words = _game_words(self.game)
        self.words = {ident: gettext(word) for ident, word in words.get("words", {}).items()}
        # The names printed in the reader's language go over the English ones of the step.
        self.names = {**engine.printed_names(header), **(extra or {}),
                      **engine.names_in_language(header, request_language()), **self.words}
        self.patterns = [(re.compile(p), gettext(template))
                         for p, template in words.get("patterns", [])]
        self.groups = {kind: gettext(title) for kind, title in words.get("groups", {}).items()}
        self.fields = words.get("fields", {})
        self.notation = {verb: gettext(said) for verb, said in words.get("notation", {}).items()}
        self.paths = words.get("paths", {})  # event type -> its field of places walked
        # The notation's ``key=value`` parts a person reads as words ("pay=ink:2": "paying 2
        # ink"), each template said in the reader's language.
        self.phrases = [(re.compile(p), gettext(template))
                        for p, template in words.get("phrases", [])]
        self.places: dict[str, str] = {}
        places = words.get("places_from")
        # The event that lays the places out names them by what it lays there: it reads
        # with the places' own words ("monastery space 3=Convento de Arouca").
        self.laying = places["event"] if places else None
        if places:
            placed = next((e.get(places["field"]) for e in events
                           if e.get("type") == places["event"]), None) or {}
            for place, item in placed.items():
                number = re.sub(r"\D", "", place).lstrip("0") or place
                self.places[place] = gettext(places["label"]).format(
                    name=self.names.get(item, item), number=number)

    def word(self, ident: str, places: bool = True, notation: bool = False) -> str:
        """One id as a person reads it (the id itself when nothing names it); with
        ``notation``, a word of the text notation too."""
        if places and ident in self.places:
            return self.places[ident]
        if ident in self.names:
            return self.names[ident]
        for pattern, template in self.patterns:
            match = pattern.match(ident)
            if match:
                # a part the game's words name (a die's colour) is said in them too
                return template.format(*(self.words.get(part, part) for part in match.groups()))
        return self.notation.get(ident, ident) if notation else ident

    def text(self, text: str, places: bool = True, notation: bool = False) -> str:
        """A piece of notation with its ids named (and, with ``notation``, its words)."""
        named = TOKEN.sub(lambda m: self.word(m.group(0), places, notation), text)
        named = UNSEEN.sub(lambda m: _unseen(m.group(0).count("?")), named)
        return named.replace(" -> ", " → ").replace("+", " + ")

    def event(self, event: dict) -> str:
        """An event as a button or a log line says it, without its player's name; a path
        (the spaces a Viscount walks) one space after the other, with arrows between."""
        path = event.get(self.paths.get(event.get("type"), ""))
        if isinstance(path, list) and path and all(isinstance(p, str) for p in path):
            return " ".join((self.notation.get(event["type"], event["type"]),
                             " → ".join(self.word(place) for place in path)))
        text = engine.event_text(self.game, event)
        for pattern, template in self.phrases:
            text = pattern.sub(lambda m, said=template: said.format(*m.groups()), text)
        player = event.get("player")
        if isinstance(player, str) and text.startswith(player + ": "):
            text = text[len(player) + 2:]
        return self.text(text, places=event.get("type") != self.laying, notation=True)

    def group(self, kind: str) -> str:
        """The heading of a group of moves of one event type."""
        return self.groups.get(kind, kind.replace("_", " ").capitalize())

    def field(self, name: str) -> str:
        """A field of a player's holdings, as the table's rows head it."""
        return gettext(self.fields.get(name, name.replace("_", " ")))

    def value(self, value) -> str:
        """A player's holding (a number, an id, a list or mapping of them) as text."""
        if isinstance(value, dict):
            return ", ".join(f"{self.word(str(k))} {self.value(v)}" for k, v in value.items()) \
                or "—"
        if isinstance(value, list | tuple):
            return ", ".join(self.value(v) for v in value) or "—"
        if isinstance(value, bool):
            return gettext("yes") if value else gettext("no")
        if value is None or value == "":
            return "—"
        return self.word(value) if isinstance(value, str) else str(value)


def _unseen(count: int) -> str:
    return ngettext("%(num)d unseen card", "%(num)d unseen cards", count)
