"""Checking a webhook URL when a submission names one: a 422 before anything is stored."""

from __future__ import annotations

from flask import current_app
from flask_babel import gettext

from api.problems import Problem
from workers.webhook_address import ForbiddenTarget, resolve_target


def check_webhook_url(url: str) -> None:
    """Refuse a webhook the workers would not call (scheme, credentials, address)."""
    try:
        resolve_target(url, allow_private=current_app.config["WEBHOOK_ALLOW_PRIVATE"])
    except ForbiddenTarget as err:
        raise Problem(422, "webhook-refused", gettext("This webhook URL cannot be used"),
                      str(err)) \
            from None
