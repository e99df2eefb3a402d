"""Phase 1's order for a played Criminal with an immediate effect: its Corruption first, then
the effect (p.12), or, under the variant ``corruption-after-immediate`` (a fan player aid's
order), the effect and every choice it raises first, then the Corruption.

The hand-worked cases are the fixtures ``cards-criminal-corruption-before-immediate`` and
``variant-corruption-after-immediate``; these tests pin where the Corruption's ledger row
goes in generated games and when a choice of the effect is left unanswered.
"""

from __future__ import annotations

import functools
import json
from pathlib import Path

import pytest

import replay
from replay.viscounts.catalog import load_catalog
from replay.viscounts.generate import generate

VARIANT = "corruption-after-immediate"
WORKED = Path(__file__).parents[2] / "fixtures" / "viscounts" / "worked"
CATALOG = load_catalog()
CRIMINALS_WITH_EFFECT = {card.id for card in CATALOG.townsfolk.values()
                         if card.criminal_icons and card.timing == "immediate"}


@functools.cache
def _game(seed: int, variant: bool) -> tuple[dict, dict]:
    """A generated 4-player game played under the variant or not, and its report."""
    log = generate(4, seed, variants=(VARIANT,) if variant else ())
    return log, replay.replay(log)


def _criminal_plays(seed: int, variant: bool):
    """Each play of a Criminal with an immediate effect: its event, the ledger rows of that
    turn's phase 1 from the play on, and the play's Corruption rows among them."""
    log, report = _game(seed, variant)
    assert report["violations"] == []  # its scores are the engine's own: not compared here
    ledger = report["ledger"]
    for index, event in enumerate(log["events"]):
        if event["type"] != "play" or event["card"] not in CRIMINALS_WITH_EFFECT:
            continue
        first = next(i for i, row in enumerate(ledger) if row["event"] >= index)
        rows = ledger[first:first + _phase_end(ledger[first:], event["player"])]
        corruption = [row for row in rows
                      if row["resource"] == "corruption" and row["source"] == event["card"]]
        yield index, rows, corruption


def _phase_end(rows: list[dict], player: str) -> int:
    """How many of ``rows`` (from a play on) belong to that turn's phase 1."""
    for count, row in enumerate(rows):
        if row["turn"] != player or row["phase"] != "1 cards":
            return count
    return len(rows)


@pytest.mark.parametrize("seed", [2, 5])
def test_by_default_the_corruption_comes_before_the_effect(seed):
    seen = 0
    for index, rows, corruption in _criminal_plays(seed, variant=False):
        if not corruption:  # no Criminal icon moved the marker (it was at the end)
            continue
        seen += 1
        row = corruption[0]
        assert row["event"] == index
        card = row["source"]
        mine = [r for r in rows if r["source"] == card]
        assert mine[0] is row, "a row of the card's effect came before its Corruption"
    assert seen, "no Criminal with an immediate effect was played"


@pytest.mark.parametrize("seed", [2, 5])
def test_under_the_variant_the_corruption_comes_after_the_effect_and_its_choices(seed):
    seen = 0
    for index, rows, corruption in _criminal_plays(seed, variant=True):
        if not corruption:
            continue
        seen += 1
        row = corruption[0]
        assert row["event"] >= index
        assert rows[-1] is row, "a row of phase 1 came after the Criminal's Corruption"
        assert row["reason"].endswith("after its immediate effect (corruption-after-immediate)")
    assert seen, "no Criminal with an immediate effect was played"


def test_an_unanswered_choice_of_the_effect_leaves_the_corruption_to_the_end_of_phase_1():
    """Clovis's Free Hire is never answered (audit mode): the move declines it, a refusal, and
    his 2 Corruption come then, still in phase 1: 4 -> 5 -> 6, where the Virtue marker stands."""
    log = json.loads((WORKED / f"variant-{VARIANT}.json").read_text())
    events = log["events"]
    assert [e["type"] for e in events[15:18]] == ["play", "free_hire", "reveal"]
    del events[16:19]  # the Free Hire, the reveal of the pile it took from, the check
    move = 16
    assert events[move]["type"] == "move"
    report = replay.replay(log, mode="audit")
    first = report["violations"][0]
    assert (first["rule"], first["event"]) == ("viscounts.effect.mandatory", move)
    rows = [row for row in report["ledger"]
            if row["resource"] in ("corruption", "virtue") and row["event"] in (15, move)]
    assert [(r["event"], r["resource"], r["delta"], r["after"], r["phase"]) for r in rows] == [
        (move, "corruption", 2, 6, "1 cards")]
