"""The walk both games' legal-action tests share: at each player's decision of a legal log,
the recorded event is among the offers, and every offer replays legal on a copy."""

from __future__ import annotations

from collections.abc import Callable, Iterable

import pytest

from replay.core.verdicts.judge import SkipEvent, StopReplay


def walk_offers(decisions: Iterable[tuple[int, dict, object]], offers: Callable,
                spell: Callable[[dict, object], str], twin_of: Callable,
                apply: Callable[[object, int, dict], None], header: dict,
                check_offered: bool) -> tuple[int, int]:
    """Check every decision ``(index, event, game)``: ``spell(event, game)`` is among the
    spelled ``offers(game)``, and (``check_offered``) each offer applied with ``apply`` to
    ``twin_of(game)`` breaks no rule. Returns how many offers were applied and events found."""
    applied = found = 0
    for index, event, game in decisions:
        offered = offers(game)
        spelled = {spell(action, game) for action in offered}
        assert spell(event, game) in spelled, \
            f"event {index} {event} is legal but not offered ({header})"
        found += 1
        if check_offered:
            for action in offered:
                twin = twin_of(game)
                try:
                    apply(twin, index, action)
                except (StopReplay, SkipEvent):
                    pytest.fail(f"offered at event {index} ({header}): "
                                f"{action} breaks {twin.judge.violations[-1].to_dict()}")
                applied += 1
    return applied, found
