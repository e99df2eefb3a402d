"""Extract the catalogs, keep each language's PO files in step, and check them.

``python -m languages.catalogs update [domain...]`` (``make translations``) extracts every
(or each named) domain's template (``<domain>.pot``) from the code, templates and rule
files with pybabel, then updates each language's PO file from it (new entries empty,
vanished ones dropped).
``python -m languages.catalogs check`` says what is out of step: an extracted text the
committed template lacks (or the other way), a translation missing, fuzzy, or with fields
(``{name}``) that differ from its English text, and a text two domains translate differently.
"""

from __future__ import annotations

import re
import sys
import tempfile
from pathlib import Path

from babel.messages.frontend import CommandLineInterface
from babel.messages.pofile import read_po

from languages import DOMAINS, ENGLISH, HERE, NAMES, catalog_path

ROOT = HERE.parent
# The functions whose first argument (ntr: the first two; counted: its noun) a person reads.
KEYWORDS = ("tr", "ntr:1,2", "say", "counted:2", "lazy_gettext")
FIELD = re.compile(r"\{(\w*)[^{}]*\}|%\((\w+)\)s")
# Header lines that change on every run: left out, so an unchanged catalog stays the same file.
DATED = re.compile(rb'^"(POT-Creation-Date|PO-Revision-Date): .*\\n"\n', re.MULTILINE)


def template_path(domain: str) -> Path:
    """The committed template (POT) of ``domain``."""
    return HERE / f"{domain}.pot"


def extract(domain: str, output: Path) -> None:
    """Extract ``domain``'s texts from the project into the template ``output``."""
    arguments = ["pybabel", "-q", "extract", "-F", str(HERE / f"{domain}.cfg"),
                 "-o", str(output), "--no-location", "--sort-output", "--no-wrap",
                 "--project", "tabletop-referee", "--add-comments", "TRANSLATORS:",
                 "--copyright-holder", "the tabletop-referee project",
                 "--msgid-bugs-address", "the project's issues"]
    for keyword in KEYWORDS:
        arguments += ["-k", keyword]
    CommandLineInterface().run([*arguments, str(ROOT)])
    _undate(output)


def _undate(path: Path) -> None:
    path.write_bytes(DATED.sub(b"", path.read_bytes()))


def update(domains: tuple[str, ...] = DOMAINS) -> None:
    """Re-extract the templates of ``domains`` (every one by default) and bring every
    language's catalog of them in step."""
    for domain in domains:
        extract(domain, template_path(domain))
        for language in NAMES:
            if language == ENGLISH:
                continue
            command = "update" if catalog_path(language, domain).exists() else "init"
            arguments = ["pybabel", "-q", command, "-i", str(template_path(domain)),
                         "-d", str(HERE), "-D", domain, "-l", language, "--no-wrap"]
            if command == "update":
                arguments += ["--no-fuzzy-matching", "--ignore-obsolete"]
            CommandLineInterface().run(arguments)
            _undate(catalog_path(language, domain))


def _texts(path: Path) -> set:
    with path.open("rb") as source:
        return {message.id if isinstance(message.id, str) else tuple(message.id)
                for message in read_po(source) if message.id}


def check() -> list[str]:
    """What is out of step, one line each (nothing: every catalog is complete)."""
    problems = []
    with tempfile.TemporaryDirectory() as folder:
        for domain in DOMAINS:
            fresh = Path(folder) / f"{domain}.pot"
            extract(domain, fresh)
            extracted, committed = _texts(fresh), _texts(template_path(domain))
            problems += [f"{domain}: not in the committed template (run make translations): "
                         f"{text!r}" for text in sorted(map(str, extracted - committed))]
            problems += [f"{domain}: in the template but no longer in the code: {text!r}"
                         for text in sorted(map(str, committed - extracted))]
            for language in NAMES:
                if language != ENGLISH:
                    problems += _translation_problems(language, domain, committed)
    for language in NAMES:
        if language != ENGLISH:
            problems += _differing_translations(language)
    return problems


def _differing_translations(language: str) -> list[str]:
    """A text two domains translate differently: the domains are merged into one translator
    (``languages.translations``), so one of the two would never be shown."""
    said: dict = {}
    for domain in DOMAINS:
        path = catalog_path(language, domain)
        if path.exists():
            with path.open("rb") as source:
                for message in read_po(source, locale=language):
                    if message.id and message.string:
                        said.setdefault(message.id if isinstance(message.id, str)
                                        else tuple(message.id), {})[domain] = message.string
    return [f"{language}: translated differently in {', '.join(by)}: {text!r}"
            for text, by in said.items() if len(set(map(str, by.values()))) > 1]


def _translation_problems(language: str, domain: str, texts: set) -> list[str]:
    path = catalog_path(language, domain)
    if not path.exists():
        return [f"{domain}: no {language} catalog"]
    with path.open("rb") as source:
        catalog = read_po(source, locale=language)
    problems = []
    for message in catalog:
        if not message.id:
            continue
        english = message.id if isinstance(message.id, str) else message.id[0]
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if not all(strings):
            problems.append(f"{domain} {language}: not translated: {english!r}")
        elif message.fuzzy:
            problems.append(f"{domain} {language}: fuzzy: {english!r}")
        elif any(set(FIELD.findall(s)) != set(FIELD.findall(english)) for s in strings):
            problems.append(f"{domain} {language}: fields differ: {english!r}")
    known = {m.id if isinstance(m.id, str) else tuple(m.id) for m in catalog if m.id}
    problems += [f"{domain} {language}: missing: {text!r}" for text in texts - known]
    return problems


def main(argv: list[str]) -> int:
    """``update [domain...]`` or ``check`` (prints the problems; exit 1 when there are any)."""
    if argv[1:2] == ["update"] and set(argv[2:]) <= set(DOMAINS):
        update(tuple(argv[2:]) or DOMAINS)
        return 0
    if argv[1:] == ["check"]:
        problems = check()
        print("\n".join(problems) or "every catalog is complete and in step")
        return 1 if problems else 0
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
