"""``referee replay``, ``score``, ``--drop`` and ``--at`` speak to people by default: a short
summary (verdict, violations with place and rule, standings), the whole report with
``--format``; help texts take their ranges from the game registry."""

from __future__ import annotations

import json

from click.testing import CliRunner

import replay
from referee_cli.main import cli
from tests.conftest import FIXTURES, ROOT

DOCS = ROOT / "docs"


def _run(*args) -> object:
    return CliRunner().invoke(cli, [str(a) for a in args], catch_exceptions=False)


def test_a_legal_game_is_its_verdict_and_standings_in_a_few_lines():
    result = _run("replay", FIXTURES / "coimbra" / "legal" / "game-3p.json")
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert lines[0].startswith("LEGAL: ") and "bruno wins with 83 points" in lines[0]
    # legal/game-3p.worked.md: bruno 83, carla 82, ana 72.
    assert [line.split() for line in lines if line.startswith("  ")] == [
        ["1.", "bruno", "83", "points"], ["2.", "carla", "82", "points"],
        ["3.", "ana", "72", "points"]]
    assert lines[-1] == "The full report: --format json, md or html."
    assert len(lines) < 12 and not result.stdout.lstrip().startswith("{")


def test_a_violation_is_listed_with_its_line_and_rule(tmp_path):
    # illegal/city-row-other-row: bruno's die is in the upper row, c2-05 was dealt to the
    # central row (rule coimbra.city.row), in the text notation on the line that writes it.
    text = _run("convert", FIXTURES / "coimbra" / "illegal" / "city-row-other-row.json",
                "--to", "text").stdout
    path = tmp_path / "game.txt"
    path.write_text(text)
    line = next(n for n, row in enumerate(text.splitlines(), 1) if "recruit c2-05" in row)
    result = _run("replay", path)
    assert result.exit_code == 1
    lines = result.stdout.splitlines()
    assert lines[0].startswith("ILLEGAL: ")
    assert lines[2] == "Violations (1):"
    assert lines[3].startswith(f"  event 18 (line {line}): coimbra.city.row: ")
    assert "c2-05" in lines[3] and "Álvaro Serrão" in lines[3]  # the id, its printed name


def test_placeholder_values_are_one_sentence_not_the_list(tmp_path):
    path = tmp_path / "game.json"
    path.write_text(json.dumps(replay.GAMES.get("viscounts").generate(2, 3)))
    summary = _run("replay", path).stdout
    report = json.loads(_run("replay", path, "--format", "json").stdout)
    used = report["catalog"]["placeholders_used"]
    assert used  # the built-in catalog's placeholders: this game depends on some
    [sentence] = [line for line in summary.splitlines() if "not yet transcribed" in line]
    assert sentence.startswith(f"This verdict rests on {len(used)} values not yet ")
    assert used[0]["field"] not in summary and "Values used" not in summary
    assert len(summary.splitlines()) < 15


def test_a_scoresheet_summary_and_a_sheet_that_does_not_hold_together(tmp_path):
    good = tmp_path / "sheet.json"
    good.write_text(json.dumps({
        "header": {"game": "viscounts", "catalog": "viscounts-base", "players": ["ana", "bruno"]},
        "scoresheet": {"players": {"ana": {"castle": [2, 1, 0]}, "bruno": {"deeds": 2}},
                       "final": {"ana": 4, "bruno": 2}}}))
    result = _run("score", good)
    # ana: 2 tier-1 Workers (1 VP each) and 1 tier-2 Worker (2 VP) = 4; bruno: 2 Deeds = 2.
    assert result.exit_code == 0
    assert result.stdout.startswith("LEGAL: The scoresheet is consistent")
    standings = [line.split() for line in result.stdout.splitlines() if line.startswith("  ")]
    assert standings == [["1.", "ana", "4", "points"], ["2.", "bruno", "2", "points"]]
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({
        "header": {"game": "viscounts", "catalog": "viscounts-base", "players": ["ana", "bruno"]},
        "scoresheet": {"players": {"ana": {"cleric_bonuses": ["black"], "manuscripts": ["ms-02"]},
                                   "bruno": {}}}}))
    refused = _run("score", bad)
    assert refused.exit_code == 2
    assert refused.stdout.startswith("UNPARSEABLE: The scoresheet does not hold together "
                                     "(1 problem), so it was not scored.")
    assert (f"{bad}:/scoresheet/players/ana/cleric_bonuses/0: ana's black Cleric Bonus needs "
            "3 black manuscripts; the sheet lists 1") in refused.stderr
    assert json.loads(_run("score", bad, "--format", "json").stdout)["input"] == "scoresheet"


def test_drop_says_where_the_versions_part_and_each_verdict(tmp_path):
    path = tmp_path / "game.json"
    path.write_text((FIXTURES / "coimbra" / "legal" / "game-2p.json").read_text())
    log = replay.parse(path.read_text())
    index = next(i for i, e in enumerate(log.events) if e["type"] == "invest")
    lines = _run("replay", path, "--drop", index).stdout.splitlines()
    assert lines[0].startswith(f"They first differ at event {index} of A")
    # game-2p.worked.md: the log as recorded is legal, bruno wins with 82.
    assert lines[1] == "A: legal; bruno wins with 82 points"
    assert lines[2].startswith("B: ")
    assert lines[-1] == "The full report: --format json, md or html."
    full = json.loads(_run("replay", path, "--drop", index, "--format", "json").stdout)
    assert full["first_difference"]["a"]["event"] == index


def test_at_prints_a_block_per_player_no_wider_than_the_terminal():
    result = _run("replay", FIXTURES / "coimbra" / "legal" / "round-one-2p.json", "--at", 12)
    lines = result.stdout.splitlines()
    assert lines[0].startswith("After event 12: round 1, phase C")
    ana, bruno = lines.index("ana"), lines.index("bruno")
    # Each starts with 7 coins and 7 guards; bruno's c1-02 (Beatriz Sampaio) gave him 2 coins.
    assert lines[ana + 2].split() == ["coins", "7"] and lines[bruno + 2].split() == ["coins", "9"]
    assert lines[bruno + 3].split() == ["guards", "7"]
    assert "Next: bruno" in lines
    assert max(map(len, lines)) <= 80  # a terminal of 80 columns


def test_generate_help_gives_each_games_player_counts_from_the_registry():
    help_text = " ".join(_run("generate", "--help").stdout.split())
    assert "1-8" not in help_text
    counts = "; ".join(f"{game.name} {game.player_counts[0]}-{game.player_counts[-1]}"
                       for game in replay.GAMES)
    assert f"How many players: {counts}." in help_text
    assert "coimbra 2-4" in help_text and "viscounts 1-4" in help_text  # the rule texts


def test_a_solo_game_s_summary_says_who_won_and_why(tmp_path):
    path = tmp_path / "solo.json"
    path.write_text(json.dumps(replay.GAMES.get("viscounts").generate(1, 7)))
    report = json.loads(_run("replay", path, "--format", "json").stdout)
    lines = _run("replay", path).stdout.splitlines()
    assert f"  Solo game: {report['solo']['why']}." in lines
    assert lines.index(f"  Solo game: {report['solo']['why']}.") > lines.index("Standings:")


def test_at_says_what_a_viscounts_castle_count_counts():
    # castle-tier1-three.worked.md: after event 11 ana has 2 Workers on tier 1 (moved out
    # clockwise and counter-clockwise) and 1 on tier 2, none on tier 3.
    result = _run("replay", FIXTURES / "viscounts" / "worked" / "castle-tier1-three.json",
                  "--at", 11)
    lines = result.stdout.splitlines()
    ana = lines.index("ana")
    castle = next(line for line in lines[ana:] if line.split()[:1] == ["castle"])
    assert castle.split(None, 1)[1] == "2 Workers on tier 1, 1 on tier 2, 0 on tier 3"
