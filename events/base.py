"""The base of every event type: frozen, tagged msgspec Structs."""

from typing import ClassVar

import msgspec


class Event(msgspec.Struct, frozen=True, kw_only=True, gc=False, tag_field="type", tag=True):
    """An immutable fact appended to the log; subclasses are named in the past tense."""

    schema_version: ClassVar[int] = 1
