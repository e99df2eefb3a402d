"""Game-independent parts of a report: versions, verdict, standings, causes and lines."""

from __future__ import annotations

import itertools

from replay.core.logs.places import with_lines
from replay.core.speech import Phrase, say, worded
from replay.core.verdicts.causes import group_causes

ENGINE_VERSION = "0.3.0"
REPORT_VERSION = 1
VERDICTS = ("legal", "illegal", "score_mismatch", "incomplete", "unparseable")


def verdict(violations: list, claims: list[dict], complete: bool) -> str:
    """Illegal beats a score mismatch, which beats an unfinished game."""
    if violations:
        return "illegal"
    if any(not claim["match"] for claim in claims):
        return "score_mismatch"
    return "legal" if complete else "incomplete"


def standings(totals: dict[str, int], order: list[str]) -> tuple[list[dict], list[str]]:
    """Rank by points; ties go to the player earlier in ``order``. Returns rows and notes."""
    ranked = sorted(order, key=lambda name: (-totals[name], order.index(name)))
    rows, notes = [], []
    for rank, name in enumerate(ranked, start=1):
        rows.append({"rank": rank, "player": name, "points": totals[name]})
    for first, second in itertools.pairwise(ranked):
        if totals[first] == totals[second]:
            notes.append(say("{first} and {second} tie on {points} points: {first} ranks ahead, "
                             "earlier in the current player order ({order})", first=first,
                             second=second, points=totals[first], order=", ".join(order)))
    return rows, notes


def report_words(report: dict) -> dict:
    """``report`` with ``words`` for its texts built as phrases that are no item of a list
    of their own (the tie-break notes, the standings caveat), and for each ledger row's
    reason, so a page can say them in the reader's language; the English texts stay as they
    are."""
    words = {}
    notes = report.get("tie_break") or []
    if any(isinstance(note, Phrase) for note in notes):
        words["tie_break"] = [note.words() if isinstance(note, Phrase) else None
                              for note in notes]
    caveat = report.get("standings_caveat")
    if isinstance(caveat, Phrase):
        words["standings_caveat"] = caveat.words()
    if words:
        report["words"] = words
    explained = [row for claim in report.get("claims") or []
                 for row in claim.get("explained_by", [])]
    for row in itertools.chain(report.get("ledger") or [], explained):
        reason = row["reason"]
        if isinstance(reason, Phrase):  # a row has no other words
            row["words"] = {"reason": reason.words()}
    if isinstance(report.get("reached"), dict):
        worded(report["reached"], "expected_next")
    return report


def causes_with_lines(positions: list[tuple[int, int]], violations: list[dict],
                      claims: list[dict], *items: list[dict]) -> list[dict]:
    """The violations grouped under their causes; every item of ``violations``' causes,
    ``claims`` (and the ledger rows that explain them) and ``items`` that names an event is
    given the line it came from, when the log was written as text."""
    causes = group_causes(violations)
    explained = [row for claim in claims for row in claim.get("explained_by", [])]
    for located in (causes, claims, explained, *items):
        with_lines(located, positions)
    return causes
