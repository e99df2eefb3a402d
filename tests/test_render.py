"""Report renderings: golden JSON and Markdown files, and the HTML page's promises.

The golden files are rewritten only by ``make golden`` (see ``tests/golden.py``); read the
changed ``.report.md`` files before committing them.
"""

from __future__ import annotations

import json
import re
from html import unescape

import pytest

import replay
from replay.render import RENDERERS, render_html, render_markdown
from replay.render.markdown import phase_rows, round_points, scoring_categories
from replay.render.names import NameLabels
from tests.conftest import ROOT
from tests.golden import FIXTURES, fixture_logs, fixture_report, golden_paths

LOGS = fixture_logs()


@pytest.mark.engine_written  # make golden writes these files from the code
@pytest.mark.parametrize("log", LOGS, ids=[f"{p.parent.name}-{p.stem}" for p in LOGS])
def test_golden(log):
    report = fixture_report(log)
    for kind, path in golden_paths(log).items():
        assert path.exists(), f"missing {path}; run make golden"
        assert RENDERERS[kind](report) == path.read_text(encoding="utf-8"), (
            f"{path.name} differs; run make golden and review the diff")


def test_renderings_are_deterministic():
    report = fixture_report(FIXTURES / "legal" / "game-4p.json")
    for render in RENDERERS.values():
        assert render(report) == render(json.loads(json.dumps(report)))


UNPARSEABLE = {
    "verdict": "unparseable",
    "problems": [{"message": "unknown event type 'plcae' | typo", "path": "/events/3/type",
                  "line": 4, "column": 7, "text": "ana: plcae gray5", "expected": "place",
                  "suggestions": ["place"]}],
}


def test_unparseable_markdown_and_html():
    text = render_markdown(UNPARSEABLE)
    assert text.startswith("# Verdict: UNPARSEABLE\n")
    assert "plcae" in text and "\\| typo" in text and "4:7" in text
    page = render_html(UNPARSEABLE)
    assert "UNPARSEABLE" in page and "line 4, column 7" in page


def test_renderers_survive_missing_and_null_keys():
    report = fixture_report(FIXTURES / "illegal" / "city-payment-wrong-resource.json")
    for key in report:
        for broken in ({k: v for k, v in report.items() if k != key},
                       *({**report, key: odd} for odd in (None, 5, "x", [], {}, [5], [None]))):
            for render in RENDERERS.values():
                assert isinstance(render(broken), str)
    for render in (render_markdown, render_html):
        assert render({})


def test_markdown_names_a_demo_catalog_and_escapes_pipes():
    report = fixture_report(FIXTURES / "illegal" / "city-row-other-row.json")
    report["violations"][0]["message"] = "a | b"
    text = render_markdown(report)
    assert "not the printed game" in text
    assert "a \\| b" in text


def test_per_round_points_follow_the_ledger():
    report = fixture_report(FIXTURES / "legal" / "game-2p.json")
    rows = round_points(report)
    assert [label for label, _ in rows] == ["Round 1", "Round 2", "Round 3", "Round 4", "Final"]
    assert rows[-1][1] == {s["player"]: s["points"] for s in report["standings"]}


def test_a_game_scored_only_at_the_end_has_no_rows_of_zeros():
    """Viscounts scores only in its final scoring: no per-round table or chart, but a chart
    of each player's final points by category (the worked example's own figures)."""
    log = FIXTURES.parent / "viscounts" / "worked" / "game-2p.json"
    report = replay.replay(json.loads(log.read_text(encoding="utf-8")))
    assert report["verdict"] == "legal" and report["reached"]["round"] > 1
    assert round_points(report) == []
    assert "Points per round" not in render_markdown(report)
    assert "## Final scoring" in render_markdown(report)
    page = render_html(report)
    assert "No points were scored during play" not in page
    assert "<h2>Final points by category</h2>" in page
    worked = json.loads(log.with_name("game-2p.expected.json").read_text(encoding="utf-8"))
    bars = set(re.findall(r"<rect [^>]*><title>([^<]+)</title></rect>", page))
    labels = dict(scoring_categories(report))
    assert bars == {f"{player}: {labels[key]} {points:+d}"
                    for player, line in worked["final"].items()
                    for key, points in line.items() if key != "total" and points}


def test_html_escapes_hostile_text():
    report = fixture_report(FIXTURES / "illegal" / "city-row-other-row.json")
    hostile = '<script>alert("x")</script>'
    report["players"] = [hostile, *report["players"]]
    report["violations"][0]["message"] = hostile
    report["ledger"][0]["player"] = hostile
    page = render_html(report)
    assert "<script" not in page
    assert "&lt;script&gt;" in page


@pytest.mark.parametrize("name", ["game-2p", "game-4p", "round-one-2p"])
def test_html_is_self_contained(name):
    page = render_html(fixture_report(FIXTURES / "legal" / f"{name}.json"))
    assert page.startswith("<!DOCTYPE html>")
    assert "http://" not in page and "https://" not in page
    assert not re.search(r"<(script|link|img|iframe)\b", page)
    assert 'id="verdict"' in page and '<details id="ledger">' in page


@pytest.mark.parametrize("folder, name", [("legal", "game-2p"), ("legal", "game-3p"),
                                          ("legal", "game-4p"), ("legal", "round-one-2p"),
                                          ("illegal", "voyage-payment-cannot-afford")])
def test_score_chart_has_a_point_per_player_and_round(folder, name):
    report = fixture_report(FIXTURES / folder / f"{name}.json")
    page = render_html(report)
    chart = re.search(r'<svg id="score-chart".*?</svg>', page).group(0)
    assert "<title" in chart
    lines = re.findall(r'<polyline[^>]* points="([^"]*)"', chart)
    points = sum(len(line.split()) for line in lines)
    expected = report["reached"]["round"] + (report["final"] is not None)
    assert len(lines) == len(report["players"])
    assert points == len(report["players"]) * expected
    for player in report["players"]:
        assert player in chart


@pytest.mark.parametrize("game, players", [("coimbra", 4), ("viscounts", 3)])
def test_the_phase_table_sums_the_ledger_by_round_turn_and_phase(game, players):
    report = replay.replay(replay.GAMES.get(game).generate(players, 2))
    header, rows = phase_rows(report)
    turns = "Turn" in header
    sums: dict[tuple, dict[str, int]] = {}
    for row in report["ledger"]:
        key = (row["round"], row.get("turn") if turns else None, row["phase"], row["player"])
        sums.setdefault(key, {})
        sums[key][row["resource"]] = sums[key].get(row["resource"], 0) + row["delta"]
    shown = 0
    for cells in rows:
        round_, turn, phase = cells[0], cells[1] if turns else None, cells[1 + turns]
        for name, cell in zip(header[2 + turns:], cells[2 + turns:], strict=True):
            expected = {r.replace("_", " "): d
                        for r, d in sums.pop((round_, turn, phase, name), {}).items() if d}
            written = dict(re.match(r"(.+?) ([+-]\d+)", part).groups()
                           for part in _top_level_parts(cell))
            assert {r: int(d) for r, d in written.items()} == expected, (round_, phase, name)
            shown += bool(expected)
    assert shown and not any(any(v.values()) for v in sums.values())
    assert "## Phase by phase" in render_markdown(report)
    assert '<details id="phases">' in render_html(report)


def _top_level_parts(cell: str) -> list[str]:
    """``a +1, points +2 (x (X) +2, y +0)`` split at the commas outside brackets."""
    parts, depth, start = [], 0, 0
    for i, char in enumerate(cell):
        depth += {"(": 1, ")": -1}.get(char, 0)
        if cell.startswith(", ", i) and depth == 0:
            parts.append(cell[start:i])
            start = i + 2
    return [*parts, cell[start:]] if cell else parts


def test_printed_names_go_before_ids_once():
    """An id in a sentence reads as its printed name with the id after it: an id already in
    parentheses after its name stays, one with its name after it is turned round."""
    label = NameLabels({"tf-24": "Foreman", "c2-08": "Lourenço Faria"})
    assert label("Foreman (tf-24) cannot be in a pile") == "Foreman (tf-24) cannot be in a pile"
    assert label("tf-24 (Foreman) is gone") == "Foreman (tf-24) is gone"
    assert label("recruited c2-08, not tf-24") == \
        "recruited Lourenço Faria (c2-08), not Foreman (tf-24)"
    assert label("(tf-24 and c2-08)") == "(Foreman (tf-24) and Lourenço Faria (c2-08))"


def test_words_before_an_id_that_its_name_repeats_are_not_said_twice():
    """"manuscript ms-10" with the name "grey manuscript: 2 gold" reads the name once; a
    word the name does not say stays."""
    label = NameLabels({"ms-10": "grey manuscript: 2 gold", "seg1a-or": "segment 1, outer "
                        "right space"})
    assert label("transcribes manuscript ms-10") == "transcribes grey manuscript: 2 gold (ms-10)"
    assert label("Trade at seg1a-or") == "Trade at segment 1, outer right space (seg1a-or)"


def test_a_table_shows_a_name_alone_and_an_unnamed_source_in_words():
    label = NameLabels({"track:scholar": "scholar track"})
    assert label.name("track:scholar") == "Scholar track"
    assert label.name("place_workers") == "Place workers"


def _catalog_ids(document, found: set[str]) -> set[str]:
    if isinstance(document, dict):
        if isinstance(document.get("id"), str) and re.search(r"\d", document["id"]):
            found.add(document["id"])
        for value in document.values():
            _catalog_ids(value, found)
    elif isinstance(document, list):
        for value in document:
            _catalog_ids(value, found)
    return found


COMPONENT_IDS = set()
for _catalog in (ROOT / "replay").glob("*/data/*.json"):
    if _catalog.name not in ("rules.json", "variants.json"):
        _catalog_ids(json.loads(_catalog.read_text(encoding="utf-8")), COMPONENT_IDS)


@pytest.mark.parametrize("log", LOGS, ids=[f"{p.parent.name}-{p.stem}" for p in LOGS])
def test_no_component_id_is_shown_without_its_name(log):
    """Every numbered component id of a built-in catalog (a card, a space, a tile) that a
    Markdown or HTML report shows comes after its printed name: ``Name (id)``."""
    report = fixture_report(log)
    names = report.get("names") or {}
    pattern = re.compile(r"(?<![\w-])(" + "|".join(
        map(re.escape, sorted(COMPONENT_IDS, key=len, reverse=True))) + r")(?![\w-])")
    for kind, text in (("md", render_markdown(report)), ("html", unescape(render_html(report)))):
        bare = [text[max(0, m.start() - 40):m.end() + 10] for m in pattern.finditer(text)
                if not (m.group(1) in names
                        and text[:m.start()].endswith(f"{names[m.group(1)]} ("))]
        assert not bare, f"{kind}: ids without their names: {bare[:5]}"


def test_a_wrong_claim_that_rests_on_invented_values_says_so_in_the_verdict_sentence():
    from replay.render.markdown import verdict_sentence
    report = {"verdict": "score_mismatch", "names": {"c1": "Dom Abel", "c2": "Dona Bia"},
              "claims": [{"event": 9, "player": "ana", "what": "points", "claimed": 7,
                          "computed": 6, "match": False}],
              "catalog": {"placeholders_used": [
                  {"entry": "c1", "field": "influence", "claims": [9]},
                  {"entry": "c2", "field": "cost", "claims": [4]},  # another claim's
                  {"entry": "c2", "field": "influence", "claims": [9]}]}}
    assert verdict_sentence(report).endswith(
        "The computed value rests on 2 values not yet transcribed (Dom Abel, influence; Dona "
        "Bia, influence): check them on the components.")
