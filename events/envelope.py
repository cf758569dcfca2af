"""The envelope every stored event travels in: sequence, transaction, time, actor, hash chain."""

import hashlib
from typing import Any, Callable

import msgspec

from combatlog.events.reasons import UPCASTS as REASON_UPCASTS
from combatlog.events.union import EVENT_TYPES, AnyEvent
from combatlog.words import Said, message

GENESIS_HASH = "0" * 64


class Recorded(msgspec.Struct, frozen=True, kw_only=True, gc=False, omit_defaults=True):
    """One event as stored: `seq` is gapless from 0 per encounter; `txn` is the seq of its CommandIssued."""

    seq: int
    txn: int
    at: str
    actor: str = ""
    v: int = 1
    prev_hash: str = GENESIS_HASH
    hash: str = ""
    event: AnyEvent


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
_typed_decoder = msgspec.json.Decoder(Recorded)

# (event type, stored version) -> function turning the stored event dict into the next version's dict.
UPCASTERS: dict[tuple[str, int], Callable[[dict[str, Any]], dict[str, Any]]] = dict(REASON_UPCASTS)


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


def seal(records: list[Recorded], prev_hash: str) -> list[tuple[Recorded, bytes]]:
    """Chain `records` after `prev_hash`: each gets its prev_hash and hash; returns (record, body) pairs."""
    sealed = []
    replace, encode = msgspec.structs.replace, _encoder.encode
    for record in records:
        record = replace(record, prev_hash=prev_hash, hash="", v=type(record.event).schema_version)
        body = encode(record)
        prev_hash = compute_hash(body)
        sealed.append((replace(record, hash=prev_hash), body))
    return sealed


def decode_body(body: bytes, stored_hash: str, *, expected_seq: int, expected_prev: str, encounter: str = "") -> Recorded:
    """Decode one stored body, checking its bytes against the chain; raises LogCorrupted naming the seq."""
    if compute_hash(body) != stored_hash:
        raise LogCorrupted(expected_seq, Said("store-reason-bytes-changed"), encounter)
    try:
        record = _typed_decoder.decode(body)
    except (msgspec.DecodeError, msgspec.ValidationError) as error:
        record = _upcast(body, error, expected_seq, encounter)
    else:
        current = type(record.event).schema_version
        if record.v < current:
            record = _upcast(body, None, expected_seq, encounter)
        elif record.v > current:
            raise LogCorrupted(expected_seq, Said("store-reason-version-newer", version=record.v, current=current), encounter)
    if record.seq != expected_seq:
        raise LogCorrupted(expected_seq, Said("store-reason-seq-elsewhere", found=record.seq, expected=expected_seq), encounter)
    if record.prev_hash != expected_prev:
        raise LogCorrupted(expected_seq, Said("store-reason-chain-broken"), encounter)
    return msgspec.structs.replace(record, hash=stored_hash)


def _upcast(body: bytes, error: Exception, seq: int, encounter: str) -> Recorded:
    try:
        raw = msgspec.json.decode(body)
        event = raw["event"]
        event_type = event["type"]
        version = raw.get("v", 1)
        current = EVENT_TYPES[event_type].schema_version
    except Exception:
        raise LogCorrupted(seq, Said("store-reason-unreadable", error=str(error)), encounter) from None
    if version >= current:
        raise LogCorrupted(seq, Said("store-reason-unreadable", error=str(error)), encounter)
    while version < current:
        lift = UPCASTERS.get((event_type, version))
        if lift is None:
            raise LogCorrupted(seq, Said("store-reason-no-upcaster", type=event_type, version=version), encounter)
        event = lift(dict(event))
        version += 1
    raw["event"] = event
    raw["v"] = current
    try:
        return msgspec.convert(raw, Recorded)
    except msgspec.ValidationError as lifted_error:
        raise LogCorrupted(seq, Said("store-reason-upcast-invalid", type=event_type, error=str(lifted_error)), encounter) from None


def encode_record(record: Recorded) -> bytes:
    """The canonical (sorted-key) JSON of a record."""
    return _encoder.encode(record)
