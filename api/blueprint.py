"""The project's flask-smorest blueprint and the responses every operation shares."""

from __future__ import annotations

from apispec import BasePlugin
from flask_smorest import Blueprint
from marshmallow import RAISE
from webargs.flaskparser import FlaskParser


class RefereeBlueprint(Blueprint):
    """A blueprint whose query arguments refuse unknown names (``?waitt=5`` is a 422)."""

    ARGUMENTS_PARSER = FlaskParser(unknown=RAISE)

    def arguments(self, schema, *args, **kwargs):
        """flask-smorest's ``arguments``, with a schema class made an instance once, here:
        given the class, webargs makes a new instance (copying every field) for each
        request."""
        return super().arguments(schema() if isinstance(schema, type) else schema, *args,
                                 **kwargs)


class CommonResponsesPlugin(BasePlugin):
    """Documents the answers any operation can give: 401 without a key, 429 when too fast."""

    def operation_helper(self, path=None, operations=None, **kwargs):
        for operation in (operations or {}).values():
            responses = operation.setdefault("responses", {})
            if operation.get("security") != []:
                responses.setdefault(401, "UNAUTHORIZED")
                responses.setdefault(429, "TOO_MANY_REQUESTS")
