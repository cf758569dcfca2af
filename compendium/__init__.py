"""The library: every open creature and spell of a ruleset family (INTERFACE.md §7), read from `data/` on first use.

`Library(family)` answers `.search(query, kind=None)` and `.get(id)`; `library_for(ruleset_name)` gives the
family's library (one per family, loaded once); `template(family, id)` is the fallback of `add` with `template`.
Data files are written by tools/import_library.py (5e) and the pf1 import: one
`data/<family>-<kind>s.json` per family and kind, `{"family", "kind", "sources", "entries", "skipped"}`.
"""

from __future__ import annotations

import copy
import re
import unicodedata
from functools import lru_cache
from pathlib import Path

import msgspec

DATA = Path(__file__).parent / "data"
LICENSES = Path(__file__).parent / "LICENSES"
KINDS = ("creature", "spell")
# The families data/ holds (`<family>-creatures.json`, `<family>-spells.json`), in the order a lookup that knows
# no family tries them.
FAMILIES = ("dnd5e-2024", "dnd5e-2014", "pf1")

def plain(text: str) -> str:
    """Case-, accent- and punctuation-insensitive form: "Araignée géante" and "araignee-geante" compare equal."""
    decomposed = unicodedata.normalize("NFKD", str(text))
    folded = "".join(ch for ch in decomposed if not unicodedata.combining(ch)).lower()
    return re.sub(r"[^a-z0-9]+", " ", folded).strip()


class _Named(msgspec.Struct):
    id: str
    name: dict[str, str] | str = ""


class _NamesOnly(msgspec.Struct):
    entries: list[_Named] = []


_NAMES = msgspec.json.Decoder(_NamesOnly)  # a data file's ids and names, every other field skipped


class Library:
    """One ruleset family's creatures and spells. Each kind's file is read the first time it is asked for."""

    def __init__(self, family: str, data: Path = DATA):
        self.family = family
        self._data = data
        self._files: dict[str, dict] = {}
        self._light: dict[str, list[tuple[dict | str, set[str], str]]] = {}  # kind -> (names, plain names, id)

    def document(self, kind: str) -> dict:
        """The data file of `kind` as written by the import (an empty one when the family has none)."""
        if kind not in KINDS:
            raise ValueError(f"unknown library kind {kind!r}; use one of {', '.join(KINDS)}")
        if kind not in self._files:
            path = self._data / f"{self.family}-{kind}s.json"
            if path.is_file():
                document = msgspec.json.decode(path.read_bytes())
            else:
                document = {"family": self.family, "kind": kind, "sources": [], "entries": [], "skipped": []}
            document["_by_id"] = {entry["id"]: entry for entry in document["entries"]}
            self._files[kind] = document
        return self._files[kind]

    def names_of(self, name: str, kind: str) -> dict | str | None:
        """The names (`{"en": …, "fr": …}`) of the entry whose id or English or French name is `name` (no accents,
        no case), else None. Reads only ids and names when the kind's file is not loaded yet: a view that names a
        side ("goblins") does not decode every stat block."""
        if kind in self._files:
            found = self.find(name, kind)
            return found.get("name") if found is not None else None
        if kind not in self._light:
            path = self._data / f"{self.family}-{kind}s.json"
            entries = _NAMES.decode(path.read_bytes()).entries if path.is_file() else []
            self._light[kind] = [(entry.name, {plain(entry.id)} | {plain(one) for one in _entry_names({"name": entry.name})},
                                  entry.id) for entry in entries]
        wanted = plain(name)
        by_id = next((names for names, _, entry_id in self._light[kind] if entry_id == name), None)
        if by_id is not None:
            return by_id
        return next((names for names, plain_names, _ in self._light[kind] if wanted in plain_names), None)

    def _names(self, kind: str) -> list[tuple[dict, set[str]]]:
        """Each entry with the plain forms of its id and names, built on the first search (not on load)."""
        document = self.document(kind)
        if "_names" not in document:
            document["_names"] = [(entry, {plain(entry["id"])} | {plain(name) for name in _entry_names(entry)})
                                  for entry in document["entries"]]
        return document["_names"]

    def entries(self, kind: str) -> list[dict]:
        return self.document(kind)["entries"]

    def search(self, query: str = "", kind: str | None = None) -> list[dict]:
        """Entries whose id or English or French name contains `query` (no accents, no case), exact names first."""
        wanted = plain(query or "")
        found: list[tuple[int, str, dict]] = []
        for one_kind in ((kind,) if kind else KINDS):
            for entry, names in self._names(one_kind):
                if not wanted or any(wanted in name for name in names):
                    rank = 0 if wanted in names else 1
                    found.append((rank, entry["id"], entry))
        found.sort(key=lambda item: (item[0], item[1]))
        return [entry for _, _, entry in found]

    def get(self, entry_id: str, kind: str | None = None) -> dict | None:
        """The entry `entry_id` (a copy: callers may change it), creatures looked up before spells."""
        for one_kind in ((kind,) if kind else KINDS):
            entry = self.document(one_kind)["_by_id"].get(entry_id)
            if entry is not None:
                return copy.deepcopy(entry)
        return None

    def find(self, name: str, kind: str | None = None) -> dict | None:
        """The entry whose id or English or French name is `name` (no accents, no case), else None."""
        found = self.get(name, kind)
        if found is not None:
            return found
        wanted = plain(name)
        for one_kind in ((kind,) if kind else KINDS):
            for entry, names in self._names(one_kind):
                if wanted in names:
                    return copy.deepcopy(entry)
        return None

    def about(self) -> list[dict]:
        """Each source of this family's data (name, repo, commit, licence), once."""
        seen: dict[tuple, dict] = {}
        for kind in KINDS:
            for source in self.document(kind)["sources"]:
                seen.setdefault((source["name"], source["commit"]), source)
        return list(seen.values())


def _entry_names(entry: dict) -> list[str]:
    names = entry.get("name")
    return list(names.values()) if isinstance(names, dict) else [names] if names else []


@lru_cache(maxsize=None)
def library_for_family(family: str) -> Library:
    return Library(family)


def library_for(ruleset: str) -> Library:
    """The library of the ruleset named `ruleset` (its `library_family`); raises the registry's refusal for an
    unknown name."""
    from combatlog.core.rulesets import find_ruleset

    return library_for_family(find_ruleset(ruleset).library_family)


def template(family: str, entry_id: str) -> dict | None:
    """A library creature as an `add` template (its whole §7 stat block: spellcasting, uses, legendary actions),
    or None."""
    if not family or not entry_id:
        return None
    return library_for_family(family).get(entry_id, "creature")


def spell(family: str, spell_id: str) -> dict | None:
    """A library spell as a spell object for `cast` (INTERFACE §7: the caster's own spell objects first, then the
    encounter's family library), or None."""
    if not family or not isinstance(spell_id, str) or not spell_id:
        return None
    entry = library_for_family(family).get(spell_id, "spell")
    if entry is None:
        return None
    from combatlog.core.rulesets.spellbook import SpellObject

    # The keys only people read that the spell object has no field for (pf1's class levels, spell resistance).
    return {key: value for key, value in entry.items() if key in SpellObject.__struct_fields__}


def licence_texts() -> list[tuple[str, str]]:
    """(file name, text) of every licence and attribution beside the data, in name order."""
    return [(path.name, path.read_text(encoding="utf-8")) for path in sorted(LICENSES.glob("*")) if path.is_file()]
