"""The kill rate of the last mutation run (``make mutation``), per module, and the survivors.

Reads ``mutmut results --all true``. Killed and timed-out mutants count as killed; every other
checked mutant (survived, no covering test, suspicious) counts against the rate. An optional
game name (``python -m tests.mutation_score viscounts``) keeps that game's mutants only.
"""

from __future__ import annotations

import subprocess
import sys
from collections import Counter, defaultdict
from pathlib import Path

KILLED = ("killed", "timeout", "caught by type check")
UNCHECKED = ("not checked", "skipped")


def results() -> dict[str, str]:
    """``{mutant name: status}`` for every mutant of the last run."""
    mutmut = Path(sys.executable).with_name("mutmut")
    output = subprocess.run([str(mutmut), "results", "--all", "true"], capture_output=True,
                            text=True, check=True).stdout
    return dict(line.strip().rsplit(": ", 1) for line in output.splitlines() if ": " in line)


def module_of(mutant: str) -> str:
    """The dotted module of a mutant name (``replay.viscounts.turn.x_play__mutmut_3``)."""
    return mutant.rsplit(".", 1)[0]


def kill_rate(statuses: list[str]) -> tuple[int, int]:
    """``(killed, checked)`` among the statuses; unchecked mutants count in neither."""
    checked = [status for status in statuses if status not in UNCHECKED]
    return sum(status in KILLED for status in checked), len(checked)


def main(argv: list[str]) -> int:
    """Print the counts by status, the kill rate in all and per module, and the survivors;
    1 when nothing was run."""
    prefix = f"replay.{argv[0]}." if argv else "replay."
    statuses = {name: status for name, status in results().items() if name.startswith(prefix)}
    for status, number in Counter(statuses.values()).most_common():
        print(f"{status:>20}: {number}")
    killed, checked = kill_rate(list(statuses.values()))
    if not checked:
        print("no mutant was checked")
        return 1
    print(f"kill rate: {100 * killed / checked:.1f}% ({killed} of {checked} mutants)")
    by_module = defaultdict(list)
    for name, status in statuses.items():
        by_module[module_of(name)].append(status)
    for module, module_statuses in sorted(by_module.items()):
        module_killed, module_checked = kill_rate(module_statuses)
        if module_checked:
            print(f"  {module}: {100 * module_killed / module_checked:.1f}%"
                  f" ({module_killed} of {module_checked})")
    for name, status in sorted(statuses.items()):
        if status not in KILLED and status not in UNCHECKED:
            print(f"  {status}: {name}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
