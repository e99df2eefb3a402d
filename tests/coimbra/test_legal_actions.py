"""One source of legality: what ``legal_actions`` offers, the judge accepts, and what the
judge accepts in a log, ``legal_actions`` offered.

Positions come from generated games (2-4 players, several seeds, each variant declared) and
from the legal and variant fixtures. An offered action is applied to a copy of the game in
strict mode, where any violation stops it.
"""

from __future__ import annotations

import copy
import json

import pytest

from replay.coimbra.catalog import load_catalog
from replay.coimbra.claims import Claims
from replay.coimbra.effects import die_track
from replay.coimbra.engine import apply_event
from replay.coimbra.generate import generate
from replay.coimbra.legal import legal_actions
from replay.coimbra.new_table import new_table
from replay.coimbra.rules import VARIANTS
from replay.core.logs.log import load_log
from tests.conftest import FIXTURES
from tests.legal_walk import walk_offers

CHANCE_AND_CLAIMS = ("setup", "deal", "roll", "check", "marker", "final")
WITHOUT_DIE = ("favor", "recruit", "distress")  # their die is the next one to resolve
# Every player count twice without variants; each variant alone (player counts in turn);
# and every variant at once.
SETTINGS = [*[(players, seed, ()) for players in (2, 3, 4) for seed in (1, 2)],
            *[(2 + i % 3, 3 + i, (variant,)) for i, variant in enumerate(VARIANTS)],
            (3, 9, tuple(VARIANTS))]
FIXTURE_LOGS = sorted([*(FIXTURES / "coimbra" / "legal").glob("*.json"),
                       *(FIXTURES / "coimbra" / "variants").glob("*.json")])
# The logs legal under the variants they declare (a variant may also make a log illegal).
FIXTURE_LOGS = [p for p in FIXTURE_LOGS if not p.name.endswith(".expected.json")
                and json.loads(p.with_name(f"{p.stem}.expected.json").read_text())["verdict"]
                != "illegal"]


def normalised(event: dict, game) -> str:
    """An event in one canonical spelling: optional fields filled in or dropped as the
    engine reads them, so that equal moves compare equal."""
    event = {k: v for k, v in event.items() if k != "comment"}
    kind = event["type"]
    if kind in WITHOUT_DIE:
        event.pop("die", None)
    if kind == "distress":
        event.setdefault("coins", 2)
        event.setdefault("guards", 2)
    if kind == "income" and die_track(event["die"]):
        event.setdefault("track", die_track(event["die"]))
    if kind == "start" and "pair" in event:
        event["pair"] = sorted(event["pair"])
    if kind == "recruit" and "pay" in event:
        pay = {k: v for k, v in event["pay"].items() if v}
        cost = game.catalog.characters[event["card"]].cost
        event["pay"] = pay
        if list(pay) == [cost]:  # paid in the printed resource: the default payment
            del event["pay"]
    return json.dumps(event, sort_keys=True)


def _copy(game):
    """A deep copy judged strictly, sharing the read-only catalog and rules; its records of
    the past (ledger, discards, phase-D orders, warnings) start empty, as only the state
    decides what is legal."""
    memo = {id(game.catalog): game.catalog, id(game.judge.rules): game.judge.rules,
            **{id(getattr(game, name)): [] for name in ("ledger", "discards", "orders",
                                                        "warnings")}}
    twin = copy.deepcopy(game, memo)
    twin.judge.strict = True
    return twin


def _decisions(document: dict):
    """Replay a log strictly (on the catalog with the values it declares), yielding
    ``(index, event, game)`` before each player's event."""
    log = load_log(document)
    game = new_table(log.players, load_catalog(declarations=log.declarations()), "strict",
                     log.variants)
    claims = Claims()
    for index, event in enumerate(log.events):
        if event["type"] not in CHANCE_AND_CLAIMS:
            yield index, event, game
        apply_event(game, index, event, claims)
    assert game.judge.violations == []


def _walk(document: dict, check_offered: bool) -> tuple[int, int]:
    """At each player's decision: the recorded event was offered, and (``check_offered``)
    every offer replays legal. Returns how many offers were applied and events found."""
    return walk_offers(_decisions(document), legal_actions, normalised, _copy,
                       lambda twin, index, action: apply_event(twin, index, action, Claims()),
                       document["header"], check_offered)


def test_a_first_visit_to_a_monastery_lengthens_the_offered_paths():
    # In this game a pilgrim walks further than its pending steps: a monastery reached on
    # the way gives a step, which the same move spends. The judge accepts it (the replay is
    # strict), and it was among the offers.
    longer = [event in legal_actions(game) for _, event, game in _decisions(generate(2, 5))
              if event["type"] == "move"
              and len(event["path"]) > game.state.pending_steps[event["player"]]]
    assert longer and all(longer)


@pytest.mark.parametrize(("players", "seed", "variants"), SETTINGS)
def test_every_offered_action_replays_legal_and_every_move_was_offered(players, seed,
                                                                       variants):
    applied, found = _walk(generate(players, seed, variants=variants), check_offered=True)
    assert applied > found > 50  # every decision of a whole game was checked


@pytest.mark.parametrize("path", FIXTURE_LOGS, ids=lambda p: p.stem)
def test_every_move_of_a_legal_fixture_was_offered(path):
    _, found = _walk(json.loads(path.read_text()), check_offered=False)
    assert found > 0
