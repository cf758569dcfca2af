"""A small progress bar on stderr for long replays: shown only on a terminal, and only once the work passes a second."""

import sys
import time
from collections.abc import Iterable, Iterator
from typing import IO, TypeVar

T = TypeVar("T")

DELAY = 1.0  # seconds of work before the bar appears: short commands never flash one
REFRESH = 0.1  # seconds between two redraws
WIDTH = 30


class Progress:
    """`with Progress("verify") as bar: bar.stage("reading", n); bar.advance(k)`; silent unless `stream` is a TTY."""

    def __init__(self, label: str = "", total: int = 0, *, stream: IO[str] | None = None,
                 delay: float = DELAY, enabled: bool | None = None, clock=time.monotonic) -> None:
        self.stream = stream if stream is not None else sys.stderr
        if enabled is None:
            isatty = getattr(self.stream, "isatty", None)
            enabled = bool(isatty and isatty())
        self.enabled = enabled
        self.label, self.total, self.done = label, total, 0
        self.delay, self.clock = delay, clock
        self.started = clock()
        self._drawn_at: float | None = None
        self._width = 0

    def __enter__(self) -> "Progress":
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def stage(self, label: str, total: int) -> None:
        """Start a new stretch of work (its own label and total) on the same line."""
        self.label, self.total, self.done = label, total, 0
        self._draw(force=self._drawn_at is not None)

    def advance(self, count: int = 1) -> None:
        """`count` more units are done."""
        self.done += count
        if self.enabled:
            self._draw()

    def iterate(self, items: Iterable[T], every: int = 1024) -> Iterator[T]:
        """Yield `items`, advancing by one per item (reported in batches of `every`)."""
        pending = 0
        for item in items:
            yield item
            pending += 1
            if pending == every:
                self.advance(pending)
                pending = 0
        if pending:
            self.advance(pending)

    def close(self) -> None:
        """Erase the bar, if one was drawn."""
        if self.enabled and self._drawn_at is not None:
            self.stream.write("\r" + " " * self._width + "\r")
            self.stream.flush()
            self._drawn_at = None

    def render(self) -> str:
        """The bar's text: `label [#####.....]  45%  450,000/1,000,000`."""
        if self.total > 0:
            share = min(self.done / self.total, 1.0)
            filled = int(share * WIDTH)
            return (f"{self.label} [{'#' * filled}{'.' * (WIDTH - filled)}] {share:4.0%} "
                    f"{min(self.done, self.total):,}/{self.total:,}")
        return f"{self.label} {self.done:,}"

    def _draw(self, force: bool = False) -> None:
        if not self.enabled:
            return
        now = self.clock()
        if now - self.started < self.delay:
            return
        if not force and self._drawn_at is not None and now - self._drawn_at < REFRESH:
            return
        text = self.render()
        padding = max(0, self._width - len(text))
        self.stream.write("\r" + text + " " * padding)
        self.stream.flush()
        self._width = len(text)
        self._drawn_at = now


class _TrackedStore:
    """A store whose reads advance a progress bar; everything else goes to the store itself."""

    def __init__(self, store, progress: Progress, label: str) -> None:
        self._store, self._progress, self._label = store, progress, label

    def __getattr__(self, name: str):
        return getattr(self._store, name)

    def read_sealed(self, encounter: str, from_seq: int = 0):
        self._progress.stage(self._label, max(0, self._store.last(encounter)[0] - from_seq))
        return self._progress.iterate(self._store.read_sealed(encounter, from_seq))

    def read(self, encounter: str, from_seq: int = 0):
        return (record for record, _ in self.read_sealed(encounter, from_seq))


def with_progress(store, progress: Progress, label: str = "reading"):
    """`store`, its reads reported on `progress`: `export_jsonl(with_progress(store, bar), None, out)`."""
    return _TrackedStore(store, progress, label)


__all__ = ["Progress", "with_progress"]
