"""The ruleset registry: `find_ruleset(name)`."""

from combatlog.core.errors import InvalidCommand
from combatlog.core.rulesets.base import Ruleset5e
from combatlog.core.rulesets.dnd5e_2014 import Dnd5e2014
from combatlog.core.rulesets.dnd5e_2024 import Dnd5e2024

RULESETS: dict[str, Ruleset5e] = {ruleset.name: ruleset for ruleset in (Dnd5e2024(), Dnd5e2014())}
PLANNED = ("rolenplay",)
# Temporary pf1 dispatch shim (replaced by the kernel's dispatcher at merge): rulesets that decide and fold themselves.
from combatlog.core.rulesets.pf1 import PF1  # noqa: E402

RULESETS[PF1.name] = PF1
PLUGINS = {PF1.name: PF1}


def find_ruleset(name: str) -> Ruleset5e:
    try:
        return RULESETS[name]
    except KeyError:
        if name in PLANNED:
            raise InvalidCommand(
                f"ruleset '{name}' is not available yet; use one of: {', '.join(RULESETS)}",
                message_fr=f"le système '{name}' n'est pas encore disponible ; choisissez parmi : {', '.join(RULESETS)}",
            ) from None
        raise InvalidCommand(
            f"unknown ruleset '{name}'; use one of: {', '.join(RULESETS)}",
            message_fr=f"système de règles inconnu '{name}' ; choisissez parmi : {', '.join(RULESETS)}",
        ) from None
