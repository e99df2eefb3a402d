"""What an independent verifier needs is in the report, and agrees with the log."""

from __future__ import annotations

import json
from collections import Counter

import replay
from replay.coimbra.catalog import load_catalog
from replay.coimbra.generate import generate
from replay.render.markdown import render_markdown
from tests.conftest import FIXTURES

CATALOG = load_catalog()


def _report(name: str) -> tuple[dict, dict]:
    log = json.loads((FIXTURES / "coimbra" / "legal" / f"{name}.json").read_text())
    return log, replay.replay(log)


def test_dice_queues_hold_every_placed_die_and_the_neutral_tokens_in_order():
    log, report = _report("game-3p")
    queues = report["dice_queues"]
    assert [q["round"] for q in queues] == [1, 2, 3, 4]
    deals = [i for i, e in enumerate(log["events"]) if e["type"] == "deal"] + [len(log["events"])]
    for number, queue in enumerate(queues):
        placed = Counter((e["die"], e["player"]) for e in log["events"][deals[number]:
                                                                        deals[number + 1]]
                         if e["type"] == "place")
        slots = [s for slots in queue["queues"].values() for s in slots]
        assert Counter((s["die"], s["owner"]) for s in slots if s["owner"]) == placed
        tokens = [s["value"] for s in slots if s["owner"] is None]
        assert sorted(tokens) == [3, 3, 4]  # three players: one token per city row
        castle = [s["value"] for s in queue["queues"]["castle"]]
        assert castle == sorted(castle)  # the castle resolves lowest first
        for row in ("upper", "central", "lower"):
            values = [s["value"] for s in queue["queues"][row]]
            assert values == sorted(values, reverse=True)  # city rows highest first


def test_crown_tokens_say_which_card_carried_one_and_what_became_of_it():
    log, report = _report("game-3p")
    tokens = report["crown_tokens"]
    assert {t["round"] for t in tokens} == {1, 2, 3, 4}
    for token in tokens:
        assert CATALOG.characters[token["card"]].cls == token["class"]
    taken = [t for t in tokens if t["fate"].startswith("taken by ")]
    assert taken
    for token in taken:
        player = token["fate"].split()[2]
        event = int(token["fate"].rsplit(" ", 1)[1])
        assert log["events"][event] == {**log["events"][event], "type": "recruit",
                                        "player": player, "card": token["card"]}


def test_track_ranks_explain_every_place_and_every_zero():
    _, report = _report("game-3p")
    ranks = report["final"]["track_ranks"]
    for track, rows in ranks.items():
        paid = {a["player"]: a["points"] for a in report["final"]["tracks"][track]}
        for row in rows:
            assert row["points"] == paid.get(row["player"], 0)
            assert ("why_nothing" in row) == (row["player"] not in paid)
    reasons = {row["why_nothing"] for rows in ranks.values() for row in rows
               if "why_nothing" in row}
    assert "a disk on space 0 scores nothing" in reasons
    assert "only the first 2 places pay" in reasons
    shared = [row for rows in ranks.values() for row in rows if "arrival" in row]
    assert shared and shared[0]["arrival"] == f"1st of 2 to reach space {shared[0]['position']}"
    _, two = _report("game-2p")
    gaps = [row["why_nothing"] for rows in two["final"]["track_ranks"].values()
            for row in rows if "why_nothing" in row]
    assert any(reason.startswith("more than 3 spaces behind first place") for reason in gaps)


def test_raw_diploma_symbols_and_crowns_behind_leftovers():
    log = generate(4, seed=2)
    report = replay.replay(log)
    final = report["final"]
    for name, state in report["state"].items():
        symbols = Counter(s for c in state["characters"] for s in CATALOG.characters[c].diplomas)
        symbols += Counter(s for m in state["monasteries"] for s in CATALOG.monasteries[m].diplomas)
        assert final["diploma_symbols"][name] == dict(symbols)
        left = final["leftovers"][name]
        assert sum(left["crowns_from"].values()) == left["crowns"]
    md = render_markdown(report)
    for title in ("**Influence tracks**", "**Diplomas**", "**Leftovers**", "## Dice queues",
                  "## Crown tokens"):
        assert title in md
