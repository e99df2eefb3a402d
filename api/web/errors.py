"""Errors as pages: what went wrong, where in the log when the problem says, what to do."""

from __future__ import annotations

from flask import Response, render_template

from api.problems import Problem


def problem_page(problem: Problem) -> Response:
    """A ``Problem`` as an HTML page with the same status (for browsers)."""
    from api.web import page_headers  # the package imports this module as it loads

    body = render_template("error.html", problem=problem, problems=problem_rows(problem))
    return page_headers(Response(body, status=problem.status, mimetype="text/html"))


def problem_rows(problem: Problem) -> list[dict]:
    """The located problems a ``Problem`` carries (a log's or a catalog's), as rows."""
    rows = problem.extra.get("problems")
    return [row for row in rows if isinstance(row, dict)] if isinstance(rows, list) else []
