"""Scoresheet-only input: the end state is enough to compute and check the final scoring."""

from __future__ import annotations

import copy
import json

import pytest

import replay
from replay.coimbra.order import crowns_of
from replay.coimbra.replayer import replay_to
from replay.coimbra.state import TRACKS
from replay.core.logs.log import load_log
from replay.render import render_markdown
from tests.conftest import FIXTURES

LEGAL = FIXTURES / "coimbra" / "legal"


def sheet_from(name: str) -> tuple[dict, dict]:
    """The end state of a hand-checked game, written as a scoresheet, and its expectations."""
    document = json.loads((LEGAL / f"{name}.json").read_text())
    expected = json.loads((LEGAL / f"{name}.expected.json").read_text())
    events = [e for e in document["events"] if e["type"] != "final"]
    game = replay_to(load_log({**document, "events": events}), len(events) - 1)
    state = game.state
    players = {}
    for position, name_ in enumerate(state.order):
        p = state.players[name_]
        players[name_] = {
            "points": p.points, "coins": p.coins, "guards": p.guards,
            "crowns": crowns_of(game, p, position)["total"],
            "tracks": dict(p.influence), "characters": list(p.characters),
            "monasteries": list(p.monasteries), "voyages": list(p.voyages),
            "favors_taken": p.favors_taken,
        }
    arrival = {t: sorted(state.order, key=lambda n: state.players[n].arrived[t]) for t in TRACKS}
    sheet = {"header": document["header"], "scoresheet": {
        "order": list(state.order), "scoring_tiles": dict(state.scoring_tiles),
        "players": players, "arrival": arrival,
        "final": {n: v["total"] for n, v in expected["final"].items()}}}
    return sheet, expected


@pytest.mark.parametrize("name", ["game-2p", "game-3p", "game-4p"])
def test_a_scoresheet_gives_the_hand_checked_final_scoring(name):
    sheet, expected = sheet_from(name)
    report = replay.score_sheet(sheet)
    assert report["final"]["players"] == expected["final"]
    assert report["standings"][0]["player"] == expected["winner"]
    assert report["verdict"] == "legal"
    assert report["input"] == "scoresheet"


def test_a_wrong_total_on_the_sheet_is_a_score_mismatch():
    sheet, expected = sheet_from("game-2p")
    winner = expected["winner"]
    sheet["scoresheet"]["final"][winner] -= 1
    report = replay.score_sheet(sheet)
    assert report["verdict"] == "score_mismatch"
    assert report["first_divergence"]["player"] == winner


def _problems(sheet: dict) -> list[tuple[str, str]]:
    with pytest.raises(replay.InvalidLog) as err:
        replay.score_sheet(sheet)
    return [(p.path, p.message) for p in err.value.problems]


def test_inconsistent_sheets_get_located_problems():
    sheet, _ = sheet_from("game-2p")
    bad = copy.deepcopy(sheet)
    ana = bad["scoresheet"]["players"]["ana"]
    ana["coins"] = 23
    ana["characters"].append("c9-99")
    ana["tracks"]["scholar"] = 16
    problems = _problems(bad)
    paths = {path for path, _ in problems}
    assert "/scoresheet/players/ana/coins" in paths
    assert f"/scoresheet/players/ana/characters/{len(ana['characters']) - 1}" in paths
    assert "/scoresheet/players/ana/tracks/scholar" in paths


def test_a_shared_space_needs_its_arrival_order():
    sheet, _ = sheet_from("game-2p")
    players = sheet["scoresheet"]["players"]
    players["ana"]["tracks"]["clergy"] = players["bruno"]["tracks"]["clergy"] = 9
    del sheet["scoresheet"]["arrival"]["clergy"]
    [(path, message)] = _problems(sheet)
    assert path == "/scoresheet/arrival/clergy"
    assert "share space 9" in message


def test_the_cli_scores_a_sheet_file(tmp_path):
    from click.testing import CliRunner

    from referee_cli.main import cli

    sheet, expected = sheet_from("game-3p")
    path = tmp_path / "sheet.json"
    path.write_text(json.dumps(sheet))
    result = CliRunner().invoke(cli, ["score", str(path), "--format", "json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["final"]["players"] == expected["final"]


def test_a_scoresheet_report_adds_up_and_speaks_of_a_sheet():
    from replay.render.html import render_html
    from replay.render.markdown import render_markdown, round_points

    sheet, expected = sheet_from("game-2p")
    report = replay.score_sheet(sheet)
    totals = {name: line["total"] for name, line in expected["final"].items()}
    running = {name: line["running"] for name, line in expected["final"].items()}
    assert round_points(report) == [("Before final scoring (the sheet)", running),
                                     ("Final", totals)]
    assert sum(r["delta"] for r in report["ledger"] if r["resource"] == "points"
               and r["player"] == "ana") == totals["ana"]
    md = render_markdown(report)
    assert "The scoresheet is consistent" in md and "events follow" not in md
    assert "Every move is legal" not in md
    html = render_html(report)
    assert "Before final scoring" in html and "Events replayed" not in html
    sheet["scoresheet"]["final"]["ana"] += 1
    wrong = render_markdown(replay.score_sheet(sheet))
    assert "Every move is legal" not in wrong and "event 0" not in wrong
    assert "ana's: claimed" in wrong


def test_every_problem_of_a_sheet_at_once_with_clean_paths_and_suggestions():
    sheet, _ = sheet_from("game-2p")
    players = sheet["scoresheet"]["players"]
    players["ana"]["coins"] = -1
    players["ana"]["characters"].append("c2-o8")
    players["bruno"]["voyages"].append("v-1")
    problems = {p.path: p for p in _problem_objects(sheet)}
    assert "/scoresheet/players/ana/coins" in problems
    assert all("/value" not in path for path in problems)
    card = problems[f"/scoresheet/players/ana/characters/{len(players['ana']['characters']) - 1}"]
    assert card.suggestions[0] == "c2-08"
    voyage = problems[f"/scoresheet/players/bruno/voyages/{len(players['bruno']['voyages']) - 1}"]
    assert voyage.suggestions[0] == "v-01"


def _problem_objects(sheet: dict) -> list:
    with pytest.raises(replay.InvalidLog) as err:
        replay.score_sheet(sheet)
    return err.value.problems


def test_components_written_by_printed_name_score_as_their_ids():
    # game-2p's end of play (worked by hand: ana 63, bruno 82), ana's characters and a
    # voyage written as printed, in any case and without accents.
    sheet, _ = sheet_from("game-2p")
    ana = sheet["scoresheet"]["players"]["ana"]
    ana["characters"] = ["beatriz sampaio" if c == "c1-02" else
                         "MADRE URRACA" if c == "c1-07" else c for c in ana["characters"]]
    ana["voyages"] = ["Viagem a Sao Tome" if v == "v-05" else v for v in ana["voyages"]]
    sheet["scoresheet"]["final"] = {"ana": 63, "bruno": 82}
    report = replay.score_sheet(sheet)
    assert report["verdict"] == "legal"
    assert {r["player"]: r["points"] for r in report["standings"]} == {"ana": 63, "bruno": 82}


def test_a_misspelt_name_is_located_with_the_closest_printed_names():
    sheet, _ = sheet_from("game-2p")
    sheet["scoresheet"]["players"]["ana"]["characters"][1] = "Madre Urace"
    with pytest.raises(replay.InvalidLog) as err:
        replay.score_sheet(sheet)
    [problem] = [p for p in err.value.problems if p.path.endswith("/characters/1")]
    assert problem.path == "/scoresheet/players/ana/characters/1"
    assert problem.message == "ana's sheet lists an unknown character 'Madre Urace'"
    assert problem.suggestions[0] == 'c1-07 "Madre Urraca"'


def test_an_inconsistent_sheet_is_told_as_a_scoresheet_not_a_log():
    sheet, _ = sheet_from("game-2p")
    sheet["scoresheet"]["players"]["ana"]["coins"] = 21  # the cap is 20
    report = replay.replay_text(json.dumps(sheet))
    assert (report["verdict"], report["input"]) == ("unparseable", "scoresheet")
    text = render_markdown(report)
    assert "The scoresheet does not hold together (1 problem), so it was not scored." in text
    assert "## Problems in the scoresheet" in text and "could not be read" not in text
    assert "/scoresheet/players/ana/coins" in text
