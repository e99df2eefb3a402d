"""Components keep the names printed on the reader's edition: a catalog's names per language,
checked, carried by the report the same in every language, shown in the reader's language."""

from __future__ import annotations

import copy
import json

import pytest

import languages
import replay
from replay.coimbra.catalog import builtin_document as coimbra_document
from replay.coimbra.catalog import check_catalog as check_coimbra
from replay.coimbra.generate import generate
from replay.core.logs.declarations import Declaration, declare
from replay.core.speech import speaking
from replay.render import board_coimbra
from replay.render.html import render_html
from replay.render.markdown import render_markdown
from replay.render.names import NameLabels
from replay.viscounts.catalog import builtin_document as viscounts_document
from replay.viscounts.catalog import check_catalog as check_viscounts

CHINESE = languages.translations("zh_Hans")
# The first character the game of seed 1 recruits, with its English name in the demo
# catalog; the Chinese name below is made up for the test, as an edition would print it.
LOG = generate(3, seed=1)
CARD = next(e["card"] for e in LOG["events"] if e.get("type") == "recruit")
INDEX, ENGLISH_NAME = next((i, c["name"]) for i, c in enumerate(
    coimbra_document("coimbra-demo")["characters"]) if c["id"] == CARD)
CHINESE_NAME = "塔德乌修士"


def _coimbra(names: dict | None = None) -> dict:
    """The demo catalog, its card ``CARD`` named ``names`` besides its English name."""
    document = copy.deepcopy(coimbra_document("coimbra-demo"))
    card = document["characters"][INDEX]
    if names is not None:
        card["names"] = names
    return document


def _rendered(report: dict, translator) -> tuple[str, str]:
    with speaking(translator):
        return render_markdown(report), render_html(report)


def test_a_chinese_report_shows_the_chinese_printed_name_and_an_english_one_the_english():
    report = replay.replay(LOG, catalog=_coimbra({"zh_Hans": CHINESE_NAME}))
    assert CARD in [e.get("card") for e in LOG["events"]]
    assert report["names"][CARD] == ENGLISH_NAME
    assert report["names_by_language"] == {"zh_Hans": {CARD: CHINESE_NAME}}
    markdown, html = _rendered(report, CHINESE)
    # the ledger's source column names the card alone
    assert f"| {CHINESE_NAME} |" in markdown and f"<td>{CHINESE_NAME}</td>" in html
    assert ENGLISH_NAME not in markdown and ENGLISH_NAME not in html
    markdown, html = _rendered(report, None)
    assert f"| {ENGLISH_NAME} |" in markdown and f"<td>{ENGLISH_NAME}</td>" in html
    assert CHINESE_NAME not in markdown and CHINESE_NAME not in html


def test_without_a_chinese_name_a_chinese_report_shows_the_english_printed_name():
    report = replay.replay(LOG, catalog=_coimbra())
    assert "names_by_language" not in report
    markdown, html = _rendered(report, CHINESE)
    assert f"| {ENGLISH_NAME} |" in markdown and f"<td>{ENGLISH_NAME}</td>" in html


def test_the_json_report_is_the_same_whatever_language_it_is_made_in():
    catalog = _coimbra({"zh_Hans": CHINESE_NAME})
    english = replay.replay(LOG, catalog=catalog)
    with speaking(CHINESE):
        chinese = replay.replay(LOG, catalog=catalog)
    assert json.dumps(chinese, sort_keys=True) == json.dumps(english, sort_keys=True)


def test_a_violation_names_the_card_once_in_the_readers_name():
    bad = copy.deepcopy(LOG)
    next(e for e in bad["events"] if e["type"] == "recruit")["card"] = "c3-24"
    catalog = _coimbra()
    catalog["characters"][55]["names"] = {"zh_Hans": "特里斯唐"}
    report = replay.replay(bad, catalog=catalog, mode="audit")
    markdown, _ = _rendered(report, CHINESE)
    # the engine wrote "c3-24 (Cancelário Tristão Borges)"; read in Chinese, the name goes
    # first, in Chinese, and the English gloss is not said again
    assert "特里斯唐 (c3-24)" in markdown
    assert "Cancelário Tristão Borges" not in markdown


def test_name_labels_turn_an_english_gloss_into_the_readers_name():
    label = NameLabels({"c3-24": "特里斯唐"}, {"c3-24": "Tristão"})
    assert label.text("take c3-24 (Tristão) now") == "take 特里斯唐 (c3-24) now"
    assert label.text("Tristão (c3-24) is paid") == "特里斯唐 (c3-24) is paid"
    assert label.text("c3-24 is paid") == "特里斯唐 (c3-24) is paid"


@pytest.mark.parametrize(("names", "path", "said"), [
    ({"fr": "Frère Tadeu"}, f"/characters/{INDEX}/names/fr", "'fr' is not a language the referee "
     "speaks besides English: zh_Hans"),
    ({"en": ENGLISH_NAME}, f"/characters/{INDEX}/names/en", "the English printed name is the "
     "entry's 'name'"),
    ({"zh_Hans": ""}, f"/characters/{INDEX}/names/zh_Hans", "a printed name is not empty"),
    ({"zh_Hans": "  "}, f"/characters/{INDEX}/names/zh_Hans", "a printed name is not empty"),
])
def test_the_coimbra_schema_refuses_an_unknown_language_or_an_empty_name(names, path, said):
    problems = check_coimbra(_coimbra(names))
    assert [p.path for p in problems] == [path]
    assert said in problems[0].message


def test_the_viscounts_schema_checks_a_townsfolks_names_alike():
    document = copy.deepcopy(viscounts_document("viscounts-base"))
    assert document["townsfolk"][0]["id"] == "start-abbot"
    document["townsfolk"][0]["names"] = {"zh_Hans": "修道院长"}
    assert check_viscounts(document) == []
    document["townsfolk"][0]["names"] = {"de": "Abt", "zh_Hans": ""}
    problems = check_viscounts(document)
    assert {p.path: p.message.split(":")[0] for p in problems} == {
        "/townsfolk/0/names/de": "'de' is not a language the referee speaks besides English",
        "/townsfolk/0/names/zh_Hans": "a printed name is not empty"}


def test_a_component_without_a_printed_name_takes_no_names():
    document = copy.deepcopy(viscounts_document("viscounts-base"))
    document["manuscripts"][0]["names"] = {"zh_Hans": "手稿"}
    [problem] = check_viscounts(document)
    assert problem.path == "/manuscripts/0/names"


def test_a_log_may_declare_a_name_in_a_language_and_not_contradict_one():
    document = _coimbra()
    declared, record = declare(document, [Declaration(CARD, "names.zh_Hans", CHINESE_NAME)])
    assert declared["characters"][INDEX]["names"] == {"zh_Hans": CHINESE_NAME}
    assert record == [{"entry": CARD, "field": "names.zh_Hans", "value": CHINESE_NAME,
                       "replaces": None}]
    # the same name again changes nothing; another is refused, naming both
    assert declare(declared, [Declaration(CARD, "names.zh_Hans", CHINESE_NAME)])[1] == []
    with pytest.raises(replay.InvalidLog) as err:
        declare(declared, [Declaration(CARD, "names.zh_Hans", "别的名字")])
    assert "'塔德乌修士'" in err.value.problems[0].message
    assert "'别的名字'" in err.value.problems[0].message
    # a component that prints no name has none to give in a language
    with pytest.raises(replay.InvalidLog) as err:
        declare(document, [Declaration("st-1", "names.zh_Hans", "计分板块")])
    assert "has no printed value 'names.zh_Hans'" in err.value.problems[0].message


def test_a_text_log_declares_the_name_on_its_cards():
    text = replay.print_log(replay.load_log(LOG), "text")
    declared = text.replace("\n\n", f'\n\ndeclare {CARD} names.zh_Hans="{CHINESE_NAME}"\n', 1)
    assert declared != text
    report = replay.replay_text(declared)
    assert report["names_by_language"] == {"zh_Hans": {CARD: CHINESE_NAME}}
    assert report["catalog"]["declared_values"] == [
        {"entry": CARD, "field": "names.zh_Hans", "value": CHINESE_NAME, "replaces": None}]


def test_the_board_picture_names_a_monastery_in_the_readers_name():
    catalog = _coimbra()
    monastery = catalog["monasteries"][4]
    assert (monastery["id"], monastery["name"]) == ("m1-05", "Convento de Arouca")
    monastery["names"] = {"zh_Hans": "阿罗卡修道院"}
    log = replay.load_log(LOG)
    table = replay.GAMES.get("coimbra").engine.replayer.replay_to(
        log, len(log.events) - 1, catalog, score_end=True)
    with speaking(CHINESE):
        chinese = board_coimbra.picture(table).svg()
    english = board_coimbra.picture(table).svg()
    assert "阿罗卡修道院" in chinese and "Convento de Arouca" not in chinese
    assert "Convento de Arouca" in english and "阿罗卡修道院" not in english
