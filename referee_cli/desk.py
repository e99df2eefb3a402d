"""``referee desk``: a tournament's scoresheets kept as a spreadsheet, checked and ranked."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from referee_cli.columns import left, right
from referee_cli.files import EXIT_UNREADABLE
from referee_cli.games import GAME
from referee_cli.language import lang_option
from replay.core.logs.problems import InvalidLog
from replay.core.logs.scoresheet_csv import desk_results, read_desk
from replay.core.protocol.game import Game
from replay.core.speech import message, ntr, tr
from replay.games import GAMES
from replay.render.language import number
from replay.render.markdown import verdict_title

EXIT_ALL_LEGAL, EXIT_SOME_NOT = 0, 1


@click.command()
@click.argument("csv_path", metavar="CSV",
                type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--game", type=GAME, help="The game of every table (else a 'game' column "
              "names each table's game).")
@click.option("--format", "output_format", type=click.Choice(["json"]),
              help="Every table's result and the standings as JSON (default: a summary).")
@lang_option
def desk(csv_path: Path, game: Game | None, output_format: str | None) -> None:
    """Check a tournament's scoresheets kept as a CSV (one row per player per table: table,
    player, total, then the scoresheet's fields) and rank the players.

    A problem in any row is printed as file:row:column: message, and nothing is imported
    (exit 2); exit 1 when some table's written totals differ from the scoring.
    """
    try:
        text = csv_path.read_text(encoding="utf-8")
        tables = read_desk(text, GAMES, game.name if game else None)
    except UnicodeDecodeError as err:
        click.echo(tr("{path}: not UTF-8 text ({reason} at byte {start})", path=csv_path,
                      reason=err.reason, start=err.start), err=True)
        sys.exit(EXIT_UNREADABLE)
    except InvalidLog as err:
        for problem in err.problems:
            hint = tr(" (expected {expected})", expected=message(
                {"expected": problem.expected}, "expected")) if problem.expected else ""
            close = tr(" (did you mean {suggestions}?)",
                       suggestions=tr(" or ").join(problem.suggestions)) \
                if problem.suggestions else ""
            click.echo(f"{csv_path}:{problem.line}:{problem.column}: "
                       f"{message({'message': problem.message})}{hint}{close}", err=True)
        click.echo(ntr("The desk file was not imported: {number} problem, each above with its "
                       "row and column.", "The desk file was not imported: {number} problems, "
                       "each above with its row and column.", len(err.problems)))
        sys.exit(EXIT_UNREADABLE)
    results = desk_results(tables)
    if output_format == "json":
        click.echo(json.dumps(results, indent=2, ensure_ascii=False))
    else:
        click.echo(_summary(results), nl=False)
    legal = all(table["verdict"] == "legal" for table in results["tables"])
    sys.exit(EXIT_ALL_LEGAL if legal else EXIT_SOME_NOT)


def _summary(results: dict) -> str:
    lines = []
    for table in results["tables"]:
        verdict = verdict_title({"verdict": table["verdict"]})
        lines.append(tr("Table {table} ({game}): {verdict}", table=table["table"],
                        game=GAMES.get(table["game"]).title, verdict=verdict))
        for wrong in table["wrong_totals"]:
            lines.append("  " + tr("{player} wrote {claimed}, the scoring gives {computed}",
                                   player=wrong["player"], claimed=wrong["claimed"],
                                   computed=wrong["computed"]))
        lines += ["  " + tr("{rank}. {player} {points} points", rank=row["rank"],
                            player=left(row["player"], 12),
                            points=right(number(row["points"]), 4))
                  for row in table["standings"]]
    lines += ["", tr("Standings of the event (by points):")]
    lines += ["  " + tr("{player} {points} points  (table {table}, place {place})",
                        player=left(row["player"], 12),
                        points=right(number(row["points"]), 4),
                        table=row["table"], place=row["place"])
              for row in results["standings"]]
    return "\n".join(lines) + "\n"
