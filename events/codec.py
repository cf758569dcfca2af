"""The codec of a log: the typed decoders of the event types it knows, handed to the stores, so that `events/`
knows no ruleset.

A codec always knows the shared event types, those defined in events/ (`SHARED_EVENTS`: the kernel's in
events/meta.py and the ones several rulesets emit); a ruleset's own types join when that ruleset loads
(`learn`, called by the assembly, combatlog.rulesets, when the registry imports a ruleset). Each create event
`decode_body` decodes is told to `created(ruleset)` (the assembly's: load it, so its events are known before
they come); a stored event of a type still unknown asks `missing(type name)` (load the ruleset that defines
it) before it is judged unreadable. The stores, replay and verification decode through the codec they were given; code
that was given none (a store opened directly, an old caller) uses the default the assembly installed with
`install_default`."""

import _thread
from typing import Any, Callable, Union

import msgspec

from combatlog.events import attacks, conditions, damage, meta, movement, reactions, resources, spells, turns
from combatlog.events.base import Event
from combatlog.events.envelope import LogCorrupted, Recorded, UPCASTERS, compute_hash
from combatlog.events.meta import EncounterCreated
from combatlog.words import Said


def _events_of(*modules) -> tuple[type[Event], ...]:
    return tuple(cls for module in modules for cls in vars(module).values()
                 if isinstance(cls, type) and issubclass(cls, Event) and cls is not Event
                 and cls.__module__ == module.__name__)


KERNEL_EVENTS: tuple[type[Event], ...] = _events_of(meta)
# Always known: the kernel's events and those of events/ that more than one ruleset emits (the 5e family's, which
# pf1 also writes: hidden, spell slots, carried combatants). Rôle'n Play's (events/rolenplay.py) and pf1's own
# join with their ruleset.
SHARED_EVENTS: tuple[type[Event], ...] = KERNEL_EVENTS + _events_of(
    turns, movement, attacks, damage, conditions, reactions, spells, resources)


class Codec:
    """Typed decoding of stored events: `record_decoder` for a whole record (into `record_type`,
    `Recorded[any_event]`), `event_decoder` for an event alone, `versions` each type's current schema version,
    and `decode_body` with the chain checks. `learn(event_types)` adds types (a ruleset that loads); the
    decoders are then rebuilt: read them from the codec, not from a copy taken before."""

    def __init__(self, event_types=(), *, missing: Callable[[str], bool] | None = None,
                 created: Callable[[str], None] | None = None):
        self.event_types: dict[str, type[Event]] = {}
        self.versions: dict[type, int] = {}
        # `missing(type_name)`: asked about a stored event of an unknown type; True when it taught this codec.
        self.missing = missing
        # `created(ruleset)`: told of each create event `decode_body` decodes, before the events after it (the
        # assembly loads that ruleset: its own event types are known before they are met).
        self.created = created
        self._lock = _thread.allocate_lock()
        self.learn(SHARED_EVENTS + tuple(event_types), rebuild=False)
        self._rebuild()

    def learn(self, event_types, *, rebuild: bool = True) -> None:
        """Know `event_types` too (a ruleset's own, when it loads); each type once, by its class name."""
        with self._lock:
            added = False
            for cls in event_types:
                known = self.event_types.setdefault(cls.__name__, cls)
                if known is not cls:  # the tag is the class name: two types with one name cannot share a log
                    raise ValueError(f"two event types are named {cls.__name__}: {known.__module__} and {cls.__module__}")
                if cls not in self.versions:
                    self.versions[cls] = cls.schema_version  # in place: loops that hold the dict see new types
                    added = True
            if added and rebuild:
                self._rebuild()

    def _rebuild(self) -> None:
        any_event: Any = Union[tuple(self.event_types.values())]  # noqa: UP007 - a runtime-built union
        record_type: Any = Recorded[any_event]  # type: ignore[valid-type]
        self.event_decoder = msgspec.json.Decoder(any_event)
        self.record_decoder: msgspec.json.Decoder[Any] = msgspec.json.Decoder(record_type)
        self.record_type = record_type
        self.any_event = any_event

    def _learned(self, body: bytes) -> Recorded | None:
        """`body` decoded after `missing` taught this codec its event's type; None when it did not."""
        if self.missing is None:
            return None
        try:
            event_type = msgspec.json.decode(body)["event"]["type"]
        except Exception:
            return None
        if not isinstance(event_type, str) or event_type in self.event_types or not self.missing(event_type):
            return None
        try:
            return self.record_decoder.decode(body)
        except (msgspec.DecodeError, msgspec.ValidationError):
            return None

    def decode_body(self, body: bytes, stored_hash: str, *, expected_seq: int, expected_prev: str,
                    encounter: str = "") -> Recorded:
        """Decode one stored body, checking its bytes against the chain; raises LogCorrupted naming the seq."""
        if compute_hash(body) != stored_hash:
            raise LogCorrupted(expected_seq, Said("store-reason-bytes-changed"), encounter)
        try:
            record = self.record_decoder.decode(body)
        except (msgspec.DecodeError, msgspec.ValidationError) as error:
            learned = self._learned(body)
            record = learned if learned is not None else self.upcast(body, error, expected_seq, encounter)
        current = type(record.event).schema_version  # an upcast record is at its current version already
        if record.v < current:
            record = self.lifted(record, body, expected_seq, encounter)
        elif record.v > current:
            raise LogCorrupted(expected_seq, Said("store-reason-version-newer", version=record.v, current=current),
                               encounter)
        if record.seq != expected_seq:
            raise LogCorrupted(expected_seq, Said("store-reason-seq-elsewhere", found=record.seq, expected=expected_seq),
                               encounter)
        if record.prev_hash != expected_prev:
            raise LogCorrupted(expected_seq, Said("store-reason-chain-broken"), encounter)
        if self.created is not None and type(record.event) is EncounterCreated:
            self.created(record.event.ruleset)
        return msgspec.structs.replace(record, hash=stored_hash)

    def lifted(self, record: Recorded, body: bytes, seq: int, encounter: str) -> Recorded:
        """`record`, decoded from `body` but stored by an older schema of its event: the event lifted by the
        registered upcasters and converted alone (the envelope as decoded), about three times cheaper than
        `upcast`, which converts the whole record again."""
        event_type = type(record.event)
        version, current = record.v, event_type.schema_version
        event = _lift(event_type.__name__, msgspec.json.decode(body)["event"], version, current, seq, encounter)
        try:
            return msgspec.structs.replace(record, event=msgspec.convert(event, event_type), v=current)
        except msgspec.ValidationError as lifted_error:
            raise LogCorrupted(seq, Said("store-reason-upcast-invalid", type=event_type.__name__, error=str(lifted_error)),
                               encounter) from None

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
        raw["event"] = _lift(event_type, event, version, current, seq, encounter)
        raw["v"] = current
        try:
            return msgspec.convert(raw, self.record_type)
        except msgspec.ValidationError as lifted_error:
            raise LogCorrupted(seq, Said("store-reason-upcast-invalid", type=event_type, error=str(lifted_error)),
                               encounter) from None


def _lift(event_type: str, event: dict[str, Any], version: int, current: int, seq: int, encounter: str) -> dict[str, Any]:
    """A stored event's dict lifted from `version` to `current`, one registered upcaster a step."""
    while version < current:
        lift = UPCASTERS.get((event_type, version))
        if lift is None:
            raise LogCorrupted(seq, Said("store-reason-no-upcaster", type=event_type, version=version), encounter)
        event = lift(dict(event))
        version += 1
    return event


_default: Codec | None = None


def install_default(codec: Codec) -> None:
    """Make `codec` the one used where none was handed down (the assembly calls it once, at import)."""
    global _default
    if _default is not None and _default is not codec:
        raise RuntimeError("an event codec is installed already: the assembly installs one, once")
    _default = codec


def default_codec() -> Codec:
    if _default is None:  # `import combatlog` names its assembly without building it: built on first need
        from combatlog.core.kernel.assembly import build

        build()
    if _default is None:
        raise RuntimeError("no event codec installed: import combatlog (its assembly builds one from the rulesets)")
    return _default


__all__ = ["Codec", "KERNEL_EVENTS", "SHARED_EVENTS", "default_codec", "install_default"]
