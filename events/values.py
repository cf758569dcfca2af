"""Small value types nested inside events: labelled modifiers, damage parts."""

import msgspec


class Modifier(msgspec.Struct, frozen=True, gc=False, array_like=False):
    """A labelled number added to a roll, e.g. ("proficiency", 2) or ("half cover", 2)."""

    label: str
    value: int


class DamagePart(msgspec.Struct, frozen=True, gc=False, kw_only=True):
    """One typed part of a damage instance, from dice to what the target really loses."""

    type: str
    roll: str = ""
    faces: tuple[int, ...] = ()
    rolled: int = 0
    adjusted: int = 0
    applied: int = 0
    notes: tuple[str, ...] = ()
