# One line per event, as `combatlog log` and the shell print it: message event-<event type in kebab-case>,
# variables = the event's fields (combatant ids replaced by display names).

event-encounter-created = encounter created ({ $ruleset }, seed { $seed })
event-command-issued = ▸ { $summary }
event-undone = undoes { $count ->
    [one] command
   *[other] commands
 } #{ $txns }
event-redone = redoes { $count ->
    [one] command
   *[other] commands
 } #{ $txns }
event-reverted = reverts to event #{ $to } ({ $count ->
    [one] command undone
   *[other] commands undone
 }: { $txns })
event-combat-ended = combat ends{ $has-reason ->
    [no] {""}
   *[yes] : "{ $reason }"
 }
event-dice-left-unused = dice left unused: { $faces }{ $has-reason ->
    [no] {""}
   *[yes] {" "}({ $reason })
 }
event-combatant-added = { $id } joins the fight ({ $kind }, side { $side })
event-combatant-removed = { $id } leaves the fight
event-placed = { $id }: square { $at }
event-surprise-declared = surprised: { $ids }
event-initiative-rolled = { $set-by-dm ->
    [yes] initiative of { $ids } set to { $total }
   *[no] initiative of { $ids }: d20 { $faces }{ $why } → { $total }
 }
event-ties-ordered = ties broken: { $ids }
event-order-changed = new order: { $order }
event-combat-started = combat starts: { $order }
event-turn-started = round { $round }, { $id }'s turn
event-turn-skipped = { $id }'s turn skipped ({ $reason })
event-turn-ended = end of { $id }'s turn
event-economy-spent = { $id } uses { $resource }{ $has-by ->
    [no] {""}
   *[yes] {" "}({ $by })
 }
event-action-taken = { $id }: action { $action }{ $slot ->
    [bonus] {" "}(bonus action)
   *[other] {""}
 }
event-moved = { $forced ->
    [yes] { $id } is forced to { $to }
   *[no] { $id } moves to { $to } ({ $distance }{ $walking ->
        [yes] {""}
       *[no] , { $mode }
    })
 }
event-movement-spent = { $id } spends { $distance } of movement{ $has-reason ->
    [no] {""}
   *[yes] {" "}({ $reason })
 }
event-terrain-marked = { $kind } terrain: { $count } { $count ->
    [one] square
   *[other] squares
 }
# A rolled modifier of a d20 test (Bless +1d4, Bane -1d4): " + 1d4 [3] (Bless)".
roll-bonus = {" "}{ $sign } { $roll } { $faces } ({ $effect })
event-attack-rolled = { $attacker } attacks { $target } ({ $attack }): d20 { $faces }{ $why }{ $rolled } → { $total } vs AC { $target-ac }: { $outcome ->
    [critical] critical hit
    [hit] hit
    [auto-miss] automatic miss ({ $auto-miss })
   *[miss] miss
 }
event-attack-reevaluated = { $target }: AC { $target-ac } → { $outcome ->
    [critical] critical hit
    [hit] hit
   *[miss] miss
 }
event-saving-throw-rolled = { $has-auto-fail ->
    [no] { $id }: { $ability } save DC { $dc }{ $purpose ->
        [concentration] {" "}to keep concentrating
       *[other] {""}
    }: d20 { $faces }{ $why }{ $rolled } → { $total }, { $success ->
    [yes] success
   *[no] failure
 }
   *[yes] { $id }: { $ability } save DC { $dc }: automatic failure ({ $auto-fail })
 }
event-check-rolled = { $id }: { $what } check: d20 { $faces }{ $why } → { $total }{ $success ->
    [yes] , success (DC { $dc })
    [no] , failure (DC { $dc })
   *[none] {""}
 }
event-contest-resolved = contest: { $tie ->
    [yes] a tie, nothing changes
   *[no] { $winner } wins
 }
event-damage-taken = { $target } takes { $parts } damage (HP { $hp-before } → { $hp-after }{ $temp ->
    [yes] , temporary HP { $temp-before } → { $temp-after }
   *[no] {""}
 })
event-healed = { $target } regains { $amount } HP (HP { $hp-before } → { $hp-after })
event-temp-hp-granted = { $target }: temporary HP { $before } → { $after }
event-status-changed = { $status ->
    [dead] { $id } dies
    [dying] { $id } drops to 0 HP and makes death saves
    [stable] { $id } is stable
   *[alive] { $id } comes to
 }{ $has-reason ->
    [no] {""}
   *[yes] {" "}({ $reason })
 }
event-death-save-rolled = { $id }: death save d20 { $faces }: { $outcome ->
    [success] success
    [failure] failure
    [two-failures] natural 1, two failures
    [regains-1-hp] natural 20, regains 1 HP
    [stable] success, stable
    [dead] failure, dead
   *[other] { $outcome }
 } ({ $successes } ✓, { $failures } ✗)
event-death-save-failed = { $id }: { $count } death save { $count ->
    [one] failure
   *[other] failures
 }{ $has-reason ->
    [no] {""}
   *[yes] {" "}({ $reason })
 } ({ $successes } ✓, { $failures } ✗)
event-death-saves-reset = { $id }: death saves reset
event-condition-applied = { $immune ->
    [yes] { $target } is immune: "{ $condition }" has no effect
   *[no] { $target }: { $condition }{ $has-source ->
        [no] {""}
       *[yes] {" "}({ $source })
    }{ $has-until ->
        [no] {""}
       *[yes] , { $until }
    }
 }
event-condition-ended = { $target } is no longer { $condition }{ $has-reason ->
    [no] {""}
   *[yes] {" "}({ $reason })
 }
event-concentration-started = { $id } concentrates on "{ $effect }"
event-concentration-ended = { $id } loses concentration ("{ $effect }"){ $has-reason ->
    [no] {""}
   *[yes] : { $reason }
 }
event-effect-started = { $ac-bonus ->
    [0] { $id }: { $effect }
   *[other] { $id }: { $effect }, AC +{ $ac-bonus }
 }{ $has-until ->
    [no] {""}
   *[yes] , { $until }
 }
event-effect-ended = { $id }: end of "{ $effect }"{ $has-reason ->
    [no] {""}
   *[yes] {" "}({ $reason })
 }
event-reaction-window-opened = reaction window: { $kind ->
    [move] { $mover } leaves the reach of { $reactors }
    [attack-damage] { $attacker } hits { $target }
    [readied] the trigger of { $reactors } happens
   *[other] { $trigger }
 } → { $reactors } may react or pass
event-reaction-taken = { $id } reacts: { $reaction }
event-reaction-passed = { $id } passes
event-reaction-window-closed = reaction window closed

# Durations of conditions and effects.
until-end-of-turn = until the end of { $who }'s turn
until-start-of-turn = until the start of { $who }'s turn
until-rounds = for { $count } { $count ->
    [one] round
   *[other] rounds
 }
until-save = { $ability } save DC { $dc } at the end of each of its turns
until-concentration = while { $who } concentrates
left-rounds = { $count ->
    [one] { $count } round left
   *[other] { $count } rounds left
 }

# Reasons the rules record.
reason-dead = dead
reason-knocked-out = knocked out
reason-dropped-to-0-hp = {""}
reason-damaged-while-stable = damaged while stable
reason-critical-hit-at-0-hp = critical hit at 0 HP
reason-damage-at-0-hp = damage at 0 HP
reason-a-monster-dies-at-0-hp = a monster dies at 0 HP
reason-damage-at-0-hp-max-hp = damage at 0 HP at least equal to max HP
reason-three-death-save-failures = three death save failures
reason-three-death-save-successes = three death save successes
reason-exhaustion-level-6 = exhaustion level 6
reason-regained-hit-points = regained hit points
reason-natural-20-on-a-death-save = natural 20 on a death save
reason-hit-point-maximum-halved-exhaustion = hit point maximum halved (exhaustion)
reason-not-needed-once-the-reaction-was-resolved = not needed once the reaction was resolved
reason-the-spell-was-countered = the spell was countered
reason-stand-up = standing up
reason-saving-throw-succeeded = saving throw succeeded
reason-removed-by-the-dm = removed by the DM
reason-escaped = escaped
reason-stood-up = stood up
reason-attacked-position-revealed = attacked: position revealed
reason-used-on-a-check = used on a check
reason-used-on-an-attack = used on an attack
reason-the-attack-is-resolved = the attack is resolved
reason-released = released
reason-incapacitated = incapacitated
reason-died = died
reason-damage-dice-thrown-with-a-missed-attack = damage dice thrown with a missed attack
reason-fell-unconscious = fell unconscious
reason-failed-its-concentration-save = failed its concentration save
reason-ended-by-choice = ended by choice
reason-started-concentrating-on-something-else = started concentrating on something else
reason-readied-action-released = readied action released
reason-dropped-prone = dropped prone
reason-surprised = surprised
reason-readied-move = readied move
reason-start-of-turn = start of { $who }'s turn
reason-end-of-turn = end of { $who }'s turn
reason-rounds-elapsed = { $count } { $count ->
    [one] round
   *[other] rounds
 } elapsed
reason-incapacitated-grappler = { $who } is incapacitated
reason-creature-died = { $who } died
reason-first-aid = first aid from { $who }
reason-stabilized-by = stabilized by { $who }
reason-concentration-of = { $who }'s concentration ended
reason-massive-damage = massive damage: { $over } left over for { $max } max HP
by-creature = by { $who }
reason-0-hp = 0 HP
reason-beyond-long-range = beyond long range
reason-underwater-beyond-normal-range = underwater, beyond normal range
reason-woke-up = woke up
reason-disabled-strain = disabled strain
reason-casting-defensively = casting defensively
reason-hurt-while-casting = hurt while casting
reason-unconscious = unconscious
# Why a d20 roll had advantage or disadvantage, after its faces (the reasons' words: tr-source-* in transcript.ftl).
event-roll-why = { $has_advantage ->
    [yes] { $has_disadvantage ->
        [yes] {" "}(advantage: { $advantage }; disadvantage: { $disadvantage }; they cancel out)
       *[no] {" "}(advantage: { $advantage })
    }
   *[no] {" "}(disadvantage: { $disadvantage })
 }
event-roll-help = help from { $helper }
event-hidden-changed = { $id } { $shown ->
    [hidden] hidden from the players
   *[revealed] revealed to the players
 }

# Reason codes added when events stopped storing English sentences (events/reasons.py).
reason-left-the-fight = { $who } left the fight
reason-out-of-reach = out of { $who }'s reach
reason-ended-turn-in-space = ended its turn in { $who }'s space
reason-nobody-healed-or-stabilized-it-within-5-rounds-after-the-combat = nobody healed or stabilized it within 5 rounds after the combat
reason-took-damage = took damage
reason-readied-action-given-up = readied action given up
reason-its-held-spell-is-lost = its held spell is lost
reason-passed-the-readied-action-is-spent = passed: the readied action is spent
reason-failed-to-cast-defensively = failed to cast defensively
reason-hurt-by-an-attack-of-opportunity = hurt by an attack of opportunity
reason-cannot-act = { $who } can no longer act
reason-coup-de-grace-already-dead = coup de grâce: { $who } is already dead
reason-attack-target-dead = attack { $count } ({ $attack }): { $who } is dead
