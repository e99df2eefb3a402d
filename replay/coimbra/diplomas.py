"""Diploma sets: the best partition of symbols into sets of distinct symbols."""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from itertools import combinations

SET_POINTS = (0, 1, 2, 4, 8, 12)  # by number of distinct symbols in a set
MAX_SET = len(SET_POINTS) - 1


def best_diploma_score(symbols: list[str], types: tuple[str, ...]) -> tuple[int, list[list[str]]]:
    """The highest score over all partitions into sets, and one partition reaching it.

    Each set holds distinct symbols; a ``wild`` stands for one type missing from its set.
    """
    counts = Counter(symbols)
    wild = counts.pop("wild", 0)
    named = tuple(counts.get(t, 0) for t in types)
    score, sets = _best(named, wild)
    return score, [[types[i] if i >= 0 else "wild" for i in members] for members in sets]


@lru_cache(maxsize=4096)
def _best(named: tuple[int, ...], wild: int) -> tuple[int, tuple[tuple[int, ...], ...]]:
    present = [i for i, n in enumerate(named) if n]
    if not present and not wild:
        return 0, ()
    best: tuple[int, tuple[tuple[int, ...], ...]] = (-1, ())
    # Every set includes the first present type (or only wilds when none is left), so
    # each partition is considered once up to the order of its sets.
    first = present[0] if present else None
    others = present[1:]
    for size in range(len(others) + 1):
        for chosen in combinations(others, size):
            members = ((first,) if first is not None else ()) + chosen
            for wilds in range(min(wild, MAX_SET - len(members)) + 1):
                if not members and wilds == 0:
                    continue
                rest = list(named)
                for i in members:
                    rest[i] -= 1
                sub_score, sub_sets = _best(tuple(rest), wild - wilds)
                total = SET_POINTS[len(members) + wilds] + sub_score
                if total > best[0]:
                    best = (total, ((*members, *(-1,) * wilds), *sub_sets))
            if first is None:
                break
    return best
