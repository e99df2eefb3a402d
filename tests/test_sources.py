"""Reading a log from text: whatever characters it holds, ``replay_text`` answers with a
report whose places are the lines an editor shows, never with an exception."""

from __future__ import annotations

import json

import pytest

import replay
from replay.coimbra.generate import generate


def _text_with(note: str) -> tuple[str, int]:
    """A generated game's text with a comment line holding ``note`` after the header, and a
    draft line given to the wrong player: the text and the line (as editors count) of it."""
    lines = replay.print_log(replay.load_log(generate(2, seed=1)), "text").split("\n")
    blank = lines.index("")
    lines.insert(blank + 1, f"# {note}")
    number = next(i for i, line in enumerate(lines, start=1) if ": place " in line)
    player, rest = lines[number - 1].split(":", 1)
    other = "bruno" if player == "ana" else "ana"
    lines[number - 1] = f"{other}:{rest}"
    return "\n".join(lines), number


@pytest.mark.parametrize("character", ["\x0b", "\x0c", "\x1c", "\x1d", "\x1e", "\x85",
                                       "\u2028", "\u2029"])
def test_only_newlines_and_carriage_returns_break_lines(character):
    """Python's ``splitlines`` also breaks at these: every line after one was counted one
    too far, and a problem's line and text were not the ones an editor shows."""
    text, number = _text_with(f"seen at the table{character}twice")
    report = replay.replay_text(text)
    [violation] = report["violations"]
    assert (violation["rule"], violation["line"]) == ("coimbra.draft.turn", number)
    broken = replay.replay_text(text[:text.index("\n", text.index(": place "))] + "\nana: ?")
    [problem] = broken["problems"]
    assert problem["line"] == number + 1
    assert problem["text"] == "ana: ?"


@pytest.mark.parametrize("text", [
    '[game "coimbra\ud800"]\n[players "ana bruno"]\n',
    '{"header": {"game": "coimbra\ud800", "players": ["ana"]}, "events": []}',
])
def test_a_lone_surrogate_in_unreadable_text_gets_an_unparseable_report(text):
    report = replay.replay_text(text)
    assert report["verdict"] == "unparseable"
    json.dumps(report, ensure_ascii=False).encode("utf-8", "surrogatepass")


def test_a_lone_surrogate_in_json_text_is_refused_as_its_escape_is():
    """Written as ``\\ud800`` it was refused, written as the character itself it was
    replayed, and the report held a string no UTF-8 output can write."""
    log = generate(2, seed=1)
    log["events"][3]["comment"] = "x\ud800y"
    for text in (json.dumps(log), json.dumps(log, ensure_ascii=False)):
        report = replay.replay_text(text)
        assert report["verdict"] == "unparseable"
        assert [p["path"] for p in report["problems"]] == ["/events/3/comment"]


def test_an_unknown_game_is_located_on_its_tag_line():
    """It was put on line 1 whatever came before the tag."""
    text = '# table 3\n\n[game "coimbar"]\n[players "ana bruno"]\nana: pass\n'
    [problem] = replay.replay_text(text)["problems"]
    assert (problem["message"], problem["line"], problem["text"]) == (
        "unknown game 'coimbar'", 3, '[game "coimbar"]')
    assert problem["suggestions"] == ["coimbra"]
