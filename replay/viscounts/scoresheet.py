"""Scoresheet-only input: the end state a table wrote down, scored and checked.

A scoresheet replaces the events of a log with each player's holdings before final scoring;
it is validated for consistency (ids, counts, one owner per card and manuscript, Cleric
Bonus and Castle Leader holders) with located problems like a log, then scored. A solo sheet
(one player in the header) also holds the automated opponent's line and names its AI board,
which its scoring reads (its building unlocks, its +1 VP per leftover resource). Cards may
be written by printed name (``Foreman``, ``"Debt Collector"``) and the AI board by its
name (``Cleric``), as in a text log.
"""

from __future__ import annotations

from collections import Counter

from marshmallow import Schema, ValidationError, fields, validate

from replay.core.logs.log import GameLog
from replay.core.logs.names import ids_by_name, read_id
from replay.core.logs.problems import InvalidLog, LogProblem, problems_from_marshmallow
from replay.core.logs.text import closest
from replay.core.speech import say
from replay.viscounts.catalog import load_catalog
from replay.viscounts.claims import Claims
from replay.viscounts.components import Catalog
from replay.viscounts.new_table import new_table
from replay.viscounts.notation import NAMES
from replay.viscounts.report import build_report
from replay.viscounts.scoring import final_scoring
from replay.viscounts.solo import OPPONENT
from replay.viscounts.state import BUILDINGS, SLOTS
from replay.viscounts.words import RIBBON_WORDS

COUNT = validate.Range(min=0)
BUILT_SLOTS = fields.List(fields.Integer(validate=validate.OneOf(SLOTS)), load_default=list)


class PlayerSheetSchema(Schema):
    """One player's holdings as they stood before final scoring."""

    silver = fields.Integer(load_default=0, validate=COUNT)
    ink = fields.Integer(load_default=0, validate=COUNT)
    gold = fields.Integer(load_default=0, validate=COUNT)
    stone = fields.Integer(load_default=0, validate=COUNT)
    debts = fields.Integer(load_default=0, validate=COUNT)
    paid_debts = fields.Integer(load_default=0, validate=COUNT)
    deeds = fields.Integer(load_default=0, validate=COUNT)
    approved_deeds = fields.Integer(load_default=0, validate=COUNT)
    buildings = fields.Dict(keys=fields.String(validate=validate.OneOf(BUILDINGS)),
                            values=BUILT_SLOTS, load_default=dict)
    castle = fields.List(fields.Integer(validate=COUNT), validate=validate.Length(equal=3),
                         load_default=lambda: [0, 0, 0])
    manuscripts = fields.List(fields.String(), load_default=list)
    cleric_bonuses = fields.List(fields.String(), load_default=list)
    castle_leader = fields.Boolean(load_default=False)
    cards = fields.List(fields.String(), load_default=list)


class ScoresheetSchema(Schema):
    """The end state of a game: each player's sheet, the revealed end cards, the claims; in
    a solo game the automated opponent's sheet too (``opponent`` among the players) and its
    AI board."""

    players = fields.Dict(keys=fields.String(), values=fields.Nested(PlayerSheetSchema),
                          required=True)
    ai_board = fields.String(load_default=None)
    revealed = fields.List(fields.String(validate=validate.OneOf(("poverty", "prosperity"))),
                           load_default=list)
    final = fields.Dict(keys=fields.String(), values=fields.Integer(), load_default=dict)


def score_sheet(log: GameLog, sheet: object, catalog: dict | None = None) -> dict:
    """Validate a scoresheet, compute the final scoring, and report it."""
    if not isinstance(sheet, dict):
        raise InvalidLog([LogProblem("a scoresheet is an object", path="/scoresheet")])
    try:
        data = ScoresheetSchema().load(sheet)
    except ValidationError as err:
        raise InvalidLog(problems_from_marshmallow(err.messages, "/scoresheet")) from None
    loaded = load_catalog(catalog, log.catalog)
    problems = _read_names(data, loaded)
    problems += _consistency(log, data, loaded)
    if problems:
        raise InvalidLog(problems)
    table = new_table(log.players, loaded, "strict", log.variants)
    if table.solo is not None:
        table.solo.board = loaded.ai_boards[data["ai_board"]]
    state = table.state
    state.start_player = log.players[0]
    state.segments = [side.id for side in loaded.sides_for(len(log.players)).values()]
    state.revealed = list(dict.fromkeys(data["revealed"]))
    # Where in the castle a Worker stands does not score, only its tier.
    first = state.segments[0]
    state.tier1 = {s: Counter() for s in state.segments}
    state.tier2 = {s: Counter() for s in state.segments}
    for name, line in data["players"].items():
        player = table.player(name)
        for what in ("silver", "ink", "gold", "stone", "debts", "paid_debts", "deeds",
                     "approved_deeds"):
            setattr(player, what, line[what])
        player.built.update({b: list(s) for b, s in line["buildings"].items()})
        state.tier1[first][name], state.tier2[first][name], state.tier3[name] = line["castle"]
        player.manuscripts = list(line["manuscripts"])
        player.bonuses = list(line["cleric_bonuses"])
        player.hidden = Counter(line["cards"])  # owned cards; where they lie does not score
        if line["castle_leader"]:
            state.leader = name
    final = final_scoring(table)
    claims = Claims()
    if data["final"]:
        claims.final = (None, data["final"])  # written on the sheet, at no event
    claims.close(table, {n: p.points for n, p in state.players.items()})
    report = build_report(log, table, loaded, "strict", 0, final, claims, log.warnings)
    report["input"] = "scoresheet"
    return report


def _read_names(data: dict, catalog: Catalog) -> list[LogProblem]:
    """Each card a sheet writes by printed name replaced by its id, as the text notation
    reads it (``replay.viscounts.notation.NAMES``), and the AI board by its name; the
    problems of names that are no card, or the name of several."""
    found = []
    for name, line in data["players"].items():
        for i, word in enumerate(line["cards"]):
            ident, why = NAMES.read(word)
            if ident is None:
                unknown = why.startswith("unknown")  # else a name several cards share
                found.append(LogProblem(
                    say("{name}'s sheet: {why}", name=name, why=why),
                    path=f"/scoresheet/players/{name}/cards/{i}",
                    expected=say("a Townsfolk card's printed name or id"),
                    suggestions=closest(word, [*NAMES.names.values(), *catalog.townsfolk])
                    if unknown else ()))
            line["cards"][i] = ident  # None: located here, not again as an unknown id
    board = data["ai_board"]
    if board is not None:
        boards = ids_by_name({i: b.name for i, b in catalog.ai_boards.items()})
        data["ai_board"] = read_id(board, catalog.ai_boards, boards) or board
    return found


def _consistency(log: GameLog, data: dict, catalog: Catalog) -> list[LogProblem]:
    found: list[LogProblem] = []

    def problem(path: str, message: str, expected: str | None = None,
                suggestions: tuple[str, ...] = ()) -> None:
        found.append(LogProblem(message, path=f"/scoresheet{path}", expected=expected,
                                suggestions=suggestions))

    players = [*log.players, OPPONENT] if len(log.players) == 1 else list(log.players)
    sheets = data["players"]
    if set(sheets) != set(players):
        problem("/players", say("one sheet per player of the header and one for the automated "
                                "opponent") if len(players) > len(log.players)
                else say("one sheet per player of the header"), ", ".join(players))
    if len(players) > len(log.players) and data["ai_board"] not in catalog.ai_boards:
        problem("/ai_board", say("a solo game names the opponent's AI board, not {board}",
                                 board=repr(data["ai_board"])) if data["ai_board"]
                else say("a solo game names the opponent's AI board"), ", ".join(catalog.ai_boards))
    elif len(players) == len(log.players) and data["ai_board"] is not None:
        problem("/ai_board", say("only a solo game (one player in the header) has an AI board"))
    owners: Counter = Counter()
    manuscripts: Counter = Counter()
    for name, line in sheets.items():
        base = f"/players/{name}"
        for building, slots in line["buildings"].items():
            if len(set(slots)) != len(slots):
                problem(f"{base}/buildings/{building}",
                        say("{name}'s sheet builds a {building} slot twice", name=name,
                            building=building.replace('_', ' ')), say("each slot at most once"))
        if sum(line["castle"]) > catalog.setup["workers_per_player"]:
            problem(f"{base}/castle", say("{name}'s sheet puts {workers} Workers in the castle",
                                          name=name, workers=sum(line['castle'])),
                    say("at most {workers}", workers=catalog.setup['workers_per_player']))
        for i, ident in enumerate(line["manuscripts"]):
            if ident not in catalog.manuscripts:
                problem(f"{base}/manuscripts/{i}",
                        say("{name}'s sheet lists an unknown manuscript {ident}", name=name,
                            ident=repr(ident)), say("a manuscript id (ms-01 ... ms-35)"),
                        closest(ident, catalog.manuscripts))
        manuscripts.update(line["manuscripts"])
        own_starting: Counter = Counter()
        for i, card in enumerate(line["cards"]):
            if card is None:  # a name that is no card: located by _read_names
                continue
            if card not in catalog.townsfolk:
                problem(f"{base}/cards/{i}",
                        say("{name}'s sheet lists an unknown Townsfolk card {card}", name=name,
                            card=repr(card)), say("a Townsfolk card's printed name or id"),
                        closest(card, catalog.townsfolk))
            elif catalog.townsfolk[card].deck != "starting":
                owners[card] += 1
            else:
                own_starting[card] += 1
        for card, count in own_starting.items():
            if count > 1:
                problem(f"{base}/cards",
                        say("{name} owns their {card} ({card2}) {count} times", name=name,
                            card=catalog.townsfolk[card].name, card2=card, count=count),
                        say("each starting card once per player"))
        ribbons = Counter(catalog.manuscripts[m].ribbon for m in line["manuscripts"]
                          if m in catalog.manuscripts)
        for i, ribbon in enumerate(line["cleric_bonuses"]):
            if ribbon not in catalog.cleric_bonuses:
                problem(f"{base}/cleric_bonuses/{i}",
                        say("unknown ribbon {ribbon}", ribbon=repr(ribbon)),
                        ", ".join(catalog.cleric_bonuses))
            elif ribbons[ribbon] < 3:
                problem(f"{base}/cleric_bonuses/{i}",
                        say("{name}'s {ribbon} Cleric Bonus needs 3 {ribbon} manuscripts; the "
                            "sheet lists {listed}", name=name,
                            ribbon=RIBBON_WORDS.get(ribbon, ribbon), listed=ribbons[ribbon]),
                        say("3 {ribbon}-ribbon manuscripts, or no {ribbon} Cleric Bonus",
                            ribbon=RIBBON_WORDS.get(ribbon, ribbon)))
    for ident, count in manuscripts.items():
        if count > 1:
            problem("/players", say("manuscript {ident} is on {count} players' sheets",
                                    ident=ident, count=count),
                    say("each manuscript on one sheet"))
    for card, count in owners.items():
        if count > 1:
            problem("/players", say("{card} ({card2}) is on {count} players' sheets",
                                    card=catalog.townsfolk[card].name, card2=card, count=count),
                    say("each neutral card and Hero on one sheet"))
    for name in data["final"]:
        if name not in players:
            problem(f"/final/{name}", say("a final score for {name}, who is not a player",
                                          name=repr(name)),
                    ", ".join(log.players))
    bonuses = Counter(r for line in sheets.values() for r in line["cleric_bonuses"])
    for ribbon, count in bonuses.items():
        if count > 1:
            problem("/players", say("the {ribbon} Cleric Bonus has {count} holders", ribbon=ribbon,
                                    count=count))
    leaders = [n for n, line in sheets.items() if line["castle_leader"]]
    most = max((line["castle"][2] for line in sheets.values()), default=0)
    if len(leaders) > 1:
        problem("/players", say("{items} cannot all hold the Castle Leader",
                                items=', '.join(leaders)))
    elif leaders and sheets[leaders[0]]["castle"][2] < most:
        problem(f"/players/{leaders[0]}/castle_leader", say("another player has more tier-3 "
                    "Workers and would have taken the Castle Leader"))
    elif not leaders and most:
        problem("/players", say("someone with tier-3 Workers holds the Castle Leader"))
    return found


def sheet_choices(catalog_id: str | None = None) -> dict[str, list[tuple[str, str]]]:
    """What a scoresheet form offers to choose from, by kind: ``(value, label)`` pairs; a
    card's value is what the sheet may write (its printed name, or its id where several
    cards share the name) and its label the rest of what identifies it."""
    catalog = load_catalog(catalog_id=catalog_id)
    cards = []
    for ident, card in catalog.townsfolk.items():
        unique = NAMES.names.get(ident) == card.name
        cards.append((card.name, ident) if unique else (ident, f"{card.name} ({card.deck})"))
    return {
        "townsfolk": cards,
        "manuscripts": [(ident, f"{m.ribbon} ribbon, cost {m.cost}")
                        for ident, m in catalog.manuscripts.items()],
        "ai_boards": [(ident, board.name) for ident, board in catalog.ai_boards.items()],
        "ribbons": [(ribbon, ribbon.capitalize()) for ribbon in catalog.cleric_bonuses],
    }
