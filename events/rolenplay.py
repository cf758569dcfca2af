"""Events of the Rôle'n Play ruleset (seed 003) that the 5e family has no use for."""

from combatlog.events.base import Event


class RolenplayOptionsSet(Event, frozen=True, kw_only=True):
    """The encounter's options from `create`: the cinematic rule (D7) and opportunity attacks (D4)."""

    cinematic: bool = False
    opportunity_attacks: bool = False


class KeptAliveAtZero(Event, frozen=True, kw_only=True):
    """This monster falls unconscious and dying at 0 HP like a character (« Les monstres et la mort »)."""

    id: str


class ReactionsRestored(Event, frozen=True, kw_only=True):
    """A turn starts: these creatures get their reaction back (« Réaction »: once per turn, anyone's)."""

    ids: tuple[str, ...]
    turn_of: str = ""


class PlainStreakChanged(Event, frozen=True, kw_only=True):
    """The cinematic rule (D7): how many plain attacks in a row this character has made."""

    id: str
    streak: int


class AftermathStarted(Event, frozen=True, kw_only=True):
    """Combat is over: allies have `rounds` rounds to heal or stabilize the dying (« Perdre conscience », D6)."""

    rounds: int
    dying: tuple[str, ...] = ()


class AftermathRoundPassed(Event, frozen=True, kw_only=True):
    """One round of the aftermath has passed; every creature has its action back."""

    round: int
    rounds_left: int


class StabilizeAttempted(Event, frozen=True, kw_only=True):
    """A stabilize attempt in the aftermath (one per helper per aftermath round)."""

    id: str
    target: str


ROLENPLAY_EVENTS = (RolenplayOptionsSet, KeptAliveAtZero, ReactionsRestored, PlainStreakChanged, AftermathStarted,
                    AftermathRoundPassed, StabilizeAttempted)
