"""The reader's language: which tag means which catalog, and how a request chooses one."""

import pytest

import languages
from api.app import create_app


@pytest.mark.parametrize(("candidates", "language"), [
    (["zh-CN"], "zh_Hans"),
    (["zh-TW.UTF-8"], "zh_Hans"),  # the one Chinese catalog, for every Chinese reader
    (["zh_Hans"], "zh_Hans"),
    (["en-GB"], "en"),
    (["C.UTF-8", "POSIX", None, ""], "en"),
    (["fr-FR", "zh"], "zh_Hans"),  # an unsupported first choice gives way to the next
    (["fr-FR"], "en"),
    ([], "en"),
])
def test_a_tag_names_its_catalog(candidates, language):
    assert languages.choose(candidates) == language


def test_english_is_the_text_itself():
    assert languages.translations("en").gettext("Submit") == "Submit"


@pytest.fixture
def client():
    return create_app({"TESTING": True}).test_client()


def test_the_browser_language_is_the_page_language(client):
    page = client.get("/", headers={"Accept-Language": "fr;q=1, zh-CN;q=0.8, en;q=0.5"})
    text = page.get_data(as_text=True)
    assert '<html lang="zh-Hans">' in text
    assert ">提交</a>" in text
    assert "Accept-Language" in page.headers["Vary"]


def test_a_switch_is_remembered_over_the_browser(client):
    asked = client.get("/?lang=en", headers={"Accept-Language": "zh-CN"})
    assert "lang=en" in asked.headers["Set-Cookie"]
    later = client.get("/", headers={"Accept-Language": "zh-CN"})
    assert '<html lang="en">' in later.get_data(as_text=True)


def test_an_unknown_language_is_not_remembered(client):
    asked = client.get("/?lang=xx", headers={"Accept-Language": "zh-CN"})
    assert "Set-Cookie" not in asked.headers or "lang=" not in asked.headers["Set-Cookie"]
    assert '<html lang="zh-Hans">' in asked.get_data(as_text=True)


def test_the_switch_keeps_the_other_arguments(client):
    text = client.get("/?sample=viscounts").get_data(as_text=True)
    assert 'href="/?sample=viscounts&amp;lang=zh_Hans"' in text
