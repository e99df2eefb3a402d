"""Helpers for tests that edit fixture logs."""


def index_of(log: dict, **fields) -> int:
    """The index of the first event with all of ``fields``."""
    return next(i for i, e in enumerate(log["events"])
                if all(e.get(k) == v for k, v in fields.items()))
