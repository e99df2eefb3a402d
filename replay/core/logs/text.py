"""The game-independent parts of the line-based text notation.

A text log is a header of tags (``[game "coimbra"]``), then one line per event. ``#`` starts
a comment, kept with the next event (or the event on its line). Every problem is collected
with its line and column; parsing never stops at the first.
"""

from __future__ import annotations

import difflib
import json
import re
import unicodedata
from dataclasses import dataclass, field

from replay.core.logs.declare_text import declaration_lines, is_declaration, read_declaration
from replay.core.logs.problems import LogProblem
from replay.core.speech import Phrase, say

TAG = re.compile(r'^\[\s*([A-Za-z][A-Za-z0-9_-]*)\s+"((?:[^"\\]|\\.)*)"\s*\]\s*$')
# A quoted phrase is one token; an unmatched quote is a token of its own (a located problem).
TOKEN = re.compile(r'"(?P<quoted>[^"]*)"|->|\||:|"|(?:[^\s|:"-]|-(?!>))+')
# Characters people confuse when they copy an id: a typo between them is the likeliest.
LOOK_ALIKE = str.maketrans({"o": "0", "l": "1", "i": "1", "s": "5", "z": "2", "b": "8"})
HEADER_TAGS = ("game", "ruleset", "catalog", "variants", "players")
# Line breaks as editors count them: ``str.splitlines`` also breaks at form feeds, vertical
# tabs, U+0085, U+2028 and more, and would number every later line one too far.
LINE_BREAK = re.compile(r"\r\n|\r|\n")
# A whole number as the notation writes it: ``str.isdigit`` and ``\d`` also take other
# scripts' digits (which ``int`` reads without a word) and superscripts (which it cannot).
WHOLE_NUMBER = re.compile(r"-?[0-9]+")
MAX_DIGITS = 4300  # the longest integer Python reads, in the JSON log as in the text


def read_count(text: str) -> int | None:
    """``text`` as a number written in ASCII digits only (no sign), or None when it is not one
    (``str.isdigit`` alone takes superscripts, which ``int`` refuses, and other scripts'
    digits, which it reads without a word) or is too long for Python to read."""
    if text.isascii() and text.isdigit() and len(text) <= MAX_DIGITS:
        return int(text)
    return None


@dataclass(frozen=True)
class Token:
    """A word of a line, lowercased, with its 1-based column and its text as written."""

    text: str
    column: int
    raw: str


@dataclass
class Line:
    """One event line: its number, raw text, tokens, and the comment it carries."""

    number: int
    raw: str
    tokens: list[Token]
    comment: str | None = None

    @property
    def column(self) -> int:
        """Column of the first token."""
        return self.tokens[0].column if self.tokens else 1


@dataclass
class TextSource:
    """A text log split into header tags and event lines, with the problems found so far."""

    tags: dict[str, str] = field(default_factory=dict)
    lines: list[Line] = field(default_factory=list)
    tag_lines: dict[str, tuple[int, str]] = field(default_factory=dict)  # name -> line, text
    header_comment: str | None = None  # comments among the tags
    trailing_comment: str | None = None  # comments after the last event
    problems: list[LogProblem] = field(default_factory=list)
    warnings: list[dict] = field(default_factory=list)
    # Printed values the ``declare`` lines give: entry -> field -> value, and where each is.
    components: dict[str, dict] = field(default_factory=dict)
    component_lines: dict[tuple[str, str], tuple[int, int, str]] = field(default_factory=dict)

    def problem(self, line: Line, column: int, message: str, expected: str | None = None,
                suggestions: tuple[str, ...] = ()) -> None:
        """Record a located problem on ``line``."""
        self.problems.append(LogProblem(message, line=line.number, column=column,
                                        expected=expected, suggestions=suggestions,
                                        text=line.raw))

    def warn(self, line: Line, column: int, message: str) -> None:
        """Record a leniency (a spelling accepted and normalised)."""
        warning = {"line": line.number, "column": column, "message": message}
        if isinstance(message, Phrase):
            warning["words"] = {"message": message.words()}
        self.warnings.append(warning)


def split_comment(raw: str) -> tuple[str, str | None]:
    """The line without its ``#`` comment, and the comment text (None when there is none)."""
    index = raw.find("#")
    if index < 0:
        return raw, None
    return raw[:index], raw[index + 1:].strip()


def number_too_long(text: str) -> tuple[str, str] | None:
    """Why a whole number written in digits is too long to read, and what is expected; None
    when it is not."""
    digits = len(text.lstrip("-"))
    if digits <= MAX_DIGITS:
        return None
    return (say("a number of {digits} digits is longer than any this service reads",
                digits=digits),
            say("a number of at most {digits} digits", digits=MAX_DIGITS))


def source_lines(text: str) -> list[str]:
    """The lines of a text as an editor numbers them (what ``splitlines`` gives for text
    broken at newlines and carriage returns only)."""
    lines = LINE_BREAK.split(text)
    return lines[:-1] if lines[-1] == "" else lines


def read_source(text: str) -> TextSource:
    """Split a text log into header tags and event lines; comments go with the next event."""
    source = TextSource()
    pending: list[str] = []
    in_header = True
    for number, raw in enumerate(source_lines(text), start=1):
        body, comment = split_comment(raw)
        if comment is not None and not body.strip():
            pending.append(comment)
            continue
        if not body.strip():
            continue
        stripped = body.strip()
        if stripped.startswith("["):
            match = TAG.match(stripped)
            if not match:
                line = Line(number, raw, [])
                source.problem(line, body.index("[") + 1, say('a tag is [name "value"]'),
                               expected='[name "value"]')
            elif not in_header:
                line = Line(number, raw, [])
                source.problem(line, body.index("[") + 1,
                               say("tags belong before the first event"))
            else:
                name, value = match.group(1).lower(), _unescape(match.group(2))
                if name in source.tags:
                    source.problem(Line(number, raw, []), 1,
                                   say("tag {name} repeats", name=repr(name)))
                source.tags[name] = value
                source.tag_lines[name] = (number, raw)
            if pending:
                notes = [source.header_comment] if source.header_comment else []
                source.header_comment = "\n".join([*notes, *pending])
                pending = []
            continue
        if is_declaration(body):
            _declare(source, number, raw, body)
            continue
        in_header = False
        tokens = [_token(m) for m in TOKEN.finditer(body)]
        notes = [*pending, comment] if comment is not None else pending
        source.lines.append(Line(number, raw, tokens, "\n".join(notes) if notes else None))
        pending = []
    if pending:
        source.trailing_comment = "\n".join(pending)
    return source


def _declare(source: TextSource, number: int, raw: str, body: str) -> None:
    """A ``declare`` line's values, each kept with its place (``replay.core.logs.declare_text``);
    a value declared again differently is a problem of the later line."""
    line = Line(number, raw, [])
    entry, items, problems = read_declaration(body)
    for column, message, expected in problems:
        source.problem(line, column, message, expected=expected)
    for name, value, column in items:
        values = source.components.setdefault(entry, {})
        if name in values:
            if values[name] != value:
                first = source.component_lines[(entry, name)][0]
                source.problem(line, column, say(
                    "{entry} {name} is declared {value} here but {first} on line {line}: a "
                    "printed value does not change", entry=entry, name=name, value=repr(value),
                    first=repr(values[name]), line=first), expected=repr(values[name]))
            continue
        values[name] = value
        source.component_lines[(entry, name)] = (number, column, raw)


def _token(match: re.Match) -> Token:
    """A word, or a quoted phrase as one word (a printed name with spaces)."""
    quoted = match.group("quoted")
    if quoted is not None:
        return Token(" ".join(quoted.split()).lower(), match.start() + 1, quoted)
    return Token(match.group(0).lower(), match.start() + 1, match.group(0))


def fold_name(name: str) -> str:
    """A printed name as compared: no accents, no case, single spaces (``lourenco faria``)."""
    plain = unicodedata.normalize("NFKD", name)
    plain = "".join(c for c in plain if not unicodedata.combining(c))
    return " ".join(plain.casefold().split())


def read_header(source: TextSource, game: str) -> dict:
    """The log header from a text log's tags; tags other than the header's go to metadata.

    A missing ``game`` or ``players`` tag is recorded as a problem of ``source`` (``game``
    names the game in the message).
    """
    tags = dict(source.tags)
    header = {
        "game": tags.pop("game", None),
        "ruleset": tags.pop("ruleset", None),
        "catalog": tags.pop("catalog", None),
        "variants": words(tags.pop("variants", "")),
        "players": words(tags.pop("players", "")),
        "metadata": tags,
    }
    if header["game"] is None:
        source.problems.append(LogProblem(say('the header needs [game "{game}"]', game=game),
                                          line=1, column=1, expected=f'[game "{game}"]'))
    if not header["players"]:
        source.problems.append(LogProblem(say('the header needs [players "..."] in seat order'),
                                          line=1, column=1, expected='[players "ana bruno"]'))
    if source.header_comment:
        header["metadata"]["comment"] = source.header_comment
    return header


def header_lines(log) -> list[str]:
    """The text lines of a log's header (its comment, then its tags), then a blank line."""
    lines = comment_lines(log.metadata.get("comment"))
    lines += [f"[{name} {quote(value)}]" for name, value in (
        ("game", log.game), ("ruleset", log.ruleset), ("catalog", log.catalog),
        ("variants", " ".join(log.variants)), ("players", " ".join(log.players)))
        if value]
    lines += [f"[{name} {quote(value)}]" for name, value in sorted(log.metadata.items())
              if name not in HEADER_TAGS and name != "comment"]
    if log.position is not None:
        lines.append(f"[position {quote(json.dumps(log.position, sort_keys=True))}]")
    lines += declaration_lines(log.components)
    return [*lines, ""]


def words(value: str) -> list[str]:
    """The lowercased words of a tag value, split on spaces and commas."""
    return [w.strip().lower() for w in value.replace(",", " ").split() if w.strip()]


def _unescape(value: str) -> str:
    return re.sub(r"\\(.)", r"\1", value)


def quote(value: str) -> str:
    """A tag value, quoted and escaped."""
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


def comment_lines(comment: str | None) -> list[str]:
    """The ``# ...`` lines that print a comment."""
    return [f"# {part}".rstrip() for part in comment.split("\n")] if comment else []


def closest(word: str, choices) -> tuple[str, ...]:
    """Up to three close spellings of ``word`` among ``choices``, likeliest first.

    Look-alike characters (o/0, l/1, ...) count as the same, so ``c2-o8`` suggests ``c2-08``
    before ``c2-18``; the plain similarity breaks ties.
    """
    folded = word.translate(LOOK_ALIKE)

    def likeness(choice: str) -> tuple[float, float]:
        alike = difflib.SequenceMatcher(None, folded, choice.translate(LOOK_ALIKE)).ratio()
        return alike, difflib.SequenceMatcher(None, word, choice).ratio()

    scored = sorted(((likeness(c), c) for c in choices), key=lambda item: (-item[0][0],
                                                                           -item[0][1], item[1]))
    return tuple(choice for (alike, _), choice in scored[:3] if alike >= 0.6)
