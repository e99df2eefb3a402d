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
# The fixture logs with golden renderings, by game folder; each game's goldens are kept in
# its own ``golden`` folder. Of Viscounts' hand-worked cases, the complete games.
GOLDEN_SETS = {
    "coimbra": ("legal/*.json", "illegal/*.json", "variants/*.json", "disputes/*.json"),
    "viscounts": ("worked/game-*.json", "worked/solo-game-*.json", "illegal/*.json",
                  "disputes/*.json", "solo/*.json"),
}


def fixture_logs() -> list[Path]:
    """Every fixture log with golden renderings (not the ``.expected.json`` files)."""
    return [path for game, patterns in GOLDEN_SETS.items() for pattern in patterns
            for path in sorted((ROOT / "fixtures" / game).glob(pattern))
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
    golden = log.parent.parent / "golden"  # fixtures/<game>/golden
    return {kind: golden / f"{stem}.report.{kind}" for kind in ("json", "md")}


def update_golden() -> list[Path]:
    """Rewrite every golden file; return the ones whose content changed."""
    changed = []
    for log in fixture_logs():
        report = fixture_report(log)
        for kind, path in golden_paths(log).items():
            path.parent.mkdir(parents=True, exist_ok=True)
            text = RENDERERS[kind](report)
            if not path.exists() or path.read_text(encoding="utf-8") != text:
                path.write_text(text, encoding="utf-8")
                changed.append(path)
    return changed


if __name__ == "__main__":
    for path in update_golden():
        print(f"rewrote {path.relative_to(ROOT)}")
