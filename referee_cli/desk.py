"""``referee desk``: a tournament's scoresheets kept as a spreadsheet, checked and ranked."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from referee_cli.files import EXIT_UNREADABLE
from referee_cli.games import GAME
from replay.core.logs.problems import InvalidLog
from replay.core.logs.scoresheet_csv import desk_results, read_desk
from replay.core.protocol.game import Game
from replay.games import GAMES

EXIT_ALL_LEGAL, EXIT_SOME_NOT = 0, 1


@click.command()
@click.argument("csv_path", metavar="CSV",
                type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--game", type=GAME, help="The game of every table (else a 'game' column "
              "names each table's game).")
@click.option("--format", "output_format", type=click.Choice(["json"]),
              help="Every table's result and the standings as JSON (default: a summary).")
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
        click.echo(f"{csv_path}: not UTF-8 text ({err.reason} at byte {err.start})", err=True)
        sys.exit(EXIT_UNREADABLE)
    except InvalidLog as err:
        for problem in err.problems:
            hint = f" (expected {problem.expected})" if problem.expected else ""
            close = f" (did you mean {' or '.join(problem.suggestions)}?)" \
                if problem.suggestions else ""
            click.echo(f"{csv_path}:{problem.line}:{problem.column}: {problem.message}"
                       f"{hint}{close}", err=True)
        click.echo(f"The desk file was not imported: {len(err.problems)} "
                   f"problem{'s' if len(err.problems) != 1 else ''}, each above with its row "
                   "and column.")
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
        verdict = table["verdict"].replace("_", " ").upper()
        lines.append(f"Table {table['table']} ({GAMES.get(table['game']).title}): {verdict}")
        for wrong in table["wrong_totals"]:
            lines.append(f"  {wrong['player']} wrote {wrong['claimed']}, the scoring gives "
                         f"{wrong['computed']}")
        lines += [f"  {row['rank']}. {row['player']:<12} {row['points']:>4} points"
                  for row in table["standings"]]
    lines += ["", "Standings of the event (by points):"]
    lines += [f"  {row['player']:<12} {row['points']:>4} points  (table {row['table']}, "
              f"place {row['place']})" for row in results["standings"]]
    return "\n".join(lines) + "\n"
