"""The report table of the placeholder values a verdict rests on, for every game whose
report lists them (``catalog.placeholders_used``, ``replay.core.protocol.placeholders``).

Built when a report is rendered, so its words are said in the reader's language; its note is
the sentence that says how many values the verdict rests on, from how many components, and
how many of them were read where a rule was broken.
"""

from __future__ import annotations

from collections.abc import Mapping

from replay.core.protocol.game import Section, dict_in, rows_in
from replay.core.reports.value_words import EffectWords, field_words, value_words
from replay.core.speech import ntr, tr


def placeholder_sections(report: dict, effect: EffectWords | None = None) -> list[Section]:
    """The table of the placeholder values the report's verdict rests on (none: no table);
    ``effect`` says the game's effects in words (``replay.core.reports.value_words``)."""
    used = rows_in(dict_in(report.get("catalog")).get("placeholders_used"))
    names = report.get("names") if isinstance(report.get("names"), dict) else {}
    return [placeholders_section(used, names, effect)] if used else []


def placeholders_section(used: list[dict], names: Mapping[str, str] | None = None,
                         effect: EffectWords | None = None) -> Section:
    """One row per catalog entry: its placeholder values in words, the note they share (an
    entry's fields are placeholders for one reason, so the reason is written once) and the
    events that read one of them and broke a rule (a value there may decide the violation)."""
    by_entry: dict[str, list[dict]] = {}
    for item in used:
        by_entry.setdefault(str(item.get("entry")), []).append(item)
    rows, deciding, broken = [], 0, set()
    for entry, items in by_entry.items():
        values = tr("; ").join(tr("{field}: {value}", field=field_words(str(i.get("field"))),
                                  value=value_words(i.get("value"), names, effect))
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
