"""The ruleset contract (`Ruleset`), and `find_ruleset(name)` over the installed registry.

The four rulesets are assembled at the top, in one place (combatlog.rulesets), into a kernel `Registry`
(core/kernel/registry.py) handed down to the kernel, the codec and the stores; nothing here imports a ruleset.
`find_ruleset`, `RULESETS` and `rolls_death_saves` read the registry the assembly installed, which imports a
ruleset on first use (`RULESETS[name]` and `RULESETS.get(name)` import that one; `all_event_types()` and
`RULESETS.values()` import them all).
`decide_and_fold` takes `recorded` only when verify re-derives a logged `create`: the events the log holds for
it (a ruleset whose rules have versions takes the version that create recorded from them)."""

from typing import Any, Protocol

from combatlog.core.kernel.registry import default_registry


class Ruleset(Protocol):
    """What a ruleset brings (see README "How a ruleset plugs in"). The kernel calls the first group; the
    shared words, the shell and the views ask the hooks below it, each with a default for a ruleset that has
    nothing to say (the callers use `getattr(ruleset, hook, default)`)."""

    name: str
    state_type: type
    event_types: tuple[type, ...]
    template_family: str
    library_family: str  # the compendium family of its creatures and spells (INTERFACE §7)

    def initial_state(self, created) -> Any: ...
    def decide_and_fold(self, state, raw: dict, *, templates, default_seed: str, encounters=None,
                        spells=None, recorded: tuple | None = None) -> tuple[list, Any]: ...
    def evolve(self, state, event) -> Any: ...
    def document(self, state) -> dict: ...

    # Hooks for the words, the views and the shell (optional):
    death_saves: bool  # whether it rolls death saving throws (default True)
    words_edition: int  # which edition's wording the shared catalogs use for it (default 2024)

    def condition_name(self, condition: str, lang: str) -> str: ...  # its own conditions' names
    # The log lines of its own events (`event-<type>` in its .ftl): per event type name, a function
    # (event, lang, cast, units) -> the variables beyond ids -> names; `projections/describe.py` asks for them.
    event_args: dict
    # The transcript's words for a ruleset with events of its own (pf1: core/rulesets/pf1/words.py), or None:
    # its events then read as their log lines.
    transcript_words: object
    # The shell's vocabulary (`combatlog play`): the ids its commands accept, so that the line parser needs no
    # ruleset module. Each a tuple of ids; the parser reads the union over the registry.
    damage_types: tuple[str, ...]
    conditions: tuple[str, ...]
    abilities: tuple[str, ...]
    skills: tuple[str, ...]
    command_names: frozenset[str]  # the commands (`do`) it takes: the shell's help lists their verbs only
    # A ruleset from another package: the shell verbs it brings ({word: builder(args, state) -> command or
    # commands}, a word per language; package/lines.py) and the folder of its own catalogs (`<lang>/*.ftl`,
    # loaded as it loads: words.add_catalogs). The built-in ones have their verbs and words in the project's own.
    shell_verbs: dict
    catalogs: object
    # A custom creature's stat block from HP, AC, speed (metres), initiative bonus and plain attacks (the shell's
    # `ajout chef pv=30 ca=14 attaque=+4,1d6+2 tranchant`).
    def plain_stats(self, *, max_hp: int, ac: int, speed: float = 9, initiative_bonus: int | None = None,
                    attacks=()) -> dict: ...
    # Verify re-deriving an `add` with `carry`: (the command's recorded events) -> encounters(name), the other
    # encounter as the log recorded it (replay/verify.py; without it, no other encounter is found).
    def carried_lookup(self, events) -> Any: ...
    # The stat-block keys its `add` takes (party/characters.py).
    stat_keys: frozenset[str]
    # The reference (`combatlog schema`, docs/reference): the command Structs it takes (the kernel's undo, redo and
    # revert included), its stat block Struct and its spell object Struct, read by msgspec.json.schema.
    command_types: tuple[type, ...]
    stat_block_type: type
    spell_type: type


def find_ruleset(name: str) -> Ruleset:
    """The installed ruleset `name`; an unknown name is refused naming the known ones (InvalidCommand)."""
    return default_registry().find(name)


def rolls_death_saves(name: str | None) -> bool:
    """Whether the ruleset `name` rolls death saving throws (Pathfinder rolls stabilization checks, Rôle'n Play
    has none); True for an unknown name, as the 5e rules the other rulesets started from."""
    return getattr(default_registry().get(name or ""), "death_saves", True)


def all_event_types() -> tuple[type, ...]:
    """Every installed ruleset's own event types, each once, for the codec."""
    return default_registry().event_types()


def created_units(units: str | None, lang: str, recorded: tuple | None = None) -> str:
    """The units a `create` records: the ones it names; else, re-derived (verify), the ones its log recorded (a
    log from before issue 23 recorded metres for an English create that named none); else the language's own
    (feet in English, metres in French)."""
    from combatlog.words import default_units

    if units:
        return units
    if recorded is not None:
        from combatlog.events.meta import EncounterCreated

        logged = next((event for event in recorded if isinstance(event, EncounterCreated)), None)
        # Only what an engine could have recorded: metres (before issue 23) or the language's own; anything else
        # is an edit, which verify names by re-deriving the language's own.
        if logged is not None and logged.units in ("m", default_units(lang)):
            return logged.units
    return default_units(lang)


def __getattr__(name: str):
    if name == "RULESETS":  # the installed rulesets by name (a live view of the registry)
        return default_registry().rulesets
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["RULESETS", "Ruleset", "all_event_types", "created_units", "find_ruleset", "rolls_death_saves"]
