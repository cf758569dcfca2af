"""After the fight (INTERFACE.md §5): who dealt and took how much, per combatant and per round, from the log alone.

A pure projection over the recorded events: what an undone command wrote counts for nothing (the same
timeline the fold follows), and no rule runs again. What each figure counts:
- `damage_taken` / `damage_dealt`: a `DamageTaken`'s `total` (after resistance, vulnerability and halving; the
  part temporary HP absorbed included), dealt by its `source` (an attack's attacker, a spell's caster); damage
  from no creature (a trap, the DM's `damage`) is taken by its target and dealt by nobody;
- `healing_done`: a `Healed` amount, done by the caster of the spell in the same command, by the command's own
  actor when it names one (`attacker`, `id`), else by nobody; `healing_received` is its target's;
- `hits`, `misses`, `crits`: attack rolls (a spell attack's too), as they finally stood (an `AttackReevaluated`,
  e.g. a reaction's Shield, replaces the roll's outcome);
- `kills`: a creature whose status becomes `dead` in the same command as damage it took, credited to the source
  of the last such damage;
- `saves_made`, `saves_failed`: saving throws of every purpose (death saves apart), a legendary resistance turning
  a failure into a success.
Each combatant's `rounds` holds the same figures for each round it did or suffered something in (round 0 is
before `start`).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from combatlog.events.attacks import AttackReevaluated, AttackRolled, SavingThrowRolled
from combatlog.events.damage import DamageTaken, Healed, StatusChanged
from combatlog.events.envelope import Recorded
from combatlog.events.meta import CommandIssued, EncounterCreated
from combatlog.events.resources import LegendaryResistanceUsed
from combatlog.events.spells import SpellCast
from combatlog.events.turns import CombatantAdded, TurnStarted
from combatlog.replay.timeline import timeline_of
from combatlog.words import message, number

FIGURES = ("damage_dealt", "damage_taken", "healing_done", "healing_received", "hits", "misses", "crits", "kills",
           "saves_made", "saves_failed")
ACTOR_FIELDS = ("caster", "attacker", "id")  # who a command's own healing is done by, when it names one
SELF_ONLY = ("death_save",)  # a natural 20's hit point is no one's healing


def _blank() -> dict[str, int]:
    return dict.fromkeys(FIGURES, 0)


class _Tally:
    def __init__(self) -> None:
        self.people: dict[str, dict[str, Any]] = {}
        self.round = 0

    def person(self, cid: str) -> dict[str, Any]:
        found = self.people.get(cid)
        if found is None:
            found = self.people[cid] = {"name": cid, "side": "", "kind": "", **_blank(), "rounds": {}}
        return found

    def add(self, cid: str, figure: str, amount: int = 1, round_: int | None = None) -> None:
        if not cid:
            return
        person = self.person(cid)
        person[figure] += amount
        key = str(self.round if round_ is None else round_)
        person["rounds"].setdefault(key, _blank())[figure] += amount


def summary(records: Iterable[Recorded], lang: str | None = None) -> dict[str, Any]:
    """The fight's summary: `{"name": the encounter's, "rounds": last round, "combatants": {id: {name, side, kind, figures…, "rounds":
    {"1": {figures…}}}}}`, names in `lang` (default the encounter's)."""
    records = list(records)
    timeline = timeline_of(records)
    skipped = timeline.undone | timeline.markers
    tally = _Tally()
    wanted = lang
    # The last attack roll of each (attacker, target), with its round: a later re-evaluation changes its outcome.
    attacks: dict[tuple[str, str], tuple[int, bool, bool]] = {}
    txn, title = -1, ""
    doer = ""  # who the current command acts for (a spell's caster, the command's named actor)
    damaged: dict[str, str] = {}  # this command's last damage source per target
    for record in records:
        if record.txn in skipped:
            continue
        event = record.event
        if record.txn != txn:
            txn, doer, damaged = record.txn, "", {}
        if isinstance(event, CommandIssued):
            command = event.command if isinstance(event.command, dict) else {}
            doer = "" if command.get("do") in SELF_ONLY else next(
                (command[f] for f in ACTOR_FIELDS if isinstance(command.get(f), str)), "")
        elif isinstance(event, EncounterCreated):
            wanted = wanted or event.lang
            title = event.name
        elif isinstance(event, CombatantAdded):
            person = tally.person(event.id)
            person["name"] = (event.name_fr if (wanted or "en") == "fr" and event.name_fr else event.name) or event.id
            person["side"], person["kind"] = event.side, event.kind
        elif isinstance(event, TurnStarted):
            tally.round = event.round
        elif isinstance(event, SpellCast):
            doer = event.caster
        elif isinstance(event, AttackRolled):
            _count_attack(tally, event.attacker, event.hit, event.critical, -1)
            attacks[(event.attacker, event.target)] = (tally.round, event.hit, event.critical)
        elif isinstance(event, AttackReevaluated):
            before = attacks.get((event.attacker, event.target))
            if before is not None:
                round_, hit, critical = before
                _count_attack(tally, event.attacker, hit, critical, round_, undo=True)
                _count_attack(tally, event.attacker, event.hit, event.critical, round_)
                attacks[(event.attacker, event.target)] = (round_, event.hit, event.critical)
        elif isinstance(event, DamageTaken):
            tally.add(event.target, "damage_taken", event.total)
            if event.source:
                tally.add(event.source, "damage_dealt", event.total)
                damaged[event.target] = event.source
        elif isinstance(event, Healed):
            tally.add(event.target, "healing_received", event.amount)
            tally.add(doer, "healing_done", event.amount)
        elif isinstance(event, StatusChanged):
            if event.status == "dead" and damaged.get(event.id):
                tally.add(damaged[event.id], "kills")
        elif isinstance(event, SavingThrowRolled):
            tally.add(event.id, "saves_made" if event.success else "saves_failed")
        elif isinstance(event, LegendaryResistanceUsed):
            tally.add(event.id, "saves_failed", -1)
            tally.add(event.id, "saves_made")
    _number_namesakes(tally.people)
    return {"name": title, "rounds": tally.round, "combatants": tally.people}


def _number_namesakes(people: dict[str, dict[str, Any]]) -> None:
    """Two goblins are "Goblin 1" and "Goblin 2", in the order they joined, as the transcript names them."""
    counts: dict[str, int] = {}
    for person in people.values():
        counts[person["name"]] = counts.get(person["name"], 0) + 1
    seen: dict[str, int] = {}
    for person in people.values():
        name = person["name"]
        if counts[name] > 1:
            seen[name] = seen.get(name, 0) + 1
            person["name"] = f"{name} {seen[name]}"


def _count_attack(tally: _Tally, attacker: str, hit: bool, critical: bool, round_: int, *, undo: bool = False) -> None:
    sign = -1 if undo else 1
    when = None if round_ < 0 else round_
    tally.add(attacker, "hits" if hit else "misses", sign, when)
    if hit and critical:
        tally.add(attacker, "crits", sign, when)


# ------------------------------------------------------------------------------------------ as a table
COLUMNS = (("summary-damage-dealt", "damage_dealt"), ("summary-damage-taken", "damage_taken"),
           ("summary-healing-done", "healing_done"), ("summary-hits", "hits"), ("summary-misses", "misses"),
           ("summary-crits", "crits"), ("summary-kills", "kills"))


def summary_rows(document: dict[str, Any], lang: str) -> dict[str, Any]:
    """The summary as tables of words and numbers (the transcript's last section, `combatlog summary`): `title`,
    `header` and `rows` (one per combatant, in the order they joined), `round_header` and `round_rows` (damage
    dealt / taken in each round)."""
    people = document["combatants"]
    header = [message(lang, "summary-combatant"), *(message(lang, key) for key, _ in COLUMNS),
              message(lang, "summary-saves")]
    rows = [[person["name"], *(number(person[field], lang) for _, field in COLUMNS),
             f"{number(person['saves_made'], lang)}/{number(person['saves_failed'], lang)}"]
            for person in people.values()]
    rounds = sorted({int(key) for person in people.values() for key in person["rounds"]})
    round_header = [message(lang, "summary-combatant"), *(message(lang, "summary-round", round=r) for r in rounds)]
    round_rows = []
    for person in people.values():
        cells = []
        for r in rounds:
            figures = person["rounds"].get(str(r))
            cells.append(f"{figures['damage_dealt']} / {figures['damage_taken']}" if figures else "–")
        round_rows.append([person["name"], *cells])
    title = (message(lang, "summary-title", name=document["name"], rounds=document["rounds"]) if document.get("name")
             else message(lang, "summary-title-plain", rounds=document["rounds"]))
    return {"title": title,
            "header": header, "rows": rows, "round_title": message(lang, "summary-per-round"),
            "round_header": round_header, "round_rows": round_rows,
            "empty": message(lang, "summary-nobody") if not rows else ""}


def summary_markdown(document: dict[str, Any], lang: str, level: int = 2) -> str:
    """The summary as Markdown tables (what `combatlog summary` prints)."""
    return "\n".join(summary_markdown_of(summary_rows(document, lang), level))


def summary_markdown_of(tables: dict[str, Any], level: int = 2) -> list[str]:
    """`summary_rows`' tables as Markdown lines (the Markdown transcript ends with them)."""
    lines = [f"{'#' * level} {tables['title']}", ""]
    if tables["empty"]:
        return [*lines, tables["empty"], ""]
    lines += _markdown_table(tables["header"], tables["rows"])
    if len(tables["round_header"]) > 1:
        lines += ["", f"{'#' * (level + 1)} {tables['round_title']}", ""]
        lines += _markdown_table(tables["round_header"], tables["round_rows"])
    return [*lines, ""]


def _markdown_table(header: list[str], rows: list[list[str]]) -> list[str]:
    cell = lambda text: str(text).replace("|", "\\|")  # noqa: E731
    return ["| " + " | ".join(cell(h) for h in header) + " |", "|" + "---|" * len(header),
            *("| " + " | ".join(cell(c) for c in row) + " |" for row in rows)]


__all__ = ["COLUMNS", "FIGURES", "summary", "summary_markdown", "summary_markdown_of", "summary_rows"]
