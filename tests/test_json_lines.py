"""Where each event of a JSON log is, found in the text as sent (lines counted by hand)."""

from replay.core.logs.json_lines import json_event_lines

PRETTY = """{
  "header": {"game": "coimbra", "events": [{"not": "these"}]},
  "events": [
    {"type": "setup",
     "note": "a ] and a { in a string, and a \\" quote"},
    {"type": "start", "pair": ["c1-03", "c1-08"]},

    {
      "type": "roll"
    }
  ]
}
"""


def test_each_event_starts_on_its_own_line():
    # Line 1 is "{", the header is line 2 (its own "events" key is not the log's), the
    # array opens on line 3; the events are lines 4-5, 6 and 8-10 (line 7 is blank).
    assert json_event_lines(PRETTY) == [(4, 5), (6, 6), (8, 10)]


def test_lines_break_as_an_editor_counts_them():
    assert json_event_lines('{"events": [\r\n{"a": 1},\r{"b": [2\n]}]}') == [(2, 2), (3, 4)]


def test_one_line_json_has_every_event_on_line_one():
    assert json_event_lines('{"header": {}, "events": [{"a": 1}, {"b": 2}]}') == [(1, 1), (1, 1)]


def test_no_events_array_gives_no_lines():
    assert json_event_lines('{"header": {}, "events": "none"}') == []
    assert json_event_lines('{"scoresheet": {"events": [1, 2]}}') == []
    assert json_event_lines("") == []
