"""JSON Lines: export and import encounters with their hashes, and a store that lives in a plain .jsonl file."""

import io
import os
import threading
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO, Any

import msgspec

from combatlog.events.codec import default_codec
from combatlog.events.envelope import GENESIS_HASH, LogCorrupted, chain_genesis, compute_hash
from combatlog.events.stores.base import (
    NEW,
    ConcurrencyConflict,
    EventStore,
    Sealed,
    StoreBase,
    StoreError,
    ends_at_head,
    settle_identity,
)
from combatlog.words import Said

try:
    import fcntl
except ImportError:  # Windows: no advisory locks, one writer at a time is then the caller's job
    fcntl = None  # type: ignore[assignment]

File = str | os.PathLike[str] | IO[bytes] | IO[str]


class _Line(msgspec.Struct, omit_defaults=True):
    """One line: the body is embedded as JSON, and kept as its exact bytes when read back. The log's first
    event line also names the log's identity (`log`, chain version 2: each encounter's chain is bound to it),
    so an export carries it to the log it is imported into."""

    encounter: str
    hash: str
    body: msgspec.Raw
    log: str | None = None
    # The last line of an append made with the DM's key (issue 24): the signature of the head it makes.
    sig: str | None = None
    # The last line of an append made for a request with an idempotency key: (key, what the request asked,
    # the seq of the append's first event); a request's events run from its first append's first to its last's.
    request: tuple[str, str, int] | None = None


class _Head(msgspec.Struct):
    seq: int = 0
    prev_hash: str = GENESIS_HASH


_line_encoder = msgspec.json.Encoder()
_line_decoder = msgspec.json.Decoder(_Line)
_head_decoder = msgspec.json.Decoder(_Head)
_sorted_encoder = msgspec.json.Encoder(order="sorted")


class _HeadFile(msgspec.Struct):
    """`LOG.jsonl.head`: how many event lines the log held and each encounter's (last seq, hash) at that time.

    Written after every append (the log's bytes are on disk first, so it may lag behind, never run ahead), and
    by `repair`. A cut of whole lines from the end of the log leaves fewer lines than it counts: `verify`
    names the missing seqs. No head file (a log copied alone, an older log): only the chain is checked."""

    lines: int
    heads: dict[str, tuple[int, str]]


_head_file_encoder = msgspec.json.Encoder()
_head_file_decoder = msgspec.json.Decoder(_HeadFile)


def head_path(path: str | os.PathLike[str]) -> Path:
    return Path(f"{os.fspath(path)}.head")


def _write_head_file(path: Path, lines: int, heads: dict[str, tuple[int, str]]) -> None:
    """Replace `LOG.jsonl.head` whole (a temporary file renamed over it); a failure leaves the old one."""
    target = head_path(path)
    temporary = target.with_name(f".{target.name}.{os.getpid()}.{threading.get_ident()}.tmp")
    try:
        temporary.write_bytes(_head_file_encoder.encode(
            _HeadFile(lines, {name: (seq - 1, digest) for name, (seq, digest) in heads.items()})))
        os.replace(temporary, target)
    except OSError:
        temporary.unlink(missing_ok=True)  # the head is a guard, not the log: the append itself stands


def _event_lines(data: bytes) -> int:
    return sum(1 for line in data.splitlines() if line.strip())


def encode_line(encounter: str, body: bytes, digest: str, log: str | None = None, sig: str | None = None,
                request: tuple[str, str, int] | None = None) -> bytes:
    """One JSONL line (with its newline) holding the body bytes verbatim (`log`: the log's identity, on its
    first line; `sig`, `request`: on the last line of an append, see _Line)."""
    return _line_encoder.encode(_Line(encounter, digest, msgspec.Raw(body), log, sig, request)) + b"\n"


def _parse(lines: Iterable[bytes | str], name: str, first_line: int = 1) -> Iterator[tuple[int, _Line]]:
    """Yield (line number, parsed line), skipping blank lines; a damaged line raises StoreError naming it."""
    for number, line in enumerate(lines, first_line):
        if not line.strip():
            continue
        try:
            yield number, _line_decoder.decode(line)
        except (msgspec.DecodeError, msgspec.ValidationError) as error:
            torn = line[-1:] not in (b"\n", "\n")
            raise StoreError(Said("store-jsonl-unreadable-line", file=name, line=number, torn=torn,
                                  error=str(error))) from None


def _body(line: _Line) -> bytes:
    """The body's bytes as written, or their canonical re-encoding if a tool reformatted the line."""
    body = bytes(line.body)
    if compute_hash(body) != line.hash:
        body = _sorted_encoder.encode(msgspec.json.decode(body))
    return body


@contextmanager
def _opened(file: File, mode: str) -> Iterator[tuple[IO[Any], str]]:
    if not isinstance(file, (str, os.PathLike)):
        yield file, getattr(file, "name", "<stream>")
        return
    try:
        with open(file, mode) as handle:
            yield handle, os.fspath(file)
    except OSError as error:
        raise StoreError(Said("store-file-error", path=os.fspath(file), error=str(error.strerror or error))) from None


def export_jsonl(store: EventStore, encounter: str | None, file: File) -> int:
    """Write `encounter` (every encounter if None) as JSONL with verbatim bodies; returns the number of events."""
    count = 0
    with _opened(file, "wb") as (out, _):
        text = isinstance(out, io.TextIOBase)
        # The chains are bound to the log's identity: its first line carries it to the log it is imported into.
        log_id = store.log_id() if hasattr(store, "log_id") else None
        for name in store.encounters() if encounter is None else [encounter]:
            for record, body in store.read_sealed(name):
                line = encode_line(name, body, record.hash, log_id if count == 0 else None)
                out.write(line.decode() if text else line)
                count += 1
    return count


def import_jsonl(file: File, store: EventStore) -> dict[str, int]:
    """Verify a JSONL log per encounter, then append each encounter in one transaction keeping its hashes."""
    logs: dict[str, list[Sealed]] = {}
    decode_body = store.codec.decode_body if hasattr(store, "codec") else default_codec().decode_body
    log_id: str | None = None
    with _opened(file, "rb") as (handle, name):
        for number, line in _parse(handle, name):
            if not logs:
                log_id = line.log
            log = logs.setdefault(line.encounter, [])
            body = _body(line)
            if log:
                seq, prev = log[-1][0].seq + 1, log[-1][0].hash
            else:
                try:
                    head = _head_decoder.decode(body)
                except msgspec.ValidationError:
                    head = _Head()  # decode_body below reports what is wrong with it
                seq, prev = head.seq, head.prev_hash
            try:
                log.append(
                    (decode_body(body, line.hash, expected_seq=seq, expected_prev=prev, encounter=line.encounter), body)
                )
            except LogCorrupted as error:
                raise LogCorrupted(error.seq, Said("store-reason-at-line", file=name, line=number, reason=error.reason_words),
                                   error.encounter) from None
    # Check every encounter before writing any, so a conflict does not leave the import half done.
    for encounter, log in logs.items():
        next_seq = store.last(encounter)[0]
        if next_seq != log[0][0].seq:
            raise ConcurrencyConflict(encounter, log[0][0].seq, next_seq)
    for encounter, log in logs.items():
        store.append_sealed(encounter, log, log[0][0].seq, log_id)
    return {encounter: len(log) for encounter, log in logs.items()}


class JsonlStore(StoreBase):
    """A log in one JSONL file, the export format itself; appends are locked, written whole and fsynced."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = Path(path)
        if not self.path.resolve().parent.is_dir():
            raise StoreError(Said("store-folder-missing", path=self.path, folder=self.path.resolve().parent))
        self._heads: dict[str, tuple[int, str]] = {}
        self._scanned = 0  # bytes of the file already folded into _heads
        self._lines = 0
        self._events = 0  # event lines in the first _scanned bytes
        self._meta_id: str | None = None  # the log id its first line holds (chain version 2)
        self._signed: dict[str, list[tuple[int, str, str]]] = {}  # encounter -> its signed heads
        self._requests: dict[tuple[str, str], tuple[str, int, int]] = {}  # (encounter, key) -> (asked, first, last)
        self._lock = threading.Lock()
        from combatlog.events.stores.signing import signer_from_environment

        self.signer = signer_from_environment()  # COMBATLOG_SIGNING_KEY: each append signs its head

    def _load_identity(self) -> tuple[str | None, bool]:
        with self._lock, self._locked("rb", exclusive=False) as handle:
            self._refresh(handle)
            return self._meta_id, self._meta_id is not None or self._events > 0

    @contextmanager
    def _locked(self, mode: str, exclusive: bool) -> Iterator[IO[bytes] | None]:
        """The file opened and flock-ed (shared or exclusive), or None if it does not exist yet."""
        try:
            handle = open(self.path, mode)
        except FileNotFoundError:
            yield None
            return
        except OSError as error:
            raise StoreError(Said("store-file-error", path=self.path, error=str(error.strerror or error))) from None
        with handle:
            if fcntl is not None:
                fcntl.flock(handle, fcntl.LOCK_EX if exclusive else fcntl.LOCK_SH)  # released on close
            yield handle

    def _refresh(self, handle: IO[bytes] | None) -> None:
        """Fold the lines written since the last look (by anyone) into the per-encounter (next seq, hash)."""
        if handle is None or os.fstat(handle.fileno()).st_size < self._scanned:  # none, replaced or truncated
            self._heads, self._scanned, self._lines, self._events, self._meta_id = {}, 0, 0, 0, None
            self._signed, self._requests = {}, {}
        if handle is None:
            return
        handle.seek(self._scanned)
        data = handle.read()
        heads = dict(self._heads)
        events = self._events
        for _, line in _parse(data.splitlines(keepends=True), str(self.path), self._lines + 1):
            if events == 0:
                self._meta_id = line.log
            seq = heads.get(line.encounter, (0, ""))[0]
            heads[line.encounter] = (seq + 1, line.hash)
            events += 1
            if line.sig is not None:
                self._signed.setdefault(line.encounter, []).append((seq, line.hash, line.sig))
            if line.request is not None:
                self._note_request(self._requests, line.encounter, *line.request, seq)
        self._heads, self._scanned, self._lines = heads, self._scanned + len(data), self._lines + data.count(b"\n")
        self._events = events

    def _commit(self, encounter: str, expected_seq: int, make: Callable[[str], list[Sealed]],
                adopt: str | None = NEW) -> list[Sealed]:
        with self._lock, self._locked("a+b", exclusive=True) as handle:
            assert handle is not None
            self._refresh(handle)
            self._check_head_file()
            identity, store = settle_identity(str(self.path), self._meta_id, self._events == 0, adopt)
            next_seq, prev = self._heads.get(encounter, (0, GENESIS_HASH))
            if next_seq != expected_seq:
                raise ConcurrencyConflict(encounter, expected_seq, next_seq)
            if next_seq == 0:
                prev = (self._pinned or {}).get(encounter) or chain_genesis(identity, encounter)
            sealed = make(prev)
            last = sealed[-1][0]
            sig = self.head_signature(identity, encounter, last.seq, last.hash)
            asked = self._pending_request(encounter)
            request = None if asked is None else (asked[0], asked[1], sealed[0][0].seq)
            end = len(sealed) - 1
            data = b"".join(encode_line(encounter, body, record.hash, identity if store and index == 0 else None,
                                        *((sig, request) if index == end else (None, None)))
                            for index, (record, body) in enumerate(sealed))
            size = self._scanned
            if size:
                handle.seek(size - 1)
                if handle.read(1) != b"\n":  # a hand-written last line without its newline
                    data = b"\n" + data
            try:
                handle.write(data)
                handle.flush()
                os.fsync(handle.fileno())
            except OSError as error:
                handle.truncate(size)  # all or nothing: drop the part that made it
                raise StoreError(Said("store-file-error", path=self.path, error=str(error.strerror or error))) from None
            self._heads[encounter] = (next_seq + len(sealed), sealed[-1][0].hash)
            self._scanned, self._lines = size + len(data), self._lines + data.count(b"\n")
            self._events += len(sealed)
            if store:
                self._meta_id = identity
            if sig is not None:
                self._signed.setdefault(encounter, []).append((last.seq, last.hash, sig))
            if request is not None:
                self._note_request(self._requests, encounter, *request, last.seq)
            _write_head_file(self.path, self._events, self._heads)  # under the lock: heads written in order
            return sealed

    def signatures(self, encounter: str) -> list[tuple[int, str, str]]:
        """The encounter's signed heads (seq, hash, signature) its lines carry, by seq."""
        with self._lock, self._locked("rb", exclusive=False) as handle:
            self._refresh(handle)
            return list(self._signed.get(encounter, []))

    def request(self, encounter: str, key: str) -> tuple[str, int, int] | None:
        """(fingerprint, first seq, last seq) the request with idempotency key `key` appended, or None."""
        with self._lock, self._locked("rb", exclusive=False) as handle:
            self._refresh(handle)
            return self._requests.get((encounter, key))

    def _check_head_file(self) -> None:
        """Refuse to append to a log that lost events its head file records (lines cut from its end, or its
        last line replaced): the head file rewritten after this append would no longer show the damage.
        A head file behind the log (a crash between the two writes) is not damage."""
        try:
            recorded = _head_file_decoder.decode(head_path(self.path).read_bytes())
        except (OSError, msgspec.DecodeError, msgspec.ValidationError):
            return
        for encounter, (head_seq, head_hash) in sorted(recorded.heads.items()):
            next_seq, last_hash = self._heads.get(encounter, (0, ""))
            if next_seq - 1 <= head_seq:
                ends_at_head(str(self.path), encounter, next_seq - 1 if next_seq else None, last_hash or None,
                             head_seq, head_hash)
        if recorded.lines > self._events:  # lines gone, though every encounter still reaches its head
            raise StoreError(Said("store-jsonl-lines-cut", path=str(self.path), lines=recorded.lines,
                                  now=self._events))

    def _bodies(self, encounter: str, from_seq: int) -> tuple[str | None, Iterator[tuple[bytes, str]]]:
        with self._locked("rb", exclusive=False) as handle:
            data = handle.read() if handle else b""
        prev = self.genesis(encounter) if from_seq == 0 else None
        bodies = []
        seq = 0
        for _, line in _parse(data.splitlines(keepends=True), str(self.path)):
            if line.encounter == encounter:
                if seq == from_seq - 1:
                    prev = line.hash
                elif seq >= from_seq:
                    bodies.append((_body(line), line.hash))
                seq += 1
        return prev, iter(bodies)

    def encounters(self) -> list[str]:
        """The encounters with at least one event, sorted."""
        with self._lock, self._locked("rb", exclusive=False) as handle:
            self._refresh(handle)
            return sorted(self._heads)

    def last(self, encounter: str) -> tuple[int, str]:
        """(next seq, last hash) of the encounter; (0, GENESIS_HASH) when it has no events."""
        with self._lock, self._locked("rb", exclusive=False) as handle:
            self._refresh(handle)
            return self._heads.get(encounter, (0, GENESIS_HASH))


    def head(self, encounter: str) -> tuple[int, str] | None:
        """The (last seq, hash) `LOG.jsonl.head` recorded, when the log now holds fewer event lines than it
        counted then (whole lines were cut from its end); None otherwise, or when there is no head file.

        A log that did not shrink has lost nothing the head could name (the chain checks every line it
        holds), and a head written after this reader read the events must not look like a cut."""
        try:
            recorded = _head_file_decoder.decode(head_path(self.path).read_bytes())
        except (OSError, msgspec.DecodeError, msgspec.ValidationError):
            return None
        with self._lock, self._locked("rb", exclusive=False) as handle:
            now = _event_lines(handle.read()) if handle else 0
        if now >= recorded.lines:
            return None
        found = recorded.heads.get(encounter)
        return (found[0], found[1]) if found else None

    def missing_head(self, encounter: str) -> bool:
        """Whether the head file, written after the log's every event line, leaves out this encounter (its
        record deleted); an older log (chain version 1) or a log without a head file: nothing to say."""
        if self.log_id() is None:
            return False
        try:
            recorded = _head_file_decoder.decode(head_path(self.path).read_bytes())
        except (OSError, msgspec.DecodeError, msgspec.ValidationError):
            return False
        with self._lock, self._locked("rb", exclusive=False) as handle:
            now = _event_lines(handle.read()) if handle else 0
        return now <= recorded.lines and encounter not in recorded.heads


def first_line_is_event(path: str | os.PathLike[str]) -> bool:
    """Whether the file's first non-blank line is a combatlog event line (the file is a JSONL log or export)."""
    try:
        with open(path, "rb") as handle:
            while line := handle.readline(4_000_000):  # a whole event line, never a whole foreign file
                if line.strip():
                    _line_decoder.decode(line)
                    return True
    except (OSError, msgspec.DecodeError, msgspec.ValidationError):
        return False
    return False


class Cut(msgspec.Struct, frozen=True):
    """What `repair_jsonl` cut from the end of a log: the bytes from `offset`, and the events they held."""

    offset: int
    size: int
    torn_line: int | None  # the line number of a line cut mid-way, if any
    events: tuple[tuple[str, int], ...]  # (encounter, seq) of whole events cut with an unfinished command
    saved_to: str = ""


def whole_prefix(data: bytes, name: str = "<log>") -> tuple[int, int | None, list[tuple[int, int, _Line]]]:
    """(end of the last whole line, line number of a torn last line or None, [(start, end, line)...] before it).

    A damaged line that is not the last one raises StoreError: that is damage, not an interrupted write."""
    lines: list[tuple[int, int, _Line]] = []
    offset = 0
    number = 0
    for raw in data.splitlines(keepends=True):
        number += 1
        start, offset = offset, offset + len(raw)
        if not raw.strip():
            continue
        try:
            lines.append((start, offset, _line_decoder.decode(raw)))
        except (msgspec.DecodeError, msgspec.ValidationError) as error:
            if offset == len(data) and not raw.endswith(b"\n"):
                return start, number, lines
            raise StoreError(Said("store-jsonl-unrepairable-line", file=name, line=number, error=str(error))) from None
    if data and not data.endswith(b"\n"):
        return len(data), None, lines  # a whole last line missing only its newline: nothing to cut
    return len(data), None, lines


def repair_jsonl(path: str | os.PathLike[str], incomplete: Callable[[str, list[Sealed]], int] | None = None) -> Cut | None:
    """Cut a JSONL log back to its last whole command; the cut bytes are kept in `PATH.cut`. None: nothing to cut.

    `incomplete(encounter, sealed)` answers how many events at the end of the encounter belong to a command
    that was not written whole (0 when its last command is whole); without it only a torn line is cut."""
    path = Path(path)
    try:
        handle = open(path, "r+b")
    except OSError as error:
        raise StoreError(Said("store-file-error", path=path, error=str(error.strerror or error))) from None
    with handle:
        if fcntl is not None:
            fcntl.flock(handle, fcntl.LOCK_EX)
        data = handle.read()
        end, torn, lines = whole_prefix(data, str(path))
        cut_events: list[tuple[str, int]] = []
        if lines and incomplete is not None:
            last_encounter = lines[-1][2].encounter
            mine = [(start, line) for start, _, line in lines if line.encounter == last_encounter]
            sealed: list[Sealed] = []
            prev, seq = GENESIS_HASH, 0
            for _, line in mine:
                body = _body(line)
                if not sealed:
                    try:
                        head = _head_decoder.decode(body)
                        seq, prev = head.seq, head.prev_hash
                    except msgspec.ValidationError:
                        pass
                sealed.append((default_codec().decode_body(body, line.hash, expected_seq=seq, expected_prev=prev,
                                           encounter=last_encounter), body))
                prev, seq = line.hash, seq + 1
            count = incomplete(last_encounter, sealed)
            if count:
                # The unfinished command's lines were the last ones written for this encounter.
                first = min(start for start, _ in mine[-count:])
                if any(start > first and line.encounter != last_encounter for start, _, line in lines):
                    raise StoreError(Said("store-jsonl-unfinished-not-last", path=path))
                end = first
                cut_events = [(last_encounter, record.seq) for record, _ in sealed[-count:]]
        if end >= len(data):
            return None
        saved = Path(f"{path}.cut")
        with open(saved, "ab") as keep:
            keep.write(data[end:])
            keep.flush()
            os.fsync(keep.fileno())
        handle.truncate(end)
        handle.flush()
        os.fsync(handle.fileno())
        heads: dict[str, tuple[int, str]] = {}
        kept = 0
        for start, _, line in lines:
            if start < end:
                heads[line.encounter] = (heads.get(line.encounter, (0, ""))[0] + 1, line.hash)
                kept += 1
        _write_head_file(path, kept, heads)  # the cut was asked for: the head now counts what is left
        return Cut(offset=end, size=len(data) - end, torn_line=torn, events=tuple(cut_events), saved_to=str(saved))
