"""A refused hire, collision, draw, shuffle or reveal (phases 4-6, p.22-23) says what was
wrong with the numbers worked out by hand, and whether the event was applied.

The logs are hand-worked fixtures (their ``.worked.md`` files give the numbers), some cut or
changed here as each case says.
"""

from __future__ import annotations

import json

import pytest

import replay
from tests.conftest import FIXTURES

WORKED = FIXTURES / "viscounts" / "worked"


def _log(name: str) -> dict:
    return json.loads((WORKED / f"{name}.json").read_text())


def _collision_on(name: str, space: int, variants: tuple[str, ...] = ()) -> dict:
    """A worked log up to its first collision, written on ``space``, under ``variants``."""
    log = _log(name)
    index = next(i for i, e in enumerate(log["events"]) if e["type"] == "collision")
    log["events"] = [*log["events"][:index], {**log["events"][index], "space": space}]
    log["header"]["variants"] = list(variants)
    return log


def _opening_draw(event: dict) -> dict:
    """The common opening (events 0-5) with ``event`` in place of ana's draw after her pick."""
    log = _log("build-dismiss-foreman")
    log["events"] = [*log["events"][:5], event]
    return log


def _first(report: dict) -> dict:
    return {k: v for k, v in report["violations"][0].items() if k not in ("statement", "words")}


@pytest.mark.parametrize(("log", "mode", "expected"), [
    # The Foreman hired, she hires the Conspirator revealed under it: one hire a turn (p.22).
    (_log("recruit-once-two-hires"), "strict", {
        "rule": "viscounts.recruit.once", "event": 10, "applied": False,
        "message": "ana has already hired this turn", "found": "tf-12"}),
    # seg1a's 13 cards are gone; its pre-printed card cannot be hired (p.22).
    (_log("recruit-preprinted-empty-pile"), "strict", {
        "rule": "viscounts.recruit.preprinted", "event": 49, "applied": False,
        "message": "the Townsfolk pile at bruno's Viscount is empty: its pre-printed card "
                   "cannot be hired", "found": "seg1a-tf"}),
    # From seg1a-or the adjacent card is the Foreman, not seg2a's Friar.
    (_log("recruit-hire-not-adjacent"), "strict", {
        "rule": "viscounts.recruit.hire", "event": 8, "applied": False,
        "message": "ana can hire only the card adjacent to the Viscount, Foreman, not Friar",
        "expected": "tf-24", "found": "tf-25"}),
    # 8 Silver - 7 for the extra spaces = 1; the Swindler costs 3.
    (_log("recruit-hire-unaffordable"), "strict", {
        "rule": "viscounts.recruit.hire", "event": 8, "applied": False,
        "message": "hiring Swindler costs 3 Silver; ana has 1",
        "expected": "3 Silver", "found": "1 Silver"}),
    # Hand 2 after her play, limit 3 (p.23): 1 to draw, she draws 2.
    (_log("draw-limit-too-many"), "strict", {
        "rule": "viscounts.draw.limit", "event": 8, "applied": True,
        "message": "ana holds 2 cards and the hand limit is 3: 1 card to draw, not 2",
        "expected": "at most 1", "found": "2"}),
    # Hand filled to 3, then one more: at the limit she draws nothing (p.23).
    (_log("draw-over-limit-second-draw"), "strict", {
        "rule": "viscounts.draw.over_limit", "event": 10, "applied": True,
        "message": "ana holds 3 cards and the hand limit is 3: 0 cards to draw, not 1",
        "expected": "at most 0", "found": "1"}),
    # The Lookout's Shuffle on her first turn: nothing has reached her discard pile (p.32).
    (_log("effect-shuffle-empty-discard"), "strict", {
        "rule": "viscounts.effect.shuffle", "event": 10, "applied": False,
        "message": "ana's discard pile is empty: nothing to shuffle"}),
    # 9 cards - 3 drawn at setup = 6 in the draw pile: no shuffle yet (p.23).
    (_log("draw-reshuffle-pile-not-empty"), "strict", {
        "rule": "viscounts.draw.reshuffle", "event": 10, "applied": False,
        "message": "ana's draw pile still holds 6 cards: the discards are shuffled in only "
                   "when it is empty"}),
    # Heroes stay in the box; the piles hold the 68 neutral Townsfolk (p.6).
    (_log("log-reveal-hero-in-pile"), "strict", {
        "rule": "viscounts.log.reveal", "event": 10, "applied": False,
        "message": "Clovis (hero-clovis) is a hero card: the Townsfolk piles hold only the "
                   "neutral Townsfolk", "found": "hero-clovis"}),
    # The Friar lies face up on seg2a's pile: it cannot also be under the Foreman.
    (_log("log-reveal-visible-elsewhere"), "strict", {
        "rule": "viscounts.log.hidden_unique", "event": 9, "applied": False,
        "message": "Friar (tf-25) cannot be in a pile: it is on top of the Townsfolk pile of "
                   "seg2a", "found": "tf-25"}),
    # Corruption 1 + the Thief's 1 = 2; Virtue 7 - Player Card 1's 1 = 6 (p.8, p.12).
    (_log("collision-when-not-due"), "strict", {
        "rule": "viscounts.collision.when", "event": 8, "applied": False,
        "message": "ana's markers do not share a space (Corruption 2, Virtue 6): no "
                   "collision to resolve"}),
    # Markers met at the shuffle check of phase 6: resolved in her next phase 5 (p.23).
    (_log("collision-in-draw-phase"), "audit", {
        "rule": "viscounts.collision.deferred", "event": 31, "applied": False,
        "message": "ana's collision waits for phase 5 of ana's next turn",
        "found": "collision"}),
    # The markers stand together on space 6 (the p.22 example); the log writes 5.
    (_log("collision-track-wrong-space"), "strict", {
        "rule": "viscounts.collision.track", "event": 19, "applied": True,
        "message": "the markers stand on space 6, not 5", "expected": "6", "found": "5"}),
    # Ada's step-2 Virtue moves the stuck markers from 7 to 6 before step 3 reads the space
    # (default reading); 7, where they met, is the reading of collision-read-at-start.
    (_collision_on("collision-ada-moves-markers", 7), "strict", {
        "rule": "viscounts.collision.track", "event": 16, "applied": True,
        "message": "the markers stand on space 6, not 7", "expected": "6", "found": "7",
        "legal_under": "collision-read-at-start"}),
    # Under that variant the space is 7 and the default reading's 6 is refused.
    (_collision_on("collision-ada-moves-markers", 6, ("collision-read-at-start",)), "strict", {
        "rule": "viscounts.collision.track", "event": 16, "applied": True,
        "message": "the markers stand on space 7, not 6", "expected": "7", "found": "6"}),
    # After her pick ana draws 3 (p.8), not 4.
    (_opening_draw({"type": "draw", "player": "ana", "cards": ["?"] * 4}), "strict", {
        "rule": "viscounts.setup.deck", "event": 5, "applied": False,
        "message": "ana draws 3 cards after picking a pair", "found": "4 cards"}),
])
def test_the_refusal_names_the_numbers(log, mode, expected):
    assert _first(replay.replay(log, mode=mode)) == expected
