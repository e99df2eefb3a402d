"""The canonical JSON text of a document, which content hashes are taken of.

The canonical text is what ``json.dumps(value, sort_keys=True, separators=(",", ":"))`` writes
(the form every stored input hash was taken of, so it must not change). orjson writes the same
bytes several times faster wherever the two encoders agree: on every document whose orjson text
is ASCII and holds no DEL character, no ``null`` and no float. Non-ASCII text and DEL are what
the standard encoder escapes as ``\\uXXXX`` and orjson writes as they are; floats are written
differently by each (``1e-05`` and ``0.00001``; ``NaN`` and ``null``). Each leaves a mark in
orjson's text that a plain substring search finds: a non-ASCII byte, a DEL byte, ``null``, or a
digit followed by ``.`` or ``e`` (every finite float orjson writes has one). A string
can hold such a mark too (``"3.5"``); that document merely takes the standard encoder.
"""

from __future__ import annotations

import hashlib
import json

import orjson

# Every digit read as 0 and a point as an e, so that "a digit followed by a point or an e"
# is one plain substring search.
_FLOAT_MARKS_AS_ZERO_E = bytes.maketrans(b"123456789.", b"000000000e")


def canonical_json(value: object) -> bytes:
    """``json.dumps(value, sort_keys=True, separators=(",", ":"))`` encoded as UTF-8 (ASCII)."""
    try:
        fast = orjson.dumps(value, option=orjson.OPT_SORT_KEYS)
    except orjson.JSONEncodeError:  # integers beyond 64 bits, nesting deeper than 254, ...
        fast = None
    if fast is not None and _written_alike(fast):
        return fast
    return json.dumps(value, sort_keys=True, separators=(",", ":"),
                      check_circular=False).encode()


def _written_alike(fast: bytes) -> bool:
    """Whether the standard encoder writes the document orjson wrote as ``fast`` the same."""
    if not fast.isascii() or b"\x7f" in fast or b"null" in fast:
        return False
    return b"0e" not in fast.translate(_FLOAT_MARKS_AS_ZERO_E)


def canonical_sha256(value: object) -> str:
    """Hex SHA-256 of the canonical JSON text of ``value``."""
    return hashlib.sha256(canonical_json(value)).hexdigest()
