"""Root causes and their consequences: one table mistake, read as one problem.

An audited replay goes on after a violation; when the event had to be skipped, the engine's
state and the table's part, and later violations may follow from it (the judge marks them
with ``follows_from``, the event they follow from). This module groups every violation under
its root, the earliest violation its chain of ``follows_from`` leads to, and words the
caveat an audited replay's standings carry.
"""

from __future__ import annotations

from replay.core.speech import say
from replay.core.words import counted


def group_causes(violations: list[dict]) -> list[dict]:
    """Each root violation with the violations that follow from it.

    Returns ``[{"violation": i, "event": e, "consequences": [j, ...]}]`` in log order, where
    ``i`` and ``j`` index ``violations``. A violation whose ``follows_from`` names an event
    without a violation of its own is a root.
    """
    first_at: dict[int, int] = {}
    for index, violation in enumerate(violations):
        first_at.setdefault(violation.get("event"), index)
    root_of: dict[int, int] = {}
    groups: dict[int, dict] = {}
    for index, violation in enumerate(violations):
        cause = first_at.get(violation.get("follows_from"))
        if cause is None or cause >= index:
            root_of[index] = index
            groups[index] = {"violation": index, "event": violation.get("event"),
                             "consequences": []}
        else:
            root_of[index] = root_of[cause]
            groups[root_of[index]]["consequences"].append(index)
    return list(groups.values())


def causes_summary(causes: list[dict]) -> str:
    """``1 problem, 11 consequences`` (empty when there is no violation)."""
    if not causes:
        return ""
    consequences = sum(len(group["consequences"]) for group in causes)
    text = counted(len(causes), "problem")
    return (say("{problems}, {consequences}", problems=text,
                consequences=counted(consequences, "consequence")) if consequences else text)


def audit_caveat(mode: str, violations: list[dict], scored: bool) -> str | None:
    """What the standings of an audited replay with violations do and do not say."""
    if mode != "audit" or not violations or not scored:
        return None
    skipped = sum(1 for v in violations if not v.get("applied", True))
    events = len({v.get("event") for v in violations})
    if skipped == 1:
        how = say("{events} could not be applied and was skipped; the others were applied as "
                  "played", events=counted(skipped, "event"))
    elif skipped:
        how = say("{events} could not be applied and were skipped; the others were applied as "
                  "played", events=counted(skipped, "event"))
    else:
        how = say("each was applied as played")
    return say("Audit mode: {events} of this log break a rule ({how}). These standings score "
               "the log as the engine could replay it; they are not a ruling on the game.",
               events=counted(events, "event"), how=how)
