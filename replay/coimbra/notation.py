"""The Coimbra text notation: one line per event, for people recording at the table.

```
[game "coimbra"]
[players "ana bruno"]
setup order: bruno ana
setup monasteries: space-01=m1-03 space-02=m1-07 ...
setup voyages: v-01 v-03 v-05 v-06 v-07 v-13
setup tiles: council=st-1 merchant=st-2 clergy=st-3 scholar=st-4
setup pairs: c1-01+c1-06 c1-02+c1-07
bruno: start pair c1-02+c1-07
round 1
deal 1: upper c2-01 c2-02 c2-03 c2-04 | central ... | lower ...
roll: gray5 gray3 orange6 orange2 purple4 green1 white3
ana: place gray5 -> central          # "take" is read as "place"
bruno: favor fav-4 with white3
ana: recruit c2-07 with gray5
ana: distress coins=1 guards=2
bruno: income white3 -> scholar
bruno: move space-03 stop-03
bruno: invest v-03
check ana vp=3 coins=9
final ana=87 bruno=80
```

``parse_text`` turns it into the same model as the JSON log; ``print_text`` prints that
model canonically, so ``parse_text(print_text(log)) == log``.
"""

from __future__ import annotations

from replay.coimbra.catalog import BUILTIN, DEFAULT_CATALOG, load_catalog
from replay.coimbra.dice import normalise_die
from replay.coimbra.events import EVENT_SPECS, FIELD_KINDS, VERBS
from replay.coimbra.lines import at as _at
from replay.coimbra.phases import MARKER_LETTERS
from replay.coimbra.state import COMPONENT_KINDS, LOCATION_NAMES, LOCATIONS, TRACKS
from replay.core.logs.log import GameLog
from replay.core.logs.names import ids_by_name
from replay.core.logs.text import (
    WHOLE_NUMBER,
    Line,
    TextSource,
    Token,
    closest,
    comment_lines,
    fold_name,
    header_lines,
    number_too_long,
    read_header,
    read_source,
)
from replay.core.logs.text_log import finish_text_log
from replay.core.speech import say
from replay.core.words import alternatives

SETUP_KEYS = ("order", "monasteries", "voyages", "tiles", "pairs")
VERB_ALIASES = {"take": "place", "buy": "recruit", "favour": "favor"}


class _Stop(Exception):
    """This line has a problem already recorded; go on with the next line."""


class _Reader:
    """Reads the event lines of one text log into event dicts, collecting every problem."""

    def __init__(self, source: TextSource, players: list[str], catalog_id: str | None):
        self.source = source
        self.players = players
        catalog_id = catalog_id or DEFAULT_CATALOG
        catalog = load_catalog(catalog_id=catalog_id) if catalog_id in BUILTIN else None
        self.ids: dict[str, set[str] | None] = {
            "character": set(catalog.characters) if catalog else None,
            "favor tile": set(catalog.favors) if catalog else None,
            "voyage": set(catalog.voyages) if catalog else None,
            "monastery": set(catalog.monasteries) if catalog else None,
            "monastery space": set(catalog.spaces) if catalog else None,
            "scoring tile": set(catalog.scoring_tiles) if catalog else None,
            "map location": set(catalog.nodes) if catalog else None,
            "starting corner": set(catalog.corners) if catalog else None,
            "location": set(LOCATIONS),
            "track": set(TRACKS),
            "player": set(players),
        }
        # Printed names by id, and ids by folded name (no case, no accents).
        self.printed: dict[str, dict[str, str]] = {
            kind: {item.id: item.name for item in table.values()}
            for kind, table in (("character", catalog.characters), ("favor tile", catalog.favors),
                                ("voyage", catalog.voyages), ("monastery", catalog.monasteries))
        } if catalog else {}
        self.names = {kind: ids_by_name(printed) for kind, printed in self.printed.items()}
        self.line: Line | None = None

    # -- tokens ---------------------------------------------------------------------

    def fail(self, token: Token | None, message: str, expected: str | None = None,
             suggestions: tuple[str, ...] = ()) -> None:
        """Record a problem at ``token`` (or the line's end) and stop reading this line."""
        column = token.column if token else len(self.line.raw.rstrip()) + 1
        self.source.problem(self.line, column, message, expected, suggestions)
        raise _Stop

    def ident(self, token: Token | None, kind: str) -> str:
        """A known id of ``kind``; misspellings get the closest valid ids."""
        if token is None:
            self.fail(None, say("a {kind} is missing", kind=COMPONENT_KINDS.get(kind, kind)))
        known = self.ids[kind]
        names = self.names.get(kind, {})
        if known is not None and token.text not in known:
            named = names.get(fold_name(token.raw))
            if named is not None:
                return named
            said = COMPONENT_KINDS.get(kind, kind)
            self.fail(token, say("unknown {kind} {id}", kind=said, id=repr(token.raw)),
                      expected=say("a {kind} id, or its printed name (in quotes when it has "
                                   "spaces)", kind=said) if names
                      else say("a {kind} id", kind=said),
                      suggestions=self.suggest(token, kind))
        self.noted_case(token)
        return token.text

    def ident_words(self, tokens: list[Token], kind: str) -> tuple[str, list[Token]]:
        """An id or printed name at the start of ``tokens``, and the tokens after it.

        A name written without quotes (``recruit Lourenço Faria``) is read as the longest run
        of words that is a printed name, with a warning to quote it.
        """
        names = self.names.get(kind, {})
        for end in range(len(tokens), 1, -1):
            words = tokens[:end]
            ident = names.get(fold_name(" ".join(t.raw for t in words)))
            if ident is not None and tokens[0].text not in (self.ids[kind] or ()):
                self.source.warn(self.line, tokens[0].column,
                                 say("{words} read as {id}; quote a name with spaces",
                                     words=repr(" ".join(t.raw for t in words)), id=ident))
                return ident, tokens[end:]
        return self.ident(_at(tokens, 0), kind), tokens[1:]

    def suggest(self, token: Token, kind: str) -> tuple[str, ...]:
        """The likeliest ids; for a word that looks like part of a printed name, the ids with
        their names (``c2-08 "Lourenço Faria"``)."""
        printed, names = self.printed.get(kind, {}), self.names.get(kind, {})
        word = fold_name(token.raw)
        matches = [ident for name, ident in names.items()
                   if len(word) >= 3 and any(part.startswith(word) for part in name.split())]
        if not matches and len(word) > 4:
            matches = [names[name] for name in closest(word, names)]
        if matches:
            return tuple(f'{ident} "{printed[ident]}"' for ident in matches[:3])
        return closest(token.text, self.ids[kind])

    def die(self, token: Token | None) -> str:
        """A die such as gray5 (``yellow`` and ``grey`` accepted, with a warning)."""
        if token is None:
            self.fail(None, say("a die is missing"), expected=say("a die such as gray5"))
        die, note = normalise_die(token.raw)
        if die is None:
            self.fail(token, note, expected=say("a die such as gray5"))
        if note:
            self.source.warn(self.line, token.column, note)
        return die

    def number(self, token: Token | None, what: str) -> int:
        """A whole number."""
        if token is None:
            self.fail(token, say("{what} must be a whole number", what=what),
                      expected=say("a number"))
        return self.whole(token, say("{what} must be a whole number", what=what))

    def whole(self, token: Token, message: str) -> int:
        """The whole number ``token`` writes in ASCII digits, or ``message`` at it."""
        if not WHOLE_NUMBER.fullmatch(token.text):
            self.fail(token, message, expected=say("a number"))
        too_long = number_too_long(token.text)
        if too_long:
            self.fail(token, too_long[0], expected=too_long[1])
        return int(token.text)

    def keyword(self, token: Token | None, *words: str) -> str:
        """One of ``words``."""
        if token is None or token.text not in words:
            self.fail(token, say("expected {words}", words=alternatives(map(repr, words))),
                      expected=alternatives(words),
                      suggestions=closest(token.text, words) if token else ())
        self.noted_case(token)
        return token.text

    def pairs_of(self, tokens: list[Token], sep: str) -> list[tuple[Token, Token]]:
        """Split tokens like ``a=b`` (or ``a+b``) into their two halves."""
        result = []
        for token in tokens:
            left, found, right = token.raw.partition(sep)
            if not found or not left or not right:
                self.fail(token, say("expected two parts joined by {separator}",
                                     separator=repr(sep)),
                          expected=f"name{sep}value")
            result.append((Token(left.lower(), token.column, left),
                           Token(right.lower(), token.column + len(left) + 1, right)))
        return result

    def noted_case(self, token: Token) -> None:
        """Warn once when a word was not written in lowercase."""
        if token.raw != token.text and not token.raw.lower().startswith(("yellow", "grey")):
            self.source.warn(self.line, token.column,
                             say("{written} read as {read}", written=repr(token.raw),
                                 read=repr(token.text)))

    def values(self, tokens: list[Token], allowed: tuple[str, ...] | None) -> dict:
        """``key=value`` words: numbers stay numbers, anything else stays text."""
        result = {}
        for key, value in self.pairs_of(tokens, "="):
            if allowed is not None and key.text not in allowed:
                self.fail(key, say("unknown name {name}", name=repr(key.raw)),
                          expected=", ".join(allowed),
                          suggestions=closest(key.text, allowed))
            # Text is a claim's place (pilgrim=stop-01); what looks like digits is a number.
            result[key.text] = self.whole(value, say("{name} must be a whole number, not "
                                                     "{value}", name=key.raw,
                                                     value=repr(value.raw))) \
                if value.text.lstrip("-").isdigit() else value.text
        return result

    # -- lines ----------------------------------------------------------------------

    def read(self) -> tuple[list[dict], list[tuple[int, int]]]:
        """Every event, with the (line, column) it came from."""
        events: list[dict] = []
        positions: list[tuple[int, int]] = []
        setup: dict | None = None
        for line in self.source.lines:
            self.line = line
            if "  " in line.raw.split("#")[0].strip() or line.raw[:1].isspace():
                self.source.warn(line, 1, say("extra spaces ignored"))
            try:
                first = line.tokens[0]
                if first.text == "setup":
                    if setup is None:
                        setup = {"type": "setup"}
                        events.append(setup)
                        positions.append((line.number, line.column))
                    self.setup_line(setup, line.tokens[1:])
                    _add_comment(setup, line.comment)
                    continue
                setup = None if events and events[-1] is not setup else setup
                event = self.event_line(line.tokens)
            except _Stop:
                continue
            _add_comment(event, line.comment)
            events.append(event)
            positions.append((line.number, line.column))
        return events, positions

    def setup_line(self, setup: dict, tokens: list[Token]) -> None:
        key = self.keyword(tokens[0] if tokens else None, *SETUP_KEYS)
        if len(tokens) < 2 or tokens[1].text != ":":
            self.fail(tokens[1] if len(tokens) > 1 else None, "expected ':' after the key")
        items = tokens[2:]
        if key == "order":
            setup["order"] = [self.ident(t, "player") for t in items]
        elif key == "voyages":
            setup["voyages"] = [self.ident(t, "voyage") for t in items]
        elif key == "monasteries":
            setup["monasteries"] = {self.ident(space, "monastery space"):
                                    self.ident(tile, "monastery")
                                    for space, tile in self.pairs_of(items, "=")}
        elif key == "tiles":
            setup["scoring_tiles"] = {self.ident(track, "track"):
                                      self.ident(tile, "scoring tile")
                                      for track, tile in self.pairs_of(items, "=")}
        else:
            setup["start_pairs"] = [[self.ident(a, "character"), self.ident(b, "character")]
                                    for a, b in self.pairs_of(items, "+")]

    def event_line(self, tokens: list[Token]) -> dict:
        first, rest = tokens[0], tokens[1:]
        head = first.text
        if head == "round":
            return {"type": "marker", "round": self.number(_at(rest, 0), say("the round"))}
        if head == "phase":
            token = _at(rest, 0)
            if token is None or token.text.upper() not in MARKER_LETTERS:
                self.fail(token, say("a phase is a letter {first} to {last}",
                                     first=MARKER_LETTERS[0], last=MARKER_LETTERS[-1]),
                          expected=say("{first} or {second}",
                                       first=", ".join(MARKER_LETTERS[:-1]),
                                       second=MARKER_LETTERS[-1]))
            return {"type": "marker", "phase": token.text.upper()}
        if head == "deal":
            return self.deal(rest)
        if head == "roll":
            self.colon(rest, 0)
            return {"type": "roll", "dice": [self.die(t) for t in rest[1:]]}
        if head == "check":
            player = self.ident(_at(rest, 0), "player")
            return {"type": "check", "player": player, "values": self.values(rest[1:], None)}
        if head == "final":
            scores = self.values(rest, tuple(self.players))
            return {"type": "final", "scores": scores}
        if head in self.players:
            self.colon(rest, 0)
            return self.action(head, rest[1:])
        expected = say("a player name, setup, round, phase, deal, roll, check or final")
        self.fail(first, say("cannot read {word} here", word=repr(first.raw)),
                  expected=expected,
                  suggestions=closest(head, [*self.players, "setup", "round", "phase", "deal",
                                             "roll", "check", "final"]))
        raise AssertionError  # unreachable: fail() raises

    def colon(self, tokens: list[Token], index: int) -> None:
        if _at(tokens, index) is None or tokens[index].text != ":":
            self.fail(_at(tokens, index), "expected ':'", expected=":")

    def deal(self, tokens: list[Token]) -> dict:
        event = {"type": "deal", "round": self.number(_at(tokens, 0), say("the round"))}
        self.colon(tokens, 1)
        groups: list[list[Token]] = [[]]
        for token in tokens[2:]:
            if token.text == "|":
                groups.append([])
            else:
                groups[-1].append(token)
        for group in groups:
            row = self.keyword(_at(group, 0), "upper", "central", "lower")
            event[row] = [self.ident(t, "character") for t in group[1:]]
        for row in ("upper", "central", "lower"):
            if row not in event:
                self.fail(None, say("the {row} row is missing", row=LOCATION_NAMES[row]),
                          expected=f"| {row} ids...")
        return event

    def action(self, player: str, tokens: list[Token]) -> dict:
        verb_token = _at(tokens, 0)
        if verb_token is None:
            self.fail(None, "an action is missing", expected=", ".join(VERBS))
        verb = VERB_ALIASES.get(verb_token.text, verb_token.text)
        if verb not in VERBS:
            self.fail(verb_token, say("unknown action {verb}", verb=repr(verb_token.raw)),
                      expected=", ".join(VERBS),
                      suggestions=closest(verb_token.text, [*VERBS, *VERB_ALIASES]))
        if verb != verb_token.text:
            self.source.warn(self.line, verb_token.column,
                             say("{written} read as {read}", written=repr(verb_token.raw),
                                 read=repr(verb)))
        event = {"type": verb, "player": player}
        EVENT_SPECS[verb].read(self, event, tokens[1:])
        return event

    def with_die(self, event: dict, tokens: list[Token]) -> list[Token]:
        """Read an optional ``with DIE``; return the tokens after it."""
        if tokens and tokens[0].text == "with":
            event["die"] = self.die(_at(tokens, 1))
            return tokens[2:]
        return tokens

    def nothing_more(self, tokens: list[Token]) -> None:
        if tokens:
            self.fail(tokens[0], say("unexpected {word}", word=repr(tokens[0].raw)),
                      expected=say("end of line"))


def _add_comment(event: dict, comment: str | None) -> None:
    if comment:
        event["comment"] = f"{event['comment']}\n{comment}" if "comment" in event else comment


def parse_text(text: str) -> tuple[GameLog, list[dict]]:
    """A text log as a ``GameLog`` with event positions, and the leniency warnings.

    Raises ``InvalidLog`` with every located problem found in one pass.
    """
    source = read_source(text)
    header = read_header(source, "coimbra")
    reader = _Reader(source, header["players"], header["catalog"])
    events, positions = reader.read()
    if source.trailing_comment:
        if events:
            _add_comment(events[-1], source.trailing_comment)
        else:
            _add_comment(header["metadata"], source.trailing_comment)
    return finish_text_log(source, header, events, positions, EVENT_SPECS, FIELD_KINDS)


def print_text(log: GameLog) -> str:
    """The canonical text form of a log."""
    lines = header_lines(log)
    for event in log.events:
        lines += comment_lines(event.get("comment"))
        lines += EVENT_SPECS[event["type"]].write(event)
    return "\n".join(lines) + "\n"
