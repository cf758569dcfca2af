# Transcripts (export --format md|html|json): the sentences shared by the document's structure.
# Noun phrases come ready-made as variables: $who-subj ("The goblin"), $who-obj ("the goblin"),
# $who-poss ("the goblin's"), $who-poss-cap ("The goblin's"); lists as $people-obj.

tr-title = Combat
tr-subtitle = Combat transcript — { $ruleset }
tr-round = Round { $number }
tr-turn = { $who-poss-cap } turn
tr-skipped = { $dead ->
    [yes] { $who-subj } is dead: turn skipped.
   *[no] { $who-poss-cap } turn is skipped ({ $reason }).
 }
tr-initiative = { $count ->
    [1] Initiative for { $people-obj }{ $mode }: { $roll }.
   *[other] Shared initiative for { $people-obj }{ $mode }: { $roll }.
 }
tr-initiative-set = The DM sets the initiative of { $people-obj } to { $total }.
tr-order = Initiative order: { $items }.
tr-then = then
tr-ties = The DM breaks the tie: { $people }.
tr-order-changed = New initiative order: { $items }.
tr-surprise = Surprise: { $people-obj } { $count ->
    [1] is
   *[other] are
 } caught off guard.
tr-joins = { $who-subj } joins the fight.
tr-leaves = { $who-subj } leaves the fight.
tr-placed = The DM places { $who-obj } at { $square }.
tr-terrain = { $kind ->
    [difficult] The DM marks { $count } { $count ->
        [1] square
       *[other] squares
    } as difficult terrain.
   *[other] The DM clears { $count } { $count ->
        [1] square
       *[other] squares
    } back to normal terrain.
 }
tr-forced = Forced movement: { $who-obj } ends up at { $square }.
tr-stand = { $who-subj } stands up ({ $distance } of movement).
tr-movement-spent = { $who-subj } spends { $distance } of movement ({ $reason }).
tr-reevaluated = { $who-poss-cap } AC is now { $ac }: the attack { $hit ->
    [yes] still hits
   *[no] misses after all
 }.
tr-contest-head = Contest between { $first-obj } and { $second-obj }.
tr-contest = { $tie ->
    [yes] Tie ({ $first-total } each): nothing changes.
   *[no] { $winner-subj } wins ({ $first-total } to { $second-total }).
 }
tr-hide = { $who-subj } tries to hide.
tr-attack-lands = { $attacker-poss-cap } attack on { $target-obj } lands.
tr-heal = { $who-subj } regains { $amount } HP{ $natural ->
    [yes] {" "}(natural 20)
   *[no] { $has-roll ->
        [yes] {" "}({ $roll })
       *[no] {""}
    }
 }; HP { $before } → { $after }.
tr-dying = { $saves ->
    [no] { $reason ->
        [damaged-while-stable] { $who-subj } is no longer stable: it must be stabilized again.
       *[other] { $who-subj } drops to 0 HP: unconscious, dying until healed or stabilized.
    }
   *[yes] { $reason ->
        [damaged-while-stable] { $who-subj } is no longer stable: death saving throws start again.
       *[other] { $who-subj } drops to 0 HP and is dying.
    }
 }
tr-stable = { $reason ->
    [knocked-out] { $who-subj } is knocked out, but stable.
    [three-death-save-successes] { $who-subj } is stable (three successes).
   *[other] { $who-subj } is stable.
 }
tr-max-hp-halved = { $who-poss-cap } HP maximum is halved: HP reduced to { $hp }.
tr-death-saves-reset = { $who-poss-cap } death saving throws are reset.
tr-concentration-start = { $who-subj } concentrates on { $effect }.
tr-passes = { $who-subj } does not react.
tr-unused-dice = { $reason ->
    [damage-dice-thrown-with-a-missed-attack] Damage dice thrown with the d20 and set aside: { $faces } (the attack missed).
   *[other] Dice typed in but not used: { $faces } (no longer needed after the reaction).
 }
tr-note = DM's note: “{ $text }”
tr-separator = {"; "}
tr-undo = Undone by the DM: { $summaries }.
tr-redo = Redone by the DM: { $summaries }.
tr-revert = The DM goes back to event { $to }: { $count } { $count ->
    [1] command
   *[other] commands
 } undone.
tr-undone-mark = undone
tr-structural = { $kind ->
    [start] Combat starts.
    [turn-end] End of { $who-poss } turn.
    [turn-start] { $who-poss-cap } turn starts (round { $number }).
   *[other] { $who-poss-cap } turn is skipped (round { $number }).
 }
tr-ended = { $has-reason ->
    [yes] The DM ends the fight: { $reason }.
   *[no] The DM ends the fight.
 }

# Headings and tables.
tr-label-cast = Combatants
tr-label-combatant = Combatant
tr-label-side = Side
tr-label-kind = Kind
tr-label-ac = AC
tr-label-hp_start = HP at start
tr-label-setup = Before combat
tr-label-end = End of combat
tr-label-final = Final state
tr-label-hp = HP
tr-label-status = Status
tr-label-conditions = Conditions
tr-label-pc = PC
tr-label-monster = monster
tr-label-undone_shown = Commands undone by the DM are shown struck through.
tr-label-seq = event
tr-label-alive = alive
tr-label-dying = dying
tr-label-stable = stable
tr-label-dead = dead
tr-label-nothing = Nothing recorded this turn.
tr-label-left = left the fight

# Rolls, damage and hit points.
tr-kept = { $first } and { $second }, kept { $natural }
tr-mode = { $kind ->
    [both] {" "}(advantage: { $advantage }; disadvantage: { $disadvantage }; they cancel out)
    [advantage] {" "}with advantage ({ $advantage })
    [disadvantage] {" "}with disadvantage ({ $disadvantage })
   *[none] {""}
 }
tr-attack-roll = Attack roll{ $mode }: { $roll } vs AC { $ac } — { $outcome }.
tr-special = { $purpose ->
    [grapple] { $attacker-subj } tries to grapple { $target-obj }.
    [push] { $attacker-subj } tries to shove { $target-obj } away.
   *[prone] { $attacker-subj } tries to shove { $target-obj } prone.
 }
tr-save = { $who-subj } makes a DC { $dc } { $ability } saving throw{ $why }{ $mode }: { $roll } — { $success ->
    [yes] success
   *[no] failure
 }.
tr-damage = Damage{ $critical ->
    [yes] {" "}(critical hit: dice doubled)
   *[no] {""}
 }: { $parts }{ $several ->
    [yes] , { $total } in all
   *[no] {""}
 }
tr-hp = { $who-display }: { $temp ->
    [yes] temporary HP { $temp-before } → { $temp-after },{" "}
   *[no] {""}
 }HP { $before } → { $after }
tr-damage-alone = { $who-subj } takes damage. { $line }; { $hp }.
tr-temp-hp = { $kept ->
    [yes] { $who-subj } keeps { $before } temporary HP (the new { $amount } do not stack).
   *[no] { $who-subj } gains { $amount } temporary HP (temporary HP { $before } → { $after }).
 }

# Movement, attacks, death, effects.
tr-route = { $has-start ->
    [yes] from { $start } to { $end }
   *[no] to { $end }
 }
tr-moved = { $how ->
    [teleport] { $who-subj } teleports to { $end }.
    [resumed] { $who-subj } keeps moving: { $distance } { $route }.
    [reaction] { $who-subj } moves with their reaction, { $route }.
   *[other] { $who-subj } { $mode ->
        [crawl] crawls
        [fly] flies
        [swim] swims
        [climb] climbs
       *[other] moves
    } { $distance } { $route }.
 }
tr-attack = { $opportunity ->
    [yes] { $attacker-subj } makes an opportunity attack against { $target-obj } with { $weapon }
   *[no] { $attacker-subj } attacks { $target-obj } with { $weapon }
 }{ $nonlethal ->
    [yes] {" "}(nonlethal)
   *[no] {""}
 }.
tr-dies = { $reason ->
    [massive] { $who-subj } dies outright (massive damage: { $over } left over, max HP { $max }).
    [a-monster-dies-at-0-hp] { $who-subj } dies.
    [three-death-save-failures] { $who-subj } dies (three failed death saving throws).
    [damage-at-0-hp-max-hp] { $who-subj } dies (damage at 0 HP at least equal to the HP maximum).
    [exhaustion-level-6] { $who-subj } dies (exhaustion level 6).
    [none] { $who-subj } dies.
   *[other] { $who-subj } dies ({ $text }).
 }
tr-death-save = { $who-subj } makes a death saving throw: { $roll } — { $outcome ->
    [success] success
    [failure] failure
    [two-failures] natural 1: two failures
    [regains-1-hp] natural 20
    [stable] success
    [dead] failure
   *[other] { $text }
 }{ $outcome ->
    [regains-1-hp] {""}
   *[other] {" "}({ $successes } { $successes ->
        [1] success
       *[other] successes
    }, { $failures } { $failures ->
        [1] failure
       *[other] failures
    })
 }.
tr-death-save-failed = { $critical ->
    [yes] Critical hit at 0 HP
   *[no] Damage at 0 HP
 }: { $who-obj } suffers { $count ->
    [1] one death saving throw failure
   *[other] { $count } death saving throw failures
 } ({ $successes } { $successes ->
    [1] success
   *[other] successes
 }, { $failures } { $failures ->
    [1] failure
   *[other] failures
 }).
tr-concentration-end = { $who-subj } loses concentration ({ $effect }){ $has-text ->
    [yes] : { $text }
   *[no] {""}
 }.
tr-effect-started = { $bonus ->
    [0] { $who-subj }: { $name }{ $until }.
   *[other] { $name }: +{ $bonus } AC for { $who-obj }{ $has-until ->
        [yes] { $until }
       *[no] {" "}against this attack
    }.
 }
tr-reacts = { $readied ->
    [yes] { $who-subj } reacts: their readied action goes off.
   *[no] { $who-subj } reacts: { $reaction }.
 }
