"""Located problems found while reading a log (before any rule is applied)."""

from __future__ import annotations

from dataclasses import dataclass, field

from replay.core.speech import Phrase, message, say, say_again


@dataclass(frozen=True)
class LogProblem:
    """One thing wrong with the input, located as precisely as the notation allows.

    ``path`` is a JSON-pointer-like location (``/events/3/die``); ``line`` and ``column``
    are 1-based and set for the text notation.
    """

    message: str
    path: str = ""
    line: int | None = None
    column: int | None = None
    expected: str | None = None
    suggestions: tuple[str, ...] = ()
    text: str | None = None  # the raw line, for the text notation

    def to_dict(self) -> dict:
        """Plain-data form for reports and API answers (empty fields left out). ``words``
        keeps, for the message and expected texts built as phrases, their template and
        values, so a page can say them in the reader's language."""
        data = {"message": self.message, "path": self.path}
        if self.line is not None:
            data["line"] = self.line
            data["column"] = self.column
        if self.text is not None:
            data["text"] = self.text
        if self.expected:
            data["expected"] = self.expected
        if self.suggestions:
            data["suggestions"] = list(self.suggestions)
        words = {name: getattr(self, name).words() for name in ("message", "expected")
                 if isinstance(getattr(self, name), Phrase)}
        if words:
            data["words"] = words
        return data

    def located(self) -> Phrase:
        """The message with where it is: ``line 3:7: ...`` for the text notation, else its
        path (``/events/2: ...``)."""
        return _located(self.line, self.column, self.path, self.message)


def _located(line: int | None, column: int | None, path: str, said: str) -> Phrase:
    if line is not None:
        return say("line {line}:{column}: {message}", line=line, column=column, message=said)
    return say("{path}: {message}", path=path or "/", message=said)


def located(problem: dict) -> str:
    """A problem as ``LogProblem.to_dict`` keeps it, with where it is, in the reader's
    language."""
    return say_again(_located(problem.get("line"), problem.get("column"),
                              problem.get("path") or "", message(problem)))


@dataclass
class InvalidLog(Exception):
    """Raised when a log cannot be read at all; carries every problem found."""

    problems: list[LogProblem] = field(default_factory=list)

    def __str__(self) -> str:
        return "; ".join(p.located() for p in self.problems) or "invalid log"


def problems_from_marshmallow(messages: dict | list, prefix: str = "") -> list[LogProblem]:
    """Flatten marshmallow's nested error messages into located problems."""
    found: list[LogProblem] = []
    if isinstance(messages, dict):
        # A Dict field's errors sit under "key" and "value" of each entry: the entry's own
        # path is the clean one (``/players/ana/coins``, not ``/players/ana/value/coins``).
        entry = bool(messages) and set(messages) <= {"key", "value"}
        for key, value in messages.items():
            path = prefix if key == "_schema" or entry else f"{prefix}/{key}"
            found.extend(problems_from_marshmallow(value, path))
    elif isinstance(messages, list):
        for item in messages:
            if isinstance(item, dict | list):
                found.extend(problems_from_marshmallow(item, prefix))
            else:
                # A message built as a phrase stays one (its words go in the report).
                found.append(LogProblem(message=item if isinstance(item, str) else str(item),
                                        path=prefix or "/"))
    else:
        found.append(LogProblem(message=str(messages), path=prefix or "/"))
    return found
