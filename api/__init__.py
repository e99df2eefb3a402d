"""The referee's REST API: a Flask app factory with marshmallow-described endpoints."""

from api.app import create_app

__all__ = ["create_app"]
