"""Settings with a value for every client and other values for some: retention, quota.

Written ``default,client:value,...`` in one environment variable: ``90,club:365`` keeps
every client's replays 90 days and the client ``club``'s a year. A value of 0 means no
limit (kept for ever, no quota).
"""

from __future__ import annotations

import os


class SettingError(ValueError):
    """A per-client setting that is not ``number,client:number,...``."""


def per_client(variable: str, default: float) -> tuple[float, dict[str, float]]:
    """The setting's value for every client, and the clients with their own value."""
    text = os.environ.get(variable, "")
    everyone, own = default, {}
    for item in (part.strip() for part in text.split(",")):
        if not item:
            continue
        name, colon, value = item.rpartition(":")
        try:
            number = float(value)
        except ValueError:
            raise SettingError(f"{variable}: {item!r} is not a number or client:number") \
                from None
        if number < 0:
            raise SettingError(f"{variable}: {item!r} is negative")
        if colon:
            own[name.strip()] = number
        else:
            everyone = number
    return everyone, own


def for_client(variable: str, default: float, client: str) -> float:
    """The setting's value for one client."""
    everyone, own = per_client(variable, default)
    return own.get(client, everyone)
