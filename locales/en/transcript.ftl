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
tr-label-undone = undone
tr-label-dice_typed = dice typed by the table
tr-label-dice_rolled = dice rolled by the engine

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
tr-damage-line = { $line }; { $hp }.
tr-sentence = { $text }.
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

# Attack outcomes, actions, reaction windows.
tr-outcome = { $kind ->
    [auto-miss] automatic miss ({ $text })
    [critical-natural] critical hit (natural 20)
    [critical-auto] automatic critical hit ({ $cause ->
        [target-unconscious] target unconscious within { DISTANCE($within) }
        [target-paralyzed] target paralyzed within { DISTANCE($within) }
       *[none] within { DISTANCE($within) }
    })
    [hit] hit
   *[miss] { $natural-one ->
        [yes] miss (natural 1)
       *[no] miss
    }
 }
tr-action-name = { $action ->
    [dash] Dash
    [disengage] Disengage
    [dodge] Dodge
    [help] Help
    [hide] Hide
    [ready] Ready
    [search] Search
    [magic] { $edition ->
        [2014] Cast a Spell
       *[other] Magic
    }
    [influence] Influence
    [study] Study
    [utilize] { $edition ->
        [2014] Use an Object
       *[other] Utilize
    }
    [escape] Escape
   *[other] { $raw }
 }
tr-action = { $how ->
    [first-aid] { $who-subj } tries to stabilize { $target-obj } (first aid).
    [help] { $who-subj } takes the Help action{ $bonus ->
        [yes] {" "}as a bonus action
       *[no] {""}
    }{ $has-ally ->
        [yes] {" "}to help { $ally-obj }
       *[no] {""}
    }{ $has-against ->
        [yes] {" "}against { $against-obj }.
       *[no] .
    }
    [ready] { $who-subj } takes the { $name } action{ $bonus ->
        [yes] {" "}as a bonus action
       *[no] {""}
    }: trigger “{ $trigger }”.
    [dash] { $who-subj } takes the { $name } action{ $bonus ->
        [yes] {" "}as a bonus action
       *[no] {""}
    } (+{ $distance } of movement).
    [escape] { $who-subj } tries to break free.
   *[other] { $who-subj } takes the { $name } action{ $bonus ->
        [yes] {" "}as a bonus action
       *[no] {""}
    }.
 }
tr-window = Reaction window{ $kind ->
    [move] : { $mover-obj } leaves { $count ->
        [1] { $first-poss } reach
       *[other] the reach of { $reactors-obj }
    };
    [attack-damage] : { $attacker-obj } hits { $target-obj };
    [readied] : { $first-poss } trigger happens{ $has-trigger ->
        [yes] {" "}(“{ $trigger }”)
       *[no] {""}
    };
   *[other] ;
 } { $reactors-obj } can react{ $kind ->
    [attack-damage] {" "}before damage.
   *[other] .
 }

# Sources of advantage and disadvantage as the rules label them, and damage types after a number.
tr-source-dm = DM's call
tr-source-long-range = long range
tr-source-ranged-attack-with-a-hostile-creature-within-1-5-m = ranged attack with a hostile creature within { DISTANCE($within) }
tr-source-cannot-see-the-target = cannot see the target
tr-source-target-invisible = target invisible
tr-source-target-cannot-see-the-attacker = target cannot see the attacker
tr-source-attacker-invisible = attacker invisible
tr-source-attacker-prone = attacker prone
tr-source-attacker-restrained = attacker restrained
tr-source-grappled-attacking-another-creature = grappled, attacking another creature
tr-source-target-prone-within-1-5-m = target prone within { DISTANCE($within) }
tr-source-target-prone-beyond-1-5-m = target prone, beyond { DISTANCE($within) }
tr-source-target-restrained = target restrained
tr-source-target-paralyzed = target paralyzed
tr-source-target-stunned = target stunned
tr-source-target-unconscious = target unconscious
tr-source-target-petrified = target petrified
tr-source-target-dodging = target dodging
tr-source-underwater-melee = underwater melee
tr-source-underwater-ranged = underwater ranged
tr-source-poisoned = poisoned
tr-source-frightened = frightened
tr-source-surprised = surprised
tr-source-incapacitated = incapacitated
tr-source-invisible = invisible
tr-source-dodging = dodging
tr-source-restrained = restrained
tr-damage-after-acid = acid
tr-damage-after-bludgeoning = bludgeoning
tr-damage-after-cold = cold
tr-damage-after-fire = fire
tr-damage-after-force = force
tr-damage-after-lightning = lightning
tr-damage-after-necrotic = necrotic
tr-damage-after-piercing = piercing
tr-damage-after-poison = poison
tr-damage-after-psychic = psychic
tr-damage-after-radiant = radiant
tr-damage-after-slashing = slashing
tr-damage-after-thunder = thunder

# What an undo took back: a short name for a command.
tr-summary = { $do ->
    [attack] { $attacker-poss } attack on { $target-obj } ({ $weapon-lower })
    [move] { $id-poss } move
    [shove] { $attacker-poss } shove against { $target-obj }
    [grapple] { $attacker-poss } grapple against { $target-obj }
    [damage] the damage dealt to { $targets-obj }
    [heal] { $target-poss } healing
    [temp_hp] { $target-poss } temporary HP
    [condition] { $adding ->
        [yes] the { $condition } condition on { $target-obj }
       *[no] removing the { $condition } condition from { $target-obj }
    }
    [end_turn] the end of the turn
    [save] { $id-poss } saving throw
    [check] { $id-poss } check
    [death_save] { $id-poss } death saving throw
    [stabilize] { $id-poss } first aid to { $target-obj }
    [stand] { $id-obj } standing up
    [react] { $id-poss } reaction
    [pass] { $id-obj } declining to react
    [initiative] { $id-poss } initiative
    [action] { $id-poss } { $action } action
    [add] { $id-obj } joining
    [remove] { $id-obj } leaving
    [place] placing { $id-obj }
    [start] the start of combat
    [end] the end of combat
   *[other] the “{ $raw-do }” command
 }

# How long a condition lasts, and why it ended.
tr-until = { $kind ->
    [this-turn] {" "}until the end of this turn
    [end-own] {" "}until the end of their next turn
    [start-own] {" "}until the start of their next turn
    [end-other] {" "}until the end of { $anchor-poss } turn
    [start-other] {" "}until the start of { $anchor-poss } turn
    [rounds] {" "}for { $count } { $count ->
        [0] round
        [1] round
       *[other] rounds
    }
    [save] {" "}(DC { $dc } { $ability } saving throw at the end of each of their turns to end it)
    [concentration] {" "}(while { $anchor-obj } keeps concentrating)
   *[none] {""}
 }
tr-end-reason = { $kind ->
    [saving-throw-succeeded] successful save
    [removed-by-the-dm] removed by the DM
    [escaped] broke free
    [attacked-position-revealed] revealed by attacking
    [regained-hit-points] {""}
    [natural-20-on-a-death-save] {""}
    [stood-up] {""}
    [used-on-a-check] {""}
    [used-on-an-attack] {""}
    [the-attack-is-resolved] {""}
    [released] {""}
    [start-of-turn] start of { $who-poss } turn
    [end-of-turn] end of { $who-poss } turn
    [incapacitated] { $who-obj } is incapacitated
    [died] { $who-obj } died
    [first-aid] first aid from { $who-obj }
    [concentration-ended] { $who-poss } concentration ended
   *[other] { $text }
 }

# Damage outside an attack, and each typed part of a damage roll.
tr-damage-save = { $has-dc ->
    [yes] {" "}(DC { $dc } { $ability } saving throw { $half ->
        [yes] for half
       *[no] to avoid it
    })
   *[no] {""}
 }
tr-damage-what = { $has-amount ->
    [yes] { $amount } { $kind } damage
   *[no] damage
 }
tr-damage-head = { $has-source ->
    [yes] { $source } deals { $what } to { $targets-obj }{ $save }.
   *[no] { $targets-cap } { $count ->
        [1] takes
       *[other] take
    } { $what }{ $save }.
 }
tr-damage-roll = { $has-expr ->
    [yes] { $expr } = { $rolled } { $kind }
   *[no] { $rolled } { $kind }
 }
tr-damage-step = { $step ->
    [adjusted] adjusted { $value } by the DM
    [halved-save] halved to { $value } (successful save)
    [immune] cancelled by immunity
    [both] resistance and vulnerability: { $value }
    [resistant] halved to { $value } by resistance
   *[vulnerable] doubled to { $value } by vulnerability
 }

# Conditions: English names them by their id ("the grappled condition") and needs no agreement.
tr-condition-name = { $raw }
tr-condition-adj = { $raw }

# Conditions gained and lost; saves that end them.
tr-condition-is = { $who-subj } is { $condition }{ $by-kind ->
    [by] {" "}by { $source-obj }
    [paren] {" "}({ $source-obj })
    [text] {" "}({ $source-text })
   *[none] {""}
 }{ $until }.
tr-condition-gained = { $condition ->
    [prone] { $dropped ->
        [yes] { $who-subj } drops prone{ $until }.
       *[no] { tr-condition-is }
    }
    [unconscious] { $who-subj } falls unconscious{ $until }.
    [invisible] { $who-subj } becomes invisible{ $until }.
    [exhaustion] { $who-subj } gains { $level } { $level ->
        [0] level
        [1] level
       *[other] levels
    } of exhaustion{ $until }.
    [frightened] { $has-source ->
        [yes] { $who-subj } is frightened of { $source-obj }{ $until }.
       *[no] { tr-condition-is }
    }
   *[other] { tr-condition-is }
 }
tr-condition-lost = { $condition ->
    [unconscious] { $who-subj } regains consciousness{ $reason }.
    [invisible] { $who-subj } is visible again{ $reason }.
    [exhaustion] { $who-subj } is no longer exhausted{ $reason }.
   *[other] { $who-subj } is no longer { $condition }{ $reason }.
 }
tr-condition-no-effect = The { $condition } condition has no effect on { $who-obj } (immune).
tr-save-purpose = { $purpose ->
    [concentration] {" "}to keep concentrating
    [end] {" "}to end the { $condition } condition
   *[other] {""}
 }
tr-save-auto-fail = { $who-subj } automatically fails a DC { $dc } { $ability } saving throw{ $why } ({ $cause }).

# Ability checks and the labels of roll modifiers.
tr-check = { $who-subj } makes { $article } { $has-dc ->
    [yes] DC { $dc }{" "}
   *[no] {""}
 }{ $ability }{ $has-skill ->
    [yes] {" "}({ $skill-title })
   *[no] {""}
 } check{ $mode }: { $roll }{ $success ->
    [yes] {" "}— success
    [no] {" "}— failure
   *[none] {""}
 }.
tr-modifier = { $label ->
    [proficiency] proficiency
    [three-quarters-cover] three-quarters cover
   *[other] { $raw }
 }

# Noun phrases: a named or numbered creature goes without an article ("Aria", "Goblin 1"), others take "the".
tr-np-obj = { $proper ->
    [yes] { $noun }
   *[no] the { $noun }
 }
tr-np-de = of { tr-np-obj }
tr-np-a = to { tr-np-obj }

# Grammar the phrasebook asks for: a weapon with its article ("a longsword", "an axe").
tr-weapon = { $initial ->
    [a] an { $weapon }
    [e] an { $weapon }
    [i] an { $weapon }
    [o] an { $weapon }
    [u] an { $weapon }
   *[other] a { $weapon }
 }
tr-and = and
tr-np-poss = { FINAL_S($noun) ->
    [s] { $noun }'
   *[other] { $noun }'s
 }
tr-to-list = to { $people }
tr-condition-term = { $article ->
    [yes] the { $name } condition
   *[no] { $name } condition
 }
tr-source-help = help from { $helper-obj }
tr-source-exhaustion = exhaustion { $level }
tr-opportunity-attack = opportunity attack
# English names need no grammatical gender (French only: le gobelin, l'araignée géante).
tr-template-gender = none
