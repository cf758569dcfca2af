"""Run the combatlog CLI, then write this process's own peak RSS (VmHWM, in KiB) to $COMBATLOG_BENCH_PEAK.

The peak that wait4 or getrusage report for a child includes the memory of the parent it was forked from
(Linux keeps the high-water mark across exec); VmHWM belongs to the program that runs after exec alone.
"""

import os
import sys


def _peak_kib() -> int:
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
    except OSError:
        pass
    import resource

    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss  # elsewhere: the best there is


if __name__ == "__main__":
    from combatlog.cli.main import main

    code = main(sys.argv[1:])
    target = os.environ.get("COMBATLOG_BENCH_PEAK")
    if target:
        with open(target, "w", encoding="ascii") as out:
            out.write(str(_peak_kib()))
    sys.exit(code)
