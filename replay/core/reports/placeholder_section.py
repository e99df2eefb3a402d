"""The report table of the placeholder values a verdict rests on, for every game whose
report lists them (``catalog.placeholders_used``, ``replay.core.protocol.placeholders``).

Built when a report is rendered, so its words are said in the reader's language; its note is
the sentence that says how many values the verdict rests on, from how many components, and
how many of them were read where a rule was broken.
"""

from __future__ import annotations

from collections.abc import Mapping

from replay.core.protocol.game import Section, dict_in, rows_in
from replay.core.reports.value_words import EffectWords, field_words, value_place, value_words
from replay.core.speech import ntr, tr


def placeholder_sections(report: dict, effect: EffectWords | None = None) -> list[Section]:
    """The table of the placeholder values the report's verdict rests on (none: no table);
    ``effect`` says the game's effects in words (``replay.core.reports.value_words``)."""
    summary = dict_in(report.get("catalog"))
    used = rows_in(summary.get("placeholders_used"))
    names = report.get("names") if isinstance(report.get("names"), dict) else {}
    weighed = summary.get("weighed") if isinstance(summary.get("weighed"), dict) else None
    return [placeholders_section(used, names, effect, weighed)] if used else []


def placeholders_section(used: list[dict], names: Mapping[str, str] | None = None,
                         effect: EffectWords | None = None,
                         weighed: dict | None = None) -> Section:
    """One row per catalog entry: its placeholder values in words, the note they share (an
    entry's fields are placeholders for one reason, so the reason is written once) and the
    events that read one of them and broke a rule (a value there may decide the violation);
    in a weighed report (``replay.core.verdicts.weighing``), which of those it decides."""
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
                     _bearing(items) if weighed else tr(", ").join(map(str, events)) or "—"])
    note = tr("This verdict rests on {values} not yet transcribed, from {components}: check "
              "them against the printed components.",
              values=ntr("{number} value", "{number} values", len(used)),
              components=ntr("{number} component", "{number} components", len(rows)))
    if weighed:
        note += _weighed_note(used, weighed, names or {})
    elif deciding:
        events = ntr("event {events}", "events {events}", len(broken),
                     events=tr(", ").join(map(str, sorted(broken))))
        note += " " + ntr("{count} of them was read where a rule was broken ({events}): it may "
                          "decide that verdict.",
                          "{count} of them were read where a rule was broken ({events}): they "
                          "may decide that verdict.", deciding, count=deciding, events=events)
    # Folded where a page can fold: the sentence says what the list holds.
    return Section("placeholders", tr("Placeholder values used"),
                   [tr("Entry"), tr("Values used"), tr("Note"),
                    tr("Read where a rule was broken (event)")], rows, note=note,
                   folded=ntr("The {number} component and its values",
                              "The {number} components and their values", len(rows)))


def _events(items: list[dict], key: str) -> str:
    return tr(", ").join(map(str, sorted({e for i in items for e in i.get(key) or ()})))


def _bearing(items: list[dict]) -> str:
    """What an entry's values do to the verdict, in a weighed report: the violations they
    decide, the wrong claims they change, the other events that read them."""
    parts = []
    if decides := _events(items, "decides"):
        parts.append(tr("{fields} decides event {events}", fields=tr(", ").join(
            field_words(str(i.get("field"))) for i in items if i.get("decides")),
            events=decides))
    if claims := _events(items, "claims"):
        parts.append(tr("changes the claim at event {events}", events=claims))
    decided = {e for i in items for e in i.get("decides") or ()}
    weighed = [i for i in items if i.get("weighed")]
    if read := [e for e in sorted({e for i in weighed for e in i.get("violations") or ()})
                if e not in decided]:
        parts.append(tr("read at event {events}, not deciding",
                        events=tr(", ").join(map(str, read))))
    if unweighed := sorted({e for i in items if not i.get("weighed")
                            for e in i.get("violations") or ()} - decided):
        parts.append(tr("read at event {events}, not weighed",
                        events=tr(", ").join(map(str, unweighed))))
    return tr("; ").join(parts) or "—"


def _weighed_note(used: list[dict], weighed: dict, names: Mapping[str, str]) -> str:
    """What the weighing found, cause first: the values that decide a violation, those that
    change a wrong claim, and how many were left unweighed."""
    note = ""
    deciding = [i for i in used if i.get("decides")]
    if deciding:
        note += " " + ntr("{count} of them decides a violation (event {events}): with another "
                          "printed value there, that event would be legal. Check it first: "
                          "{values}.",
                          "{count} of them decide a violation (event {events}): with another "
                          "printed value there, that event would be legal. Check them first: "
                          "{values}.",
                          len(deciding), count=len(deciding),
                          events=_events(deciding, "decides"),
                          values=tr("; ").join(value_place(str(i.get("entry")),
                                                           str(i.get("field")), names)
                                               for i in deciding))
    elif any(i.get("weighed") and i.get("violations") for i in used):
        note += " " + tr("None of the values read where a rule was broken decides it: "
                         "replayed with each changed, the verdict stays.")
    if bearing := [i for i in used if i.get("claims")]:
        note += " " + ntr("{count} of them changes a claim the table got wrong (event "
                          "{events}).",
                          "{count} of them change a claim the table got wrong (event "
                          "{events}).", len(bearing), count=len(bearing),
                          events=_events(bearing, "claims"))
    if left := weighed.get("left"):
        note += " " + ntr("{count} value read where a rule was broken or a wrong claim "
                          "was computed was not weighed (each takes a replay).",
                          "{count} values read where a rule was broken or a wrong claim "
                          "was computed were not weighed (each takes a replay).",
                          left, count=left)
    return note
