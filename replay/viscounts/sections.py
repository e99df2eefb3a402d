"""Report tables only Viscounts has: placeholder values used, Poverty and Prosperity places.

They are built when a report is rendered, so their words are said in the reader's language;
the texts the engine wrote into the report (a moment's message) are said again from their
stored words.
"""

from __future__ import annotations

from collections.abc import Mapping

from replay.core.protocol.game import Section, dict_in, rows_in
from replay.core.reports.placeholder_section import placeholder_sections
from replay.core.speech import message, say_again, tr
from replay.viscounts.names import effect_words


def _event(item: dict):
    """An event number, with its line when the log was written as text."""
    if item.get("line") is None:
        return item.get("event")
    return tr("{event} (line {line})", event=item.get("event"), line=item["line"])


def report_sections(report: dict) -> list[Section]:
    """Moments of the game, then every placeholder catalog value the verdict depended on."""
    sections = []
    solo = dict_in(report.get("solo"))
    if solo:
        rows = [[tr("Opponent board"), f"{solo.get('board_name')} ({solo.get('board')})"],
                [tr("Future Schemes in the Scheme pile"), solo.get("difficulty")]]
        if solo.get("why"):
            rows.append([tr("Result"), message(solo, "why")])
        sections.append(Section("solo", tr("Solo game"), ["", ""], rows))
    notes = rows_in(report.get("notes"))
    if notes:
        sections.append(Section("moments", tr("Moments of the game"),
                                [tr("Event"), tr("Round"), tr("What")],
                                [[_event(n), n.get("round"), message(n)] for n in notes]))
    return [*sections, *placeholder_sections(report, printed_effect)]


def printed_effect(value: object) -> str | None:
    """A printed effect (an object with its ``op``) in the game's words; None for any other
    value."""
    if isinstance(value, Mapping) and isinstance(value.get("op"), str):
        return say_again(effect_words(value))
    return None


def _end_card(card: str) -> str:
    """The end card's printed name (``poverty``: Poverty)."""
    return {"poverty": tr("Poverty"), "prosperity": tr("Prosperity")}.get(card,
                                                                        card.capitalize())


def final_tables(report: dict) -> list[Section]:
    """Who took which place on Poverty and Prosperity, and the points it paid."""
    cards = dict_in(dict_in(report.get("final")).get("end_cards"))
    rows = [[_end_card(card), a.get("place"), a.get("player"), a.get("count"),
             a.get("points")] for card, awards in cards.items() for a in rows_in(awards)]
    if not rows:
        return []
    return [Section("end-cards", tr("Poverty and Prosperity"),
                    [tr("Card"), tr("Place"), tr("Player"), tr("Flipped"), tr("Points")], rows)]
