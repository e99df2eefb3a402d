"""Golden report renderings of the fixtures: where they live, and the command that rewrites them.

``make golden`` (``python -m tests.golden``) rewrites every golden file from the current engine
and renderers; read the changed ``.report.md`` files before committing them. The tests only
ever compare: a test run never writes a golden file.
"""

from __future__ import annotations

import json
from pathlib import Path

import replay
from replay.render import RENDERERS

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "fixtures" / "coimbra"
GOLDEN = FIXTURES / "golden"


def fixture_logs() -> list[Path]:
    """Every fixture log (not the ``.expected.json`` files)."""
    return [path for folder in ("legal", "illegal", "variants", "disputes")
            for path in sorted((FIXTURES / folder).glob("*.json"))
            if not path.name.endswith(".expected.json")]


def fixture_report(log: Path) -> dict:
    """The report for a fixture log, replayed in the mode its ``.expected.json`` names."""
    expected = log.with_name(log.name.removesuffix(".json") + ".expected.json")
    mode = (json.loads(expected.read_text(encoding="utf-8")).get("mode", "strict")
            if expected.exists() else "strict")
    return replay.replay(json.loads(log.read_text(encoding="utf-8")), mode=mode)


def golden_paths(log: Path) -> dict[str, Path]:
    """``{"json": ..., "md": ...}``: where a fixture's golden renderings live."""
    stem = f"{log.parent.name}-{log.name.removesuffix('.json')}"
    return {kind: GOLDEN / f"{stem}.report.{kind}" for kind in ("json", "md")}


def update_golden() -> list[Path]:
    """Rewrite every golden file; return the ones whose content changed."""
    GOLDEN.mkdir(parents=True, exist_ok=True)
    changed = []
    for log in fixture_logs():
        report = fixture_report(log)
        for kind, path in golden_paths(log).items():
            text = RENDERERS[kind](report)
            if not path.exists() or path.read_text(encoding="utf-8") != text:
                path.write_text(text, encoding="utf-8")
                changed.append(path)
    return changed


if __name__ == "__main__":
    for path in update_golden():
        print(f"rewrote {path.relative_to(ROOT)}")
