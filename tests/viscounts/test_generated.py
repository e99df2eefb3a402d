"""Property tests over Viscounts games played by the seeded random player."""

from __future__ import annotations

import copy
import functools
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import replay
from replay.core.logs.log import load_log
from replay.core.reports.report_schema import ReportSchema
from replay.render.html import render_html
from replay.render.markdown import render_markdown
from replay.viscounts.catalog import load_catalog
from replay.viscounts.choices import DECISIONS
from replay.viscounts.funding import adjacent_card
from replay.viscounts.generate import generate
from replay.viscounts.replayer import replay_to
from tests.tampering import first_violation, indices

SEEDS = [(players, seed) for players in (2, 3, 4) for seed in (1, 2, 3)]
SETTINGS = settings(max_examples=15, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])


@functools.cache
def _generated(players: int, seed: int) -> str:
    return json.dumps(generate(players, seed))


def game(players: int, seed: int) -> dict:
    """A fresh copy of a generated game (generated once per test session)."""
    return json.loads(_generated(players, seed))


games = st.builds(game, players=st.integers(2, 4), seed=st.integers(1, 3))


@pytest.mark.parametrize(("players", "seed"), SEEDS)
def test_generated_games_replay_as_legal(players, seed):
    log = game(players, seed)
    report = replay.replay(log)
    assert report["violations"] == []
    assert report["verdict"] == "legal"
    assert report["reached"]["expected_next"] == "nothing"
    assert ReportSchema().validate(report) == {}
    scores = log["events"][-1]["scores"]
    assert scores == {n: p["total"] for n, p in report["final"]["players"].items()}
    # Every point is explained: the ledger's point rows add up to each total, and every
    # holding's rows add up to what the player ends with.
    for name, total in scores.items():
        rows = [r for r in report["ledger"] if r["player"] == name]
        assert sum(r["delta"] for r in rows if r["resource"] == "points") == total
        for what in ("silver", "ink", "gold", "stone", "debts", "deeds"):
            assert sum(r["delta"] for r in rows if r["resource"] == what) == \
                report["state"][name][what]


def test_the_phase_breakdown_goes_round_by_turn_by_phase():
    log = game(3, 1)
    report = replay.replay(log)
    start = log["events"][0]["start_player"]
    seats = log["header"]["players"]
    order = seats[seats.index(start):] + seats[:seats.index(start)]
    round_one = [(c["turn"], c["phase"]) for c in report["phases"] if c["round"] == 1]
    turns = list(dict.fromkeys(turn for turn, _ in round_one))
    assert turns == order
    for turn in turns:
        phases = [phase for t, phase in round_one if t == turn]
        assert phases == sorted(phases)  # "1 cards" < "2 movement" < ... < "6 draw"


@pytest.mark.parametrize(("players", "seed"), SEEDS[:3])
def test_reports_are_deterministic(players, seed):
    log = game(players, seed)
    first = json.dumps(replay.replay(log), sort_keys=True)
    again = json.dumps(replay.replay(copy.deepcopy(log)), sort_keys=True)
    assert first == again


def test_generation_is_seeded():
    assert generate(3, 7) == generate(3, 7)
    assert generate(3, 7) != generate(3, 8)


def test_the_report_lists_the_placeholder_values_it_used():
    report = replay.replay(game(2, 1))
    used = report["catalog"]["placeholders_used"]
    entries = {u["entry"] for u in used}
    # The board print is a placeholder: the segment sides' player counts were read.
    assert {"seg1a", "seg2a"} <= entries
    assert all(u["path"].startswith("/") for u in used)


def test_the_placeholder_table_has_a_row_per_entry_and_the_final_table_no_solo_row():
    report = replay.replay(game(2, 1))
    used = report["catalog"]["placeholders_used"]
    markdown = render_markdown(report)
    section = markdown.split("## Placeholder values used", 1)[1].split("\n## ", 1)[0]
    rows = [line for line in section.splitlines() if line.startswith("| ") and "---" not in line]
    entries = list(dict.fromkeys(u["entry"] for u in used))
    names = report["names"]  # each entry reads with its name first, its id after it
    assert [row.split(" | ")[0].lstrip("| ") for row in rows[1:]] == \
        [f"{names[e]} ({e})" if e in names else e for e in entries]
    first = [u for u in used if u["entry"] == entries[0]]
    # each value said in words after its field's, never as JSON
    assert all(f'{u["field"].replace("_", " ").replace(".", " ")}: ' in rows[1] for u in first)
    assert '{"' not in section and '["' not in section
    assert f"{len(used)} values not yet transcribed, from {len(entries)} components" in section
    # The opponent's leftover-resource points are a category of solo games only.
    assert "Leftover resources" not in markdown.split("## Final scoring", 1)[1]


@SETTINGS
@given(games, st.data())
def test_underfunded_construction_is_refused(log, data):
    paid = [i for i in indices(log, "construct") if log["events"][i].get("pay")]
    if not paid:
        return
    index = data.draw(st.sampled_from(paid))
    pay = log["events"][index]["pay"]
    pay["stone"] -= 1
    assert first_violation(log, index)["rule"] == "viscounts.build.cost"


@SETTINGS
@given(games, st.data())
def test_a_second_dismiss_is_refused_as_a_second_action(log, data):
    """A dismiss comes only with a primary action: the second is refused for its action."""
    dismissals = [i for i in range(len(log["events"])) if log["events"][i].get("dismiss")]
    if not dismissals:
        return
    index = data.draw(st.sampled_from(dismissals))
    event = log["events"][index]
    # The second dismissal comes once the first action's choices and reveals are done.
    after = next(i for i in range(index + 1, len(log["events"]))
                 if log["events"][i]["type"] not in (*DECISIONS, "reveal"))
    table = replay_to(load_log(log), after - 1)
    top = adjacent_card(table, table.player(event["player"]))
    again = dict(event, dismiss=top)
    log["events"].insert(after, again)
    rule = first_violation(log, after)["rule"]
    # The second action is the first action's kind again: a second Transcribe has its own id.
    assert rule == ("viscounts.transcribe.once" if event["type"] == "transcribe"
                    else "viscounts.action.one")


@SETTINGS
@given(games, st.data())
def test_moving_too_few_spaces_is_refused(log, data):
    catalog = load_catalog()
    moves = [i for i in indices(log, "move")
             if log["events"][i - 1]["type"] == "play"
             and catalog.townsfolk[log["events"][i - 1]["card"]].cost >= 2]
    if not moves:
        return
    index = data.draw(st.sampled_from(moves))
    event = log["events"][index]
    value = catalog.townsfolk[log["events"][index - 1]["card"]].cost
    event["path"] = event["path"][:value - 1]
    assert first_violation(log, index)["rule"] == "viscounts.move.steps"


@SETTINGS
@given(games, st.data())
def test_building_across_the_river_is_refused(log, data):
    catalog = load_catalog()
    index = data.draw(st.sampled_from(indices(log, "construct")))
    event = log["events"][index]
    table = replay_to(load_log(log), index - 1)
    spot = catalog.spots[event["spot"]]
    across = [s.id for s in table.side(table.side_of(spot.id)).spots
              if s.river != spot.river and s.id not in table.state.spots]
    if not across:
        return
    event["spot"] = data.draw(st.sampled_from(across))
    assert first_violation(log, index)["rule"] == "viscounts.build.river"


@SETTINGS
@given(games, st.data())
def test_playing_a_card_that_cannot_be_in_hand_is_refused(log, data):
    index = data.draw(st.sampled_from(indices(log, "play", blind=None)))
    event = log["events"][index]
    table = replay_to(load_log(log), index - 1)
    player = table.player(event["player"])
    elsewhere = sorted(c for c in load_catalog().townsfolk
                       if not player.hand[c] and not player.hidden[c])
    event["card"] = data.draw(st.sampled_from(elsewhere))
    assert first_violation(log, index)["rule"] in ("viscounts.log.hidden_location",
                                                     "viscounts.log.component")


@SETTINGS
@given(games, st.data(), st.sampled_from(["strict", "audit"]))
def test_random_mutations_never_raise(log, data, mode):
    events = log["events"]
    for _ in range(3):
        index = data.draw(st.integers(0, len(events) - 1))
        action = data.draw(st.sampled_from(["drop", "swap", "duplicate", "player"]))
        if action == "drop":
            del events[index]
        elif action == "swap" and index + 1 < len(events):
            events[index], events[index + 1] = events[index + 1], events[index]
        elif action == "duplicate":
            events.insert(index, copy.deepcopy(events[index]))
        elif "player" in events[index]:
            events[index]["player"] = data.draw(st.sampled_from(log["header"]["players"]))
    report = replay.replay(log, mode=mode)
    assert report["verdict"] in ("legal", "illegal", "score_mismatch", "incomplete")
    assert ReportSchema().validate(report) == {}


def test_a_wrong_total_names_the_scoring_variant_that_gives_it():
    """2 players: a table that paid nothing to second place on Poverty or Prosperity
    scored under small-game-second-zero; the report says so."""
    log = game(2, 1)
    report = replay.replay(log)
    second = next(a for awards in report["final"]["end_cards"].values() for a in awards
                  if a["place"] == 2)
    log["events"][-1]["scores"][second["player"]] -= second["points"]
    report = replay.replay(log)
    assert report["verdict"] == "score_mismatch"
    assert report["first_divergence"]["matches_under"] == "small-game-second-zero"
    assert ReportSchema().validate(report) == {}


def test_the_renderers_say_which_variant_gives_a_wrong_total():
    log = game(2, 1)
    report = replay.replay(log)
    second = next(a for awards in report["final"]["end_cards"].values() for a in awards
                  if a["place"] == 2)
    log["events"][-1]["scores"][second["player"]] -= second["points"]
    report = replay.replay(log)
    assert "variant small-game-second-zero gives (not declared)" in render_markdown(report)
    assert "variant small-game-second-zero gives, not declared" in render_html(report)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_strict_primary_action_refuses_a_turn_that_skipped_a_possible_action(seed):
    log = game(2, seed)
    log["header"]["variants"] = ["strict-primary-action"]
    first = replay.replay(log)["violations"][0]
    assert first["rule"] == "viscounts.action.one"
    events = log["events"]
    # The refused event ends phase 3 of a turn whose movement came with no action after it.
    before = [e["type"] for e in events[:first["event"]]]
    last_move = len(before) - 1 - before[::-1].index("move")
    between = {t for t in before[last_move + 1:]}
    assert not between & {"trade", "construct", "workers", "transcribe"}
    assert events[first["event"]]["type"] in ("hire", "collision", "draw", "play")


# Each seed gives a game where the variant's reading comes up (for the castle split, a
# section reaching 4 Workers of one colour).
@pytest.mark.parametrize(("variant", "players", "seed"), [
    ("shuffle-icon-check", 2, 1), ("collision-read-at-start", 2, 1),
    ("zh-castle-spread-rest", 2, 2), ("corruption-after-immediate", 4, 5)])
def test_a_game_played_under_an_undeclared_variant_is_legal_under_it(variant, players, seed):
    """Played under the variant, the game replays legal with it declared; without it, the
    first refusal says it is legal under that variant."""
    log = generate(players, seed, variants=(variant,))
    assert replay.replay(log)["verdict"] == "legal"
    log["header"]["variants"] = []
    violations = replay.replay(log)["violations"]
    assert violations, "the variant's reading never came up in this game"
    assert violations[0]["legal_under"] == variant
