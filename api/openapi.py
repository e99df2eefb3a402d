"""The OpenAPI document derived from the app's schemas, as committed in ``openapi.yaml``."""

from __future__ import annotations

import yaml

from api.app import create_app


def spec_yaml() -> str:
    """The app's OpenAPI document as YAML, keys in a stable order."""
    app = create_app({"REDIS_URL": "redis://127.0.0.1:1/0"})
    spec = app.extensions["flask-smorest"]["apis"][""]["ext_obj"].spec.to_dict()
    return yaml.safe_dump(spec, sort_keys=True, allow_unicode=True)
