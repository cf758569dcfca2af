# Spellcasting (INTERFACE.md §7): the log lines of spell events, the `cast` summary and every refusal of `cast`.

event-spell-cast = { $caster } casts { $spell }{ $using ->
    [slot] {" "}with a level { $slot-level } slot{ $upcast ->
        [0] {""}
       *[other] {" "}(upcast by { $upcast })
    }
    [per_day] {" "}(one of its daily castings)
    [ritual] {" "}as a ritual ({ $ritual-minutes } minutes longer)
    [at_will] {" "}(at will)
   *[cantrip] {" "}(cantrip{ $multiplier ->
        [1] {""}
       *[other] , dice ×{ $multiplier }
    })
}{ $has-targets ->
    [yes] {" "}on { $targets }
   *[no] {""}
}{ $dc ->
    [0] {""}
   *[other] , save DC { $dc }
}
event-spell-slot-spent = { $caster } spends a level { $level } spell slot ({ $left }/{ $max } left)
event-per-day-spent = { $caster } spends a daily casting of { $spell } ({ $left }/{ $max } left)
event-spells-restored = { $id } gets back { $slots ->
    [0] {""}
    [one] one spell slot
   *[other] { $slots } spell slots
 }{ $slots ->
    [0] {""}
   *[other] { $per_day ->
        [0] {""}
       *[other] {" "}and{" "}
    }
 }{ $per_day ->
    [0] {""}
    [one] one daily casting
   *[other] { $per_day } daily castings
 } (long rest)
command-cast = { $caster } casts { $spell }{ $has-targets ->
    [yes] {" "}on { $targets }
   *[no] {""}
}
verb-cast = cast { $spell }

spell-invalid = spell object: { $error }
spell-unknown = { $caster } cannot cast { $spell }: it is neither among its spell objects nor in the library
spell-unsupported = { $spell } cannot be cast here: { $reason }
spell-caster-has-no-spellcasting = { $caster } cannot cast spells: its stat block has no spellcasting
spell-cantrip-has-no-slot = { $spell } is a cantrip: it takes no slot level
spell-cantrip-needs-nothing = { $spell } is a cantrip: it is cast without a slot, "using": "{ $using }" does not apply
spell-per-day-at-its-level = { $spell } cast from its daily uses is cast at its own level ({ $level })
spell-not-per-day = { $caster } has no daily castings of { $spell } (spellcasting.per_day)
spell-per-day-spent = { $caster } has cast { $spell } its { $count } time(s) today: none left
spell-not-a-ritual = { $spell } is not a ritual
spell-ritual-in-combat = { $spell } cannot be cast as a ritual in combat: a ritual takes { $minutes } minutes longer
spell-ritual-at-its-level = { $spell } cast as a ritual is cast at its own level ({ $level })
spell-slot-below-spell = { $spell } is a level { $spell-level } spell: it cannot be cast with a level { $level } slot
spell-slot-level-too-high = there are no level { $level } spell slots (at most level 9)
spell-no-slots-of-level = { $caster } has no level { $level } spell slots
spell-no-slot-left = { $caster } has no level { $level } spell slot left (all { $count } spent)
spell-too-many-targets = { $spell } takes at most { $most } target(s), not { $count }
spell-target-twice = { $spell }: a target is listed twice
spell-target-dead = { $spell } cannot target { $target }: it is dead
spell-needs-targets = { $spell } needs its targets ("targets": [ids])
spell-window-open = { $caster } cannot cast { $spell } now: a reaction window is open ({ $trigger }), waiting for { $reactors }; only one of them may answer it, with a reaction spell
spell-caster-cannot-cast = { $caster } cannot cast a spell: it is { $status }
spell-casting-time-too-long = { $spell } cannot be cast in combat: its casting time is { $casting-time }
spell-no-reaction = { $caster } cannot cast { $spell }: its reaction is spent or it cannot react
spell-bonus-action-rule-2014 = { $caster } cannot cast { $spell } this turn: on a turn a spell is cast with a bonus action, the only other spell is a cantrip with a casting time of one action
spell-bonus-action-rule-2024 = { $caster } cannot cast { $spell } this turn: on a turn a spell is cast with a bonus action, no other spell can be cast with a spell slot
spell-held-needs-spell = { $caster } can hold a spell only when the ready action names it ("spell")
spell-held-needs-one-action = { $spell } cannot be held: only a spell with a casting time of one action can be readied (its casting time is { $casting-time })
spell-unknown-duration = { $spell }: unknown duration { $until }

spell-stats-level = level: { $value } is not a character level (1 to 30)
spell-stats-ability = spellcasting.ability: unknown '{ $ability }'
spell-stats-slot-level = spellcasting.slots: '{ $level }' is not a slot level (1 to 9)
spell-stats-slot-count = spellcasting.slots: { $count } level { $level } slots is out of range (0 to 100)
spell-stats-per-day-count = spellcasting.per_day: { $count } castings of { $spell } is out of range (1 to 100)
spell-level-out-of-range = spell { $spell }: level { $level } is out of range (0 to 9)
spell-unknown-ability = spell { $spell }: unknown save ability '{ $ability }'
spell-unknown-damage-type = spell { $spell }: unknown damage type '{ $type }'
spell-bad-dice = spell { $spell }: '{ $roll }' is not a dice expression
spell-unknown-condition = spell { $spell }: unknown condition '{ $condition }'
spell-roll-bonus-unknown-test = spell { $spell }: roll_bonus on '{ $test }' is not a d20 test it can modify (one of { $tests })
spell-attack-and-save = spell { $spell }: a spell has an attack roll or a save, not both
spell-targets-at-least-one = spell { $spell }: "targets" is at least 1

help-cast = cast CASTER SPELL [TARGETS…] [level N] [ritual|daily] — cast a spell at its targets
label-slots = Slots

spell-pf1-casting-time = spell { $spell }: a pf1 casting time is standard, swift, full_round or immediate, not { $casting-time }
spell-pf1-no-effects = spell { $spell }: a pf1 effect gives "bonuses" (and "negates"), not the 5e ac_bonus, roll_bonus or damage_bonus
spell-pf1-no-upcast = { $spell } is cast at its own level ({ $level }) in pf1: there is no upcasting
spell-pf1-none-of-level = { $caster } has no level { $level } spells per day
spell-pf1-none-left = { $caster } has cast its { $count } level { $level } spell(s) today: none left
event-spell-countered = { $by } counters { $caster }'s { $spell }: it has no effect{ $slot-spent ->
    [yes] {""} (its slot is spent)
   *[other] {""}
 }
spell-pf1-unknown-duration = spell { $spell }: a pf1 effect lasts {"{"}"rounds", "minutes" or "hours": N{"}"}, with "per_level": true for N per caster level, not { $until }
spell-bonus-unknown-target = spell { $spell }: a bonus goes to one of { $targets }, not '{ $to }'
spell-pf1-missile-targets = { $spell } has { $count } missile(s) at this caster level: name one creature for all of them, or one per missile ({ $count }), not { $given }
spell-dismiss-nothing = no spell effect '{ $effect }' to end{ $has-target ->
    [yes] {" "}on { $target }
   *[no] {""}
 }{ $has-source ->
    [yes] {" "}cast by { $source }
   *[no] {""}
 }
spell-pf1-only-key = spell { $spell }: "{ $key }" is a pf1 key; the 5e rulesets do not run it
spell-not-at-will = { $caster } does not cast { $spell } at will (its spellcasting's "at_will" does not list it)
spell-at-will-at-its-level = { $spell } is cast at will at its own level ({ $level })
spell-pf1-rest-long-only = pf1 has only the long rest (a night's rest), not '{ $kind }'

# The English names of the spells whose French name the catalogs give (`spell-name-ID`, see words.spell_names).
spell-name-arcane-lock = Arcane Lock
spell-name-aura-of-life = Aura of Life
spell-name-barkskin = Barkskin
spell-name-charm-monster = Charm Monster
spell-name-chromatic-orb = Chromatic Orb
spell-name-counterspell = Counterspell
spell-name-darkvision = Darkvision
spell-name-dissonant-whispers = Dissonant Whispers
spell-name-divine-smite = Divine Smite
spell-name-enthrall = Enthrall
spell-name-ensnaring-strike = Ensnaring Strike
spell-name-fly = Fly
spell-name-goodberry = Goodberry
spell-name-hellish-rebuke = Hellish Rebuke
spell-name-hex = Hex
spell-name-ice-knife = Ice Knife
spell-name-jump = Jump
spell-name-longstrider = Longstrider
spell-name-mass-cure-wounds = Mass Cure Wounds
spell-name-mass-heal = Mass Heal
spell-name-mind-spike = Mind Spike
spell-name-phantasmal-force = Phantasmal Force
spell-name-phantom-steed = Phantom Steed
spell-name-plant-growth = Plant Growth
spell-name-revivify = Revivify
spell-name-rope-trick = Rope Trick
spell-name-searing-smite = Searing Smite
spell-name-shield = Shield
spell-name-spider-climb = Spider Climb
spell-name-warding-bond = Warding Bond
spell-name-water-breathing = Water Breathing
spell-name-water-walk = Water Walk
