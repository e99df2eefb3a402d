"""The Viscounts text notation: round trips, printed names, located parse errors."""

from __future__ import annotations

import pytest

import replay
from replay.core.logs.log import load_log
from replay.core.logs.problems import InvalidLog
from replay.render.markdown import render_markdown
from replay.render.state import render_state_markdown
from replay.viscounts.generate import generate
from replay.viscounts.notation import event_line, parse_text, print_text

HEADER = '[game "viscounts"]\n[players "ana bruno"]\n'


@pytest.mark.parametrize("players", [2, 3, 4])
def test_generated_games_round_trip_through_text(players):
    log = load_log(generate(players, 5))
    text = print_text(log)
    back, warnings = parse_text(text)
    assert back == log
    assert warnings == []
    assert print_text(back) == text
    assert replay.replay_text(text)["verdict"] == "legal"


def test_cards_are_read_by_printed_name_ignoring_case_and_accents():
    log, _ = parse_text(HEADER + "ana: play THIEF\nana: hire foreman\nana: draw Thíef ? "
                                 "tf-24\n")
    assert [e.get("card") for e in log.events[:2]] == ["start-thief", "tf-24"]
    assert log.events[2]["cards"] == ["start-thief", "?", "tf-24"]


def test_a_space_before_the_players_colon_reads_as_none():
    # As the Coimbra reader allows: "ana : play Thief" is "ana: play Thief", with no warning.
    spaced, warnings = parse_text(HEADER + "ana : play Thief\nbruno  :  move seg1a-or\n")
    plain, _ = parse_text(HEADER + "ana: play Thief\nbruno: move seg1a-or\n")
    assert spaced.events == plain.events
    assert warnings == []
    [problem] = _problems("carla : play Thief\n")
    assert (problem.message, problem.line, problem.column) == ("unknown player 'carla'", 3, 1)


def test_card_ids_are_read_in_any_case_like_names():
    log, warnings = parse_text(HEADER + "ana: play START-THIEF\nana: hire TF-24\n"
                                        "ana: trade 1 dismiss=SEG1A-TF\n")
    assert [e.get("card", e.get("dismiss")) for e in log.events] == [
        "start-thief", "tf-24", "seg1a-tf"]
    assert warnings == []


def test_printed_names_are_used_where_unique_and_ids_elsewhere():
    log, _ = parse_text(HEADER + "ana: hire tf-16\nana: hire Foreman\n")
    assert print_text(log).splitlines()[-2:] == ["ana: hire tf-16", "ana: hire Foreman"]


def test_fields_by_name_and_by_position_agree():
    by_position, _ = parse_text(HEADER + "ana: construct workshop-1 seg1a-l1 pay=stone:2 "
                                         "dismiss=Mason\n")
    by_name, _ = parse_text(HEADER + "ana: construct spot=seg1a-l1 slot=workshop-1 "
                                     "dismiss=tf-30 pay=stone:2\n")
    assert by_position.events == by_name.events == [
        {"type": "construct", "player": "ana", "slot": "workshop-1", "spot": "seg1a-l1",
         "pay": {"stone": 2}, "dismiss": "tf-30"}]


def _problems(text: str) -> list:
    with pytest.raises(InvalidLog) as err:
        parse_text(HEADER + text)
    return err.value.problems


def test_parse_errors_are_located_and_all_collected():
    problems = _problems("ana: play Thiff\ncarla: move seg1a-or\nana: trde 1\n"
                         "ana: hire \"Debt Collector\"\nana: workers two\n")
    located = [(p.line, p.column) for p in problems]
    assert located == [(3, 11), (4, 1), (5, 6), (6, 11), (7, 14)]
    assert "unknown card 'Thiff'" in problems[0].message
    assert "thief" in problems[0].suggestions
    assert problems[1].message == "unknown player 'carla'"
    assert problems[2].suggestions[0] == "trade"
    assert "4 cards" in problems[3].message and "tf-16" in problems[3].message
    assert problems[4].message == "count is a number, not 'two'"


def test_a_missing_required_field_is_located_on_its_line():
    problems = _problems("ana: play Thief\nana: construct workshop-1\n")
    assert [(p.line, p.message) for p in problems] == [
        (4, "a construct event needs 'spot'")]


def test_an_unparseable_text_log_gets_an_unparseable_report():
    report = replay.replay_text(HEADER + "ana: fly away\n")
    assert report["verdict"] == "unparseable"
    assert report["problems"][0]["line"] == 3


def test_a_text_log_report_gives_lines_and_printed_names():
    text = print_text(load_log(generate(3, 5)))
    positions = parse_text(text)[0].positions
    report = replay.replay_text(text)
    located = [r for r in report["ledger"] if r["event"] is not None]
    assert located and all(r["line"] == positions[r["event"]][0] for r in located)
    assert all(n["line"] == positions[n["event"]][0] for n in report["notes"])
    hired = next(r for r in report["ledger"] if r["reason"].startswith("hires "))
    assert report["names"][hired["source"]] == hired["reason"].removeprefix("hires ")
    markdown = render_markdown(report)
    assert f"| {hired['event']} (line {hired['line']}) |" in markdown
    note = report["notes"][0]
    assert f"| {note['event']} (line {note['line']}) | {note['round']} |" in markdown
    name = report["names"][hired["source"]]
    assert f"| hires {name} | {name} |" in markdown  # the ledger's source: the printed name


def test_audited_standings_after_a_broken_rule_carry_the_caveat():
    log = generate(2, 1)
    for index in (i for i, e in enumerate(log["events"]) if e["type"] == "move"):
        broken = {**log, "events": log["events"][:index] + log["events"][index + 1:]}
        report = replay.replay(broken, mode="audit")
        if report["violations"] and report["final"]:
            break
    else:
        pytest.fail("no dropped move left a game that reaches its end")
    assert report["standings"] and "not a ruling" in report["standings_caveat"]
    assert report["causes"][0]["event"] == report["violations"][0]["event"]
    assert replay.replay(log, mode="audit")["standings_caveat"] is None


def test_the_table_at_an_event_speaks_the_notation_and_names_the_cards():
    log = load_log(generate(3, 5))
    state = replay.state_at(log, 52)
    markdown = render_state_markdown(state, "viscounts")
    assert state["legal_actions"]
    for action in state["legal_actions"]:
        assert f"- `{event_line(action)}`" in markdown
        assert replay.GAMES.get("viscounts").event_text(action) == event_line(action)
    card = next(c for p in state["players"].values() for c in p["board"] if c)
    assert f"{state['names'][card]} ({card})" in markdown
    assert "{'type'" not in markdown
