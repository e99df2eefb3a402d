"""``referee verify DIR``: replay every log of a tournament, one report each, and a summary."""

from __future__ import annotations

import contextlib
import hashlib
import sys
from collections import Counter
from pathlib import Path

import click

import replay
from referee_cli.columns import cells, left, right
from referee_cli.language import lang_option
from replay.core.reports.tournament import (
    COUNTED,
    Ranking,
    first_problem,
    natural_key,
    ordinal,
    read_place_points,
    tally,
)
from replay.core.speech import message, ntr, tr
from replay.core.verdicts.judge import MODES
from replay.render.language import ENGLISH, joined, language, number
from replay.render.markdown import said_item
from replay.render.names import with_names
from replay.render.results import game_result, log_date, results_text

LOG_SUFFIXES = (".json", ".txt", ".log")
# The verified games' results, written beside the reports (``docs/results.md``).
RESULT_FILES = {"csv": "results.csv", "bgstats": "results-bgstats.json"}
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
        "why": _why(with_names(report)) or _unread(report),
    }


def _why(report: dict) -> str:
    """``rule coimbra.city.row at event 22 (line 30): ...``: the first violation that follows
    from no other, for a person."""
    problem = first_problem(report)
    if not problem:
        return ""
    violation = next((v for v in report.get("violations") or [] if isinstance(v, dict)
                      and all(v.get(key) == problem.get(key) for key in problem)), problem)
    values = {"rule": problem.get("rule"), "event": problem.get("event"),
              "message": said_item(violation, report)}
    if problem.get("line") is not None:
        return tr("rule {rule} at event {event} (line {line}): {message}",
                  line=problem["line"], **values)
    return tr("rule {rule} at event {event}: {message}", **values)


def _unread(report: dict) -> str:
    problems = report.get("problems") or []
    if not problems:
        return ""
    first = problems[0]
    text = message(first) or str(first.get("message"))
    if first.get("line") is not None:
        return tr("line {line}: {problem}", line=first["line"], problem=text)
    return text


def ranking_words(ranking: Ranking) -> str:
    """How the standings rank the players, as their heading says it."""
    if not ranking.place_points:
        return tr("wins first, then points, then the player's name")
    places = joined(f"{_place(place)} {points}"
                    for place, points in enumerate(ranking.place_points, start=1))
    return tr("tournament points per place in each game ({places}), then wins, then points, "
              "then the player's name", places=places)


def _place(place: int) -> str:
    # English ordinals are words of their own; another language says "place N" its way.
    return ordinal(place) if language() == ENGLISH else tr("place {number}", number=place)


def _print_standings(rows: list[dict], ranking: Ranking) -> None:
    """One standings table per game, from the games that count (each once)."""
    counted = [r for r in rows if r["verdict"] in COUNTED and not r.get("duplicate_of")]
    placed = bool(ranking.place_points)
    for game in sorted({r["game"] for r in counted}):
        known = replay.GAMES.find(game)
        table = tally((r["standings"] for r in counted if r["game"] == game), ranking)
        click.echo("\n" + tr("standings, {game} ({ranking}):",
                              game=known.title if known else game,
                              ranking=ranking_words(ranking)))
        width = max(cells(line["player"]) for line in table)
        words = {"rank": tr("rank"), "player": tr("player"), "games": tr("games"),
                 "wins": tr("wins"), "points": tr("points"), "tournament": tr("tournament points")}
        # Each number is right under the end of its heading, whatever the heading's language.
        size = {key: cells(word) for key, word in words.items()}
        click.echo(f"  {words['rank']}  {left(words['player'], width)}  {words['games']}  "
                   f"{words['wins']}  {words['points']}"
                   + (f"  {words['tournament']}" if placed else ""))
        for rank, line in enumerate(table, start=1):
            click.echo(f"  {right(rank, size['rank'])}  {left(line['player'], width)}  "
                       f"{right(line['games'], size['games'])}  "
                       f"{right(line['wins'], size['wins'])}  "
                       f"{right(line['points'], size['points'])}"
                       + (f"  {right(line['tournament_points'], size['tournament'])}"
                          if placed else ""))


def _verdict(verdict: str) -> str:
    """A verdict as the summary table says it (``score_mismatch``)."""
    words = {"legal": tr("legal"), "illegal": tr("illegal"),
             "score_mismatch": tr("score_mismatch"), "incomplete": tr("incomplete"),
             "unparseable": tr("unparseable")}
    return words.get(verdict, verdict)


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
@lang_option
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
        raise click.ClickException(tr("no logs ({suffixes}) in {folder}",
                                      suffixes=", ".join(LOG_SUFFIXES), folder=folder))
    out.mkdir(parents=True, exist_ok=True)
    rows, skipped, seen, results = [], [], {}, []
    names = report_names(folder, logs)
    # A progress bar only where someone watches: piped output gets the table alone.
    progress = click.progressbar(logs, label=tr("replaying"), file=sys.stderr,
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
            elif report["verdict"] == "legal":
                results.append((row["log"], game_result(
                    report, replay.GAMES.get(report["game"]), log_date(text))))
            rows.append(row)
    if skipped:
        click.echo(ntr("skipped {number} file that is not a log: {files}",
                       "skipped {number} files that are not a log: {files}", len(skipped),
                       files=", ".join(skipped)))
    if not rows:
        raise click.ClickException(tr("no logs in {folder}", folder=folder))
    width = max(cells(r["log"]) for r in rows)
    words = {"log": tr("log"), "verdict": tr("verdict"), "winner": tr("winner"),
             "points": tr("points"), "violations": tr("violations")}
    click.echo(f"{left(words['log'], width)}  {left(words['verdict'], 15)} "
               f"{left(words['winner'], 10)} {right(words['points'], 6)}  {words['violations']}")
    for row in rows:
        click.echo(f"{left(row['log'], width)}  {left(_verdict(row['verdict']), 15)} "
                   f"{left(row['winner'], 10)} {right(number(row['points']), 6)}  "
                   f"{row['violations']}")
        if row["why"]:
            click.echo(f"{'':<{width}}    " + tr("why: {why}", why=row["why"]))
        if row.get("duplicate_of"):
            click.echo(f"{'':<{width}}    " + tr("the same game as {log}: counted once",
                                                 log=row["duplicate_of"]))
    _print_standings(rows, ranking)
    if results:
        for fmt, name in RESULT_FILES.items():
            (out / name).write_text(results_text(results, fmt), encoding="utf-8")
        click.echo(ntr("the result of {number} verified game, for a play tracker: {files}",
                       "the results of {number} verified games, for a play tracker: {files}",
                       len(results),
                       files=", ".join(str(out / name) for name in RESULT_FILES.values())))
    totals = Counter(r["verdict"] for r in rows)
    click.echo(tr("totals: {totals} ({logs}); reports in {out}",
                  totals=joined(f"{n} {_verdict(v)}" for v, n in sorted(totals.items())),
                  logs=ntr("{number} log", "{number} logs", len(rows)), out=out))
    sys.exit(1 if any(totals[v] for v in FAILING) else 0)
