"""Every Chinese catalog says the games' terms with the words of the glossary.

``languages/GLOSSARY.md`` has one table per game (English, Chinese, where the Chinese rule text
says it). A row is held to in the catalogs when the rule text names it (its source is not
"(chosen)") and its English carries no parenthesised note (a note marks an English word that
also has an everyday sense, such as "Draw (phase 6)"). A translated entry whose English holds
such a term as a whole word, in any case and with a plural "s", must hold the term's Chinese.
"""

import json
import re
from dataclasses import dataclass
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from languages import catalog_path
from languages.catalogs import FIELD

ROOT = Path(__file__).resolve().parents[2]
GLOSSARY = ROOT / "languages" / "GLOSSARY.md"
# The Chinese rule texts lie in a shared/rules folder beside the project (or a folder above it).
RULE_TEXTS = next((folder / "shared" / "rules" for folder in ROOT.parents
                   if (folder / "shared" / "rules").is_dir()), ROOT / "shared" / "rules")
GAMES = ("viscounts", "coimbra")
BOTH = "both"  # a table under a heading that names no game holds for either game
LANGUAGE = "zh_Hans"


@dataclass(frozen=True)
class Term:
    """One English form of a glossary row and the Chinese a translation of it contains."""

    game: str
    english: str
    chinese: str
    checked: bool  # the rule text names it and its English has no note

    @property
    def pattern(self) -> re.Pattern:
        """The English form as a whole word, any case, words joined by spaces or hyphens."""
        words = [re.escape(word) for word in re.split(r"[\s-]+", self.english)]
        return re.compile(r"\b" + r"[\s-]+".join(words) + r"(?:s|es)?\b", re.IGNORECASE)


def rows(text: str) -> dict[str, list[tuple[str, str, str]]]:
    """The glossary's table rows (English, Chinese, source) under each game's heading."""
    tables: dict[str, list[tuple[str, str, str]]] = {}
    game = None
    for line in text.splitlines():
        if line.startswith("## "):
            game = line[3:].split()[0].lower()
            game = game if game in GAMES else BOTH
            tables.setdefault(game, [])
        elif game and line.startswith("|"):
            cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
            if len(cells) != 3 or cells[0] == "English" or set(cells[0]) <= {"-", " "}:
                continue
            tables[game].append((cells[0], cells[1], cells[2]))
    return tables


def terms(text: str) -> list[Term]:
    """Every English form of every row: ``die / dice`` gives two terms with the same Chinese;
    ``A / B`` against ``甲 / 乙`` pairs the forms in order."""
    found = []
    for game, table in rows(text).items():
        for english, chinese, source in table:
            checked = not source.startswith("(chosen") and "(" not in english
            forms = [form.strip() for form in english.split(" / ")]
            renderings = [word.strip() for word in chinese.split(" / ")]
            if len(renderings) != len(forms):
                renderings = [chinese] * len(forms)
            pairs = zip(forms, renderings, strict=True)
            found += [Term(game, form, word, checked) for form, word in pairs]
    return found


def required(english: str, game: str | None, known: list[Term]) -> list[tuple[str, set[str]]]:
    """The checked terms ``english`` holds, each with the Chinese words that would say it.

    Longer terms are matched first and claim their words (``draw pile`` is not also a
    ``Draw``). With the game known, only its table counts; without it (an engine message,
    a page), a term checked in either game is said by either game's word for it.
    """
    english = FIELD.sub(" ", english)
    candidates = [term for term in known if game is None or term.game in (game, BOTH)]
    claimed: list[tuple[int, int]] = []
    needs = []
    for term in sorted(candidates, key=lambda term: -len(term.english)):
        for match in term.pattern.finditer(english):
            span = match.span()
            if any(span[0] < end and start < span[1] for start, end in claimed):
                continue
            claimed.append(span)
            if term.checked:
                same = {other.chinese for other in candidates
                        if other.english.lower() == term.english.lower()}
                needs.append((match.group(0), same))
    return needs


def variant_games() -> dict[str, str]:
    """Which game each variant id belongs to, from the games' variant files."""
    owners = {}
    for game in GAMES:
        for variant in json.loads((ROOT / "replay" / game / "data" / "variants.json").read_text()):
            owners[variant["id"]] = game
    return owners


def game_of(comments: list[str], owners: dict[str, str]) -> str | None:
    """The game a rules entry belongs to, from the rule or variant id in its comment."""
    games = set()
    for comment in comments:
        rule = comment.split()[0]
        games.add(owners.get(rule) or rule.split(".")[0])
    games &= set(GAMES)
    return games.pop() if len(games) == 1 else None


def misses(domain: str, known: list[Term]) -> list[str]:
    """Each translated entry of ``domain`` that leaves out a glossary term's Chinese."""
    path = catalog_path(LANGUAGE, domain)
    if not path.exists():
        return []
    with path.open("rb") as source:
        catalog = read_po(source)
    owners = variant_games()
    problems = []
    for message in catalog:
        translated = message.string if isinstance(message.string, str) else message.string[0]
        if not message.id or not translated:
            continue
        game = game_of(message.auto_comments, owners) if domain == "rules" else None
        englishes = [message.id] if isinstance(message.id, str) else list(message.id)
        for english in englishes:
            for word, chinese in required(english, game, known):
                if not any(choice in translated for choice in chinese):
                    problems.append(f"{domain}: {english!r} has {word!r} but {translated!r} "
                                    f"lacks {' or '.join(sorted(chinese))}")
    return problems


KNOWN = terms(GLOSSARY.read_text(encoding="utf-8"))


def test_the_glossary_has_a_table_per_game():
    tables = rows(GLOSSARY.read_text(encoding="utf-8"))
    assert set(GAMES) <= set(tables)
    assert all(len(tables[game]) > 50 for game in GAMES)


# The rule statements and the reports' words are held to the glossary word for word; the
# pages' and verdicts' everyday English ("characters" of a text, "flags", "hands") trips a
# whole-word match, so there the glossary is the translators' guide, checked by reading.
@pytest.mark.parametrize("domain", ["rules", "reports"])
def test_each_catalog_says_the_terms_of_the_glossary(domain):
    problems = misses(domain, KNOWN)
    assert not problems, "\n".join(problems[:40]) + f"\n({len(problems)} in all)"


@pytest.mark.skipif(not RULE_TEXTS.is_dir(), reason="no Chinese rule texts beside the project")
def test_a_term_from_a_rule_text_is_in_that_rule_text():
    texts = {
        "viscounts": (RULE_TEXTS / "viscounts-zh-rules-faq.txt").read_text(encoding="utf-8"),
        "coimbra": "".join((RULE_TEXTS / name).read_text(encoding="utf-8")
                           for name in ("coimbra-zh-summary-faq.txt", "coimbra-zh-rules.txt")),
    }
    texts[BOTH] = texts["viscounts"] + texts["coimbra"]
    absent = [(game, english, chinese)
              for game, table in rows(GLOSSARY.read_text(encoding="utf-8")).items()
              for english, chinese, source in table
              if not source.startswith("(chosen") and chinese != english  # printed names
              for word in chinese.split(" / ") if word not in texts[game]]
    assert not absent


SAMPLE = """
## Viscounts
| English | 中文 | where the rule text says it |
| --- | --- | --- |
| Debt | 债务 | V§1 |
| draw pile | 牌库 | V§8 |
| Draw (phase 6) | 补牌 | V§2 |
| Destroy | 销毁 | (chosen) |
| Trading Post / Guildhall | Trading Post / Guildhall | printed names |
## Coimbra
| English | 中文 | where the rule text says it |
| --- | --- | --- |
| die / dice | 骰子 | C§3 |
| start player | 首位玩家 | C§6 |
## Words of the referee
| English | 中文 | where the rule text says it |
| --- | --- | --- |
| setup | 准备 | C§2 |
"""


def test_a_row_gives_its_forms_and_is_checked_unless_chosen_or_noted():
    sample = {(term.game, term.english): (term.chinese, term.checked) for term in terms(SAMPLE)}
    assert sample == {
        ("viscounts", "Debt"): ("债务", True),
        ("viscounts", "draw pile"): ("牌库", True),
        ("viscounts", "Draw (phase 6)"): ("补牌", False),
        ("viscounts", "Destroy"): ("销毁", False),
        ("viscounts", "Trading Post"): ("Trading Post", True),
        ("viscounts", "Guildhall"): ("Guildhall", True),
        ("coimbra", "die"): ("骰子", True),
        ("coimbra", "dice"): ("骰子", True),
        ("coimbra", "start player"): ("首位玩家", True),
        ("both", "setup"): ("准备", True),
    }


def test_terms_match_whole_words_in_any_case_with_plurals():
    sample = terms(SAMPLE)
    assert required("Debts are taken from the top of the draw pile.", "viscounts", sample) == [
        ("draw pile", {"牌库"}), ("Debts", {"债务"})]
    # "Debtor" is not "Debt"; a chosen word and a noted word are not required
    assert required("A Debtor may Destroy at Draw.", "viscounts", sample) == []
    assert required("3 Trading Posts and a guildhall", "viscounts", sample) == [
        ("Trading Posts", {"Trading Post"}), ("guildhall", {"Guildhall"})]
    assert required("The start-player rolls 13 DICE.", "coimbra", sample) == [
        ("start-player", {"首位玩家"}), ("DICE", {"骰子"})]


def test_the_game_decides_the_table_and_fields_are_not_words():
    sample = terms(SAMPLE)
    assert required("The start player draws a die.", "viscounts", sample) == []
    assert required("The start player draws a die.", None, sample) == [
        ("start player", {"首位玩家"}), ("die", {"骰子"})]
    assert required("{dice} left", None, sample) == []
    # a table that names no game holds for both
    assert required("At setup", "viscounts", sample) == [("setup", {"准备"})]
    assert required("At setup", "coimbra", sample) == [("setup", {"准备"})]


def test_an_entry_without_the_chinese_term_is_reported(tmp_path, monkeypatch):
    po = tmp_path / "rules.po"
    po.write_text('msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=utf-8\\n"\n\n'
                  "#. viscounts.debt.gain (statement)\n"
                  'msgid "Debts come from the draw pile."\nmsgstr "债务来自牌堆。"\n\n'
                  "#. coimbra.roll.value (statement)\n"
                  'msgid "A die shows 1 to 6."\nmsgstr "骰子的点数为1到6。"\n', encoding="utf-8")
    monkeypatch.setattr(f"{__name__}.catalog_path", lambda language, domain: po)
    assert misses("rules", terms(SAMPLE)) == [
        "rules: 'Debts come from the draw pile.' has 'draw pile' but '债务来自牌堆。' lacks 牌库"]
