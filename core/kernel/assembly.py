"""Where the defaults come from, without building them: the package (`combatlog/__init__.py`) names here how
its assembly is built (`install`), and the first caller that needs the default registry or codec builds it
(`build`), through `default_registry()` or `default_codec()`. `import combatlog` then costs nothing of the engine
(`combatlog --version` imports no msgspec), while a module driven directly (`from combatlog.replay.engine
import Encounter`) still finds the rulesets installed. This module imports nothing: it is on every path."""

_builder = None


def install(builder) -> None:
    """`builder()` builds and installs the defaults (the package hands down its assembly; called once)."""
    global _builder
    _builder = builder


def build() -> None:
    """Build the defaults now, if the package named how (else nothing: the caller says what is missing)."""
    if _builder is not None:
        _builder()
