"""Every example in docs/ gives the outcome its doc states.

Each fenced block in a doc is preceded by a marker naming what it is and what it gives:
``<!-- example: scoresheet, verdict legal, totals ana=109 bruno=29 -->``, ``<!-- example:
log, verdict incomplete, claims match, next "move by bruno" -->``, ``<!-- example: desk
GAME, tables 1=legal, standings ana=12 -->`` (a tournament desk CSV), or ``<!-- example:
fragment (why) -->`` for an abridged one (which must then show where it is abridged). The
totals in the markers are the ones the doc works out by hand from the rulebook next to the
example.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import replay
from replay.core.logs.scoresheet_csv import desk_results, read_desk

DOCS = Path(__file__).resolve().parent.parent / "docs"
BLOCK = re.compile(r"^```[^\n]*\n(?P<body>.*?)^```$", re.M | re.S)
MARKER = re.compile(r"<!-- example: (?P<what>[^>]*?) -->\s*$")


def _examples() -> list[tuple[str, str, str]]:
    """``(where, marker, block)`` for every fenced block of every doc."""
    found = []
    for doc in sorted(DOCS.glob("*.md")):
        text = doc.read_text(encoding="utf-8")
        for block in BLOCK.finditer(text):
            before = text[:block.start()].rstrip("\n").rsplit("\n", 1)[-1]
            marker = MARKER.search(before)
            line = text.count("\n", 0, block.start()) + 1
            found.append((f"{doc.name}:{line}", marker.group("what") if marker else "",
                          block.group("body")))
    return found


EXAMPLES = _examples()


def test_the_docs_have_runnable_examples_of_each_kind():
    kinds = {marker.split(",")[0] for _, marker, _ in EXAMPLES}
    assert {"log", "text log", "scoresheet", "fragment (the events are left out)"} <= kinds
    assert any(kind.startswith("desk") for kind in kinds)
    scoresheets = [where for where, marker, _ in EXAMPLES if marker.startswith("scoresheet")]
    assert {where.split(":")[0] for where in scoresheets} == {"coimbra-log.md",
                                                               "viscounts-log.md"}


@pytest.mark.parametrize(("where", "marker", "block"), EXAMPLES,
                         ids=[where for where, _, _ in EXAMPLES])
def test_an_example_gives_the_outcome_its_doc_states(where, marker, block):
    assert marker, f"{where}: an example says what it gives in an <!-- example: --> marker"
    if marker.startswith("fragment"):
        # An abridged example shows where: "..." stands for what is left out.
        assert "..." in block, f"{where}: a fragment marks what it leaves out with ..."
        return
    if marker.startswith("desk"):
        _check_desk(where, marker, block)
        return
    report = replay.replay_text(block)
    verdict = re.search(r"verdict (\w+)", marker).group(1)
    assert report["verdict"] == verdict, (where, report.get("problems"),
                                          report.get("violations"))
    if marker.startswith("scoresheet"):
        assert report["input"] == "scoresheet"
    totals = re.search(r"totals ((?:\w+=-?\d+ ?)+)", marker)
    if totals:
        expected = {name: int(points) for name, points in
                    (item.split("=") for item in totals.group(1).split())}
        assert {row["player"]: row["points"] for row in report["standings"]} == expected
    if "claims match" in marker:
        assert report["claims"] and all(claim["match"] for claim in report["claims"])
    following = re.search(r'next "([^"]+)"', marker)
    if following:
        assert report["reached"]["expected_next"] == following.group(1)


def _check_desk(where: str, marker: str, block: str) -> None:
    """A tournament desk example: each table's verdict and the event's standings."""
    game = marker.split(",")[0].split()[1]
    results = desk_results(read_desk(block, replay.GAMES, game))
    tables = dict(item.split("=") for item in
                  re.search(r"tables ((?:\w+=\w+ ?)+)", marker).group(1).split())
    assert {t["table"]: t["verdict"] for t in results["tables"]} == tables, where
    standings = [item.split("=") for item in
                 re.search(r"standings ((?:\w+=-?\d+ ?)+)", marker).group(1).split()]
    assert [(r["player"], r["points"]) for r in results["standings"]] == [
        (name, int(points)) for name, points in standings], where
