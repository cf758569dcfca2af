"""The envelope every stored event travels in: sequence, transaction, time, actor, hash chain."""

import hashlib
from typing import Any, Callable, Generic, TypeVar

import msgspec

from combatlog.events.purposes import UPCASTS as PURPOSE_UPCASTS
from combatlog.events.reasons import UPCASTS as REASON_UPCASTS
from combatlog.events.windows import UPCASTS as WINDOW_UPCASTS
from combatlog.words import message

# The type of a record's event: a codec decodes into `Recorded[its union of event types]` (events/codec.py), a
# union that grows when a ruleset loads; the records are `Recorded` all the same (a msgspec generic Struct).
EventT = TypeVar("EventT")

GENESIS_HASH = "0" * 64

# Chain versions. 1: every encounter's chain starts from GENESIS_HASH (logs written before version 2: the chain
# proves the order and the bytes of an encounter's events, not which encounter or log they belong to).
# 2: the first prev_hash of an encounter is `chain_genesis(log id, encounter)`, so events moved to another
# encounter's name, or into another log, no longer chain.
CHAIN_VERSION = 2


def chain_genesis(log_id: str | None, encounter: str) -> str:
    """The prev_hash of an encounter's first event: GENESIS_HASH in a version-1 log (no log id), else bound to
    the log's identity and the encounter's name."""
    if log_id is None:
        return GENESIS_HASH
    return hashlib.sha256(b"combatlog chain 2\x00" + log_id.encode() + b"\x00" + encounter.encode()).hexdigest()


def new_log_id() -> str:
    """A fresh random identity for a new log (stored in its metadata)."""
    import uuid

    return uuid.uuid4().hex


def fingerprint(digest: str) -> str:
    """A short readable form of an event hash: its first 80 bits in base32, 4 groups of 4 (`ABCD-EFGH-…`)."""
    import base64

    text = base64.b32encode(bytes.fromhex(digest)[:10]).decode()
    return "-".join(text[index:index + 4] for index in range(0, 16, 4))


def normal_fingerprint(text: str) -> str:
    """A fingerprint as typed by a person (any case, spaces or dashes, 0/1 for O/I) in the printed form."""
    cleaned = "".join(char for char in text.upper() if char.isalnum()).replace("0", "O").replace("1", "I")
    return "-".join(cleaned[index:index + 4] for index in range(0, len(cleaned), 4))


class Recorded(msgspec.Struct, Generic[EventT], frozen=True, kw_only=True, gc=False, omit_defaults=True):
    """One event as stored: `seq` is gapless from 0 per encounter; `txn` is the seq of its CommandIssued.

    `event` is one of the event types a codec knows: a codec decodes into `Recorded[its union]`
    (`codec.record_type`), which still makes `Recorded` instances; this module names no ruleset. Decoded with
    the bare `Recorded`, the event stays a dict: decode with a codec's `record_decoder`."""

    seq: int
    txn: int
    at: str
    actor: str = ""
    v: int = 1
    prev_hash: str = GENESIS_HASH
    hash: str = ""
    event: EventT


class LogCorrupted(Exception):
    """The stored log cannot be trusted from `seq` on: broken hash chain or unreadable bytes."""

    def __init__(self, seq: int, reason: str, encounter: str = ""):
        super().__init__(seq, reason, encounter)
        self.seq = seq
        self.reason = str(reason)  # the English text, a plain str
        self.reason_words = reason  # the same reason in every language when it was said through the catalogs
        self.encounter = encounter

    def __str__(self) -> str:
        where = f" of encounter '{self.encounter}'" if self.encounter else ""
        return f"log corrupted at event {self.seq}{where}: {self.reason}"

    def localized(self, lang: str) -> str:
        """The same sentence in `lang` (the reason too, when it was said through the catalogs)."""
        return message(lang, "store-log-corrupted", seq=self.seq, encounter=self.encounter, reason=self.reason_words)


_encoder = msgspec.json.Encoder(order="sorted")

# (event type, stored version) -> function turning the stored event dict into the next version's dict.
UPCASTERS: dict[tuple[str, int], Callable[[dict[str, Any]], dict[str, Any]]] = {**REASON_UPCASTS, **WINDOW_UPCASTS, **PURPOSE_UPCASTS}


def upcaster(event_type: str, from_version: int):
    """Register a function that lifts a stored `event_type` dict from `from_version` to the next version."""

    def register(function):
        UPCASTERS[(event_type, from_version)] = function
        return function

    return register


def canonical_body(record: Recorded) -> bytes:
    """The bytes the hash covers: the envelope without its own hash, keys sorted."""
    return _encoder.encode(msgspec.structs.replace(record, hash=""))


# A fresh SHA-256 is copied from this one: cheaper than looking the algorithm up again for every event.
_SHA256 = hashlib.sha256()


def compute_hash(body: bytes) -> str:
    """SHA-256 of the canonical body, hex."""
    sha = _SHA256.copy()
    sha.update(body)
    return sha.hexdigest()


def seal(records: list[Recorded], prev_hash: str, event_bytes: list[bytes] | None = None) -> list[tuple[Recorded, bytes]]:
    """Chain `records` after `prev_hash`: each gets its prev_hash and hash; returns (record, body) pairs.

    `event_bytes`: each event's own sorted-key encoding, already made (the engine's read-back check makes it):
    spliced into the body as it is, the event is not encoded a second time (a nested object's sorted encoding
    is the same bytes whether alone or inside the record)."""
    sealed = []
    replace, encode, raw = msgspec.structs.replace, _encoder.encode, msgspec.Raw
    for index, record in enumerate(records):
        record = replace(record, prev_hash=prev_hash, hash="", v=type(record.event).schema_version)
        body = encode(record if event_bytes is None else replace(record, event=raw(event_bytes[index])))
        prev_hash = compute_hash(body)
        sealed.append((replace(record, hash=prev_hash), body))
    return sealed


def encode_record(record: Recorded) -> bytes:
    """The canonical (sorted-key) JSON of a record."""
    return _encoder.encode(record)
