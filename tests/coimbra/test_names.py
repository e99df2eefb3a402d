"""Printed names: accepted in the notation, shown beside ids in reports."""

from __future__ import annotations

import pytest

import replay
from replay.coimbra.catalog import load_catalog
from replay.coimbra.generate import generate
from replay.coimbra.notation import parse_text, print_text
from replay.core.logs.text import closest
from replay.render.html import render_html
from replay.render.markdown import render_markdown

CATALOG = load_catalog()


def _game_text() -> tuple[str, str, str]:
    """A generated game's text, one of its recruit lines, and that card's printed name."""
    text = print_text(replay.load_log(generate(3, seed=1)))
    line = next(line for line in text.splitlines() if ": recruit " in line)
    card = line.split()[2]
    return text, line, CATALOG.characters[card].name


def _fold_accents(name: str) -> str:
    return name.translate(str.maketrans("çãáéíóúâêôÇÁÉÍÓÚ", "caaeiouaeoCAEIOU"))


@pytest.mark.parametrize("spell", [
    lambda name: f'"{name}"',
    lambda name: f'"{_fold_accents(name).upper()}"',
    lambda name: f'"  {name.lower()} "',
])
def test_a_quoted_printed_name_reads_as_its_id(spell):
    text, line, name = _game_text()
    player, card = line.split(":")[0], line.split()[2]
    named = text.replace(line, f"{player}: recruit {spell(name)}", 1)
    assert parse_text(named)[0].events == parse_text(text)[0].events, card


def test_an_unquoted_name_with_spaces_is_read_with_a_warning():
    text, line, name = _game_text()
    player = line.split(":")[0]
    assert " " in name
    log, warnings = parse_text(text.replace(line, f"{player}: recruit {name}", 1))
    assert log.events == parse_text(text)[0].events
    assert any("quote a name with spaces" in w["message"] for w in warnings)


def test_a_part_of_a_name_is_refused_with_the_full_names_suggested():
    text, line, name = _game_text()
    player, card = line.split(":")[0], line.split()[2]
    first_word = name.split()[0]
    with pytest.raises(replay.InvalidLog) as err:
        parse_text(text.replace(line, f"{player}: recruit {first_word}", 1))
    [problem] = err.value.problems
    assert f'{card} "{name}"' in problem.suggestions
    assert "printed name" in problem.expected


def test_look_alike_characters_rank_first_in_suggestions():
    assert closest("c2-o8", CATALOG.characters)[0] == "c2-08"
    assert closest("c2-l8", CATALOG.characters)[0] == "c2-18"
    assert closest("v-O1".lower(), CATALOG.voyages)[0] == "v-01"


def test_reports_show_printed_names_and_ids_only_where_a_log_writer_needs_them():
    log = generate(3, seed=1)
    recruit = next(e for e in log["events"] if e["type"] == "recruit")
    card = recruit["card"]
    name = CATALOG.characters[card].name
    report = replay.replay(log)
    assert report["names"][card] == name
    assert f"| {name} |" in render_markdown(report)  # the ledger's source column: the name
    assert f"<td>{name}</td>" in render_html(report)
    # A violation's message and found value name the card, with the id after the name once.
    recruit["card"] = "c3-24" if card != "c3-24" else "c3-23"
    bad = replay.replay(log)
    other = f"{CATALOG.characters[recruit['card']].name} ({recruit['card']})"
    md = render_markdown(bad)
    assert other in md and f"({other})" not in md and f"{recruit['card']} (" not in md


@pytest.mark.parametrize("written", ['"', '""', '"Lourenço', 'Faria"'])
def test_stray_or_empty_quotes_are_located_problems(written):
    text = f'[game "coimbra"]\n[players "ana bruno"]\nana: recruit {written}\n'
    with pytest.raises(replay.InvalidLog) as err:
        parse_text(text)
    assert [p.line for p in err.value.problems] == [3]
