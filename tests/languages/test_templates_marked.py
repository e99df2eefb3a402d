"""Every text a page template shows a person is marked for translation.

The template's own markup is taken away (Jinja tags, expressions, comments, ``trans``
blocks, scripts and styles); whatever English is left among the text and the attributes a
person reads (title, alt, aria-label, placeholder, a button's value) was not marked.
"""

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

TEMPLATES = Path(__file__).resolve().parents[2] / "api" / "web" / "templates"
READ_ATTRIBUTES = {"title", "alt", "aria-label", "placeholder", "aria-description"}
WORD = re.compile(r"[A-Za-z]{2,}")
# Not English to translate: a digest's name, and the players of an example.
NOT_WORDS = re.compile(r"\b(sha256|ana|bruno)\b")
JINJA = re.compile(r"\{%-?\s*trans\b.*?\{%-?\s*endtrans\s*-?%\}|\{#.*?#\}|\{%.*?%\}|\{\{.*?\}\}",
                   re.DOTALL)


SET_BLOCK = re.compile(r"\{%-?\s*set\b[^%]*%\}.*?\{%-?\s*endset\s*-?%\}", re.DOTALL)


class Unmarked(HTMLParser):
    """Collects English left in text nodes and read attributes."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.found: list[str] = []
        self._quiet = 0

    def handle_starttag(self, tag, attrs):
        if tag in ("script", "style"):
            self._quiet += 1
        for name, value in attrs:
            readable = name in READ_ATTRIBUTES or (  # a button's value is never shown
                tag == "input" and name == "value"
                and dict(attrs).get("type") in ("submit", "button"))
            if readable and value and WORD.search(NOT_WORDS.sub("", value)):
                self.found.append(f"{tag}[{name}]={value!r}")

    def handle_endtag(self, tag):
        if tag in ("script", "style"):
            self._quiet -= 1

    def handle_data(self, data):
        if not self._quiet and WORD.search(NOT_WORDS.sub("", data)):
            self.found.append(data.strip())


@pytest.mark.parametrize("template", sorted(p.name for p in TEMPLATES.glob("*.html")))
def test_no_unmarked_english(template):
    # A set block holding markup (attributes kept aside for later) is left out with it.
    source = SET_BLOCK.sub("", (TEMPLATES / template).read_text(encoding="utf-8"))
    source = JINJA.sub("", source)
    parser = Unmarked()
    parser.feed(source)
    assert not parser.found, f"{template}: not marked for translation: {parser.found[:10]}"
