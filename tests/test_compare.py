"""Disputes: two versions of one game compared, and "what if" one event were different."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

import replay
from referee_cli.main import cli
from replay.coimbra.generate import generate
from replay.compare import amend, compare, drop


def _versions(tmp_path):
    """A generated game as text (A) and the same game where one recruit names another card."""
    log = replay.load_log(generate(3, seed=1))
    text = replay.print_log(log, "text")
    lines = text.splitlines()
    index = next(i for i, e in enumerate(log.events) if e["type"] == "recruit")
    event = log.events[index]
    line = next(n for n, t in enumerate(lines, start=1)
                if t == f"{event['player']}: recruit {event['card']}")
    deal = next(e for e in log.events[:index][::-1] if e["type"] == "deal")
    other = next(c for row in ("upper", "central", "lower") for c in deal[row]
                 if c != event["card"])
    changed = f"{event['player']}: recruit {other}"
    a, b = tmp_path / "a.txt", tmp_path / "b.txt"
    a.write_text(text)
    b.write_text(text.replace(lines[line - 1], changed, 1))
    return a, b, index, line, changed


def test_two_versions_part_at_the_first_different_event_and_line(tmp_path):
    a, b, index, line, changed = _versions(tmp_path)
    result = compare(replay.parse(a.read_text()), replay.parse(b.read_text()))
    assert result["same_game"] is False
    difference = result["first_difference"]
    assert difference["a"]["event"] == difference["b"]["event"] == index
    assert difference["a"]["line"] == line and difference["b"]["text"] == changed
    assert result["a"]["verdict"] == "legal"
    assert result["b"]["verdict"] != "legal"
    totals_a = {r["player"]: r["points"] for r in result["a"]["standings"]}
    totals_b = {r["player"]: r["points"] for r in result["b"]["standings"]}
    for name, delta in result["score_difference"].items():
        assert delta["total"] == totals_b[name] - totals_a[name]
        assert sum(v for k, v in delta.items() if k != "total") == delta["total"]


def test_the_same_game_in_two_notations_is_the_same(tmp_path):
    document = generate(2, seed=4)
    as_text = replay.parse(replay.print_log(replay.load_log(document), "text"))
    result = compare(replay.load_log(document), as_text)
    assert result["same_game"] and result["first_difference"] is None
    assert all(v == 0 for d in result["score_difference"].values() for v in d.values())


def test_diff_command_prints_the_difference_and_exits_1(tmp_path):
    a, b, index, line, changed = _versions(tmp_path)
    result = CliRunner().invoke(cli, ["diff", str(a), str(b)])
    assert result.exit_code == 1
    assert f"event {index} (line {line}) of A" in result.output
    assert f"`{changed}`" in result.output and "## Score difference" in result.output
    same = CliRunner().invoke(cli, ["diff", str(a), str(a), "--format", "json"])
    assert same.exit_code == 0 and json.loads(same.output)["same_game"] is True


def test_amend_and_drop_show_what_one_event_would_have_meant(tmp_path):
    a, b, index, line, changed = _versions(tmp_path)
    runner = CliRunner()
    amended = runner.invoke(cli, ["replay", str(a), "--amend", f"line:{line}", changed,
                                  "--format", "json"])
    assert amended.exit_code == 0, amended.output
    expected = compare(replay.parse(a.read_text()), replay.parse(b.read_text()))
    assert json.loads(amended.output) == json.loads(json.dumps(expected))
    dropped = json.loads(runner.invoke(cli, ["replay", str(a), "--drop", str(index),
                                             "--format", "json"]).output)
    assert dropped["first_difference"]["a"]["event"] == index
    assert dropped["first_difference"]["b"]["line"] == line + 1
    assert dropped["b"]["verdict"] == "illegal"
    bad = runner.invoke(cli, ["replay", str(a), "--amend", "3", "ana: recruit nobody"])
    assert bad.exit_code == 2 and "unknown character" in bad.output


def test_amend_and_drop_keep_the_rest_of_the_log():
    log = replay.load_log(generate(2, seed=4))
    index = next(i for i, e in enumerate(log.events) if e["type"] == "pass")
    player = log.events[index]["player"]
    changed = amend(log, index, json.dumps({"type": "pass", "player": player}))
    assert changed.events == log.events
    shorter = drop(log, index)
    assert shorter.events == log.events[:index] + log.events[index + 1:]
    with pytest.raises(replay.InvalidLog):
        drop(log, len(log.events))


def _malformed(tmp_path):
    """A JSON log that reads as a log but whose event 5 has a field no event has."""
    document = generate(2, seed=4)
    document["events"][5]["extra"] = 1
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(document))
    return path, document["events"][5]["type"]


@pytest.mark.parametrize("options", [["--drop", "3"], ["--amend", "3", "ana: pass"]])
def test_a_what_if_on_a_malformed_log_names_the_problem_and_exits_2(tmp_path, options):
    """The event shapes were first checked by the replay inside the comparison, whose
    refusal escaped as a traceback."""
    path, kind = _malformed(tmp_path)
    result = CliRunner().invoke(cli, ["replay", str(path), *options])
    assert result.exit_code == 2, result.exception
    assert f"{path}:/events/5/extra: a {kind} event has no field 'extra'" in result.output


def test_an_amendment_of_a_shape_no_event_has_is_refused_as_the_option(tmp_path):
    a, *_ = _versions(tmp_path)
    result = CliRunner().invoke(cli, ["replay", str(a), "--amend", "3",
                                      '{"type": "nope", "player": "ana"}'])
    assert result.exit_code == 2, result.exception
    assert "--amend" in result.output and "unknown event type 'nope'" in result.output


def test_diff_of_a_malformed_log_is_unreadable_not_different(tmp_path):
    """Exit 1 says "two different games"; a log that cannot be replayed is exit 2."""
    path, kind = _malformed(tmp_path)
    good = tmp_path / "good.json"
    good.write_text(json.dumps(generate(2, seed=4)))
    result = CliRunner().invoke(cli, ["diff", str(good), str(path)])
    assert result.exit_code == 2, result.output
    assert f"{path}:/events/5/extra: a {kind} event has no field 'extra'" in result.output
