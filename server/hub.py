"""The log's owner threads, the followers of each encounter, and the answers remembered per idempotency key.

Each encounter belongs to one owner thread, which holds its own opened log (SQLite connections belong to the
thread that opened them): every read and write of an encounter goes through `Hub.call(function, encounter)`,
run in order on that thread. A SQLite file has one owner (its writes take one lock, and commit without waiting
for the disk); a PostgreSQL log has `POSTGRES_OWNERS`, so that one table's commit waiting on the server's disk
does not hold up the forty-nine others (issue 25). Followers (the Server-Sent Events streams) are woken at once
by writes made here, and by one watcher thread waiting on the store for writes made elsewhere (a SQLite file's
stamp, PostgreSQL's LISTEN; a .jsonl log has one per followed encounter, on `wait_for_append`).
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import functools
import os
import threading
import time
import zlib
from bisect import insort
from collections import OrderedDict
from collections.abc import Callable
from typing import Any, TypeVar

import combatlog
from combatlog.logs import get_logger

_log = get_logger()
WATCH_IDLE = 30.0  # seconds a watcher waits on the store after its encounter's last stream closed
# States a feed keeps for a viewer that fell behind (a slow link, a busy tab): minutes of a fight at a table's pace.
# Each is a players' document (about 1 kB); fifty tables keeping 512 each grew the server all night (issue 25).
FEED_KEPT = 128
# Idempotency keys whose answer is kept in memory per encounter: far more than a table posts while a reply is lost.
# Older ones are still answered, from the log, which keeps every key with its events (issue 24).
REPLIES_KEPT = 64
# Owner threads of a PostgreSQL log, each with its own connection: an encounter always goes to the same one.
POSTGRES_OWNERS = 4
T = TypeVar("T")


class Replies:
    """The outcome of each command request that carried an idempotency key, per encounter, the newest kept.

    Only the log's thread touches it (inside `Hub.call`), so a repeat racing its original waits its turn and
    finds the first outcome."""

    def __init__(self, kept: int = REPLIES_KEPT):
        self.kept = kept
        self._by_encounter: dict[str, OrderedDict[str, tuple[bytes, Any]]] = {}

    def get(self, encounter: str, key: str) -> tuple[bytes, Any] | None:
        """(the request's fingerprint, its outcome) for `key`, or None."""
        kept = self._by_encounter.get(encounter)
        return kept.get(key) if kept is not None else None

    def remember(self, encounter: str, key: str, fingerprint: bytes, outcome: Any) -> None:
        replies = self._by_encounter.setdefault(encounter, OrderedDict())
        replies[key] = (fingerprint, outcome)
        while len(replies) > self.kept:
            replies.popitem(last=False)


class Feed:
    """The Server-Sent Events of one kind of stream of an encounter (a key: kind, encounter, language), each state
    made once for all its streams, in seq order, the newest FEED_KEPT kept: a stream that was slow to send sends
    every state it missed, not only the newest. Touched on the event loop's thread only."""

    def __init__(self, render: Callable[[combatlog.Log], tuple[int, Any]]):
        self.render = render  # log -> (seq, the event's bytes), run on the log's thread
        self.streams = 0
        self.generation = -1  # the encounter's change count when the newest message was made
        self.messages: list[tuple[int, Any]] = []

    @property
    def seq(self) -> int | None:
        return self.messages[-1][0] if self.messages else None

    def add(self, seq: int, message: Any, generation: int | None = None) -> None:
        if generation is not None:
            self.generation = max(self.generation, generation)
        if any(seen == seq for seen, _ in self.messages[-8:]) or (self.messages and seq < self.messages[0][0]):
            return
        insort(self.messages, (seq, message), key=lambda item: item[0])
        if len(self.messages) > FEED_KEPT:
            del self.messages[:len(self.messages) - FEED_KEPT]

    def after(self, seq: int | None) -> list[tuple[int, Any]]:
        """The messages a stream that sent `seq` last has not sent (the newest only for a stream just opened)."""
        if seq is None:
            return self.messages[-1:]
        return [item for item in self.messages[-FEED_KEPT:] if item[0] > seq]


class Hub:
    """The log, its owner thread, and the followers of each encounter."""

    def __init__(self, location: str, lang: str | None):
        self.location = location
        self.lang = lang
        owners = POSTGRES_OWNERS if location.startswith(("postgresql://", "postgres://")) else 1
        # One single-thread executor per owner: its queue keeps each encounter's calls in the order they came.
        self._owners = [concurrent.futures.ThreadPoolExecutor(max_workers=1, thread_name_prefix=f"combatlog-log{index}")
                        for index in range(owners)]
        self._logs: list[combatlog.Log | None] = [None] * owners
        self._changed: dict[str, asyncio.Event] = {}
        self._watchers: dict[str, threading.Thread] = {}
        self._followers: dict[str, int] = {}  # open streams per encounter; a watcher stops when none is left
        self._watch_lock = threading.Lock()
        self.watch_idle = WATCH_IDLE
        self.replies = Replies()
        self._generation: dict[str, int] = {}  # changes of each encounter heard so far
        self._latest: dict[tuple, tuple[int, asyncio.Future]] = {}  # (kind, encounter, lang) -> its generation's answer
        # Each encounter's language as this server last read or wrote it (its `create` chose it): the words of a
        # request's refusals, without a call to the log's thread before every command (issue 25).
        self.langs: dict[str, str] = {}
        self._names: dict[str, tuple[int, dict[str, dict[str, str]]]] = {}  # encounter -> (seq read, names per lang)
        self._feeds: dict[str, dict[tuple, Feed]] = {}  # encounter -> key -> its feed, while a stream reads it
        self._feeds_lock = threading.Lock()  # the log's thread lists the feeds to render while the loop edits them
        self.stopping = threading.Event()
        self.loop: asyncio.AbstractEventLoop | None = None
        # PostgreSQL: the watchers share one log (one pool, one LISTEN connection for every encounter);
        # SQLite connections belong to their thread, so each watcher opens its own.
        self._shared_watch_log: combatlog.Log | None = None
        self._file_watcher: threading.Thread | None = None  # SQLite or PostgreSQL: the one watcher of every encounter
        self._shared_lock = threading.Lock()
        # A SQLite file's stamp right after this process's last write (`wrote`): the watcher reads nothing when
        # the file still looks so (its writes woke their followers already), where it asked every followed
        # encounter's last seq after each of them, a thousand queries a second on a game night (issue 25).
        self._own_stamp: tuple | None = None
        from combatlog.server.diagnostics import Diagnostics

        self.diagnostics = Diagnostics.from_environment()  # a benchmark's measures, off unless asked

    # ---------------------------------------------------------------- the log's threads
    def owner_of(self, encounter: str | None) -> int:
        """The owner thread of `encounter` (the same one for good; the first for calls about no encounter)."""
        if encounter is None or len(self._owners) == 1:
            return 0
        return zlib.crc32(encounter.encode("utf-8", "surrogatepass")) % len(self._owners)

    async def call(self, function: Callable[[combatlog.Log], T], encounter: str | None = None) -> T:
        """Run `function(log)` on the owner thread of `encounter`, after the calls about it made before.

        Every call about an encounter names it: an Encounter object a call returns belongs to that thread's log,
        and is used again only there."""
        loop = asyncio.get_running_loop()
        index = self.owner_of(encounter)
        if self.diagnostics is not None:
            return await loop.run_in_executor(self._owners[index], self._timed, time.perf_counter(), index, function)
        return await loop.run_in_executor(self._owners[index], self._run, index, function)

    def _timed(self, asked: float, index: int, function):
        began = time.perf_counter()
        try:
            return self._run(index, function)
        finally:
            assert self.diagnostics is not None
            self.diagnostics.call(began - asked, time.perf_counter() - began)

    def _run(self, index: int, function):
        log = self._logs[index]
        if log is None:
            log = self._logs[index] = combatlog.open_log(self.location)
        steady = getattr(log.store, "steady", None)
        if steady is None:
            return function(log)
        # Each encounter's end is read once per call, then moved by the call's own appends: a command and its
        # players' view asked it seven times, a round trip each on PostgreSQL (events/stores/base.py `steady`).
        with steady():
            return function(log)

    def close(self) -> None:
        self.stopping.set()
        for event in self._changed.values():
            event.set()

        def shut(log):
            log.close()

        for owner, log in zip(self._owners, self._logs):
            if log is not None:
                owner.submit(shut, log).result()
            owner.shutdown(wait=True)
        for thread in set(self._watchers.values()) | ({self._file_watcher} if self._file_watcher else set()):
            thread.join(timeout=2)
        with self._shared_lock:
            shared, self._shared_watch_log = self._shared_watch_log, None
        if shared is not None:
            shared.close()
        if self.diagnostics is not None:
            self.diagnostics.close()

    def _watch_log(self) -> tuple[combatlog.Log, bool]:
        """The log a watcher waits on, and whether the watcher owns it (closes it when done)."""
        if not self.location.startswith(("postgresql://", "postgres://")):
            return combatlog.open_log(self.location), True
        with self._shared_lock:
            if self._shared_watch_log is None:
                self._shared_watch_log = combatlog.open_log(self.location)
            return self._shared_watch_log, False

    def wrote(self) -> None:
        """On the log's thread, right after this process appended: the SQLite file's stamp as that write left
        it. A write by another process committed between the two is heard at the watcher's next once-a-second
        reading."""
        if self._is_file() and self.location != ":memory:":
            self._own_stamp = self._file_stamp()

    # ---------------------------------------------------------------- followers
    def changed(self, encounter: str) -> asyncio.Event:
        """An event set at the next change of `encounter` (take it before reading, then wait on it)."""
        if encounter not in self._changed:
            self._changed[encounter] = asyncio.Event()
        return self._changed[encounter]

    def notify(self, encounter: str, rendered: list[tuple[tuple, int, Any]] | None = None) -> None:
        """Wake every follower of `encounter` (on the event loop's thread); `rendered` holds the messages `render`
        made for the new state on the log's thread, right after the write (key, seq, message)."""
        generation = self._generation[encounter] = self._generation.get(encounter, 0) + 1
        feeds = self._feeds.get(encounter, {})
        for key, seq, message in rendered or ():
            feed = feeds.get(key)
            if feed is not None:
                feed.add(seq, message, generation)
        event = self._changed.pop(encounter, None)
        if event is not None:
            event.set()

    def heard(self, encounter: str, seq: int) -> None:
        """The watcher saw the log reach `seq`: wake the followers unless every feed already holds that state (a
        write of this server's own, already rendered and pushed)."""
        feeds = list(self._feeds.get(encounter, {}).values())
        if feeds and all(feed.seq is not None and feed.seq >= seq for feed in feeds):
            return
        self.notify(encounter)

    # ---------------------------------------------------------------- feeds: every state to every viewer
    def follow(self, encounter: str, key: tuple, render: Callable[[combatlog.Log], tuple[int, Any]]) -> Feed:
        """The feed of `key` for one more stream (made on first follow; `unfollow` when the stream ends)."""
        with self._feeds_lock:
            feed = self._feeds.setdefault(encounter, {}).get(key)
            if feed is None:
                feed = self._feeds[encounter][key] = Feed(render)
            feed.streams += 1
        return feed

    def unfollow(self, encounter: str, key: tuple) -> None:
        with self._feeds_lock:
            feeds = self._feeds.get(encounter, {})
            feed = feeds.get(key)
            if feed is None:
                return
            feed.streams -= 1
            if feed.streams <= 0:
                del feeds[key]
                if not feeds:
                    del self._feeds[encounter]

    def render(self, log: combatlog.Log, encounter: str) -> list[tuple[tuple, int, Any]]:
        """On the log's thread, right after a write to `encounter`: each followed feed's message for the new
        state, made once for all its streams (then handed to `notify`), so that no state is skipped however
        fast the commands come."""
        with self._feeds_lock:
            feeds = list(self._feeds.get(encounter, {}).items())
        rendered = []
        for key, feed in feeds:
            try:
                seq, message = feed.render(log)
            except Exception as error:  # the streams will ask again (and show the error their own way)
                _log.warning("stream message failed", encounter=encounter, error=str(error))
                continue
            rendered.append((key, seq, message))
        return rendered

    async def catch_up(self, encounter: str, key: tuple, feed: Feed) -> None:
        """Make sure `feed` holds the state of the encounter's latest change (a write by another process, or
        the first state of a new stream), made once for every stream of `key`."""
        generation = self._generation.get(encounter, 0)
        if feed.messages and feed.generation >= generation:
            return
        seq, message = await self.latest(key, encounter, feed.render)
        feed.add(seq, message, generation)

    async def latest(self, key: tuple, encounter: str, make: Callable[[combatlog.Log], T]) -> T:
        """`make(log)` once per change of `encounter` for every stream asking with the same `key`: a hundred
        viewers woken by one command cost one computation on the log's thread, not a hundred."""
        generation = self._generation.get(encounter, 0)
        held = self._latest.get(key)
        if held is None or held[0] != generation:
            held = generation, asyncio.ensure_future(self.call(make, encounter))
            self._latest[key] = held
            held[1].add_done_callback(functools.partial(self._forget_failed, key))
        return await asyncio.shield(held[1])  # a viewer leaving does not cancel the others' answer

    def _forget_failed(self, key: tuple, done: asyncio.Future) -> None:
        if (done.cancelled() or done.exception() is not None) and self._latest.get(key, (0, None))[1] is done:
            del self._latest[key]  # the next asker tries again

    def names(self, log: combatlog.Log, encounter: str) -> dict[str, dict[str, str]]:
        """Each combatant's name per language ({"en": {id: name}, "fr": {...}}), on the log's thread; only the
        events appended since the last call are read."""
        seen, names = self._names.get(encounter, (-1, {"en": {}, "fr": {}}))
        for line in log.encounter(encounter).events(after=seen):
            event = line["body"]["event"]
            seen = line["body"]["seq"]
            if event.get("type") == "CombatantAdded":
                names["en"][event["id"]] = event["name"]
                names["fr"][event["id"]] = event.get("name_fr") or event["name"]
        self._names[encounter] = seen, names
        return names

    def watch(self, encounter: str) -> None:
        """A stream follows `encounter`: start, once, a thread waiting on the store for writes by other processes.

        Call `unwatch` when the stream ends; a watcher left without streams stops after `watch_idle` seconds.
        A SQLite file has one watcher thread for all its encounters (`_watch_file`): it looks at the file's
        stamp and asks for the last seqs only when the file changed, where a thread per encounter polling the
        last seq cost a fifth of a core with 50 encounters followed and nothing happening. A PostgreSQL log has
        one too (`_watch_postgres`, on the store's one LISTEN)."""
        with self._watch_lock:
            self._followers[encounter] = self._followers.get(encounter, 0) + 1
            if encounter in self._watchers or self.location == ":memory:":
                return
            loop = asyncio.get_running_loop()
            if self._is_file() or self._is_postgres():
                current = self._file_watcher
                if current is not None and current.is_alive():
                    self._watchers[encounter] = current
                    return
                target, label = (self._watch_file, "file") if self._is_file() else (self._watch_postgres, "postgres")
                thread = self._file_watcher = threading.Thread(target=target, args=(loop,), daemon=True,
                                                               name=f"combatlog-watch-{label}")
                self._watchers[encounter] = thread
            else:
                thread = threading.Thread(target=self._watch, args=(encounter, loop), daemon=True,
                                          name=f"combatlog-watch-{encounter}")
                self._watchers[encounter] = thread
        thread.start()

    def _is_postgres(self) -> bool:
        """A PostgreSQL log: one watcher thread follows every encounter through the store's one LISTEN."""
        return self.location.startswith(("postgresql://", "postgres://"))

    def _is_file(self) -> bool:
        """A SQLite file (the watchers of a PostgreSQL log share one LISTEN; a .jsonl log keeps its own way)."""
        return (not self.location.startswith(("postgresql://", "postgres://"))
                and not self.location.lower().endswith(".jsonl"))

    def _file_stamp(self) -> tuple:
        """What changes at every commit to the SQLite file: the database's and its write-ahead log's size and
        modification time (nanoseconds)."""
        stamp: list = []
        for path in (self.location, self.location + "-wal"):
            try:
                found = os.stat(path)
            except OSError:
                stamp.append(None)
            else:
                stamp.append((found.st_mtime_ns, found.st_size))
        return tuple(stamp)

    def _watch_file(self, loop: asyncio.AbstractEventLoop) -> None:
        """Wake the followers of every watched encounter of the SQLite file at each append (by any process):
        the last seqs are read when the file's stamp changed, and once a second whatever it says."""
        try:
            log = combatlog.open_log(self.location)
        except Exception as error:  # the followers still hear this process's own writes
            _log.warning("cannot watch the log", error=str(error))
            self._forget_this_watcher()
            return
        known: dict[str, int] = {}
        idle: dict[str, list[float]] = {}
        stamp, checked = None, 0.0
        try:
            while not self.stopping.is_set():
                names = self._watched_here(idle)
                if names is None:
                    return
                if not names:
                    continue
                now = time.monotonic()
                new_stamp = self._file_stamp()
                if new_stamp == self._own_stamp and now - checked < 1.0 and all(n in known for n in names):
                    stamp = new_stamp  # the file as this process's own last write left it: nothing to read
                elif new_stamp != stamp or now - checked >= 1.0 or any(n not in known for n in names):
                    stamp, checked = new_stamp, now
                    for name in names:
                        try:
                            last = log.last_seq(name)
                        except Exception as error:  # a busy or briefly unreadable log: keep watching
                            _log.warning("watch failed", encounter=name, error=str(error))
                            continue
                        if known.get(name) != last:
                            known[name] = last
                            try:
                                loop.call_soon_threadsafe(self.heard, name, last)
                            except RuntimeError:  # the loop is closed: the server is stopping
                                return
                    for name in list(known):
                        if name not in names:
                            del known[name]
                self.stopping.wait(0.05)
        finally:
            log.close()

    def _forget_this_watcher(self) -> None:
        """This watcher thread cannot read the log: it follows nothing any more (the followers still hear this
        process's own writes)."""
        with self._watch_lock:
            for name in [n for n, t in self._watchers.items() if t is threading.current_thread()]:
                del self._watchers[name]
            self._file_watcher = None

    def _watched_here(self, idle: dict[str, list[float]]) -> list[str] | None:
        """The encounters this watcher thread follows that someone still listens to; None when it follows none
        any more (the thread then ends)."""
        with self._watch_lock:
            names = [n for n, t in self._watchers.items() if t is threading.current_thread()]
        names = [n for n in names if self._still_followed(n, idle.setdefault(n, []))]
        if not names:
            with self._watch_lock:
                if not any(t is threading.current_thread() for t in self._watchers.values()):
                    self._file_watcher = None
                    return None
        return names

    def _watch_postgres(self, loop: asyncio.AbstractEventLoop) -> None:
        """Wake the followers of every watched encounter of the PostgreSQL log at each append (by any process),
        from one thread (`PostgresStore.appends_after`), where a thread per encounter woke fifty threads at every
        notification and cost the server as much CPU as its commands (issue 25)."""
        try:
            log, owned = self._watch_log()
        except Exception as error:  # the followers still hear this process's own writes
            _log.warning("cannot watch the log", error=str(error))
            self._forget_this_watcher()
            return
        known: dict[str, int | None] = {}
        idle: dict[str, list[float]] = {}
        epoch: int | None = None
        try:
            while not self.stopping.is_set():
                names = self._watched_here(idle)
                if names is None:
                    return
                if not names:
                    continue
                known = {name: known.get(name) for name in names}
                try:
                    moved, epoch = log.store.appends_after(known, epoch, 0.5)
                except Exception as error:  # a busy or briefly unreachable log: keep watching
                    _log.warning("watch failed", error=str(error))
                    epoch = None
                    self.stopping.wait(1.0)
                    continue
                for name, seq in moved.items():
                    known[name] = seq
                    try:
                        loop.call_soon_threadsafe(self.heard, name, seq)
                    except RuntimeError:  # the loop is closed: the server is stopping
                        return
        finally:
            if owned:
                log.close()

    def unwatch(self, encounter: str) -> None:
        with self._watch_lock:
            self._followers[encounter] = max(0, self._followers.get(encounter, 0) - 1)

    def watching(self) -> list[str]:
        """The encounters with a running watcher."""
        with self._watch_lock:
            return sorted(self._watchers)

    def _still_followed(self, name: str, idle_since: list[float]) -> bool:
        """False (and the watcher is forgotten) once nobody has followed `name` for `watch_idle` seconds."""
        now = time.monotonic()
        with self._watch_lock:
            if self._followers.get(name, 0) > 0:
                idle_since.clear()
                return True
            if not idle_since:
                idle_since.append(now)
            if now - idle_since[0] < self.watch_idle:
                return True
            self._watchers.pop(name, None)
            self._followers.pop(name, None)
            return False

    def _watch(self, name: str, loop: asyncio.AbstractEventLoop) -> None:
        """Wake the followers of `name` at every append, by this process or any other sharing the log."""
        try:
            log, owned = self._watch_log()
        except Exception as error:  # the followers still hear this process's own writes
            _log.warning("cannot watch the log", encounter=name, error=str(error))
            with self._watch_lock:
                self._watchers.pop(name, None)
            return
        try:
            self._watch_loop(log, name, loop)
        finally:
            if owned:
                log.close()

    def _watch_loop(self, log: combatlog.Log, name: str, loop: asyncio.AbstractEventLoop) -> None:
        last = -1  # the first round wakes the followers once: no write slips in while this thread starts
        idle_since: list[float] = []
        while not self.stopping.is_set():
            if not self._still_followed(name, idle_since):
                return
            try:
                if not log.store.wait_for_append(name, last, 0.5):
                    continue
                last = log.last_seq(name)
            except Exception as error:  # a busy or briefly unreachable log: keep watching
                _log.warning("watch failed", encounter=name, error=str(error))
                self.stopping.wait(1.0)
                continue
            try:
                loop.call_soon_threadsafe(self.heard, name, last)
            except RuntimeError:  # the loop is closed: the server is stopping
                return


__all__ = ["FEED_KEPT", "POSTGRES_OWNERS", "Feed", "Hub", "Replies", "WATCH_IDLE"]
