"""``referee catalog``: write a fill-in catalog, check a transcribed one."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from referee_cli.files import read_json
from referee_cli.games import GAME
from referee_cli.language import lang_option
from replay.core.logs.problems import InvalidLog
from replay.core.protocol.game import Game
from replay.core.speech import message, tr
from replay.games import GAMES

EXIT_INVALID = 1


@click.group()
def catalog() -> None:
    """Component catalogs: templates for transcription, and checks."""


@catalog.command()
@click.argument("game", type=GAME)
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path),
              help="Write here instead of standard output.")
def template(game: Game, output: Path | None) -> None:
    """Write a fill-in catalog with every slot of GAME's printed components."""
    text = json.dumps(game.catalog_template(), indent=1, ensure_ascii=False) + "\n"
    if output:
        output.write_text(text, encoding="utf-8")
    else:
        click.echo(text, nl=False)


@catalog.command()
@click.argument("path", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@lang_option
def check(path: Path) -> None:
    """Check a catalog file; print every problem with its place, exit 1 if any."""
    document = read_json(path)
    try:
        game = GAMES.for_catalog(document)
        problems = game.check_catalog(document)
    except InvalidLog as err:
        game, problems = None, err.problems
    for problem in problems:
        expected = tr(" (expected {expected})", expected=message(
            {"expected": problem.expected}, "expected")) if problem.expected else ""
        click.echo(f"{path}:{problem.path}: {message({'message': problem.message})}{expected}",
                   err=True)
    if problems:
        click.echo(tr("{number} problem(s)", number=len(problems)), err=True)
        sys.exit(EXIT_INVALID)
    click.echo(tr("{path}: valid catalog {catalog} (sha256 {sha})", path=path,
                  catalog=document["meta"]["id"], sha=game.catalog_sha256(document)))
