"""The home page and the submit form: one log becomes a replay, several a tournament batch."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from flask import abort, redirect, render_template, request, url_for
from flask_babel import gettext, lazy_gettext
from markdown_it import MarkdownIt
from markupsafe import Markup
from marshmallow import ValidationError

import replay
from api.batches import accept_batch
from api.problems import Problem
from api.schemas import SubmitArgsSchema
from api.submission import accept, decode_body, options_for
from api.web import bp, game_title
from api.web.errors import problem_rows
from api.web.uploads import Defaults, decode_upload, form_logs, log_media_type, with_defaults
from replay.core.verdicts.judge import MODES
from replay.games import GAMES

# The notation guides, by the convention docs/<game>-text.md and docs/<game>-log.md.
GUIDES = Path(__file__).resolve().parents[2] / "docs"
GUIDE_KINDS = {"text": lazy_gettext("text notation"), "log": lazy_gettext("JSON log")}
FORM_OPTIONS = SubmitArgsSchema(only=("mode", "catalog"))
# A complete game of each, worked by hand (its worked note beside it), for a newcomer to try.
FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"
SAMPLES = {"coimbra": FIXTURES / "coimbra" / "legal" / "game-2p.json",
           "viscounts": FIXTURES / "viscounts" / "worked" / "game-2p.json"}


def guides(game: str) -> list[tuple[str, str]]:
    """The notation guides a game has: ``(kind, label)``."""
    return [(kind, str(label)) for kind, label in GUIDE_KINDS.items()
            if (GUIDES / f"{game}-{kind}.md").is_file()]


def form_context(form=None, **extra) -> dict:
    """What the submit form needs: the games, modes and variants to choose from, and what
    was filled in before (when it comes back with a problem)."""
    form = form if form is not None else {}
    chosen = form.getlist("variants") if hasattr(form, "getlist") else []
    return {"games": list(GAMES), "modes": MODES, "guides": guides, "form": form,
            "chosen_variants": chosen, "samples": SAMPLES, **extra}


@cache
def sample_text(game: str) -> str:
    """A game's sample in the text notation, as a person at the table writes it."""
    return replay.print_log(replay.parse(SAMPLES[game].read_text(encoding="utf-8")), "text")


@bp.route("/")
def home():
    """What the referee does, the games it knows, and a box to paste a log or drop files."""
    return render_template("home.html", **form_context())


@bp.route("/guides/<game>/<kind>")
def guide(game: str, kind: str):
    """A game's notation guide as a page."""
    if GAMES.find(game) is None or kind not in dict(guides(game)):
        abort(404)
    text = (GUIDES / f"{game}-{kind}.md").read_text(encoding="utf-8")
    html = MarkdownIt("commonmark", {"html": False}).enable("table").render(text)
    return render_template("guide.html", title=gettext(
        "%(game)s: %(kind)s", game=game_title(game), kind=GUIDE_KINDS[kind]),
        body=Markup(html))


@bp.route("/submit", methods=["GET", "POST"])
def submit():
    """Paste or upload logs; one log goes to its replay page, several to their batch page."""
    if request.method == "GET":
        sample = request.args.get("sample")
        if sample is None:
            return render_template("submit.html", **form_context())
        if sample not in SAMPLES:
            abort(404)
        return render_template("submit.html", **form_context(
            form={"text": sample_text(sample)}, sample=GAMES.find(sample)))
    try:
        return _accept_form()
    except Problem as problem:
        # The form comes back filled in, with what was wrong and where.
        return render_template("submit.html", **form_context(
            form=request.form, problem=problem, problems=problem_rows(problem))), \
            problem.status


def _accept_form():
    try:
        args = FORM_OPTIONS.load({k: v for k in ("mode", "catalog")
                                  if (v := request.form.get(k, "").strip())})
    except ValidationError as err:
        raise Problem(422, "invalid-options", gettext("The options are not valid"),
                      "; ".join(f"{k}: {' '.join(v)}" for k, v in err.messages.items())) \
            from None
    game = request.form.get("game", "").strip() or None
    if game is not None and game not in GAMES:
        raise Problem(422, "unknown-game", gettext("No such game"),
                      gettext("games: %(games)s", games=", ".join(GAMES.names())))
    defaults = Defaults(game, tuple(request.form.getlist("variants")))
    logs, from_archive = form_logs(request.form.get("text", ""),
                                   request.files.getlist("files"))
    options = options_for(args["mode"], args["catalog"], None)
    texts = [(name, with_defaults(decode_upload(name, data), defaults)) for name, data in logs]
    if len(texts) == 1 and not from_archive:
        [(_, text)] = texts
        text = decode_body(text.encode(), log_media_type(text))
        accepted = accept(text, options)
        return redirect(url_for("web.replay", replay_id=accepted.replay_id), 303)
    batch_id = accept_batch([(name, text, None) for name, text in texts], options)
    return redirect(url_for("web.batch", batch_id=batch_id), 303)

