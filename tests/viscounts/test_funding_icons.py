"""The icons that fund a primary action, counted by hand from the Player Board and the card
texts (p.10, p.14; the converters as printed, `shared/reference/viscounts.md` §11c).

ana's board holds 3 cards, so no starting icon of a card space shows (p.7). One resource is
one icon of its action (Stone Builder, Gold Noble, Ink Cleric, Silver Merchant); a Criminal
icon is one icon of any kind. The converters:

- Sculptor: "in a Build action, 1 Stone (only one) counts as 2 Builder"; Artist: the same
  with 1 Gold for Noble; Priest: with 1 Ink for Cleric;
- Mason: "when building, +1 Builder icon per 2 Silver paid"; Diplomat: "each 2 Silver spent
  counts as 1 Noble"; Clergyman: the same for Cleric;
- Benefactor: "each 2 Merchant icons count as 1 Noble"; Strongman: the same for Builder;
  Traveller: for Cleric;
- Emma: "when transcribing, Stone and/or Gold may be used as Cleric icons".
"""

from __future__ import annotations

import json

import pytest

from replay.core.logs.log import load_log
from replay.viscounts.catalog import load_catalog
from replay.viscounts.claims import Claims
from replay.viscounts.engine import apply_event
from replay.viscounts.funding import board_icons, converters, icons_from
from replay.viscounts.new_table import new_table
from tests.conftest import FIXTURES

CATALOG = load_catalog()
# The worked opening (events 0-5): ana has picked Player Card 1 + Ada and drawn 3 cards.
OPENING = json.loads((FIXTURES / "viscounts/worked/build-dismiss-foreman.json").read_text())


def _icons(board: list[str], action: str, pay: dict) -> tuple[int, set]:
    """The action's icons and the resources used, with ``board`` on ana's Player Board."""
    log = load_log(dict(OPENING, events=OPENING["events"][:6]))
    table = new_table(log.players, CATALOG, "strict", log.variants)
    for index, event in enumerate(log.events):
        apply_event(table, index, event, Claims())
    ana = table.player("ana")
    ana.board = list(board)
    return icons_from(action, board_icons(table, ana), pay, converters(table, ana, action))


@pytest.mark.parametrize(("board", "action", "pay", "icons", "used"), [
    # Sculptor's Builder 1 + 3 Stone + 1 for the one Stone that counts twice = 5.
    (["tf-52", "start-squire", "start-abbot"], "construct", {"stone": 3}, 5, {"stone"}),
    # Artist's Noble 1 + Thief's wild 1 + 2 Gold + 1 for the one Gold that counts twice = 5.
    (["tf-06", "start-thief", "start-abbot"], "place_workers", {"gold": 2}, 5, {"gold"}),
    # Abbot's Cleric 1 + Priest's 1 + 2 Ink + 1 for the one Ink that counts twice = 5.
    (["tf-45", "start-abbot", "start-squire"], "transcribe", {"ink": 2}, 5, {"ink"}),
    # Mason's Builder 1 + 1 Stone + 5 Silver: 2 pairs, the odd Silver gains nothing = 4.
    (["tf-30", "start-squire", "start-abbot"], "construct", {"stone": 1, "silver": 5}, 4,
     {"stone", "silver"}),
    # Diplomat's Noble 1 + Squire's 1 + 1 Gold + 4 Silver as 2 Nobles = 5.
    (["tf-21", "start-squire", "start-abbot"], "place_workers", {"gold": 1, "silver": 4}, 5,
     {"gold", "silver"}),
    # Benefactor's 2 Merchants + Journeyman's 2 = 4 Merchants, 2 Nobles; + Squire's 1 = 3.
    (["tf-07", "start-journeyman", "start-squire"], "place_workers", {}, 3, set()),
    # The Benefactor converts for Place Workers only: a Construct counts the Labourer alone.
    (["tf-07", "start-journeyman", "start-labourer"], "construct", {}, 1, set()),
    # Strongman 2 + Lender 2 + Trader 1 = 5 Merchants: 2 Builders, the odd one nothing.
    (["tf-55", "start-lender", "start-trader"], "construct", {}, 2, set()),
    # Traveller first: its 2 Merchants + the Clergyman's 1 = 3 Merchants, 1 Cleric; the
    # Clergyman's and the Priest's Cleric icons, 2; 2 Silver are 1 Cleric (Clergyman); 1 Ink
    # counts twice (Priest): 1 + 2 + 1 + 2 = 6. Every converter of the board counts.
    (["tf-63", "tf-11", "tf-45"], "transcribe", {"silver": 2, "ink": 1}, 6,
     {"silver", "ink"}),
    # Emma's Cleric 1 + Abbot's 1 + 2 Stone + 1 Gold as Clerics = 5.
    (["hero-emma", "start-abbot", "start-squire"], "transcribe", {"stone": 2, "gold": 1}, 5,
     {"stone", "gold"}),
    # Gold alone with Emma: 2 + 1 = 3 (her Stone converter, unused, does not stop the Gold).
    (["hero-emma", "start-abbot", "start-squire"], "transcribe", {"gold": 1}, 3, {"gold"}),
    # Without Emma Stone is no Cleric: the Abbot's 1 alone, the Stone unused.
    (["start-abbot", "start-squire", "start-labourer"], "transcribe", {"stone": 1}, 1, set()),
    # Two Criminal wilds (Thief, Ada) + the Labourer's Builder; Ink funds no Construct.
    (["start-thief", "hero-ada", "start-labourer"], "construct", {"ink": 1}, 3, set()),
])
def test_icons_worked_from_the_card_texts(board, action, pay, icons, used):
    assert _icons(board, action, pay) == (icons, used)
