"""Places people can find: lines of a text log in every part of a report, and ``--at``."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

import replay
from referee_cli.main import cli
from replay.coimbra.generate import generate
from replay.core.logs.places import event_at
from replay.render.html import render_html
from replay.render.markdown import render_markdown


def _text_log(tmp_path, wrong_final: bool = False):
    log = generate(3, seed=2)
    if wrong_final:
        name = next(iter(log["events"][-1]["scores"]))
        log["events"][-1]["scores"][name] += 1
    text = replay.print_log(replay.load_log(log), "text")
    path = tmp_path / "game.txt"
    path.write_text(text)
    return path, text.splitlines()


def test_every_part_of_a_text_log_report_names_lines(tmp_path):
    path, lines = _text_log(tmp_path, wrong_final=True)
    report = replay.replay_text(path.read_text())
    parsed = replay.parse(path.read_text())
    for row in report["ledger"]:
        if row["event"] is not None:
            assert row["line"] == parsed.positions[row["event"]][0]
    claim = report["first_divergence"]
    assert lines[claim["line"] - 1].startswith("final ")
    assert all(r.get("line") for r in claim["explained_by"] if r["event"] is not None)
    md = render_markdown(report)
    assert f"at event {claim['event']} (line {claim['line']})" in md.splitlines()[2]
    row = next(r for r in report["ledger"] if r["event"] is not None)
    assert f"| {row['event']} (line {row['line']}) | {row['round']} |" in md
    assert f"(line {claim['line']})" in render_html(report)


def test_a_json_log_report_has_no_lines():
    report = replay.replay(generate(3, seed=2))
    assert all("line" not in row for row in report["ledger"])
    assert "| Event | Round |" in render_markdown(report)


def test_at_takes_a_line_and_honours_the_format(tmp_path):
    path, lines = _text_log(tmp_path)
    number = next(i for i, line in enumerate(lines, start=1) if ": income " in line)
    runner = CliRunner()
    md = runner.invoke(cli, ["replay", str(path), "--at", f"line:{number}", "--format", "md"])
    assert md.exit_code == 0, md.output
    assert md.output.startswith("# After event ") and f"(line {number})" in md.output
    assert "| Player |" in md.output
    as_json = json.loads(runner.invoke(cli, ["replay", str(path), "--at", f"line:{number}",
                                             "--format", "json"]).output)
    assert as_json["after_line"] == number and as_json["phase"] == "E"
    html = runner.invoke(cli, ["replay", str(path), "--at", f"line:{number}", "--format",
                               "html"]).output
    assert html.startswith("<!DOCTYPE html>")


@pytest.mark.parametrize("place", ["500", "line:5000", "line:1", "soon"])
def test_at_outside_the_log_is_refused(tmp_path, place):
    path, _ = _text_log(tmp_path)
    result = CliRunner().invoke(cli, ["replay", str(path), "--at", place])
    assert result.exit_code == 2
    assert "--at" in result.output


def test_a_line_without_an_event_names_the_event_before_it():
    positions = [(8, 1), (9, 1), (12, 1)]
    assert event_at("line:11", 3, positions) == 1
    assert event_at("line:12", 3, positions) == 2
    assert event_at("2", 3, positions) == 2
    with pytest.raises(ValueError, match="only a text log has lines"):
        event_at("line:9", 3, [])


@pytest.mark.parametrize("place", ["\u00b2", "\u0661", "line:\uff11", "9" * 5000])
def test_a_place_is_written_in_ascii_digits(place):
    """``²`` passed ``isdigit`` and ``int`` refused it with its own words; ``١`` (Arabic-Indic
    one) was read as event 1; 5000 digits are more than ``int`` reads."""
    with pytest.raises(ValueError, match="is neither an event number"):
        event_at(place, 3, [(8, 1), (9, 1), (12, 1)])


@pytest.mark.parametrize("game, first", [("coimbra", "roll: gray1"),
                                         ("viscounts", "ana: play Thief")])
@pytest.mark.parametrize("tag, value, path", [
    ("players", "ana ana", "/header/players"),
    ("variants", "no-such-variant", "/header/variants/0"),
    ("catalog", "no-such-catalog", "/header/catalog"),
    ("ruleset", "no-such-ruleset", "/header/ruleset")])
def test_a_header_problem_of_a_text_log_is_on_its_tags_line(game, first, tag, value, path):
    tags = {"game": game, "players": "ana bruno", tag: value}
    text = "".join(f'[{name} "{text}"]\n' for name, text in tags.items()) + f"\n{first}\n"
    report = replay.replay_text(text)
    assert report["verdict"] == "unparseable"
    line = list(tags).index(tag) + 1
    assert [(p["path"], p["line"], p["text"]) for p in report["problems"]] == [
        (path, line, text.splitlines()[line - 1])]
