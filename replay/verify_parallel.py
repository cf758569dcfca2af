"""verify on every core: the log cut in stretches at its stored snapshots, each stretch re-derived in its own process.

The parallel pass only ever vouches for a sound log; it never words a problem. `sound(store, encounter, jobs)`:

1. The bytes in bulk, in this process, decoding nothing: every stored row's seq follows the one before it and
   its body still hashes to its stored hash; the hash at each snapshot's seq and the last one are kept.
2. Every stored snapshot must be authentic (its authentication checks, it names its own seq and the hash of the
   event stored there), else the log is not vouched for. Some of them are picked as boundaries, cutting the log
   in stretches of about the same length (a few per process, so that a slow stretch does not hold up the rest).
3. A process per core (`concurrent.futures.ProcessPoolExecutor`), each opening the store itself read-only
   (SQLite, PostgreSQL), re-derives its stretches: the first from nothing, every other one from the snapshot at
   its start, on a replica whose older events are read from the log (undo reaches back). A worker checks every
   row of its stretch as the sequential verify does (bytes, place, link to the hash before it, columns,
   envelopes), re-runs every command with its recorded dice, compares every event, and compares every snapshot
   inside its stretch (its end included) with the state the rules give there. It answers with the digest of
   the snapshot it started from and of the state it ends on.
4. Here: each stretch must end on exactly the state the next one started from (a forged snapshot, even one whose
   unkeyed authentication was recomputed, is caught: the stretch before it does not end on it), the stretches
   must cover the log, and the recorded head must name the last event.

Anything else (a problem, a doubt, a store the workers cannot open, a worker that fails) sends the caller to the
sequential verify, which names every problem: the report is that of `verify --jobs 1`, word for word, on every
log. A sound log costs its re-derivation divided among the cores.
"""

import hashlib
import os
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
import multiprocessing

import msgspec

from combatlog.events.envelope import Recorded
from combatlog.events.stores.memory import ReplicaStore
from combatlog.events.stores import MemoryStore
from combatlog.replay.engine import Encounter

PARALLEL_FROM = 20_000  # events below which verify stays sequential when the number of processes is not asked for
STRETCHES_PER_JOB = 3  # stretches handed to each process (a slow stretch then holds up less)


def default_jobs() -> int:
    """The processes a verify uses unless told: one per core."""
    return os.cpu_count() or 1


@dataclass(frozen=True)
class Stretch:
    """One worker's task: re-derive events `start + 1` to `end` from the snapshot at `start` (-1: from nothing)."""

    kind: str  # "sqlite" or "postgres": how the worker opens the store
    location: str
    encounter: str
    start: int
    start_hash: str  # the stored hash of event `start` (the encounter's genesis when `start` is -1)
    end: int
    snapshots: tuple[int, ...]  # the snapshot seqs in (start, end], each to compare with the rules' state there
    hashes: tuple[str, ...]  # the stored hash of the event at each of them


def _where(store) -> tuple[str, str] | None:
    """How a worker process opens this store again, read-only (None: it cannot, e.g. a memory or JSONL store)."""
    from combatlog.events.codec import default_codec
    from combatlog.events.stores import SQLiteStore

    if getattr(store, "codec", None) not in (None, default_codec()):
        return None  # decoded with another registry's codec: the workers would not know it
    if isinstance(store, SQLiteStore):
        return "sqlite", store.path
    url = getattr(store, "url", None)
    if type(store).__name__ == "PostgresStore" and isinstance(url, str):
        return "postgres", url
    return None


def _open(kind: str, location: str):
    if kind == "sqlite":
        from combatlog.events.stores import SQLiteStore

        return SQLiteStore(location, readonly=True)
    from combatlog.events.stores.postgres import PostgresStore

    return PostgresStore(location, create=False, pool_size=1)


def _digest(state, seq: int) -> str:
    from combatlog.replay.verify import _canonical

    return hashlib.sha256(_canonical(msgspec.structs.replace(state, seq=seq))).hexdigest()


class _ReplicaAfter(ReplicaStore):
    """A replica whose first `start + 1` events are the log's own (read from it), none of them in memory."""

    def __init__(self, backing, name: str, start: int, start_hash: str) -> None:
        super().__init__(backing, name)
        if start >= 0:
            self._logs["verify"] = []
            self._base["verify"] = start + 1
            self._before["verify"] = start_hash


def _replica_at(store, encounter: str, start: int, start_hash: str, state) -> Encounter:
    """An Encounter standing after event `start` with `state`, its past read from the log (no fold here)."""
    replica = Encounter(MemoryStore(), "verify", snapshot_every=0)
    replica.store = _ReplicaAfter(store, encounter, start, start_hash)
    replica._count = start + 1
    replica.state = msgspec.structs.replace(state, seq=start)
    return replica


def _rows(store, encounter: str, first: int, last: int) -> Iterator:
    from combatlog.replay.verify import Row

    rows = store.rows(encounter, first)
    try:
        for seq, txn, kind, body, digest in rows:
            if seq > last:
                return
            yield Row(seq, bytes(body), digest, txn, kind)
    finally:
        getattr(rows, "close", lambda: None)()


def rederive_stretch(stretch: Stretch) -> tuple[bool, str, str, int]:
    """(sound, digest of the starting snapshot, digest of the state at the end, rows read) of one stretch.
    Runs in a worker process; never raises (a failure is a doubt, and the sequential verify then speaks)."""
    try:
        store = _open(stretch.kind, stretch.location)
    except Exception:
        return False, "", "", 0
    try:
        return _rederive(store, stretch)
    except Exception:
        return False, "", "", 0
    finally:
        store.close()


def _rederive(store, stretch: Stretch) -> tuple[bool, str, str, int]:
    from combatlog.replay import snapshots as module
    from combatlog.replay.full import quiet_gc
    from combatlog.replay.verify import RowChecker, rederive_all

    encounter, start, end = stretch.encounter, stretch.start, stretch.end
    start_digest = ""
    replica = None
    if start >= 0:
        body = store.read_snapshot(encounter, start)
        verdict, snapshot = module.check_snapshot(body) if body is not None else ("forged", None)
        if verdict != "ok" or snapshot is None or snapshot.seq != start or snapshot.hash != stretch.start_hash:
            return False, "", "", 0
        start_digest = _digest(snapshot.state, start)
        replica = _replica_at(store, encounter, start, stretch.start_hash, snapshot.state)
    wanted = dict(zip(stretch.snapshots, stretch.hashes))
    states: dict[int, str] = {}
    hashes: dict[int, str] = {}
    checker = RowChecker(stretch.start_hash, start + 1)

    def tapped(records: Iterator[Recorded]) -> Iterator[Recorded]:
        for record in records:
            if record.seq in wanted:
                hashes[record.seq] = record.hash
            yield record

    ending: list[str] = []

    def keep_state(seq: int, state) -> None:
        if seq in wanted:
            states[seq] = _digest(state, seq)
        if seq == end:
            ending.append(_digest(state, seq))

    with quiet_gc():
        found = rederive_all(tapped(checker.records(_rows(store, encounter, start + 1, end))), stop_at_first=True,
                             on_state=keep_state, past=lambda upto: [], source=(store, encounter),
                             intact=lambda: not checker.problems and not checker.suspects, replica=replica)
    if found or checker.problems or checker.suspects or checker.last_seq != end or not ending:
        return False, start_digest, "", checker.count
    for seq, digest in wanted.items():
        if hashes.get(seq) != digest or seq not in states:  # a snapshot inside a command: the sequential verify folds
            return False, start_digest, "", checker.count
        body = store.read_snapshot(encounter, seq)
        verdict, snapshot = module.check_snapshot(body) if body is not None else ("forged", None)
        if verdict == "stale":
            continue
        if verdict != "ok" or snapshot is None or snapshot.seq != seq or snapshot.hash != digest:
            return False, start_digest, "", checker.count
        if _digest(snapshot.state, seq) != states[seq]:
            return False, start_digest, "", checker.count
    return True, start_digest, ending[0], checker.count


# ---------------------------------------------------------------------------------------------- the parent
def verify_encounter(store, encounter: str, *, progress=None, templates=None, jobs: int | None = 1) -> list:
    """replay/verify.py `verify_encounter` (every problem of one encounter, ordered by seq), its re-derivation
    shared among `jobs` processes: None is one per core, from PARALLEL_FROM events on (a smaller log stays in this
    process: starting processes costs more); 1 is this process alone. The parallel pass only vouches for a sound
    log: on anything else the sequential pass runs and speaks, so the report is the same whatever `jobs` is."""
    from combatlog.replay import verify

    if templates is None and vouched(store, encounter, jobs, progress=progress):
        return []
    return verify.verify_encounter(store, encounter, progress=progress, templates=templates)


def vouched(store, encounter: str, jobs: int | None, *, progress=None) -> bool:
    """Whether worker processes vouch that the whole encounter verifies: never with `jobs` 1; `jobs` None is one
    per core, and only from PARALLEL_FROM events on. False says nothing: the sequential pass then decides."""
    if jobs == 1:
        return False
    wanted = default_jobs() if jobs is None else jobs
    if wanted < 2 or (jobs is None and store.last(encounter)[0] < PARALLEL_FROM):
        return False
    return sound(store, encounter, wanted, progress=progress)


def _bulk(store, encounter: str, wanted: set[int]) -> tuple[dict[int, str], int, str] | None:
    """Every row's place and bytes, decoding nothing: (hash at each wanted seq, rows, last hash), or None at
    the first row out of place or whose bytes changed."""
    from combatlog.events.envelope import compute_hash

    hashes: dict[int, str] = {}
    expected, last = 0, ""
    for seq, _, _, body, digest in store.rows(encounter):
        if seq != expected or compute_hash(body) != digest:
            return None
        if seq in wanted:
            hashes[seq] = digest
        expected, last = seq + 1, digest
    return hashes, expected, last


def _boundaries(seqs: list[int], count: int, stretches: int) -> list[int]:
    """Snapshot seqs cutting [0, count) into about `stretches` stretches of about the same length."""
    chosen: list[int] = []
    for index in range(1, stretches):
        aim = count * index // stretches
        below = [seq for seq in seqs if seq <= aim and (not chosen or seq > chosen[-1]) and seq < count - 1]
        if below:
            chosen.append(below[-1])
    return chosen


def _context(kind: str):
    """'fork' for SQLite (nothing to import again); a fresh interpreter for PostgreSQL, whose connection pool runs
    threads that a fork would copy mid-flight."""
    if kind == "sqlite" and "fork" in multiprocessing.get_all_start_methods():
        return multiprocessing.get_context("fork")
    return multiprocessing.get_context("spawn")


def sound(store, encounter: str, jobs: int, *, progress=None) -> bool:
    """True when the parallel pass vouches that the encounter verifies with no problem at all (what the
    sequential verify would then find: nothing); False when it cannot (the sequential verify must speak)."""
    from combatlog.replay import snapshots as module
    from combatlog.replay.verify import genesis_of

    where = _where(store)
    seqs_of = getattr(store, "snapshot_seqs", None)
    if where is None or seqs_of is None or not hasattr(store, "rows"):
        return False
    count = store.last(encounter)[0]
    # Every stored snapshot must be authentic and name its own seq (the bulk pass below checks that it names the
    # hash stored there); the ones another version wrote are ignored, as the sequential verify ignores them.
    usable: dict[int, str] = {}
    for seq in sorted(seqs_of(encounter)):
        body = store.read_snapshot(encounter, seq)
        verdict, snapshot = module.check_snapshot(body) if body is not None else ("forged", None)
        if verdict == "stale":
            continue
        if snapshot is None or snapshot.seq != seq or not 0 <= seq < count:
            return False
        usable[seq] = snapshot.hash
    cuts = _boundaries(list(usable), count, max(jobs, 1) * STRETCHES_PER_JOB)
    if not cuts:
        return False  # one stretch: nothing to share among processes
    if progress is not None:
        progress.stage("verifying", count)
    kind, location = where
    starts, ends = [-1, *cuts], [*cuts, count - 1]
    stretches = [Stretch(kind, location, encounter, start, usable[start] if start >= 0 else genesis_of(store, encounter),
                         end, tuple(seq for seq in usable if start < seq <= end),
                         tuple(digest for seq, digest in usable.items() if start < seq <= end))
                 for start, end in zip(starts, ends)]
    try:
        return _shared(store, encounter, jobs, kind, stretches, usable, count, progress)
    except Exception:  # a worker that could not start or died (BrokenProcessPool, OSError): the sequential verify speaks
        return False


def _shared(store, encounter: str, jobs: int, kind: str, stretches: list[Stretch], usable: dict[int, str], count: int,
            progress) -> bool:
    from combatlog.replay.verify import head_problems

    answers = []
    with ProcessPoolExecutor(max_workers=min(jobs, len(stretches)), mp_context=_context(kind)) as pool:
        futures = [pool.submit(rederive_stretch, stretch) for stretch in stretches]
        # While the workers re-derive: every row's place and bytes here, and the recorded head against the last.
        bulk = _bulk(store, encounter, set(usable))
        whole = (bulk is not None and bulk[1] == count and all(bulk[0].get(seq) == digest for seq, digest in usable.items())
                 and not head_problems(store, encounter, (count - 1, bulk[2]) if count else None, count - 1))
        if not whole:
            pool.shutdown(wait=False, cancel_futures=True)
            return False
        for future in futures:
            answer = future.result()
            answers.append(answer)
            if progress is not None:
                progress.advance(answer[3])
            if not answer[0]:  # the sequential verify will speak: the stretches not started are not needed
                pool.shutdown(wait=False, cancel_futures=True)
                return False
    # Each stretch must end on exactly the state the next one started from.
    return all(answers[index][2] == answers[index + 1][1] for index in range(len(answers) - 1))


__all__ = ["PARALLEL_FROM", "Stretch", "default_jobs", "rederive_stretch", "sound", "verify_encounter"]
