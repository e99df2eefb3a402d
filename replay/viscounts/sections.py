"""Report tables only Viscounts has: placeholder values used, Poverty and Prosperity places.

They are built when a report is rendered, so their words are said in the reader's language;
the texts the engine wrote into the report (a moment's message) are said again from their
stored words.
"""

from __future__ import annotations

import json

from replay.core.protocol.game import Section, dict_in, rows_in
from replay.core.speech import message, ntr, tr


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
    used = rows_in(dict_in(report.get("catalog")).get("placeholders_used"))
    if not used:
        return sections
    return [*sections, _placeholders(used)]


def _placeholders(used: list[dict]) -> Section:
    """One row per catalog entry: its placeholder values, the note they share (an entry's
    fields are placeholders for one reason, so the reason is written once) and the events
    that read one of them and broke a rule (a value there may decide the violation)."""
    by_entry: dict[str, list[dict]] = {}
    for item in used:
        by_entry.setdefault(str(item.get("entry")), []).append(item)
    rows, deciding, broken = [], 0, set()
    for entry, items in by_entry.items():
        values = tr("; ").join(f"{i.get('field')} = {json.dumps(i.get('value'))}"
                               for i in items)
        notes = dict.fromkeys(i.get("note") or "" for i in items)
        events = sorted({e for i in items for e in i.get("violations") or ()})
        deciding += sum(bool(i.get("violations")) for i in items)
        broken.update(events)
        rows.append([entry, values, " ".join(n for n in notes if n),
                     tr(", ").join(map(str, events)) or "—"])
    note = tr("This game used {values} of {entries}: check them against the printed "
              "components.", values=ntr("{number} placeholder value", "{number} placeholder "
                                       "values", len(used)),
              entries=ntr("{number} catalog entry", "{number} catalog entries", len(rows)))
    if deciding:
        events = tr(", ").join(map(str, sorted(broken)))
        # The noun follows the events, the count is the values read there.
        note += " " + ntr("{count} of them were read where a rule was broken (event {events}): "
                          "they may decide that verdict.",
                          "{count} of them were read where a rule was broken (events {events}): "
                          "they may decide that verdict.", len(broken), count=deciding,
                          events=events)
    return Section("placeholders", tr("Placeholder values used"),
                   [tr("Entry"), tr("Values used"), tr("Note"),
                    tr("Read where a rule was broken (event)")], rows, note=note)


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
