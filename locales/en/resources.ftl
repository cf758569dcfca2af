# What runs out and comes back (INTERFACE.md §7): limited uses, legendary actions and resistance, lair, rests, carry.

lair-name = the lair
verb-legendary = take a legendary action
rest-short-rest = a short rest
rest-long-rest = a long rest

## Refusals
rule-no-use-left = { $creature } has no { $use } left ({ $max } spent; { $recharge ->
    [0] back after { $per }
   *[other] back on a d6 of { $recharge } or more at the start of its turn
 })
rule-attack-one-target = { $attacker }'s { $attack } is an attack roll against one target: give `target`, not `targets`
rule-save-attack-needs-targets = { $attacker }'s { $attack } needs its targets (`targets` or `target`)
rule-rest-not-in-combat = nobody rests in the middle of a fight: `rest` comes before `start` or after `end` (the encounter is in phase { $phase })
rule-rest-kind = a rest is `short` or `long`, not '{ $kind }'
rule-rest-listed-twice = a combatant is listed twice in `ids`
rule-rest-nobody = nobody to rest: there is no player character, name the combatants in `ids`
rule-add-needs-side = { $id } needs a `side` (any name; the same side means allies)
rule-carry-not-with-stats = { $id } is carried from another encounter: it brings its own stat block, so give no `stats` or `template` (use `overrides` to change it)
rule-carry-no-encounter = cannot carry { $id }: this log has no other encounter named '{ $encounter }'
rule-carry-other-ruleset = cannot carry { $id } from '{ $encounter }': that encounter plays { $theirs }, this one { $ours }
rule-carry-no-combatant = cannot carry { $id }: encounter '{ $encounter }' has no combatant '{ $wanted }' (it has: { $known })
rule-carry-dead = cannot carry { $id }: '{ $wanted }' is dead in encounter '{ $encounter }'
rule-legendary-none = { $creature } has no legendary actions
rule-legendary-unknown = { $creature } has no legendary action '{ $action }' (it has: { $known })
rule-legendary-not-between-turns = { $creature } cannot take a legendary action now: only between turns, right after an `end_turn` and before the next creature's first command (it is { $turn }'s turn)
rule-legendary-own-turn-just-ended = { $creature } cannot take a legendary action now: its own turn just ended
rule-legendary-one-per-gap = { $creature } has already taken a legendary action since { $after }'s turn ended (one per creature between two turns)
rule-legendary-not-enough = { $creature } cannot take { $action }: it costs { $cost } legendary { $cost ->
    [one] action
   *[other] actions
 } and { $left } { $left ->
    [one] is
   *[other] are
 } left
rule-legendary-needs-target = { $creature }'s legendary action { $action } is an attack: give its `target`
rule-legendary-one-target = { $creature }'s legendary action { $action } is an attack roll against one target
rule-legendary-resistance-not-a-target = { $creature } is listed under `legendary_resistance` but does not make a save in this command
rule-legendary-resistance-none = { $creature } has no legendary resistance (`legendary_resistance` in its stat block)
rule-legendary-resistance-needs-save = `legendary_resistance` needs a saving throw in the same command (`save`)
rule-lair-not-in-2024 = { $creature } cannot have `lair_actions` in dnd5e-2024: SRD 5.2 has no lair actions on initiative 20 (play them with the DM's commands)
rule-lair-id-reserved = the id 'lair' is the lair's turn in the order: give the combatant another id

## Stat block problems
stats-use-twice = use '{ $use }' is listed twice
stats-use-recharge = use '{ $use }': `recharge` is the lowest d6 face that returns it, 2 to 6, not { $value }
stats-attack-unknown-use = attack '{ $attack }' spends use '{ $use }', which the stat block does not have (uses: { $known })
stats-attack-needs-kind-and-to-hit = attack '{ $attack }' needs `kind` and `to_hit` (or a `save`)
stats-save-attack-one-damage = attack '{ $attack }' has a `save`: give it exactly one damage roll
stats-legendary-unknown-attack = legendary action '{ $action }' makes attack '{ $attack }', which the stat block does not have (attacks: { $known })
stats-legendary-without-count = `legendary` lists legendary actions but `legendary_actions` (how many per round) is missing

## Log lines
event-use-spent = { $id } spends { $use } ({ $left } left)
event-recharge-rolled = { $id }: recharge { $use }, d6 { $faces } (needs { $needed }+): { $recharged ->
    [yes] recharged
   *[no] not yet
 }
event-uses-restored = { $id } gets back { $uses } ({ $reason ->
    [short_rest] short rest
   *[long_rest] long rest
 })
event-legendary-action-taken = { $id } takes the legendary action { $action } (cost { $cost }, { $left } left)
event-legendary-gap-closed = no more legendary actions until the next turn ends
event-legendary-actions-restored = { $id } gets back { $restored } legendary { $restored ->
    [one] action
   *[other] actions
 }
event-legendary-resistance-used = { $id } fails the { $ability } save (DC { $dc }) and chooses to succeed: legendary resistance ({ $left } left)
event-legendary-resistance-spent-out = { $id } fails the { $ability } save (DC { $dc }): no legendary resistance left
event-rest-taken = { $kind ->
    [short] short rest
   *[long] long rest
 } for { $ids }{ $has-gained_nothing ->
    [yes] ; at 0 HP, nothing for { $gained_nothing }
   *[no] {""}
 }
event-rested-hit-points = { $target } is back to { $hp-after } HP (was { $hp-before }){ $temp_hp_lost ->
    [0] {""}
   *[other] ; { $temp_hp_lost } temporary HP end
 }
event-exhaustion-lowered = { $id }: exhaustion { $level-before } → { $level-after }
event-combatant-carried = { $id } joins as it ended encounter '{ $from_encounter }': { $hp } HP{ $temp_hp ->
    [0] {""}
   *[other] , { $temp_hp } temporary HP
 }{ $exhaustion ->
    [0] {""}
   *[other] , exhaustion { $exhaustion }
 }
legendary-resistance-name = legendary resistance

## Commands as the table says them
command-legendary = legendary action of { $id }: { $action }{ $has-target ->
    [yes] {" "}on { $target }
   *[no] {""}
 }
command-rest = { $kind ->
    [short] short rest
   *[long] long rest
 }

## The shell: a creature's sheet and the status table
shell-sheet-save-attack = { $name } ({ $id }): { $ability } save DC { $dc }, { $damage }{ $half ->
    [yes] , half on a success
   *[no] , none on a success
 }{ $has-uses ->
    [yes] {" "}(spends { $uses })
   *[no] {""}
 }
label-resources = Resources
resources-use = { $name } { $left }/{ $max }
resources-legendary-actions = legendary { $left }/{ $max }
resources-legendary-resistance = leg. resistance { $left }/{ $max }
help-legendary = legendary ID ACTION [TARGET[,TARGET…]] [advantage|disadvantage] — a legendary action between two turns (right after "next")
help-rest = rest short|long [ID…] — a rest before the fight or after it (default: every player character)
