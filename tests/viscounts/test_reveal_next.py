"""What may happen when a pile's new top is owed: the cards the pile can still hold.

Worked from fixtures/viscounts/worked/log-reveal-visible-elsewhere.worked.md: after event 8
ana has hired the Foreman (tf-24), the top of seg1a, and the table owes seg1a's new top.
The 68 neutral Townsfolk exist once each (p.3, p.6 step 3: piles of 14/14/14/13/13); five
have been seen (the Foreman in ana's discard pile, the four other face-up tops), so the new
top is one of the other 63.
"""

import json

import replay
from tests.conftest import FIXTURES

LOG = FIXTURES / "viscounts" / "worked" / "log-reveal-visible-elsewhere.json"
SEEN = {"tf-24", "tf-25", "tf-30", "tf-07", "tf-49"}


def test_the_owed_reveal_is_chance_with_every_card_the_pile_can_hold():
    log = replay.decode(LOG.read_text())
    step = replay.GAMES.get("viscounts").next_step(log, 8)
    assert step.acting is None and step.chance and step.supply is None
    assert {a["pile"] for a in step.actions} == {"seg1a"}
    shown = {a["card"] for a in step.actions}
    assert len(shown) == len(step.actions) == 63
    assert not shown & SEEN
    assert all(card.startswith("tf-") for card in shown)
    assert not step.over


def test_every_offered_reveal_is_accepted():
    document = json.loads(LOG.read_text())
    log = replay.decode(LOG.read_text())
    for offered in replay.GAMES.get("viscounts").next_step(log, 8).actions[::20]:
        report = replay.replay(dict(document, events=[*document["events"][:9], offered]))
        assert report["violations"] == [], offered
