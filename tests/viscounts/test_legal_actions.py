"""One source of legality for Viscounts: what ``legal_actions`` offers, the judge accepts, and
what the judge accepts in a log, ``legal_actions`` offered.

Positions come from generated games (2-4 players, several seeds, variants declared) and from
the complete worked games. An offered action is applied to a copy of the table in strict
mode, where any violation stops it.
"""

from __future__ import annotations

import copy
import json
from collections import Counter

import pytest

from replay.core.logs.log import load_log
from replay.viscounts.catalog import load_catalog
from replay.viscounts.claims import Claims
from replay.viscounts.effects import count_icons
from replay.viscounts.engine import apply_event
from replay.viscounts.funding import board_icons, converters, icons_from, least_payments
from replay.viscounts.generate import generate
from replay.viscounts.legal import legal_actions
from replay.viscounts.new_table import new_table
from replay.viscounts.table import snapshot
from tests.conftest import FIXTURES
from tests.legal_walk import walk_offers

CATALOG = load_catalog()
CHANCE_AND_CLAIMS = ("setup", "reveal", "check", "marker", "final")
SETTINGS = [(2, 1, ()), (3, 1, ()), (4, 1, ()),
            (3, 2, ("zh-castle-spread-rest", "dismiss-preprinted-effect-only",
                    "build-slot-leftmost"))]
WORKED_GAMES = sorted((FIXTURES / "viscounts" / "worked").glob("game-*p.json"))
ACTIONS = ("trade", "construct", "workers", "transcribe")


def normalised(event: dict) -> str:
    """An event in one canonical spelling: drawn cards unnamed (chance), optional fields
    dropped as the engine reads them, so that equal moves compare equal."""
    event = {k: v for k, v in event.items() if k != "comment"}
    if event["type"] in ("move", "collision"):  # what the engine works out and compares
        event.pop("silver", None)
        event.pop("space", None)
    if event["type"] == "draw":
        event["cards"] = ["?"] * len(event["cards"])
    if "pay" in event:
        event["pay"] = {k: v for k, v in event["pay"].items() if v}
        if not event["pay"]:
            del event["pay"]
    return json.dumps(event, sort_keys=True)


def strict_copy(table):
    """A copy of the table whose state can change, judged strictly by a judge of its own."""
    twin = snapshot(table)
    twin.judge = copy.copy(table.judge)
    twin.judge.violations, twin.judge.strict = [], True
    twin.reads, twin.markers = list(table.reads), []
    return twin


def _decisions(document: dict):
    """Replay a log strictly, yielding ``(index, event, table)`` before each player's event."""
    log = load_log(document)
    table = new_table(log.players, CATALOG, "strict", log.variants)
    claims = Claims()
    for index, event in enumerate(log.events):
        if event["type"] not in CHANCE_AND_CLAIMS and not table.state.reveals_owed:
            yield index, event, table
        apply_event(table, index, event, claims)
    assert table.judge.violations == []


def _walk(document: dict, check_offered: bool) -> tuple[int, int]:
    """At each player's decision: the recorded event was offered, and (``check_offered``)
    every offer replays legal. Returns how many offers were applied and events found."""
    return walk_offers(_decisions(document), legal_actions,
                       lambda action, _table: normalised(action), strict_copy,
                       lambda twin, index, action: apply_event(twin, index, action, Claims()),
                       document["header"], check_offered)


@pytest.mark.parametrize(("players", "seed", "variants"), SETTINGS)
def test_every_offered_action_replays_legal_and_every_move_was_offered(players, seed,
                                                                       variants):
    applied, found = _walk(generate(players, seed, variants=variants), check_offered=True)
    assert applied > found > 50  # every decision of a whole game was checked


@pytest.mark.parametrize("path", WORKED_GAMES, ids=lambda p: p.stem)
def test_every_move_of_a_worked_game_was_offered(path):
    _, found = _walk(json.loads(path.read_text()), check_offered=False)
    assert found > 50


def test_no_offered_funding_wastes_a_resource():
    """Giving back any one resource an offered funding pays loses an icon it needed."""
    checked = 0
    for _, _, table in _decisions(generate(4, 1)):
        for action in legal_actions(table):
            pay = action.get("pay", {})
            if action["type"] not in ACTIONS or not pay:
                continue
            kind = {"workers": "place_workers"}.get(action["type"], action["type"])
            checked += 1
            player = table.player(action["player"])
            icons = board_icons(table, player)
            if action.get("dismiss"):
                icons = count_icons(dict(icons), table.card(action["dismiss"]).icons)
            convs = converters(table, player, kind)
            reached = icons_from(kind, icons, pay, convs)[0]
            for resource, amount in pay.items():
                less = icons_from(kind, icons, {**pay, resource: amount - 1}, convs)[0]
                assert less < reached
    assert checked > 50


def test_least_payments_lists_each_mix_of_resources():
    # Construct (Builder icons, Stone 1:1) with a converter taking 2 Silver for 1 Builder:
    # cost 3 with 1 Builder on the board: 2 Stone; 1 Stone + 2 Silver; 4 Silver.
    icons = Counter({"builder": 1})
    convs = ({"op": "convert", "action": "construct", "from": "silver", "rate_in": 2,
              "rate_out": 1, "source": "x"},)
    payments = least_payments("construct", icons, convs, {"stone": 5, "silver": 5}, 3)
    assert payments == [{"silver": 4}, {"stone": 1, "silver": 2}, {"stone": 2}]
    # Short of both: nothing.
    assert least_payments("construct", icons, convs, {"stone": 1, "silver": 1}, 3) == []
