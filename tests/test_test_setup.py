"""The test run and the first run say what they need and stay short."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from tests.conftest import ROOT


def test_without_chromium_the_browser_tests_skip_and_say_why(tmp_path, monkeypatch):
    from tests.browser import require_browser

    monkeypatch.delenv("CI", raising=False)
    with pytest.raises(pytest.skip.Exception) as skipped:
        require_browser(tmp_path / "chromium", ROOT)
    assert str(skipped.value) == (
        f"headless browser tests need {tmp_path / 'chromium'}: install the Debian packages "
        "chromium and chromium-driver (make browser, as root)")
    monkeypatch.setenv("CI", "true")
    with pytest.raises(pytest.fail.Exception):
        require_browser(tmp_path / "chromium", ROOT)
    require_browser(ROOT)  # nothing missing: no skip, no failure


@pytest.mark.redis
def test_run_once_prints_a_summary_unless_a_format_is_asked(redis_url):
    def run(*extra: str) -> subprocess.CompletedProcess:
        return subprocess.run(
            [sys.executable, "-m", "referee_cli.main", "run", "--once", "--port", "0", *extra],
            capture_output=True, text=True, cwd=ROOT, timeout=120, check=False,
            env={**os.environ, "REDIS_URL": redis_url})

    summary = run()
    assert summary.returncode == 0, summary.stderr
    lines = summary.stdout.splitlines()
    # A few lines, not the report: the verdict, the standings (a line per player of the
    # sample's three), the sentence on the placeholder values it rests on, where the full
    # report is, and a blank line between each.
    assert len(lines) == 10, lines
    assert lines[-3].startswith("This verdict rests on ")
    assert lines[0].startswith(("LEGAL: ", "ILLEGAL: ", "SCORE MISMATCH: ", "INCOMPLETE: "))
    assert lines[-1].startswith("The full report: rerun with --format")
    assert "Traceback" not in summary.stderr
    report = json.loads(run("--format", "json").stdout)
    assert report["verdict"] == lines[0].split(":")[0].lower().replace(" ", "_")


def test_make_mutation_counts_no_kill_by_what_the_engine_wrote_itself():
    """A golden file is rewritten from the code (make golden) and a generated log's scores
    come from the same engine: the mutation run leaves out every test marked so."""
    import tomllib

    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    mutmut = config["tool"]["mutmut"]
    args = mutmut["pytest_add_cli_args"]
    assert args[args.index("-m") + 1] == "not engine_written"
    assert not [t for t in mutmut["pytest_add_cli_args_test_selection"] if "golden" in t]
    markers = config["tool"]["pytest"]["ini_options"]["markers"]
    assert any(m.startswith("engine_written:") for m in markers)
