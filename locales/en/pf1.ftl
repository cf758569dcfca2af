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

# The labels of roll modifiers (Pf1ManeuverRolled, Pf1AttackRolled `modifiers`); a label the table typed shows as is.
pf1-modifier = { $label ->
    [aoo_damage] damage from the attack of opportunity
    [range] range
    [shooting_into_melee] shooting into melee
    [flanking] flanking
    [charge] charge
    [fighting_defensively] fighting defensively
    [nonlethal] nonlethal
    [prone] prone
    [helpless_target] helpless target
    [invisible] invisible
    [fear] fear
    [sickened] sickened
    [dazzled] dazzled
    [grappled] grappled
    [entangled] entangled
    [aid_another] aid another
   *[other] { $label }
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
    [yes] takes a 5-foot step ({ DISTANCE($metres) })
   *[no] { $forced ->
        [yes] is moved
       *[no] moves { DISTANCE($metres) }
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
event-pf1-effect-ended = { $id }: { $effect ->
    [total_defense] total defense
    [fighting_defensively] fighting defensively
    [charging] the charge
    [running] the run
    [withdrawing] the withdrawal
    [readied] the readied action
    [aid_attack] the aid (attack)
    [aid_ac] the aid (AC)
    [feint] the feint
   *[other] { $effect }
 } ends
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
event-pf1-maneuver-rolled = { $attacker }'s combat maneuver on { $target } ({ $maneuver ->
    [bull_rush] bull rush
    [dirty_trick] dirty trick
   *[other] { $maneuver }
 }): d20 { $d20 } + CMB { $cmb }{ $modifiers } = { $total } vs CMD { $cmd } → { $automatic ->
    [unconscious] automatic success (the target is unconscious: as a natural 20)
    [paralyzed] automatic success (the target is paralyzed: as a natural 20)
    [petrified] automatic success (the target is petrified: as a natural 20)
    [helpless] automatic success (the target is helpless: as a natural 20)
   *[other] { $success ->
        [yes] success
       *[no] failure
    }
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
       *[other] { $waiting }: { $act }
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

pf1-rule-step-too-slow = { $mover } cannot take a 5-foot step at a speed of { DISTANCE($speed) }
pf1-rule-move-too-far = { $mover } cannot reach { $square }: { DISTANCE($cost) } needed, { $how ->
    [crawl] crawling
    [withdraw] a withdraw
    [double] a double move
   *[run] a run
 } allows { DISTANCE($limit) }
pf1-rule-charge-too-far = { $mover } can charge at most { DISTANCE($limit) }

## Refusals of the pf1 rules

pf1-rule-already-took-5-foot-step-this = { $mover } already took its 5-foot step this turn
pf1-rule-cannot-take-5-foot-step-already = { $mover } cannot take a 5-foot step: it already moved this turn
pf1-rule-not-map-place-first = { $mover } is not on the map: place it first
pf1-rule-5-foot-step-one-square-not = a 5-foot step is one square: { $position } to { $square } is not
pf1-rule-cannot-take-5-foot-step-into = { $mover } cannot take a 5-foot step into difficult terrain { $square }
pf1-rule-occupied = { $square } is occupied by { $blocker }
pf1-rule-move-needs-path-squares = a move needs a path of squares
pf1-rule-took-5-foot-step-this-turn = { $mover } took a 5-foot step this turn: it cannot move any other distance (PRD 5-Foot Step)
pf1-rule-cannot-move-speed-0 = { $mover } cannot move (speed 0)
pf1-rule-cannot-end-move-s-square = { $mover } cannot end its move in { $blocker }'s square { $end }
pf1-rule-must-move-least-3-m-charge = { $mover } must move at least { DISTANCE($least) } to charge
pf1-rule-s-charge-must-end-where-can = { $mover }'s charge must end where it can attack { $target }
pf1-rule-s-charge-must-stop-first-square = { $mover }'s charge must stop at { $early }, the first square from which it can attack { $target }
pf1-rule-unknown-pf1-action-known = unknown pf1 action '{ $name }' (known: { $actions })
pf1-rule-feint-needs-target = feint needs a 'target'
pf1-rule-cannot-feint-itself = { $creature } cannot feint itself
pf1-rule-has-no-intelligence-feint-cannot-fool = { $target } has no Intelligence: a feint cannot fool it
pf1-rule-already-prone = { $creature } is already prone
pf1-rule-not-grappled = { $creature } is not grappled
pf1-rule-unknown-pf1-condition-known = unknown pf1 condition '{ $name }' (known: { $conditions })
pf1-rule-cannot-step-from-squares-must-adjacent = { $mover } cannot step from { $position } to { $square }: squares must be adjacent
pf1-rule-cannot-pass-through-s-square = { $mover } cannot pass through { $blocker }'s square { $square }
pf1-rule-occupied-2 = { $path } is occupied by { $blocker }
pf1-rule-5-foot-step-path-exactly-one = a 5-foot step is a path of exactly one square
pf1-rule-prone-stand-up-first-crawl-mode = { $mover } is prone: stand up first, or crawl (mode crawl)
pf1-rule-cannot-charge-through-difficult-terrain = { $mover } cannot charge through difficult terrain
pf1-rule-each-square-charge-must-bring-closer = each square of a charge must bring { $mover } closer to { $target } ({ $square } does not)
pf1-rule-cannot-act-now = { $creature } cannot act now
pf1-rule-cannot-act = { $creature } cannot act
pf1-rule-fighting-defensively-no-total-defense-this = { $creature } is fighting defensively: no total defense this turn
pf1-rule-cannot-run-may-take-only-one = { $creature } cannot run: it may take only one standard or move action this turn
pf1-rule-cannot-already-moved-this-turn = { $creature } cannot { $name }: it already moved this turn
pf1-rule-spell-takes-standard-swift-immediate-full = a spell takes a standard, swift, immediate or full-round action, not { $slot }
pf1-rule-aid-another-needs-attack-ac = aid_another needs 'on': attack or ac
pf1-rule-not-prone = { $creature } is not prone
pf1-rule-neither-dying-nor-bleeding = { $target } is neither dying nor bleeding ({ $status })
pf1-rule-cannot-charge-through = { $mover } cannot charge through { $other }
pf1-rule-cannot-charge = { $creature } cannot charge { $target }
pf1-rule-prone-cannot-charge = { $creature } is prone: it cannot charge
pf1-rule-runs-straight-line = { $mover } runs in a straight line
pf1-rule-cannot-run-through-difficult-terrain = { $mover } cannot run through difficult terrain
pf1-rule-already-dead = { $target } is already dead ({ $attack })
pf1-rule-has-total-cover-cannot-targeted = { $target } has total cover: it cannot be targeted
pf1-rule-cannot-reach = { $attacker } cannot reach { $target } with { $attack }
pf1-rule-prone-no-ranged-attack-except-crossbow = { $attacker } is prone: no ranged attack except with a crossbow
pf1-rule-has-no-attack-known = { $attacker } has no attack '{ $attack_id }' (known: { $has-known ->
    [yes] { $known }
   *[no] none
 })
pf1-rule-total-defense-cannot-also-fight-defensively = { $attacker } is in total defense: it cannot also fight defensively
pf1-rule-unknown-maneuver-known = unknown maneuver '{ $maneuver }' (known: { $maneuvers })
pf1-rule-out-range-m-most-increments-m = { $target } is out of range of { $attack }: { DISTANCE($distance) }, at most { $limit } increments of { DISTANCE($range_increment) }
pf1-rule-already-dead-2 = { $target } is already dead
pf1-rule-not-helpless-no-coup-de-gr = { $target } is not helpless: no coup de grâce
pf1-rule-cannot-deliver-coup-de-gr-ce = { $attacker } cannot deliver a coup de grâce: it already moved this turn (a full-round action)
pf1-rule-has-no-attack = { $attacker } has no attack
pf1-rule-full-attack-allows-most-one-5 = a full attack allows at most one 5-foot step
pf1-rule-full-attack-needs-target-attacks = full_attack needs a 'target' or 'attacks'
pf1-rule-cannot-full-attack-already-moved-this = { $attacker } cannot full_attack: it already moved this turn (only a 5-foot step is allowed)
pf1-rule-already-took-5-foot-step = { $attacker } already took its 5-foot step
pf1-rule-attack-full-attack-already-dead-aim = attack { $index } ({ $name }) of the full attack: { $target } is already dead; aim it elsewhere
pf1-rule-cannot = { $attacker } cannot { $maneuver } { $target }
pf1-rule-s-does-not-reach = { $reactor }'s { $profile } does not reach { $provoker }
pf1-rule-has-no-melee-attack-reaching = { $reactor } has no melee attack reaching { $provoker }
pf1-rule-coup-de-gr-ce-needs-adjacent = a coup de grâce with { $profile } needs { $target } adjacent
pf1-rule-cannot-reach-2 = { $attacker } cannot reach { $target } with { $profile }
pf1-rule-charged-charge-attack-must-target = { $attacker } charged { $value }: the charge attack must target it
pf1-rule-charge-ends-melee-attack = a charge ends in a melee attack
pf1-rule-gets-attack = { $attacker } gets { $count } { $count ->
    [0] attack
    [one] attack
   *[other] attacks
 } with { $name }: { $listed }
pf1-rule-cannot-reach-3 = { $attacker } cannot reach { $target }
pf1-rule-has-no-melee-attack = { $attacker } has no melee attack
pf1-rule-gets-off-hand-attack = { $attacker } gets { $count } off-hand { $count ->
    [0] attack
    [one] attack
   *[other] attacks
 }
pf1-rule-makes-each-natural-attack-once = { $attacker } makes each natural attack once ({ $with_ })
pf1-rule-full-attack-each-attack-target-maneuver = full_attack: each attack is {"{"}with, target{"}"}, {"{"}maneuver, target{"}"} or {"{"}five_foot_step{"}"}, not { $keys }
pf1-rule-only-disarm-sunder-trip-may-replace = only disarm, sunder or trip may replace an attack (not { $maneuver })
pf1-rule-unknown-action-slot = unknown action slot '{ $slot }'
pf1-rule-square-x-y-whole-numbers-not = { $what }: a square is [x, y] (whole numbers), not { $value }
pf1-rule-must-id-text-not = { $what } must be an id (text), not { $value }
pf1-rule-not-its-turn = { $creature } cannot { $what }: { $has-turn ->
    [yes] it is { $turn }'s turn
   *[no] combat has not started
 }
pf1-rule-cannot-cannot-act = { $creature } cannot { $what }: it cannot act ({ $why })
pf1-rule-action-already-spent = { $creature } cannot { $by }: its { $slot ->
    [full_round] full-round
   *[other] { $slot }
 } action was already spent ({ $spent_by })
pf1-rule-unknown-save-pf1-saves-fort-ref = unknown save '{ $ability }' (pf1 saves: fort, ref, will)
pf1-rule-no-named = no { $role } named
pf1-rule-there-no-combatant-known = there is no combatant '{ $cid }' (known: { $has-known ->
    [yes] { $known }
   *[no] none yet
 })
pf1-rule-cannot-already-took-immediate-action-this = { $creature } cannot { $by }: it already took an immediate action this round
pf1-rule-cannot-may-take-only-one-standard = { $creature } cannot { $by }: it may take only one standard or move action this turn ({ $move })
pf1-rule-cannot-may-take-only-one-standard-2 = { $creature } cannot { $by }: it may take only one standard or move action this turn ({ $value })
pf1-rule-cannot-may-take-only-one-standard-3 = { $creature } cannot { $by }: it may take only one standard or move action this turn
pf1-rule-cannot-during-phase = cannot { $name } during the { $phase } phase
pf1-rule-no-creature-can-take-turn-all = no creature can take a turn (all dead?): use 'end'
pf1-rule-this-log-already-holds-encounter-create = this log already holds an encounter: 'create' must be its first command
pf1-rule-concentrate-refused-pf1-no-5e-style = concentrate is refused in pf1 (no 5e-style concentration)
pf1-rule-cannot-now-attack-opportunity-window-open = cannot { $name } now: an attack-of-opportunity window is open ({ $trigger }); waiting for { $reactors } to react or pass
pf1-rule-cannot-now-dying-must-roll-stabilization = cannot { $name } now: { $turn } is dying and must roll its stabilization check (death_save) first
pf1-rule-cannot-combat-has-not-started-use = cannot { $name }: combat has not started (use 'start')
pf1-rule-cannot-combat-has-ended = cannot { $name }: combat has ended
pf1-rule-there-already-combatant = there is already a combatant '{ $command }'
pf1-rule-combatant-id-must-letters-digits = combatant id '{ $command }' must be letters, digits, - or _
pf1-rule-add-takes-stats-template-not-both = add takes 'stats' or 'template', not both
pf1-rule-needs-stats-template = { $command } needs 'stats' or a 'template'
pf1-rule-cannot-removed-during-own-turn-end = { $creature } cannot be removed during its own turn (end_turn first)
pf1-rule-occupied-3 = [{ $at0 },{ $at1 }] is occupied by { $blocker }
pf1-rule-roll-off-needs-least-two-different = roll_off needs at least two different ids
pf1-rule-order-lists-combatant-twice = order lists a combatant twice
pf1-rule-during-combat-order-must-list-every = during combat, order must list every combatant of the order
pf1-rule-no-combatants-yet-add-some-first = no combatants yet: add some first
pf1-rule-no-initiative-yet = no initiative yet for { $missing }
pf1-rule-initiative-tied-total-modifier-settle-roll = initiative tied on total and modifier: { $names } (settle it with roll_off or order)
pf1-rule-nobody-initiative-order = nobody is in the initiative order
pf1-rule-cannot-roll-now-s-stabilization-check = { $creature } cannot roll now: it is { $turn }'s stabilization check
pf1-rule-damage-needs-target-targets = damage needs a 'target' or 'targets'
pf1-rule-target-listed-twice = a target is listed twice
pf1-rule-damage-needs-exactly-one-amount-roll = damage needs exactly one of 'amount' or 'roll'
pf1-rule-damage-cannot-negative = damage cannot be negative ({ $amount })
pf1-rule-multiplier-runs-from-2-6 = multiplier runs from 2 to 6
pf1-rule-heal-needs-exactly-one-amount-roll = heal needs exactly one of 'amount' or 'roll'
pf1-rule-dead-healing-does-not-bring-back = { $target } is dead: healing does not bring it back
pf1-rule-healing-cannot-negative = healing cannot be negative ({ $amount })
pf1-rule-temporary-hit-points-cannot-negative = temporary hit points cannot be negative
pf1-rule-check-needs-ability-skill = check needs an 'ability' or a 'skill'
pf1-rule-has-no-skill-stats-known = { $creature } has no skill '{ $skill }' in its stats (known: { $has-known ->
    [yes] { $known }
   *[no] none
 })
pf1-rule-condition-needs-exactly-one-add-remove = condition needs exactly one of 'add' or 'remove'
pf1-rule-has-no-remove = { $target } has no { $name } to remove
pf1-rule-unknown-duration = unknown duration { $spec }
pf1-rule-has-no-readied-action = { $readier } has no readied action
pf1-rule-cannot-trigger-readied-action-own-turn = { $readier } cannot trigger its readied action on its own turn
pf1-rule-cannot-act-now-2 = { $readier } cannot act now
pf1-rule-has-no-readied-action-waiting-this = { $reactor } has no readied action waiting on this window
pf1-rule-may-not-react-now-waiting = { $command } may not react now: waiting for { $reactors } ({ $trigger })
pf1-rule-pf1-reactions-opportunity-attack-readied-not = pf1 reactions: 'opportunity_attack' or 'readied' (not { $with_ })
pf1-rule-this-window-s-readied-trigger-answer = this window is { $waiting }'s readied trigger: answer with 'readied' or pass
pf1-rule-may-not-pass-now-waiting = { $command } may not pass now: waiting for { $reactors }
pf1-rule-there-no-pf1-creature-template = there is no pf1 creature template '{ $template }'
pf1-rule-initiative-takes-value-dice-not-both = initiative takes 'value' or 'dice', not both
pf1-rule-roll-off-does-not-settle-type = the roll-off does not settle: type the order with 'order'
pf1-rule-already-dead-3 = { $tid } is already dead
pf1-rule-unknown-ability = unknown ability '{ $ability }'
pf1-rule-creature-cannot-oppose-itself = a creature cannot oppose itself
pf1-rule-amount-hp-bleed-costs-each-turn = 'amount' is the HP a bleed costs each turn: only with { $add }, 0 or more
pf1-rule-duration-rounds-too-short = a duration of { $rounds } rounds is too short
pf1-rule-save-duration-needs-ability-dc = a save duration needs { $keys }
pf1-rule-s-readied-move-has-no-path = { $reactor }'s readied move has no path
pf1-rule-s-readied-move-longer-than-speed = { $reactor }'s readied move is longer than its speed
pf1-rule-waiting-command = the waiting command: { $error }
pf1-rule-unknown-duration-use-end-turn-start = unknown duration '{ $until }': use end_of_turn, start_of_turn, rounds or save
pf1-rule-stats-must-object = { $who }: stats must be an object
pf1-rule-pf1-ac-object-armor-shield-natural = { $who }: in pf1 'ac' is an object (armor, shield, natural, deflection, dodge, misc, max_dex), not a number
pf1-rule-stats-field = { $who }: stats field '{ $bad0 }': { $bad1 }
pf1-rule-max-hp-must-least-1 = { $who }: max_hp must be at least 1
pf1-rule-hp-above-max-hp = { $who }: hp { $hp } is above max_hp { $max_hp }
pf1-rule-hp-below-death-threshold = { $who }: hp { $hp } is at or below the death threshold { $stats }
pf1-rule-unknown-pf1-damage-type-known = unknown pf1 damage type '{ $name }' (known: { $damage_types })
pf1-rule-stats-key-has-no-meaning-pf1 = { $who }: stats key '{ $key }' has no meaning in pf1{ $key ->
    [resistances] { " (use 'energy_resistance')" }
   *[other] {""}
 }
pf1-rule-stats = { $who }: stats: { $reason }
pf1-rule-ranged-attack-needs-range-increment = { $who }: ranged attack '{ $attack }' needs a range_increment
pf1-rule-attack-crit-range-runs-2-20 = { $who }: attack '{ $attack }': crit_range runs 2..20 and crit_multiplier 2..6
pf1-rule-unknown-maneuver-known-2 = { $who }: unknown maneuver '{ $maneuver }' (known: { $maneuvers })
pf1-rule-attack = { $who }: attack '{ $attack }': { $error }
# The dice a command was given and did not use (the English is the dice's own message).
pf1-rule-dice-not-used = { $error }

# What opened an attack-of-opportunity window, inside a refusal ($act: what provoked; ids as the log names them).
pf1-window-trigger = { $act ->
    [move] { $waiting } leaves { $square }
    [cast] { $waiting } casts a spell
    [stand] { $waiting } stands up
    [first_aid] { $waiting } gives first aid to { $target }
    [coup_de_grace] { $waiting } delivers a coup de grâce to { $target }
    [shoot] { $waiting } shoots with { $using }
    [unarmed] { $waiting } strikes unarmed
    [maneuver] { $waiting } attempts { $using } on { $target }
    [readied] { $readier }'s trigger: { $text }
   *[other] { $waiting }: { $act }
 }
