"""The shell's words now live in the API (combatlog.lines, which `Encounter.parse_line` uses); this name stays
for callers that imported them from here."""

from combatlog.lines import *  # noqa: F401,F403
from combatlog.lines import DAMAGE_WORDS, VERBS, alias, parse_line, verb_of  # noqa: F401
