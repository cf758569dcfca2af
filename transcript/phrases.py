"""Every sentence a transcript can hold, in French and in English: the phrasebooks fill the messages of
locales/<lang>/transcript.ftl (tr-*) with the noun phrases of the combatants."""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

# The language layer, imported here only (the transcript package reads words through this module).
from combatlog.projections.describe import Cast, catalog_line, describe, entry_name
from combatlog.events.labels import named, phrase
from combatlog.events.reasons import said
from combatlog.words import Distance, distance, maybe, message, ruleset_name, term


ABILITY_IDS = ("str", "dex", "con", "int", "wis", "cha")


def _template_id(name: str) -> str:
    """A template as a script names it ("gobelin", "Goblin", "goblin") -> its id ("goblin")."""
    if not name:
        return ""
    from combatlog.fixtures import load_template

    found = load_template(name)
    return (found or {}).get("id") or name


def side_name(side: str, lang: str) -> str:
    """A side in the reader's language: the shell's defaults (party, monsters), a kind of creature ("goblins" ->
    "Gobelins"), any other as typed."""
    from combatlog.projections.describe import side_name as named

    return named(side, lang)


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _low(text: str) -> str:
    """Lower-case the first letter of a game term written as a title ("Épée longue" -> "épée longue")."""
    if len(text) > 1 and text[1:2].isupper():
        return text  # an acronym or a proper noun: leave it
    return text[:1].lower() + text[1:]


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


def lair(lair_id: str) -> Who:
    """The lair's turn (INTERFACE.md §7) is a place in the order, not a combatant: named as a common noun."""
    return Who(id=lair_id, name_en="lair", name_fr="antre", proper=False, gender="m")


# --------------------------------------------------------------------------------------------------
# Phrasebooks: every sentence a transcript can hold, in French and in English
# --------------------------------------------------------------------------------------------------



class Phrasebook:
    """The sentences both languages build alike, their words in locales/<lang>/transcript.ftl (messages tr-*).

    Each language's class adds its grammar (articles, elision, possessives: `forms`) and the sentences whose
    shape differs between the languages."""

    lang = "en"
    counts_rounds = False  # French says "2 rounds écoulés"; English keeps the rules' words

    if TYPE_CHECKING:  # what each language's class gives (French, English below)
        ruleset: str
        units: str
        y2014: bool

        def display(self, who: Who) -> str: ...
        def obj(self, who: Who) -> str: ...
        def objs(self, people: list[Who]) -> str: ...
        def noun_forms(self, who: Who) -> dict[str, str]: ...
        def people_forms(self, people: list[Who]) -> dict[str, str]: ...
        def to_list(self, people: list[Who]) -> str: ...
        def weapon(self, name: str) -> str: ...
        def damage_type(self, kind: str, count: int) -> str: ...
        def condition_term(self, condition: str, article: bool = False) -> str: ...

    def t(self, key: str, **args) -> str:
        return message(self.lang, f"tr-{key}", **args)

    def forms(self, who: Who, name: str = "who") -> dict:
        """The noun phrases of one combatant as message variables: who-subj, who-obj, who-de/who-poss…"""
        return {f"{name}-{form}": text for form, text in self.noun_forms(who).items()} | {
            f"{name}-gender": who.gender or "other"}

    @property
    def labels(self) -> dict[str, str]:
        return label_words(self.lang)

    def title_default(self) -> str:
        return self.t("title")

    def subtitle(self, ruleset: str) -> str:
        return self.t("subtitle", ruleset=ruleset_name(ruleset, self.lang))

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

    def heal(self, who: Who, amount: int, roll: str, before: int, after: int, natural: bool = False) -> str:
        return self.t("heal", amount=amount, natural=natural, roll=roll, before=before, after=after,
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

    def damage_line(self, line: str, hp: str) -> str:
        """Damage and the hit points it changes, as one sentence ("Dégâts : … ; PV du gobelin : 7 → 2.")."""
        return self.t("damage-line", line=line, hp=hp)

    def sentence(self, text: str) -> str:
        return self.t("sentence", text=text)

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
        cause = next((s for s in event.advantage if s in ("target_unconscious", "target_paralyzed")), "")
        miss = event.auto_miss or ""
        text = maybe(self.lang, f"reason-{_kebab(miss)}", said(event, "auto_miss")) if miss else ""
        return self.t("outcome", kind=kind, underwater="underwater" in miss, text=text,
                      cause=_kebab(cause), natural_one=event.natural == 1, within=Distance(1.5, self.units))

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
        for key in self._SUMMARY_KEYS.get(do, ()) if isinstance(do, str) else ():
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
        steps: list[tuple[str, str | int]] = []
        for note in notes:
            head, name = named(note)
            if head == "adjusted":
                steps.append(("adjusted", name))
            elif note == "halved_save":
                steps.append(("halved-save", adjusted))
        if "immune" in notes:
            steps.append(("immune", ""))
        elif "resistant" in notes and "vulnerable" in notes:
            steps.append(("both", applied))
        elif "resistant" in notes:
            steps.append(("resistant", applied))
        elif "vulnerable" in notes:
            steps.append(("vulnerable", applied))
        source = next((named(note)[1] for note in notes if named(note)[0] == "from"), "")
        if source:
            text += f" ({term(self.lang, 'effect', source)})"  # an effect's extra dice: Hunter's Mark
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

    def save_purpose(self, purpose: str, condition: str = "") -> str:
        if purpose != "end_condition":
            return self.t("save-purpose", purpose=purpose if purpose == "concentration" else "other")
        return self.t("save-purpose", purpose="end", condition=condition, term=self.condition_term(condition, article=True))

    def save_auto_fail(self, who: Who, ability: str, dc: int, cause: str, why: str) -> str:
        return self.t("save-auto-fail", ability=term(self.lang, "ability-long", ability), dc=dc, why=why, cause=cause,
                      cause_term=self.condition_term(cause), **self.forms(who))

    def distance(self, metres: float) -> str:
        return distance(metres, self.lang, self.units)

    def source(self, label: str, names) -> str:
        """Why a roll had advantage or disadvantage, in words (tr-source-*); a label no catalog knows, as recorded."""
        head, name = named(label)
        if head == "help_from":
            return self.t("source-help", **self.forms(names(name), "helper"))
        if head == "exhaustion" and name:
            return self.t("source-exhaustion", level=int(name))
        return maybe(self.lang, f"tr-source-{_kebab(label)}", phrase(label), within=Distance(1.5, self.units))

    def square(self, at) -> str:
        return f"({at[0]}, {at[1]})"

    def order_item(self, who: Who, value) -> str:
        return self.display(who) + (f" ({value})" if value is not None else "")

    def ac(self, total: int, base: int | None, mods: list[str]) -> str:
        return f"{total} ({base} + {' + '.join(mods)})" if mods and base is not None else str(total)

    def modifier_label(self, label: str) -> str | None:
        """A roll modifier's label as the transcript shows it; None for the attack bonus and initiative."""
        if label in ("attack_bonus", "initiative"):
            return None
        if label in ABILITY_IDS:
            return term(self.lang, "ability", label)
        head, name = named(label)
        if head == "proficiency":
            key = "proficiency"
        elif head == "exhaustion" and name:
            key = "exhaustion"
        else:
            key = _kebab(label) if _kebab(label) != "exhaustion" else "other"
        return self.t("modifier", label=key, raw=phrase(label), level=name if head == "exhaustion" else "")

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
def label_words(lang: str) -> dict[str, str]:
    keys = ("cast", "combatant", "side", "kind", "ac", "hp_start", "setup", "end", "final", "hp", "status",
            "conditions", "pc", "monster", "undone_shown", "seq", "alive", "dying", "stable", "dead", "nothing", "left",
            "undone", "dice_typed", "dice_rolled")
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
        return _join([self.obj(w) for w in people], self.t("and"))

    def des(self, people: list[Who]) -> str:
        return _join([self.de(w) for w in people], self.t("and"))

    def noun_forms(self, who: Who) -> dict[str, str]:
        return {"subj": self.subj(who), "obj": self.obj(who), "de": self.de(who), "a": self.a(who),
                "display": self.display(who)}

    def people_forms(self, people: list[Who]) -> dict[str, str]:
        return {"people-obj": self.objs(people), "people-de": self.des(people)}

    def weapon(self, name: str) -> str:
        """The attack with its possessive ("son épée longue", "sa dague"): the catalog knows the genders."""
        word = _low(name)
        head = re.split(r"[\s(]", word, maxsplit=1)[0]
        key = unicodedata.normalize("NFKD", head).encode("ascii", "ignore").decode()
        return self.t("weapon", weapon=word, head=head, ending=head[-1:], **{"head-key": key})

    def template_gender(self, template: str) -> str:
        """The grammatical gender of a creature template's French name (tr-template-gender)."""
        return self.t("template-gender", template=template)

    def to_list(self, people: list[Who]) -> str:
        return _join([self.a(w) for w in people], self.t("and"))

    def damage_type(self, kind: str, count: int) -> str:
        return maybe("fr", f"tr-damage-after-{kind}", kind, count=count)

    def condition_term(self, condition: str, article: bool = False) -> str:
        """The rule term in the edition's words (tr-condition-term: a 2024 condition, a 2014 état)."""
        name = self.condition_name(condition)
        return self.t("condition-term", name=name.lower() if self.y2014 else _cap(name), article=article,
                      edition=2014 if self.y2014 else 2024)

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
        return self.t("np-poss", noun=self.obj(who))

    def objs(self, people: list[Who]) -> str:
        return _join([self.obj(w) for w in people], self.t("and"))

    def to_list(self, people: list[Who]) -> str:
        return self.t("to-list", people=self.objs(people))

    def noun_forms(self, who: Who) -> dict[str, str]:
        return {"subj": self.subj(who), "obj": self.obj(who), "poss": self.poss(who),
                "poss-cap": _cap(self.poss(who)), "display": self.display(who)}

    def people_forms(self, people: list[Who]) -> dict[str, str]:
        return {"people-obj": self.objs(people)}

    def weapon(self, name: str) -> str:
        """The attack with its article ("a longsword", "an axe"): the catalog picks the article."""
        word = name.lower() if not name[1:2].isupper() else name
        return self.t("weapon", weapon=word, initial=word[:1].lower())

    def template_gender(self, template: str) -> None:
        return None  # English names need no gender

    def damage_type(self, kind: str, count: int) -> str:
        return kind

    def condition_term(self, condition: str, article: bool = False) -> str:
        return self.t("condition-term", name=condition, article=article)

    def condition_label(self, condition: str) -> str:
        return condition




class LogWords:
    """The transcript words of a ruleset that brings none (its `transcript_words` is None): its own events read as
    their log lines (`event-<type>` in the catalogs), its conditions by the shared 5e words."""

    final_conditions_implied = False

    def condition_name(self, condition: str, lang: str) -> str:
        return condition

    def view(self, event) -> dict | None:
        return None  # no roll of its own in the transcript's shared shapes

    def line(self, event, lang: str, names: dict[str, str], attacks) -> str | None:
        cast = Cast(lang)
        cast.names.update(names)
        cast.attacks.update({key: entry_name(attack, lang) for key, attack in (attacks or {}).items()})
        return describe(event, lang, cast)


LOG_WORDS = LogWords()


def ruleset_line(words, event, lang: str, names: dict[str, str], attacks) -> str | None:
    """The transcript line of a ruleset's own event (None when the catalogs have none): its catalog line, its
    attacks named and its variables adjusted by the ruleset's `transcript_words` (`attack_label`, `line_args`:
    pf1 shows dice faces in parentheses); a hook that writes its lines itself (`line`), or none, as they say."""
    adjust = getattr(words, "line_args", None)
    if adjust is None:
        return getattr(words, "line", LOG_WORDS.line)(event, lang, names, attacks)
    return catalog_line(event, lang, names, attacks, attack_label=getattr(words, "attack_label", None),
                        adjust=adjust)
