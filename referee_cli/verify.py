"""``referee verify DIR``: replay every log of a tournament, one report each, and a summary."""

from __future__ import annotations

import contextlib
import hashlib
import sys
from collections import Counter
from pathlib import Path

import click

import replay
from replay.core.reports.tournament import (
    COUNTED,
    Ranking,
    first_problem,
    natural_key,
    problem_words,
    read_place_points,
    tally,
)
from replay.core.verdicts.judge import MODES
from replay.core.words import counted
from replay.render.names import with_names

LOG_SUFFIXES = (".json", ".txt", ".log")
FAILING = ("illegal", "score_mismatch", "unparseable")


def find_logs(folder: Path, out: Path) -> list[Path]:
    """Every log file below ``folder``: not expected-outcome files, not earlier reports."""
    return sorted(
        path for path in folder.rglob("*")
        if path.is_file() and path.suffix in LOG_SUFFIXES
        and not path.name.endswith((".expected.json", ".report.json"))
        and out not in path.parents
    )


def report_names(folder: Path, logs: list[Path]) -> dict[Path, Path]:
    """Each log's report path below the reports folder: the log's own path below ``folder``
    (its folders kept, so no two logs share a report) without the suffix; the suffix stays
    where two logs of one folder differ only by it (``game.json`` and ``game.txt``)."""
    stems = {path: path.relative_to(folder).with_suffix("") for path in logs}
    shared = Counter(stems.values())
    return {path: stem if shared[stem] == 1 else stem.with_name(stem.name + path.suffix)
            for path, stem in stems.items()}


def default_out(folder: Path) -> Path:
    """Where the reports go unless told: a folder beside the logs' own (``club`` ->
    ``club-reports``), so the logs' folder holds only what was put there."""
    folder = folder.resolve()
    return folder.with_name(f"{folder.name}-reports")


def game_key(text: str) -> str:
    """What makes two logs the same game: the parsed game (JSON or text, comments and
    metadata aside), else the bytes."""
    try:
        decoded = replay.decode(text)
    except replay.InvalidLog:
        decoded = None
    if isinstance(decoded, replay.GameLog):
        return decoded.game_sha256()
    return hashlib.sha256(text.encode()).hexdigest()


def _summary_row(path: Path, report: dict) -> dict:
    standings = report.get("standings") or []
    return {
        "log": path.as_posix(), "verdict": report["verdict"], "game": report.get("game"),
        "winner": standings[0]["player"] if standings else "",
        "points": standings[0]["points"] if standings else "",
        "violations": len(report.get("violations", [])), "standings": standings,
        "why": problem_words(first_problem(with_names(report))) or _unread(report),
    }


def _unread(report: dict) -> str:
    problems = report.get("problems") or []
    if not problems:
        return ""
    first = problems[0]
    where = f"line {first['line']}: " if first.get("line") is not None else ""
    return f"{where}{first.get('message')}"


def _print_standings(rows: list[dict], ranking: Ranking) -> None:
    """One standings table per game, from the games that count (each once)."""
    counted = [r for r in rows if r["verdict"] in COUNTED and not r.get("duplicate_of")]
    placed = bool(ranking.place_points)
    for game in sorted({r["game"] for r in counted}):
        known = replay.GAMES.find(game)
        table = tally((r["standings"] for r in counted if r["game"] == game), ranking)
        click.echo(f"\nstandings, {known.title if known else game} ({ranking.words}):")
        width = max(len(line["player"]) for line in table)
        click.echo(f"  rank  {'player':<{width}}  games  wins  points"
                   + ("  tournament points" if placed else ""))
        for rank, line in enumerate(table, start=1):
            click.echo(f"  {rank:>4}  {line['player']:<{width}}  {line['games']:>5}  "
                       f"{line['wins']:>4}  {line['points']:>6}"
                       + (f"  {line['tournament_points']:>17}" if placed else ""))


def _ranking(_context, _parameter, value: str | None) -> Ranking:
    try:
        return read_place_points(value)
    except ValueError as err:
        raise click.BadParameter(str(err)) from None


@click.command()
@click.argument("folder", type=click.Path(exists=True, file_okay=False, path_type=Path))
@click.option("--mode", type=click.Choice(MODES), default="audit",
              show_default=True)
@click.option("--format", "output_format", type=click.Choice(["json", "md", "html"]),
              default="json", show_default=True, help="The format of each report file.")
@click.option("--out", type=click.Path(file_okay=False, path_type=Path),
              help="Where the reports go (default: FOLDER-reports, beside FOLDER).")
@click.option("--place-points", "ranking", callback=_ranking, metavar="POINTS",
              help="Tournament points per place in each game, 1st place first (4,2,1,0): "
                   "the standings rank by them, then wins and points.")
def verify(folder: Path, mode: str, output_format: str, out: Path | None,
           ranking: Ranking) -> None:
    """Replay every log in FOLDER; write one report per log and print a summary table: each
    game's verdict and winner, why a game is illegal or unreadable, which logs are the same
    game (counted once), and the standings of each game.

    Exit code 0 when no log is illegal, mismatched or unreadable; 1 otherwise.
    """
    from replay.render import RENDERERS

    out = out or default_out(folder)
    logs = sorted(find_logs(folder, out),
                  key=lambda path: natural_key(path.relative_to(folder).as_posix()))
    if not logs:
        raise click.ClickException(f"no logs ({', '.join(LOG_SUFFIXES)}) in {folder}")
    out.mkdir(parents=True, exist_ok=True)
    rows, skipped, seen = [], [], {}
    names = report_names(folder, logs)
    # A progress bar only where someone watches: piped output gets the table alone.
    progress = click.progressbar(logs, label="replaying", file=sys.stderr,
                                 item_show_func=lambda p: p.name if p else "") \
        if sys.stderr.isatty() else contextlib.nullcontext(logs)
    with progress as bar:
        for path in bar:
            text = path.read_text(encoding="utf-8", errors="replace")
            if not replay.looks_like_log(text):
                skipped.append(path.relative_to(folder).as_posix())
                continue
            report = replay.replay_text(text, mode=mode)
            target = out / f"{names[path]}.report.{output_format}"
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(RENDERERS[output_format](report), encoding="utf-8")
            row = _summary_row(path.relative_to(folder), report)
            first = seen.setdefault(game_key(text), row["log"])
            if first != row["log"]:
                row["duplicate_of"] = first
            rows.append(row)
    if skipped:
        click.echo(f"skipped {len(skipped)} {'file' if len(skipped) == 1 else 'files'} that "
                   f"{'is' if len(skipped) == 1 else 'are'} not a log: {', '.join(skipped)}")
    if not rows:
        raise click.ClickException(f"no logs in {folder}")
    width = max(len(r["log"]) for r in rows)
    click.echo(f"{'log':<{width}}  {'verdict':<15} {'winner':<10} {'points':>6}  violations")
    for row in rows:
        click.echo(f"{row['log']:<{width}}  {row['verdict']:<15} {row['winner']:<10} "
                   f"{row['points']!s:>6}  {row['violations']}")
        if row["why"]:
            click.echo(f"{'':<{width}}    why: {row['why']}")
        if row.get("duplicate_of"):
            click.echo(f"{'':<{width}}    the same game as {row['duplicate_of']}: counted once")
    _print_standings(rows, ranking)
    totals = Counter(r["verdict"] for r in rows)
    click.echo("totals: " + ", ".join(f"{n} {v}" for v, n in sorted(totals.items()))
               + f" ({counted(len(rows), 'log')}); reports in {out}")
    sys.exit(1 if any(totals[v] for v in FAILING) else 0)
