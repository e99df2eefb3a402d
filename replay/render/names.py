"""Printed names beside ids in rendered text: ``c2-08`` reads ``c2-08 (Lourenço Faria)``.

A report carries ``names``, the printed name of every component id it mentions; renderers
pass each piece of text that may hold ids through ``NameLabels``.
"""

from __future__ import annotations

import re


class NameLabels:
    """Adds printed names after the ids a text mentions (once: a labelled id stays as is)."""

    def __init__(self, names: object):
        self.names = {str(k): str(v) for k, v in names.items()} if isinstance(names, dict) \
            else {}
        ids = sorted(self.names, key=len, reverse=True)
        self.pattern = re.compile(
            r"(?<![\w-])(" + "|".join(map(re.escape, ids)) + r")(?![\w-])(?! \()") if ids \
            else None

    def __call__(self, value):
        """``value`` with names added when it is text; anything else unchanged."""
        if self.pattern is None or not isinstance(value, str):
            return value
        return self.pattern.sub(self._labelled, value)

    def _labelled(self, match: re.Match) -> str:
        ident, text = match.group(1), match.string
        # "Foreman (tf-24)": an id in parentheses already follows its name.
        if text[match.start() - 1:match.start()] == "(" and text[match.end():match.end() + 1] \
                == ")":
            return ident
        return f"{ident} ({self.names[ident]})"


def with_names(report: dict) -> dict:
    """A copy of a report whose texts show printed names beside ids (for the renderers):
    violations, warnings, claims and the ledger's sources."""
    label = NameLabels(report.get("names"))
    if label.pattern is None:
        return report

    def texts(items, keys: tuple[str, ...]) -> list:
        if not isinstance(items, list):
            return items
        return [{**item, **{k: label(item[k]) for k in keys if k in item}}
                if isinstance(item, dict) else item for item in items]

    claims = report.get("claims")
    if isinstance(claims, list):
        claims = [{**c, "explained_by": texts(c.get("explained_by"), ("reason",))}
                  if isinstance(c, dict) and "explained_by" in c else c for c in claims]
    return {**report,
            "violations": texts(report.get("violations"), ("message", "expected", "found")),
            "warnings": texts(report.get("warnings"), ("message",)),
            "claims": claims,
            "ledger": texts(report.get("ledger"), ("source",))}
