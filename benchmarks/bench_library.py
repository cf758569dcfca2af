"""What opening the library costs (issue 20: under 50 ms per ruleset family), in a fresh process each time so
that nothing is cached: after `import combatlog`, importing combatlog.compendium, then reading one family's creatures and spells.

    python benchmarks/bench_library.py [--runs 7]
"""

import argparse
import json
import statistics
import subprocess
import sys

# `import combatlog` comes first: every command that opens the library has already paid for it.
MEASURE = """
import json, time
import combatlog
started = time.perf_counter()
from combatlog.compendium import Library
library = Library({family!r})
library.document("creature"); library.document("spell")
loaded = time.perf_counter()
library.search("dragon")
searched = time.perf_counter()
print(json.dumps({{"load_ms": (loaded - started) * 1000, "search_ms": (searched - loaded) * 1000,
                  "entries": len(library.entries("creature")) + len(library.entries("spell"))}}))
"""


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    for family in ("dnd5e-2024", "dnd5e-2014", "pf1"):
        runs = [json.loads(subprocess.run([sys.executable, "-c", MEASURE.format(family=family)], check=True,
                                          capture_output=True, text=True).stdout) for _ in range(args.runs)]
        load = [r["load_ms"] for r in runs]
        print(f"{family}: {runs[0]['entries']} entries; load median {statistics.median(load):.1f} ms "
              f"(min {min(load):.1f}, max {max(load):.1f}); search median "
              f"{statistics.median(r['search_ms'] for r in runs):.2f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
