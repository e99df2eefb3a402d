"""The solo game: the opponent's procedure computed by the engine and compared with the log.

Generated solo games (a seeded random human against the procedure) replay legal; one wrong
opponent action is refused at its event with the rule of the procedure it breaks; the
rulebook's solo example (p.30) gives its numbers; the win needs strictly more points.
"""

from __future__ import annotations

import copy
import random

import pytest

import replay
from replay.core.logs.log import load_log
from replay.core.verdicts.judge import StopReplay
from replay.render.html import render_html
from replay.render.markdown import render_markdown
from replay.viscounts import GAME
from replay.viscounts.catalog import load_catalog
from replay.viscounts.claims import Claims
from replay.viscounts.engine import apply_event, run_events
from replay.viscounts.generate import generate
from replay.viscounts.new_table import new_table
from replay.viscounts.solo import OPPONENT
from replay.viscounts.solo.opponent import CONTROLLER
from replay.viscounts.solo.reference import translate
from replay.viscounts.solo.scoring import standings, summary

SEEDS = range(1, 9)


@pytest.fixture(scope="module")
def games():
    return {seed: generate(1, seed) for seed in SEEDS}


def _replay(log: dict, mode: str = "strict") -> dict:
    return GAME.replay(load_log(log), mode=mode)


@pytest.mark.engine_written  # the generator wrote the scores with the same engine
@pytest.mark.parametrize("seed", SEEDS)
def test_generated_solo_games_replay_legal(games, seed):
    log = games[seed]
    report = _replay(log)
    assert report["verdict"] == "legal", report["violations"][:1]
    final = report["final"]["players"]
    assert set(final) == {"ana", OPPONENT}
    # Every point is a ledger row, and the opponent's leftover resources are their own rows.
    for name, breakdown in final.items():
        rows = [r for r in report["ledger"] if r["player"] == name and r["resource"] == "points"]
        assert sum(r["delta"] for r in rows) == breakdown["total"]
    held = report["state"][OPPONENT]
    assert final[OPPONENT]["leftover"] == held["ink"] + held["gold"] + held["stone"]
    assert final["ana"]["leftover"] == 0
    # The opponent took the final turn.
    assert report["final_order"] == ["ana", OPPONENT]
    last_turn = [e for e in log["events"] if e["type"] in ("play", "scheme")][-1]
    assert last_turn["type"] == "scheme"


def test_generated_solo_logs_round_trip_through_the_text_notation(games):
    log = load_log(games[2])
    text = GAME.print_text(log)
    assert "opponent: scheme" in text
    assert GAME.parse_text(text).events == log.events


# -- one wrong opponent action is refused at its event ----------------------------------

MUTATIONS = {
    "move": ("viscounts.solo.ai.move", lambda e: dict(e, path=e["path"][:-1] or ["x"])),
    "construct": ("viscounts.solo.ai.build",
                  lambda e: dict(e, spot=e["spot"][:-1] + ("2" if e["spot"][-1] != "2"
                                                           else "1"))),
    "workers": ("viscounts.solo.ai.workers", lambda e: dict(e, count=e["count"] - 1)),
    "transcribe": ("viscounts.solo.ai.options", lambda e: {"type": "option",
                                                           "player": e["player"],
                                                           "option": 9}),
    "option": ("viscounts.solo.ai.options", lambda e: dict(e, option=e["option"] + 1)),
    "dismiss": ("viscounts.solo.ai.dismiss", lambda e: dict(e, card="tf-01")),
    "flip": ("viscounts.solo.ai.flip_choice",
             lambda e: dict(e, what="deed" if e["what"] == "debt" else "debt")),
    "bump": ("viscounts.solo.ai.bump",
             lambda e: dict(e, owners={OPPONENT: sum(e["owners"].values())})),
    "resource": ("viscounts.solo.ai.resource_choice",
                 lambda e: dict(e, resource="gold" if e["resource"] != "gold" else "stone")),
}


def _mutants(log: dict):
    for index, event in enumerate(log["events"]):
        if event.get("player") == OPPONENT and event["type"] in MUTATIONS:
            rule, change = MUTATIONS[event["type"]]
            yield index, rule, change(event)


@pytest.mark.parametrize("seed", SEEDS[:4])
def test_a_wrong_opponent_action_is_refused_at_that_event(games, seed):
    """Property: each mutated opponent action is the first violation, at its own event."""
    log = games[seed]
    checked = 0
    for index, rule, mutant in list(_mutants(log))[::5]:
        broken = copy.deepcopy(log)
        broken["events"][index] = mutant
        report = _replay(broken)
        if mutant["type"] == "resource" and report["solo"]["board"] == "ai-card":
            # The Card AI treats all resources as one type: any is its choice.
            assert all(v["event"] != index for v in report["violations"])
            continue
        first = report["violations"][0]
        if first["rule"] == "viscounts.solo.ai.flip_choice" and rule != first["rule"]:
            continue
        if mutant["type"] == "flip" and first["rule"] == "viscounts.flip.needs_target":
            continue  # the other type was not there to flip: refused for that reason
        assert (first["event"], first["rule"]) == (index, rule), first
        checked += 1
    assert checked >= 5


def test_audit_mode_goes_on_after_a_wrong_opponent_action(games):
    log = copy.deepcopy(games[1])
    index, rule, mutant = next(m for m in _mutants(log) if m[2]["type"] == "construct")
    log["events"][index] = mutant
    report = _replay(log, mode="audit")
    assert report["violations"][0]["rule"] == rule
    assert report["violations"][0]["event"] == index
    # The spot as played stays taken: the replay went on to the end of the log with it.
    assert report["events"]["replayed"] == report["events"]["total"]
    spot = mutant["spot"]
    assert any(r["source"] == spot for r in report["ledger"]) or \
        report["violations"][0]["applied"]


def test_the_build_message_names_the_demanded_building_and_spot(games):
    log = copy.deepcopy(games[1])
    index, _, mutant = next(m for m in _mutants(log) if m[2]["type"] == "construct")
    original = games[1]["events"][index]
    log["events"][index] = mutant
    message = _replay(log)["violations"][0]["message"]
    building = original["slot"].rpartition("-")[0].replace("_", " ").title()
    assert f"on spot {original['spot']}" in message and building in message
    assert "the log has" in message and mutant["spot"] in message


# -- setup ------------------------------------------------------------------------------


def _solo_setup(seed: int = 3) -> dict:
    log = generate(1, seed)
    log["events"] = log["events"][:2]
    return log


def test_the_opponent_cannot_be_the_start_player():
    log = _solo_setup()
    log["events"][0]["start_player"] = OPPONENT
    report = _replay(log, mode="audit")
    assert report["violations"][0]["rule"] == "viscounts.setup.start_player" or \
        report["violations"][0]["rule"] == "viscounts.solo.setup.start_player"


def test_solo_lays_out_two_pairs():
    log = _solo_setup()
    log["events"][0]["pairs"].append(["pc-5", "hero-emma"])
    report = _replay(log)
    assert report["violations"][0]["rule"] == "viscounts.solo.setup.pairs"
    assert "2 different" in report["violations"][0]["message"]


def test_every_official_difficulty_is_legal_without_a_variant():
    """p.31 offers 1-3 Future Schemes; the opponent event records the number."""
    log = _solo_setup()
    for difficulty in (1, 2, 3):
        log["events"][1]["difficulty"] = difficulty
        assert _replay(log)["violations"] == []
    log["events"][1]["difficulty"] = 4
    violation = _replay(log)["violations"][0]
    assert violation["rule"] == "viscounts.solo.setup.difficulty"
    assert "0 to 3 Future Schemes" in violation["message"]


def test_the_opponent_starts_on_the_unchosen_card_with_its_items():
    log = generate(1, 3)
    table = new_table(["ana"], load_catalog())
    run_events(table, log["events"][:4], Claims())
    ai = table.player(OPPONENT)
    unchosen = next(p for p in log["events"][0]["pairs"] if p != log["events"][2]["pair"])
    number = int(unchosen[0].removeprefix("pc-"))
    assert table.catalog.spaces[ai.space].start_number == number
    # Cleric AI: 1 Ink, 1 Stone, 1 Deed, 1 Debt, a Guildhall built free (and the spot's
    # reward: one "any resource", Ink by its chart, answered at event 3).
    assert (ai.ink, ai.stone, ai.deeds, ai.debts) == (2, 1, 1, 1)
    assert ai.built["guildhall"] == [1]
    assert table.solo.draw_size == 7 and "scheme-s8" not in +table.solo.draw
    assert sum(table.solo.future.values()) == 6


# -- the rulebook's solo example (p.30) -------------------------------------------------


def _before_opponent_turn_one():
    """A generated Cleric AI game just before the opponent's first Scheme (its Viscount on
    ``seg2a-in``); returns the table and a function applying the next events."""
    log = generate(1, 3)
    events = log["events"]
    table = new_table(["ana"], load_catalog())
    first = next(i for i, e in enumerate(events) if e["type"] == "scheme")
    run_events(table, events[:first], Claims())
    assert table.solo.board.id == "ai-cleric"
    index = iter(range(first, 10_000))

    def play(event):
        apply_event(table, next(index), event, Claims())

    return table, play


def _example_turn_one():
    """A Cleric AI game at the opponent's first turn, with no Gold (the p.30 example), up
    to its option row; returns the table and a function applying the next events."""
    table, play = _before_opponent_turn_one()
    table.player(OPPONENT).gold = 0  # "no Gold"
    play({"type": "scheme", "player": OPPONENT, "card": "scheme-s2"})
    play(CONTROLLER.next_events(table)[0])  # row 1: dismiss the adjacent Townsfolk
    while table.state.reveals_owed:
        _, side = table.state.reveals_owed[0]
        unseen = table.state.unseen_townsfolk
        play({"type": "reveal", "pile": side, "card": next(c for c in unseen if unseen[c])})
    while table.state.pending and table.state.pending[0].player == OPPONENT:
        play({"type": "resource", "player": OPPONENT, "resource": "ink"})
    move = CONTROLLER.next_events(table)[0]
    assert move["type"] == "move" and len(move["path"]) == 2  # row 2: move 2
    play(move)
    return table, play


def test_rulebook_solo_example_p30_turn_one():
    """Start Scheme B (Noble header): 2 Noble icons and no Gold cannot place Workers (3
    for 2), so the second option: flip a Debt (none flipped yet: the tie goes to a Debt)
    and 1 Virtue; the Debt's "any resource" is Ink by the Cleric chart."""
    table, play = _example_turn_one()
    ai = table.player(OPPONENT)
    assert table.solo.header_icons(table.catalog)["noble"] == 2
    demanded = CONTROLLER.next_events(table)[0]
    assert demanded == {"type": "option", "player": OPPONENT, "option": 2}
    virtue, debts, ink = ai.virtue, ai.debts, ai.ink
    play(demanded)
    play({"type": "flip", "player": OPPONENT, "what": "debt"})
    play({"type": "resource", "player": OPPONENT, "resource": "ink"})
    assert (ai.virtue, ai.debts, ai.paid_debts, ai.ink) == (virtue - 1, debts - 1, 1, ink + 1)
    assert table.judge.violations == []


def test_rulebook_solo_example_p30_workers_are_not_affordable():
    table, play = _example_turn_one()
    with pytest.raises(StopReplay):
        play({"type": "workers", "player": OPPONENT, "count": 2})
    violation = table.judge.violations[0]
    # Row 1 dismissed the Antagonist (2 Criminal icons): only with its icons counted would
    # the opponent have 4 for 2 Workers, and a dismissed card's icons are not its own (p.28).
    assert table.card(table.solo.dismissed).icons == ("criminal", "criminal")
    assert violation.rule == "viscounts.solo.ai.dismiss"
    assert "option 2" in violation.message


def test_rulebook_solo_example_p30_flip_goes_to_a_debt_on_a_tie():
    table, play = _example_turn_one()
    play(CONTROLLER.next_events(table)[0])
    with pytest.raises(StopReplay):
        play({"type": "flip", "player": OPPONENT, "what": "deed"})
    assert table.judge.violations[0].rule == "viscounts.solo.ai.flip_choice"


def test_rulebook_solo_example_p30_turn_two():
    """Start Scheme C (Criminal header): 1 Corruption for the 1 Criminal icon on its
    board, then the top Future Scheme face up onto its discard pile."""
    table, play = _example_turn_one()
    play(CONTROLLER.next_events(table)[0])
    play({"type": "flip", "player": OPPONENT, "what": "debt"})
    play({"type": "resource", "player": OPPONENT, "resource": "ink"})
    ai, solo = table.player(OPPONENT), table.solo
    corruption = ai.corruption
    # The human's turn between is not replayed: the opponent's next turn starts here.
    table.state.turn = 0  # as if the human had just played turn 0 of this round
    solo.draw["scheme-s3"] += 1
    solo.draw_size += 1
    play({"type": "scheme", "player": OPPONENT, "card": "scheme-s3"})
    assert solo.cards[:2] == ["scheme-s3", "scheme-s2"]
    assert solo.criminal_icons(table.catalog) == 1
    assert ai.corruption == corruption + 1
    assert table.state.pending[0].kind == "gain_card"
    future = sorted(+solo.future)[0]
    play({"type": "gain_card", "player": OPPONENT, "card": future})
    assert solo.discard[-1] == future
    assert CONTROLLER.next_events(table)[0]["type"] == "move"


def test_at_an_empty_pile_the_opponent_dismisses_the_pre_printed_card():
    """Scheme s2's dismiss row (p.28) where seg2a's Townsfolk pile has run out: the adjacent
    card is the pre-printed one (p.22: it can still be dismissed for its effect). Its
    top-right Discard (catalog placeholder) is 1 Virtue for the opponent (reference column
    3, p.28); the printed card stays and no new top is owed."""
    table, play = _before_opponent_turn_one()
    ai, pile = table.player(OPPONENT), table.state.townsfolk["seg2a"]
    assert ai.space == "seg2a-in" and ai.virtue == 7
    pile.size, pile.top = 0, None  # the pile has run out
    play({"type": "scheme", "player": OPPONENT, "card": "scheme-s2"})
    assert CONTROLLER.next_events(table)[0] == {"type": "dismiss", "player": OPPONENT,
                                     "card": "seg2a-tf"}
    play({"type": "dismiss", "player": OPPONENT, "card": "seg2a-tf"})
    assert (ai.virtue, pile.size, table.state.reveals_owed) == (6, 0, [])
    assert table.judge.violations == []


# -- the win ----------------------------------------------------------------------------


@pytest.mark.parametrize(("human", "ai", "winner"), [(50, 49, "ana"), (50, 50, OPPONENT),
                                                     (40, 52, OPPONENT)])
def test_the_human_wins_only_with_strictly_more_points(human, ai, winner):
    table = new_table(["ana"], load_catalog())
    table.solo.board = table.catalog.ai_boards["ai-cleric"]
    table.player("ana").points, table.player(OPPONENT).points = human, ai
    table.player("ana").silver = 9  # no tie-break by Silver and resources in solo
    rows, notes = standings(table)
    assert rows[0]["player"] == winner and notes == []
    result = summary(table, {"players": {OPPONENT: {"leftover": 3}}})
    assert result["winner"] == winner
    assert "3 for leftover resources" in result["why"]
    if human == ai:
        assert "strictly more" in result["why"]


def test_the_report_says_who_won_and_why_in_every_format(games):
    report = _replay(games[1])
    solo = report["solo"]
    assert solo["board"] == games[1]["events"][1]["board"]
    assert solo["winner"] == report["standings"][0]["player"]
    assert solo["why"].startswith(("the opponent wins", "ana wins"))
    assert solo["why"] in render_markdown(report)
    assert "Solo game" in render_html(report)


def test_the_report_names_every_placeholder_scheme_and_board_value_it_used(games):
    catalog = load_catalog()
    for log in games.values():
        report = _replay(log)
        used = {(p["entry"], p["field"]) for p in report["catalog"]["placeholders_used"]}
        flipped = {e["card"] for e in log["events"] if e["type"] in ("scheme", "gain_card")}
        for card in flipped:
            assert ((card, "rows") in used) == bool(catalog.placeholders.get(card)), card
        board = log["events"][1]["board"]
        if board != "ai-cleric":  # its chart is a placeholder on the other boards
            assert (board, "starting_icons") in used
        assert ("ai-cleric", "starting_icons") not in used


def test_state_at_an_opponent_step_offers_exactly_what_the_procedure_demands(games):
    log = games[3]
    index = next(i for i, e in enumerate(log["events"])
                 if e.get("player") == OPPONENT and e["type"] == "construct")
    state = GAME.state_at(load_log(log), index - 1)
    # (the human may first answer a Rearrange if the opponent landed on them)
    theirs = [a for a in state["legal_actions"] if a["player"] == OPPONENT]
    assert theirs == [log["events"][index]]


def test_poverty_and_prosperity_pay_12_and_4_in_solo(games):
    """Solo counts as a game of fewer than 3 players: the 8 is ignored (p.24)."""
    seen = 0
    for log in games.values():
        for awards in _replay(log)["final"]["end_cards"].values():
            places = sorted((a["place"], a["points"]) for a in awards)
            assert places in ([(1, 12), (2, 4)], [(1, 8), (1, 8)], [(1, 12)]), places
            seen += 1
    assert seen


def test_leftover_silver_counts_only_under_its_variant(games):
    log = copy.deepcopy(games[1])
    plain = _replay(log)
    log["header"]["variants"] = ["ai-leftover-includes-silver"]
    with_silver = _replay(log)
    held = with_silver["state"][OPPONENT]
    assert with_silver["final"]["players"][OPPONENT]["leftover"] == \
        held["ink"] + held["gold"] + held["stone"] + held["silver"]
    assert plain["final"]["players"][OPPONENT]["leftover"] == \
        held["ink"] + held["gold"] + held["stone"]


@pytest.mark.parametrize(("variants", "resources", "silver"), [
    ((), [0, 0], [1, 2]), (("ai-silver-remainder",), [0, 1], [1, 0])])
def test_odd_silver_is_kept_or_pooled(variants, resources, silver):
    """1 Silver gained twice: kept as Silver by default (2 Silver, no resource); pooled with
    the Silver the opponent holds under the variant (1 resource, no Silver left)."""
    table = new_table(["ana"], load_catalog(), variants=variants)
    table.solo.board = table.catalog.ai_boards["ai-cleric"]
    opponent = table.player(OPPONENT)
    got, held = [], []
    for _ in range(2):
        items = translate(table, {"op": "gain", "items": {"silver": 1}})["items"]
        opponent.silver += items.get("silver", 0)
        got.append(items.get("any_resource", 0))
        held.append(opponent.silver)
    assert (got, held) == (resources, silver)


@pytest.mark.parametrize("mode", ["strict", "audit"])
def test_random_damage_to_a_solo_log_never_raises(games, mode):
    """Dropped, doubled or swapped events give a report (a violation), never an error."""
    rng = random.Random(11)
    for seed in SEEDS[:3]:
        log = games[seed]
        for _ in range(25):
            broken = copy.deepcopy(log)
            events = broken["events"]
            i = rng.randrange(2, len(events) - 1)
            damage = rng.choice(("drop", "double", "swap"))
            if damage == "drop":
                del events[i]
            elif damage == "double":
                events.insert(i, copy.deepcopy(events[i]))
            else:
                events[i], events[i + 1] = events[i + 1], events[i]
            report = _replay(broken, mode)
            assert report["verdict"] in {"legal", "illegal", "score_mismatch", "incomplete"}


def test_the_card_ais_focus_is_a_flip(games):
    log = next(g for g in games.values() if g["events"][1]["board"] == "ai-card")
    catalog = load_catalog()
    events, report = log["events"], _replay(log)
    schemes = [e["card"] if e["type"] == "scheme" else None for e in events]
    focused = 0
    for i, event in enumerate(events):
        if event.get("player") != OPPONENT or event["type"] != "option":
            continue
        card = next(c for c in reversed(schemes[:i]) if c)
        option = catalog.schemes[card].rows[-1]["options"][event["option"] - 1]
        if option.get("action") != "focus":
            continue
        focused += 1
        answered = events[i + 1]["type"] == "flip" and events[i + 1]["player"] == OPPONENT
        virtue = any(r["event"] == i and r["resource"] == "virtue" for r in report["ledger"])
        assert answered or virtue  # a flip, or 1 Virtue with nothing to flip (column 3)
    assert focused


def test_an_early_opponent_collision_is_legal_only_under_its_variant(games):
    """The default: its collision after all its rows (its phase 5); ``ai-collision-timing``
    takes it where the log writes it."""
    for log in games.values():
        index = next((i for i, e in enumerate(log["events"])
                      if e == {"type": "collision", "player": OPPONENT}
                      and log["events"][i - 1]["type"] in ("construct", "workers",
                                                           "transcribe", "option")
                      and log["events"][i - 2]["type"] == "move"), None)
        if index is not None:
            break
    moved = copy.deepcopy(log)
    events = moved["events"]
    events[index - 1], events[index] = events[index], events[index - 1]
    violation = _replay(moved)["violations"][0]
    assert (violation["rule"], violation["event"]) == ("viscounts.solo.ai.collision",
                                                       index - 1)
    assert violation["legal_under"] == "ai-collision-timing"


def test_the_table_at_an_event_shows_the_opponents_schemes():
    log = generate(1, 7)
    flips = [i for i, e in enumerate(log["events"]) if e["type"] == "scheme"]
    before = replay.state_at(log, flips[0] - 1)["players"][OPPONENT]
    after = replay.state_at(log, flips[0])["players"][OPPONENT]
    card = log["events"][flips[0]]["card"]
    assert after["schemes"][0] == card and after["schemes"][1:] == before["schemes"][:2]
    assert after["scheme_draw_pile"] == before["scheme_draw_pile"] - 1
    assert after["ai_board"] == log["events"][1]["board"]
