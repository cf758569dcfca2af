"""The assembly: the one place that names the installed rulesets. It builds the registry the kernel is handed
and the codec the stores decode with, and installs both as the defaults for callers that hand none down.

Adding a ruleset: write its package under core/rulesets/, add its object to `_rulesets()`."""

from combatlog.core.kernel.registry import Registry, install_default as _install_registry
from combatlog.events.codec import Codec, install_default as _install_codec


def _rulesets() -> tuple:
    from combatlog.core.rulesets.dnd5e.dnd5e_2014 import Dnd5e2014
    from combatlog.core.rulesets.dnd5e.dnd5e_2024 import Dnd5e2024
    from combatlog.core.rulesets.dnd5e.rolenplay import Rolenplay
    from combatlog.core.rulesets.pf1 import PF1

    return Dnd5e2024(), Dnd5e2014(), Rolenplay(), PF1


# Before `create`, dnd5e-2024 explains a command that is not a well-formed `create` of a known ruleset.
REGISTRY = Registry(_rulesets(), fallback="dnd5e-2024")
CODEC = Codec(REGISTRY.event_types())
_install_registry(REGISTRY)
_install_codec(CODEC)


def find_ruleset(name: str):
    """The ruleset `name` (InvalidCommand naming the known ones when there is none)."""
    return REGISTRY.find(name)


__all__ = ["CODEC", "REGISTRY", "find_ruleset"]
