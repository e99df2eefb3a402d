"""Report tables only Coimbra has: the turn order of each round, the influence places; and
the placeholder values the verdict rests on (``replay.core.reports.placeholder_section``).

They are built when a report is rendered, so their words are said in the reader's language;
the texts the engine wrote into the report (a crown token's fate, why a place paid nothing)
are said again from their stored words.
"""

from __future__ import annotations

from replay.coimbra.effect_words import effect_words
from replay.core.protocol.game import Section, dict_in, rows_in
from replay.core.reports.placeholder_section import placeholder_sections
from replay.core.speech import message, say_again, tr
from replay.core.words import counted


def _names(values) -> str:
    return tr(", ").join(str(v) for v in values) if isinstance(values, list) else ""


def _word(value) -> str:
    """A word of the game the report holds as it is (``upper``, ``scholar``, ``kept``)."""
    return tr(value) if isinstance(value, str) and value else value


def _ties(ties) -> str:
    """How phase D broke ties among equal crowns: the order ``kept`` or ``reversed``."""
    return {"kept": tr("kept"), "reversed": tr("reversed")}.get(ties, ties)


def _symbol(kind) -> str:
    """A diploma symbol in words (the catalog's ``diploma_types``, and the wild one)."""
    return {"law": tr("law"), "medicine": tr("medicine"), "theology": tr("theology"),
            "arts": tr("arts"), "astronomy": tr("astronomy"), "wild": tr("wild")}.get(kind, kind)


def report_sections(report: dict) -> list[Section]:
    """Each round's phase D, its dice queues and its crown tokens, then every placeholder
    catalog value the verdict depended on."""
    return [*_turn_order(report), *_dice_queues(report), *_crown_tokens(report),
            *placeholder_sections(report, effect_words)]


def _turn_order(report: dict) -> list[Section]:
    rows = []
    for t in rows_in(report.get("turn_order")):
        crowns = tr(", ").join(
            f"{name} {c.get('total')} ({c.get('tokens')}+{c.get('favors')}+{c.get('flag')})"
            for name, c in dict_in(t.get("crowns")).items() if isinstance(c, dict))
        rows.append([t.get("round"), _names(t.get("previous")) or tr("none"), crowns,
                     _names(t.get("new")) or tr("none"), _ties(t.get("ties"))])
    if not rows:
        return []
    return [Section("turn-order", tr("Turn order"),
                    [tr("Round"), tr("Previous order"), tr("Crowns"), tr("New order"),
                     tr("Ties")], rows, note=tr("Crowns: total (tokens + favors + flag)."))]


def _slot(slot: dict) -> str:
    owner, bonus = slot.get("owner"), slot.get("bonus")
    if not owner:
        return tr("neutral token {value}", value=slot.get("value"))
    # A favor tile's +3 on the die: its queue place follows the value with the bonus.
    return f"{slot.get('die')} {owner}" + (f" (+{bonus})" if bonus else "")


def _dice_queues(report: dict) -> list[Section]:
    rows = [[q.get("round"), _word(location),
             " → ".join(_slot(s) for s in rows_in(slots)) or tr("empty")]
            for q in rows_in(report.get("dice_queues"))
            for location, slots in dict_in(q.get("queues")).items()]
    if not rows:
        return []
    return [Section("dice-queues", tr("Dice queues"),
                    [tr("Round"), tr("Location"), tr("Resolution order")], rows,
                    note=tr("Phase C resolves the castle first, then the upper, central and "
                            "lower rows, each left to right."))]


def _crown_tokens(report: dict) -> list[Section]:
    names = dict_in(report.get("names"))
    rows = [[c.get("round"), f"{c['card']} ({names[c['card']]})" if c.get("card") in names
             else c.get("card"), _word(c.get("class")), message(c, "fate")]
            for c in rows_in(report.get("crown_tokens"))]
    if not rows:
        return []
    return [Section("crown-tokens", tr("Crown tokens"),
                    [tr("Round"), tr("Card"), tr("Class"), tr("What became of it")], rows)]


def final_tables(report: dict) -> list[Section]:
    """Below the final breakdown: track ranks, diploma symbols, the crowns in leftovers."""
    final = dict_in(report.get("final"))
    return [*_track_ranks(final), *_diploma_symbols(final), *_leftovers(final)]


def _track_ranks(final: dict) -> list[Section]:
    ranks = dict_in(final.get("track_ranks"))
    if not ranks:
        tracks = dict_in(final.get("tracks"))
        rows = [[_word(track), tr(", ").join(
                    tr("{place}. {player} (position {position}, {points} pts)",
                       place=p.get("place"), player=p.get("player"),
                       position=p.get("position"), points=p.get("points"))
                    for p in rows_in(places))]
                for track, places in tracks.items()]
        return [Section("influence-places", tr("Influence tracks"),
                        [tr("Influence track"), tr("Places")], rows)] if rows else []
    rows = [[_word(track), r.get("rank"), r.get("player"), r.get("position"),
             message(r, "arrival") or None, r.get("points"), message(r, "why_nothing") or None]
            for track, players in ranks.items() for r in rows_in(players)]
    return [Section("influence-places", tr("Influence tracks"),
                    [tr("Track"), tr("Rank"), tr("Player"), tr("Position"),
                     tr("Arrival on a shared space"), tr("Points"), tr("Why nothing")], rows)]


def _diploma_symbols(final: dict) -> list[Section]:
    symbols = dict_in(final.get("diploma_symbols"))
    sets = dict_in(final.get("diploma_sets"))
    rows = [[name, tr(", ").join(f"{_symbol(kind)} {n}" for kind, n in dict_in(counts).items())
             or tr("none"),
             tr("; ").join("+".join(map(str, s)) for s in sets.get(name, [])
                           if isinstance(s, list)) or tr("none")]
            for name, counts in symbols.items()]
    if not rows:
        return []
    return [Section("diploma-symbols", tr("Diplomas"),
                    [tr("Player"), tr("Symbols held"), tr("Sets scored")], rows)]


def _leftovers(final: dict) -> list[Section]:
    rows = []
    for name, left in dict_in(final.get("leftovers")).items():
        left = dict_in(left)
        sources = dict_in(left.get("crowns_from"))
        tokens, favors = sources.get("tokens"), sources.get("favors")
        # Counted here, not inside the sentence's call, so the nouns are extracted.
        if isinstance(tokens, int):
            tokens = say_again(counted(tokens, "token"))
        if isinstance(favors, int):
            favors = say_again(counted(favors, "favor"))
        crowns = (tr("{crowns} ({tokens} + {favors} + {flag} flag)", crowns=left.get("crowns"),
                     tokens=tokens, favors=favors, flag=sources.get("flag"))
                  if sources else left.get("crowns"))
        rows.append([name, left.get("coins"), left.get("guards"), crowns])
    if not rows:
        return []
    return [Section("leftovers", tr("Leftovers"),
                    [tr("Player"), tr("Coins"), tr("Guards"), tr("Crowns")], rows)]
