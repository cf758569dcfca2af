"""The codec of a log: the typed decoders of every event type the installed rulesets bring, built once from
the registry at the edge (combatlog.rulesets) and handed to the stores, so that `events/` knows no ruleset.

`Codec(event_types)` takes the rulesets' own event types; the kernel's (events/meta.py) join them once. The
stores, replay and verification decode through the codec they were given; code that was given none (a store
opened directly, an old caller) uses the default the assembly installed with `install_default`."""

from typing import Any, Union

import msgspec

from combatlog.events import envelope, meta
from combatlog.events.base import Event
from combatlog.events.envelope import LogCorrupted, Recorded, UPCASTERS, compute_hash
from combatlog.words import Said

KERNEL_EVENTS: tuple[type[Event], ...] = tuple(
    cls for cls in vars(meta).values()
    if isinstance(cls, type) and issubclass(cls, Event) and cls is not Event and cls.__module__ == meta.__name__
)


class Codec:
    """Typed decoding of stored events: `record_decoder` for a whole record, `event_decoder` for an event alone,
    `versions` each type's current schema version, and `decode_body` with the chain checks."""

    def __init__(self, event_types=()):
        types: dict[str, type[Event]] = {}
        for cls in KERNEL_EVENTS + tuple(event_types):
            known = types.setdefault(cls.__name__, cls)
            if known is not cls:  # the tag is the class name: two types with one name cannot share a log
                raise ValueError(f"two event types are named {cls.__name__}: {known.__module__} and {cls.__module__}")
        self.event_types = types
        self.any_event = Union[tuple(types.values())]  # noqa: UP007 - a runtime-built union
        self.event_decoder = msgspec.json.Decoder(self.any_event)
        self.versions = {cls: cls.schema_version for cls in types.values()}
        # A codec of its own decodes into a Recorded subclass typed with its union; the default one (installed)
        # into Recorded itself, whose `event` names the installed union.
        self._use(msgspec.defstruct("Recorded", [("event", self.any_event)], bases=(Recorded,),
                                    module=__name__, frozen=True, kw_only=True, gc=False, omit_defaults=True))

    def _use(self, record_type: type) -> None:
        self.record_type = record_type
        self.record_decoder: msgspec.json.Decoder[Any] = msgspec.json.Decoder(record_type)

    def decode_body(self, body: bytes, stored_hash: str, *, expected_seq: int, expected_prev: str,
                    encounter: str = "") -> Recorded:
        """Decode one stored body, checking its bytes against the chain; raises LogCorrupted naming the seq."""
        if compute_hash(body) != stored_hash:
            raise LogCorrupted(expected_seq, Said("store-reason-bytes-changed"), encounter)
        try:
            record = self.record_decoder.decode(body)
        except (msgspec.DecodeError, msgspec.ValidationError) as error:
            record = self.upcast(body, error, expected_seq, encounter)
        else:
            current = type(record.event).schema_version
            if record.v < current:
                record = self.upcast(body, None, expected_seq, encounter)
            elif record.v > current:
                raise LogCorrupted(expected_seq, Said("store-reason-version-newer", version=record.v, current=current),
                                   encounter)
        if record.seq != expected_seq:
            raise LogCorrupted(expected_seq, Said("store-reason-seq-elsewhere", found=record.seq, expected=expected_seq),
                               encounter)
        if record.prev_hash != expected_prev:
            raise LogCorrupted(expected_seq, Said("store-reason-chain-broken"), encounter)
        return msgspec.structs.replace(record, hash=stored_hash)

    def upcast(self, body: bytes, error: Exception | None, seq: int, encounter: str) -> Recorded:
        """A record stored by an older schema, lifted step by step by the registered upcasters."""
        try:
            raw: dict[str, Any] = msgspec.json.decode(body)
            event = raw["event"]
            event_type = event["type"]
            version = raw.get("v", 1)
            current = self.event_types[event_type].schema_version
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
            return msgspec.convert(raw, self.record_type)
        except msgspec.ValidationError as lifted_error:
            raise LogCorrupted(seq, Said("store-reason-upcast-invalid", type=event_type, error=str(lifted_error)),
                               encounter) from None


_default: Codec | None = None


def install_default(codec: Codec) -> None:
    """Make `codec` the one used where none was handed down (the assembly calls it once, at import)."""
    global _default
    if _default is not None and _default is not codec:
        raise RuntimeError("an event codec is installed already: Recorded's event union is bound once")
    setattr(envelope, "AnyEvent", codec.any_event)  # binds the name Recorded's `event` annotation reads
    codec._use(Recorded)
    _default = codec


def default_codec() -> Codec:
    if _default is None:
        raise RuntimeError("no event codec installed: import combatlog (its assembly builds one from the rulesets)")
    return _default


__all__ = ["Codec", "KERNEL_EVENTS", "default_codec", "install_default"]
