"""Rules the built-in catalog never reaches, checked with a transcribed copy of it: a
catalog a club types in from the printed game may hold effects the built-in one has not.

Each case starts from a hand-worked fixture, changes the catalog where the rule needs a
component to print something, and states the outcome worked by hand from the rulebook.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

import replay
from tests.conftest import FIXTURES

BASE = json.loads((Path(replay.__file__).parent / "viscounts" / "data" /
                   "viscounts-base.json").read_text())
WORKED = FIXTURES / "viscounts" / "worked"


def _transcribed(catalog_id: str) -> dict:
    """The built-in catalog's document under a new id, to be changed into a transcribed one."""
    catalog = copy.deepcopy(BASE)
    catalog["meta"]["id"] = catalog_id
    return catalog


def _entry(catalog: dict, section: str, ident: str) -> dict:
    return next(entry for entry in catalog[section] if entry["id"] == ident)


def _log(fixture: str, keep: int, catalog: dict, *events: dict) -> dict:
    """The first ``keep`` events of a hand-worked fixture, then ``events``, under
    ``catalog``."""
    log = json.loads((WORKED / f"{fixture}.json").read_text())
    log["header"]["catalog"] = catalog["meta"]["id"]
    log["events"] = [*log["events"][:keep], *events]
    return log


def _claims(report: dict, event: int) -> dict:
    """``{(player, what): computed}`` of the check claims at ``event``."""
    return {(c["player"], c["what"]): c["computed"] for c in report["claims"]
            if c["event"] == event}


# -- What the solo opponent cannot do, from the AI Reference card (p.28) -------------------

@pytest.mark.parametrize(("hire", "starting", "held"), [
    # A Destroy is a Card Flip (column 2), and with no Debt and no Deed nothing is flipped.
    ({"op": "destroy", "count": 1}, {}, (0, 0)),
    # A Debt flip with no Debt, a Deed flip with no Deed: nothing to flip either.
    ({"op": "flip", "what": "debt"}, {"deed": 1}, (0, 1)),
    ({"op": "flip", "what": "deed"}, {"debt": 1}, (1, 0)),
    # A free Castle move is 1 Virtue itself (column 3).
    ({"op": "castle_move"}, {"deed": 1, "debt": 1}, (1, 1)),
], ids=["destroy", "debt-flip-no-debt", "deed-flip-no-deed", "castle-move"])
def test_what_the_opponent_cannot_do_from_a_dismissal_is_1_virtue(hire, starting, held):
    # solo-ai-dismiss-discard-is-virtue, events 0-9: Scheme s2's dismiss row removes the
    # Patron (tf-38) adjacent to the Cleric opponent. In this transcribed catalog the Patron's
    # top-right effect is ``hire`` and the Cleric AI board starts with 1 Ink, 1 Stone and
    # ``starting`` (printed: 1 Deed, 1 Debt). By hand (p.28, the AI Reference card): the
    # opponent gains the dismissed card's top-right effect; a Destroy is, for it, a Card Flip
    # (column 2); a Card Flip with nothing to flip, and a Castle move, are 1 Virtue (column
    # 3), whatever gave them. Virtue 7 -> 6; its Debts and Deeds (``held``) unflipped.
    catalog = _transcribed("viscounts-transcribed-patron")
    _entry(catalog, "townsfolk", "tf-38")["hire"] = hire
    _entry(catalog, "ai_boards", "ai-cleric")["starting_gain"] = {"ink": 1, "stone": 1,
                                                                 **starting}
    debts, deeds = held
    log = _log("solo-ai-dismiss-discard-is-virtue", 10, catalog, {
        "type": "check", "player": "opponent", "values": {
            "virtue": 6, "corruption": 1, "debts": debts, "paid_debts": 0, "deeds": deeds,
            "approved_deeds": 0}})
    report = replay.replay(log, catalog=catalog)
    assert report["verdict"] == "incomplete", report["violations"]
    assert _claims(report, 10) == {
        ("opponent", "virtue"): 6, ("opponent", "corruption"): 1, ("opponent", "debts"): debts,
        ("opponent", "paid_debts"): 0, ("opponent", "deeds"): deeds,
        ("opponent", "approved_deeds"): 0}


@pytest.mark.parametrize(("hire", "answers", "after"), [
    # The Destroy is a Card Flip (column 2); with a Debt and a Deed and none flipped, a tie,
    # it flips a Debt (p.28), whose any resource is Ink by its chart (p.27, p.9).
    ({"op": "destroy", "count": 1},
     [{"type": "flip", "player": "opponent", "what": "debt"},
      {"type": "resource", "player": "opponent", "resource": "ink"}],
     {"debts": 0, "paid_debts": 1, "deeds": 1, "approved_deeds": 0, "ink": 2}),
    # A Debt flip with its one Debt: flipped, and its any resource is Ink.
    ({"op": "flip", "what": "debt"},
     [{"type": "resource", "player": "opponent", "resource": "ink"}],
     {"debts": 0, "paid_debts": 1, "deeds": 1, "approved_deeds": 0, "ink": 2}),
    # A Deed flip with its one Deed: approved, nothing to choose.
    ({"op": "flip", "what": "deed"}, [],
     {"debts": 1, "paid_debts": 0, "deeds": 0, "approved_deeds": 1, "ink": 1}),
], ids=["destroy", "debt-flip", "deed-flip"])
def test_a_flip_the_opponent_can_make_from_a_dismissal_is_made(hire, answers, after):
    # The same dismissal with the Cleric AI's printed starting items (1 Ink, 1 Stone, 1 Deed,
    # 1 Debt, p.27): something to flip, so no Virtue (7).
    catalog = _transcribed("viscounts-transcribed-patron")
    _entry(catalog, "townsfolk", "tf-38")["hire"] = hire
    check = {"type": "check", "player": "opponent", "values": {"virtue": 7, **after}}
    log = _log("solo-ai-dismiss-discard-is-virtue", 10, catalog, *answers, check)
    report = replay.replay(log, catalog=catalog)
    assert report["verdict"] == "incomplete", report["violations"]
    assert _claims(report, 10 + len(answers)) == {
        ("opponent", what): value for what, value in check["values"].items()}


# -- Corruption before Virtue when both are gained at once (p.10) ---------------------------

def test_corruption_and_virtue_gained_at_once_move_corruption_first():
    # collision-deferred-draw-shuffle, events 0-28 (worked there): after ana's round-3 move
    # to seg3a-or her markers stand on Corruption 4, Virtue 5 (check 23; nothing in round 3
    # moved them), Silver 7. In this transcribed catalog the Missionary (tf-33, value 3, top
    # of seg3a) prints "1 Virtue and 1 Corruption" as its top-right effect, Virtue written
    # first. Event 29: ana hires it (p.22): Silver 7 -> 4, and its effect resolves.
    # By hand, p.10: gained at the same time, Corruption resolves first: Corruption 4 -> 5
    # meets the Virtue marker on 5, and once the markers meet they stay together and move
    # together; then the Virtue moves the pair 1 space left: both on 4. (Virtue first would
    # give Virtue 5 -> 4 meeting Corruption on 4, then the pair right: both on 5.)
    catalog = _transcribed("viscounts-two-faced-missionary")
    _entry(catalog, "townsfolk", "tf-33")["hire"] = {
        "op": "gain", "items": {"virtue": 1, "corruption": 1}}
    log = _log("collision-deferred-draw-shuffle", 29, catalog,
               {"type": "hire", "player": "ana", "card": "tf-33"},
               {"type": "reveal", "pile": "seg3a", "card": "tf-30"},
               {"type": "check", "player": "ana", "values": {
                   "corruption": 4, "virtue": 4, "silver": 4}})
    report = replay.replay(log, catalog=catalog)
    assert report["verdict"] == "incomplete", report["violations"]
    assert _claims(report, 31) == {("ana", "corruption"): 4, ("ana", "virtue"): 4,
                                   ("ana", "silver"): 4}
