"""``referee``: replay logs in-process, or run the API, workers and a local Redis.

Exit codes: 0 the log is legal (or the command succeeded); 1 the log was replayed and is
not legal (illegal, score mismatch, incomplete); 2 the input could not be read.
"""

from __future__ import annotations

import json
import os
import sys
import time
import urllib.request
from pathlib import Path

import click

import replay
from referee_cli import services
from referee_cli.catalog import catalog
from referee_cli.desk import desk
from referee_cli.export import export
from referee_cli.files import EXIT_UNREADABLE, read_json, read_text
from referee_cli.games import GAME
from referee_cli.language import lang_option, speak_environment_language
from referee_cli.results import results
from referee_cli.summary import comparison_summary, report_summary, state_summary
from referee_cli.verify import verify
from replay.core.speech import message, say, tr
from replay.core.words import number_span

SAMPLE_LOG = Path(__file__).resolve().parent.parent / "fixtures" / "coimbra" / "sample.json"

EXIT_LEGAL, EXIT_NOT_LEGAL = 0, 1


@click.group()
@click.pass_context
def cli(context: click.Context) -> None:
    """Tabletop rules referee."""
    speak_environment_language(context)


cli.add_command(catalog)
cli.add_command(desk)
cli.add_command(verify)
cli.add_command(export)
cli.add_command(results)


class PlayersOption(click.Option):
    """``--players``, whose help gives each registered game's player counts when it is
    shown (a game registered later is listed too)."""

    def get_help_record(self, ctx: click.Context):
        """The help line, with the counts read from the registry now."""
        self.help = "How many players: " + "; ".join(
            f"{game.name} {number_span(game.player_counts)}" for game in replay.GAMES) + "."
        return super().get_help_record(ctx)


@cli.command()
@click.argument("game", type=GAME)
@click.option("--players", cls=PlayersOption, type=click.IntRange(min=1), metavar="N",
              required=True)
@click.option("--seed", type=int, default=0, show_default=True)
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path),
              help="Write here instead of standard output.")
def generate(game: replay.Game, players: int, seed: int, output: Path | None) -> None:
    """Write a complete legal GAME log played by a seeded random player."""
    if players not in game.player_counts:
        raise click.BadParameter(tr("{game} is for {counts} players", game=game.title,
                                    counts=_counts(game)), param_hint="--players")
    text = json.dumps(game.generate(players, seed), indent=1) + "\n"
    if output:
        output.write_text(text, encoding="utf-8")
    else:
        click.echo(text, nl=False)


def _counts(game: replay.Game) -> str:
    counts = game.player_counts
    return tr("{some} or {last}", some=", ".join(map(str, counts[:-1])), last=counts[-1]) \
        if len(counts) > 1 else str(counts[0])


LOG_PATH = click.Path(exists=True, dir_okay=False, path_type=Path)
FORMATS = click.Choice(["json", "md", "html"])
FULL_FORMAT = "The whole report as JSON, Markdown or a self-contained HTML page (default: a " \
    "short summary: verdict, violations, standings)."


def _report_problems(path: Path, report: dict) -> None:
    """Print an unreadable log's problems as ``file:line:col: message`` lines."""
    for problem in report.get("problems", []):
        where = f"{problem['line']}:{problem['column']}" if "line" in problem \
            else problem.get("path", "")
        hints = []
        if problem.get("expected"):
            hints.append(tr("expected {expected}", expected=message(problem, "expected")))
        if problem.get("suggestions"):
            hints.append(tr("did you mean {suggestions}?",
                            suggestions=tr(" or ").join(problem["suggestions"])))
        extra = f" ({'; '.join(hints)})" if hints else ""
        click.echo(f"{path}:{where}: {message(problem)}{extra}", err=True)


@cli.command("replay")
@click.argument("log_path", metavar="LOG", type=LOG_PATH)
@lang_option
@click.option("--mode", type=click.Choice(replay.MODES), default="strict",
              show_default=True, help="Stop at the first violation, or record all of them.")
@click.option("--format", "output_format", type=click.Choice(["json", "md", "html", "position"]),
              help=FULL_FORMAT + " With --at, 'position' prints the log that starts from the "
              "table after event N: its position document and the events after it.")
@click.option("--catalog", "catalog_path", type=LOG_PATH,
              help="A transcribed catalog to use instead of the one the log names.")
@click.option("--ask", "move", metavar="MOVE",
              help="With --at: is MOVE (a line of the notation, or JSON) legal right after "
                   "event N, what does it do, and what is legal there instead.")
@click.option("--at", "at_place", metavar="N|line:L",
              help="Show every player's state after event N (or the event on line L of a "
                   "text log) and the acting player's options (default: a block per "
                   "player).")
@click.option("--amend", nargs=2, metavar="N|line:L EVENT",
              help="What if event N had been EVENT (a line of the notation, or JSON): "
                   "compare the log with that version.")
@click.option("--drop", "drop_place", metavar="N|line:L",
              help="What if event N had not happened: compare the log with that version.")
def replay_command(log_path: Path, mode: str, output_format: str | None,
                   catalog_path: Path | None, move: str | None,
                   at_place: str | None, amend: tuple[str, str] | None,
                   drop_place: str | None) -> None:
    """Replay LOG (JSON or text notation) in this process, no Redis, and print the report."""

    catalog = read_json(catalog_path) if catalog_path else None
    text = read_text(log_path)
    if (move is not None or output_format == "position") and at_place is None:
        raise click.UsageError(tr("--ask and --format position need --at N"))
    if move is not None:
        _ask(log_path, text, at_place, move, output_format, catalog)
        return
    if at_place is not None:
        _show_state(log_path, text, at_place, output_format, catalog)
        return
    if amend or drop_place:
        # Both versions should reach their end, so "what if" replays in audit mode unless
        # --mode says otherwise.
        source = click.get_current_context().get_parameter_source("mode")
        chosen = mode if source is click.core.ParameterSource.COMMANDLINE else "audit"
        _what_if(log_path, text, amend, drop_place, chosen, output_format, catalog)
        return
    report = replay.replay_text(text, mode=mode, catalog=catalog, weigh=True)
    _print_report(report, output_format)
    if report["verdict"] == "unparseable":
        _report_problems(log_path, report)
        sys.exit(EXIT_UNREADABLE)
    sys.exit(EXIT_LEGAL if report["verdict"] == "legal" else EXIT_NOT_LEGAL)


def _parse_or_exit(path: Path, text: str, catalog: dict | None) -> replay.GameLog:
    """A log whose header and event shapes are sound, or its located problems on standard
    error and exit code 2."""
    try:
        return replay.validate(replay.parse(text), catalog)
    except replay.InvalidLog as err:
        _report_problems(path, replay.unparseable_report(text, err))
        sys.exit(EXIT_UNREADABLE)


def _print_report(report: dict, output_format: str | None) -> None:
    """The whole report in ``output_format``, or its summary."""
    from replay.render import RENDERERS

    click.echo(RENDERERS[output_format](report) if output_format else report_summary(report),
               nl=False)


def _print_comparison(result: dict, output_format: str | None) -> None:
    from replay.render.compare import render_comparison_html, render_comparison_markdown

    if output_format is None:
        click.echo(comparison_summary(result), nl=False)
    elif output_format == "md":
        click.echo(render_comparison_markdown(result), nl=False)
    elif output_format == "html":
        click.echo(render_comparison_html(result), nl=False)
    else:
        click.echo(json.dumps(result, indent=2, sort_keys=True))


def _what_if(path: Path, text: str, amendment: tuple[str, str] | None, drop_place: str | None,
             mode: str, output_format: str | None, catalog: dict | None) -> None:
    """``replay --amend`` / ``--drop``: the log as recorded (A) against the changed one (B)."""
    from replay.compare import amend, compare, drop
    from replay.core.logs.places import event_at

    log = _parse_or_exit(path, text, catalog)
    place, option = (amendment[0], "--amend") if amendment else (drop_place, "--drop")
    try:
        index = event_at(place, len(log.events), log.positions)
    except ValueError as err:
        raise click.BadParameter(str(err), param_hint=option) from None
    try:
        changed = amend(log, index, amendment[1]) if amendment else drop(log, index)
        replay.validate(changed, catalog)
    except replay.InvalidLog as err:
        raise click.BadParameter(str(err), param_hint=option) from None
    _print_comparison(compare(log, changed, mode=mode, catalog=catalog), output_format)


@cli.command()
@click.argument("log_a", metavar="A", type=LOG_PATH)
@click.argument("log_b", metavar="B", type=LOG_PATH)
@click.option("--mode", type=click.Choice(["strict", "audit"]), default="audit",
              show_default=True)
@click.option("--format", "output_format", type=FORMATS, default="md", show_default=True)
@click.option("--catalog", "catalog_path", type=LOG_PATH,
              help="A transcribed catalog to use instead of the one the logs name.")
@lang_option
def diff(log_a: Path, log_b: Path, mode: str, output_format: str,
         catalog_path: Path | None) -> None:
    """Two versions of one game: where they first differ, each verdict, the score difference.

    Exit code 0 when they are the same game, 1 when they differ, 2 when one cannot be read.
    """
    from replay.compare import compare

    catalog = read_json(catalog_path) if catalog_path else None
    a = _parse_or_exit(log_a, read_text(log_a), catalog)
    b = _parse_or_exit(log_b, read_text(log_b), catalog)
    try:
        result = compare(a, b, mode=mode, catalog=catalog)
    except replay.InvalidLog as err:
        raise click.ClickException(str(err)) from None
    _print_comparison(result, output_format)
    sys.exit(EXIT_LEGAL if result["same_game"] else EXIT_NOT_LEGAL)


def _ask(log_path: Path, text: str, place: str, move: str, output_format: str | None,
         catalog: dict | None) -> None:
    """``replay --at N --ask MOVE``: the ruling on one move at that point."""
    from replay.core.logs.places import event_at
    from replay.render.ruling import ruling_lines
    from replay.ruling import rule_on

    log = _parse_or_exit(log_path, text, catalog)
    try:
        event = event_at(place, len(log.events), log.positions)
        ruling = rule_on(log, event, move, catalog)
    except ValueError as err:
        raise click.BadParameter(str(err), param_hint="--at") from None
    except replay.InvalidLog as err:
        raise click.BadParameter(str(err), param_hint="--ask") from None
    if output_format == "json":
        click.echo(json.dumps(ruling, indent=2, sort_keys=True, ensure_ascii=False))
    else:
        click.echo("\n".join(ruling_lines(ruling)))
    sys.exit(EXIT_LEGAL if ruling["legal"] else EXIT_NOT_LEGAL)


def _show_state(log_path: Path, text: str, place: str, output_format: str | None,
                catalog: dict | None) -> None:
    """``replay --at``: the game after one event, in the format asked for."""
    from replay.core.logs.places import event_at
    from replay.render.state import render_state_html, render_state_markdown

    try:
        log = replay.parse(text)
        event = event_at(place, len(log.events), log.positions)
        if output_format == "position":
            positioned = replay.game_of(log).position_at(log, event, catalog)
            click.echo(json.dumps(positioned.to_dict(), indent=1, ensure_ascii=False))
            return
        state = replay.state_at(log, event, catalog)
    except replay.InvalidLog as err:
        _report_problems(log_path, replay.unparseable_report(text, err))
        sys.exit(EXIT_UNREADABLE)
    except ValueError as err:
        raise click.BadParameter(str(err), param_hint="--at") from None
    if log.positions:
        state["after_line"] = log.positions[event][0]
    if output_format is None:
        click.echo(state_summary(state, log.game), nl=False)
    elif output_format == "md":
        click.echo(render_state_markdown(state, log.game), nl=False)
    elif output_format == "html":
        click.echo(render_state_html(state, log.game), nl=False)
    else:
        click.echo(json.dumps(state, indent=2, sort_keys=True))


@cli.command()
@click.argument("sheet_path", metavar="SCORESHEET", type=LOG_PATH)
@lang_option
@click.option("--format", "output_format", type=FORMATS, help=FULL_FORMAT)
@click.option("--catalog", "catalog_path", type=LOG_PATH,
              help="A transcribed catalog to use instead of the one the sheet names.")
def score(sheet_path: Path, output_format: str | None, catalog_path: Path | None) -> None:
    """Compute and check the final scoring from a SCORESHEET (the end state, no moves)."""
    catalog = read_json(catalog_path) if catalog_path else None
    document = read_json(sheet_path)
    try:
        if not isinstance(document, dict) or "scoresheet" not in document:
            raise replay.InvalidLog([replay.LogProblem(
                say("a scoresheet document has a header and a 'scoresheet'"),
                path="/scoresheet")])
        report = replay.score_sheet(document, catalog)
    except replay.InvalidLog as err:
        report = replay.unparseable_report(sheet_path.read_text(encoding="utf-8"), err,
                                           scoresheet=True)
        _report_problems(sheet_path, report)
        _print_report(report, output_format)
        sys.exit(EXIT_UNREADABLE)
    _print_report(report, output_format)
    sys.exit(EXIT_LEGAL if report["verdict"] == "legal" else EXIT_NOT_LEGAL)


@cli.command()
@click.argument("log_path", metavar="LOG", type=LOG_PATH)
@click.option("--to", "notation", type=click.Choice(["text", "json"]), required=True)
def convert(log_path: Path, notation: str) -> None:
    """Print LOG in the other notation (canonical form)."""
    text = read_text(log_path)
    try:
        # The event shapes too: the printer writes only events of known types and fields.
        log = replay.validate(replay.parse(text))
    except replay.InvalidLog as err:
        _report_problems(log_path, replay.unparseable_report(text, err))
        sys.exit(EXIT_UNREADABLE)
    click.echo(replay.print_log(log, notation), nl=False)


@cli.command()
@click.argument("game", type=GAME)
@lang_option
def rules(game: replay.Game) -> None:
    """List GAME's rules: id, statement, and the section of the rule text."""
    for rule in game.rules.values():
        mark = tr(" (applied by the engine)") if rule.automatic else ""
        click.echo(f"{rule.id}\t{tr(rule.statement)}{mark}\t[{tr(rule.section)}]")


@cli.command()
@click.option("--burst", is_flag=True, help="Exit once the queue is empty.")
@click.option("--kind", type=click.Choice(["simple", "forking"]), default="simple",
              show_default=True, help="Run jobs in the worker process, or fork per job.")
@click.option("--queue", type=click.Choice(["all", "replays", "webhooks"]), default="all",
              show_default=True,
              help="replays, webhook deliveries, or both (a delivery process beside this one).")
def worker(burst: bool, kind: str, queue: str) -> None:
    """Run an RQ worker (REDIS_URL, or the data folder's project Redis)."""
    from workers.worker import PARENT_PID, run_worker

    services.stop_on_sigterm()
    with services.redis_url() as url:
        deliveries = None
        if queue == "all":
            deliveries = services.start_worker_process(
                url, {PARENT_PID: str(os.getpid())},
                ("--queue", "webhooks", *(["--burst"] if burst else [])))
        try:
            run_worker(url, burst=burst, kind=kind,
                       queue="webhooks" if queue == "webhooks" else "replays")
        finally:
            if deliveries:
                services.stop_process(deliveries)


@cli.command()
@click.option("--host", default="127.0.0.1", show_default=True)
@click.option("--port", default=8000, show_default=True, type=int)
@click.option("--threads", default=8, show_default=True, type=int,
              help="Requests served at once (waitress threads).")
def serve(host: str, port: int, threads: int) -> None:
    """Serve the API with waitress (REDIS_URL, or the data folder's project Redis)."""
    import waitress

    from api import create_app
    from api.auth import KeyListError

    services.stop_on_sigterm()
    services.share_the_interpreter()
    with services.redis_url() as url:
        try:
            app = create_app({"REDIS_URL": url, **services.thread_limits(threads)})
        except KeyListError as err:
            raise click.ClickException(tr("API keys: {problem}", problem=err)) from None
        server = waitress.create_server(app, host=host, port=port,
                                        **services.server_settings(threads))
        address = f"http://{host}:{server.effective_port}"
        click.echo(tr("referee API on {address} (Redis {url})", address=address, url=url),
                   err=True)
        click.echo(tr("the web pages: open {address}/ in a browser to submit, record and "
                      "read games", address=address), err=True)
        server.run()


def _wait_for_interrupt() -> None:
    try:
        while True:
            time.sleep(3600)
    except KeyboardInterrupt:
        click.echo(tr("stopping"), err=True)


def _http_json(url: str, body: bytes | None = None) -> tuple[int, dict, dict]:
    request = urllib.request.Request(url, data=body, method="POST" if body else "GET")
    if body:
        request.add_header("Content-Type", "application/json")
    with urllib.request.urlopen(request, timeout=30) as response:
        return response.status, dict(response.headers), json.loads(response.read())


@cli.command()
@click.option("--port", default=8000, show_default=True, type=int,
              help="API port on 127.0.0.1 (0 picks a free one).")
@click.option("--log", "log_path", type=click.Path(exists=True, dir_okay=False, path_type=Path),
              default=SAMPLE_LOG, show_default=True, help="The log to submit.")
@click.option("--once", is_flag=True, help="Exit after printing the outcome.")
@click.option("--timeout", default=60.0, show_default=True, help="Seconds to wait for the report.")
@click.option("--format", "output_format", type=FORMATS,
              help="Print the whole report in this format (default: a short summary).")
@lang_option
def run(port: int, log_path: Path, once: bool, timeout: float,
        output_format: str | None) -> None:
    """Start Redis, a worker and the API; submit a log over HTTP and print its outcome."""
    services.stop_on_sigterm()
    with services.redis_url() as url:
        worker_process = services.start_worker_process(url)
        try:
            with services.api_server(url, "127.0.0.1", port) as server:
                base = f"http://127.0.0.1:{server.effective_port}"
                click.echo(tr("referee API on {address} (Redis {url})", address=base, url=url),
                           err=True)
                status, headers, _ = _http_json(f"{base}/v1/replays", log_path.read_bytes())
                click.echo(f"POST /v1/replays -> {status}, Location {headers['Location']}",
                           err=True)
                record = _poll(base + headers["Location"], timeout)
                if record["status"] == "done":
                    _, _, report = _http_json(base + record["links"]["report"])
                    _print_outcome(report, output_format, base + record["links"]["report"],
                                   once)
                else:
                    click.echo(json.dumps(record, indent=2, sort_keys=True))
                if not once:
                    click.echo(tr("the web pages: open {address}/ in a browser to submit, "
                                  "record and read games", address=base), err=True)
                    click.echo(tr("service running; Ctrl-C to stop"), err=True)
                    _wait_for_interrupt()
        finally:
            services.stop_process(worker_process)
    if record["status"] != "done":
        sys.exit(EXIT_UNREADABLE)


def _print_outcome(report: dict, output_format: str | None, url: str, once: bool) -> None:
    """The whole report in ``output_format``, or a summary: verdict, violations, standings,
    where the report is."""
    if output_format:
        _print_report(report, output_format)
        return
    where = (tr("rerun with --format json, md or html") if once else
             tr("GET {url} (Accept: application/json, text/markdown or text/html)", url=url))
    click.echo(report_summary(report, tr("The full report: {where}.", where=where)), nl=False)


def _poll(url: str, timeout: float) -> dict:
    deadline = time.monotonic() + timeout
    while True:
        _, _, record = _http_json(url)
        if record["status"] in ("done", "failed"):
            return record
        if time.monotonic() > deadline:
            raise click.ClickException(tr("no report after {timeout} s: {status}",
                                          timeout=timeout, status=record["status"]))
        time.sleep(0.05)


@cli.command()
def openapi() -> None:
    """Print the API contract (OpenAPI, YAML) derived from the app."""
    from api.openapi import spec_yaml

    click.echo(spec_yaml(), nl=False)


if __name__ == "__main__":
    cli()
