"""A library entry (INTERFACE §7) as the lines of a printed stat block or spell card, in the reader's language.

Every label comes from locales/<lang>/library.ftl; names and prose from the entry itself (its French text where
the open French source has one, else the English text with a note saying so)."""

from __future__ import annotations

from fractions import Fraction

from combatlog.core.kernel.registry import default_registry
from combatlog.words import ability_name, condition_name, damage_name, distance, maybe, message, name_in, number, term

ABILITIES = ("str", "dex", "con", "int", "wis", "cha")
SPEEDS = ("walk", "burrow", "climb", "fly", "swim")  # a printed stat block's order
SECTIONS = ("traits", "actions", "bonus_actions", "reactions", "legendary_actions")


def signed(value: int) -> str:
    return f"+{value}" if value >= 0 else f"−{-value}"


def challenge(cr: float) -> str:
    """1/8, 1/4, 1/2 as a printed stat block writes them."""
    return str(Fraction(cr).limit_denominator(8)) if cr else "0"


def entry_name(entry: dict, lang: str) -> str:
    return name_in(entry.get("name"), lang, entry["id"])


def _kebab(text: str) -> str:
    return "-".join("".join(ch if ch.isalnum() else " " for ch in text.lower()).split())


def _damage(parts: list[dict], lang: str) -> str:
    return ", ".join(message(lang, "library-damage-part", roll=p["roll"], type=damage_name(p["type"], lang))
                       for p in parts)


def stat_block_lines(entry: dict, lang: str) -> list[str]:
    """A creature or spell entry in lines; spells are recognised by their `level` and missing `stats`."""
    return _creature(entry, lang) if "stats" in entry else _spell(entry, lang)


def _prose(entry: dict, lang: str) -> tuple[dict, bool]:
    text = entry.get("text") or {}
    if lang in text:
        return text[lang], False
    return text.get("en", {}), lang != "en"


def _creature(entry: dict, lang: str) -> list[str]:
    stats = entry["stats"]
    if "bab" in stats:
        return _pf1_creature(entry, lang)
    lines = [entry_name(entry, lang).upper()]
    alignment = entry.get("alignment", "")
    if entry.get("type"):  # a fixtures/creatures template has no type or alignment
        lines.append(message(lang, "library-heading", size=term(lang, "library-size", stats.get("size", "medium")),
                             type=term(lang, "library-type", entry.get("type", "")),
                             alignment=maybe(lang, f"library-alignment-{_kebab(alignment)}", alignment)))
    rule = "─" * 60
    lines.append(rule)
    lines.append(message(lang, "library-armor-class", ac=stats["ac"], armor=entry.get("armor", "")))
    lines.append(message(lang, "library-hit-points", hp=stats["max_hp"], dice=entry.get("hit_dice", "")))
    speeds = entry.get("speeds") or {"walk": stats["speed"]}
    lines.append(message(lang, "library-speed", speeds=", ".join(
        message(lang, f"library-speed-{mode}", distance=distance(speeds[mode], lang)) for mode in SPEEDS if mode in speeds)))
    if "initiative_bonus" in stats:
        lines.append(message(lang, "library-initiative", bonus=signed(stats["initiative_bonus"])))
    lines.append(rule)
    scores = stats["abilities"]
    lines.append("  ".join(message(lang, "library-ability", name=ability_name(a, lang).upper(), score=scores[a],
                                   modifier=signed((scores[a] - 10) // 2)) for a in ABILITIES))
    lines.append(rule)
    proficiency = stats["proficiency_bonus"]
    saves = entry.get("save_bonuses") or {a: (scores[a] - 10) // 2 + proficiency for a in stats.get("saves", ())}
    if saves:
        lines.append(message(lang, "library-saving-throws", list=", ".join(
            f"{ability_name(a, lang)} {signed(saves[a])}" for a in ABILITIES if a in saves)))
    skills = entry.get("skill_bonuses") or {}
    if skills:
        lines.append(message(lang, "library-skills", list=", ".join(
            f"{term(lang, 'skill', s)} {signed(b)}" for s, b in sorted(skills.items()))))
    # The SRD's own English line keeps its qualifiers ("from nonmagical attacks") the engine's list drops.
    own_words = (entry.get("defences") or {}) if lang == "en" else {}
    for key, message_id in (("vulnerabilities", "library-vulnerabilities"), ("resistances", "library-resistances"),
                            ("immunities", "library-immunities")):
        if stats.get(key):
            listed = own_words.get(f"damage_{key}") or ", ".join(damage_name(k, lang) for k in stats[key])
            lines.append(message(lang, message_id, list=listed))
    if stats.get("condition_immunities"):
        lines.append(message(lang, "library-condition-immunities",
                             list=", ".join(condition_name(c, lang) for c in stats["condition_immunities"])))
    senses = ", ".join(message(lang, f"library-sense-{k}", distance=distance(v, lang))
                       for k, v in (entry.get("senses") or {}).items())
    lines.append(message(lang, "library-senses", list=senses, passive=entry.get("passive_perception", 10)))
    if entry.get("languages"):
        lines.append(message(lang, "library-languages", languages=entry["languages"]))
    if "cr" in entry:
        lines.append(message(lang, "library-challenge", cr=challenge(entry["cr"]), xp=number(entry.get("xp", 0), lang),
                             proficiency=signed(proficiency)))
    if stats.get("legendary_resistance"):
        lines.append(message(lang, "library-legendary-resistance", count=stats["legendary_resistance"]))
    lines.append(rule)
    lines += _engine_view(entry, lang)
    prose, in_english = _prose(entry, lang)
    if in_english and prose:
        lines.append(message(lang, "library-text-in-english"))
    for section in SECTIONS:
        paragraphs = prose.get(section) or []
        if not paragraphs:
            continue
        args = {"count": stats.get("legendary_actions", 3)} if section == "legendary_actions" else {}
        lines += ["", message(lang, f"library-section-{section.replace('_', '-')}", **args).upper()]
        lines += [f"{p['name']}. {p['desc']}" if p.get("name") else p["desc"] for p in paragraphs]
    return lines


def _save_action_line(action: dict, lang: str) -> str:
    save = action["save"]
    return message(lang, "library-save-action", id=action["id"], ability=ability_name(save["ability"], lang, short=False),
                   dc=save["dc"], damage=_damage(action.get("damage", []), lang),
                   half="yes" if save.get("half", True) else "no")


def _engine_view(entry: dict, lang: str) -> list[str]:
    """What the engine runs: attacks with their ids, save actions, uses, spellcasting, legendary options."""
    stats = entry["stats"]
    lines = [message(lang, "library-section-attacks").upper()]
    if stats.get("attacks_per_action", 1) > 1:
        lines.append(message(lang, "library-multiattack", count=stats["attacks_per_action"]))
    for attack in stats.get("attacks", ()):
        if "save" in attack and "to_hit" not in attack:  # a save action as an attack (INTERFACE.md §8)
            lines.append(_save_action_line(attack, lang))
            continue
        common = {"id": attack["id"], "to-hit": signed(attack["to_hit"]), "damage": _damage(attack["damage"], lang),
                  "uses": attack.get("uses", "")}
        if attack["kind"] == "melee":
            lines.append(message(lang, "library-attack-melee", reach=distance(attack.get("reach", 1.5), lang), **common))
        else:
            near, far = attack["range"]
            lines.append(message(lang, "library-attack-ranged",
                                 range=f"{number(near, lang)}/{distance(far, lang)}", **common))
    for action in entry.get("save_actions", ()):
        lines.append(_save_action_line(action, lang))
    for use in stats.get("uses", ()):
        if "recharge" in use:
            lines.append(message(lang, "library-use-recharge", id=use["id"], recharge=use["recharge"]))
        else:
            lines.append(message(lang, "library-use-per", id=use["id"], max=use["max"], per=use.get("per", "long_rest")))
    casting = stats.get("spellcasting")
    if casting:
        lines += ["", message(lang, "library-section-spellcasting").upper()]
        proficiency, score = stats["proficiency_bonus"], stats["abilities"][casting["ability"]]
        dc = casting.get("dc", 8 + proficiency + (score - 10) // 2)
        lines.append(message(lang, "library-spellcasting-line", ability=ability_name(casting["ability"], lang, short=False),
                             dc=dc, attack=signed(casting["attack"]) if "attack" in casting else ""))
        if casting.get("slots"):
            lines.append(message(lang, "library-spell-slots", slots=", ".join(
                message(lang, "library-spell-slot", level=level, count=count) for level, count in casting["slots"].items())))
        per_day = casting.get("per_day") or {}
        at_will = [s for s in casting.get("spells", ()) if s not in per_day]
        if at_will:
            lines.append(message(lang, "library-spell-list", spells=", ".join(at_will)))
        for times in sorted(set(per_day.values()), reverse=True):
            lines.append(message(lang, "library-per-day", times=times,
                                 spells=", ".join(s for s, t in per_day.items() if t == times)))
    if stats.get("legendary"):
        lines += ["", message(lang, "library-section-legendary-options").upper()]
    for option in stats.get("legendary", ()):
        lines.append(message(lang, "library-legendary-option", id=option["id"], cost=option["cost"],
                             attack=option.get("attack", "")))
    return lines


def _spell(entry: dict, lang: str) -> list[str]:
    lines = [entry_name(entry, lang).upper()]
    lines.append(message(lang, "library-spell-heading", level=entry["level"],
                         school=term(lang, "library-school", entry.get("school", "")),
                         ritual="yes" if entry.get("ritual") else "no"))
    casting = entry.get("casting_time", "action")
    lines.append(message(lang, "library-casting-time", time=maybe(lang, f"library-casting-{casting}", casting)))
    prose, in_english = _prose(entry, lang)
    range_text = entry.get("range_text") or ""
    if not in_english and prose.get("range"):
        range_text = prose["range"]
    elif range_text[:1].isdigit() and range_text.endswith("feet"):
        range_text = distance(entry.get("range", 0), lang)
    lines.append(message(lang, "library-range", range=range_text))
    if entry.get("components"):
        lines.append(message(lang, "library-components", components=entry["components"]))
    duration = prose.get("duration") if not in_english and prose.get("duration") else entry.get("duration", "")
    lines.append(message(lang, "library-duration", duration=duration,
                         concentration="yes" if entry.get("concentration") else "no"))
    lines.append("─" * 60)
    if in_english and prose:
        lines.append(message(lang, "library-text-in-english"))
    if prose.get("desc"):
        lines.append(prose["desc"])
    if prose.get("higher_level"):
        lines.append(message(lang, "library-at-higher-levels", text=prose["higher_level"]))
    if entry.get("executable") is False:
        lines += ["", message(lang, "library-not-executable", why=entry.get("why", ""))]
    return lines


def list_line(entry: dict, lang: str) -> str:
    """One search result: id, name in the reader's language, and what tells two apart (CR and type, or level)."""
    if "stats" in entry:
        return message(lang, "library-list-creature", id=entry["id"], name=entry_name(entry, lang),
                       cr=challenge(entry.get("cr", 0)), type=term(lang, "library-type", entry.get("type", "")))
    return message(lang, "library-list-spell", id=entry["id"], name=entry_name(entry, lang), level=entry.get("level", 0),
                   school=term(lang, "library-school", entry.get("school", "")))



def about_lines(library, lang: str) -> list[str]:
    """The family's sources (repository, commit, licence), then every licence and attribution text beside the data."""
    from combatlog.compendium import licence_texts

    lines = [message(lang, "library-about-heading", family=library.family)]
    lines += [message(lang, "library-about-source", name=s["name"], repo=s["repo"], commit=s["commit"], licence=s["licence"])
              for s in library.about()]
    for name, text in licence_texts():
        lines += ["", f"== {name} ==", text.rstrip()]
    return lines


PF1_SAVES = ("fort", "ref", "will")


def _pf1_creature(entry: dict, lang: str) -> list[str]:
    """A Pathfinder stat block (PRD Bestiary order): defence, offence, statistics, then what the engine runs."""
    stats = entry["stats"]
    scores = stats["abilities"]
    lines = [entry_name(entry, lang).upper()]
    if entry.get("type"):
        lines.append(message(lang, "library-heading", size=term(lang, "library-size", stats.get("size", "medium")),
                             type=maybe(lang, f"library-type-{entry['type']}", entry["type"]),
                             alignment=entry.get("alignment", "")))
    rule = "─" * 60
    lines.append(rule)
    figures = default_registry().find("pf1").stat_block_figures(stats)  # the rules' own numbers
    lines.append(message(lang, "library-pf1-armor-class", ac=figures["ac"], touch=figures["touch"], flat=figures["flat"]))
    lines.append(message(lang, "library-hit-points", hp=stats["max_hp"], dice=entry.get("hit_dice", "")))
    saves = figures["saves"]
    lines.append(message(lang, "library-pf1-saves", **{save: signed(bonus) for save, bonus in saves.items()}))
    lines.append(rule)
    lines.append(message(lang, "library-speed", speeds=distance(stats["speed"], lang)))
    if "initiative_bonus" in stats:
        if stats["initiative_bonus"] is not None:
            lines.append(message(lang, "library-initiative", bonus=signed(stats["initiative_bonus"])))
    for attack in stats.get("attacks", ()):
        crit = attack.get("crit_range") or 20
        kind = attack.get("kind") or "melee"
        to_hit = figures["to_hit"][attack["id"]]
        lines.append(message(lang, "library-pf1-attack", id=attack["id"],
                             kind=maybe(lang, f"library-pf1-kind-{kind}", kind),
                             **{"to-hit": signed(to_hit), "damage": _damage(attack["damage"], lang),
                                "critical": (f"{crit}–20" if crit < 20 else "20") + f"/×{attack.get('crit_multiplier') or 2}"}))
    lines.append(rule)
    lines.append("  ".join(message(lang, "library-ability", name=ability_name(a, lang).upper(), score=scores[a],
                                   modifier=signed((scores[a] - 10) // 2)) for a in ABILITIES if a in scores))
    cmb, cmd = figures["cmb"], figures["cmd"]
    lines.append(message(lang, "library-pf1-combat", bab=signed(stats.get("bab", 0)), cmb=signed(cmb), cmd=cmd))
    if "cr" in entry:
        lines.append(message(lang, "library-pf1-challenge", cr=str(entry["cr"]), xp=number(entry.get("xp", 0), lang)))
    return lines
