"""Decoding JSON input with a located problem for anything that is not valid JSON."""

from __future__ import annotations

import json
import re

import orjson

from replay.core.logs.problems import InvalidLog, LogProblem
from replay.core.speech import say

# Where a lone surrogate can come from: a \uD800-\uDFFF escape, the character itself (a str
# a caller built), or (bytes input, which json decodes with "surrogatepass") an encoded
# surrogate, whose UTF-8 form starts 0xED 0xA0-0xBF.
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]|[\ud800-\udfff]")
_SURROGATE_BYTES = re.compile(rb"\xed[\xa0-\xbf]")

# orjson reads an integer beyond 64 bits as a float, where the standard decoder keeps it
# whole: a text with 19 digits in a row (digits read as 0) is left to the standard decoder.
_DIGITS_AS_ZERO = bytes.maketrans(b"123456789", b"000000000")
_LONG_NUMBER = b"0" * 19


def load_json(text: str | bytes) -> object:
    """The decoded document, or ``InvalidLog`` with the line and column at fault.

    Beyond JSON syntax, a document is refused when it holds an integer too long for Python
    to read (over 4300 digits) or a string with a lone surrogate (``"\\ud800"``): neither
    can be any game's data, and a lone surrogate cannot be written back out as UTF-8. So is
    an object that gives a key twice, whose first value both decoders drop without a word.
    """
    raw = text.encode("utf-8", "surrogatepass") if isinstance(text, str) else text
    document = _read_quickly(text, raw)
    if document is _UNREAD:
        document = _read_standard(text)
    repeated = _repeated_key(text) if _may_repeat_keys(raw, document) else None
    if repeated is not None:
        path, key = repeated
        raise InvalidLog([LogProblem(say("the key {key} is given twice in one object",
                                         key=repr(key)), path=path)])
    return document


def _read_standard(text: str | bytes) -> object:
    """The document as the standard decoder reads it, or ``InvalidLog`` naming the fault."""
    try:
        document = json.loads(text)
    except json.JSONDecodeError as err:
        problem = LogProblem(say("not valid JSON: {reason}", reason=err.msg), line=err.lineno,
                             column=err.colno)
    except UnicodeDecodeError as err:
        problem = LogProblem(say("not UTF-8 text: {reason} at byte {byte}", reason=err.reason,
                                 byte=err.start), line=1, column=1)
    except RecursionError:
        problem = LogProblem(say("not valid JSON here: arrays or objects nested too deeply"),
                             line=1, column=1)
    except ValueError as err:  # int() refuses integers of more than 4300 digits
        # The message is cut at 200 characters: Python's own words on such a number are long.
        reason = str(err)[:200 - len("not a number this service reads: ")]
        problem = LogProblem(say("not a number this service reads: {reason}", reason=reason),
                             line=1, column=1)
    else:
        path = _lone_surrogate_path(document) if _may_hold_surrogates(text) else None
        if path is None:
            return document
        problem = LogProblem(say("a string holds a lone UTF-16 surrogate (\\ud800-\\udfff), "
                                 "which is not text"), path=path)
    raise InvalidLog([problem])


_UNREAD = object()


def _read_quickly(text: str | bytes, raw: bytes) -> object:
    """The document as the standard decoder reads it, read by orjson (several times faster),
    or ``_UNREAD`` where the two could differ. orjson refuses what the standard decoder reads
    otherwise (``NaN``, ``1e400``, a lone surrogate, text in UTF-16, nesting past 1024
    levels) and every error: those go to the standard decoder, which names the fault.
    ``raw`` is the text as UTF-8 bytes."""
    try:
        document = orjson.loads(text)
    except orjson.JSONDecodeError:
        return _UNREAD
    if _LONG_NUMBER in raw.translate(_DIGITS_AS_ZERO):
        return _UNREAD
    return document


def _may_hold_surrogates(text: str | bytes) -> bool:
    # A cheap look at the raw text spares the walk over the document for nearly every log.
    if isinstance(text, bytes):
        return bool(_SURROGATE_BYTES.search(text) or _SURROGATE_ESCAPE.search(
            text.decode("latin-1")))
    return bool(_SURROGATE_ESCAPE.search(text))


def _is_text(value: str) -> bool:
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _lone_surrogate_path(document: object) -> str | None:
    """The JSON pointer of the first key or string that is not encodable text, if any."""
    stack = [("", document)]
    while stack:
        path, value = stack.pop()
        if isinstance(value, str):
            if not _is_text(value):
                return path or "/"
        elif isinstance(value, dict):
            for key, item in value.items():
                if not _is_text(key):
                    return path or "/"
                stack.append((f"{path}/{key}", item))
        elif isinstance(value, list):
            stack.extend((f"{path}/{i}", item) for i, item in enumerate(value))
    return None


def _may_repeat_keys(raw: bytes, document: object) -> bool:
    """Whether an object of the text may give a key twice, answered cheaply for a whole log.

    Every key in the text is followed by a colon, and every other colon is inside a string;
    orjson writes the decoded document with one colon per key kept and its strings' colons.
    So, unless a colon is written as an escape, a text with no more colons than that gives
    no key twice. (``raw`` is the text as UTF-8 bytes; an escape ``\\u0030``-``\\u003f``,
    rare in a log, is taken as a possible colon: one plain search finds them all.)
    """
    if b"\\u003" in raw:
        return True
    try:
        written = orjson.dumps(document)
    except orjson.JSONEncodeError:  # an integer beyond 64 bits: count the slow way
        return True
    return raw.count(b":") != written.count(b":")


class _Repeated(dict):
    """An object that gave ``key`` twice (the last value kept, as the decoders keep it)."""

    key: str


def _keep_pairs(pairs: list[tuple[str, object]]) -> dict:
    """An object as the decoders keep it; a ``_Repeated`` naming its first repeated key."""
    obj = dict(pairs)
    if len(obj) == len(pairs):
        return obj
    seen: set[str] = set()
    for key, _ in pairs:  # fewer keys than pairs: one comes twice, and the loop stops there
        if key in seen:
            break
        seen.add(key)
    repeated = _Repeated(obj)
    repeated.key = key
    return repeated


def _repeated_key(text: str | bytes) -> tuple[str, str] | None:
    """The JSON pointer of the first object (in document order) that gives a key twice, and
    that key; None when none does, or when the text nests too deeply for the standard
    decoder to look (orjson reads 1024 levels): no log, scoresheet or catalog nests like
    that, and whoever reads the document refuses the deep value at its path."""
    try:
        document = json.loads(text, object_pairs_hook=_keep_pairs)
    except RecursionError:
        return None
    stack = [("", document)]
    while stack:
        path, value = stack.pop()
        if isinstance(value, _Repeated):
            return path or "/", value.key
        if isinstance(value, dict):
            stack.extend((f"{path}/{key}", item) for key, item in reversed(value.items()))
        elif isinstance(value, list):
            stack.extend((f"{path}/{i}", item) for i, item in reversed(list(enumerate(value))))
    return None
