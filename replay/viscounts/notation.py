"""The Viscounts text notation: one line per event, for people recording at the table.

```
[game "viscounts"]
[players "ana bruno"]
setup start_player=ana segments=seg1a,seg2a,seg3a,seg4a,seg5a castle=tier2-ink-stone ...
bruno: pick pc-7+Lothaire
bruno: resource stone
bruno: draw ? ? ?
ana: play Thief
ana: move seg1a-or
ana: trade 1
ana: hire Foreman
reveal seg1a card=Conspirator
ana: check silver=6 ink=3
final ana=40 bruno=38
```

A line is ``player: verb`` (or ``verb`` for events without a player), then the event's
main fields by position (``POSITIONAL``) and any field as ``name=value``. Lists are
comma-separated (the last positional list may also be space-separated), maps are
``key:value`` items, a pair is ``a+b``. Cards may be written by their printed name
(case and accents ignored, ``"Debt Collector"`` quoted when it has spaces) or by id; a name
several cards share needs the id. ``parse_text`` gives the same model as the JSON log;
``print_text`` prints it canonically, so ``parse_text(print_text(log)) == log``.
"""

from __future__ import annotations

import re
import unicodedata

from replay.core.logs.log import GameLog
from replay.core.logs.problems import LogProblem
from replay.core.logs.text import (
    WHOLE_NUMBER,
    Line,
    TextSource,
    closest,
    comment_lines,
    header_lines,
    number_too_long,
    read_source,
    split_comment,
    words,
)
from replay.core.logs.text_log import finish_text_log
from replay.core.speech import say
from replay.core.words import alternatives
from replay.viscounts.catalog import load_catalog
from replay.viscounts.events import EVENT_SPECS, FIELD_KINDS
from replay.viscounts.solo import OPPONENT

# The fields a line gives by position, in order (a list field takes the rest of the line).
POSITIONAL = {kind: spec.positional for kind, spec in EVENT_SPECS.items() if spec.positional}
# Fields naming Townsfolk cards, written by printed name where the name is unique.
CARD_FIELDS = frozenset({"card", "cards", "dismiss", "townsfolk"})
FLAGS = {"blind": True}  # a bare word that sets a boolean field
WORD = re.compile(r'"[^"]*"|[^\s"]+')
VERB_ALIASES = {"round": "marker", "recruit": "hire", "build": "construct",
                "place": "workers"}


def _key(text: str) -> str:
    """A name as compared: accents and case dropped, only letters and digits kept."""
    plain = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]", "", plain.lower())


class CardNames:
    """Printed names of the catalog's Townsfolk: name -> ids, id -> unique name."""

    def __init__(self):
        catalog = load_catalog()
        self.ids = set(catalog.townsfolk) | set(catalog.schemes)  # Schemes by id
        self.by_key: dict[str, list[str]] = {}
        for card in catalog.townsfolk.values():
            self.by_key.setdefault(_key(card.name), []).append(card.id)
        self.names = {ids[0]: catalog.townsfolk[ids[0]].name
                      for ids in self.by_key.values() if len(ids) == 1}

    def read(self, word: str) -> tuple[str | None, str | None]:
        """The id a word names, or None and why not."""
        if word in self.ids or word == "?" or word.endswith("-tf"):
            return word, None
        folded = word.lower()
        if folded in self.ids or folded.endswith("-tf"):  # ids, like names, in any case
            return folded, None
        ids = self.by_key.get(_key(word))
        if ids is None:
            return None, say("unknown card {word}", word=repr(word))
        if len(ids) > 1:
            return None, say("{word} is the name of {number} cards: write one of {items}",
                             word=repr(word), number=len(ids), items=', '.join(ids))
        return ids[0], None

    def write(self, ident: str) -> str:
        """A card as printed when its name is unique, else its id."""
        name = self.names.get(ident)
        if name is None:
            return ident
        return f'"{name}"' if " " in name else name


NAMES = CardNames()


class _Stop(Exception):
    """This line has a problem already recorded; go on with the next line."""


def _words(body: str) -> list[tuple[str, int]]:
    return [(m.group(0).strip('"'), m.start() + 1) for m in WORD.finditer(body)]


def parse_text(text: str) -> tuple[GameLog, list[dict]]:
    """A text log as a ``GameLog`` with event positions, and the leniency warnings.

    Raises ``InvalidLog`` with every located problem found in one pass.
    """
    source = read_source(text)
    tags = dict(source.tags)
    header = {"game": tags.pop("game", None), "ruleset": tags.pop("ruleset", None),
              "catalog": tags.pop("catalog", None),
              "variants": words(tags.pop("variants", "")),
              "players": words(tags.pop("players", "")), "metadata": tags}
    if not header["players"]:
        source.problems.append(LogProblem(say('the header needs [players "..."] in seat order'),
                                          line=1, column=1, expected='[players "ana bruno"]'))
    events, positions = [], []
    # A solo game's opponent writes lines too, under its fixed name.
    seats = header["players"] + ([OPPONENT] if len(header["players"]) == 1 else [])
    for line in source.lines:
        try:
            event = _read_line(source, line, seats)
        except _Stop:
            continue
        if line.comment:
            event["comment"] = line.comment
        events.append(event)
        positions.append((line.number, line.column))
    if source.header_comment:
        header["metadata"]["comment"] = source.header_comment
    if source.trailing_comment and events:
        events[-1]["comment"] = "\n".join(
            filter(None, [events[-1].get("comment"), source.trailing_comment]))
    return finish_text_log(source, header, events, positions, EVENT_SPECS, FIELD_KINDS)


def _read_line(source: TextSource, line: Line, players: list[str]) -> dict:
    body = split_comment(line.raw)[0]
    if body.count('"') % 2:
        _fail(source, line, body.rindex('"') + 1, say("this quote is not closed"),
              say('a name in quotes: "Debt Collector"'))
    words = _words(body)
    event: dict = {}
    head, column = words[0]
    if len(words) > 1 and words[1][0] == ":":  # "ana : play", spaced as Coimbra's reader allows
        head, words = f"{head}:", [(f"{head}:", column), *words[2:]]
    if head.endswith(":"):
        player = head[:-1].lower()
        if player not in players:
            _fail(source, line, column, say("unknown player {player}", player=repr(player)),
                  alternatives(players), closest(player, players))
        event["player"] = player
        words = words[1:]
        if not words:
            _fail(source, line, column, say("a verb follows the player"),
                  ", ".join(EVENT_SPECS))
    verb, column = words[0]
    kind = VERB_ALIASES.get(verb.lower(), verb.lower())
    if kind not in EVENT_SPECS:
        _fail(source, line, column, say("unknown verb {verb}", verb=repr(verb)),
              ", ".join(EVENT_SPECS),
              closest(kind, EVENT_SPECS))
    if kind != verb.lower():
        source.warn(line, column, say("{verb} read as {kind}", verb=repr(verb), kind=repr(kind)))
    event = {"type": kind, **event}
    spec = EVENT_SPECS[kind]
    if "player" in spec.fields and "player" not in event:
        _fail(source, line, column, say("a {kind} line starts with the player: 'ana: {kind} ...'",
                                        kind=kind), "player:")
    positional = list(POSITIONAL.get(kind, ()))
    for word, column in words[1:]:
        if kind in ("check", "final"):
            _claim(source, line, event, word, column)
            continue
        name, value = _field(word, positional, spec, kind, event)
        if name is None:
            _fail(source, line, column, say("a {kind} line has no field for {word}", kind=kind,
                                            word=repr(word)),
                  ", ".join(spec.fields))
        if name in event and spec.fields[name][0] != "strs":
            _fail(source, line, column, say("{name} is given twice", name=name),
                  say("one {name}", name=name))
        event[name] = _value(source, line, column, kind, name, value, event.get(name))
    return event


def _field(word: str, positional: list, spec, kind: str, event: dict):
    if word.lower() in FLAGS and word.lower() in spec.fields:
        return word.lower(), FLAGS[word.lower()]
    name, sep, value = word.partition("=")
    if sep and name in spec.fields:
        return name, value
    while positional:
        field = positional[0]
        list_field = spec.fields[field][0] in ("strs",)
        if not list_field:
            positional.pop(0)
        if list_field or field not in event:
            return field, word
    return None, None


def _claim(source: TextSource, line: Line, event: dict, word: str, column: int) -> None:
    name, sep, value = word.partition("=")
    if not sep:
        _fail(source, line, column, say("a claim is name=value, not {word}", word=repr(word)),
              "vp=23")
    target = event.setdefault("values" if event["type"] == "check" else "scores", {})
    if not WHOLE_NUMBER.fullmatch(value):
        if event["type"] == "final":
            _fail(source, line, column, say("a final score is a number, not {value}",
                                            value=repr(value)), "ana=87")
        target[name.lower()] = value
        return
    target[name.lower()] = _number(source, line, column, value)


def _value(source: TextSource, line: Line, column: int, kind: str, name: str, value,
           before):
    field_kind = EVENT_SPECS[kind].fields[name][0]
    if field_kind == "bool":
        if isinstance(value, bool):
            return value
        if value.lower() not in ("true", "false"):
            _fail(source, line, column, say("{name} is true or false, not {value}", name=name,
                                            value=repr(value)),
                  say("true or false"))
        return value.lower() == "true"
    if field_kind == "int":
        if not WHOLE_NUMBER.fullmatch(value):
            _fail(source, line, column, say("{name} is a number, not {value}", name=name,
                                            value=repr(value)), say("a number"))
        return _number(source, line, column, value)
    if field_kind == "strs":
        items = [v for v in value.split(",") if v]
        return [*(before or []), *(_card(source, line, column, v) if name in CARD_FIELDS
                                   else v for v in items)]
    if field_kind in ("str_map", "counts"):
        result = {}
        for item in value.split(","):
            key, sep, val = item.partition(":")
            if not sep:
                _fail(source, line, column,
                      say("{name} items are key:value, not {item}", name=name, item=repr(item)),
                      "key:value")
            if field_kind == "counts":
                if not WHOLE_NUMBER.fullmatch(val) or val.startswith("-"):
                    _fail(source, line, column,
                          say("{val} is not a count", val=repr(val)), say("a number"))
                result[key] = _number(source, line, column, val)
            else:
                result[key] = _card(source, line, column, val) if name in CARD_FIELDS \
                    else val
        return result
    if field_kind == "pair":
        return _pair(source, line, column, value)
    if field_kind == "pairs":
        return [_pair(source, line, column, p) for p in value.split(",")]
    return _card(source, line, column, value) if name in CARD_FIELDS else value


def _number(source: TextSource, line: Line, column: int, digits: str) -> int:
    """The integer ``digits`` writes (Python reads at most ``MAX_DIGITS``, as in the JSON log)."""
    too_long = number_too_long(digits)
    if too_long:
        _fail(source, line, column, *too_long)
    return int(digits)


def _pair(source: TextSource, line: Line, column: int, value: str) -> list[str]:
    first, sep, second = value.partition("+")
    if not sep:
        _fail(source, line, column, say("a pair is card+hero, not {value}", value=repr(value)),
              "pc-1+Ada")
    return [first, _card(source, line, column, second)]


def _card(source: TextSource, line: Line, column: int, word: str) -> str:
    ident, why = NAMES.read(word)
    if ident is None:
        _fail(source, line, column, why, say("a card's printed name or id"),
              closest(_key(word), NAMES.by_key))
    return ident


def _fail(source: TextSource, line: Line, column: int, message: str, expected: str,
          suggestions: tuple[str, ...] = ()) -> None:
    source.problem(line, column, message, expected, suggestions)
    raise _Stop


def print_text(log: GameLog) -> str:
    """The canonical text form of a log."""
    lines = header_lines(log)
    for event in log.events:
        lines += comment_lines(event.get("comment"))
        lines.append(event_line(event))
    return "\n".join(lines) + "\n"


def event_line(event: dict) -> str:
    """One event as its line."""
    kind = event["type"]
    words = [f"{event['player']}:"] if "player" in event else []
    words.append(kind)
    if kind in ("check", "final"):
        values = event["values" if kind == "check" else "scores"]
        return " ".join(words + [f"{k}={v}" for k, v in values.items()])
    spec = EVENT_SPECS[kind]
    positional = POSITIONAL.get(kind, ())
    for name in positional:
        if name in event:
            words.append(_print_value(kind, name, event[name], list_field=True))
    for name in spec.fields:
        if name in ("player", *positional) or name not in event:
            continue
        value = event[name]
        if spec.fields[name][0] == "bool":
            if value:
                words.append(name)
            else:
                words.append(f"{name}=false")
            continue
        words.append(f"{name}={_print_value(kind, name, value, list_field=False)}")
    return " ".join(words)


def _print_value(kind: str, name: str, value, list_field: bool) -> str:
    card = NAMES.write if name in CARD_FIELDS else str
    field_kind = EVENT_SPECS[kind].fields[name][0]
    if field_kind == "strs":
        return (" " if list_field else ",").join(card(v) for v in value) if value else ""
    if field_kind in ("str_map", "counts"):
        return ",".join(f"{k}:{card(v) if field_kind == 'str_map' else v}"
                        for k, v in value.items())
    if field_kind == "pair":
        return f"{value[0]}+{NAMES.write(value[1])}"
    if field_kind == "pairs":
        return ",".join(f"{a}+{NAMES.write(b)}" for a, b in value)
    return card(value) if isinstance(value, str) else str(value)
