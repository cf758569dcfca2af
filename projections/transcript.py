"""The fight as a readable transcript: a projection of the events into rounds, turns and entries (fr/en),
rendered as Markdown, one self-contained HTML file, or JSON.

Every line is written from the events alone (faces, labelled modifiers, AC, outcome, HP before/after),
never by running rules again. Timestamps are left out on purpose: a transcript of the same log is the
same text whenever and wherever it is produced.
"""

from __future__ import annotations

import html
import json
import re
from dataclasses import asdict, dataclass, field
from functools import lru_cache
from typing import Iterable

from combatlog.core.kernel.dice import DiceError, DiceExpression
from combatlog.events import attacks, conditions, damage, meta, movement, reactions, resources, rolenplay, turns
from combatlog.events.envelope import Recorded
from combatlog.projections.words import distance, has, maybe, message, ruleset_name, term
from combatlog.replay.timeline import timeline_of

__all__ = ["Transcript", "Round", "Turn", "Entry", "CastMember", "transcript", "to_markdown", "to_html", "to_json"]

FORMAT_VERSION = 1


# --------------------------------------------------------------------------------------------------
# The document
# --------------------------------------------------------------------------------------------------


@dataclass
class Entry:
    """One thing that happened: a headline and its detail lines (rolls, damage, consequences)."""

    kind: str
    text: str
    details: list[str] = field(default_factory=list)
    seq: int = 0
    txn: int = 0
    actor: str = ""
    undone: bool = False
    tags: list[str] = field(default_factory=list)


@dataclass
class Turn:
    id: str
    heading: str
    entries: list[Entry] = field(default_factory=list)
    skipped: str = ""


@dataclass
class Round:
    number: int
    heading: str
    turns: list[Turn] = field(default_factory=list)


@dataclass
class CastMember:
    id: str
    name: str
    side: str
    kind: str
    ac: int | None
    hp: int | None
    max_hp: int | None
    final_hp: int | None = None
    final_temp_hp: int = 0
    final_status: str = ""
    final_conditions: list[str] = field(default_factory=list)


@dataclass
class Transcript:
    """A structured transcript: title, cast, what happened before combat, rounds -> turns -> entries, the end."""

    title: str
    lang: str
    ruleset: str
    subtitle: str
    include_undone: bool
    combatants: list[CastMember] = field(default_factory=list)
    setup: list[Entry] = field(default_factory=list)
    initiative: str = ""
    rounds: list[Round] = field(default_factory=list)
    ending: list[Entry] = field(default_factory=list)


# --------------------------------------------------------------------------------------------------
# Names and grammar
# --------------------------------------------------------------------------------------------------

# Grammatical gender of the French name of each creature template. A creature named by the table
# (a PC, a named villain) has no known gender: its lines are worded so that none is needed.
TEMPLATE_GENDER_FR = {
    "bandit": "m", "bandit_captain": "m", "bugbear": "m", "giant_spider": "f", "goblin": "m", "hobgoblin": "m",
    "ogre": "m", "orc": "m", "skeleton": "m", "wolf": "m", "young_red_dragon": "m", "zombie": "m",
}
# Words starting with an aspirated h take no elision ("la hache", "sa hachette").
H_ASPIRE = ("hache", "hachette", "hallebarde", "harpon", "hurlement")
# Head nouns of weapon names, by gender, for "son"/"sa"; unknown words fall back on the final -e rule.
FEMININE_HEADS = {
    "arbalète", "dague", "épée", "griffe", "hache", "hachette", "hallebarde", "javeline", "lance", "masse", "massue",
    "morgenstern", "morsure", "rapière", "fronde", "faux", "serpe", "pique", "queue", "corne", "pince", "étoile",
    "flèche", "arme", "frappe", "boule", "gifle", "lame",
}
MASCULINE_HEADS = {
    "arc", "cimeterre", "coup", "trait", "bâton", "gourdin", "marteau", "fléau", "fouet", "trident", "pic", "javelot",
    "sabre", "glaive", "poing", "dard", "souffle", "rayon", "tentacule", "cimeterre", "projectile", "rocher",
}

VOWELS = "aeiouyàâäéèêëîïôöûüœæ"
ABILITY_IDS = ("str", "dex", "con", "int", "wis", "cha")


def _template_id(name: str) -> str:
    """A template as a script names it ("gobelin", "Goblin", "goblin") -> its id ("goblin")."""
    if not name:
        return ""
    from combatlog.fixtures import load_template

    found = load_template(name)
    return (found or {}).get("id") or name


def _side(side: str, lang: str) -> str:
    """A side the shell names by default (party, monsters) in the reader's language; any other as typed."""
    from combatlog.projections.words import term

    return term(lang, "side", side)


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _low(text: str) -> str:
    """Lower-case the first letter of a game term written as a title ("Épée longue" -> "épée longue")."""
    if len(text) > 1 and text[1:2].isupper():
        return text  # an acronym or a proper noun: leave it
    return text[:1].lower() + text[1:]


def _elides(word: str) -> bool:
    lowered = word.lower()
    if lowered.startswith(H_ASPIRE):
        return False
    return lowered[:1] in VOWELS or lowered[:1] == "h"


def _join(items: list[str], conj: str) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + f" {conj} " + items[-1]


@dataclass
class Who:
    """How to name one combatant in prose."""

    id: str
    name_en: str
    name_fr: str
    proper: bool
    gender: str | None = None
    number: int | None = None


# --------------------------------------------------------------------------------------------------
# Phrasebooks: every sentence a transcript can hold, in French and in English
# --------------------------------------------------------------------------------------------------



class Phrasebook:
    """The sentences both languages build alike, their words in locales/<lang>/transcript.ftl (messages tr-*).

    Each language's class adds its grammar (articles, elision, possessives: `forms`) and the sentences whose
    shape differs between the languages."""

    lang = "en"
    counts_rounds = False  # French says "2 rounds écoulés"; English keeps the rules' words

    def t(self, key: str, **args) -> str:
        return message(self.lang, f"tr-{key}", **args)

    def forms(self, who: Who, name: str = "who") -> dict:
        """The noun phrases of one combatant as message variables: who-subj, who-obj, who-de/who-poss…"""
        return {f"{name}-{form}": text for form, text in self.noun_forms(who).items()} | {
            f"{name}-gender": who.gender or "other"}

    @property
    def labels(self) -> dict[str, str]:
        return _label_words(self.lang)

    def title_default(self) -> str:
        return self.t("title")

    def subtitle(self, ruleset_name: str) -> str:
        return self.t("subtitle", ruleset=ruleset_name)

    def round(self, number: int) -> str:
        return self.t("round", number=number)

    def turn(self, who: Who) -> str:
        return self.t("turn", **self.forms(who))

    def skipped(self, who: Who, reason: str) -> str:
        return self.t("skipped", dead=reason == "dead", reason=reason, **self.forms(who))

    def initiative(self, people: list[Who], roll: str, mode: str) -> str:
        return self.t("initiative", count=len(people), mode=mode, roll=roll, **self.people_forms(people))

    def initiative_set(self, people: list[Who], total: int) -> str:
        return self.t("initiative-set", total=total, **self.people_forms(people))

    def order(self, items: list[str]) -> str:
        return self.t("order", items=", ".join(items))

    def ties(self, people: list[Who]) -> str:
        return self.t("ties", people=_join([self.obj(w) for w in people], self.t("then")))

    def order_changed(self, items: list[str]) -> str:
        return self.t("order-changed", items=", ".join(items))

    def surprise(self, people: list[Who]) -> str:
        return self.t("surprise", count=len(people), **self.people_forms(people))

    def joins(self, who: Who) -> str:
        return self.t("joins", **self.forms(who))

    def leaves(self, who: Who) -> str:
        return self.t("leaves", **self.forms(who))

    def placed(self, who: Who, at) -> str:
        return self.t("placed", square=self.square(at), **self.forms(who))

    def terrain(self, count: int, kind: str) -> str:
        return self.t("terrain", count=count, kind=kind)

    def forced(self, who: Who, end) -> str:
        return self.t("forced", square=self.square(end), **self.forms(who))

    def stand(self, who: Who, metres: float) -> str:
        return self.t("stand", distance=self.distance(metres), **self.forms(who))

    def movement_spent(self, who: Who, metres: float, reason: str) -> str:
        return self.t("movement-spent", distance=self.distance(metres), reason=reason, **self.forms(who))

    def reevaluated(self, target: Who, ac: str, hit: bool) -> str:
        return self.t("reevaluated", ac=ac, hit=hit, **self.forms(target))

    def contest_head(self, first: Who, second: Who) -> str:
        return self.t("contest-head", **self.forms(first, "first"), **self.forms(second, "second"))

    def contest(self, people: list[Who], totals, winner: Who | None) -> str:
        extra = self.forms(winner, "winner") if winner is not None else {}
        return self.t("contest", tie=winner is None, first_total=totals[0], second_total=totals[1], **extra)

    def hide(self, who: Who) -> str:
        return self.t("hide", **self.forms(who))

    def attack_lands(self, attacker: Who, target: Who) -> str:
        return self.t("attack-lands", **self.forms(attacker, "attacker"), **self.forms(target, "target"))

    def heal(self, who: Who, amount: int, roll: str, before: int, after: int) -> str:
        return self.t("heal", amount=amount, natural=roll == "natural 20", roll=roll, before=before, after=after,
                      **self.forms(who))

    def dying(self, who: Who, reason: str) -> str:
        return self.t("dying", reason=_kebab(reason), saves=_death_saves(self.ruleset), **self.forms(who))

    def stable(self, who: Who, reason: str) -> str:
        return self.t("stable", reason=_kebab(reason), **self.forms(who))

    def max_hp_halved(self, who: Who, hp) -> str:
        return self.t("max-hp-halved", hp=hp, **self.forms(who))

    def death_saves_reset(self, who: Who) -> str:
        return self.t("death-saves-reset", **self.forms(who))

    def concentration_start(self, who: Who, effect: str) -> str:
        return self.t("concentration-start", effect=effect, **self.forms(who))

    def passes(self, who: Who) -> str:
        return self.t("passes", **self.forms(who))

    def unused_dice(self, faces, reason: str = "") -> str:
        return self.t("unused-dice", faces=", ".join(map(str, faces)), reason=_kebab(reason))

    def note(self, text: str) -> str:
        return self.t("note", text=text)

    def undo(self, summaries: list[str]) -> str:
        return self.t("undo", summaries=self.t("separator").join(summaries))

    def redo(self, summaries: list[str]) -> str:
        return self.t("redo", summaries=self.t("separator").join(summaries))

    def revert(self, to: int, count: int) -> str:
        return self.t("revert", to=to, count=count)

    def undone_mark(self) -> str:
        return self.t("undone-mark")

    def structural(self, kind: str, who: Who | None, number: int | None) -> str:
        forms = self.forms(who) if who is not None else {}
        return self.t("structural", kind=_kebab(kind), number=number, **forms)

    def ended(self, reason: str) -> str:
        return self.t("ended", reason=reason)

    def kept(self, faces, natural) -> str:
        return self.t("kept", first=faces[0], second=faces[1], natural=natural)

    def mode(self, adv: list[str], dis: list[str], two_dice: bool) -> str:
        kind = "both" if adv and dis and not two_dice else "advantage" if adv else "disadvantage" if dis else "none"
        return self.t("mode", kind=kind, advantage=", ".join(adv), disadvantage=", ".join(dis))

    def attack_roll(self, mode: str, roll: str, ac: str, outcome: str) -> str:
        return self.t("attack-roll", mode=mode, roll=roll, ac=ac, outcome=outcome)

    def special(self, attacker: Who, target: Who, purpose: str, command: dict) -> str:
        kind = "grapple" if purpose == "grapple" else "push" if command.get("effect") == "push" else "prone"
        return self.t("special", purpose=kind, **self.forms(attacker, "attacker"), **self.forms(target, "target"))

    def save(self, who: Who, ability: str, dc: int, mode: str, roll: str, success: bool, why: str) -> str:
        return self.t("save", ability=term(self.lang, "ability-long", ability), dc=dc, why=why, mode=mode, roll=roll,
                      success=success, **self.forms(who))

    def damage(self, parts: list[str], total: int, critical: bool, several: bool) -> str:
        return self.t("damage", critical=critical, parts=" + ".join(parts), several=several, total=total)

    def hp(self, who: Who, before: int, after: int, temp_before: int, temp_after: int) -> str:
        return self.t("hp", temp=temp_before != temp_after, temp_before=temp_before, temp_after=temp_after,
                      before=before, after=after, **self.forms(who))

    def damage_alone(self, who: Who, line: str, hp: str) -> str:
        return self.t("damage-alone", line=line, hp=hp, **self.forms(who))

    def temp_hp(self, who: Who, amount: int, before: int, after: int) -> str:
        return self.t("temp-hp", kept=after == before and amount <= before, amount=amount, before=before, after=after,
                      **self.forms(who))

    def moved(self, who: Who, metres: float, start, end, mode: str, resumed: bool, reaction: bool) -> str:
        start_text = self.square(start) if start is not None else ""
        route = self.t("route", start=start_text, end=self.square(end))
        how = "teleport" if mode == "teleport" else "resumed" if resumed else "reaction" if reaction else "move"
        return self.t("moved", how=how, mode=mode, distance=self.distance(metres), route=route, end=self.square(end),
                      **self.forms(who))

    def attack(self, attacker: Who, target: Who, weapon: str, opportunity: bool, nonlethal: bool) -> str:
        return self.t("attack", opportunity=opportunity, nonlethal=nonlethal, weapon=self.weapon(weapon),
                      **self.forms(attacker, "attacker"), **self.forms(target, "target"))

    def dies(self, who: Who, reason: str) -> str:
        match = re.fullmatch(r"massive damage: (\d+) left over ≥ max HP (\d+)", reason)
        key = "massive" if match else _kebab(reason)
        return self.t("dies", reason=key, text=reason, over=match[1] if match else "", max=match[2] if match else "",
                      **self.forms(who))

    def death_save(self, who: Who, roll: str, outcome: str, successes: int, failures: int) -> str:
        return self.t("death-save", roll=roll, outcome=_kebab(outcome), text=outcome, successes=successes,
                      failures=failures, **self.forms(who))

    def death_save_failed(self, who: Who, count: int, reason: str, successes: int, failures: int) -> str:
        return self.t("death-save-failed", critical=reason == "critical hit at 0 HP", count=count, successes=successes,
                      failures=failures, **self.forms(who))

    def concentration_end(self, who: Who, effect: str, reason: str) -> str:
        return self.t("concentration-end", effect=effect, reason=_kebab(reason) if reason else "", text=reason,
                      **self.forms(who))

    def effect_started(self, who: Who, name: str, data: dict, until: str) -> str:
        return self.t("effect-started", name=name, bonus=data.get("ac_bonus") or 0, until=until, **self.forms(who))

    def reacts(self, who: Who, reaction: str) -> str:
        return self.t("reacts", readied=reaction == "readied", reaction=reaction, **self.forms(who))

    def outcome(self, event) -> str:
        if event.auto_miss:
            kind = "auto-miss"
        elif event.critical:
            kind = "critical-natural" if event.natural == 20 else "critical-auto"
        else:
            kind = "hit" if event.hit else "miss"
        cause = next((s for s in event.advantage if s in ("target unconscious", "target paralyzed")), "")
        return self.t("outcome", kind=kind, underwater="underwater" in (event.auto_miss or ""), text=event.auto_miss or "",
                      cause=_kebab(cause), natural_one=event.natural == 1)

    _SUMMARY_KEYS = {
        "attack": ("attacker", "target"), "move": ("id",), "shove": ("attacker", "target"),
        "grapple": ("attacker", "target"), "heal": ("target",), "temp_hp": ("target",), "condition": ("target",),
        "save": ("id",), "check": ("id",), "death_save": ("id",), "stabilize": ("id", "target"), "stand": ("id",),
        "react": ("id",), "pass": ("id",), "initiative": ("id",), "action": ("id",), "add": ("id",), "remove": ("id",),
        "place": ("id",),
    }

    def summary(self, command: dict, names, weapon_name) -> str:
        """A short name for a command, to say what an undo took back."""
        do = command.get("do")
        args: dict = {"do": do if isinstance(do, str) else "other", "raw_do": str(do)}
        for key in self._SUMMARY_KEYS.get(do, ()):
            args |= self.forms(names(command.get(key)), key)
        if do == "attack":
            weapon = weapon_name(command.get("attacker"), command.get("with"))
            args |= {"weapon_low": _low(weapon), "weapon_lower": weapon.lower()}
        elif do == "damage":
            targets = [names(t) for t in (command.get("targets") or [command.get("target")])]
            args |= {"targets_obj": self.objs(targets), "targets_a": self.to_list(targets)}
        elif do == "condition":
            condition = command["add"] if command.get("add") else command.get("remove", "")
            args |= {"adding": bool(command.get("add")), "condition": str(command.get("add") or command.get("remove")),
                     "condition_term": self.condition_term(condition, article=True)}
        elif do == "action":
            action = str(command.get("action"))
            args["action"] = self.t("action-name", action=action, raw=action, edition=2024)
        return self.t("summary", **args)

    def until(self, spec: dict, names, owner: str = "", current: str = "") -> str:
        args: dict = {}
        for key, edge in (("end_of_turn", "end"), ("start_of_turn", "start")):
            if key in spec:
                anchor = spec[key]
                if anchor == current and key == "end_of_turn":
                    kind = "this-turn"
                elif anchor == owner:
                    kind = f"{edge}-own"
                else:
                    kind = f"{edge}-other"
                    args |= self.forms(names(anchor), "anchor")
                return self.t("until", kind=kind, **args)
        if "rounds" in spec:
            return self.t("until", kind="rounds", count=spec["rounds"])
        if "save" in spec:
            save = spec["save"]
            return self.t("until", kind="save", dc=str(save.get("dc")),
                          ability=term(self.lang, "ability-long", save.get("ability", "")))
        if "concentration" in spec:
            return self.t("until", kind="concentration", **self.forms(names(spec["concentration"]), "anchor"))
        return ""

    _END_PATTERNS = (
        (r"start of (\S+)'s turn", "start-of-turn"), (r"end of (\S+)'s turn", "end-of-turn"),
        (r"(\d+) round\(s\) elapsed", "rounds-elapsed"), (r"(\S+) is incapacitated", "incapacitated"),
        (r"(\S+) died", "died"), (r"first aid from (\S+)", "first-aid"),
        (r"(\S+)'s concentration ended", "concentration-ended"),
    )
    _END_FIXED = ("saving throw succeeded", "removed by the DM", "regained hit points", "natural 20 on a death save",
                  "escaped", "stood up", "attacked: position revealed", "used on a check", "used on an attack",
                  "the attack is resolved", "released")

    def end_reason(self, reason: str, names) -> str:
        """Why a condition or effect ended, in parentheses ("" when it goes without saying)."""
        args: dict = {"kind": "other", "text": reason}
        if reason in self._END_FIXED:
            args["kind"] = _kebab(reason)
        else:
            for pattern, kind in self._END_PATTERNS:
                match = re.fullmatch(pattern, reason)
                if match and (kind != "rounds-elapsed" or self.counts_rounds):
                    args["kind"] = kind
                    if kind == "rounds-elapsed":
                        args["count"] = int(match[1])
                    else:
                        args |= self.forms(names(match[1]))
                    break
        text = self.t("end-reason", **args)
        return f" ({text})" if text else ""

    def damage_head(self, target: list[Who], source: str, command: dict, names) -> str:
        amount = command.get("roll") or command.get("amount")
        save = command.get("save")
        save_text = ""
        if isinstance(save, dict):
            save_text = self.t("damage-save", dc=str(save.get("dc")), half=bool(save.get("half", True)),
                               ability=term(self.lang, "ability-long", save.get("ability", "")))
        what = self.t("damage-what", amount="" if amount is None else str(amount),
                      kind=self.damage_type(command.get("type", ""), 2))
        return self.t("damage-head", source=_cap(source), what=what, save=save_text, count=len(target),
                      targets_a=self.to_list(target), targets_obj=self.objs(target), targets_cap=_cap(self.objs(target)))

    def damage_part(self, expr: str, rolled: int, kind: str, notes: list[str], adjusted: int, applied: int) -> str:
        text = self.t("damage-roll", expr=expr if expr != str(rolled) else "", rolled=rolled,
                      kind=self.damage_type(kind, rolled))
        steps = []
        for note in notes:
            match = re.fullmatch(r"adjusted ([+-]\d+)", note)
            if match:
                steps.append(("adjusted", match[1]))
            elif note == "halved (save)":
                steps.append(("halved-save", adjusted))
        if "immune" in notes:
            steps.append(("immune", ""))
        elif "resistant" in notes and "vulnerable" in notes:
            steps.append(("both", applied))
        elif "resistant" in notes:
            steps.append(("resistant", applied))
        elif "vulnerable" in notes:
            steps.append(("vulnerable", applied))
        return text + "".join(", " + self.t("damage-step", step=step, value=value) for step, value in steps)

    def _adjective(self, condition: str, gender: str | None) -> str | None:
        return None  # English needs no agreement; French overrides

    def _condition_args(self, who: Who, condition: str) -> dict:
        adjective = self._adjective(condition, who.gender) or ""
        term_ = self.condition_term(condition, article=True)
        return {"condition": condition, "adjective": adjective, "term": term_, "term_cap": _cap(term_)} | self.forms(who)

    def condition_gained(self, who: Who, condition: str, level: int, source: Who | None, source_text: str,
                         until: str) -> str:
        if source is not None:
            by_kind = "by" if condition in ("grappled", "charmed", "restrained") else "paren"
        else:
            by_kind = "text" if source_text and condition != "prone" else "none"
        extra = self.forms(source, "source") if source is not None else {}
        return self.t("condition-gained", level=level, dropped=source_text == "dropped prone", until=until,
                      has_source=source is not None, has_extra=source is None and bool(source_text),
                      source_text=source_text, by_kind=by_kind, **extra, **self._condition_args(who, condition))

    def condition_lost(self, who: Who, condition: str, reason: str) -> str:
        return self.t("condition-lost", reason=reason, **self._condition_args(who, condition))

    def condition_no_effect(self, who: Who, condition: str, why: str) -> str:
        return self.t("condition-no-effect", **self._condition_args(who, condition))

    def save_purpose(self, purpose: str) -> str:
        match = re.fullmatch(r"end (\w+)", purpose)
        if purpose == "concentration" or not match:
            return self.t("save-purpose", purpose=purpose if purpose == "concentration" else "other")
        return self.t("save-purpose", purpose="end", condition=match[1], term=self.condition_term(match[1], article=True))

    def save_auto_fail(self, who: Who, ability: str, dc: int, cause: str, why: str) -> str:
        return self.t("save-auto-fail", ability=term(self.lang, "ability-long", ability), dc=dc, why=why, cause=cause,
                      cause_term=self.condition_term(cause), **self.forms(who))

    def distance(self, metres: float) -> str:
        return distance(metres, self.lang, self.units)

    def square(self, at) -> str:
        return f"({at[0]}, {at[1]})"

    def order_item(self, who: Who, value) -> str:
        return self.display(who) + (f" ({value})" if value is not None else "")

    def ac(self, total: int, base: int | None, mods: list[str]) -> str:
        return f"{total} ({base} + {' + '.join(mods)})" if mods and base is not None else str(total)

    def modifier_label(self, label: str) -> str | None:
        """A roll modifier's label as the transcript shows it; None for the attack bonus and initiative."""
        if label in ("attack bonus", "initiative"):
            return None
        if label in ABILITY_IDS:
            return term(self.lang, "ability", label)
        match = re.fullmatch(r"exhaustion (\d+)", label)
        if label == "proficiency" or label.startswith("proficiency ("):
            key = "proficiency"
        elif match:
            key = "exhaustion"
        else:
            key = _kebab(label) if _kebab(label) != "exhaustion" else "other"
        return self.t("modifier", label=key, raw=label, level=match[1] if match else "")

    def check(self, who: Who, ability: str, skill: str, dc, mode: str, roll: str, success) -> str:
        ability_text = term(self.lang, "ability-long", ability)
        article = "an" if ("DC" if dc is not None else ability_text)[:1] in "AEIOU" else "a"
        return self.t("check", ability=ability_text, skill=term(self.lang, "skill", skill) if skill else "",
                      skill_title=skill.replace("_", " ").title() if skill else "", dc="" if dc is None else str(dc),
                      mode=mode, roll=roll, article=article,
                      success="none" if success is None else ("yes" if success else "no"), **self.forms(who))

    def action_name(self, action: str) -> str:
        return self.t("action-name", action=action, raw=action, edition=2014 if self.y2014 else 2024)

    def action(self, who: Who, action: str, slot: str, details: dict, names) -> str:
        extra: dict = {}
        if action == "help" and details.get("first_aid"):
            how = "first-aid"
            extra |= self.forms(names(details["target"]), "target")
        elif action == "help":
            how = "help"
            ally = details.get("ally") or details.get("target")
            against = details.get("target") if details.get("ally") and details.get("target") != ally else None
            extra |= {"has_ally": bool(ally), "has_against": bool(against)}
            if ally:
                extra |= self.forms(names(ally), "ally")
            if against:
                extra |= self.forms(names(against), "against")
        elif action == "ready":
            how = "ready"
        elif action == "dash" and details.get("extra_movement"):
            how = "dash"
            extra["distance"] = self.distance(details["extra_movement"])
        elif action == "escape":
            how = "escape"
        else:
            how = "other"
        return self.t("action", how=how, name=self.action_name(action), bonus=slot == "bonus",
                      trigger=str(details.get("trigger", "")), **extra, **self.forms(who))

    def window(self, pending: dict, reactors: list[Who], names) -> str:
        kind = pending.get("kind")
        extra: dict = {}
        if kind == "move":
            extra |= self.forms(names(pending.get("id")), "mover")
        elif kind == "attack_damage":
            extra |= self.forms(names(pending.get("attacker")), "attacker") | self.forms(names(pending.get("target")), "target")
        elif kind == "readied":
            extra["trigger"] = pending.get("trigger") or ""
        if reactors:
            extra |= self.forms(reactors[0], "first")
        people = self.people_forms(reactors)
        return self.t("window", kind=_kebab(kind or "other"), count=len(reactors),
                      **{key.replace("people", "reactors"): value for key, value in people.items()}, **extra)


def _words_edition(ruleset: str) -> int:
    """The SRD edition whose action and condition names the ruleset's transcript uses (its registry hook)."""
    from combatlog.core.rulesets import RULESETS

    return getattr(RULESETS.get(ruleset), "words_edition", 2024)


def _death_saves(ruleset: str) -> str:
    """"yes" when the ruleset rolls death saving throws (its registry hook; Rôle'n Play has none)."""
    from combatlog.core.rulesets import rolls_death_saves

    return "yes" if rolls_death_saves(ruleset) else "no"


def _kebab(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", (text or "").lower()).strip("-") or "none"


@lru_cache(maxsize=None)
def _label_words(lang: str) -> dict[str, str]:
    keys = ("cast", "combatant", "side", "kind", "ac", "hp_start", "setup", "end", "final", "hp", "status",
            "conditions", "pc", "monster", "undone_shown", "seq", "alive", "dying", "stable", "dead", "nothing", "left")
    return {key: message(lang, f"tr-label-{key}") for key in keys}


class French(Phrasebook):
    """Sentences as a French table says them: PV, CA, JS, DD; no gender guessed for a PC."""

    lang = "fr"
    counts_rounds = True

    def __init__(self, ruleset: str, units: str):
        self.ruleset = ruleset
        self.units = units
        self.y2014 = _words_edition(ruleset) == 2014

    # ---- names ----
    def _noun(self, who: Who) -> str:
        noun = who.name_fr if who.proper else _low(who.name_fr)
        return noun + (f" {who.number}" if who.number else "")

    def display(self, who: Who) -> str:
        return _cap(self._noun(who))

    def _np(self, form: str, who: Who) -> str:
        """A noun phrase from the catalogs (tr-np-obj, tr-np-de, tr-np-a): elision and gender live there."""
        return self.t(f"np-{form}", noun=self._noun(who), proper=who.proper, gender=who.gender or "other")

    def obj(self, who: Who) -> str:
        return self._np("obj", who)

    def subj(self, who: Who) -> str:
        return _cap(self.obj(who))

    def de(self, who: Who) -> str:
        return self._np("de", who)

    def a(self, who: Who) -> str:
        return self._np("a", who)

    def objs(self, people: list[Who]) -> str:
        return _join([self.obj(w) for w in people], "et")

    def des(self, people: list[Who]) -> str:
        return _join([self.de(w) for w in people], "et")

    def noun_forms(self, who: Who) -> dict[str, str]:
        return {"subj": self.subj(who), "obj": self.obj(who), "de": self.de(who), "a": self.a(who),
                "display": self.display(who)}

    def people_forms(self, people: list[Who]) -> dict[str, str]:
        return {"people-obj": self.objs(people), "people-de": self.des(people)}

    def weapon(self, name: str) -> str:
        """The attack with its possessive: "son épée longue", "sa dague"."""
        word = _low(name)
        head = re.split(r"[\s(]", word, maxsplit=1)[0]
        if _elides(head):
            return "son " + word
        feminine = head in FEMININE_HEADS or (head not in MASCULINE_HEADS and head.endswith("e"))
        return ("sa " if feminine else "son ") + word

    # ---- numbers and rolls ----

    def source(self, label: str, names) -> str:
        if has("fr", f"tr-source-{_kebab(label)}"):
            return message("fr", f"tr-source-{_kebab(label)}")
        match = re.fullmatch(r"help from (\S+)", label)
        if match:
            return "aide " + self.de(names(match[1]))
        match = re.fullmatch(r"exhaustion (\d+)", label)
        if match:
            return f"épuisement {match[1]}"
        return label

    # ---- sentences ----

    def _ability_de(self, ability: str) -> str:
        name = term("fr", "ability-long", ability)
        return ("d'" if _elides(name) else "de ") + name

    def to_list(self, people: list[Who]) -> str:
        return _join([self.a(w) for w in people], "et")

    def damage_type(self, kind: str, count: int) -> str:
        return maybe("fr", f"tr-damage-after-{kind}", kind, count=count)

    def condition_term(self, condition: str, article: bool = False) -> str:
        """The rule term: "la condition Agrippé" (2024) or "l'état empoigné" (2014)."""
        name = self.condition_name(condition)
        if self.y2014:
            label = name.lower()
            return f"l'état {label}" if article else f"état {label}"
        label = _cap(name)
        return f"la condition {label}" if article else f"condition {label}"

    def condition_name(self, condition: str) -> str:
        return self.t("condition-name", condition=condition, raw=condition, edition=2014 if self.y2014 else 2024)

    def _adjective(self, condition: str, gender: str | None) -> str | None:
        if gender is None:
            return None
        return self.t("condition-adj", condition=condition, gender=gender, edition=2014 if self.y2014 else 2024) or None

    # ---- headings and tables ----

    def condition_label(self, condition: str) -> str:
        name = self.condition_name(condition)
        return name if name == condition else _low(name)


class English(Phrasebook):
    """Natural English: "the goblin" or "Goblin 1", HP, AC, DC, saving throw."""

    lang = "en"

    def __init__(self, ruleset: str, units: str):
        self.ruleset = ruleset
        self.units = units
        self.y2014 = _words_edition(ruleset) == 2014

    def _noun(self, who: Who) -> str:
        if who.proper:
            return who.name_en
        if who.number:
            return f"{who.name_en} {who.number}"
        return who.name_en if who.name_en[1:2].isupper() else who.name_en.lower()

    def display(self, who: Who) -> str:
        return _cap(self._noun(who)) if not who.proper else who.name_en

    def obj(self, who: Who) -> str:
        return self.t("np-obj", noun=self._noun(who), proper=bool(who.proper or who.number))

    def subj(self, who: Who) -> str:
        return _cap(self.obj(who))

    def poss(self, who: Who) -> str:
        return self.obj(who) + "'s"

    def objs(self, people: list[Who]) -> str:
        return _join([self.obj(w) for w in people], "and")

    def to_list(self, people: list[Who]) -> str:
        return "to " + self.objs(people)

    def noun_forms(self, who: Who) -> dict[str, str]:
        return {"subj": self.subj(who), "obj": self.obj(who), "poss": self.poss(who),
                "poss-cap": _cap(self.poss(who)), "display": self.display(who)}

    def people_forms(self, people: list[Who]) -> dict[str, str]:
        return {"people-obj": self.objs(people)}

    def weapon(self, name: str) -> str:
        word = name.lower() if not name[1:2].isupper() else name
        return ("an " if word[:1] in "aeiou" else "a ") + word

    def source(self, label: str, names) -> str:
        match = re.fullmatch(r"help from (\S+)", label)
        if match:
            return "help from " + self.obj(names(match[1]))
        return maybe("en", f"tr-source-{_kebab(label)}", label)

    def damage_type(self, kind: str, count: int) -> str:
        return kind

    def condition_term(self, condition: str, article: bool = False) -> str:
        return f"the {condition} condition" if article else f"{condition} condition"

    def condition_label(self, condition: str) -> str:
        return condition


# --------------------------------------------------------------------------------------------------
# The projection
# --------------------------------------------------------------------------------------------------

STRUCTURAL = (turns.CombatStarted, turns.TurnStarted, turns.TurnEnded, turns.TurnSkipped)


class _Builder:
    def __init__(self, records: list[Recorded], lang: str | None, include_undone: bool, units: str | None = None):
        self.records = records
        timeline = timeline_of(records)
        self.undone_txns = timeline.undone
        self.commands = timeline.commands
        self.include_undone = include_undone
        created = next((r.event for r in records if isinstance(r.event, meta.EncounterCreated)), None)
        self.ruleset = created.ruleset if created else ""
        self.lang = lang or (created.lang if created else "en")
        units = units or (created.units if created else "m")
        self.p = French(self.ruleset, units) if self.lang == "fr" else English(self.ruleset, units)
        self.t = Transcript(
            title=(created.name if created and created.name else self.p.title_default()), lang=self.lang,
            ruleset=self.ruleset, subtitle=self.p.subtitle(ruleset_name(self.ruleset, self.lang)),
            include_undone=include_undone,
        )
        self.who: dict[str, Who] = {}
        self.attack_names: dict[tuple[str, str], dict] = {}
        self.reaction_names: dict[tuple[str, str], dict] = {}
        self.base_ac: dict[str, int] = {}
        self._collect_names()
        # what the fold of events in force says, for "from (2, 2)", the final table and group names
        self.position: dict[str, tuple] = {}
        self.hp: dict[str, int] = {}
        self.temp: dict[str, int] = {}
        self.status: dict[str, str] = {}
        self.conds: dict[str, dict[int, str]] = {}
        self.initiative: dict[str, int] = {}
        self.cast: dict[str, CastMember] = {}
        self.started = False
        self.current = ""  # whose turn it is
        self.suspended_moves: set[str] = set()  # movers waiting on a reaction window
        self.container: list[Entry] = self.t.setup
        self.entry: Entry | None = None
        self.txn = -1
        self.seq = 0
        self.command: dict = {}
        self.first_entry: Entry | None = None
        self.undone_now = False
        self.opportunity = False
        self.special_head = False
        self.contest_open = False

    # ---- names ----
    def _collect_names(self) -> None:
        adds = [r for r in self.records if isinstance(r.event, turns.CombatantAdded)]
        adds.sort(key=lambda r: r.txn in self.undone_txns)  # numbering follows the combatants really in the fight
        counts: dict[str, int] = {}
        for record in adds:
            event = record.event
            template = _template_id(event.template)
            proper = not (event.kind == "monster" and template
                          and event.name.lower().replace(" ", "_") == template)
            who = Who(id=event.id, name_en=event.name, name_fr=event.name_fr or event.name, proper=proper,
                      gender=TEMPLATE_GENDER_FR.get(template, "m") if not proper else None)
            self.who[event.id] = who
            if not proper:
                counts[who.name_fr] = counts.get(who.name_fr, 0) + 1
            for attack in event.stats.get("attacks") or ():
                self.attack_names[(event.id, attack.get("id"))] = attack.get("name") or {}
            for reaction in event.stats.get("reactions") or ():
                self.reaction_names[(event.id, reaction.get("id"))] = reaction.get("name") or {}
            self.base_ac[event.id] = event.stats.get("ac")
        seen: dict[str, int] = {}
        for record in adds:
            who = self.who[record.event.id]
            if not who.proper and counts[who.name_fr] > 1:
                seen[who.name_fr] = seen.get(who.name_fr, 0) + 1
                who.number = seen[who.name_fr]

    def name(self, creature_id: str | None) -> Who:
        if creature_id in self.who:
            return self.who[creature_id]
        text = str(creature_id or "?")
        if text == "lair":  # the lair's turn (INTERFACE.md §7) is a place in the order, not a combatant
            return Who(id=text, name_en="lair", name_fr="antre", proper=False, gender="m")
        return Who(id=text, name_en=text, name_fr=text, proper=True)

    def weapon_name(self, creature_id: str | None, attack_id: str | None) -> str:
        names = self.attack_names.get((creature_id, attack_id)) or {}
        return names.get(self.lang) or names.get("en") or str(attack_id or "?").replace("_", " ")

    def reaction_name(self, creature_id: str, reaction_id: str) -> str:
        if reaction_id == "opportunity_attack":
            return "attaque d'opportunité" if self.lang == "fr" else "opportunity attack"
        names = self.reaction_names.get((creature_id, reaction_id)) or {}
        return names.get(self.lang) or names.get("en") or reaction_id.replace("_", " ")

    # ---- entries ----
    def head(self, kind: str, text: str, actor: str = "", tags: tuple[str, ...] = ()) -> Entry:
        entry = Entry(kind=kind, text=text, seq=self.seq, txn=self.txn, actor=actor, undone=self.undone_now,
                      tags=list(tags) + (["undone"] if self.undone_now else []))
        self.container.append(entry)
        self.entry = entry
        if self.first_entry is None:
            self.first_entry = entry
        return entry

    def detail(self, kind: str, text: str, actor: str = "") -> None:
        if self.entry is None:
            self.head(kind, text, actor)
        else:
            self.entry.details.append(text)

    def tag(self, name: str) -> None:
        if self.entry is not None and name not in self.entry.tags:
            self.entry.tags.append(name)

    def _close_txn(self) -> None:
        note = self.command.get("note") if isinstance(self.command, dict) else None
        if note and self.command.get("do") not in ("undo", "redo", "revert"):
            if self.first_entry is not None:
                self.first_entry.details.insert(0, self.p.note(note))
            else:
                self.head("note", self.p.note(note))

    # ---- rolls ----
    def d20(self, faces, natural, modifiers, total, adv, dis) -> tuple[str, str]:
        """("d20 (4 et 9, on garde 9) + 7 = 16", the advantage/disadvantage wording)."""
        two = len(faces) == 2
        dice = f"d20 ({self.p.kept(faces, natural)})" if two else f"d20 ({natural})"
        mods = ""
        shown = [m for m in modifiers if m.value != 0] or list(modifiers[:1])
        for modifier in shown:
            sign = "-" if modifier.value < 0 else "+"
            label = self.p.modifier_label(self._localized_label(modifier.label))
            mods += f" {sign} {abs(modifier.value)}" + (f" ({label})" if label else "")
        roll = f"{dice}{mods} = {total}" if mods else f"{dice} = {total}" if total != natural else dice
        adv_sources = [self.p.source(s, self.name) for s in adv]
        dis_sources = [self.p.source(s, self.name) for s in dis]
        return roll, self.p.mode(adv_sources, dis_sources, two)

    def _localized_label(self, label: str) -> str:
        for (_, reaction_id), names in self.reaction_names.items():
            if reaction_id == label:
                return names.get(self.lang) or label
        return label

    def dice_expr(self, roll: str, faces: tuple[int, ...], critical: bool) -> str:
        if not roll:
            return ""
        try:
            parsed = DiceExpression.parse(roll)
        except DiceError:
            return f"{roll} ({', '.join(map(str, faces))})"
        factor = 2 if critical else 1
        parts = []
        position = 0
        for index, term in enumerate(parsed.terms):
            count = term.count * factor
            taken = faces[position:position + count]
            position += count
            sign = ("- " if term.sign < 0 else "+ ") if index else ("-" if term.sign < 0 else "")
            keep = f"k{term.keep}{term.keep_count * factor}" if term.keep else ""
            parts.append(f"{sign}{count}d{term.sides}{keep} ({', '.join(map(str, taken))})")
        if position != len(faces):
            return f"{roll} ({', '.join(map(str, faces))})"
        if parsed.constant:
            parts.append(f"{'+' if parsed.constant > 0 else '-'} {abs(parsed.constant)}")
        return " ".join(parts)

    # ---- the walk ----
    def build(self) -> Transcript:
        for record in self.records:
            undone = record.txn in self.undone_txns
            if undone and not self.include_undone:
                continue
            if record.txn != self.txn:
                self._close_txn()
                self.txn = record.txn
                self.entry = None
                self.first_entry = None
                self.command = {}
                self.opportunity = False
                self.special_head = False
                self.contest_open = False
            self.seq = record.seq
            self.undone_now = undone
            self.on(record.event)
        self._close_txn()
        self._finish()
        return self.t

    def _finish(self) -> None:
        for creature_id, row in self.cast.items():
            row.final_hp = self.hp.get(creature_id)
            row.final_temp_hp = self.temp.get(creature_id, 0)
            status = self.status.get(creature_id, "alive")
            row.final_status = self.p.labels.get(status, status)
            row.final_conditions = sorted({self.p.condition_label(c) for c in self.conds.get(creature_id, {}).values()})
        if "_ruleset_names" in self.__dict__:
            self._ruleset_finish()
        self.t.combatants = list(self.cast.values())

    def _ruleset_finish(self) -> None:
        """A ruleset's own fight: the final table from its state document (implied conditions included)."""
        from combatlog.core.rulesets.pf1.words import condition_name
        from combatlog.projections.document import state_document
        from combatlog.replay.timeline import rebuild

        document = state_document(rebuild(self.records)[0])
        for creature_id, row in self.cast.items():
            creature = document.get("combatants", {}).get(creature_id)
            if creature is None:
                continue
            row.final_hp, row.final_temp_hp = creature["hp"], creature["temp_hp"]
            row.final_status = self.p.labels.get(creature["status"], creature["status"])
            # A ruleset's own condition (flat_footed) by its catalog name, the others (incapacitated) as in 5e.
            row.final_conditions = [name if (name := condition_name(c, self.lang)) != c else self.p.condition_label(c)
                                    for c in creature["conditions"]]

    def _live(self) -> bool:
        return not self.undone_now

    def on(self, event) -> None:  # noqa: C901 - one dispatch over every event type, in the order of events/
        p = self.p
        match event:
            case meta.CommandIssued():
                self.command = event.command if isinstance(event.command, dict) else {}
            case meta.EncounterCreated():
                pass
            case meta.Undone(txns=txns):
                self._marker("undo", p.undo([self._summary(t) for t in txns]))
            case meta.Redone(txns=txns):
                self._marker("redo", p.redo([self._summary(t) for t in txns]))
            case meta.Reverted(to=to, txns=txns):
                self._marker("revert", p.revert(to, len(txns)))
            case meta.CombatEnded(reason=reason):
                if self._live():
                    self.container = self.t.ending
                    self.entry = None
                self.head("end", p.ended(reason))
            case meta.DiceLeftUnused(faces=faces):
                self.detail("dice", p.unused_dice(faces, event.reason))
            case turns.CombatantAdded():
                if self._live():
                    stats = event.stats
                    hp = stats.get("hp") if stats.get("hp") is not None else stats.get("max_hp")
                    self.cast[event.id] = CastMember(
                        id=event.id, name=p.display(self.name(event.id)), side=event.side, kind=event.kind,
                        ac=stats.get("ac"), hp=hp, max_hp=stats.get("max_hp"),
                    )
                    self.hp[event.id] = hp
                    self.status[event.id] = "alive"
                if self.started or self.undone_now:
                    self.head("join", p.joins(self.name(event.id)), event.id)
            case turns.CombatantRemoved(id=who):
                self.head("leave", p.leaves(self.name(who)), who)
                if self._live():
                    self.status[who] = "left"
            case turns.Placed(id=who, at=at):
                if self.started or self.undone_now:
                    self.head("place", p.placed(self.name(who), at), who)
                if self._live():
                    self.position[who] = tuple(at)
            case turns.SurpriseDeclared(ids=ids):
                self.head("surprise", p.surprise([self.name(i) for i in ids]))
            case turns.InitiativeRolled():
                people = [self.name(i) for i in event.ids]
                if event.set_by_dm:
                    self.head("initiative", p.initiative_set(people, event.total), event.ids[0])
                else:
                    roll, mode = self.d20(event.faces, event.natural, event.modifiers, event.total,
                                          event.advantage, event.disadvantage)
                    self.head("initiative", p.initiative(people, roll, mode), event.ids[0])
                if self._live():
                    for creature_id in event.ids:
                        self.initiative[creature_id] = event.total
            case turns.TiesOrdered(ids=ids):
                self.head("order", p.ties([self.name(i) for i in ids]))
            case turns.OrderChanged(order=order):
                self.head("order", p.order_changed([p.order_item(self.name(i), self.initiative.get(i)) for i in order]))
            case turns.CombatStarted(order=order):
                if self._live():
                    self.started = True
                    self.t.initiative = p.order([p.order_item(self.name(i), self.initiative.get(i)) for i in order])
                    self.entry = None
                else:
                    self.head("turn", p.structural("start", None, None))
            case turns.TurnStarted(id=who, round=number):
                if self._live():
                    self._turn(who, number)
                else:
                    self.head("turn", p.structural("turn_start", self.name(who), number))
            case turns.TurnSkipped(id=who, round=number):
                if self._live():
                    self._turn(who, number, skipped=event.reason)
                else:
                    self.head("turn", p.structural("turn_skip", self.name(who), number))
            case turns.TurnEnded(id=who):
                if self.undone_now:
                    self.head("turn", p.structural("turn_end", self.name(who), None))
                self.entry = None
            case turns.EconomySpent():
                pass
            case turns.ActionTaken():
                if event.action == "hide":
                    self.head("action", p.hide(self.name(event.id)), event.id)
                else:
                    self.head("action", p.action(self.name(event.id), event.action, event.slot, event.details, self.name),
                              event.id)
            case movement.Moved():
                self._moved(event)
            case movement.MovementSpent(id=who, metres=metres, reason=reason):
                if reason == "stand up":
                    self.head("move", p.stand(self.name(who), metres), who)
                else:
                    self.head("move", p.movement_spent(self.name(who), metres, reason), who)
            case movement.TerrainMarked(squares=squares, kind=kind):
                self.head("terrain", p.terrain(len(squares), kind))
            case attacks.AttackRolled():
                self._attack(event)
            case attacks.AttackReevaluated():
                self.detail("attack", p.reevaluated(self.name(event.target), self._ac_text(event.target, event), event.hit))
            case attacks.SavingThrowRolled():
                self._save(event)
            case attacks.CheckRolled():
                self._check(event)
            case attacks.ContestResolved(ids=ids, totals=totals, winner=winner):
                people = [self.name(i) for i in ids]
                if winner:
                    ordered = totals if winner == ids[0] else (totals[1], totals[0])
                    self.detail("contest", p.contest(people, ordered, self.name(winner)))
                else:
                    self.detail("contest", p.contest(people, totals, None))
            case damage.DamageTaken():
                self._damage(event)
            case damage.Healed():
                if event.roll == "natural 20" and self.entry is not None and self.entry.kind == "death_save":
                    self.detail("heal", p.heal(self.name(event.target), event.amount, event.roll, event.hp_before,
                                               event.hp_after))
                else:
                    roll = self.dice_expr(event.roll, event.faces, False) if event.faces else event.roll
                    if event.faces:
                        roll = f"{roll} = {event.amount}"
                    self.detail("heal", p.heal(self.name(event.target), event.amount, roll, event.hp_before,
                                               event.hp_after), event.target)
                if self._live():
                    self.hp[event.target] = event.hp_after
            case damage.TempHpGranted():
                self.head("temp_hp", p.temp_hp(self.name(event.target), event.amount, event.before, event.after),
                          event.target)
                if self._live():
                    self.temp[event.target] = event.after
            case damage.StatusChanged():
                self._status(event)
            case damage.DeathSaveRolled():
                roll, _ = self.d20(event.faces, event.natural, (), event.natural, (), ())
                self.head("death_save", p.death_save(self.name(event.id), roll, event.outcome, event.successes,
                                                     event.failures), event.id)
            case damage.DeathSaveFailed():
                self.detail("death_save", p.death_save_failed(self.name(event.id), event.count, event.reason,
                                                              event.successes, event.failures), event.id)
            case damage.DeathSavesReset(id=who):
                self.detail("death_save", p.death_saves_reset(self.name(who)), who)
            case conditions.ConditionApplied():
                self._condition_applied(event)
            case conditions.ConditionEnded():
                self._condition_ended(event)
            case conditions.ConcentrationStarted(id=who, effect=effect):
                self.detail("concentration", p.concentration_start(self.name(who), effect), who)
            case conditions.ConcentrationEnded(id=who, effect=effect, reason=reason):
                self.detail("concentration", p.concentration_end(self.name(who), effect, reason), who)
            case conditions.EffectStarted():
                if event.data.get("ac_bonus"):
                    until = p.until(event.until, self.name, event.id, self.current) if "this_attack" not in event.until else ""
                    self.detail("effect", p.effect_started(self.name(event.id), self.reaction_name(event.id, event.effect),
                                                           event.data, until), event.id)
            case conditions.EffectEnded():
                pass  # Dodge, Help and reaction bonuses end quietly: the rolls they touch already say so
            case reactions.ReactionWindowOpened():
                people = [self.name(i) for i in event.reactors]
                pending = dict(event.pending)
                if pending.get("kind") == "move":
                    self.suspended_moves.add(pending.get("id"))
                if pending.get("kind") == "readied" and ": " in event.trigger:
                    pending["trigger"] = event.trigger.split(": ", 1)[1]  # the table's own words
                text = p.window(pending, people, self.name)
                if self.entry is None:
                    self.head("reaction_window", text)
                else:
                    self.detail("reaction_window", text)
            case reactions.ReactionTaken(id=who, reaction=reaction):
                if reaction == "opportunity_attack":
                    self.opportunity = True
                else:
                    self.head("reaction", p.reacts(self.name(who), self.reaction_name(who, reaction)), who)
            case reactions.ReactionPassed(id=who):
                self.head("reaction", p.passes(self.name(who)), who)
            case reactions.ReactionWindowClosed():
                pass
            case resources.LegendaryGapClosed():
                pass  # the gap for legendary actions closes: nothing happens at the table
            case rolenplay.ReactionsRestored() | rolenplay.PlainStreakChanged():
                pass  # the reaction is back / the streak shows as the target's AC bonus on the attack (Rôle'n Play)
            case _:
                self._ruleset_event(event)

    # ---- handlers ----
    def _ruleset_event(self, event) -> None:
        """A ruleset's own events (pf1), read by their fields: who joins (stats and side) goes in the cast, HP and
        status after; the event opening a turn opens it here; every other one is its catalog line, with names."""
        from combatlog.core.rulesets.pf1.words import cast_ac, describe as catalog_line

        names = self.__dict__.get("_ruleset_names")
        if names is None:
            names = self._ruleset_names = self._collect_ruleset_names()
        if self._live() and hasattr(event, "stats") and hasattr(event, "side"):
            stats = event.stats
            hp = stats.get("hp") if stats.get("hp") is not None else stats.get("max_hp")
            self.cast[event.id] = CastMember(id=event.id, name=names.get(event.id, event.id), side=event.side,
                                             kind=event.kind, ac=cast_ac(stats), hp=hp, max_hp=stats.get("max_hp"))
            self.hp[event.id] = hp
            self.status[event.id] = "alive"
        if self._live() and hasattr(event, "hp_after") and getattr(event, "target", None) in self.hp:
            self.hp[event.target] = event.hp_after
            if hasattr(event, "temp_after"):
                self.temp[event.target] = event.temp_after
        if self._live() and hasattr(event, "status") and hasattr(event, "hp") and getattr(event, "id", None) in self.hp:
            self.hp[event.id] = event.hp
            self.status[event.id] = event.status
        if getattr(event, "opens_turn", False) and self._live():
            self._turn(event.id, event.round)
            return
        line = catalog_line(event, self.lang, names, self.__dict__.get("_ruleset_attacks"))
        self.detail("other", line or type(event).__name__)

    def _collect_ruleset_names(self) -> dict[str, str]:
        """Display names of a ruleset's joining events; the same name twice is numbered (Gobelin 1, Gobelin 2)."""
        joins = [r.event for r in self.records if hasattr(r.event, "stats") and hasattr(r.event, "side")
                 and hasattr(r.event, "name") and r.txn not in self.undone_txns]
        totals: dict[tuple[str, str], int] = {}
        for event in joins:
            key = (event.name, event.name_fr or event.name)
            totals[key] = totals.get(key, 0) + 1
        seen: dict[tuple[str, str], int] = {}
        names = {}
        for event in joins:
            key = (event.name, event.name_fr or event.name)
            seen[key] = seen.get(key, 0) + 1
            suffix = f" {seen[key]}" if totals[key] > 1 else ""
            self.who[event.id] = Who(id=event.id, name_en=key[0] + suffix, name_fr=key[1] + suffix, proper=True)
            names[event.id] = (key[1] if self.lang == "fr" else key[0]) + suffix
            for attack in event.stats.get("attacks") or ():
                label = attack  # the pf1 words pick the name in the reader's language (name, name_fr)
                self.__dict__.setdefault("_ruleset_attacks", {})[(event.id, attack.get("id"))] = label
        return names

    def _marker(self, kind: str, text: str) -> None:
        entry = self.head(kind, text)
        note = self.command.get("note")
        if note:
            entry.details.append(self.p.note(note))

    def _summary(self, txn: int) -> str:
        return self.p.summary(self.commands.get(txn, {}), self.name, self.weapon_name)

    def _turn(self, who: str, number: int, skipped: str = "") -> None:
        if not self.t.rounds or self.t.rounds[-1].number != number:
            self.t.rounds.append(Round(number=number, heading=self.p.round(number)))
        self.current = "" if skipped else who
        turn = Turn(id=who, heading=self.p.turn(self.name(who)),
                    skipped=self.p.skipped(self.name(who), skipped) if skipped else "")
        self.t.rounds[-1].turns.append(turn)
        self.container = turn.entries
        self.entry = None

    def _moved(self, event: movement.Moved) -> None:
        who = self.name(event.id)
        end = event.path[-1]
        start = self.position.get(event.id)
        if event.forced:
            self.detail("move", self.p.forced(who, end), event.id)
        else:
            resumed = self.command.get("do") in ("react", "pass") and event.id in self.suspended_moves
            reaction = not resumed and self.command.get("do") == "react"
            self.suspended_moves.discard(event.id)
            self.head("move", self.p.moved(who, event.cost, start, end, event.mode, resumed, reaction), event.id)
        if self._live():
            self.position[event.id] = tuple(end)

    def _ac_text(self, target: str, event) -> str:
        mods = []
        for modifier in event.ac_modifiers:
            label = self.p.modifier_label(modifier.label) or modifier.label
            label = self._localized_label(modifier.label) if label == modifier.label else label
            mods.append(f"{modifier.value} {label}")
        base = event.target_ac - sum(m.value for m in event.ac_modifiers)
        return self.p.ac(event.target_ac, base, mods)

    def _attack(self, event: attacks.AttackRolled) -> None:
        attacker, target = self.name(event.attacker), self.name(event.target)
        weapon = self.weapon_name(event.attacker, event.attack)
        opportunity = self.opportunity and event.slot == "reaction"
        self.opportunity = False
        tags = ("critical",) if event.critical else ()
        self.head("attack", self.p.attack(attacker, target, weapon, opportunity, event.nonlethal), event.attacker, tags)
        roll, mode = self.d20(event.faces, event.natural, event.modifiers, event.total, event.advantage,
                              event.disadvantage)
        self.detail("attack", self.p.attack_roll(mode, roll, self._ac_text(event.target, event), self.p.outcome(event)))

    def _save(self, event: attacks.SavingThrowRolled) -> None:
        who = self.name(event.id)
        if event.purpose in ("shove", "grapple") and not self.special_head:
            self.special_head = True
            attacker = self.name(self.command.get("attacker"))
            self.head("attack", self.p.special(attacker, who, event.purpose, self.command), attacker.id)
        why = self.p.save_purpose(event.purpose)
        if event.auto_fail:
            text = self.p.save_auto_fail(who, event.ability, event.dc, event.auto_fail, why)
        else:
            roll, mode = self.d20(event.faces, event.natural, event.modifiers, event.total, event.advantage,
                                  event.disadvantage)
            text = self.p.save(who, event.ability, event.dc, mode, roll, event.success, why)
        if event.purpose == "" or event.purpose.startswith("end "):
            self.head("save", text, event.id)
        elif event.purpose == "damage" and self.entry is None:
            self._damage_head()
            self.detail("save", text, event.id)
        else:
            self.detail("save", text, event.id)

    def _damage_head(self) -> None:
        command = self.command
        targets = command.get("targets") or ([command.get("target")] if command.get("target") else [])
        source = command.get("source") or ""
        source_text = self.p.subj(self.name(source)) if source in self.who else source
        self.head("damage", self.p.damage_head([self.name(t) for t in targets], source_text, command, self.name),
                  source if source in self.who else "")

    def _check(self, event: attacks.CheckRolled) -> None:
        who = self.name(event.id)
        if event.purpose in ("shove", "grapple") and not self.special_head:
            self.special_head = True
            attacker = self.name(self.command.get("attacker"))
            self.head("attack", self.p.special(attacker, self.name(self.command.get("target")), event.purpose,
                                               self.command), attacker.id)
        if event.purpose == "contest" and not self.contest_open:
            self.contest_open = True
            against = (self.command.get("against") or {}).get("id")
            self.head("contest", self.p.contest_head(who, self.name(against)), event.id)
        roll, mode = self.d20(event.faces, event.natural, event.modifiers, event.total, event.advantage,
                              event.disadvantage)
        text = self.p.check(who, event.ability, event.skill, event.dc, mode, roll, event.success)
        if event.purpose in ("", "search", "study", "influence", "utilize", "magic"):
            if self.entry is not None and self.entry.kind == "action" and self.entry.actor == event.id:
                self.detail("check", text, event.id)
            else:
                self.head("check", text, event.id)
        else:
            self.detail("check", text, event.id)

    def _damage(self, event: damage.DamageTaken) -> None:
        who = self.name(event.target)
        if self.entry is None and self.command.get("do") == "damage":
            self._damage_head()
        elif self.command.get("do") in ("react", "pass") and event.source in self.who and (
                self.entry is None or self.entry.kind == "reaction"):
            # a suspended attack goes on once the window closes: its damage is not the reaction's
            self.head("damage", self.p.attack_lands(self.name(event.source), who), event.source)
        parts = []
        for part in event.parts:
            expr = self.dice_expr(part.roll, part.faces, event.critical) if part.faces else str(part.rolled)
            parts.append(self.p.damage_part(expr, part.rolled, part.type, list(part.notes), part.adjusted, part.applied))
        line = self.p.damage(parts, event.total, event.critical, len(event.parts) > 1)
        hp = self.p.hp(who, event.hp_before, event.hp_after, event.temp_before, event.temp_after)
        if self.entry is None:
            self.head("damage", self.p.damage_alone(who, line, hp), event.target)
        else:
            self.detail("damage", f"{line} ; {hp}." if self.lang == "fr" else f"{line}; {hp}.")
        if self._live():
            self.hp[event.target] = event.hp_after
            self.temp[event.target] = event.temp_after

    def _status(self, event: damage.StatusChanged) -> None:
        who = self.name(event.id)
        previous = self.status.get(event.id, "alive")
        if self._live():
            self.status[event.id] = event.status
            if event.hp is not None:
                self.hp[event.id] = event.hp
        if event.status == "dead":
            self.detail("status", self.p.dies(who, event.reason), event.id)
            self.tag("death")
        elif event.status == "dying":
            self.detail("status", self.p.dying(who, event.reason), event.id)
        elif event.status == "stable":
            self.detail("status", self.p.stable(who, event.reason), event.id)
        elif event.status == previous and event.hp is not None:
            self.detail("status", self.p.max_hp_halved(who, event.hp), event.id)
        # back to "alive": the healing and "regains consciousness" lines already say it

    def _condition_applied(self, event: conditions.ConditionApplied) -> None:
        who = self.name(event.target)
        if event.no_effect:
            self.detail("condition", self.p.condition_no_effect(who, event.condition, event.no_effect), event.target)
            return
        if self._live():
            self.conds.setdefault(event.target, {})[event.instance] = event.condition
        source = self.who.get(event.source)
        shoved = source is not None and event.condition == "prone" and self.command.get("do") in ("shove", "attack")
        internal = {"0 HP", "fell unconscious", "hide", "knocked out"}
        source_text = "" if event.source in internal else event.source
        if shoved:
            source = None
        until = self.p.until(event.until, self.name, event.target, self.current)
        self.detail("condition", self.p.condition_gained(who, event.condition, event.level, source, source_text, until),
                    event.target)

    def _condition_ended(self, event: conditions.ConditionEnded) -> None:
        if self._live():
            self.conds.get(event.target, {}).pop(event.instance, None)
        if event.condition == "prone" and event.reason == "stood up":
            return  # "X se relève" already says it
        reason = self.p.end_reason(event.reason, self.name)
        self.detail("condition", self.p.condition_lost(self.name(event.target), event.condition, reason), event.target)


def transcript(records: Iterable[Recorded], *, lang: str | None = None, include_undone: bool = False,
               units: str | None = None) -> Transcript:
    """The transcript of one encounter's records, in `lang` (default: the encounter's language), distances in
    `units` ("m" or "ft"; default: the encounter's).

    Commands undone by the DM are left out unless `include_undone`, which shows them marked; the undo
    markers themselves are always shown."""
    if lang not in (None, "fr", "en"):
        raise ValueError(f"unknown transcript language '{lang}' (use fr or en)")
    return _Builder(list(records), lang, include_undone, units).build()


# --------------------------------------------------------------------------------------------------
# Renderers
# --------------------------------------------------------------------------------------------------

_MD_SPECIAL = re.compile(r"([\\`*_\[\]<>|#])")


def _md(text: str) -> str:
    return _MD_SPECIAL.sub(r"\\\1", text)


def _labels(t: Transcript) -> dict:
    return _label_words(t.lang)


def _undone_word(t: Transcript) -> str:
    return "annulé" if t.lang == "fr" else "undone"


def _hp_cell(hp, max_hp, temp: int = 0) -> str:
    text = f"{hp} / {max_hp}" if max_hp is not None else str(hp)
    return text + (f" (+{temp})" if temp else "")


def to_markdown(t: Transcript) -> str:
    """The transcript as Markdown: rounds and turns as headings, one bullet per entry."""
    labels = _labels(t)
    out = [f"# {_md(t.title)}", "", f"*{_md(t.subtitle)}*", ""]
    if t.include_undone:
        out += [f"*{_md(labels['undone_shown'])}*", ""]

    def entries(items: list[Entry]) -> None:
        for entry in items:
            text = _md(entry.text)
            if entry.undone:
                text = f"~~{text}~~ *({_undone_word(t)})*"
            elif "critical" in entry.tags:
                text = f"**{text}**"
            out.append(f"- {text}")
            for line in entry.details:
                detail = _md(line)
                out.append(f"  - ~~{detail}~~" if entry.undone else f"  - {detail}")

    if t.combatants:
        out += [f"## {labels['cast']}", "",
                f"| {labels['combatant']} | {labels['side']} | {labels['kind']} | {labels['ac']} | {labels['hp_start']} |",
                "|---|---|---|---|---|"]
        for row in t.combatants:
            kind = labels.get(row.kind, row.kind)
            out.append(f"| {_md(row.name)} | {_md(_side(row.side, t.lang))} | {_md(kind)} | {row.ac} | {_hp_cell(row.hp, row.max_hp)} |")
        out.append("")
    if t.setup or t.initiative:
        out += [f"## {labels['setup']}", ""]
        entries(t.setup)
        if t.initiative:
            out += ["" if t.setup else "", f"**{_md(t.initiative)}**"]
        out.append("")
    for round_ in t.rounds:
        out += [f"## {_md(round_.heading)}", ""]
        for turn in round_.turns:
            if turn.skipped:
                out += [f"*{_md(turn.skipped)}*", ""]
                if turn.entries:
                    entries(turn.entries)
                    out.append("")
                continue
            out += [f"### {_md(turn.heading)}", ""]
            if turn.entries:
                entries(turn.entries)
            else:
                out.append(f"*{_md(labels['nothing'])}*")
            out.append("")
    if t.ending:
        out += [f"## {labels['end']}", ""]
        entries(t.ending)
        out.append("")
    if t.combatants:
        out += [f"## {labels['final']}", "",
                f"| {labels['combatant']} | {labels['hp']} | {labels['status']} | {labels['conditions']} |",
                "|---|---|---|---|"]
        for row in t.combatants:
            conditions_cell = ", ".join(row.final_conditions) or "—"
            out.append(f"| {_md(row.name)} | {_hp_cell(row.final_hp, row.max_hp, row.final_temp_hp)} | "
                       f"{_md(row.final_status)} | {_md(conditions_cell)} |")
        out.append("")
    while out and out[-1] == "":
        out.pop()
    return "\n".join(out) + "\n"


_CSS = """
:root { color-scheme: light; }
* { box-sizing: border-box; }
body { margin: 0; background: #f6f3ec; color: #222; font: 16px/1.5 Georgia, "Times New Roman", serif; }
main { max-width: 52rem; margin: 0 auto; padding: 2rem 1.5rem 4rem; background: #fffdf8; }
h1 { font-size: 2rem; margin: 0 0 .25rem; }
.subtitle { margin: 0 0 1.5rem; color: #555; font-style: italic; }
h2 { font-size: 1.35rem; margin: 2rem 0 .5rem; padding-bottom: .2rem; border-bottom: 2px solid #8b1e1e; color: #8b1e1e; }
h3 { font-size: 1.05rem; margin: 1.2rem 0 .3rem; }
table { border-collapse: collapse; width: 100%; margin: .5rem 0 1rem; font-size: .95rem; }
th, td { border: 1px solid #c9c2b4; padding: .25rem .5rem; text-align: left; }
th { background: #efe9dc; }
td.num { text-align: right; font-variant-numeric: tabular-nums; }
ul.entries { list-style: none; margin: 0; padding: 0; }
ul.entries > li { margin: .35rem 0; padding-left: .9rem; border-left: 3px solid #d8d0c0; }
ul.details { margin: .1rem 0 0; padding-left: 1.2rem; color: #333; font-size: .95rem; }
ul.details li { margin: .05rem 0; }
.critical > .text { font-weight: bold; color: #8b1e1e; }
li.critical { border-left-color: #8b1e1e; }
li.death { border-left-color: #222; }
li.undone { color: #777; border-left-style: dashed; }
li.undone del { text-decoration-thickness: 1px; }
.tag { display: inline-block; margin-left: .4rem; padding: 0 .35rem; border: 1px solid #999; border-radius: .2rem;
       font-size: .75rem; font-style: normal; text-transform: uppercase; letter-spacing: .04em; color: #555; }
.ref { float: right; color: #aaa; font-size: .75rem; font-family: monospace; }
.skipped { color: #666; font-style: italic; margin: .6rem 0; }
.order { font-weight: bold; margin-top: .8rem; }
.note { color: #555; font-style: italic; }
@media print {
  @page { margin: 1.5cm; }
  body { background: #fff; font-size: 10.5pt; }
  main { max-width: none; padding: 0; background: #fff; }
  h2 { break-after: avoid; page-break-after: avoid; color: #000; border-bottom-color: #000; }
  h3 { break-after: avoid; page-break-after: avoid; }
  section.turn, ul.entries > li, table { break-inside: avoid; page-break-inside: avoid; }
  .critical > .text { color: #000; }
  .ref { color: #777; }
  th { background: #eee; }
}
""".strip()


def to_html(t: Transcript) -> str:
    """One self-contained HTML file: inline CSS (with print styles), no scripts, no external resources."""
    def esc(text: str) -> str:
        return html.escape(text, quote=False)

    def attr(text: str) -> str:
        return html.escape(text, quote=True)

    labels = _labels(t)
    undone_word = _undone_word(t)
    out = [
        "<!DOCTYPE html>",
        f'<html lang="{attr(t.lang)}">',
        "<head>",
        '<meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{esc(t.title)}</title>",
        f"<style>\n{_CSS}\n</style>",
        "</head>",
        "<body>",
        "<main>",
        f"<h1>{esc(t.title)}</h1>",
        f'<p class="subtitle">{esc(t.subtitle)}</p>',
    ]
    if t.include_undone:
        out.append(f'<p class="note">{esc(labels["undone_shown"])}</p>')

    def entries(items: list[Entry]) -> None:
        if not items:
            return
        out.append('<ul class="entries">')
        for entry in items:
            classes = " ".join(["entry", entry.kind.replace("_", "-")] + entry.tags)
            ref = f'<span class="ref" title="{attr(labels["seq"])} {entry.seq}">#{entry.seq}</span>'
            text = esc(entry.text)
            if entry.undone:
                text = f'<del>{text}</del><span class="tag">{esc(undone_word)}</span>'
            out.append(f'<li class="{attr(classes)}" data-seq="{entry.seq}" data-txn="{entry.txn}">{ref}'
                       f'<span class="text">{text}</span>')
            if entry.details:
                out.append('<ul class="details">')
                for line in entry.details:
                    detail = f"<del>{esc(line)}</del>" if entry.undone else esc(line)
                    out.append(f"<li>{detail}</li>")
                out.append("</ul>")
            out.append("</li>")
        out.append("</ul>")

    if t.combatants:
        out += [f'<section class="cast"><h2>{esc(labels["cast"])}</h2>', "<table>",
                f"<thead><tr><th>{esc(labels['combatant'])}</th><th>{esc(labels['side'])}</th>"
                f"<th>{esc(labels['kind'])}</th><th>{esc(labels['ac'])}</th><th>{esc(labels['hp_start'])}</th></tr></thead>",
                "<tbody>"]
        for row in t.combatants:
            out.append(f"<tr><td>{esc(row.name)}</td><td>{esc(_side(row.side, t.lang))}</td><td>{esc(labels.get(row.kind, row.kind))}</td>"
                       f'<td class="num">{esc(str(row.ac))}</td><td class="num">{esc(_hp_cell(row.hp, row.max_hp))}</td></tr>')
        out += ["</tbody>", "</table>", "</section>"]
    if t.setup or t.initiative:
        out.append(f'<section class="setup"><h2>{esc(labels["setup"])}</h2>')
        entries(t.setup)
        if t.initiative:
            out.append(f'<p class="order">{esc(t.initiative)}</p>')
        out.append("</section>")
    for round_ in t.rounds:
        out.append(f'<section class="round" id="round-{round_.number}"><h2>{esc(round_.heading)}</h2>')
        for turn in round_.turns:
            if turn.skipped:
                out.append(f'<p class="skipped">{esc(turn.skipped)}</p>')
                entries(turn.entries)
                continue
            out.append(f'<section class="turn"><h3>{esc(turn.heading)}</h3>')
            entries(turn.entries)
            if not turn.entries:
                out.append(f'<p class="skipped">{esc(labels["nothing"])}</p>')
            out.append("</section>")
        out.append("</section>")
    if t.ending:
        out.append(f'<section class="ending"><h2>{esc(labels["end"])}</h2>')
        entries(t.ending)
        out.append("</section>")
    if t.combatants:
        out += [f'<section class="final"><h2>{esc(labels["final"])}</h2>', "<table>",
                f"<thead><tr><th>{esc(labels['combatant'])}</th><th>{esc(labels['hp'])}</th>"
                f"<th>{esc(labels['status'])}</th><th>{esc(labels['conditions'])}</th></tr></thead>", "<tbody>"]
        for row in t.combatants:
            cond = ", ".join(row.final_conditions) or "—"
            out.append(f"<tr><td>{esc(row.name)}</td>"
                       f'<td class="num">{esc(_hp_cell(row.final_hp, row.max_hp, row.final_temp_hp))}</td>'
                       f"<td>{esc(row.final_status)}</td><td>{esc(cond)}</td></tr>")
        out += ["</tbody>", "</table>", "</section>"]
    out += ["</main>", "</body>", "</html>"]
    return "\n".join(out) + "\n"


def to_json(t: Transcript) -> str:
    """The transcript as stable JSON for tools: fixed key order, no timestamps, UTF-8 text."""
    document = {"format": "combatlog-transcript", "version": FORMAT_VERSION, **asdict(t)}
    return json.dumps(document, ensure_ascii=False, indent=2) + "\n"
