"""Printed names in rendered text, the one place that turns an id into what a person reads.

A report (and a state document) carries ``names``, the printed name of every component id
it mentions. In sentences an id becomes its name with the id after it, for whoever fixes
the log: ``c2-08 is paid`` reads ``Lourenço Faria (c2-08) is paid``. In a table of sources
or a menu the name stands alone (``NameLabels.name``). The name is the one printed in the
reader's language when the document carries it (``names_by_language``: see
``replay.core.logs.printed_names``), else the English printed name (``NameLabels.of``).
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from languages import ENGLISH
from replay.core.logs.printed_names import NAMES_WORDS, REPORTED
from replay.core.speech import message, said
from replay.render.language import language

# Words before an id that its name says again ("manuscript ms-11" when the name is "black
# manuscript ..."): at most this many are dropped.
REPEATED_WORDS = 3
IDENT = re.compile(r"[\d:_-]")


class NameLabels:
    """Names a text's ids (once: an id already beside its name stays as it is)."""

    def __init__(self, names: object, english: object = None):
        self.names = _strings(names)
        # The English printed names that differ from those shown: an English text may have
        # written one beside its id already ("c2-08 (Lourenço Faria)").
        self.english = {ident: name for ident, name in _strings(english).items()
                        if self.names.get(ident, name) != name}
        # Plain words ("setup", "deed") name ledger sources in a table, but in a sentence
        # they are the words themselves: only ids with a digit or a joiner are looked for.
        ids = sorted(filter(IDENT.search, self.names), key=len, reverse=True)
        self.pattern = re.compile(
            r"(?<![\w-])(" + "|".join(map(re.escape, ids)) + r")(?![\w-])") if ids \
            else None

    @classmethod
    def of(cls, *documents: object) -> NameLabels:
        """The labels of a report, a state or a ruling (of several: a later one's names
        added), in the reader's language: each id's name as printed in it when a document
        carries that, else its English name."""
        english: dict[str, str] = {}
        shown: dict[str, str] = {}
        speaking_english = language() == ENGLISH
        for document in documents:
            if isinstance(document, dict):
                english.update(_strings(document.get("names")))
                worded = document.get(NAMES_WORDS)
                if isinstance(worded, dict) and not speaking_english:
                    # A name said in words (a board space): said in the reader's language.
                    shown.update({ident: said(words) for ident, words in worded.items()
                                  if isinstance(words, dict) and "template" in words})
                translated = document.get(REPORTED)
                if isinstance(translated, dict):
                    shown.update(_strings(translated.get(language())))
        return cls({**english, **shown}, english)

    def __call__(self, value):
        """``value`` with names before its ids when it is text; anything else unchanged."""
        return self.text(value) if isinstance(value, str) else value

    def name(self, ident) -> str:
        """What a person calls ``ident``: its printed name, else the id's own words
        (``place_workers`` reads "Place workers"), capitalised for a table or a menu."""
        text = str(ident)
        name = self.names.get(text) or text.replace("_", " ").replace(":", " ")
        return name[:1].upper() + name[1:]

    def mentioned(self, text: str) -> str:
        """The ids ``text`` mentions with their names (``tf-35: Overseer; ms-10: ...``), for
        a line of a log that is shown as it was written."""
        if self.pattern is None:
            return ""
        found = dict.fromkeys(match.group(1) for match in self.pattern.finditer(text))
        return "; ".join(f"{ident}: {self.names[ident]}" for ident in found)

    def text(self, value: str) -> str:
        """``value`` with each id named: ``Name (id)``; an id written ``id (Name)`` is turned
        round, ``Name (id)`` left as it is, a gloss ``(id)`` after something else read as
        ``(Name)``, and words before an id that its name says again not said twice."""
        if self.pattern is None:
            return value
        out, last = [], 0
        for match in self.pattern.finditer(value):
            if match.start() < last:
                continue
            ident = match.group(1)
            name, start, end = self.names[ident], match.start(), match.end()
            before = value[last:start]
            glosses = [name, *filter(None, [self.english.get(ident)])]
            written = next((gloss for gloss in glosses
                            if value.startswith(f" ({gloss})", end)), None)
            if written:  # "c3-24 (Name)": the name goes first
                end += len(written) + 3
            elif value[start - 1:start] == "(" and value[end:end + 1] == ")":
                # "Foreman (tf-24)" stays (in the reader's name); "ability of c3-23
                # (track:clergy)" names the track
                written = next((gloss for gloss in glosses if before.endswith(f"{gloss} (")),
                               None)
                out += [before[:len(before) - len(written) - 2] + f"{name} (", ident] \
                    if written else [before, name]
                last = end
                continue
            out += [_without_repeated(before, name), f"{name} ({ident})"]
            last = end
        return "".join([*out, value[last:]])


def readers_names(names_in: Mapping[str, Mapping[str, str]]) -> Mapping[str, str]:
    """Of a catalog's names by language (``Catalog.names_in``), those printed in the
    reader's language, by id (none in English): what a board picture calls its components
    before their English names."""
    return names_in.get(language(), {})


def _strings(names: object) -> dict[str, str]:
    """A document's ``{id: name}`` as text (nothing when it is not a mapping)."""
    return {str(k): str(v) for k, v in names.items()} if isinstance(names, dict) else {}


def _without_repeated(before: str, name: str) -> str:
    """``before`` less its last words when the name says them too."""
    words = set(re.findall(r"[\w-]+", name.lower()))
    kept = before
    for _ in range(REPEATED_WORDS):
        head, _, word = kept.rstrip(" ").rpartition(" ")
        if not kept.endswith(" ") or word.lower() not in words:
            break
        kept = head + " " if head else ""
    return kept


def with_names(report: dict) -> dict:
    """A copy of a report whose texts name the ids they mention (for the renderers):
    violations, warnings, notes, claims, what comes next, and the ledger's reasons and
    sources."""
    label = NameLabels.of(report)
    if label.pattern is None:
        return report

    def texts(items, keys: tuple[str, ...]) -> list:
        if not isinstance(items, list):
            return items
        return [{**item, **{k: label.text(item[k]) for k in keys
                            if isinstance(item.get(k), str)}}
                if isinstance(item, dict) else item for item in items]

    claims = report.get("claims")
    if isinstance(claims, list):
        claims = [{**c, "explained_by": ledger_named(c.get("explained_by"), label)}
                  if isinstance(c, dict) and isinstance(c.get("explained_by"), list) else c
                  for c in claims]
    ledger = report.get("ledger")
    if isinstance(ledger, list):
        ledger = ledger_named(ledger, label)
    reached = report.get("reached")
    if isinstance(reached, dict) and isinstance(reached.get("expected_next"), str):
        # Said first, then its ids named: the words it was said from are used up.
        reached = {**{k: v for k, v in reached.items() if k != "words"},
                   "expected_next": label.text(message(reached, "expected_next"))}
    named = {"violations": texts(report.get("violations"), ("message", "expected", "found")),
             "reached": reached,
             "warnings": texts(report.get("warnings"), ("message",)),
             "notes": texts(report.get("notes"), ("message",)),
             "claims": claims, "ledger": ledger}
    return {**report, **{key: value for key, value in named.items() if key in report}}


def ledger_named(rows: list, label: NameLabels) -> list:
    """Ledger rows with their reasons said in the reader's language and named, and their
    sources as names alone."""
    named = []
    for row in rows:
        if isinstance(row, dict):
            # Said first, then its ids named: the words it was said from are used up.
            row = {**{k: v for k, v in row.items() if k != "words"},
                   **({"reason": label.text(message(row, "reason"))}
                      if isinstance(row.get("reason"), str) else {}),
                   **({"source": label.name(row["source"])}
                      if row.get("source") is not None else {})}
        named.append(row)
    return named
