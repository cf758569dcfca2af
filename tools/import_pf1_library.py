"""Turn the Pathfinder 1e PRD data (devonjones/PSRD-Data, OGL 1.0a) into the library's pf1 data files.

    python tools/import_pf1_library.py [--repo PATH] [--out compendium/data]

reads the Bestiary creatures (`bestiary/creature/**.json`) and the Core Rulebook spells
(`core_rulebook/spell/*.json`) from a git snapshot of PSRD-Data (read with `git show`, no work tree needed)
and writes `pf1-creatures.json` and `pf1-spells.json` in the library's file format:
`{"family", "kind", "sources", "entries", "skipped"}`, entries sorted by id, JSON written with sorted keys, so a
re-run on the same commit gives the same bytes.

A creature's stat block takes the Bestiary's own totals: every attack has its printed `to_hit` and its printed
damage (Strength included, so `str_damage` is 0), and each save's base is its printed total minus the ability
modifier the engine adds back. What a line says that the engine cannot run (`plus poison`, `plus grab`, a
swarm's automatic damage, a touch that deals no dice) is kept word for word in `attack_notes` or
`unparsed_attacks`; nothing is guessed. English only: the French PF1 texts are not open content.
"""

from __future__ import annotations

import argparse
import html
import json
import re
import subprocess
import sys
from pathlib import Path

REPO_URL = "https://github.com/devonjones/PSRD-Data"
DEFAULT_REPO = Path("/work/.mirror/devonjones+PSRD-Data/repo")
ROOT = Path(__file__).resolve().parent.parent
DEFAULT_OUT = ROOT / "compendium" / "data"
LICENCE = "OGL-1.0a (Paizo Pathfinder Reference Document; see compendium/LICENSES/OGL-1.0a-pf1.txt)"

SIZES = ("fine", "diminutive", "tiny", "small", "medium", "large", "huge", "gargantuan", "colossal")
SIZE_MODIFIER = {"fine": 8, "diminutive": 4, "tiny": 2, "small": 1, "medium": 0, "large": -1, "huge": -2,
                 "gargantuan": -4, "colossal": -8}
NATURAL_REACH_FT = {"fine": 0, "diminutive": 0, "tiny": 0, "small": 5, "medium": 5, "large": 10, "huge": 15,
                    "gargantuan": 20, "colossal": 30}
ENERGY = {"acid": "acid", "cold": "cold", "electricity": "electricity", "fire": "fire", "sonic": "sonic",
          "force": "force", "negative energy": "negative", "positive energy": "positive"}
PHYSICAL = ("bludgeoning", "piercing", "slashing")

# PRD Table: Natural Attacks by Size (damage types); a type listed as "B, P, and S" is given as its first
# type in `damage` and the others as `bypass`, since a weapon's damage types all count against DR.
NATURAL = {
    "bite": ("piercing", "bludgeoning", "slashing"), "claw": ("slashing", "bludgeoning"),
    "foreclaw": ("slashing", "bludgeoning"), "gore": ("piercing",), "horn": ("piercing",),
    "hoof": ("bludgeoning",), "hooves": ("bludgeoning",), "tentacle": ("bludgeoning",), "wing": ("bludgeoning",),
    "pincer": ("bludgeoning",), "pincers": ("bludgeoning",), "tail slap": ("bludgeoning",), "tail": ("bludgeoning",),
    "slam": ("bludgeoning",), "sting": ("piercing",), "talon": ("slashing",), "talons": ("slashing",),
    "snake bite": ("piercing", "bludgeoning", "slashing"), "arm": ("bludgeoning",), "tendril": ("bludgeoning",),
    "tongue": ("bludgeoning",),
}
# PRD Table: Weapons (damage type; range increment in feet for a ranged or thrown weapon).
WEAPONS = {
    "dagger": ("piercing", 10), "kukri": ("slashing", None), "longsword": ("slashing", None),
    "scimitar": ("slashing", None), "spiked chain": ("piercing", None), "whip": ("slashing", None),
    "warhammer": ("bludgeoning", None), "greatsword": ("slashing", None), "aklys": ("bludgeoning", 20),
    "chain": ("slashing", None), "club": ("bludgeoning", 10), "falchion": ("slashing", None),
    "flail": ("bludgeoning", None), "glaive": ("slashing", None), "greataxe": ("slashing", None),
    "greatclub": ("bludgeoning", None), "heavy mace": ("bludgeoning", None), "heavy pick": ("piercing", None),
    "longspear": ("piercing", None), "morningstar": ("bludgeoning", None), "rapier": ("piercing", None),
    "short sword": ("piercing", None), "spear": ("piercing", 20), "trident": ("piercing", 10),
    "composite longbow": ("piercing", 110), "longbow": ("piercing", 110), "short bow": ("piercing", 60),
    "shortbow": ("piercing", 60), "composite shortbow": ("piercing", 60), "dart": ("piercing", 20),
    "hand crossbow": ("piercing", 30), "heavy crossbow": ("piercing", 120), "light crossbow": ("piercing", 80),
    "repeating light crossbow": ("piercing", 80), "javelin": ("piercing", 30), "sling": ("bludgeoning", 50),
    # Thrown by the creature; the range increment is in its own stat block (rock throwing, spikes, spines).
    "rock": ("bludgeoning", None), "spike": ("piercing", None), "spine": ("piercing", None),
}
# A morningstar is "B and P" (PRD Table: Weapons).
WEAPON_EXTRA_TYPES = {"morningstar": ("piercing",)}
THROWN_MELEE_NAMES = {"dagger", "club", "spear", "trident", "aklys"}
WEAPON_NAME_WORDS = ("mwk", "masterwork", "flaming", "frost", "shock", "holy", "unholy", "vorpal", "dancing",
                     "disrupting", "keen", "broken", "cold iron", "silver", "adamantine")
ALIGNED_WORDS = {"holy": "good", "unholy": "evil"}
DR_QUALITIES = {"magic", "silver", "cold iron", "adamantine", "good", "evil", "lawful", "chaotic", "bludgeoning",
                "piercing", "slashing", "epic"}
CONDITION_IMMUNITIES = {"paralysis": "paralyzed", "sleep": None, "stunning": "stunned", "fear": "frightened",
                        "blindness": "blinded", "deafness": "deafened", "petrification": "petrified",
                        "nausea": "nauseated", "fatigue": "fatigued", "exhaustion": "exhausted",
                        "confusion": "confused", "daze": "dazed", "sickened": "sickened"}
FEAT_FLAGS = {"combat reflexes": "combat_reflexes", "mobility": "mobility", "precise shot": "precise_shot",
              "two-weapon fighting": "two_weapon_fighting", "improved unarmed strike": "improved_unarmed_strike",
              "improved two-weapon fighting": "improved_two_weapon_fighting", "run": "run_feat",
              "greater two-weapon fighting": "greater_two_weapon_fighting", "improved feint": "improved_feint"}
IMPROVED_MANEUVERS = {"improved bull rush": "bull_rush", "improved dirty trick": "dirty_trick",
                      "improved disarm": "disarm", "improved drag": "drag", "improved grapple": "grapple",
                      "improved overrun": "overrun", "improved reposition": "reposition", "improved steal": "steal",
                      "improved sunder": "sunder", "improved trip": "trip"}


def git(repo: Path, *args: str) -> str:
    return subprocess.run(["git", "-C", str(repo), *args], check=True, capture_output=True, text=True).stdout


def read_json(repo: Path, path: str) -> dict:
    return json.loads(git(repo, "show", f"HEAD:{path}"))


def plain(text: str) -> str:
    """HTML to one-line text: tags dropped, entities decoded, dashes and spaces normalised."""
    text = re.sub(r"<[^>]+>", " ", text or "")
    text = html.unescape(text).replace("\u2013", "-").replace("\u2014", "-").replace("\u00d7", "x")
    return re.sub(r"\s+", " ", text).strip()


def slug(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", plain(name).lower().replace("'", "")).strip("-")


def attack_slug(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "_", name.lower()).strip("_")


def feet_to_m(feet: float) -> float:
    """PRD 5 ft = one 1.5 m square (INTERFACE.md §1 Units)."""
    return round(feet / 5 * 1.5, 2)


def number(text: str | None) -> int | None:
    match = re.search(r"[-+]?\d[\d,]*", (text or "").replace("\u2013", "-").replace("\u2212", "-"))
    return int(match.group(0).replace(",", "")) if match else None


def ability_mod(score: int | None) -> int:
    return 0 if score is None else (score - 10) // 2


def split_top(text: str, separators: tuple[str, ...]) -> list[str]:
    """Split at the separators found outside parentheses."""
    parts, depth, start, i = [], 0, 0, 0
    while i < len(text):
        char = text[i]
        if char == "(":
            depth += 1
        elif char == ")":
            depth = max(0, depth - 1)
        elif depth == 0:
            for sep in separators:
                if text.startswith(sep, i):
                    parts.append(text[start:i])
                    start = i + len(sep)
                    i = start - 1
                    break
        i += 1
    parts.append(text[start:])
    return [p.strip() for p in parts if p.strip()]


# ----------------------------------------------------------------------------------------------- attacks
ATTACK_LINE = re.compile(
    r"^(?:(?P<count>\d+)\s+)?(?P<name>.+?)\s+(?P<bonuses>[-+]\d+(?:/[-+]\d+)*)\s*(?P<touch>(?:ranged\s+|melee\s+)?touch)?"
    r"(?:\s*melee)?\s*\((?P<inside>.*)\)\s*$")
DICE = r"\d+d\d+(?:[-+]\d+)?"
# A fixed amount (a poison frog's bite deals 1) is a roll too.
ROLL = rf"(?:{DICE}|\d+)"


def singular(name: str) -> str:
    for plural, single in (("hooves", "hooves"), ("pincers", "pincers"), ("talons", "talons"), ("claws", "claw"),
                           ("ies", "y")):
        if name.endswith(plural):
            return name[: -len(plural)] + single
    if name.endswith("s") and not name.endswith(("ss", "us")) and name[:-1] in {**NATURAL, **WEAPONS, "bite": 0}:
        return name[:-1]
    if name.endswith("s") and name[:-1].split()[-1] in {"bite", "claw", "gore", "slam", "wing", "tentacle",
                                                         "tongue", "horn", "arm", "longsword", "short sword",
                                                         "flail", "javelin", "longbow", "chain", "spike",
                                                         "spine", "strand", "ray", "sword"}:
        return name[:-1]
    return name


def base_weapon(name: str) -> tuple[str | None, int, list[str]]:
    """The weapon table key inside a Bestiary weapon name, its enhancement bonus and its special words."""
    words = name.lower()
    enhancement = 0
    match = re.match(r"\+(\d+)\s+", words)
    if match:
        enhancement = int(match.group(1))
        words = words[match.end():]
    words = re.sub(r"\(.*?\)", "", words).strip()
    specials = [w for w in WEAPON_NAME_WORDS if re.search(rf"\b{w}\b", words)]
    for word in specials:
        words = re.sub(rf"\b{word}\b", "", words)
    words = re.sub(r"\s+", " ", words).strip()
    if words in WEAPONS:
        return words, enhancement, specials
    return None, enhancement, specials


def enhancement_bypass(enhancement: int, specials: list[str]) -> list[str]:
    """PRD Damage Reduction: +1 overcomes DR/magic, +3 cold iron and silver, +4 adamantine, +5 alignment."""
    qualities = []
    if enhancement >= 1:
        qualities.append("magic")
    if enhancement >= 3:
        qualities += ["cold_iron", "silver"]
    if enhancement >= 4:
        qualities.append("adamantine")
    if enhancement >= 5:
        qualities += ["chaotic", "evil", "good", "lawful"]
    qualities += [ALIGNED_WORDS[w] for w in specials if w in ALIGNED_WORDS]
    qualities += [w.replace(" ", "_") for w in specials if w in ("cold iron", "silver", "adamantine")]
    return qualities


def parse_damage(inside: str) -> tuple[list[dict], list[dict], dict, list[str], bool] | None:
    """`1d8+6/19-20/x3 plus 1d6 fire and grab` → (damage, extra, crit, notes, nonlethal); None without dice."""
    inside, _, remark = inside.strip().partition(", ")  # "7d6, Fort. DC 18 half": the rest is prose
    # "1d6+2 plus poison/19-20": a threat range written after the rider belongs to the weapon.
    trailing = re.search(r"((?:/\d+-20|/[x\u00d7]\d)+)$", inside)
    if trailing and " plus " in inside[: trailing.start()]:
        head, _, tail = inside[: trailing.start()].partition(" plus ")
        inside = f"{head}{trailing.group(1)} plus {tail}"
    first, *rest = split_top(inside, (" plus ",))
    match = re.match(rf"^(?P<dice>{ROLL})(?:\s+(?P<type>[a-z ]+?))?(?P<crit>(?:/[^/\s]+)*)$", first.strip())
    if not match:
        return None
    crit: dict = {}
    for piece in (match.group("crit") or "").split("/")[1:]:
        if re.fullmatch(r"\d+-20", piece):
            crit["crit_range"] = int(piece.split("-")[0])
        elif re.fullmatch(r"[x\u00d7]\d", piece):
            crit["crit_multiplier"] = int(piece[1:])
        else:
            return None
    notes: list[str] = [remark] if remark else []
    word = (match.group("type") or "").strip()
    nonlethal = word == "nonlethal"
    damage_type = ENERGY.get(word) if word and not nonlethal else None
    if word and not nonlethal and damage_type is None:
        return None
    damage = [{"roll": match.group("dice").replace("+0", ""), "type": damage_type or ""}]
    extra: list[dict] = []
    for chunk in rest:
        for piece in split_top(chunk, (" and ", ", ")):
            extra_match = re.fullmatch(rf"({DICE})\s+([a-z ]+)", piece.strip())
            if extra_match and extra_match.group(2).strip() in ENERGY:
                extra.append({"roll": extra_match.group(1), "type": ENERGY[extra_match.group(2).strip()]})
            else:
                notes.append(f"plus {piece.strip()}")
    return damage, extra, crit, notes, nonlethal


def own_range_increment(name: str, specials: str) -> int | None:
    """A thrown natural weapon's range increment from the creature's own text: `rock throwing (120 ft.)`,
    `... spikes ... range increment of 180 feet`."""
    if name == "rock":
        rock = re.search(r"rock throwing \((\d+) ft", specials)
        return int(rock.group(1)) if rock else None
    for sentence in re.split(r"(?<=\.) ", specials):
        if name in sentence.lower():
            found = re.search(r"range increment (?:of )?(\d+) f|(\d+)[- ]f(?:oo)?t\.? range increment", sentence)
            if found:
                return int(found.group(1) or found.group(2))
    return None


def parse_attacks(line: str, kind: str, bab: int, own_bypass: list[str], reach_by_attack: dict[str, float],
                  special_attacks: str) -> tuple[list[dict], dict[str, str], list[str]]:
    """One melee or ranged line → attack profiles, per-attack notes and the parts that did not parse."""
    profiles: list[dict] = []
    notes: dict[str, str] = {}
    unparsed: list[str] = []
    # Typos of the source: "or2 claws", "1d4/19-20plus poison".
    line = re.sub(r"\bor(\d)", r"or \1", re.sub(r"(\S)plus ", r"\1 plus ", plain(line)))
    for option in split_top(line, (" or ",)):
        for part in split_top(option, (",", " and ")):
            match = ATTACK_LINE.match(part)
            if not match:
                unparsed.append(f"{kind}: {part}")
                continue
            name = match.group("name").strip()
            bonuses = [int(b) for b in match.group("bonuses").split("/")]
            parsed = parse_damage(match.group("inside"))
            if parsed is None:
                unparsed.append(f"{kind}: {part}")
                continue
            damage, extra, crit, extra_notes, nonlethal = parsed
            count = int(match.group("count") or 1)
            single = singular(name.lower())
            profile: dict = {"kind": kind, "to_hit": bonuses[0], "str_damage": 0, **crit}
            bypass: list[str] = []
            weapon, enhancement, specials = base_weapon(single)
            natural = NATURAL.get(single) or NATURAL.get(single.split()[-1])
            if weapon is None and natural is not None and not re.match(r"\+\d", single):
                types = natural
                profile["natural"] = True
                # PRD Universal Monster Rules, Damage Reduction: a creature's natural weapons count as the
                # qualities its own DR asks for (adamantine and DR/- excepted).
                bypass += [q for q in own_bypass if q != "adamantine"]
            elif weapon is not None:
                types = (WEAPONS[weapon][0],) + WEAPON_EXTRA_TYPES.get(weapon, ())
                bypass += enhancement_bypass(enhancement, specials)
            else:
                types = ()
            if damage[0]["type"]:
                types = (damage[0]["type"],)
            elif not types:
                if match.group("touch") and "touch" in single:
                    # PRD: a touch attack whose damage names no type (a ghost's corrupting touch) is untyped.
                    types = ("untyped",)
                else:
                    unparsed.append(f"{kind}: {part} (no damage type known for '{name}')")
                    continue
            damage[0]["type"] = types[0]
            bypass += [t for t in types[1:]]
            if kind == "ranged" or (weapon in THROWN_MELEE_NAMES and kind == "ranged"):
                increment = None
                if weapon is not None:
                    increment = WEAPONS[weapon][1]
                if increment is None:
                    increment = own_range_increment(single, special_attacks)
                if not increment:
                    unparsed.append(f"{kind}: {part} (no range increment in the stat block)")
                    continue
                profile["range_increment"] = feet_to_m(increment)
                if weapon in THROWN_MELEE_NAMES or weapon == "rock":
                    profile["thrown"] = True
            if match.group("touch"):
                profile["touch"] = True
            if nonlethal:
                profile["nonlethal"] = True
            profile["damage"] = damage
            if extra:
                profile["extra_damage"] = extra
            if bypass:
                profile["bypass"] = sorted(set(bypass))
            reach = reach_by_attack.get(single) or reach_by_attack.get(single.split()[-1])
            if reach is not None and kind == "melee":
                profile["reach"] = reach
            expected = 1 if profile.get("natural") else max(1, min(4, 1 + (bab - 1) // 5)) if bab > 0 else 1
            note_parts = list(extra_notes)
            if len(bonuses) != expected or any(b != bonuses[0] - 5 * i for i, b in enumerate(bonuses)):
                note_parts.append(f"printed bonuses {match.group('bonuses')}; the engine makes {expected} "
                                  f"attack(s) stepping down 5 from {bonuses[0]:+d}")
            base = attack_slug(re.sub(r"^\+\d+\s+", "", single))  # the id a GM types: "longsword", not "1_longsword"
            for index in range(count):
                attack_id = base if count == 1 else f"{base}_{index + 1}"
                while any(p["id"] == attack_id for p in profiles):
                    attack_id += "_alt"
                entry = {"id": attack_id, "name": single, **profile}
                profiles.append(entry)
                if note_parts:
                    notes[attack_id] = "; ".join(note_parts)
    return profiles, notes, unparsed


# ----------------------------------------------------------------------------------------------- creatures
def parse_ac(text: str, dex: int | None, size: str) -> tuple[dict, list[str], tuple[int, int, int]]:
    text = plain(text)
    totals = re.match(r"(-?\d+), touch (-?\d+), flat-footed (-?\d+)", text)
    if not totals:
        raise ValueError(f"AC line not understood: {text}")
    stated = tuple(int(x) for x in totals.groups())
    inside = re.search(r"\((.*)\)", text)
    parts: dict[str, int] = {}
    notes: list[str] = []
    listed_dex = 0
    for piece in re.split(r"[,;]", inside.group(1) if inside else ""):
        piece = piece.strip()
        piece_match = re.match(r"([-+]\d+)\s+(.+)", piece)
        if not piece_match:
            continue
        value, what = int(piece_match.group(1)), piece_match.group(2).strip().lower()
        if " vs. " in what:
            notes.append(f"AC {piece} (situational, not in the numbers)")
            continue
        if what == "dex":
            listed_dex = value
        elif what == "size":
            pass  # the size modifier is not counted here (misc would double it)
        elif what in ("armor", "shield", "natural", "deflection", "dodge"):
            parts[what] = parts.get(what, 0) + value
        else:  # insight, luck, sacred, profane, rage, monk (Wis)...
            parts["misc"] = parts.get("misc", 0) + value
            notes.append(f"AC {piece} counted as misc")
    if listed_dex < ability_mod(dex):
        parts["max_dex"] = listed_dex
    return parts, notes, stated


def engine_acs(parts: dict, dex: int | None, size: str) -> tuple[int, int, int]:
    """The three ACs the engine derives (INTERFACE-pf1 § Attacks, Which AC), to check against the printed ones."""
    dex_bonus = min(ability_mod(dex), parts.get("max_dex", 99))
    size_mod = SIZE_MODIFIER[size]
    armour = parts.get("armor", 0) + parts.get("shield", 0) + parts.get("natural", 0)
    rest = parts.get("deflection", 0) + parts.get("misc", 0)
    dodge = parts.get("dodge", 0)
    normal = 10 + armour + rest + dodge + dex_bonus + size_mod
    touch = 10 + rest + dodge + dex_bonus + size_mod
    flat = 10 + armour + rest + min(0, dex_bonus) + size_mod
    return normal, touch, flat


def parse_dr(text: str) -> tuple[list[dict], list[str]]:
    drs, notes = [], []
    for piece in split_top(plain(text), (", ",)):
        match = re.fullmatch(r"(\d+)/(.+)", piece.strip())
        if not match:
            notes.append(f"DR {piece} not understood")
            continue
        rest = match.group(2).strip()
        if rest in ("-", ""):
            drs.append({"amount": int(match.group(1)), "bypass": []})
            continue
        joined_by_and = " and " in rest
        qualities = re.split(r" and | or ", rest)
        if not all(q.strip() in DR_QUALITIES for q in qualities):
            notes.append(f"DR {piece} not understood")
            continue
        dr = {"amount": int(match.group(1)), "bypass": sorted(q.strip().replace(" ", "_") for q in qualities)}
        if joined_by_and:
            dr["all"] = True
        drs.append(dr)
    return drs, notes


def parse_skills(text: str) -> dict[str, int]:
    skills = {}
    for piece in split_top(plain(text), (", ",)):
        match = re.match(r"(.+?)\s+([-+]\d+)", piece)
        if match:
            name = re.sub(r"[^a-z0-9]+", "_", match.group(1).lower()).strip("_")
            skills[name] = int(match.group(2))
    return skills


def speed_in_metres(text: str) -> tuple[float, list[str]]:
    text = plain(text)
    land = re.match(r"(\d+) ft", text)
    if land:
        return feet_to_m(int(land.group(1))), []
    other = re.search(r"(\d+) ft", text)
    if other:
        return feet_to_m(int(other.group(1))), [f"no land speed: speed is the first listed ({text})"]
    return 0.0, [f"speed not understood: {text}"]


def reaches(reach_text: str | None) -> tuple[float | None, dict[str, float]]:
    """`10 ft. (15 ft. with bite)` → (3.0, {"bite": 4.5})."""
    if not reach_text:
        return None, {}
    text = plain(reach_text)
    base = re.match(r"(\d+(?:-\d/\d)?) ft", text)
    natural = feet_to_m(int(base.group(1))) if base and "-" not in base.group(1) else (0.0 if base else None)
    per_attack = {}
    for feet, names in re.findall(r"(\d+) ft\.? (?:with|w/)\s*([a-z ,]+?)(?=[,)]|$)", text):
        for name in re.split(r",| and ", names):
            name = singular(name.strip())
            if name:
                per_attack[name] = feet_to_m(int(feet))
    return natural, per_attack


def specials_text(raw: dict) -> tuple[str, list[dict]]:
    """The special abilities as prose (name: text), and each save DC they state."""
    lines, dcs = [], []

    def walk(node):
        for section in node.get("sections") or []:
            if section.get("type") == "ability" or (section.get("subtype") == "special_abilities"):
                if section.get("type") == "ability" and section.get("name"):
                    body = plain(section.get("body", ""))
                    lines.append(f"{plain(section['name'])}: {body}")
                    found = re.findall(r"DC (\d+) (Fortitude|Reflex|Will)", body)
                    found += [(dc, save) for save, dc in re.findall(r"(Fortitude|Reflex|Will) DC (\d+)", body)]
                    for dc, save in found:
                        dcs.append({"ability": plain(section["name"]), "dc": int(dc),
                                    "save": {"Fortitude": "fort", "Reflex": "ref", "Will": "will"}[save]})
            walk(section)

    walk(raw)
    for key in ("special_attacks", "aura", "special_qualities", "defensive_abilities"):
        if raw.get(key):
            lines.insert(0, f"{key.replace('_', ' ').capitalize()}: {plain(raw[key])}")
    return "\n".join(lines), dcs


def convert_creature(raw: dict) -> dict:
    """A PSRD creature → a library entry; raises ValueError naming what could not be read."""
    if not raw.get("ac") or not raw.get("hp"):
        raise ValueError("no stat block of its own: a family page whose stat blocks are its own entries")
    size = (raw.get("size") or "").lower()
    if size not in SIZES:
        raise ValueError(f"size '{raw.get('size')}' not understood")
    scores = {}
    notes: list[str] = []
    for key, long in (("str", "strength"), ("dex", "dexterity"), ("con", "constitution"), ("int", "intelligence"),
                      ("wis", "wisdom"), ("cha", "charisma")):
        value = number(raw.get(long))
        if value is None and key != "con":
            # The engine needs a score; with none (incorporeal Str, mindless Int) 10 stands in. It changes no
            # number: to-hit, damage, CMB and CMD are the printed ones.
            notes.append(f"no {long} score: 10 stands in")
            value = 10
        scores[key] = value
    ac_parts, ac_notes, stated = parse_ac(raw["ac"], scores["dex"], size)
    notes += ac_notes
    derived = engine_acs(ac_parts, scores["dex"], size)
    if derived != stated:
        raise ValueError(f"AC parts give {derived} (AC, touch, flat-footed), the stat block prints {stated}")
    bab = number(raw.get("base_attack"))
    if bab is None:
        raise ValueError("no base attack bonus")
    saves = {}
    for key, long, ability in (("fort", "fortitude", "con"), ("ref", "reflex", "dex"), ("will", "will", "wis")):
        total = number(raw.get(long))
        if total is None:
            raise ValueError(f"{long} save not understood: {raw.get(long)}")
        saves[key] = total - ability_mod(scores[ability])
    speed, speed_notes = speed_in_metres(raw.get("speed", ""))
    notes += speed_notes
    stats: dict = {"max_hp": number(raw["hp"]), "speed": speed, "bab": bab, "size": size, "abilities": scores,
                   "ac": ac_parts, "saves": saves, "initiative_bonus": number(raw.get("init")) or 0,
                   "cmb": number(raw.get("cmb")), "cmd": number(raw.get("cmd"))}
    natural_reach, reach_by_attack = reaches(raw.get("reach"))
    if natural_reach is not None and natural_reach != feet_to_m(NATURAL_REACH_FT[size]):
        stats["reach"] = natural_reach
    drs, dr_notes = parse_dr(raw.get("dr") or "") if raw.get("dr") else ([], [])
    notes += dr_notes
    if drs:
        stats["dr"] = drs
    own_bypass = sorted({q for dr in drs for q in dr["bypass"]})
    attacks, attack_notes, unparsed = [], {}, []
    lines = {kind: plain(raw.get(kind, "")) for kind in ("melee", "ranged")}
    # One source entry (janni) runs its ranged line and special attacks into its melee line.
    melee, _, ranged = re.split(r" Special Attacks ", lines["melee"])[0].partition(" Ranged ")
    lines["melee"], lines["ranged"] = melee, lines["ranged"] or ranged
    every_text = plain(raw.get("special_attacks", "")) + " " + specials_text(raw)[0]
    for kind in ("melee", "ranged"):
        if lines[kind]:
            found, found_notes, found_unparsed = parse_attacks(lines[kind], kind, bab, own_bypass, reach_by_attack,
                                                               every_text)
            for profile in found:
                while any(a["id"] == profile["id"] for a in attacks):
                    old = profile["id"]
                    profile["id"] += "_" + kind
                    if old in found_notes:
                        found_notes[profile["id"]] = found_notes.pop(old)
            attacks += found
            attack_notes.update(found_notes)
            unparsed += found_unparsed
    if attacks:
        stats["attacks"] = attacks
    if raw.get("resist"):
        resist = {}
        for energy, amount in re.findall(r"([a-z]+) (\d+)", plain(raw["resist"])):
            if energy in ENERGY:
                resist[ENERGY[energy]] = int(amount)
        stats["energy_resistance"] = resist
    immune_text = plain(raw.get("immune", "")).lower()
    immune_words = [w.strip() for w in re.split(r",| and ", immune_text)]
    # "electricity (partial)" is a partial immunity the prose explains: not a full one.
    immunities = sorted({ENERGY[w] for w in immune_words if w in ENERGY})
    if immunities:
        stats["immunities"] = immunities
    conditions = sorted({CONDITION_IMMUNITIES[w] for w in immune_words if CONDITION_IMMUNITIES.get(w)})
    if conditions:
        stats["condition_immunities"] = conditions
    weak = plain(raw.get("weaknesses", "")).lower()
    vulnerable = sorted({ENERGY[w] for w in re.findall(r"vulnerab(?:ility|le) to ([a-z]+)", weak) if w in ENERGY})
    if vulnerable:
        stats["vulnerabilities"] = vulnerable
    feats = [f.strip().lower() for f in re.split(r",", re.sub(r"\(.*?\)|\*|<[^>]+>", "", plain(raw.get("feats", ""))))]
    for feat in feats:
        if feat in FEAT_FLAGS:
            stats[FEAT_FLAGS[feat]] = True
    maneuvers = sorted({IMPROVED_MANEUVERS[f] for f in feats if f in IMPROVED_MANEUVERS})
    if maneuvers:
        stats["improved_maneuvers"] = maneuvers
    if "uncanny dodge" in plain(raw.get("defensive_abilities", "")).lower():
        stats["uncanny_dodge"] = True
    if raw.get("skills"):
        stats["skills"] = parse_skills(raw["skills"])
    stats = {k: v for k, v in stats.items() if v is not None}
    text, save_dcs = specials_text(raw)
    if not raw.get("cr"):
        notes.append("no CR of its own: another form of the same creature (its CR and XP are the other form's)")
    entry = {
        "id": slug(raw["name"]), "name": {"en": plain(raw["name"])}, "kind": "monster", "stats": stats,
        "cr": plain(raw.get("cr", "")) or None, "xp": number(raw.get("xp")), "size": size,
        "type": plain(raw.get("creature_type", "")).lower(), "alignment": plain(raw.get("alignment", "")),
        "text": {"en": text},
    }
    if raw.get("creature_subtype"):
        entry["subtypes"] = sorted(s.strip() for s in plain(raw["creature_subtype"]).lower().split(","))
    if save_dcs:
        entry["save_dcs"] = save_dcs
    if attack_notes:
        entry["attack_notes"] = attack_notes
    if unparsed:
        entry["unparsed_attacks"] = unparsed
    if notes:
        entry["notes"] = notes
    return entry


# ----------------------------------------------------------------------------------------------- spells
CASTING_TIMES = {"1 standard action": "standard", "1 swift action": "swift", "1 immediate action": "immediate",
                 "1 full-round action": "full_round", "1 full round action": "full_round",
                 "1 round": "full_round"}  # PRD Casting Time: a 1-round spell is a full-round action
SAVES = {"fortitude": "fort", "reflex": "ref", "will": "will"}
# Spells whose whole effect on a failed save is one condition (PRD, read by hand).
ONE_CONDITION_SPELLS = {"hold-person": "paralyzed", "hold-monster": "paralyzed", "hold-animal": "paralyzed",
                        "mass-hold-person": "paralyzed", "mass-hold-monster": "paralyzed"}
CORE_CLASSES = ("sorcerer", "wizard", "cleric", "druid", "bard", "paladin", "ranger")
MINUTES_PER_LEVEL = {"minutes": 1, "per_level": True}
# Named effects read by hand from the PRD text (spellbook.SpellEffect `bonuses`, `negates`; durations in the
# `until` shapes of pf1/spells.py). PRD Bless: "+1 morale bonus on attack rolls and on saving throws against fear
# effects", 1 min./level; Bane: a -1 penalty on both, Will negates; Shield: "+4 shield bonus to AC", "negates magic
# missile attacks directed at you", 1 min./level, personal; Mage Armor: "+4 armor bonus to AC", 1 hour/level;
# Haste: "+1 bonus on attack rolls and a +1 dodge bonus to AC and Reflex saves", "one extra attack" at the full
# base attack bonus in a full attack, 1 round/level; Resistance: "+1 resistance bonus on saves", 1 minute.
FEAR_SAVE = "fear"
EFFECTS = {
    "bless": {"id": "bless", "until": MINUTES_PER_LEVEL, "bonuses": [
        {"to": "attack", "value": 1, "type": "morale"},
        {"to": "save", "value": 1, "type": "morale", "against": FEAR_SAVE}]},
    "bane": {"id": "bane", "until": MINUTES_PER_LEVEL, "bonuses": [
        {"to": "attack", "value": -1}, {"to": "save", "value": -1, "against": FEAR_SAVE}]},
    "shield": {"id": "shield", "on": "caster", "until": MINUTES_PER_LEVEL,
               "bonuses": [{"to": "ac", "value": 4, "type": "shield"}], "negates": ["magic-missile"]},
    "mage-armor": {"id": "mage-armor", "until": {"hours": 1, "per_level": True},
                   "bonuses": [{"to": "ac", "value": 4, "type": "armor"}]},
    "haste": {"id": "haste", "until": {"rounds": 1, "per_level": True}, "bonuses": [
        {"to": "attack", "value": 1}, {"to": "ac", "value": 1, "type": "dodge"},
        {"to": "ref", "value": 1, "type": "dodge"}], "extra_attack": True},
    "resistance": {"id": "resistance", "until": {"minutes": 1},
                   "bonuses": [{"to": "save", "value": 1, "type": "resistance"}]},
}
# PRD Magic Missile: "For every two caster levels beyond 1st, you gain an additional missile ... the maximum of
# five missiles at 9th level or higher" (pf1/spells.py: one `targets` entry per missile).
MISSILES = {"magic-missile": {"first": 1, "every": 2, "most": 5}}
# Why a spell the engine could almost run is refused all the same (the reason `cast` gives).
NOT_RUN = {
    "spiritual-weapon": "it makes a weapon of force that attacks on its own each round (1d8 + 1 per three caster "
                        "levels, the caster's BAB + Wis): not modelled; play its attacks with `damage`",
    "shield-of-faith": "its deflection bonus grows with caster level (+2, +1 per six levels): not modelled",
}
# PRD Cure Light Wounds: "cures 1d8 points of damage + 1 point per caster level (maximum +5)"; Inflict Light
# Wounds: "deals 1d8 points of damage + 1 point per caster level (maximum +5)" (negative energy).
PLUS_CASTER_LEVEL = r"(\d+d8) points of damage \+ 1 point per caster level \(maximum \+(\d+)\)"


def convert_spell(raw: dict) -> dict:
    name = plain(raw["name"])
    levels = {}
    for item in raw.get("levels") or []:
        klass = plain(item.get("class", "")).lower()
        if klass in CORE_CLASSES or klass == "sorcerer/wizard":
            for one in klass.split("/"):
                levels[one] = int(item["level"])
    if not levels:
        raise ValueError("no level for a Core Rulebook class")
    entry: dict = {"id": slug(name), "name": {"en": name}, "school": plain(raw.get("school", "")).lower(),
                   "level": min(levels.values()), "levels": dict(sorted(levels.items())),
                   "text": {"en": plain(raw.get("body", ""))}}
    why: list[str] = []
    casting = plain(raw.get("casting_time", "")).lower()
    entry["casting_time"] = CASTING_TIMES.get(casting, casting)
    range_text = plain(raw.get("range", "")).lower()
    for word in ("close", "medium", "long", "touch", "personal", "unlimited"):
        if range_text.startswith(word):
            # PRD Range: close 25 ft. + 5 ft./2 levels, medium 100 + 10/level, long 400 + 40/level.
            entry["range"] = word
            break
    else:
        feet = re.match(r"(\d+) ft", range_text)
        entry["range"] = feet_to_m(int(feet.group(1))) if feet else range_text
    save_text = plain(raw.get("saving_throw", "")).lower()
    save = re.match(r"(fortitude|reflex|will) (half|negates|partial)", save_text)
    if save and "harmless" in save_text:
        # PRD Saving Throw, (harmless): a willing target does not save; the table decides for an unwilling one.
        entry["save_text"] = save_text
    elif save:
        entry["save"] = {"ability": SAVES[save.group(1)], "half": save.group(2) == "half"}
    elif save_text and save_text not in ("none", "no"):
        entry["save_text"] = save_text
    duration = plain(raw.get("duration", "")).lower()
    entry["concentration"] = duration.startswith("concentration")
    if raw.get("spell_resistance"):
        entry["spell_resistance"] = plain(raw["spell_resistance"]).lower()
    body = entry["text"]["en"]
    damage = re.search(rf"({DICE}) points? of ({'|'.join(ENERGY)}) damage", body)
    scaled = re.search(r"per (?:caster )?level|per two (?:caster )?levels|per every two", body)
    # "1d6 points of fire damage per caster level (maximum 10d6)": one die per caster level, written at casting.
    per_level = re.search(rf"(1d\d+) points? of ({'|'.join(ENERGY)}) damage per caster level"
                          r"(?: \(maximum (\d+)d\d+\))?", body)
    if damage and not scaled:
        entry["damage"] = [{"roll": damage.group(1), "type": ENERGY[damage.group(2)]}]
    elif per_level and per_level.start() == damage.start():
        entry["damage"] = [{"roll": per_level.group(1), "type": ENERGY[per_level.group(2)]}]
        entry["per_caster_level"] = {"roll": per_level.group(1),
                                     **({"most": int(per_level.group(3))} if per_level.group(3) else {})}
    elif damage:
        why.append("its damage grows with caster level; the spell object's dice are fixed")
    # A save spell that names a touch attack does so for an aside (Fireball through an arrow slit).
    if "save" not in entry and re.search(r"ranged touch attack", body):
        entry["attack"] = "ranged"
    elif "save" not in entry and re.search(r"melee touch attack", body):
        entry["attack"] = "melee"
    condition = ONE_CONDITION_SPELLS.get(entry["id"])
    if condition and "save" in entry and not entry["save"]["half"]:
        entry["condition"] = {"add": condition}
    cure = re.search(rf"cures? {PLUS_CASTER_LEVEL}", body)
    inflict = re.search(rf"(?:deals?|dealing) {PLUS_CASTER_LEVEL}", body)
    if cure and entry["id"].startswith("cure-"):
        entry["heal"] = {"roll": cure.group(1), "plus_caster_level": {"most": int(cure.group(2))}}
    elif inflict and entry["id"].startswith("inflict-"):
        # the melee touch attack of the single-target spells is not rolled: the Will save halves, as in the mass ones
        entry["damage"] = [{"roll": inflict.group(1), "type": "negative",
                            "plus_caster_level": {"most": int(inflict.group(2))}}]
    if entry["id"] in EFFECTS:
        entry["effect"] = EFFECTS[entry["id"]]
    if entry["id"] in MISSILES:
        entry["missiles"] = MISSILES[entry["id"]]
    if entry["id"] in NOT_RUN:
        why.append(NOT_RUN[entry["id"]])
    elif not why and not any(key in entry for key in ("damage", "heal", "condition", "effect")):
        why.append("its effect is none that cast can run (no damage, healing, condition or bonus the engine "
                   "applies): play it by hand")
    if not casting:
        entry["casting_time"] = None
        why.append("the source gives no casting time (it refers to another spell)")
    elif entry["casting_time"] not in ("standard", "swift", "immediate", "full_round"):
        why.append(f"cast in {casting}: not in combat")
    if why:
        entry["executable"] = False
        entry["why"] = "; ".join(why)
    return entry


# ----------------------------------------------------------------------------------------------- files
INHERITED = ("casting_time", "range", "saving_throw", "duration", "spell_resistance")


def inherit(raw: dict, by_name: dict[str, dict]) -> dict:
    """PRD convention: "This spell functions like X, except ...": what the entry does not say, X says."""
    parent = re.search(r"functions like <i>([^<]+)</i>", raw.get("body", ""))
    if not parent or slug(parent.group(1)) not in by_name:
        return raw
    source = inherit(by_name[slug(parent.group(1))], by_name) if by_name[slug(parent.group(1))] is not raw else raw
    return {**{k: source[k] for k in INHERITED if source.get(k)}, **{k: v for k, v in raw.items() if v}}


def convert_all(repo: Path, folder: str, convert) -> tuple[list[dict], list[dict], list[str]]:
    paths = sorted(p for p in git(repo, "ls-tree", "-r", "--name-only", "HEAD", folder).split("\n") if p.endswith(".json"))
    entries: dict[str, dict] = {}
    skipped = []
    raws = {path: read_json(repo, path) for path in paths}
    by_name = {slug(raw.get("name", path)): raw for path, raw in raws.items()}
    for path in paths:
        raw = inherit(raws[path], by_name)
        try:
            entry = convert(raw)
        except ValueError as error:
            skipped.append({"id": slug(raw.get("name", path)), "name": plain(raw.get("name", path)), "why": str(error)})
            continue
        if entry["id"] in entries:
            skipped.append({"id": entry["id"], "name": entry["name"]["en"], "why": f"a second entry for this id ({path})"})
            continue
        entries[entry["id"]] = entry
    return [entries[k] for k in sorted(entries)], sorted(skipped, key=lambda s: (s["id"], s["why"])), paths


def write(out: Path, kind: str, entries: list[dict], skipped: list[dict], commit: str, paths: list[str]) -> Path:
    folders = sorted({p.rsplit("/", 1)[0] + "/" for p in paths})
    document = {"family": "pf1", "kind": kind,
                "sources": [{"name": "Pathfinder Roleplaying Game Reference Document (PSRD-Data)", "repo": REPO_URL,
                             "commit": commit, "paths": folders, "licence": LICENCE}],
                "entries": entries, "skipped": skipped}
    target = out / f"pf1-{kind}s.json"
    target.write_text(json.dumps(document, ensure_ascii=False, sort_keys=True, separators=(",", ":")) + "\n",
                      encoding="utf-8")
    return target


LICENCE_HEADER = """\
The Pathfinder 1e creatures and spells of combatlog's library (compendium/data/pf1-creatures.json and
pf1-spells.json) are Open Game Content from the Pathfinder Roleplaying Game Reference Document, taken from
devonjones/PSRD-Data ({repo}, commit {commit}) by tools/import_pf1_library.py, and used under the
Open Game License 1.0a below. This file is written by that script from the source's own OGL section
(book-ogl.db): the Product Identity and Open Content declarations, the licence, and its section 15 as the
source gives it. Paizo's Community Use Policy notice that follows it in the source is not reproduced: no
Community Use material (and nothing in French) is in these files.

"""


def write_licence(repo: Path, target: Path, commit: str) -> None:
    """The OGL 1.0a with the PRD's section 15, from the source's own licence sections (in their order)."""
    import sqlite3
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        database = Path(folder) / "ogl.db"
        database.write_bytes(subprocess.run(["git", "-C", str(repo), "show", "HEAD:book-ogl.db"], check=True,
                                            capture_output=True).stdout)
        with sqlite3.connect(database) as connection:
            rows = connection.execute("SELECT section_id, parent_id, name, body FROM sections ORDER BY lft").fetchall()
    ogl = next(section_id for section_id, parent, name, _ in rows if name == "OGL")
    paragraphs = []
    for section_id, parent, name, body in rows:
        if parent != ogl:
            continue
        text = "\n\n".join(plain(p) for p in re.split(r"</p>\s*<p>", body or "") if plain(p))
        if name in ("Product Identity", "Open Content"):
            paragraphs.append(f"{name}\n\n{text}")
        else:  # a section 15 notice: its title, then ". (c) year, owner; authors"
            paragraphs.append(f"{plain(name)}{'' if text[:1] in '.,' else ' '}{text}")
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(LICENCE_HEADER.format(repo=REPO_URL, commit=commit) + "\n\n".join(paragraphs) + "\n",
                      encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repo", type=Path, default=DEFAULT_REPO, help="a git snapshot of devonjones/PSRD-Data")
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    parser.add_argument("--licence", type=Path, default=ROOT / "compendium" / "LICENSES" / "OGL-1.0a-pf1.txt")
    args = parser.parse_args(argv)
    commit = git(args.repo, "rev-parse", "HEAD").strip()
    args.out.mkdir(parents=True, exist_ok=True)
    write_licence(args.repo, args.licence, commit)
    for kind, folder, convert in (("creature", "bestiary/creature/", convert_creature),
                                  ("spell", "core_rulebook/spell/", convert_spell)):
        entries, skipped, paths = convert_all(args.repo, folder, convert)
        target = write(args.out, kind, entries, skipped, commit, paths)
        notes = sum(1 for e in entries if e.get("unparsed_attacks") or e.get("executable") is False)
        print(f"{target.name}: {len(entries)} entries, {len(skipped)} skipped, {notes} with parts not executable",
              file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
