"""Phrases said again in the reader's language."""

import copy
import pickle
import threading

import pytest
from babel.support import Translations

from replay.core.speech import Phrase, message, ntr, said, say, speaking, tr


class Catalog(Translations):
    """A catalog with a few entries, as a compiled PO file would give them."""

    def __init__(self, entries):
        super().__init__()
        self._catalog.update(entries)


ZH = Catalog({"{card} costs {cost} coins": "{card}需要{cost}枚金币", "Monk": "修道士",
              ("{number} card", 0): "{number}张牌", ("{number} card", 1): "{number}张牌"})


def test_english_outside_any_language():
    assert tr("{card} costs {cost} coins", card="Monk", cost=3) == "Monk costs 3 coins"
    assert ntr("{number} card", "{number} cards", 2) == "2 cards"
    assert ntr("{number} card", "{number} cards", 1) == "1 card"


def test_inside_a_language_the_catalog_answers():
    with speaking(ZH):
        assert tr("{card} costs {cost} coins", card="Monk", cost=3) == "Monk需要3枚金币"
        assert ntr("{number} card", "{number} cards", 2) == "2张牌"
        assert tr("not in the catalog") == "not in the catalog"
    assert tr("Monk") == "Monk"


def test_a_phrase_is_english_and_keeps_its_words():
    phrase = say("{card} costs {cost} coins", card=say("Monk"), cost=3)
    assert phrase == "Monk costs 3 coins"
    assert isinstance(phrase, Phrase)
    assert phrase.words() == {"template": "{card} costs {cost} coins",
                              "values": {"card": {"template": "Monk", "values": {}}, "cost": 3}}


def test_a_copied_or_pickled_phrase_keeps_its_words():
    # A table's state is deep-copied between events and a report may be pickled: the phrase
    # in it must come back a phrase, not its bare English text.
    phrase = say("{card} costs {cost} coins", card=say("Monk"), cost=3)
    for again in (copy.deepcopy(phrase), pickle.loads(pickle.dumps(phrase))):
        assert isinstance(again, Phrase) and again == "Monk costs 3 coins"
        assert again.words() == phrase.words()


def test_stored_words_are_said_again_with_their_values_translated():
    words = say("{card} costs {cost} coins", card=say("Monk"), cost=3).words()
    with speaking(ZH):
        assert said(words) == "修道士需要3枚金币"
    assert said(words) == "Monk costs 3 coins"


def test_two_threads_keep_their_own_language():
    heard = {}

    def listen(name, catalog):
        with speaking(catalog):
            barrier.wait()
            heard[name] = tr("Monk")

    barrier = threading.Barrier(2)
    threads = [threading.Thread(target=listen, args=("zh", ZH)),
               threading.Thread(target=listen, args=("en", None))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert heard == {"zh": "修道士", "en": "Monk"}


def test_a_report_item_is_said_from_its_words_or_looked_up():
    words = say("{card} costs {cost} coins", card=say("Monk"), cost=3).words()
    with speaking(ZH):
        item = {"message": "Monk costs 3 coins", "words": {"message": words}}
        assert message(item) == "修道士需要3枚金币"
        assert message({"message": "Monk"}) == "修道士"
        assert message({"message": "unknown sentence"}) == "unknown sentence"


def test_a_violation_keeps_the_words_of_its_phrases_and_its_english():
    from replay.core.verdicts.judge import Violation
    violation = Violation(rule="r", event=3, message=say("{card} costs {cost} coins",
                                                         card=say("Monk"), cost=3),
                          expected=say("at most {number}", number=2), found="3")
    data = violation.to_dict()
    assert data["message"] == "Monk costs 3 coins"
    assert data["expected"] == "at most 2"
    assert set(data["words"]) == {"message", "expected"}
    with speaking(Catalog({"at most {number}": "至多{number}"})):
        assert message(data, "expected") == "至多2"
        assert message(data, "found") == "3"


def test_in_english_a_counted_noun_keeps_its_plural():
    from replay.core.words import counted
    icons = counted(3, "Merchant icon")
    item = {"message": icons, "words": {"message": icons.words()}}
    assert message(item) == "3 Merchant icons"
    with speaking(Catalog({"{number} {noun}": "{number}个{noun}", "Merchant icon": "商人图标"})):
        assert message(item) == "3个商人图标"


def test_a_phrase_is_filled_as_format_fills_its_template():
    # Templates read once and filled from their parts; any other kind left to ``format``.
    for template, values in (("{card} costs {cost:>3} coins", {"card": "Monk", "cost": 3}),
                             ("{{braces}} and {x}", {"x": 1}), ("{x!r}", {"x": "q"}),
                             ("{x.real}", {"x": 2}), ("no field", {})):
        assert say(template, **values) == template.format(**values)
    for template in ("{x", "{missing}"):
        with pytest.raises((ValueError, KeyError)):
            say(template, x=1)
