"""The end of a game (p.9, p.23): generated games checked from the log's own turns, and a
turn after the end refused at its line in the text notation.

The hand-worked fixtures trigger the end with the Debt pile only (``game-2p``, ``game-3p``,
``game-4p``, ``end-debt-after-reveal``): a Prosperity card emptied by Deeds, or both cards in one
game, take hundreds of events. Generated games cover them; here each is checked against the
rule, not against the engine's own bookkeeping of rounds: the card is revealed by the Debt or
Deed that empties it (the gains counted in the ledger, Player Card gains excluded, p.8), the
round of that event is finished, one more full round is played and the player to the right
of the start player takes the last turn.
"""

from __future__ import annotations

import functools
import json

import pytest

import replay
from replay.core.log import load_log
from replay.viscounts.generate import generate
from replay.viscounts.notation import print_text
from tests.conftest import FIXTURES

# Debts on the Poverty card and Deeds on the Prosperity card (p.8 step 10, pictures p.8-9).
ON_THE_CARD = {2: {"debts": 12, "deeds": 12}, 3: {"debts": 15, "deeds": 16},
               4: {"debts": 18, "deeds": 20}}
CARD = {"debts": "Poverty", "deeds": "Prosperity"}
# Generated games that end each way: Poverty only, Prosperity only, both (Divided Kingdom).
GAMES = [(2, 0), (2, 1), (2, 3), (3, 0), (3, 1), (3, 5), (4, 0), (4, 1)]


@functools.cache
def played(players: int, seed: int) -> tuple[dict, dict]:
    log = generate(players, seed)
    return log, replay.replay(log)


def reveals(report: dict, card: str) -> list[int]:
    return [n["event"] for n in report["notes"]
            if f"the {card} card is revealed" in n["message"]]


@pytest.mark.parametrize(("players", "seed"), GAMES)
def test_the_card_is_revealed_by_the_debt_or_deed_that_empties_it(players, seed):
    _, report = played(players, seed)
    for what, size in ON_THE_CARD[players].items():
        taken = [row["event"] for row in report["ledger"]
                 if row["resource"] == what and row["delta"] > 0 and row["phase"] != "pick"]
        expected = [taken[size - 1]] if len(taken) >= size else []
        assert reveals(report, CARD[what]) == expected, (what, len(taken))


@pytest.mark.parametrize(("players", "seed"), GAMES)
def test_the_round_is_finished_then_one_more_and_the_right_of_the_start_player_ends(
        players, seed):
    log, report = played(players, seed)
    assert report["verdict"] == "legal"
    events = log["events"]
    seats = log["header"]["players"]
    start = seats.index(events[0]["start_player"])
    order = seats[start:] + seats[:start]  # clockwise from the start player
    plays = [(i, e["player"]) for i, e in enumerate(events) if e["type"] == "play"]
    assert [p for _, p in plays] == order * (len(plays) // players)  # whole rounds, in order
    trigger = min(reveals(report, "Poverty") + reveals(report, "Prosperity"))
    turn = sum(1 for i, _ in plays if i <= trigger)  # the trigger is in this turn (1-based)
    trigger_round = -(-turn // players)
    assert len(plays) == (trigger_round + 1) * players
    assert plays[-1][1] == order[-1] == seats[start - 1]


def test_a_turn_after_the_end_is_refused_at_its_line_in_the_text_notation():
    """``end-extra-turn`` (hand-worked) written in the text notation: the refusal names the
    rule, the event and the line and column of the play that starts the extra turn."""
    document = json.loads((FIXTURES / "viscounts" / "worked" / "end-extra-turn.json").read_text())
    text = print_text(load_log(document))
    report = replay.replay_text(text)
    lines = text.splitlines()
    extra = max(n for n, line in enumerate(lines, start=1) if line.startswith("ana: play "))
    first = report["violations"][0]
    assert (first["rule"], first["event"]) == ("viscounts.log.after_end", 106)
    assert (first["line"], first["column"]) == (extra, 1)
    assert report["verdict"] == "illegal"
