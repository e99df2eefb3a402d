"""How each Coimbra event reads from and prints to one line of the text notation.

The readers take the notation's line reader (``replay.coimbra.notation``), the event being
built and the words after ``player: verb``; the printers give an event's text lines. The
event specs (``replay.coimbra.events``) name them, one pair per event type.
"""

from __future__ import annotations

from replay.core.logs.text import Token


def at(tokens: list[Token], index: int) -> Token | None:
    """The token at ``index``, or None past the end of the line."""
    return tokens[index] if index < len(tokens) else None


# -- readers -------------------------------------------------------------------------


def read_start(reader, event: dict, tokens: list[Token]) -> None:
    """``start pair A+B`` or ``start corner C``."""
    kind = reader.keyword(at(tokens, 0), "pair", "corner")
    if kind == "pair":
        [(a, b)] = reader.pairs_of(tokens[1:2], "+") if len(tokens) > 1 else [(None, None)]
        event["pair"] = [reader.ident(a, "character"), reader.ident(b, "character")]
    else:
        event["corner"] = reader.ident(at(tokens, 1), "starting corner")
    reader.nothing_more(tokens[2:])


def read_place(reader, event: dict, tokens: list[Token]) -> None:
    """``place DIE -> LOCATION``."""
    event["die"] = reader.die(at(tokens, 0))
    if at(tokens, 1) is None or tokens[1].text != "->":
        reader.fail(at(tokens, 1), "expected '->' and a location", expected="-> castle")
    event["to"] = reader.ident(at(tokens, 2), "location")
    reader.nothing_more(tokens[3:])


def read_favor(reader, event: dict, tokens: list[Token]) -> None:
    """``favor TILE [with DIE] [invest VOYAGE] [bonus DIE]`` (a tile or voyage by id or
    printed name)."""
    event["tile"], rest = reader.ident_words(tokens, "favor tile")
    rest = reader.with_die(event, rest)
    if rest and rest[0].text == "invest":
        event["voyage"], rest = reader.ident_words(rest[1:], "voyage")
    if rest and rest[0].text == "bonus":
        event["bonus"] = reader.die(at(rest, 1))
        rest = rest[2:]
    reader.nothing_more(rest)


def read_choose(reader, event: dict, tokens: list[Token]) -> None:
    """``choose OPTION`` (a favor tile's option, such as ``guards`` or ``coins``)."""
    if at(tokens, 0) is None:
        reader.fail(None, "a choice names the option taken", expected="guards")
    event["take"] = tokens[0].text
    reader.nothing_more(tokens[1:])


def read_recruit(reader, event: dict, tokens: list[Token]) -> None:
    """``recruit CARD [with DIE] [pay coins=N guards=N]`` (a card by id or printed name)."""
    event["card"], rest = reader.ident_words(tokens, "character")
    rest = reader.with_die(event, rest)
    if rest and rest[0].text == "pay":
        event["pay"] = reader.values(rest[1:], ("coins", "guards"))
    else:
        reader.nothing_more(rest)


def read_distress(reader, event: dict, tokens: list[Token]) -> None:
    """``distress [with DIE] [coins=N] [guards=N]``."""
    event.update(reader.values(reader.with_die(event, tokens), ("coins", "guards")))


def read_income(reader, event: dict, tokens: list[Token]) -> None:
    """``income DIE [-> TRACK]``."""
    event["die"] = reader.die(at(tokens, 0))
    if at(tokens, 1) is not None:
        reader.keyword(tokens[1], "->")
        event["track"] = reader.ident(at(tokens, 2), "track")
        reader.nothing_more(tokens[3:])


def read_move(reader, event: dict, tokens: list[Token]) -> None:
    """``move NODE NODE ...``."""
    if not tokens:
        reader.fail(None, "a move names the places reached", expected="node ids")
    event["path"] = [reader.ident(t, "map location") for t in tokens]


def read_invest(reader, event: dict, tokens: list[Token]) -> None:
    """``invest VOYAGE`` (by id or printed name)."""
    event["voyage"], rest = reader.ident_words(tokens, "voyage")
    reader.nothing_more(rest)


def read_pass(reader, event: dict, tokens: list[Token]) -> None:
    """``pass``."""
    reader.nothing_more(tokens)


# -- printers ------------------------------------------------------------------------


def _kv(values: dict) -> str:
    return " ".join(f"{k}={v}" for k, v in values.items())


def _with(event: dict) -> str:
    return f" with {event['die']}" if "die" in event else ""


def print_setup(e: dict) -> list[str]:
    """The five ``setup`` lines."""
    return [
        f"setup order: {' '.join(e['order'])}",
        f"setup monasteries: {_kv(e['monasteries'])}",
        f"setup voyages: {' '.join(e['voyages'])}",
        f"setup tiles: {_kv(e['scoring_tiles'])}",
        f"setup pairs: {' '.join('+'.join(p) for p in e['start_pairs'])}",
    ]


def print_marker(e: dict) -> list[str]:
    """``round N`` and/or ``phase X``."""
    return ([f"round {e['round']}"] if "round" in e else []) + \
        ([f"phase {e['phase']}"] if "phase" in e else [])


def print_start(e: dict) -> list[str]:
    """A start choice."""
    what = f"pair {'+'.join(e['pair'])}" if "pair" in e else f"corner {e['corner']}"
    return [f"{e['player']}: start {what}"]


def print_deal(e: dict) -> list[str]:
    """The cards dealt to the three city rows."""
    return [f"deal {e['round']}: upper {' '.join(e['upper'])} | central "
            f"{' '.join(e['central'])} | lower {' '.join(e['lower'])}"]


def print_roll(e: dict) -> list[str]:
    """The dice rolled in phase A."""
    return [f"roll: {' '.join(e['dice'])}"]


def print_place(e: dict) -> list[str]:
    """A die drafted and placed."""
    return [f"{e['player']}: place {e['die']} -> {e['to']}"]


def print_favor(e: dict) -> list[str]:
    """A castle favor (with the investment and the die bonus it allows)."""
    invest = f" invest {e['voyage']}" if "voyage" in e else ""
    bonus = f" bonus {e['bonus']}" if "bonus" in e else ""
    return [f"{e['player']}: favor {e['tile']}{_with(e)}{invest}{bonus}"]


def print_choose(e: dict) -> list[str]:
    """A favor tile's option chosen."""
    return [f"{e['player']}: choose {e['take']}"]


def print_recruit(e: dict) -> list[str]:
    """A character recruited."""
    pay = f" pay {_kv(e['pay'])}" if "pay" in e else ""
    return [f"{e['player']}: recruit {e['card']}{_with(e)}{pay}"]


def print_distress(e: dict) -> list[str]:
    """A die resolved for coins and guards."""
    amounts = _kv({k: e[k] for k in ("coins", "guards") if k in e})
    return [f"{e['player']}: distress{_with(e)}" + (f" {amounts}" if amounts else "")]


def print_income(e: dict) -> list[str]:
    """A die's income."""
    track = f" -> {e['track']}" if "track" in e else ""
    return [f"{e['player']}: income {e['die']}{track}"]


def print_move(e: dict) -> list[str]:
    """A pilgrim's path."""
    return [f"{e['player']}: move {' '.join(e['path'])}"]


def print_invest(e: dict) -> list[str]:
    """A voyage invested in."""
    return [f"{e['player']}: invest {e['voyage']}"]


def print_pass(e: dict) -> list[str]:
    """No (more) investment this round."""
    return [f"{e['player']}: pass"]


def print_check(e: dict) -> list[str]:
    """A checkpoint claim."""
    return [f"check {e['player']} {_kv(e['values'])}".rstrip()]


def print_final(e: dict) -> list[str]:
    """The final scoresheet claim."""
    return [f"final {_kv(e['scores'])}"]
