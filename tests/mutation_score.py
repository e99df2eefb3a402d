"""The kill rate of the last mutation run (``make mutation``), and the mutants that survived.

Reads ``mutmut results --all true``. Killed and timed-out mutants count as killed; every other
checked mutant (survived, no covering test, suspicious) counts against the rate.
"""

from __future__ import annotations

import subprocess
import sys
from collections import Counter
from pathlib import Path

KILLED = ("killed", "timeout", "caught by type check")
UNCHECKED = ("not checked", "skipped")


def results() -> dict[str, str]:
    """``{mutant name: status}`` for every mutant of the last run."""
    mutmut = Path(sys.executable).with_name("mutmut")
    output = subprocess.run([str(mutmut), "results", "--all", "true"], capture_output=True,
                            text=True, check=True).stdout
    return dict(line.strip().rsplit(": ", 1) for line in output.splitlines() if ": " in line)


def main() -> int:
    """Print the counts by status, the kill rate and the survivors; 1 when nothing was run."""
    statuses = results()
    counts = Counter(statuses.values())
    checked = sum(n for status, n in counts.items() if status not in UNCHECKED)
    killed = sum(counts[status] for status in KILLED)
    for status, number in counts.most_common():
        print(f"{status:>20}: {number}")
    if not checked:
        print("no mutant was checked")
        return 1
    print(f"kill rate: {100 * killed / checked:.1f}% ({killed} of {checked} mutants)")
    for name, status in sorted(statuses.items()):
        if status not in KILLED and status not in UNCHECKED:
            print(f"  {status}: {name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
