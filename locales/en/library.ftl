# The library (INTERFACE §7): `combatlog library`, `library show`, the shell's `sheet`.

library-size-tiny = Tiny
library-size-small = Small
library-size-medium = Medium
library-size-large = Large
library-size-huge = Huge
library-size-gargantuan = Gargantuan
library-type-aberration = aberration
library-type-beast = beast
library-type-celestial = celestial
library-type-construct = construct
library-type-dragon = dragon
library-type-elemental = elemental
library-type-fey = fey
library-type-fiend = fiend
library-type-giant = giant
library-type-humanoid = humanoid
library-type-monstrosity = monstrosity
library-type-ooze = ooze
library-type-plant = plant
library-type-undead = undead
library-heading = { $size } { $type }, { $alignment }
library-armor-class = Armor Class { $ac }{ $has-armor ->
    [yes] {" "}({ $armor })
   *[no] {""}
 }
library-hit-points = Hit Points { $hp }{ $has-dice ->
    [yes] {" "}({ $dice })
   *[no] {""}
 }
library-initiative = Initiative { $bonus }
library-speed = Speed { $speeds }
library-speed-walk = { $distance }
library-speed-fly = fly { $distance }
library-speed-swim = swim { $distance }
library-speed-climb = climb { $distance }
library-speed-burrow = burrow { $distance }
library-ability = { $name } { $score } ({ $modifier })
library-saving-throws = Saving Throws { $list }
library-skills = Skills { $list }
library-vulnerabilities = Damage Vulnerabilities { $list }
library-resistances = Damage Resistances { $list }
library-immunities = Damage Immunities { $list }
library-condition-immunities = Condition Immunities { $list }
library-sense-blindsight = blindsight { $distance }
library-sense-darkvision = darkvision { $distance }
library-sense-tremorsense = tremorsense { $distance }
library-sense-truesight = truesight { $distance }
library-senses = Senses { $has-list ->
    [yes] { $list },{" "}
   *[no] {""}
 }passive Perception { $passive }
library-languages = Languages { $languages }
library-challenge = Challenge { $cr } ({ $xp } XP); Proficiency Bonus { $proficiency }
library-legendary-resistance = Legendary Resistance { $count }/day
library-section-traits = Traits
library-section-actions = Actions
library-section-bonus-actions = Bonus Actions
library-section-reactions = Reactions
library-section-legendary-actions = Legendary Actions ({ $count } per round)
library-section-attacks = Attacks (ids for `attack … with`)
library-section-saves = Saving throw actions
library-section-legendary-options = Legendary actions (ids for `legendary`)
library-section-spellcasting = Spellcasting
library-attack-melee = { $id }: melee, { $to-hit } to hit, reach { $reach }; hit: { $damage }{ $has-uses ->
    [yes] {" "}(uses { $uses })
   *[no] {""}
 }
library-attack-ranged = { $id }: ranged, { $to-hit } to hit, range { $range }; hit: { $damage }{ $has-uses ->
    [yes] {" "}(uses { $uses })
   *[no] {""}
 }
library-damage-part = { $roll } { $type }
library-multiattack = { $count } attacks per Attack action
library-save-action = { $id }: { $ability } saving throw DC { $dc }{ $has-damage ->
    [yes] ; failed: { $damage }{ $half ->
        [yes] , half on a success
       *[no] {""}
    }
   *[no] {""}
 }
library-use-recharge = { $id }: recharge { $recharge }–6
library-use-per = { $id }: { $max }/{ $per ->
    [short_rest] short rest
   *[long_rest] day
 }
library-spellcasting-line = { $ability }, spell save DC { $dc }{ $has-attack ->
    [yes] , { $attack } to hit with spell attacks
   *[no] {""}
 }
library-spell-slots = Slots: { $slots }
library-spell-slot = level { $level } ×{ $count }
library-spell-list = Spells: { $spells }
library-per-day = { $times }/day: { $spells }
library-legendary-option = { $id } (costs { $cost }){ $has-attack ->
    [yes] : { $attack } attack
   *[no] {""}
 }
library-text-in-english = (text in English only)
library-spell-heading = { $level ->
    [0] { $school } cantrip
   *[other] Level { $level } { $school }
 }{ $ritual ->
    [yes] {" "}(ritual)
   *[no] {""}
 }
library-school-abjuration = abjuration
library-school-conjuration = conjuration
library-school-divination = divination
library-school-enchantment = enchantment
library-school-evocation = evocation
library-school-illusion = illusion
library-school-necromancy = necromancy
library-school-transmutation = transmutation
library-casting-time = Casting Time { $time }
library-casting-action = Action
library-casting-bonus = Bonus Action
library-casting-reaction = Reaction
library-range = Range { $range }
library-components = Components { $components }
library-duration = Duration { $duration }{ $concentration ->
    [yes] {" "}(concentration)
   *[no] {""}
 }
library-not-executable = Not run by the engine: { $why }
library-at-higher-levels = At Higher Levels. { $text }
library-list-creature = { $id } — { $name } (CR { $cr }, { $type })
library-list-spell = { $id } — { $name } ({ $level ->
    [0] cantrip
   *[other] level { $level }
 }, { $school })
library-found = { $count ->
    [0] Nothing in the { $family } library matches “{ $query }”.
    [one] 1 entry in the { $family } library.
   *[other] { $count } entries in the { $family } library.
 }
library-unknown-entry = “{ $id }” is not in the { $family } library: search it with `combatlog library { $id }`.
library-about-heading = Licences of the { $family } library
library-about-source = { $name }: { $repo } at { $commit } ({ $licence })
library-alignment-unaligned = unaligned
library-alignment-chaotic-evil = chaotic evil
library-alignment-lawful-evil = lawful evil
library-alignment-neutral-evil = neutral evil
library-alignment-neutral = neutral
library-alignment-lawful-good = lawful good
library-alignment-any-alignment = any alignment
library-alignment-chaotic-good = chaotic good
library-alignment-neutral-good = neutral good
library-alignment-any-non-good-alignment = any non-good alignment
library-alignment-lawful-neutral = lawful neutral
library-alignment-chaotic-neutral = chaotic neutral
library-alignment-any-non-lawful-alignment = any non-lawful alignment
library-alignment-any-chaotic-alignment = any chaotic alignment
library-alignment-any-evil-alignment = any evil alignment
