"""Full replay: fold a whole log from its first event, ignoring snapshots, in bounded memory.

Two passes over the store. The first finds the undo, redo and revert markers (SQLite finds them by their
type column, without decoding anything else) and works out which transactions are out of force at the end.
The second streams the stored bodies in chunks, checks each against its hash and the chain, decodes a
whole chunk with one typed msgspec call, and folds the transactions in force; nothing is kept but the
state. The garbage collector is off meanwhile: events are `gc=False` structs and nothing here makes cycles.
"""

import gc
import hashlib
from collections.abc import Iterable
from contextlib import contextmanager

import msgspec

from combatlog.core.kernel.state import KernelState as EncounterState
from combatlog.events.codec import default_codec
from combatlog.events.envelope import GENESIS_HASH, LogCorrupted, Recorded
from combatlog.events.meta import Redone, Reverted, Undone
from combatlog.core.kernel.fold import fold
from combatlog.words import Said

CHUNK = 2048


def codec_of(store):
    """The codec the store was handed (the registry's), or the installed one."""
    return getattr(store, "codec", None) or default_codec()

_sha256 = hashlib.sha256


@contextmanager
def quiet_gc():
    """The garbage collector off (and what exists frozen) for a bulk fold; restored afterwards. No collection
    first: in a CLI process with the rules imported it cost ~10 ms, two full replays of a 5,000-event log's worth
    of decoding (a little garbage frozen until the process ends is cheaper)."""
    enabled = gc.isenabled()
    gc.freeze()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()
        gc.unfreeze()


def undone_by(markers: Iterable[Recorded]) -> set[int]:
    """The txns these markers (in log order) leave undone; the markers themselves not included."""
    undone: set[int] = set()
    reverts: dict[int, tuple[int, ...]] = {}
    for record in markers:
        event = record.event
        if isinstance(event, Undone):
            for txn in event.txns:
                undone.add(txn)
                for back in reverts.get(txn, ()):
                    undone.discard(back)
        elif isinstance(event, Redone):
            for txn in event.txns:
                undone.discard(txn)
                undone.update(reverts.get(txn, ()))
        elif isinstance(event, Reverted):
            reverts[record.txn] = event.txns
            undone.update(event.txns)
    return undone


def out_of_force(markers: Iterable[Recorded]) -> set[int]:
    """The txns not in force after these markers (in log order): undone ones and the undo/redo markers."""
    markers = list(markers)
    return undone_by(markers) | {r.txn for r in markers if isinstance(r.event, (Undone, Redone))}


def markers(store, encounter: str) -> list[Recorded]:
    """The verified undo, redo and revert markers of the encounter, in log order (SQLite: by their type)."""
    if hasattr(store, "marker_rows"):
        decode = codec_of(store).record_decoder.decode
        found = []
        for seq, body, stored_hash in store.marker_rows(encounter):
            if _sha256(body).hexdigest() != stored_hash:
                raise LogCorrupted(seq, Said("store-reason-bytes-changed"), encounter)
            record = decode(body)
            if record.seq != seq:
                raise LogCorrupted(seq, Said("store-reason-seq-elsewhere", found=record.seq, expected=seq), encounter)
            found.append(record)
        return found
    return [record for record in _stream(store, encounter, False)
            if isinstance(record.event, (Undone, Redone, Reverted))]


def _verified_chunks(store, encounter: str, with_hash: bool):
    """Yield lists of verified records, one per stored chunk; their `hash` is filled in only `with_hash`
    (the fold does not need it). Each body is decoded by itself with the typed decoder (faster than one
    decode of the joined chunk: no copy of the chunk, a smaller working set)."""
    replace = msgspec.structs.replace
    codec = codec_of(store)
    sha256, versions, decode = _sha256, codec.versions, codec.record_decoder.decode
    errors = (msgspec.DecodeError, msgspec.ValidationError)
    prev = store.genesis(encounter) if hasattr(store, "genesis") else GENESIS_HASH
    seq = 0
    for chunk in store.body_chunks(encounter, 0, CHUNK):
        records: list[Recorded] = []
        append = records.append
        for body, stored_hash in chunk:
            try:
                record = decode(body)
            except errors:
                record = None  # an old event version, or damage: the careful path names the event
            if (record is None or record.seq != seq or record.prev_hash != prev
                    or sha256(body).hexdigest() != stored_hash or record.v != versions[type(record.event)]):
                try:
                    record = codec.decode_body(body, stored_hash, expected_seq=seq, expected_prev=prev,
                                         encounter=encounter)
                except LogCorrupted:
                    yield records  # what comes before the damage, in order, then the error
                    raise
            elif with_hash:
                record = replace(record, hash=stored_hash)
            append(record)
            prev = stored_hash
            seq += 1
        yield records


def _stream(store, encounter: str, with_hash: bool):
    """The verified records of the encounter, one by one."""
    for records in _verified_chunks(store, encounter, with_hash):
        yield from records


class _Unsure(Exception):
    """The quick stream met something it cannot judge alone (damage, an edit, a missing event)."""


def _lifted(codec, body: bytes, error: Exception | None, seq: int, encounter: str,
            decoded: Recorded | None = None) -> Recorded:
    """A record of an older schema, lifted by the upcasters (a log written before an event's current version
    replays on the quick path too); _Unsure for anything the careful path must judge (damage, a newer version)."""
    try:
        if decoded is not None:
            if decoded.v > type(decoded.event).schema_version:
                raise _Unsure
            return codec.lifted(decoded, body, seq, encounter)
        return codec.upcast(body, error, seq, encounter)
    except LogCorrupted:
        raise _Unsure from None


def _events_in_force(store, encounter: str, skip: set[int], end: tuple[int, str], progress):
    """The events of the transactions in force, decoded one body at a time (a small working set: each record
    is gone before the next is read) and chained by the bodies themselves: SHA-256 of every body must be the
    next body's `prev_hash`, and the last one the log's last hash (`end`: next seq, last hash). Raises _Unsure
    on anything else."""
    codec = codec_of(store)
    sha256, versions, decode = _sha256, codec.versions, codec.record_decoder.decode
    errors = (msgspec.DecodeError, msgspec.ValidationError)
    prev = store.genesis(encounter) if hasattr(store, "genesis") else GENESIS_HASH
    seq = 0
    for chunk in store.bodies_only(encounter, CHUNK):
        for (body,) in chunk:
            try:
                record = decode(body)
            except errors as error:  # an event of an older schema (lifted as it is read), or damage
                record = _lifted(codec, body, error, seq, encounter)
            else:
                if record.v != versions[type(record.event)]:
                    record = _lifted(codec, body, None, seq, encounter, record)
            if record.seq != seq or record.prev_hash != prev:
                raise _Unsure
            prev = sha256(body).hexdigest()
            seq += 1
            if record.txn not in skip:
                yield record.event
        if progress is not None:
            progress.advance(len(chunk))
    if (seq, prev) != end:
        raise _Unsure


def replay_full(store, encounter: str, *, progress=None) -> EncounterState:
    """The state after the last event, folded from event 0 (no snapshot), checking every body's hash on the way.

    The quick path streams bodies alone and checks the chain through each body's `prev_hash`; whatever it
    cannot judge (damage, an old event version) sends the whole replay down the careful path, which checks
    each body against its stored hash and names the event at fault."""
    with quiet_gc():
        skip = out_of_force(markers(store, encounter))
        end = store.last(encounter)
        if progress is not None:
            progress.stage("replaying", end[0])
        if hasattr(store, "bodies_only"):
            try:
                return _replay_quick(store, encounter, skip, end, progress)
            except _Unsure:
                if progress is not None:
                    progress.stage("replaying", end[0])
        return _replay_careful(store, encounter, skip, progress)


def _replay_quick(store, encounter: str, skip: set[int], end: tuple[int, str], progress) -> EncounterState:
    state = fold(_events_in_force(store, encounter, skip, end, progress), EncounterState())
    return msgspec.structs.replace(state, seq=end[0] - 1) if end[0] else state


def _replay_careful(store, encounter: str, skip: set[int], progress) -> EncounterState:
    state = EncounterState()
    last = -1
    for records in _verified_chunks(store, encounter, False):
        state = fold([record.event for record in records if record.txn not in skip], state)
        if records:
            last = records[-1].seq
        if progress is not None:
            progress.advance(len(records))
    if last >= 0:
        state = msgspec.structs.replace(state, seq=last)
    return state


def stream_records(store, encounter: str):
    """Every verified record of the encounter, in order, decoded in chunks (for verify and export)."""
    return _stream(store, encounter, True)


__all__ = ["markers", "undone_by", "out_of_force", "quiet_gc", "replay_full", "stream_records"]
