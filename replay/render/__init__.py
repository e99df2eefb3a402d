"""Renderings of a replay report: JSON, Markdown and a self-contained HTML page."""

from __future__ import annotations

import json

from replay.render.html import render_html
from replay.render.markdown import render_markdown

__all__ = ["RENDERERS", "render_html", "render_json", "render_markdown"]


def render_json(report: dict) -> str:
    """The report as indented JSON with sorted keys (the golden-file form)."""
    return json.dumps(report, indent=2, sort_keys=True) + "\n"


RENDERERS = {"json": render_json, "md": render_markdown, "html": render_html}
