"""What a Coimbra effect of the catalog does, in words, as a report lists it for a person to
check against the card or tile (``replay.core.reports.value_words``): ``{"kind": "on_acquire",
"class": "scholar", "gain": {"points": 2}}`` reads "each time you acquire a scholar
character: 2 points".

Said when a report is rendered, in the reader's language; the vocabulary is the catalog's
(``catalog_schema.py``, ``data/README.md``).
"""

from __future__ import annotations

from collections.abc import Mapping

from replay.core.speech import ntr, tr


def effect_words(value: object) -> str | None:
    """A catalog effect, a list of them, or an influence track's income box, in words; None
    for any other value."""
    if isinstance(value, list) and value and all(_is_effect(item) for item in value):
        return tr("; ").join(map(_effect, value))
    if _is_effect(value):
        return _effect(value)
    if isinstance(value, Mapping) and {"from", "to", "gain"} <= value.keys():
        return tr("spaces {first} to {last}: {gain}", first=value["from"], last=value["to"],
                  gain=gain_words(value["gain"]))
    return None


def _is_effect(value: object) -> bool:
    return isinstance(value, Mapping) and isinstance(value.get("kind"), str)


def _effect(effect: Mapping) -> str:
    kind = effect["kind"]
    if kind == "gain":
        gain = gain_words(effect.get("gain"))
        when = effect.get("when")
        if when == "phase_e":
            condition = _condition(effect.get("if"))
            if condition:
                return tr("in each income phase, {condition}: {gain}", condition=condition,
                          gain=gain)
            return tr("in each income phase: {gain}", gain=gain)
        if when == "end_game":
            return tr("at game end: {gain}", gain=gain)
        return tr("at once: {gain}", gain=gain)
    if kind == "on_acquire":
        return tr("each time you acquire a {track} character: {gain}",
                  track=tr(str(effect.get("class"))), gain=gain_words(effect.get("gain")))
    if kind == "score_per":
        said = ntr("at game end: {number} point per {counter}",
                   "at game end: {number} points per {counter}", effect.get("points", 0),
                   counter=_counter(str(effect.get("per"))))
        if "max" in effect:
            said = tr("{effect}, at most {max}", effect=said, max=effect["max"])
        return said
    if kind == "voyage_discount":
        return ntr("while held, each voyage costs {number} less",
                   "while held, each voyage costs {number} less", effect.get("amount", 0))
    if kind == "voyage_now":
        return tr("the holder may invest in a voyage at once")
    if kind == "die_bonus":
        return ntr("+{number} to the value of one of the holder's dice outside the castle",
                   "+{number} to the value of one of the holder's dice outside the castle",
                   effect.get("amount", 0))
    if kind == "choice" and isinstance(effect.get("options"), Mapping):
        return tr("one of: {options}", options=tr(" or ").join(
            gain_words(option) for option in effect["options"].values()))
    if kind == "handler" and effect.get("id") == "steal_points":
        return ntr("at once: every other player loses {number} point",
                   "at once: every other player loses {number} points",
                   dict(effect.get("params") or {}).get("amount", 1))
    return tr(kind.replace("_", " "))


def gain_words(gain: object) -> str:
    """What a GAIN gives, in words ("2 coins, 1 influence on the clergy track")."""
    if not isinstance(gain, Mapping) or not gain:
        return tr("nothing")
    parts = []
    for key, amount in gain.items():
        if key == "influence" and isinstance(amount, Mapping):
            parts.extend(ntr("{number} step on the {track} track",
                             "{number} steps on the {track} track", steps, track=tr(track))
                         for track, steps in amount.items())
        elif key == "coins":
            parts.append(ntr("{number} coin", "{number} coins", amount))
        elif key == "guards":
            parts.append(ntr("{number} guard", "{number} guards", amount))
        elif key == "points":
            parts.append(ntr("{number} point", "{number} points", amount))
        elif key == "pilgrim":
            parts.append(ntr("{number} pilgrim step", "{number} pilgrim steps", amount))
        elif key == "investments":
            parts.append(ntr("{number} more voyage investment this round",
                             "{number} more voyage investments this round", amount))
        else:
            parts.append(tr("{number} {what}", number=amount, what=key.replace("_", " ")))
    return tr(", ").join(parts)


def _condition(condition: object) -> str:
    """A phase-E condition on the player's dice ("if you have no gray die")."""
    if not isinstance(condition, Mapping):
        return ""
    if "no_die" in condition:
        return tr("if none of your dice is {colour}", colour=tr(str(condition["no_die"])))
    if "has_die" in condition:
        return tr("if one of your dice is {colour}", colour=tr(str(condition["has_die"])))
    return ""


def _counter(counter: str) -> str:
    """What a score_per effect counts ("characters:scholar": "scholar character")."""
    kind, _, arg = counter.partition(":")
    if kind == "characters":
        return tr("{track} character owned", track=tr(arg)) if arg else tr("character owned")
    if kind == "monasteries":
        return (tr("level {level} monastery visited", level=arg) if arg
                else tr("monastery visited"))
    if kind == "track":
        return tr("step on the {track} track", track=tr(arg))
    if kind == "tracks_at_least":
        return tr("influence track at {steps} or higher", steps=arg)
    return {"voyages": tr("voyage invested in"), "diplomas": tr("diploma symbol owned"),
            "favors_taken": tr("favor tile taken in the game")}.get(
                kind, counter.replace("_", " "))
