# Pathfinder 1e (`pf1`): one line per event of the ruleset (message event-<type in kebab-case>),
# variables = the event's fields, combatant ids replaced by display names.

pf1-slot = { $slot ->
    [standard] standard action
    [move] move action
    [full_round] full-round action
    [swift] swift action
    [immediate] immediate action
   *[other] free action
 }
pf1-status = { $status ->
    [alive] alive
    [disabled] disabled
    [dying] dying
    [stable] stable
   *[dead] dead
 }

pf1-check = { $check ->
    [heal] Heal
    [concentration] concentration
    [aid_another] aid another
    [cmb] CMB
    [escape_artist] Escape Artist
    [acrobatics] Acrobatics
    [perception] Perception
    [stealth] Stealth
    [climb] Climb
    [swim] Swim
    [intimidate] Intimidate
    [bluff] Bluff
    [str] Strength
    [dex] Dexterity
    [con] Constitution
    [int] Intelligence
    [wis] Wisdom
    [cha] Charisma
   *[other] { $check }
 }

pf1-condition = { $condition ->
    [flat_footed] flat-footed
   *[other] { $condition }
 }

event-pf1-rules-chosen = optional rule: massive damage { $massive-damage ->
    [yes] on
   *[no] off
 }
event-pf1-combatant-added = { $id } joins the fight ({ $side }){ $unacted ->
    [yes] , flat-footed until its first turn
   *[no] {""}
 }
event-pf1-combatant-removed = { $id } leaves the fight
event-pf1-placed = { $id } placed at { $at }
event-pf1-terrain-marked = { $kind ->
    [difficult] difficult
   *[clear] clear
 } terrain
event-pf1-surprise-declared = surprised: { $ids }
event-pf1-initiative-rolled = { $set-by-dm ->
    [yes] initiative for { $ids } set to { $total }
   *[no] initiative for { $ids }: d20 { $faces } { $modifier } = { $total }
 }
event-pf1-rolled-off = initiative roll-off between { $ids }: { $ranking }
event-pf1-order-set = initiative order: { $order }
event-pf1-combat-started = combat starts: { $order }{ $surprise-round ->
    [yes] {" "}— surprise round; everyone is flat-footed until their first turn
   *[no] {" "}— everyone is flat-footed until their first turn
 }
event-pf1-turn-started = round { $round }, { $id }'s turn{ $restricted ->
    [yes] {" "}(a single standard or move action)
   *[no] {""}
 }{ $awaiting-check ->
    [yes] {" "}— dying: stabilization check first
   *[no] {""}
 }
event-pf1-turn-skipped = { $id }'s turn skipped ({ $reason })
event-pf1-turn-ended = end of { $id }'s turn
event-pf1-surprise-round-ended = the surprise round ends
event-pf1-action-spent = { $id }: { $owed ->
    [yes] immediate action off its turn (uses the swift action of its next turn)
   *[no] { $spent ->
        [full_round] full-round action
        [double] double move
        [standard] standard action
        [move] move action
        [swift] swift action
        [immediate] immediate action
       *[other] free action
    } ({ $by ->
        [full_attack] full attack
        [total_defense] total defense
        [cast_spell] spell
        [draw_weapon] draw a weapon
        [stabilize] first aid
        [aid_another] aid another
        [use_object] use an object
        [bull_rush] bull rush
        [coup_de_grace] coup de grâce
       *[other] { $by }
    })
 }
event-pf1-action-taken = { $id }: { $action ->
    [cast_spell] casts a spell
    [readied] takes its readied action
    [draw_weapon] draws a weapon
    [use_object] uses an object
    [coup_de_grace] delivers a coup de grâce
   *[other] { $action }
 }
event-pf1-moved = { $id } { $five-foot-step ->
    [yes] takes a 5-foot step ({ $metres } m)
   *[no] { $forced ->
        [yes] is moved
       *[no] moves { $metres } m
    }
 }
event-pf1-effect-started = { $id }: { $effect ->
    [total_defense] total defense (+4 dodge to AC)
    [fighting_defensively] fighting defensively (-4 to attack, +2 dodge to AC)
    [charging] charging (+2 to attack, -2 to AC)
    [running] running (loses its Dex bonus to AC)
    [withdrawing] withdraws
    [readied] readies an action
    [aid_attack] aided (+2 on its next attack)
    [aid_ac] aided (+2 to AC)
    [feint] feint (its next melee attack denies the target its Dex bonus)
   *[other] { $effect }
 }
event-pf1-effect-changed = { $id }: { $effect ->
    [charging] the charge goes on
    [withdrawing] the withdrawal is done
    [running] the run is done
    [feint] the feint holds until the end of its next turn
   *[other] { $effect } goes on
 }
event-pf1-effect-ended = { $id }: { $effect } ends
event-pf1-condition-applied = { $target } is { $condition ->
    [flat_footed] flat-footed
    [bleed] bleeding{ $amount ->
        [0] {""}
       *[other] {" "}({ $amount } HP at the start of each of its turns)
    }
   *[other] { pf1-condition }
 }{ $no-effect ->
    [yes] {" (no effect: immune)"}
   *[no] {""}
 }
event-pf1-condition-ended = { $target } is no longer { pf1-condition }
event-pf1-attack-rolled = { $kind ->
    [opportunity] attack of opportunity by { $attacker }
    [full_attack] full attack by { $attacker }
    [charge] charge by { $attacker }
    [readied] readied attack by { $attacker }
   *[other] attack by { $attacker }
 } on { $target } ({ $attack }): d20 { $d20 } { $bonus } = { $total } vs AC { $ac }{ $ac-kind ->
    [flat_footed] {" "}(flat-footed)
    [touch] {" "}(touch)
    [flat_footed_touch] {" "}(touch, flat-footed)
   *[normal] {""}
 } → { $hit ->
    [yes] hit{ $threat ->
        [yes] , critical threat
       *[no] {""}
    }
   *[no] miss
 }
event-pf1-miss-chance-rolled = { $chance } % miss chance: d100 { $d100 } → { $missed ->
    [yes] miss
   *[no] hit
 }
event-pf1-critical-confirmed = critical confirmed (d20 { $d20 }, { $total } vs AC { $ac }): damage ×{ $multiplier }
event-pf1-critical-not-confirmed = critical not confirmed (d20 { $d20 }, { $total } vs AC { $ac })
event-pf1-damage-rolled = damage to { $target }: { $total }{ $minimum ->
    [yes] {" "}(minimum damage: 1)
   *[no] {""}
 }
event-pf1-damage-taken = { $target } takes { $amount }{ $nonlethal ->
    [yes] {" "}nonlethal damage (total { $nonlethal-after })
   *[no] {" "}damage → { $hp-after } HP
 }
event-pf1-status-changed = { $id } is { $status ->
    [alive] alive
    [disabled] disabled (0 HP)
    [dying] dying ({ $hp } HP)
    [stable] stable ({ $hp } HP)
   *[dead] dead
 }
event-pf1-healed = { $target } heals { $amount } HP → { $hp-after } HP
event-pf1-temp-hp-granted = { $target }: { $after } temporary HP
event-pf1-save-rolled = { $id }'s { $ability ->
    [fort] Fortitude
    [ref] Reflex
   *[will] Will
 } save: d20 { $d20 } { $bonus } = { $total } vs DC { $dc } → { $success ->
    [yes] success
   *[no] failure
 }
event-pf1-check-rolled = { $id }'s { $check-name } check: d20 { $d20 } { $bonus } = { $total }{ $success ->
    [yes] {" "}vs DC { $dc } → success
    [no] {" "}vs DC { $dc } → failure
   *[other] {""}
 }
event-pf1-stabilization-rolled = { $id }'s stabilization check: { $automatic-failure ->
    [yes] automatic failure (bleeding)
   *[no] d20 { $d20 } { $bonus } = { $total } vs DC 10 → { $success ->
        [yes] stable
       *[no] loses 1 HP
    }
 }
event-pf1-maneuver-rolled = { $attacker }'s combat maneuver on { $target } ({ $maneuver }): d20 { $d20 } + CMB { $cmb } = { $total } vs CMD { $cmd } → { $success ->
    [yes] success
   *[no] failure
 }
event-pf1-window-opened = { $act ->
    [readied] { $reactors }'s readied action: its trigger happens
   *[other] attack of opportunity possible for { $reactors }: { $act ->
        [move] { $waiting } leaves square { $square }
        [shoot] { $waiting } shoots in a threatened square
        [unarmed] { $waiting } strikes unarmed
        [cast] { $waiting } casts a spell in a threatened square
        [stand] { $waiting } stands up
        [maneuver] { $waiting } attempts a combat maneuver
        [first_aid] { $waiting } gives first aid
        [coup_de_grace] { $waiting } delivers a coup de grâce
       *[other] { $trigger }
    }
 }
event-pf1-reaction-taken = { $id } { $reaction ->
    [readied] takes its readied action
   *[other] makes an attack of opportunity
 }
event-pf1-reaction-passed = { $id } lets the opportunity pass
event-pf1-window-closed = the reaction window closes
event-pf1-spell-lost = { $id } loses the spell (concentration failed)

# Summaries of the pf1-only commands (the "▸" line of the log) and of the pf1 actions.
command-coup-de-grace = { $attacker } delivers a coup de grâce to { $target }{ $has-with ->
    [yes] {" "}({ $with })
   *[no] {""}
 }
action-total-defense = total defense
action-withdraw = withdraw
action-run = run
action-charge = charge
action-aid-another = aid another
action-feint = feint
action-draw-weapon = draw a weapon
action-other = other action

# The PF1 conditions the shared catalogs do not name.
condition-bleed = bleeding
condition-confused = confused
condition-cowering = cowering
condition-dazed = dazed
condition-dazzled = dazzled
condition-entangled = entangled
condition-exhausted = exhausted
condition-fascinated = fascinated
condition-fatigued = fatigued
condition-flat-footed = flat-footed
condition-helpless = helpless
condition-nauseated = nauseated
condition-panicked = panicked
condition-pinned = pinned
condition-shaken = shaken
condition-sickened = sickened
condition-staggered = staggered

## Refusals of the pf1 rules (the command's shape)

pf1-rule-unknown-command = unknown pf1 command '{ $name }' (known: { $known })
pf1-rule-no-advantage = { $name }: field '{ $field }' is refused: pf1 has no advantage or disadvantage
pf1-rule-no-slot = { $name }: field 'slot' is refused in pf1 (the attack action is a standard action)

## Refusals of the pf1 rules (moving)

pf1-rule-step-too-slow = { $mover } cannot take a 5-foot step at a speed of { $speed } m
pf1-rule-move-too-far = { $mover } cannot reach { $square }: { $cost } m needed, { $how ->
    [crawl] crawling
    [withdraw] a withdraw
    [double] a double move
   *[run] a run
 } allows { $limit } m
pf1-rule-charge-too-far = { $mover } can charge at most { $limit } m
