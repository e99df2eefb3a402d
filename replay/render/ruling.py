"""A ruling on one disputed move (``replay.ruling``) as lines a person reads: the move, the
verdict on it with the rule and the reason, what it does to each player, and the moves that
are legal there instead."""

from __future__ import annotations

from replay.core.reports.value_words import field_words, value_words
from replay.core.speech import message, ntr, tr
from replay.games import GAMES
from replay.render.language import again, joined
from replay.render.names import NameLabels

MOST_LISTED = 12  # legal moves listed; the JSON has them all


def _signed(delta: int) -> str:
    return f"{delta:+d}"


def rests_on_words(ruling: dict) -> list[tuple[str, str, str, bool]]:
    """The placeholder values the ruling's refusal read, in words: the component as printed,
    the field, the catalog's stand-in, and whether it decides the ruling."""
    label = NameLabels.of(ruling)
    game = GAMES.find(str(ruling.get("game")))
    effect = game.effect_words if game is not None else None
    names = ruling.get("names") if isinstance(ruling.get("names"), dict) else {}
    return [(label.name(str(p.get("entry"))), field_words(str(p.get("field"))),
             value_words(p.get("value"), names, effect), bool(p.get("decides")))
            for p in ruling.get("rests_on") or [] if isinstance(p, dict)]


def listed(ruling: dict) -> list[tuple[str, str, str, bool]]:
    """The placeholder values a ruling lists: those that decide it, or, when none was found
    to, those not weighed (which may); none when each was weighed and none decides."""
    found = rests_on_words(ruling)
    deciding = [item for item in found if item[3]]
    if deciding:
        return deciding
    weighed = [bool(p.get("weighed")) for p in ruling.get("rests_on") or [] if isinstance(p, dict)]
    return [item for item, done in zip(found, weighed, strict=True) if not done]


def rests_on_sentence(ruling: dict) -> str | None:
    """What the move's placeholder values mean for the ruling: the values that decide it
    (check them before ruling), else that none does (when each was weighed)."""
    rests = [p for p in ruling.get("rests_on") or [] if isinstance(p, dict)]
    if not rests:
        return None
    deciding = sum(bool(p.get("decides")) for p in rests)
    if ruling.get("legal"):
        return _legal_rests_on(rests, deciding)
    if deciding:
        return ntr("This ruling rests on a value not yet transcribed: with another printed "
                   "value there, the move would be legal. Check it on the component before "
                   "you rule.",
                   "This ruling rests on {number} values not yet transcribed: with another "
                   "printed value there, the move would be legal. Check them on the "
                   "components before you rule.", deciding)
    if all(p.get("weighed") for p in rests):
        return ntr("The refusal read {number} value not yet transcribed; replayed with it "
                   "changed, the move is still not legal.",
                   "The refusal read {number} values not yet transcribed; replayed with each "
                   "changed, the move is still not legal.", len(rests))
    return ntr("The refusal read {number} value not yet transcribed, which may decide it.",
               "The refusal read {number} values not yet transcribed, which may decide it.",
               len(rests))


def _legal_rests_on(rests: list[dict], deciding: int) -> str:
    """The sentence of a legal move that read values not yet transcribed."""
    if deciding:
        return ntr("This ruling rests on a value not yet transcribed: with another printed "
                   "value there, the move would not be legal. Check it on the component "
                   "before you rule.",
                   "This ruling rests on {number} values not yet transcribed: with another "
                   "printed value there, the move would not be legal. Check them on the "
                   "components before you rule.", deciding)
    if all(p.get("weighed") for p in rests):
        return ntr("The move read {number} value not yet transcribed; replayed with it "
                   "changed, it is still legal.",
                   "The move read {number} values not yet transcribed; replayed with each "
                   "changed, it is still legal.", len(rests))
    return ntr("The move read {number} value not yet transcribed, which may decide it.",
               "The move read {number} values not yet transcribed, which may decide it.",
               len(rests))


def ruling_lines(ruling: dict) -> list[str]:
    """The ruling in plain lines (Markdown reads them as they are)."""
    label = NameLabels.of(ruling)
    after = ruling.get("after", -1)
    where = tr("before the first event") if after < 0 else tr("after event {event}", event=after)
    lines = [tr("Move: {move} ({where})", move=label.text(str(ruling.get("move_text"))),
                where=where)]
    violations = ruling.get("violations") or []
    if ruling.get("legal"):
        lines.append(tr("Legal: it breaks no rule here."))
    else:
        first = violations[0]
        lines.append(tr("Not legal: it breaks rule {rule}: {message}.", rule=first.get("rule"),
                        message=label.text(str(message(first)))))
        if first.get("statement"):
            lines.append("  " + tr("The rule: {statement}", statement=tr(first["statement"])))
        lines += ["  " + tr("It also breaks rule {rule}: {message}.", rule=v.get("rule"),
                            message=label.text(str(message(v)))) for v in violations[1:]]
        for variant in ruling.get("legal_under") or []:
            lines.append("  " + tr("It is legal under the variant {variant}.", variant=variant))
    if sentence := rests_on_sentence(ruling):
        lines.append("  " + sentence)
        lines += ["    " + tr("{entry}, {field}: {value}", entry=entry, field=field,
                              value=value) for entry, field, value, _ in listed(ruling)]
    changes = ruling.get("changes") or {}
    if changes:
        what = tr("What it does") if ruling.get("legal") \
            else tr("What the table did all the same")
        lines.append(tr("{what}: {changes}.", what=what, changes=tr("; ").join(
            f"{player} " + joined(f"{again(resource)} {_signed(delta)}"
                                  for resource, delta in values.items())
            for player, values in changes.items())))
    if ruling.get("earlier_problems"):
        lines.append(tr("Note: the log breaks {number} rule(s) before this point, so the table "
                        "here is as the log played it.", number=ruling["earlier_problems"]))
    moves = ruling.get("legal_moves") or []
    if moves:
        shown = joined(label.text(m) for m in moves[:MOST_LISTED])
        if len(moves) > MOST_LISTED:
            lines.append(tr("Legal here: {moves} and {number} more.", moves=shown,
                            number=len(moves) - MOST_LISTED))
        else:
            lines.append(tr("Legal here: {moves}.", moves=shown))
    else:
        lines.append(tr("Nothing is legal here: the game is over or waits for chance."))
    return lines
