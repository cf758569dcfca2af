"""What a benchmark asks of a running server, never switched on otherwise (issue 25, goal 5): set
COMBATLOG_SERVE_DIAGNOSE=PREFIX and the server writes, at shutdown and every 30 s, PREFIX.json with

- `gc`: every garbage collection (when, which generation, how long, how many objects it freed);
- `samples`: its threads' stacks sampled every `COMBATLOG_SERVE_SAMPLE_MS` ms (default 5; 0: none), folded
  (`thread;outer;...;inner` -> count), from `sys._current_frames` on a thread of its own (no profiling hook:
  the threads sampled run at full speed between two samples);
- `calls`: each log thread call's wait in the owner's queue and its run time (ms): percentiles, the slowest, all;
- `memory` (COMBATLOG_SERVE_TRACEMALLOC=T1,T2: seconds after start): tracemalloc snapshots at T1 and T2, and what
  grew between them, by the line that allocated it (tracing starts 10 s before T1); COMBATLOG_SERVE_TYPES=T1,T2:
  the tracked objects counted by type at T1 and T2, and which grew; the allocator's blocks in use every 30 s.

benchmarks/game_night.py --diagnose PREFIX sets these for the server it starts.
"""

from __future__ import annotations

import gc
import json
import os
import sys
import threading
import time
from collections import Counter
from types import FrameType
from typing import Any

ENV_PREFIX = "COMBATLOG_SERVE_DIAGNOSE"
ENV_SAMPLE_MS = "COMBATLOG_SERVE_SAMPLE_MS"
ENV_TRACEMALLOC = "COMBATLOG_SERVE_TRACEMALLOC"
ENV_TYPES = "COMBATLOG_SERVE_TYPES"


class Diagnostics:
    """Started once per server process when ENV_PREFIX is set (`from_environment`)."""

    def __init__(self, prefix: str, sample_ms: float, memory_at: list[float], types_at: list[float] | None = None):
        self.prefix = prefix
        self.began = time.monotonic()
        self.gc: list[tuple[float, int, float, int]] = []
        self._gc_started = 0.0
        self.stacks: Counter[str] = Counter()
        self.calls: list[tuple[float, float, float]] = []  # (when, queued ms, ran ms)
        self.memory: dict[str, Any] = {}
        self._memory_at = sorted(memory_at)[:2]
        self._types_at = sorted(types_at or [])[:2]
        self.types: list[dict[str, int]] = []
        self.blocks: list[tuple[float, int]] = []  # (when, the Python allocator's blocks in use), every 30 s
        self._snapshots: list = []
        self._stop = threading.Event()
        self._lock = threading.Lock()
        self._sample_s = sample_ms / 1e3
        gc.callbacks.append(self._on_gc)
        self._thread = threading.Thread(target=self._run, name="combatlog-diagnose", daemon=True)
        self._thread.start()

    @classmethod
    def from_environment(cls) -> Diagnostics | None:
        prefix = os.environ.get(ENV_PREFIX)
        if not prefix:
            return None
        memory = [float(t) for t in os.environ.get(ENV_TRACEMALLOC, "").split(",") if t.strip()]
        types = [float(t) for t in os.environ.get(ENV_TYPES, "").split(",") if t.strip()]
        return cls(prefix, float(os.environ.get(ENV_SAMPLE_MS, "5")), memory, types)

    def _on_gc(self, phase: str, info: dict) -> None:
        if phase == "start":
            self._gc_started = time.perf_counter()
        else:
            self.gc.append((time.monotonic() - self.began, info["generation"],
                            (time.perf_counter() - self._gc_started) * 1e3, info["collected"]))

    def call(self, queued: float, ran: float) -> None:
        """One log thread call: seconds waiting in its owner's queue, seconds running."""
        with self._lock:
            self.calls.append((time.monotonic() - self.began, queued * 1e3, ran * 1e3))

    def _sample(self) -> None:
        names = {thread.ident: thread.name for thread in threading.enumerate()}
        me = threading.get_ident()
        for ident, top in sys._current_frames().items():
            if ident == me:
                continue
            frame: FrameType | None = top
            parts = []
            depth = 0
            while frame is not None and depth < 40:
                code = frame.f_code
                parts.append(f"{os.path.basename(code.co_filename)}:{code.co_name}:{frame.f_lineno}")
                frame = frame.f_back
                depth += 1
            name = names.get(ident, "?")
            self.stacks[";".join([name, *reversed(parts)])] += 1

    def _run(self) -> None:
        try:
            self._watch()
        except Exception as error:  # said in the report rather than lost with the thread
            self.memory["error"] = f"{type(error).__name__}: {error}"
            self.dump()

    def _watch(self) -> None:
        dumped = time.monotonic()
        while not self._stop.is_set():
            if self._sample_s > 0:
                self._sample()
            now = time.monotonic()
            if len(self._memory_at) == 2 and not self._snapshots and now - self.began >= self._memory_at[0] - 10:
                import tracemalloc

                if not tracemalloc.is_tracing():  # started late: tracing from the start slowed the server 5 times
                    tracemalloc.start(6)
            if self._memory_at and len(self._snapshots) < len(self._memory_at) \
                    and now - self.began >= self._memory_at[len(self._snapshots)]:
                self._snapshot()
            if len(self.types) < len(self._types_at) and now - self.began >= self._types_at[len(self.types)]:
                self._count_types()
            if now - dumped >= 30:
                dumped = now
                self.blocks.append((now - self.began, sys.getallocatedblocks()))
                self.dump()
            self._stop.wait(self._sample_s if self._sample_s > 0 else 0.5)

    def _count_types(self) -> None:
        """The objects the collector tracks, counted by type (after a full collection)."""
        gc.collect()
        counts: Counter[str] = Counter(str(getattr(type(item), "__qualname__", "?"))
                                      for item in gc.get_objects())
        self.types.append(dict(counts))

    def _snapshot(self) -> None:
        import tracemalloc

        gc.collect()
        snapshot = tracemalloc.take_snapshot().filter_traces(
            [tracemalloc.Filter(False, tracemalloc.__file__), tracemalloc.Filter(False, "<frozen importlib._bootstrap>")])
        self._snapshots.append(snapshot)
        self.memory[f"traced_mib_at_{self._memory_at[len(self._snapshots) - 1]:.0f}s"] = \
            sum(stat.size for stat in snapshot.statistics("filename")) / 2**20
        if len(self._snapshots) == 2:
            first, second = self._snapshots
            self.memory["grew_by_line"] = [
                {"where": str(stat.traceback[0]), "kib": round(stat.size_diff / 1024, 1), "count": stat.count_diff}
                for stat in second.compare_to(first, "lineno")[:40]]
            self.memory["grew_by_traceback"] = [
                {"where": [str(frame) for frame in stat.traceback], "kib": round(stat.size_diff / 1024, 1),
                 "count": stat.count_diff}
                for stat in second.compare_to(first, "traceback")[:15]]
            self._snapshots = [None, None]  # type: ignore[list-item]

    def dump(self) -> None:
        with self._lock:
            calls = list(self.calls)
        ran = sorted(call[2] for call in calls)
        queued = sorted(call[1] for call in calls)

        def pct(values: list[float], share: float) -> float | None:
            return values[min(len(values) - 1, int(share * len(values)))] if values else None

        report = {
            "seconds": time.monotonic() - self.began,
            "gc_counts": {str(gen): sum(1 for g in self.gc if g[1] == gen) for gen in (0, 1, 2)},
            "gc_max_ms": {str(gen): max((g[2] for g in self.gc if g[1] == gen), default=0) for gen in (0, 1, 2)},
            "gc_slow": [g for g in self.gc if g[2] >= 5][:200],
            "calls": len(calls), "call_ran_p50_ms": pct(ran, 0.5), "call_ran_p99_ms": pct(ran, 0.99),
            "call_queued_p50_ms": pct(queued, 0.5), "call_queued_p99_ms": pct(queued, 0.99),
            "calls_slowest": sorted(calls, key=lambda call: -(call[1] + call[2]))[:50],
            "calls_all": [[round(value, 3) for value in call] for call in calls],
            "memory": self.memory,
            "blocks_every_30s": self.blocks,
            "types_grew": ({name: count - self.types[0].get(name, 0) for name, count in
                            Counter(self.types[1]).most_common() if count - self.types[0].get(name, 0) > 50}
                           if len(self.types) == 2 else None),
            "types_first": dict(Counter(self.types[0]).most_common(30)) if self.types else None,
            "samples": dict(self.stacks.most_common()),
        }
        with open(self.prefix + ".json", "w", encoding="utf-8") as out:
            json.dump(report, out)

    def close(self) -> None:
        self._stop.set()
        self._thread.join(timeout=2)
        if self._on_gc in gc.callbacks:
            gc.callbacks.remove(self._on_gc)
        self.dump()


__all__ = ["Diagnostics", "ENV_PREFIX"]
