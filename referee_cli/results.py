"""``referee results LOG...``: the verified results of games, for a play tracker to import."""

from __future__ import annotations

import sys
from pathlib import Path

import click

import replay
from referee_cli.files import UnreadableInput, read_text
from referee_cli.language import lang_option
from replay.render.results import (
    FORMATS,
    NotVerified,
    game_result,
    log_date,
    results_text,
    why_not,
)


@click.command()
@click.argument("logs", metavar="LOG...", nargs=-1, required=True,
                type=click.Path(exists=True, dir_okay=False, path_type=Path))
@lang_option
@click.option("--format", "output_format", type=click.Choice(FORMATS), default="json",
              show_default=True,
              help="json: the referee's results (docs/results.md); bgstats: plays as Board "
                   "Game Stats imports them; csv: a row per player, a column per category.")
def results(logs: tuple[Path, ...], output_format: str) -> None:
    """Replay each LOG and print its result (players, points by category, winner, date),
    for a play tracker to import. A log that is not a legal, complete game has no result:
    it is named on standard error with why, and the exit code is 1."""
    verified, refused = [], 0
    for path in logs:
        try:
            verified.append((str(path), _result(path)))
        except NotVerified as err:
            click.echo(f"{path}: {err}", err=True)
            refused += 1
        except UnreadableInput as err:  # it names the file itself
            click.echo(str(err), err=True)
            refused += 1
    click.echo(results_text(verified, output_format), nl=False)
    if refused:
        sys.exit(1)


def _result(path: Path) -> dict:
    text = read_text(path)
    report = replay.replay_text(text)
    if report.get("verdict") != "legal":
        raise NotVerified(why_not(report))
    return game_result(report, replay.GAMES.get(report["game"]), log_date(text))
