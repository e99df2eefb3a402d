"""The end of a game (p.9, p.23): generated and hand-worked games checked from the log's own
turns, and a turn after the end refused at its line in the text notation.

The hand-worked games trigger the end with the Debt pile (``game-2p``, ``game-3p``, ``game-4p``)
or with the Deed pile alone (``game-2p-prosperity``); generated games add more of both, and both
cards in one game (Divided Kingdom). Each is checked against the rule, not against the engine's
own bookkeeping of rounds: the card is revealed by the Debt or Deed that empties it (the gains
counted in the ledger, Player Card gains excluded, p.8), the round of that event is finished,
one more full round is played and the player to the right of the start player takes the last
turn.
"""

from __future__ import annotations

import functools
import json

import pytest

import replay
from replay.core.logs.log import load_log
from replay.viscounts.generate import generate
from replay.viscounts.notation import print_text
from tests.conftest import FIXTURES

# Debts on the Poverty card and Deeds on the Prosperity card (p.8 step 10, pictures p.8-9).
ON_THE_CARD = {2: {"debts": 12, "deeds": 12}, 3: {"debts": 15, "deeds": 16},
               4: {"debts": 18, "deeds": 20}}
CARD = {"debts": "Poverty", "deeds": "Prosperity"}
WORKED = FIXTURES / "viscounts" / "worked"
# Generated games (players, seed) that end each way: Poverty only, Prosperity only, both
# (Divided Kingdom); then hand-worked games by name.
GAMES = [(2, 0), (2, 1), (2, 3), (3, 0), (3, 1), (3, 5), (4, 0), (4, 1),
         "game-2p", "game-3p", "game-4p", "game-2p-prosperity"]


@functools.cache
def played(game: tuple[int, int] | str) -> tuple[dict, dict]:
    """The log of a generated game ``(players, seed)`` or of a hand-worked fixture, and its
    report."""
    log = (json.loads((WORKED / f"{game}.json").read_text()) if isinstance(game, str)
           else generate(*game))
    return log, replay.replay(log)


def game_id(game: tuple[int, int] | str) -> str:
    return game if isinstance(game, str) else f"{game[0]}p-seed{game[1]}"


def reveals(report: dict, card: str) -> list[int]:
    return [n["event"] for n in report["notes"]
            if f"the {card} card is revealed" in n["message"]]


@pytest.mark.parametrize("game", GAMES, ids=game_id)
def test_the_card_is_revealed_by_the_debt_or_deed_that_empties_it(game):
    log, report = played(game)
    for what, size in ON_THE_CARD[len(log["header"]["players"])].items():
        taken = [row["event"] for row in report["ledger"]
                 if row["resource"] == what and row["delta"] > 0 and row["phase"] != "pick"]
        expected = [taken[size - 1]] if len(taken) >= size else []
        assert reveals(report, CARD[what]) == expected, (what, len(taken))


@pytest.mark.parametrize("game", GAMES, ids=game_id)
def test_the_round_is_finished_then_one_more_and_the_right_of_the_start_player_ends(game):
    log, report = played(game)
    if isinstance(game, str):  # hand-worked: legal, its scores worked out by hand
        assert report["verdict"] == "legal"
    else:  # generated: no rule refused (its scores are the engine's own, no oracle)
        assert report["violations"] == []
    events = log["events"]
    seats = log["header"]["players"]
    players = len(seats)
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
