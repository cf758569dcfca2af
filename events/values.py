"""Small value types nested inside events: labelled modifiers, damage parts."""

import msgspec


class Modifier(msgspec.Struct, frozen=True, gc=False, array_like=False, omit_defaults=True):
    """A labelled number added to a roll, e.g. ("proficiency", 2) or ("half cover", 2); a rolled one (Bless's
    1d4) also keeps its dice and faces, ("bless", 3, roll "1d4", faces (3,)); Bane's is negative."""

    label: str
    value: int
    roll: str = ""
    faces: tuple[int, ...] = ()


class DamagePart(msgspec.Struct, frozen=True, gc=False, kw_only=True):
    """One typed part of a damage instance, from dice to what the target really loses."""

    type: str
    roll: str = ""
    faces: tuple[int, ...] = ()
    rolled: int = 0
    adjusted: int = 0
    applied: int = 0
    notes: tuple[str, ...] = ()
