#!/usr/bin/env python3
"""Build the 5e library (compendium/data/dnd5e-2024-*.json, dnd5e-2014-*.json) from pinned open sources.

Sources (git snapshots, read with `git show COMMIT:PATH`, never a work tree):
- SRD 5.2 and SRD 5.1 (CC-BY-4.0), structured by open5e/open5e-api (`data/v2/wizards-of-the-coast/srd-20xx/`);
  the stat numbers are read from the SRD's own wording (the action text), not from open5e's derived attack
  fields, which disagree with the SRD on some attacks (a damage type left in the extra-damage field, 2014
  attacks with a wrong type or no bonus).
- French names and texts (OGL 1.0a) from em-squared/5e-drs (`docs/bestiaire/*/README.md`,
  `docs/grimoire/*/README.md`), matched to the SRD 5.1 entries by their numbers (ability scores, challenge,
  hit dice; a spell's level, school, casting time, range, components and dice), the name only breaking ties;
  a SRD 5.2 entry takes the French name of the SRD 5.1 entry with its id.
- Foundry VTT dnd5e (`packs/_source/actors24`), a cross-check: an SRD 5.2 ability score open5e gives as its
  modifier is taken from Foundry's actor when the modifiers agree.

Every creature goes through the engine's own stat-block validation (the one `add` uses); what cannot be
converted is listed in the file's `skipped` with why. Output is deterministic: same sources, same bytes.

    python tools/import_library.py [--open5e REPO] [--open5e-commit C] [--drs REPO] [--drs-commit C]
                                   [--foundry REPO] [--foundry-commit C] [--out DIR]
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
import unicodedata
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OPEN5E = "/work/.mirror/open5e+open5e-api/repo"
DRS = "/work/.mirror/em-squared+5e-drs/repo"
FOUNDRY = "/work/.mirror/foundryvtt+dnd5e/repo"
FOUNDRY_URL = "https://github.com/foundryvtt/dnd5e"
FOUNDRY_ACTORS = "packs/_source/actors24"
OPEN5E_DIR = {"dnd5e-2024": "data/v2/wizards-of-the-coast/srd-2024", "dnd5e-2014": "data/v2/wizards-of-the-coast/srd-2014"}
OPEN5E_FILES = ("Creature.json", "CreatureAction.json", "CreatureTrait.json", "Spell.json")
LICENCE = {"dnd5e-2024": "CC-BY-4.0 (SRD 5.2)", "dnd5e-2014": "CC-BY-4.0 (SRD 5.1)"}

ABILITY = {"strength": "str", "dexterity": "dex", "constitution": "con", "intelligence": "int", "wisdom": "wis",
           "charisma": "cha"}
DAMAGE_TYPES = ("acid", "bludgeoning", "cold", "fire", "force", "lightning", "necrotic", "piercing", "poison",
                "psychic", "radiant", "slashing", "thunder")
CONDITIONS = ("blinded", "charmed", "deafened", "exhaustion", "frightened", "grappled", "incapacitated", "invisible",
              "paralyzed", "petrified", "poisoned", "prone", "restrained", "stunned", "unconscious")
CREATURE_TYPES = ("aberration", "beast", "celestial", "construct", "dragon", "elemental", "fey", "fiend", "giant",
                  "humanoid", "monstrosity", "ooze", "plant", "undead")
SKILLS = ("acrobatics", "animal_handling", "arcana", "athletics", "deception", "history", "insight", "intimidation",
          "investigation", "medicine", "nature", "perception", "performance", "persuasion", "religion",
          "sleight_of_hand", "stealth", "survival")
NUMBER_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
                "ten": 10}
# Experience points by challenge rating (SRD 5.1 and 5.2 give the same table).
XP_BY_CR = {0: 10, 0.125: 25, 0.25: 50, 0.5: 100, 1: 200, 2: 450, 3: 700, 4: 1100, 5: 1800, 6: 2300, 7: 2900,
            8: 3900, 9: 5000, 10: 5900, 11: 7200, 12: 8400, 13: 10000, 14: 11500, 15: 13000, 16: 15000, 17: 18000,
            18: 20000, 19: 22000, 20: 25000, 21: 33000, 22: 41000, 23: 50000, 24: 62000, 25: 75000, 26: 90000,
            27: 105000, 28: 120000, 29: 135000, 30: 155000}
FRENCH_CASTING = {"1 action": "action", "1 action bonus": "bonus", "1 réaction": "reaction", "1 minute": "1 minute",
                  "10 minutes": "10 minutes", "1 heure": "1 hour", "8 heures": "8 hours", "12 heures": "12 hours",
                  "24 heures": "24 hours"}
FRENCH_SCHOOL = {"abjuration": "abjuration", "invocation": "conjuration", "divination": "divination",
                 "enchantement": "enchantment", "évocation": "evocation", "illusion": "illusion",
                 "nécromancie": "necromancy", "transmutation": "transmutation"}


# --- reading the snapshots -------------------------------------------------------------------------------------

def git(repo: str, *args: str) -> str:
    return subprocess.run(["git", "-C", repo, *args], check=True, capture_output=True, text=True).stdout


def show(repo: str, commit: str, path: str) -> str:
    return git(repo, "show", f"{commit}:{path}")


def resolve(repo: str, commit: str) -> str:
    return git(repo, "rev-parse", commit).strip()


def remote(repo: str, fallback: str) -> str:
    try:
        return git(repo, "config", "--get", "remote.origin.url").strip() or fallback
    except subprocess.CalledProcessError:
        return fallback


# --- small conversions -----------------------------------------------------------------------------------------

def slug(name: str) -> str:
    plain = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode().lower()
    return re.sub(r"[^a-z0-9]+", "-", plain.replace("'", "")).strip("-")


def plain(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text)
    return re.sub(r"[^a-z0-9]+", " ", "".join(c for c in decomposed if not unicodedata.combining(c)).lower()).strip()


def metres(feet: float) -> float:
    """5 ft = 1.5 m = one square (INTERFACE §1 Units)."""
    value = round(feet * 0.3, 2)
    return int(value) if value == int(value) else value


def ability_mod(score: int) -> int:
    return (score - 10) // 2


def proficiency_for_cr(cr: float) -> int:
    """SRD 5.1/5.2 'Proficiency Bonus by Challenge Rating': +2 up to CR 4, then +1 every 4 CR."""
    return max(2, (int(-(-cr // 1)) + 7) // 4)


def dice(text: str) -> str:
    return re.sub(r"\s+", "", text).replace("−", "-")


def unmark(text: str) -> str:
    """Markdown links and emphasis out of a 5e-drs sentence."""
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text)
    return re.sub(r"[*_]{1,3}([^*_]+)[*_]{1,3}", r"\1", text).replace("  \n", "\n").strip()


# --- creatures --------------------------------------------------------------------------------------------------

ATTACK = re.compile(
    r"^(?P<kind>Melee or Ranged|Melee|Ranged) (?:Weapon |Spell )?Attack(?: Roll)?:\s*\+?(?P<hit>-?\d+)(?: to hit)?(?: \([^)]*\))?,"
    r"(?:\s*reach (?P<reach>\d+) (?:ft\.?|feet))?(?:,?\s*or)?(?:\s*range (?P<near>\d+)(?:/(?P<far>\d+))? (?:ft\.?|feet))?",
    re.I)
DAMAGE = re.compile(r"(?:\d+ \((?P<dice>\d+d\d+(?:\s*[+−-]\s*\d+)?)\)|\b(?P<flat>\d+)) (?P<type>[A-Za-z]+) damage")
SAVE_2024 = re.compile(r"(?P<ability>Strength|Dexterity|Constitution|Intelligence|Wisdom|Charisma) Saving Throw: DC (?P<dc>\d+)")
SAVE_2014 = re.compile(r"DC (?P<dc>\d+) (?P<ability>Strength|Dexterity|Constitution|Intelligence|Wisdom|Charisma) saving throw")


# --- what an attack does on a hit, a save action, qualified defences (INTERFACE.md §8) ------------------------

DICE_DAMAGE = r"(?:\d+ \((?P<dice>\d+d\d+(?:\s*[+−-]\s*\d+)?)\)|(?P<flat>\d+)) (?P<type>[A-Za-z]+) damage"
ABILITY_WORD = r"(?P<ability>Strength|Dexterity|Constitution|Intelligence|Wisdom|Charisma)"
CONDITION_WORD = "|".join(c for c in CONDITIONS if c not in ("exhaustion", "grappled"))
SIZE_WORD = r"(?P<size>Tiny|Small|Medium|Large|Huge|Gargantuan)"
# "until the end of its next turn" (the target's), "until the start of the lich's next turn" (the attacker's).
UNTIL_TURN = re.compile(r"until the (?P<edge>start|end) of (?P<whose>its|the [\w' -]+?'s?) next turn", re.I)
DURATION = re.compile(r"for (?P<count>1|\d+) (?P<unit>minute|minutes|hour|hours)\b", re.I)
ROUNDS_PER = {"minute": 10, "minutes": 10, "hour": 600, "hours": 600}
# 2014: "and the target must make a DC 11 Constitution saving throw, taking 9 (2d8) poison damage on a failed save,
# or half as much damage on a successful one"; "must succeed on a DC 9 Constitution saving throw or take 2 (1d4)
# poison damage."
SAVE_HALF_2014 = re.compile(r"must make (?:on )?a DC (?P<dc>\d+) " + ABILITY_WORD + r" saving throw, taking (?P<parts>.+?) "
                            r"on a failed save, or half as much damage on a successful one", re.I)
SAVE_TAKE_2014 = re.compile(r"must succeed on a DC (?P<dc>\d+) " + ABILITY_WORD + r" saving throw or take (?P<parts>[^.]+?damage)$",
                            re.I)
# 2014: "must succeed on a DC 11 Strength saving throw or be knocked prone", "... or be paralyzed for 1 minute".
SAVE_CONDITION_2014 = re.compile(
    r"must succeed on a DC (?P<dc>\d+) " + ABILITY_WORD + r" saving throw(?: against [a-z ]+?)? or (?:be|become) "
    r"(?P<condition>knocked prone|" + CONDITION_WORD + r")(?P<rest>(?: for \d+ (?:minute|minutes|hour|hours)"
    r"| until the (?:start|end) of [\w' -]+? next turn)?)$", re.I)
REPEAT_SAVE = re.compile(r"(?:can |must )?repeats? the sav(?:ing throw|e) at the end of each of its turns", re.I)
GRAPPLE = re.compile(r"^(?:the target|it) (?:is grappled|has the Grappled condition) \(escape DC (?P<dc>\d+)\)", re.I)
# 2024: "it has the Prone condition", "the target has the Blinded and Deafened conditions until the start of ...".
HAS_CONDITION = re.compile(r"^(?:the target|it) has the (?P<first>[A-Z]\w+)(?: and (?P<second>[A-Z]\w+))? conditions?"
                           r"(?P<rest>(?: until the (?:start|end) of [\w' -]+? next turn| for \d+ (?:minute|minutes|hour|hours))?)$")
QUALIFIER = re.compile(r"^If (?:the )?target is (?P<who>[^,]+), ", re.I)


def damage_parts(text: str) -> list[dict] | None:
    """Every "N (XdY + Z) type damage" of a clause, or None when one of them is not a damage type."""
    parts = []
    for match in re.finditer(DICE_DAMAGE, text):
        kind = match["type"].lower()
        if kind not in DAMAGE_TYPES:
            return None
        parts.append({"roll": dice(match["dice"] or match["flat"]), "type": kind})
    return parts


def read_qualifier(who: str) -> dict | None:
    """The rider keys of "If the target is a Large or smaller creature" (`size_max`) or "a creature other than an
    undead or a construct" (`creature_types_except`); None for a condition the engine cannot check (a humanoid, a
    target that has moved, hit points or fewer...). An elf is not a creature type: the rider spares undead only."""
    who = who.strip().lower()
    if who in ("a creature", "creature"):
        return {}
    size = re.fullmatch(r"(?:a )?(tiny|small|medium|large|huge|gargantuan) or smaller(?: creature)?", who)
    if size:
        return {"size_max": size[1]}
    other = re.fullmatch(r"a creature (?:other than an? |that isn't an? )(.+)|a non-(\w+) creature", who)
    if other:
        words = re.split(r",? or an? |,? or | and ", other[1] or other[2])
        kinds = [w.strip() for w in words if w.strip() in ("aberration", "beast", "celestial", "construct", "dragon",
                                                             "elemental", "fey", "fiend", "giant", "humanoid",
                                                             "monstrosity", "ooze", "plant", "undead")]
        if not kinds or any(w.strip() not in kinds and w.strip() != "elf" for w in words):
            return None
        return {"creature_types_except": kinds}
    return None


def read_until(rest: str, following: str, save: dict | None) -> tuple[dict | str | None, str | None]:
    """A condition's `until` and `of` from its wording; a new save at the end of each of the target's turns when
    the next sentences say the target repeats it."""
    if save is not None and REPEAT_SAVE.search(following):
        return {"save": {"ability": save["ability"], "dc": save["dc"]}}, None
    turn = UNTIL_TURN.search(rest)
    if turn:
        edge = f"{turn['edge'].lower()}_of_turn"
        return edge, "target" if turn["whose"].lower() == "its" else "self"
    duration = DURATION.search(rest)
    if duration:
        return {"rounds": int(duration["count"]) * ROUNDS_PER[duration["unit"].lower()]}, None
    return None, None


def condition_rider(name: str, rest: str, following: str, save: dict | None) -> dict:
    condition: dict = {"add": "prone" if name.lower() == "knocked prone" else name.lower()}
    until, of = read_until(rest, following, save)
    if until is not None:
        condition["until"] = until
    if of is not None:
        condition["of"] = of
    rider: dict = {"condition": condition}
    if save is not None:
        rider["save"] = {"ability": save["ability"], "dc": save["dc"]}
    return rider


def sentences(text: str) -> list[str]:
    return [s.strip() for s in re.split(r"(?<=[a-z0-9)])\.(?:\s+|$)", text.strip()) if s.strip()]


def read_riders(after: str) -> list[dict]:
    """The `on_hit` riders of what an attack's text says after its damage ("…, and the target must…", the next
    sentences). What does not read as a whole rider (a curse, a disease, a charge, a swallow) stays in the text."""
    riders: list[dict] = []
    said = sentences(after)
    pending_save: dict | None = None
    when: dict | None = {}
    for number, sentence in enumerate(said):
        following = " ".join(said[number + 1:number + 3])
        qualifier = QUALIFIER.match(sentence)
        if qualifier:
            when = read_qualifier(qualifier["who"])
            sentence = sentence[qualifier.end():]
        elif sentence.startswith(("If ", "When ", "While ", "Until ", "Instead ")):
            when = None  # "If this damage reduces the target to 0 Hit Points, …": not a rider the engine applies
        elif not sentence.startswith(("Failure", "Success", "Constitution", "Strength", "Dexterity", "Wisdom",
                                      "Intelligence", "Charisma")):
            when = {}
        if when is None:
            pending_save = None
            continue
        saving = SAVE_2024.match(sentence)
        if saving:
            pending_save = {"ability": ABILITY[saving["ability"].lower()], "dc": int(saving["dc"])}
            continue
        if sentence.startswith("Failure:") and pending_save is not None:
            failure = sentence[len("Failure:"):].strip()
            parts = damage_parts(failure)
            if parts and re.match(r"\d+ \(", failure) and re.fullmatch(r"[^,]*damage", failure):
                half = bool(re.search(r"Success: Half damage", " ".join(said[number + 1:number + 2])))
                riders.append({**when, "damage": parts, "save": {**pending_save, "half": half}})
            else:
                has = HAS_CONDITION.match(failure[0].lower() + failure[1:])
                if has and has["first"].lower() in CONDITIONS and not has["second"]:
                    riders.append({**when, **condition_rider(has["first"], has["rest"], following, pending_save)})
            pending_save = None
            continue
        if sentence.startswith(("Success", "Failure")):
            continue
        pending_save = None
        # a clause joined by ", and the target …" (2014 and 2024) is read as a sentence of its own
        for clause in re.split(r",? and (?=(?:the target|it) )", sentence):
            clause = clause.strip()
            clause = re.sub(r"^(?:the target|it) must", "the target must", clause)
            half = SAVE_HALF_2014.search(clause)
            take = SAVE_TAKE_2014.search(clause)
            found = half or take
            if found:
                parts = damage_parts(found["parts"])
                if parts and not re.search(r"\band\b", found["parts"].replace("plus", "")):
                    riders.append({**when, "damage": parts, "save": {"ability": ABILITY[found["ability"].lower()],
                                                                      "dc": int(found["dc"]), "half": bool(half)}})
                continue
            conditioned = SAVE_CONDITION_2014.search(clause)
            if conditioned:
                save = {"ability": ABILITY[conditioned["ability"].lower()], "dc": int(conditioned["dc"])}
                riders.append({**when, **condition_rider(conditioned["condition"], conditioned["rest"], following,
                                                         save)})
                continue
            grapple = GRAPPLE.match(clause)
            if grapple:
                # "… (escape DC 14) if it is a Large or smaller creature": a size; any other "if" is the GM's
                tail = clause[grapple.end():]
                sized = re.match(r" if it is a (tiny|small|medium|large|huge|gargantuan) or smaller creature$", tail, re.I)
                if sized:
                    riders.append({**when, "size_max": sized[1].lower(), "grapple": {"escape_dc": int(grapple["dc"])}})
                elif " if " not in tail:
                    riders.append({**when, "grapple": {"escape_dc": int(grapple["dc"])}})
                continue
            has = HAS_CONDITION.match(clause)
            if has and "grapple" not in clause:
                for word in (has["first"], has["second"]):
                    if word and word.lower() in CONDITIONS and word.lower() != "grappled":
                        riders.append({**when, **condition_rider(word, has["rest"], following, None)})
    return riders


def read_defences(display: str, plain_types: list[str]) -> list:
    """A defence list with SRD 5.1's "bludgeoning, piercing, and slashing from nonmagical attacks (not made with
    silvered / adamantine weapons)" as `{"type", "unless"}` entries (§8); the other types as they are."""
    qualified: dict[str, list[str]] = {}
    for segment in (display or "").split(";"):
        words = segment.lower()
        if not re.search(r"non ?magical", words):
            continue
        unless = ["magic"] + (["silver"] if "silver" in words else []) + (["adamantine"] if "adamantine" in words else [])
        for kind in ("bludgeoning", "piercing", "slashing"):
            if kind in words:
                qualified[kind] = unless
    entries: list = [t for t in plain_types if t not in qualified]
    entries += [{"type": kind, "unless": unless} for kind, unless in sorted(qualified.items())]
    return sorted(entries, key=lambda e: e if isinstance(e, str) else e["type"])


AREA = (
    (re.compile(r"(\d+)-foot[- ]long,? (\d+)-foot[- ]wide line|(\d+)-foot line that is (\d+) (?:feet|foot) wide", re.I),
     lambda m: {"shape": "line", "length": metres(int(m[1] or m[3])), "width": metres(int(m[2] or m[4]))}),
    (re.compile(r"(\d+)-foot cone", re.I), lambda m: {"shape": "cone", "length": metres(int(m[1]))}),
    (re.compile(r"(\d+)-foot(?:-radius)? sphere", re.I), lambda m: {"shape": "sphere", "radius": metres(int(m[1]))}),
    (re.compile(r"(\d+)-foot cube", re.I), lambda m: {"shape": "cube", "size": metres(int(m[1]))}),
    (re.compile(r"(\d+)-foot emanation|\beach [^.]*?within (\d+) (?:feet|ft\.?) of (?:the |it)", re.I),
     lambda m: {"shape": "emanation", "radius": metres(int(m[1] or m[2]))}),
)


def read_area(desc: str) -> dict | None:
    for pattern, shape in AREA:
        found = pattern.search(desc)
        if found:
            return shape(found)
    return None


def save_attack(action_id: str, name: str, desc: str) -> dict | None:
    """A save action as an attack of the stat block (§8): its save, damage, area and what a failed save adds;
    None when the action's effect is not damage nor a condition the engine can put on (the text keeps it)."""
    found = SAVE_2024.search(desc) or SAVE_2014.search(desc)
    if not found:
        return None
    save = {"ability": ABILITY[found["ability"].lower()], "dc": int(found["dc"])}
    after = desc[found.end():]
    parts: list[dict] | None = []
    on_hit: list[dict] = []
    failure = re.search(r"Failure: (.+?)(?:\.\s|\.$|$)", after)
    half = bool(re.search(r"half as much damage|Success: Half damage", desc, re.I))
    if failure:  # SRD 5.2: "Failure: 59 (17d6) Fire damage. Success: Half damage."
        text = failure[1]
        clauses = re.split(r",? and (?=the target )", text)
        if re.match(r"\d+ \(|\d+ [A-Z]", text):
            parts = damage_parts(clauses[0])
        for clause in clauses[1:] if parts else clauses:
            has = HAS_CONDITION.match(clause[0].lower() + clause[1:])
            if not has or "grapple" in clause:
                return None
            for word in (has["first"], has["second"]):
                if word and word.lower() in CONDITIONS:
                    following = after[failure.end():]
                    rider = condition_rider(word, has["rest"], following, save)
                    rider.pop("save")
                    on_hit.append(rider)
    else:  # SRD 5.1: "…, taking 63 (18d6) fire damage on a failed save", "…or take 15 (2d6 + 8) bludgeoning damage
        #          and be knocked prone", "…or become frightened for 1 minute"
        taking = (re.match(r"(?: against [a-z ]+?)?,? taking (.+?damage) on a failed save(?P<tail>)", after)
                  or re.match(r"(?: against [a-z ]+?)?,? or take (.+?damage)(?P<tail>.*?)(?:\.\s|\.$|$)", after))
        if taking:
            parts = damage_parts(taking[1])
            tail = taking["tail"] or ""
            prone = re.match(r" and be knocked prone$", tail)
            if prone:
                on_hit.append({"condition": {"add": "prone"}})
            elif tail.strip(" ,"):
                return None
        else:
            becomes = re.match(r"(?: against [a-z ]+?)? or (?:be|become) (?P<condition>" + CONDITION_WORD +
                               r")(?P<rest>(?: for \d+ (?:minute|minutes|hour|hours)| until the (?:start|end) of [\w' -]+? next turn)?)"
                               r"(?:\.\s|\.$|$)", after, re.I)
            if not becomes:
                return None
            rider = condition_rider(becomes["condition"], becomes["rest"], after[becomes.end():], save)
            rider.pop("save")
            on_hit.append(rider)
    if parts is None or (not parts and not on_hit):
        return None
    attack: dict = {"id": action_id, "save": {**save, "half": half} if parts else save, "name": {"en": name}}
    if parts:
        attack["damage"] = parts
    if on_hit:
        attack["on_hit"] = on_hit
    area = read_area(desc)
    if area:
        attack["area"] = area
    return attack


def parse_attack(action_id: str, name: str, desc: str) -> tuple[list[dict], str | None]:
    """The engine attack profiles of one SRD attack line, or why it has none."""
    head = ATTACK.match(desc)
    if not head:
        return [], None
    rest = desc[head.end():]
    hit_at = rest.find("Hit:")
    hit_text = rest[hit_at + 4:] if hit_at >= 0 else rest
    # The damage of every hit: the first sentence's "N (XdY + Z) type damage" and its "plus ..." parts; a part that
    # only applies "if"/"when" something else holds, and the versatile ", or ... with two hands", stay in the text.
    sentence = re.split(r"(?<=[a-z)])\.\s", hit_text.strip(), maxsplit=1)[0]
    # SRD 5.1 versatile: "7 (1d8 + 3) bludgeoning damage, or 8 (1d10 + 3) bludgeoning damage if used with two
    # hands to make a melee attack, plus 3 (1d6) fire damage": the two-handed part replaces the first, what the
    # text adds after it applies whichever grip (§8).
    versatile = []
    two_hands = re.search(r", or " + DICE_DAMAGE + r" if used with two hands[^,.]*", sentence)
    if two_hands and two_hands["type"].lower() in DAMAGE_TYPES:
        versatile = [{"roll": dice(two_hands["dice"] or two_hands["flat"]), "type": two_hands["type"].lower()}]
        sentence = sentence[:two_hands.start()] + sentence[two_hands.end():]
    sentence = sentence.split(", or ")[0]
    parts = []
    on_hit: list[dict] = []
    for piece in re.split(r",? plus ", sentence):
        match = DAMAGE.search(piece)
        if match and re.match(r"\s*if the attack roll had advantage\b", piece[match.end():], re.I) \
                and match["type"].lower() in DAMAGE_TYPES:
            on_hit.append({"damage": [{"roll": dice(match["dice"] or match["flat"]), "type": match["type"].lower()}],
                           "if": "advantage"})
            continue
        if not match or re.match(r"\s*(if|when|while|against)\b", piece[match.end():]):
            continue
        kind = match["type"].lower()
        if kind not in DAMAGE_TYPES:
            return [], f"attack {name}: damage type '{match['type']}' is not a damage type"
        parts.append({"roll": dice(match["dice"] or match["flat"]), "type": kind})
    if not parts:
        return [], f"attack {name}: no damage on a hit (its effect is in the text)"
    to_hit = int(head["hit"])
    kinds = head["kind"].lower()
    attacks = []
    if kinds in ("melee", "melee or ranged"):
        # SRD 5.1 swarms' Bites: "reach 0 ft., one target in the swarm's space"; two creatures never share a
        # square of the grid, so the swarm bites a creature next to it (reach 1.5 m, one square).
        reach = int(head["reach"] or 5) or 5
        attack = {"id": action_id, "kind": "melee", "to_hit": to_hit, "damage": parts,
                  "reach": metres(reach), "name": {"en": name}}
        if versatile:
            attack["versatile"] = versatile
        attacks.append(attack)
    if kinds in ("ranged", "melee or ranged"):
        if not head["near"]:
            return [], f"attack {name}: a ranged attack without a range"
        near = metres(int(head["near"]))
        far = metres(int(head["far"] or head["near"]))
        attack = {"id": action_id if kinds == "ranged" else f"{action_id}-ranged", "kind": "ranged",
                  "to_hit": to_hit, "damage": parts, "range": [near, far], "name": {"en": name}}
        if kinds == "melee or ranged" and "Weapon" in head.group(0):  # SRD 5.1's thrown weapons (dagger, javelin)
            attack["thrown"] = True
        attacks.append(attack)
    on_hit += read_riders(hit_text)
    if on_hit:
        for attack in attacks:
            attack["on_hit"] = on_hit
    return attacks, None


def attacks_in_multiattack(desc: str) -> int:
    sentence = desc.split(".")[0].lower()
    direct = re.search(r"makes (\w+) (?:\w+ ){0,3}?attacks?\b", sentence)
    if direct and direct[1] in NUMBER_WORDS and not re.search(r"\band\b", sentence[direct.end():direct.end() + 40]):
        return NUMBER_WORDS[direct[1]]
    counted = sum(NUMBER_WORDS[word] for word in re.findall(r"\b(one|two|three|four|five|six)\b[^,;:]*?attacks?\b", sentence))
    return max(1, counted)


def parse_uses(action_id: str, uses_type: str | None, param, name: str) -> dict | None:
    if uses_type == "RECHARGE_ON_ROLL":
        return {"id": action_id, "max": 1, "recharge": int(param or 6)}
    if uses_type == "PER_DAY":
        return {"id": action_id, "max": int(param or 1), "per": "long_rest"}
    if uses_type == "RECHARGE":  # SRD 5.2 "Recharge after a Short or Long Rest"
        return {"id": action_id, "max": 1, "per": "short_rest"}
    recharge = re.search(r"\(Recharge (\d)", name)
    if recharge:
        return {"id": action_id, "max": 1, "recharge": int(recharge[1])}
    per_day = re.search(r"\((\d+)/Day\)", name)
    if per_day:
        return {"id": action_id, "max": int(per_day[1]), "per": "long_rest"}
    return None


SPELL_LINE = re.compile(r"^[*-][ \t]*(?:\*\*)?(?P<head>[^:*\n]+):(?:\*\*)?[ \t]*(?P<spells>[^\n]*)$", re.M)
# SRD 5.1 innate spellcasting writes its lines without a bullet: "At will: detect magic, thunderwave",
# "3/day each: tongues, wind walk".
INNATE_LINE = re.compile(r"^(?P<head>at will|\d+/day(?: each)?):[ \t]*(?P<spells>[^\n]*)$", re.M | re.I)


def parse_spellcasting(desc: str, spell_ids: dict[str, str]) -> tuple[dict | None, list[str]]:
    """§7 `spellcasting` from a Spellcasting trait or action text; returns it with the spell names not found."""
    ability = re.search(r"(Strength|Dexterity|Constitution|Intelligence|Wisdom|Charisma)", desc)
    if not ability:
        return None, []
    casting = {"ability": ABILITY[ability[1].lower()], "spells": []}
    dc = re.search(r"spell save DC (\d+)", desc)
    if dc:
        casting["dc"] = int(dc[1])
    attack = re.search(r"([+-]\d+) to hit with spell attacks", desc)
    if attack:
        casting["attack"] = int(attack[1])
    level = re.search(r"(\d+)(?:st|nd|rd|th)-level spellcaster", desc)
    missing: list[str] = []
    slots: dict[str, int] = {}
    per_day: dict[str, int] = {}
    at_will: list[str] = []
    lines = {m.start(): m for m in (*SPELL_LINE.finditer(desc), *INNATE_LINE.finditer(desc))}
    for _, line in sorted(lines.items()):
        head = line["head"].strip().lower()
        names = [re.sub(r"\s*\(.*?\)|\*", "", n).strip() for n in re.split(r",\s*(?![^()]*\))", line["spells"])]
        ids = []
        for spell_name in names:
            found = spell_ids.get(plain(spell_name))
            if found:
                ids.append(found)
            elif spell_name:
                missing.append(spell_name)
        slot = re.match(r"(\d+)(?:st|nd|rd|th) level \((\d+) slots?\)", head)
        times = re.match(r"(\d+)/day", head)
        if slot:
            slots[slot[1]] = int(slot[2])
        if times:
            for spell_id in ids:
                per_day[spell_id] = int(times[1])
        if head.startswith("at will"):
            # §7 `at_will`: cast without a slot, any number of times ("Cantrips (at will)" lines are cantrips)
            at_will += [spell_id for spell_id in ids if spell_id not in at_will]
        casting["spells"] += [spell_id for spell_id in ids if spell_id not in casting["spells"]]
    if slots:
        casting["slots"] = slots
    if per_day:
        casting["per_day"] = per_day
    if at_will:
        casting["at_will"] = at_will
    if level:
        casting["level"] = int(level[1])
    return casting, missing


def convert_creature(family: str, raw: dict, actions: list[dict], traits: list[dict], spell_ids: dict[str, str],
                     validate, second_opinion=None) -> tuple[dict | None, list[dict]]:
    f = raw["fields"]
    name = f["name"]
    creature_id = slug(name)
    problems: list[dict] = []
    notes: list[str] = []
    cr = float(f["challenge_rating"])
    cr = int(cr) if cr >= 1 else cr
    abilities = {ABILITY[a]: f[f"ability_score_{a}"] for a in ABILITY}
    for ability, score in abilities.items():
        # A score below 1 cannot be one (SRD scores run 1 to 30): open5e wrote the modifier (the SRD 5.2 Octopus's
        # Cha -3). Take Foundry's score when its modifier is that number; else the engine refuses it, listed.
        corrected = (second_opinion or {}).get(creature_id, {}).get(ability) if score < 1 else None
        if corrected is not None and ability_mod(corrected) == score:
            abilities[ability] = corrected
            notes.append(f"{ability} {corrected}: open5e gives the modifier {score}; the score is Foundry's")
    pb = f.get("proficiency_bonus") or proficiency_for_cr(cr)
    stats: dict = {"ac": f["armor_class"], "max_hp": f["hit_points"], "speed": metres(f["walk"] or 0),
                   "size": f["size"].lower(), "abilities": abilities, "proficiency_bonus": pb}
    if f.get("swim"):
        stats["swim_speed"] = metres(f["swim"])
    if family == "dnd5e-2024" and f.get("initiative_bonus") is not None:
        stats["initiative_bonus"] = f["initiative_bonus"]
    save_bonus = {ABILITY[a]: f[f"saving_throw_{a}"] for a in ABILITY if f.get(f"saving_throw_{a}") is not None}
    stats["saves"] = [a for a, bonus in save_bonus.items() if bonus > ability_mod(abilities[a])]
    skill_bonus = {s: f[f"skill_bonus_{s}"] for s in SKILLS if f.get(f"skill_bonus_{s}") is not None}
    stats["skills"] = sorted(s for s in skill_bonus)
    for key, source, allowed in (("resistances", "damage_resistances", DAMAGE_TYPES),
                                 ("vulnerabilities", "damage_vulnerabilities", DAMAGE_TYPES),
                                 ("immunities", "damage_immunities", DAMAGE_TYPES),
                                 ("condition_immunities", "condition_immunities", CONDITIONS)):
        stats[key] = sorted(v for v in f[source] if v in allowed)
        if key != "condition_immunities":
            stats[key] = read_defences(f.get(f"{source}_display") or "", stats[key])
    if f["type"].lower() in CREATURE_TYPES:
        stats["creature_type"] = f["type"].lower()

    text: dict[str, list] = {"traits": [], "actions": [], "bonus_actions": [], "reactions": [], "legendary_actions": []}
    for trait in sorted(traits, key=lambda t: t["fields"]["name"]):
        text["traits"].append({"name": trait["fields"]["name"], "desc": trait["fields"]["desc"]})
    attacks: list[dict] = []
    uses: list[dict] = []
    legendary: list[dict] = []
    reactions: list[dict] = []
    spellcasting = None
    per_action = 1
    section = {"ACTION": "actions", "BONUS_ACTION": "bonus_actions", "REACTION": "reactions",
               "LEGENDARY_ACTION": "legendary_actions"}
    ordered = sorted(actions, key=lambda a: (a["fields"]["action_type"], a["fields"]["order_in_statblock"] or 0,
                                             a["fields"]["name"]))
    for action in ordered:
        a = action["fields"]
        action_name, desc, where = a["name"], a["desc"], a["action_type"]
        action_id = slug(re.sub(r"\s*\((Recharge|Costs|\d+/Day).*?\)", "", action_name))
        text[section[where]].append({"name": action_name, "desc": desc})
        if where == "LEGENDARY_ACTION":
            cost = a.get("legendary_action_cost") or 1
            costs = re.search(r"Costs (\d) Actions", action_name)
            if costs:
                cost = int(costs[1])
            entry = {"id": action_id, "cost": int(cost)}
            makes = re.search(r"makes (?:one|a) (.+?) attack", desc, re.I)
            if makes and slug(makes[1]) in {atk["id"] for atk in attacks}:
                entry["attack"] = slug(makes[1])
            profile = save_attack(action_id, action_name, desc)
            if profile and "attack" not in entry:
                if profile["id"] not in {atk["id"] for atk in attacks}:
                    attacks.append(profile)
                entry["attack"] = profile["id"]
            legendary.append(entry)
            continue
        if action_name.lower() == "multiattack":
            per_action = attacks_in_multiattack(desc)
            continue
        if action_name.lower().startswith("spellcasting"):
            spellcasting, missing = parse_spellcasting(desc, spell_ids)
            problems += [{"id": f"{creature_id}:{slug(s)}", "name": s, "why": "spell not in this library"} for s in missing]
            continue
        if where == "REACTION":
            parry = re.search(r"adds (\d+) to its AC against one melee attack", desc)
            if parry:
                reactions.append({"id": action_id, "on": "melee_hit", "ac_bonus": int(parry[1]), "name": {"en": action_name}})
            continue
        use = parse_uses(action_id, a.get("uses_type"), a.get("uses_param"), action_name)
        if use:
            uses.append(use)
        profiles, why = parse_attack(action_id, action_name, desc)
        if why:
            problems.append({"id": f"{creature_id}:{action_id}", "name": action_name, "why": why})
        for profile in profiles:
            if where == "BONUS_ACTION":
                profile["slot"] = "bonus"
            if use:
                profile["uses"] = use["id"]
            if profile["id"] not in {atk["id"] for atk in attacks}:
                attacks.append(profile)
        profile = None if profiles else save_attack(action_id, action_name, desc)
        if profile and profile["id"] not in {atk["id"] for atk in attacks}:
            if where == "BONUS_ACTION":
                profile["slot"] = "bonus"
            if use:
                profile["uses"] = use["id"]
            attacks.append(profile)
    for trait in traits:
        t = trait["fields"]
        resistance = re.match(r"Legendary Resistance \((\d+)/Day", t["name"])
        if resistance:
            stats["legendary_resistance"] = int(resistance[1])
        if t["name"].lower().endswith("spellcasting") and spellcasting is None:
            spellcasting, missing = parse_spellcasting(t["desc"], spell_ids)
            problems += [{"id": f"{creature_id}:{slug(s)}", "name": s, "why": "spell not in this library"} for s in missing]
    stats["attacks"] = attacks
    if per_action > 1 and attacks:
        stats["attacks_per_action"] = per_action
    if reactions:
        stats["reactions"] = reactions
    if uses:
        stats["uses"] = uses
    if legendary:
        # SRD 5.1 gives every legendary creature 3 legendary actions; SRD 5.2 "Legendary Action Uses: 3" outside
        # a lair (the lair's extra use is not modelled).
        stats["legendary_actions"] = 3
        stats["legendary"] = legendary
    if spellcasting:
        level = spellcasting.pop("level", None)
        if level:
            stats["level"] = level
        stats["spellcasting"] = spellcasting
    entry = {"id": creature_id, "name": {"en": name}, "kind": "monster", "stats": stats, "cr": cr,
             "xp": f.get("experience_points_integer") or XP_BY_CR[cr], "size": f["size"].lower(),
             "type": f["type"].lower(), "alignment": f["alignment"], "hit_dice": f.get("hit_dice") or "",
             "speeds": {k: metres(f[k]) for k in ("walk", "fly", "swim", "climb", "burrow") if f.get(k)},
             "senses": {k: metres(f[f"{k}_range"]) for k in ("blindsight", "darkvision", "tremorsense", "truesight")
                        if f.get(f"{k}_range")},
             "passive_perception": f["passive_perception"], "languages": f.get("languages_desc") or "",
             "save_bonuses": save_bonus if family == "dnd5e-2014" else
             {a: b for a, b in save_bonus.items() if a in stats["saves"]},
             "skill_bonuses": skill_bonus, "text": {"en": {k: v for k, v in text.items() if v}}}
    displays = {k: f.get(f"{k}_display") for k in ("damage_resistances", "damage_immunities", "damage_vulnerabilities",
                                                    "condition_immunities")}
    entry["defences"] = {k: v for k, v in displays.items() if v}
    if f.get("armor_detail"):
        entry["armor"] = f["armor_detail"]
    if notes:
        entry["notes"] = notes
    try:
        validate(stats, creature_id)
    except Exception as error:  # the engine's refusal, kept as the reason
        return None, problems + [{"id": creature_id, "name": name, "why": f"stat block refused: {error}"}]
    return entry, problems


# --- spells -----------------------------------------------------------------------------------------------------

CASTING_TIME = {"action": "action", "bonus-action": "bonus", "reaction": "reaction", "1minute": "1 minute",
                "10minutes": "10 minutes", "1hour": "1 hour", "8hours": "8 hours", "12hours": "12 hours",
                "24hours": "24 hours"}
SPELL_DAMAGE = re.compile(r"(?P<dice>\d+d\d+(?:\s*\+\s*\d+)?) (?P<type>[A-Za-z]+) damage")


# Spells whose whole effect on a failed save is one condition, read by hand in each SRD (a condition named in
# a spell's text is often not its effect: Faerie Fire names Invisible, Suggestion "can't be charmed"). The
# import also checks that the text names it. Every other save spell without damage is left to the GM.
ONE_CONDITION_SPELLS = {
    "dnd5e-2014": {"hold-person": "paralyzed", "hold-monster": "paralyzed", "entangle": "restrained",
                   "web": "restrained", "fear": "frightened", "phantasmal-killer": "frightened",
                   "power-word-stun": "stunned", "grease": "prone", "sleet-storm": "prone",
                   "charm-person": "charmed", "animal-friendship": "charmed", "dominate-beast": "charmed",
                   "dominate-person": "charmed", "dominate-monster": "charmed", "banishment": "incapacitated"},
    "dnd5e-2024": {"hold-person": "paralyzed", "hold-monster": "paralyzed", "entangle": "restrained",
                   "fear": "frightened", "power-word-stun": "stunned", "grease": "prone", "sleet-storm": "prone",
                   "charm-person": "charmed", "charm-monster": "charmed", "animal-friendship": "charmed",
                   "dominate-beast": "charmed", "dominate-person": "charmed", "dominate-monster": "charmed",
                   "suggestion": "charmed", "mass-suggestion": "charmed", "irresistible-dance": "charmed",
                   "stinking-cloud": "poisoned", "color-spray": "blinded", "banishment": "incapacitated"},
}


# The common combat spells, written by hand from each SRD where the structured data says too little or too much
# (open5e gives Hunter's Mark a ranged attack, Bless no effect, Shield no AC): what replaces the read keys, and
# the keys to drop. Durations count in the caster's turns (docs/spells.md); none of these is left to the GM any
# more: Shield's +5 AC, which attack rolls count, Bless's and Bane's d4 (`roll_bonus`), which attack rolls and
# saves roll, Hunter's Mark's d6 (`damage_bonus`), which hits roll, and Counterspell (`on: cast`).
SPELL_OVERRIDES = {
    # SRD 5.1/5.2 Bless: a target adds 1d4 to its attack rolls and saving throws; Bane: a target that fails a
    # Charisma save subtracts 1d4 from them (both: one more target per slot level above 1st).
    "bless": ({"effect": {"id": "bless", "until": {"minutes": 1},
                          "roll_bonus": {"roll": "1d4", "on": ["attack", "save"]}},
               "targets": 3, "upcast": {"targets": 1}},
              ("attack", "damage", "save")),
    "bane": ({"save": {"ability": "cha"},
              "effect": {"id": "bane", "until": {"minutes": 1},
                         "roll_bonus": {"roll": "1d4", "on": ["attack", "save"], "subtract": True}},
              "targets": 3, "upcast": {"targets": 1}},
             ("attack", "damage")),
    "hold-person": ({"condition": {"add": "paralyzed", "until": "save"}}, ()),
    "hold-monster": ({"condition": {"add": "paralyzed", "until": "save"}}, ()),
    "magic-missile": ({"targets": 3, "upcast": {"targets": 1}}, ()),
    "shield": ({"casting_time": "reaction", "on": "hit",
                "effect": {"id": "shield", "on": "caster", "ac_bonus": 5, "until": "start_of_turn"}},
               ("attack", "damage", "save")),
    # Counterspell answers a creature casting a spell (`on: cast`, docs/spells.md): the edition's rule decides.
    # Cast outside such a window (the GM's call) it marks its target with the named effect, as before.
    "counterspell": ({"casting_time": "reaction", "targets": 1, "on": "cast", "effect": {"id": "counterspell"}},
                     ("damage",)),
    "spiritual-weapon": ({"attack": "melee", "damage": [{"roll": "1d8", "type": "force", "add_modifier": True}]},
                         ("save",)),
    # SRD 5.1 Hunter's Mark: an extra 1d6 damage when you hit the target with a weapon attack (of the weapon's
    # type); 5.2: an extra 1d6 Force damage when you hit it with an attack roll (spell attacks too): by family.
    "hunters-mark": ({"targets": 1, "effect": {"id": "hunters-mark", "until": {"minutes": 60}}},
                     ("attack", "damage", "save")),
}
# Spells whose structured data reads as one effect when the spell is something else (Wish's 1d10 Necrotic is
# the stress of its other uses): left to the GM.
LEFT_TO_THE_GM = {"wish": "its effects are the GM's (the 1d10 Necrotic in its text is the stress of casting it)"}
# Per family: SRD 5.1's Spiritual Weapon grows by 1d8 every two slot levels (not expressible: no upcast), 5.2's
# by 1d8 each; 5.1's Counterspell has no save, 5.2's target makes a Constitution save.
SPELL_OVERRIDES_BY_FAMILY = {
    "dnd5e-2014": {"spiritual-weapon": ({}, ("upcast",)), "counterspell": ({}, ("save",)),
                   "hunters-mark": ({"effect": {"id": "hunters-mark", "until": {"minutes": 60},
                                                "damage_bonus": {"roll": "1d6", "from": "caster",
                                                                 "attacks": "weapon"}}}, ())},
    "dnd5e-2024": {"spiritual-weapon": ({"upcast": {"damage": "1d8"}}, ()),
                   "hunters-mark": ({"effect": {"id": "hunters-mark", "until": {"minutes": 60},
                                                "damage_bonus": {"roll": "1d6", "type": "force", "from": "caster",
                                                                 "attacks": "any"}}}, ())},
}


def convert_spell(family: str, raw: dict) -> dict:
    f = raw["fields"]
    desc = f["desc"]
    spell = {"id": slug(f["name"]), "name": {"en": f["name"]}, "level": f["level"], "school": f["school"].lower(),
             "casting_time": CASTING_TIME.get(f["casting_time"], f["casting_time"]),
             "concentration": bool(f["concentration"]), "ritual": bool(f["ritual"]), "duration": f["duration"],
             "range_text": f["range_text"], "components": "".join(c for c, k in (("V", "verbal"), ("S", "somatic"),
                                                                               ("M", "material")) if f[k])}
    range_text = (f["range_text"] or "").lower()
    spell["range"] = 1.5 if range_text.startswith("touch") else 0 if range_text.startswith("self") else metres(f["range"] or 0)
    if f["shape_type"] and f["shape_size"]:
        key = {"sphere": "radius", "cylinder": "radius", "cube": "size", "cone": "length", "line": "length"}[f["shape_type"]]
        spell["area"] = {"shape": f["shape_type"], key: metres(f["shape_size"])}
    roll = (f["damage_roll"] or "").strip()
    types = [t for t in f["damage_types"] if t in DAMAGE_TYPES]
    described = SPELL_DAMAGE.search(desc)
    if not roll and described and described["type"].lower() in DAMAGE_TYPES:
        roll, types = dice(described["dice"]), [described["type"].lower()]
    why = None
    heal = re.search(r"regains? (?:a number of )?Hit Points equal to (\d+d\d+) (?:plus|\+) your spellcasting ability modifier",
                     desc, re.I)
    if heal and roll and dice(roll) == heal[1] and not types:
        roll = ""  # the structured data's roll is the healing's, not damage
    # "taking 5d6 Fire damage and 5d6 Radiant damage": two parts, one roll of each, halved together.
    both = re.search(r"(\d+d\d+) (\w+) damage and (\d+d\d+) (\w+) damage", desc)
    if both and both[2].lower() != both[4].lower() and {both[2].lower(), both[4].lower()} <= set(DAMAGE_TYPES) and \
            (not roll or dice(roll) == both[1]) and set(types) <= {both[2].lower(), both[4].lower()} and \
            not re.search(r"\b(choose|choice of|your choice)\b[^.]*\bdamage\b", desc, re.I):
        spell["damage"] = [{"roll": both[1], "type": both[2].lower()}, {"roll": both[3], "type": both[4].lower()}]
    elif roll and re.fullmatch(r"\d+d\d+(\+\d+)?", dice(roll)) and len(types) == 1:
        spell["damage"] = [{"roll": dice(roll), "type": types[0]}]
    elif roll:
        why = "its damage type is chosen at casting or several rolls combine (not one roll of one type)"
    if f["saving_throw_ability"]:
        spell["save"] = {"ability": ABILITY[f["saving_throw_ability"].lower()]}
        if "damage" in spell:
            spell["save"]["half"] = bool(re.search(r"half as much damage|Half damage", desc, re.I))
    if f["attack_roll"]:
        spell["attack"] = "melee" if range_text.startswith(("touch", "self")) else "ranged"
    if heal:
        spell["heal"] = {"roll": heal[1], "add_modifier": True}
    temporary = re.search(r"gain (\d+d\d+ \+ \d+|\d+d\d+) temporary hit points", desc, re.I)
    if temporary and not heal and "damage" not in spell:
        spell["temp_hp"] = dice(temporary[1])
        why = None
    higher = f.get("higher_level") or ""
    # SRD 5.1 "when you reach 5th level (2d10)", SRD 5.2 "when you reach levels 5 (2d10), 11 (3d10)"
    if f["level"] == 0 and "damage" in spell and re.search(r"5th level|levels? 5\b", higher + desc, re.I):
        spell["cantrip_scaling"] = True
    per_slot = re.search(r"(\d+d\d+) for each (?:spell )?slot level above", higher)
    if per_slot and f["level"] > 0:
        spell["upcast"] = {"heal" if "heal" in spell and "damage" not in spell else "damage": per_slot[1]}
    condition = ONE_CONDITION_SPELLS[family].get(spell["id"])
    if condition and f["saving_throw_ability"] and re.search(rf"\b{condition}\b", desc, re.I):
        spell["condition"] = {"add": condition}
    if f.get("target_count") and f["target_count"] > 1:
        spell["targets"] = f["target_count"]
    spell["text"] = {"en": {"desc": desc, **({"higher_level": higher} if higher else {})}}
    for overrides in (SPELL_OVERRIDES, SPELL_OVERRIDES_BY_FAMILY[family]):
        if spell["id"] in overrides:
            replaced, dropped = overrides[spell["id"]]
            for key in dropped:
                spell.pop(key, None)
            spell.update(json.loads(json.dumps(replaced)))
            if spell["id"] in SPELL_OVERRIDES:
                why = None
    why = why or LEFT_TO_THE_GM.get(spell["id"])
    if "attack" in spell and "save" in spell:
        why = why or "an attack roll and a save in one spell (§7 takes one or the other)"
    if not any(k in spell for k in ("damage", "heal", "condition", "effect", "temp_hp")) and spell.get("on") != "cast":
        why = why or "no damage, healing or single condition: the effect is for the GM to apply (§7 cannot express it)"
    if why:
        spell["executable"] = False
        spell["why"] = why
    return spell


# --- French (5e-drs) --------------------------------------------------------------------------------------------

def read_header(markdown: str) -> tuple[dict, str]:
    """A small reader for 5e-drs' YAML headers (flat keys, one level of nesting, lists of scalars or of maps)."""
    parts = markdown.split("---", 2)
    if len(parts) < 3:
        return {}, markdown
    header: dict = {}
    current = None
    for line in parts[1].splitlines():
        if not line.strip() or line.strip().startswith("#"):
            continue
        indent = len(line) - len(line.lstrip())
        key, _, value = line.strip().partition(":")
        value = value.strip().strip('"')
        if indent == 0:
            current = key
            header[key] = value if value else {}
        elif isinstance(header.get(current), dict) and not line.strip().startswith("-"):
            header[current][key] = value
    return header, parts[2]


def french_sections(body: str) -> dict[str, list]:
    names = {"capacités": "traits", "actions": "actions", "actions bonus": "bonus_actions", "réactions": "reactions",
             "actions légendaires": "legendary_actions"}
    found: dict[str, list] = {}
    for block in re.split(r"^## ", body, flags=re.M)[1:]:
        title, _, content = block.partition("\n")
        key = names.get(title.strip().lower())
        if not key:
            continue
        for paragraph in re.split(r"\n\s*\n", content.strip()):
            head = re.match(r"_?\*\*_?(.+?)_?\*\*_?\.?\s*", paragraph)
            if head:
                found.setdefault(key, []).append({"name": unmark(head[1]).rstrip("."), "desc": unmark(paragraph[head.end():])})
            elif paragraph.strip() and found.get(key):
                found[key][-1]["desc"] += "\n" + unmark(paragraph)
            elif paragraph.strip():
                found.setdefault(key, []).append({"name": "", "desc": unmark(paragraph)})
    return found


def drs_files(repo: str, commit: str, folder: str) -> list[str]:
    return sorted(p for p in git(repo, "ls-tree", "-r", "--name-only", commit, folder).splitlines()
                  if p.endswith("/README.md") and p.count("/") == 3)


def french_creatures(repo: str, commit: str) -> list[dict]:
    found = []
    for path in drs_files(repo, commit, "docs/bestiaire"):
        header, body = read_header(show(repo, commit, path))
        scores = header.get("abilityScores") or {}
        try:
            key = tuple(int(scores[k]) for k in ("for", "dex", "con", "int", "sag", "cha"))
            cr = float(header.get("challenge") or -1)
        except (KeyError, ValueError):
            continue
        found.append({"path": path, "name": header.get("title", ""), "abilities": key, "cr": cr,
                      "hit_dice": int(header["hitDiceCount"]) if str(header.get("hitDiceCount", "")).isdigit() else None,
                      "text": french_sections(body)})
    return found


def french_spells(repo: str, commit: str) -> list[dict]:
    found = []
    for path in drs_files(repo, commit, "docs/grimoire"):
        header, body = read_header(show(repo, commit, path))
        try:
            level = int(header.get("level", -1))
        except ValueError:
            continue
        body = body.strip()
        higher = re.search(r"\*\*À (?:plus )?haut(?:s)? niveaux?\*\*\.?\s*(.*)", body, re.S)
        found.append({"path": path, "name": header.get("title", ""), "level": level,
                      "school": FRENCH_SCHOOL.get(str(header.get("school", "")).lower(), ""),
                      "concentration": header.get("concentration") == "true", "ritual": header.get("ritual") == "true",
                      "dice": set(re.findall(r"\d+d\d+", body)),
                      "casting_time": FRENCH_CASTING.get(str(header.get("casting_time", "")).lower().split(",")[0].strip(), ""),
                      "range": french_range(str(header.get("range", ""))),
                      "components": "".join(letter for letter, key in (("V", "verbal"), ("S", "somatic"), ("M", "material"))
                                            if (header.get("components") or {}).get(key) == "true"),
                      "text": {"desc": unmark(body[:higher.start()] if higher else body),
                               "duration": str(header.get("duration", "")), "range": str(header.get("range", "")),
                               **({"higher_level": unmark(higher[1])} if higher else {})}})
    return found


def french_range(text: str) -> str:
    """A 5e-drs spell range as a key comparable with `english_range`."""
    text = text.lower().strip()
    for prefix, key in (("contact", "touch"), ("personnel", "self"), ("vue", "sight"), ("illimit", "unlimited"),
                        ("spécial", "special")):
        if text.startswith(prefix):
            return key
    number = re.match(r"([\d ]+(?:,\d+)?)\s*(kilom|m)", text)
    if not number:
        return text
    value = float(number[1].replace(" ", "").replace(",", "."))
    return f"{value * 1000 if number[2] == 'kilom' else value:g}"


def english_range(text: str) -> str:
    text = (text or "").lower().strip()
    for prefix in ("touch", "self", "sight", "unlimited", "special"):
        if text.startswith(prefix):
            return prefix
    number = re.match(r"([\d,]+)\s*(mile|f)", text)
    if not number:
        return text
    value = float(number[1].replace(",", ""))
    return f"{value * 1500 if number[2] == 'mile' else value * 0.3:g}"


def name_likeness(english: str, french: str) -> int:
    """Tie-break only: how many 4-letter stems the two names share (dragon rouge / red dragon share 'drag')."""
    def stems(text: str) -> set[str]:
        return {w[:4] for w in plain(text).split() if len(w) >= 4}

    return len(stems(english) & stems(french))


def match_creatures(entries: list[dict], french: list[dict]) -> None:
    by_numbers: dict[tuple, list[dict]] = {}
    for item in french:
        by_numbers.setdefault((item["abilities"], item["cr"]), []).append(item)
    used: set[str] = set()
    for entry in entries:
        s = entry["stats"]
        key = (tuple(s["abilities"][a] for a in ("str", "dex", "con", "int", "wis", "cha")), float(entry["cr"]))
        candidates = [c for c in by_numbers.get(key, []) if c["path"] not in used]
        count = re.match(r"(\d+)d", entry.get("hit_dice", ""))
        if len(candidates) > 1 and count:
            same_dice = [c for c in candidates if c["hit_dice"] == int(count[1])]
            candidates = same_dice or candidates
        if len(candidates) > 1:
            best = max(name_likeness(entry["name"]["en"], c["name"]) for c in candidates)
            candidates = [c for c in candidates if name_likeness(entry["name"]["en"], c["name"]) == best]
        if len(candidates) == 1:
            chosen = candidates[0]
            used.add(chosen["path"])
            entry["name"]["fr"] = chosen["name"]
            if chosen["text"]:
                entry["text"]["fr"] = chosen["text"]
                name_attacks_in_french(entry, chosen["text"])


# SRD 5.1 creatures the numbers cannot match to their 5e-drs page, read by hand (issue 23): open5e gives the Chain
# Devil challenge 11 where 5e-drs (and the SRD 5.1 text) give 8; the Night Hag and the Vampire tie with a page of
# the same numbers (Guenaude des sables, Vampire, Sorcier); the generic Swarm of Insects page went to the first of
# its variants (Swarm of Beetles), which keeps it. A pin only fills a creature the numbers left without a French name.
FRENCH_CREATURE_PINS = {"chain-devil": "docs/bestiaire/diable-des-chaines/README.md",
                        "night-hag": "docs/bestiaire/guenaude-nocturne/README.md",
                        "swarm-of-insects": "docs/bestiaire/nuee-d-insectes/README.md",
                        "vampire": "docs/bestiaire/vampire/README.md"}


def pin_creatures(entries: list[dict], french: list[dict]) -> None:
    by_path = {item["path"]: item for item in french}
    for entry in entries:
        chosen = by_path.get(FRENCH_CREATURE_PINS.get(entry["id"], ""))
        if chosen is None or "fr" in entry["name"]:
            continue
        entry["name"]["fr"] = chosen["name"]
        if chosen["text"]:
            entry["text"]["fr"] = chosen["text"]
            name_attacks_in_french(entry, chosen["text"])


def name_attacks_in_french(entry: dict, french: dict) -> None:
    """Each attack takes the name of the French action with the same to-hit and the same first damage roll."""
    actions = [a for key in ("actions", "bonus_actions", "legendary_actions") for a in french.get(key, []) if a["name"]]
    for attack in entry["stats"]["attacks"]:
        if not attack.get("damage"):
            continue
        roll = attack["damage"][0]["roll"]
        # a save attack (a breath): the French action with the same DC and the same damage roll
        number = f"+{attack['to_hit']} pour toucher" if "to_hit" in attack else f"DD {attack['save']['dc']}"
        same = {a["name"] for a in actions if number in a["desc"] and f"({roll})" in re.sub(r"\s+", "", a["desc"])}
        if len(same) == 1:
            attack["name"]["fr"] = same.pop()


FRENCH_SPELL_PINS = {"bane": "docs/grimoire/fleau/README.md", "bless": "docs/grimoire/benediction/README.md",
                     "hideous-laughter": "docs/grimoire/fou-rire/README.md"}


def match_spells(entries: list[dict], french: list[dict]) -> None:
    """Two passes: every number of the spell's header (level, school, casting time, range, components,
    concentration, ritual) must agree; then, for what is left, level, school and casting time with the same dice
    in the text, or a shared name stem."""
    used: set[str] = set()
    for entry in entries:
        # read by hand where the numbers pair the wrong spells (Bane took "Fou rire", Hideous Laughter's name)
        pinned = FRENCH_SPELL_PINS.get(entry["id"])
        chosen = next((c for c in french if c["path"] == pinned), None)
        if chosen is not None:
            used.add(chosen["path"])
            entry["name"]["fr"] = chosen["name"]
            entry["text"]["fr"] = chosen["text"]

    def strict(entry: dict, c: dict) -> bool:
        return (c["level"] == entry["level"] and c["school"] == entry["school"]
                and c["concentration"] == entry["concentration"] and c["ritual"] == entry["ritual"]
                and c["casting_time"] == entry["casting_time"] and c["range"] == english_range(entry["range_text"])
                and c["components"] == entry["components"])

    def loose(entry: dict, c: dict) -> bool:
        return c["level"] == entry["level"] and c["school"] == entry["school"] and c["casting_time"] == entry["casting_time"]

    for agrees, needs_evidence in ((strict, False), (loose, True)):
        for entry in entries:
            if "fr" in entry["name"]:
                continue
            english = entry["text"]["en"]
            english_dice = set(re.findall(r"\d+d\d+", english["desc"] + english.get("higher_level", "")))
            candidates = [c for c in french if c["path"] not in used and agrees(entry, c)]
            if len(candidates) > 1 or needs_evidence:
                same_dice = [c for c in candidates if c["dice"] == english_dice and (english_dice or not needs_evidence)]
                candidates = same_dice or candidates
            likeness = {c["path"]: name_likeness(entry["name"]["en"], c["name"]) for c in candidates}
            if len(candidates) > 1 and max(likeness.values()):
                candidates = [c for c in candidates if likeness[c["path"]] == max(likeness.values())]
            if needs_evidence and len(candidates) == 1:
                chosen = candidates[0]
                if not (english_dice and chosen["dice"] == english_dice) and not likeness[chosen["path"]]:
                    candidates = []
            if len(candidates) == 1:
                used.add(candidates[0]["path"])
                entry["name"]["fr"] = candidates[0]["name"]
                entry["text"]["fr"] = candidates[0]["text"]


# --- the second source (issue 34): every SRD 5.1 creature compared with 5e-bits/5e-database -------------------

DATABASE = "/work/.mirror/5e-bits+5e-database/repo"
DATABASE_URL = "https://github.com/5e-bits/5e-database"
DATABASE_MONSTERS = "src/2014/en/5e-SRD-Monsters.json"
# The fields of 5e-database the comparison reads, extracted and shipped so that the comparison runs offline (the
# test suite); the MIT licence of 5e-database travels with the copy.
SECOND_SOURCE = ROOT / "tools" / "second_source" / "5e-database-2014-monsters.json"
SETTLED = {"dnd5e-2014": ROOT / "compendium" / "data" / "settled-5.1.json"}


def feet_to_metres(text) -> float | None:
    found = re.match(r"(\d+) ft", str(text))
    return metres(int(found[1])) if found else None


def extract_database(repo: str, commit: str) -> dict:
    """The compared fields of every 5e-database SRD 5.1 monster, by the library id of its name."""
    commit = resolve(repo, commit)
    monsters = {}
    for monster in json.loads(show(repo, commit, DATABASE_MONSTERS)):
        attacks = {}
        for action in [*monster.get("actions", ()), *monster.get("legendary_actions", ())]:
            item: dict = {}
            if "attack_bonus" in action:
                item["to_hit"] = action["attack_bonus"]
            damage = [part for part in action.get("damage", ()) if "damage_dice" in part and "damage_type" in part]
            if damage:
                item["damage"] = [damage[0]["damage_dice"].replace(" ", ""), damage[0]["damage_type"]["index"]]
            if "dc" in action and "attack_bonus" not in action:
                item["save_dc"] = action["dc"]["dc_value"]
            if item:
                attacks.setdefault(slug(re.sub(r"\s*\(.*?\)", "", action["name"])), item)
        monsters[slug(monster["name"])] = {
            "index": monster["index"], "ac": max(a["value"] for a in monster["armor_class"]),
            "max_hp": monster["hit_points"], "cr": monster["challenge_rating"],
            "speeds": {k: feet_to_metres(v) for k, v in monster["speed"].items() if feet_to_metres(v)},  # "0 ft.": none
            "resistances": monster["damage_resistances"], "immunities": monster["damage_immunities"],
            "vulnerabilities": monster["damage_vulnerabilities"],
            "condition_immunities": sorted(c["index"] for c in monster["condition_immunities"]),
            "attacks": attacks}
    return {"source": {"name": "5e-bits/5e-database (SRD 5.1 monsters, second source)",
                       "repo": remote(repo, DATABASE_URL), "commit": commit, "path": DATABASE_MONSTERS,
                       "licence": "MIT (the code and data layout); the monsters are SRD 5.1, CC-BY-4.0"},
            "monsters": dict(sorted(monsters.items()))}


def their_defences(texts: list[str]) -> list:
    plain_types = [kind for text in texts if not re.search(r"non ?magical", text.lower())
                   for kind in DAMAGE_TYPES if re.search(rf"\b{kind}\b", text.lower())]
    return read_defences("; ".join(texts), sorted(set(plain_types)))


def compared_fields(entry: dict) -> dict:
    """What of a library entry the comparison reads, in the shapes of the settled file."""
    stats = entry["stats"]
    fields = {"ac": stats["ac"], "max_hp": stats["max_hp"], "cr": entry["cr"], "speeds": entry["speeds"],
              "condition_immunities": sorted(stats["condition_immunities"])}
    for key in ("resistances", "immunities", "vulnerabilities"):
        fields[key] = stats[key]
    for attack in stats["attacks"]:
        if "to_hit" in attack:
            fields[f"attacks.{attack['id']}.to_hit"] = attack["to_hit"]
        if attack.get("damage"):
            fields[f"attacks.{attack['id']}.damage"] = [attack["damage"][0]["roll"], attack["damage"][0]["type"]]
        if "save" in attack:
            fields[f"attacks.{attack['id']}.save_dc"] = attack["save"]["dc"]
    return fields


def compare_with_database(entries: list[dict], extracted: dict) -> tuple[list[dict], int]:
    """Every field where a library creature and 5e-database disagree, and how many creatures both have."""
    theirs_by_id = extracted["monsters"]
    disagreements, compared = [], 0
    for entry in entries:
        monster = theirs_by_id.get(entry["id"])
        if monster is None:
            continue
        compared += 1
        ours = compared_fields(entry)
        theirs = {"ac": monster["ac"], "max_hp": monster["max_hp"], "cr": monster["cr"], "speeds": monster["speeds"],
                  "condition_immunities": monster["condition_immunities"]}
        for key in ("resistances", "immunities", "vulnerabilities"):
            theirs[key] = their_defences(monster[key])
        for attack_id, attack in monster["attacks"].items():
            for name, value in attack.items():
                theirs[f"attacks.{attack_id}.{name}"] = value
        for field in sorted(set(ours) | set(theirs)):
            if field.startswith("attacks.") and (field not in ours or field not in theirs):
                continue  # an attack one side reads and the other does not: not compared
            if field in ours and field in theirs and float_equal(ours[field], theirs[field]):
                continue
            disagreements.append({"creature": entry["id"], "field": field, "ours": ours.get(field),
                                  "theirs": theirs.get(field)})
    return disagreements, compared


def float_equal(a, b) -> bool:
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        return float(a) == float(b)
    return a == b


def settle(disagreements: list[dict], settled: list[dict]) -> tuple[list[dict], list[dict]]:
    """The disagreements no settled record answers, and the settled records that answer none (stale)."""
    records = {(r["creature"], r["field"]): r for r in settled}
    unsettled, used = [], set()
    for item in disagreements:
        record = records.get((item["creature"], item["field"]))
        if record is not None and float_equal(record["ours"], item["ours"]) and float_equal(record["theirs"], item["theirs"]):
            used.add((item["creature"], item["field"]))
        else:
            unsettled.append(item)
    return unsettled, [r for key, r in records.items() if key not in used]


def apply_settled(entries: list[dict], settled: list[dict]) -> None:
    """Where the SRD text sides with the second source (verdict "theirs"), the library takes its value."""
    by_id = {entry["id"]: entry for entry in entries}
    for record in settled:
        if record["verdict"] != "theirs":
            continue
        entry, field, value = by_id[record["creature"]], record["field"], record["theirs"]
        stats = entry["stats"]
        if field in ("ac", "max_hp", "resistances", "immunities", "vulnerabilities", "condition_immunities"):
            stats[field] = value
        elif field == "cr":
            entry["cr"] = stats_cr = value
            entry["xp"] = XP_BY_CR[stats_cr]
            stats["proficiency_bonus"] = proficiency_for_cr(stats_cr)
        elif field == "speeds":
            entry["speeds"] = value
            stats["speed"] = value.get("walk", 0)
        elif field.startswith("attacks."):
            _, attack_id, key = field.split(".")
            attack = next(a for a in stats["attacks"] if a["id"] == attack_id)
            if key == "to_hit":
                attack["to_hit"] = value
            elif key == "damage":
                attack["damage"][0] = {"roll": value[0], "type": value[1]}
            else:
                attack["save"]["dc"] = value
        else:
            raise ValueError(f"settled-5.1.json: {record['creature']} {field}: a field the import cannot correct")
        entry.setdefault("notes", []).append(
            f"{field}: {json.dumps(value, sort_keys=True)} as SRD 5.1 gives it (the structured source had "
            f"{json.dumps(record['ours'], sort_keys=True)}): {record['reason']}")


# --- assembling -------------------------------------------------------------------------------------------------

def engine_validation():
    from combatlog.core.rulesets.dnd5e.stats import parse_stats

    return parse_stats


def foundry_scores(repo: str, commit: str) -> dict[str, dict[str, int]]:
    """Ability scores of Foundry's SRD 5.2 actors (packs/_source/actors24), by creature id."""
    scores: dict[str, dict[str, int]] = {}
    for path in git(repo, "ls-tree", "-r", "--name-only", commit, FOUNDRY_ACTORS).splitlines():
        if not path.endswith(".yml"):
            continue
        text = show(repo, commit, path)
        block = re.search(r"^  abilities:\n((?:    .*\n)+)", text, re.M)
        if block:
            found = dict(re.findall(r"^    (str|dex|con|int|wis|cha):\n      value: (\d+)", block[1], re.M))
            scores[Path(path).stem] = {a: int(v) for a, v in found.items()}
    return scores


def build(open5e: str, open5e_commit: str, drs: str, drs_commit: str, foundry: str | None = None,
          foundry_commit: str = "HEAD", second_source: dict | None = None,
          comparisons: dict | None = None) -> dict[str, dict]:
    second_source = second_source or json.loads(SECOND_SOURCE.read_text(encoding="utf-8"))
    comparisons = comparisons if comparisons is not None else {}
    open5e_commit, drs_commit = resolve(open5e, open5e_commit), resolve(drs, drs_commit)
    foundry_commit = resolve(foundry, foundry_commit) if foundry else ""
    second_opinion = foundry_scores(foundry, foundry_commit) if foundry else {}
    validate = engine_validation()
    french_beasts = french_creatures(drs, drs_commit)
    french_book = french_spells(drs, drs_commit)
    outputs: dict[str, dict] = {}
    french_names: dict[str, dict[str, str]] = {"creature": {}, "spell": {}, "attack": {}}
    for family in ("dnd5e-2014", "dnd5e-2024"):  # 2014 first: 2024 entries borrow its French names
        folder = OPEN5E_DIR[family]
        data = {name: json.loads(show(open5e, open5e_commit, f"{folder}/{name}")) for name in OPEN5E_FILES}
        open5e_source = {"name": f"SRD {'5.1' if family == 'dnd5e-2014' else '5.2'} (open5e structured data)",
                         "repo": remote(open5e, "https://github.com/open5e/open5e-api"), "commit": open5e_commit,
                         "paths": [f"{folder}/{name}" for name in OPEN5E_FILES], "licence": LICENCE[family]}
        drs_source = {"name": "5e-drs (Héros & Dragons SRD, French)", "repo": remote(drs, "https://github.com/em-squared/5e-drs"),
                      "commit": drs_commit, "paths": ["docs/bestiaire/*/README.md", "docs/grimoire/*/README.md"],
                      "licence": "OGL-1.0a"}
        spells = sorted((convert_spell(family, s) for s in data["Spell.json"]),
                        key=lambda s: s["id"])
        spell_ids = {plain(s["name"]["en"]): s["id"] for s in spells}
        actions: dict[str, list] = {}
        for action in data["CreatureAction.json"]:
            actions.setdefault(action["fields"]["parent"], []).append(action)
        traits: dict[str, list] = {}
        for trait in data["CreatureTrait.json"]:
            traits.setdefault(trait["fields"]["parent"], []).append(trait)
        creatures, skipped = [], []
        for raw in sorted(data["Creature.json"], key=lambda c: c["fields"]["name"]):
            entry, problems = convert_creature(family, raw, actions.get(raw["pk"], []), traits.get(raw["pk"], []),
                                               spell_ids, validate, second_opinion if family == "dnd5e-2024" else None)
            skipped += problems
            if entry is not None:
                creatures.append(entry)
        creatures.sort(key=lambda c: c["id"])
        if family == "dnd5e-2014":
            match_creatures(creatures, french_beasts)
            pin_creatures(creatures, french_beasts)
            # the second source: every disagreement settled by the SRD text, or the import fails
            disagreements, compared = compare_with_database(creatures, second_source)
            settled = json.loads(SETTLED[family].read_text(encoding="utf-8"))["settled"] if SETTLED[family].exists() else []
            unsettled, stale = settle(disagreements, settled)
            comparisons[family] = {"compared": compared, "disagreements": len(disagreements), "unsettled": unsettled,
                                   "stale": stale, "for_us": sum(r["verdict"] == "ours" for r in settled),
                                   "for_them": sum(r["verdict"] == "theirs" for r in settled)}
            apply_settled(creatures, settled)
            match_spells(spells, french_book)
            french_names["creature"] = {c["id"]: c["name"]["fr"] for c in creatures if "fr" in c["name"]}
            french_names["spell"] = {s["id"]: s["name"]["fr"] for s in spells if "fr" in s["name"]}
            french_names["attack"] = {f"{c['id']}:{a['id']}": a["name"]["fr"] for c in creatures
                                      for a in c["stats"]["attacks"] if "fr" in a["name"]}
        else:
            for kind, items in (("creature", creatures), ("spell", spells)):
                for item in items:
                    if item["id"] in french_names[kind]:
                        item["name"]["fr"] = french_names[kind][item["id"]]
            for creature in creatures:  # the same attack of the same creature in SRD 5.1 (a goblin's scimitar)
                for attack in creature["stats"]["attacks"]:
                    french = french_names["attack"].get(f"{creature['id']}:{attack['id']}")
                    if french:
                        attack["name"]["fr"] = french
        used_drs = family == "dnd5e-2014" or any("fr" in e["name"] for e in creatures + spells)
        sources = [open5e_source] + ([drs_source] if used_drs else [])
        if any("Foundry" in note for c in creatures for note in c.get("notes", ())):
            sources.append({"name": "Foundry VTT dnd5e (SRD 5.2 actors, cross-check)", "repo": remote(foundry, FOUNDRY_URL),
                            "commit": foundry_commit, "paths": [f"{FOUNDRY_ACTORS}/*/*.yml"], "licence": LICENCE[family]})
        for kind, items, kind_skipped in (("creatures", creatures, skipped), ("spells", spells, [])):
            outputs[f"{family}-{kind}.json"] = {
                "family": family, "kind": kind[:-1], "sources": sources, "entries": items,
                "skipped": sorted(kind_skipped, key=lambda s: (s["id"], s["name"], s["why"]))}
    return outputs


def write(outputs: dict[str, dict], out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    for name, document in sorted(outputs.items()):
        text = json.dumps(document, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
        (out / name).write_text(text + "\n", encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--open5e", default=OPEN5E, help="git directory of open5e/open5e-api")
    parser.add_argument("--open5e-commit", default="HEAD")
    parser.add_argument("--drs", default=DRS, help="git directory of em-squared/5e-drs")
    parser.add_argument("--drs-commit", default="HEAD")
    parser.add_argument("--foundry", default=FOUNDRY, help="git directory of foundryvtt/dnd5e (cross-check; '' for none)")
    parser.add_argument("--foundry-commit", default="HEAD")
    parser.add_argument("--out", default=str(ROOT / "compendium" / "data"))
    parser.add_argument("--database", default=DATABASE,
                        help="git directory of 5e-bits/5e-database ('' to compare with the copy under tools/second_source)")
    parser.add_argument("--database-commit", default="HEAD")
    parser.add_argument("--disagreements", help="write the unsettled disagreements there (JSON) instead of failing")
    args = parser.parse_args(argv)
    second_source = None
    if args.database and Path(args.database).exists():
        second_source = extract_database(args.database, args.database_commit)
        SECOND_SOURCE.parent.mkdir(parents=True, exist_ok=True)
        SECOND_SOURCE.write_text(json.dumps(second_source, ensure_ascii=False, sort_keys=True, indent=0) + "\n",
                                 encoding="utf-8")
    comparisons: dict = {}
    outputs = build(args.open5e, args.open5e_commit, args.drs, args.drs_commit, args.foundry or None, args.foundry_commit,
                    second_source, comparisons)
    for family, result in comparisons.items():
        print(f"{family}: {result['compared']} creatures compared with 5e-database, {result['disagreements']} "
              f"disagreements, settled {result['for_us']} for the library and {result['for_them']} for the second "
              f"source, {len(result['unsettled'])} unsettled, {len(result['stale'])} settled records answering none")
        if args.disagreements:
            Path(args.disagreements).write_text(json.dumps(result["unsettled"], indent=1) + "\n", encoding="utf-8")
        elif result["unsettled"] or result["stale"]:
            for item in result["unsettled"]:
                print(f"  unsettled: {item['creature']} {item['field']}: ours {item['ours']!r}, theirs {item['theirs']!r}",
                      file=sys.stderr)
            for record in result["stale"]:
                print(f"  stale: {record['creature']} {record['field']}", file=sys.stderr)
            return 1
    write(outputs, Path(args.out))
    for name, document in sorted(outputs.items()):
        entries = document["entries"]
        french = sum(1 for e in entries if "fr" in e["name"])
        print(f"{name}: {len(entries)} entries, {french} with a French name, {len(document['skipped'])} skipped")
    return 0


if __name__ == "__main__":
    sys.exit(main())
