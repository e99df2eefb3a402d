"""Messages that name causes: why a card is gone, why an ability paid nothing, plain grammar."""

from __future__ import annotations

import copy
import json

import replay
from replay.coimbra.claims import Claims
from replay.coimbra.engine import apply_event
from replay.coimbra.generate import generate
from replay.coimbra.replayer import replay_to
from replay.coimbra.returns import _on_offer
from tests.conftest import FIXTURES

LEGAL = FIXTURES / "coimbra" / "legal"


def _fixture(name: str) -> dict:
    return json.loads((LEGAL / f"{name}.json").read_text())


def test_a_card_a_neutral_token_discarded_says_so_and_where():
    log = _fixture("game-2p")
    report = replay.replay(copy.deepcopy(log))
    discard = next(d for d in report["discards"] if d["reason"] == "discarded by a neutral token")
    # A token writes no line: its discard is credited to the roll that placed it.
    assert log["events"][discard["event"]]["type"] == "roll"
    # The round's last recruit: its row resolves after the token's (upper, the first row).
    assert discard["row"] == "upper"
    next_roll = next(i for i, e in enumerate(log["events"])
                     if e["type"] == "roll" and i > discard["event"])
    later = max(i for i, e in enumerate(log["events"][:next_roll])
                if e["type"] == "recruit" and i > discard["event"])
    log["events"][later]["card"] = discard["card"]
    violation = replay.replay(log, mode="audit")["violations"][0]
    assert violation["event"] == later
    assert violation["message"].endswith(
        f"it is not on display: a neutral token placed by the roll at event "
        f"{discard['event']} discarded it")


def test_nothing_left_in_a_row_says_only_distress():
    log = _fixture("game-2p")
    report = replay.replay(copy.deepcopy(log))
    # The last recruit of round one: its row is then empty, and a second one names its card.
    recruits = [i for i, e in enumerate(log["events"]) if e["type"] == "recruit"]
    first_deal_2 = next(i for i, e in enumerate(log["events"])
                        if e["type"] == "deal" and e["round"] == 2)
    last = max(i for i in recruits if i < first_deal_2)
    emptied = {d["row"] for d in report["discards"] if d["event"] == last}
    assert emptied, "the last recruit of round one finishes its row"
    violations = replay.replay(log, mode="audit")["violations"]
    assert violations == []  # sanity: the fixture is legal
    game = replay_to(replay.load_log(log), last)
    row = next(iter(emptied))
    assert not any(game.state.rows.get(row) or [])
    assert _on_offer(game, row) == "nothing is left here: only distress"


def test_an_ability_that_did_not_pay_says_why_in_the_ledger():
    log = generate(4, seed=1)
    report = replay.replay(log)
    unpaid = [r for r in report["ledger"] if "did not pay" in r["reason"]]
    assert unpaid, "seed 1 has a phase-E ability whose condition fails"
    row = unpaid[0]
    assert row["delta"] == 0
    colour = row["reason"].split(" held ")[1].split()[1]
    # The player really held (or lacked) a die of that colour that round.
    deals = [i for i, e in enumerate(log["events"]) if e["type"] == "deal"]
    start = deals[row["round"] - 1]
    end = deals[row["round"]] if row["round"] < len(deals) else len(log["events"])
    dice = [e["die"] for e in log["events"][start:end]
            if e["type"] == "place" and e["player"] == row["player"]]
    held = any(d.startswith(colour) for d in dice)
    assert held == (" held a " in row["reason"]), (row, dice)


def test_a_missing_pay_on_a_mixed_payment_is_a_recording_warning_not_a_breach():
    log = _fixture("game-2p")
    log["header"]["variants"] = ["mixed-payment"]
    index = next(i for i, e in enumerate(log["events"]) if e["type"] == "recruit")
    event = log["events"][index]
    game = replay_to(replay.load_log(log), index - 1)
    card = game.catalog.characters[event["card"]]
    player = game.state.players[event["player"]]
    cost = next(s.value for q in game.state.queues.values() for s in q
                if not s.resolved and s.owner == player.name)
    other = "guards" if card.cost == "coins" else "coins"
    setattr(player, card.cost, cost - 1)
    setattr(player, other, 5)
    apply_event(game, index, event, Claims())
    assert game.judge.violations == []
    assert "does not say how the rest was paid" in game.warnings[-1]["message"]
    paid = {row["resource"]: row["delta"] for row in game.ledger
            if row["event"] == index and row["reason"].startswith("paid for")}
    assert paid == {card.cost: -(cost - 1), other: -1}


def test_counted_words_and_no_zero_discount():
    report = replay.replay(_fixture("game-4p"))
    reasons = [r["reason"] for r in report["ledger"] if r["source"] == "leftovers"]
    assert reasons and not any(" 1 crowns" in r or " 1 coins" in r for r in reasons)
    assert any("crown" in r and "flag" in r for r in reasons)
    log = _fixture("game-2p")
    index = next(i for i, e in enumerate(log["events"]) if e["type"] == "invest")
    game = replay_to(replay.load_log(log), index - 1)
    player = game.state.players[log["events"][index]["player"]]
    player.coins = player.guards = 0
    apply_event(game, index, log["events"][index], Claims())
    message = game.judge.violations[-1].message
    assert "costs" in message and "less 0" not in message
