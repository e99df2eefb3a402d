"""The languages a person may read the referee in, and their translation catalogs.

Each catalog is a gettext PO file under this package, one per domain: ``pages`` (the web
pages and the API's problems), ``reports`` (rendered reports and the command line's words),
``rules`` (the rule and variant statements of both games) and ``verdicts`` (violation
messages and notes). ``make translations`` extracts them with pybabel. A catalog is compiled
in memory the first time a language is asked for, so no compiled file can fall behind its
source. English is the default and the fallback: an entry a catalog lacks is said in English.
"""

from __future__ import annotations

import io
from collections.abc import Iterable
from functools import cache
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.support import NullTranslations, Translations

ENGLISH = "en"
# Each language as its readers name it, for the switch on every page.
NAMES = {"en": "English", "zh_Hans": "简体中文"}
DOMAINS = ("pages", "reports", "rules", "verdicts")
HERE = Path(__file__).parent


def choose(candidates: Iterable[str | None]) -> str:
    """The first supported language among ``candidates`` (most wanted first), else English.

    A candidate is a language tag as a browser, a ``?lang=`` or a locale variable gives it:
    ``zh-CN``, ``zh_Hans``, ``zh-TW.UTF-8`` and ``zh`` are all read as Simplified Chinese
    (the one Chinese catalog), ``en-GB`` as English; ``C``, ``POSIX`` and unknown tags are
    passed over.
    """
    for candidate in candidates:
        language = supported(candidate)
        if language:
            return language
    return ENGLISH


def supported(tag: str | None) -> str | None:
    """The supported language a tag names (``zh-CN`` -> ``zh_Hans``), or None."""
    if not tag:
        return None
    first = tag.split(".")[0].replace("-", "_").split("_")[0].lower()
    return {"en": "en", "zh": "zh_Hans"}.get(first)


def html_tag(language: str) -> str:
    """The BCP 47 tag of ``language`` for an ``lang`` attribute (``zh-Hans``)."""
    return language.replace("_", "-")


def catalog_path(language: str, domain: str) -> Path:
    """Where the PO catalog of ``domain`` in ``language`` lives."""
    return HERE / language / "LC_MESSAGES" / f"{domain}.po"


@cache
def translations(language: str) -> NullTranslations:
    """Every domain's catalog of ``language``, merged (English: no translation at all).

    Fuzzy entries are left out: a translation a person has not confirmed is not shown. The
    merged catalog keeps the first one's header, so ``info()["language"]`` names its
    language (``replay.core.speech.spoken_language``).
    """
    if language == ENGLISH or language not in NAMES:
        return NullTranslations()
    merged = None
    for domain in DOMAINS:
        path = catalog_path(language, domain)
        if not path.exists():
            continue
        with path.open("rb") as source:
            catalog = read_po(source, locale=language, domain=domain)
        compiled = io.BytesIO()
        write_mo(compiled, catalog)
        compiled.seek(0)
        domain_catalog = Translations(compiled, domain=domain)
        merged = domain_catalog if merged is None else merged.merge(domain_catalog)
    if merged is None:
        return NullTranslations()
    merged.plural = lambda number: 0  # Chinese has one form for every number
    return merged
