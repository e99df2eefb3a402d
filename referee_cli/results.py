"""``referee results LOG...``: the verified results of games, for a play tracker to import."""

from __future__ import annotations

import csv
import io
import json
import sys
from pathlib import Path

import click

import replay
from referee_cli.files import UnreadableInput
from referee_cli.language import lang_option
from replay.core.reports.results import (
    NotVerified,
    bg_stats_play,
    game_result,
    result_rows,
    why_not,
)
from replay.core.speech import tr

FORMATS = ("json", "bgstats", "csv")


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
    click.echo(_formatted(verified, output_format), nl=False)
    if refused:
        sys.exit(1)


def _result(path: Path) -> dict:
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError as err:
        raise UnreadableInput(tr("{path}: not UTF-8 text ({reason} at byte {start})", path=path,
                                 reason=err.reason, start=err.start)) from None
    report = replay.replay_text(text)
    if report.get("verdict") != "legal":
        raise NotVerified(why_not(report))
    log = replay.parse(text)  # its date tag, which the report does not keep
    return game_result(report, replay.GAMES.get(log.game), (log.metadata or {}).get("date"))


def _formatted(verified: list[tuple[str, dict]], output_format: str) -> str:
    if output_format == "csv":
        header, rows = result_rows(verified)
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(header)
        writer.writerows(rows)
        return out.getvalue()
    if output_format == "bgstats":
        documents = [bg_stats_play(result, _labels(result["game"])) for _, result in verified]
    else:
        documents = [result for _, result in verified]
    return json.dumps(documents, indent=2, ensure_ascii=False) + "\n"


def _labels(game_name: str) -> dict[str, str]:
    return {c.key: str(c.label) for c in replay.GAMES.get(game_name).scoring_categories}
