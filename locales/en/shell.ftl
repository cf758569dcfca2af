# The interactive shell (`combatlog play`): prompts, banner, status table, help.

shell-prompt-reaction = reaction? { $who } (react/pass/undo) >{" "}
shell-prompt-death-save = death save for { $who }? (Enter or deathsave) >{" "}
shell-prompt-setup = setup >{" "}
shell-prompt-ended = ended >{" "}
shell-prompt-turn = r{ $round } { $who } >{" "}
shell-prompt-die = d{ $sides }?{" "}
shell-goodbye = Goodbye. Log: { $where } ({ $count } { $count ->
    [one] event
   *[other] events
 })
shell-banner = combatlog — { $name } ({ $ruleset }) · log { $where } · dice { $dice ->
    [manual] manual (the table rolls)
   *[auto] automatic
 }
shell-banner-help = Type help for the commands, Tab to complete.
shell-cancelled = command abandoned: nothing recorded
shell-conflict = another program wrote to the log; state reloaded, try again: { $error }
shell-store-error = log cannot be read or written: { $error }
shell-interrupted = interrupted
shell-internal-error = internal error ({ $error }); state reloaded from the log
shell-bad-die = a d{ $sides } shows a number from 1 to { $sides }, not '{ $text }'
shell-window-only = a reaction window is open: only react, pass or undo now, or the DM's damage, healing and conditions ({ $who } may react)
shell-undid = { $line }: { $commands }
shell-separator = {"; "}
shell-undone-mark = (undone)
shell-already = { $target } is already { $condition }{ $has-source ->
    [yes] {" "}from the same source ({ $source })
   *[no] {""}
 }: nothing added (remove it first to change how long it lasts)
shell-unknown-command = unknown command '{ $word }'
shell-templates-title = Creature templates (add ID TEMPLATE):
shell-template-line = { $name } ({ $stem }) — { $kind }, AC { $ac }, HP { $hp }, speed { $speed }
shell-sheet-title = { $name } ({ $id }) — { $kind }, side { $side }
shell-sheet-defence = AC { $ac } · HP { $hp }/{ $max-hp } · speed { $speed } · proficiency +{ $proficiency } · initiative { $initiative }
shell-sheet-abilities = Str { $str } · Dex { $dex } · Con { $con } · Int { $int } · Wis { $wis } · Cha { $cha }
shell-sheet-saves = Proficient saves: { $list }
shell-sheet-skills = Skills: { $list }
shell-sheet-attacks = Attacks{ $per-action ->
    [1] {""}
   *[other] {" "}({ $per-action } per action)
 }:
shell-sheet-attack = { $name } ({ $id }): { $kind ->
    [melee] melee
   *[ranged] ranged
 }, +{ $to-hit } to hit, { $kind ->
    [melee] reach { $reach }
   *[ranged] range { $range }
 }, { $damage }
shell-sheet-damage = { $roll } { $type }
shell-sheet-reactions = Reactions: { $list }
shell-sheet-effects = Effects: { $list }
shell-sheet-resistances = Resistances: { $list }
shell-sheet-vulnerabilities = Vulnerabilities: { $list }
shell-sheet-immunities = Immunities: { $list }
shell-sheet-condition-immunities = Condition immunities: { $list }
shell-sheet-none = -
shell-no-creature = no creature '{ $id }' (present: { $known })

# The status table.
table-encounter = encounter
table-round = round { $round }
table-turn-of = { $who }'s turn
table-death-saves = death saves: { $successes } { $successes ->
    [one] success
   *[other] successes
 }, { $failures } { $failures ->
    [one] failure
   *[other] failures
 }
table-dead = dead
table-left-action = action
table-left-attacks = { $count } { $count ->
    [one] attack
   *[other] attacks
 }
table-left-bonus = bonus
table-left-reaction = reaction
table-left-none = nothing
table-window = Reaction window: { $trigger } → { $who } may react or pass
table-until-end = → end of { $who }'s turn
table-until-start = → start of { $who }'s turn
table-until-rounds = { $left } { $left ->
    [one] round left
   *[other] rounds left
 }
table-until-save = { $ability } save DC { $dc }
table-until-concentration = conc. { $who }

# Help: one usage line per command, then what it does.
help-intro = Commands (French or English words; accents and case do not matter):
help-outro = Ids (aria, gob1), attacks, conditions and damage types complete with Tab. With manual dice the shell asks for each die ("d20?"); "cancel" abandons the command. A line starting with { "{" } is a raw JSON command, e.g. { "{" }"do": "heal", "target": "aria", "amount": 5{ "}" }.
help-attack = attack ATTACKER TARGET [WEAPON] [advantage|disadvantage] [bonus] [nonlethal] — one attack: to-hit roll, then damage
help-damage = dmg TARGET[,TARGET…] AMOUNT|2d6+3 TYPE [save ABILITY DC [none]] — damage outside an attack (spell, trap), half on a save
help-heal = heal TARGET AMOUNT|2d4+2 — healing
help-temp_hp = thp TARGET AMOUNT — temporary hit points
help-state = state — the encounter table
help-end_turn = next — end the turn; the next one starts
help-undo = undo [N] — undo the last N commands (nothing is erased)
help-redo = redo [N] — redo what was just undone
help-death_save = deathsave [ID] — death saving throw (Enter is enough when it is due)
help-react = react ID [oa|readied|REACTION] [WEAPON] — answer the reaction window (oa: opportunity attack)
help-pass = pass [ID] — do not react
help-condition = cond TARGET +CONDITION [until end:ID|start:ID] [N rounds] [save ABILITY DC] [by SOURCE] [conc] | cond TARGET -CONDITION [by SOURCE] — add or remove a condition, with how long it lasts
help-initiative = init [ID [VALUE]] [advantage] — roll (or set) initiative; no ID: everyone without one
help-order = order ID ID… — break initiative ties
help-start = start — combat begins
help-add = add ID TEMPLATE [name=…] [side=…] [group=…] [pc|monster] [X,Y] [hp=N] [ac=N] [speed=N] [init=+N] — add a creature from a template (see templates) or the library; "add 4 goblins" adds four (gob1…gob4, one initiative); without a template, your own creature: add boss hp=30 ac=14 name=Boss [attack=+4,1d6+2 slashing]
help-remove = remove ID — a creature leaves the fight
help-move = move ID X,Y [X,Y…] [fly|swim|crawl|climb] — movement square by square (1 square = { DISTANCE($square) })
help-place = place ID X,Y — put a creature on a square without moving
help-stand = stand ID — stand up (costs half the speed)
help-action = action ID dash|disengage|dodge|help|hide|search|ready|magic|… [bonus] — an action that is not an attack
help-save = save ID ABILITY DC [advantage|disadvantage] — saving throw
help-check = check ID SKILL|ABILITY [DC] — ability check
help-surprise = surprise ID ID… — these creatures are surprised when combat starts
help-end = end [reason…] — end of combat
help-log = log [N] — the last N events
help-help = help [COMMAND] — this help
help-quit = quit — leave the shell (or Ctrl-D)
help-grapple = grapple ATTACKER TARGET — grapple attempt (unarmed strike)
help-shove = shove ATTACKER TARGET [prone|push] — shove a creature prone or { DISTANCE($square) } away
help-escape = escape ID [acrobatics|athletics] — escape a grapple
help-stabilize = stabilize ID TARGET — first aid (Wisdom (Medicine) DC 10)
help-concentration = concentration ID EFFECT… | concentration ID stop — start or stop concentrating
help-terrain = terrain difficult|clear X,Y [X,Y…] — mark squares as difficult terrain
help-trigger = trigger ID — the trigger of ID's readied action happens
help-revert = revert SEQ — undo everything after event SEQ
help-templates = templates — the list of creature templates
help-sheet = sheet ID — a creature's stat block, with its attacks; sheet NAME — a creature or spell of the library
help-full_attack = full_attack ATTACKER TARGET [WEAPON] [defensive] — Pathfinder: the full-attack action (every attack of the round, a full-round action)
help-maneuver = maneuver ATTACKER TARGET trip|bull_rush|disarm|grapple|overrun|sunder|dirty_trick|drag|reposition|steal — Pathfinder: a combat maneuver (CMB against CMD)
help-step = step ID X,Y — Pathfinder: the 5-foot step ({ DISTANCE($square) }, no attack of opportunity)
help-roll_off = roll_off ID ID… — Pathfinder: a d20 each to break an initiative tie
help-next_round = next_round [N] — Rôle'n Play: the rounds after the combat (5 at most, to heal the dying)
error-maneuver = unknown maneuver '{ $word }' (known: { $known })
table-left-standard = standard
table-left-move = move
table-left-step = 5-ft step
table-left-swift = swift
table-left-aoo = { $count ->
    [one] 1 AoO
   *[other] { $count } AoO
 }

# What the shell says about a line it cannot turn into a command (package/lines.py).
shell-no-window-pass = no reaction window is open: there is nothing to pass
shell-no-window-react = no reaction window is open: nobody can react now
shell-skipped-dead = already dead, left out: { $names }
shell-custom-needs = a creature without a template needs its HP and AC, e.g. add boss hp=30 ac=14 name=Boss attack=+4,1d6+2 slashing
shell-plain-attack = attack={ $value }: give the to-hit bonus, the damage dice and their type, e.g. attack=+4,1d6+2 slashing
shell-plain-attack-name = { $number ->
    [1] Attack
   *[other] Attack { $number }
 }
shell-attack-needs-custom = attack= is for a creature without a template (add boss hp=30 ac=14 attack=+4,1d6+2 slashing); a template has its attacks already

# An effect beside the conditions (projections/status.py effects_shown): its name and what it changes.
table-effect = { $name } ({ $changes })
effect-change-ac = AC { $bonus }
effect-change-roll = { $sign }{ $roll } to { $on }
effect-change-on = { $on ->
    [attack] attacks
    [save] saves
    [check] checks
    [ac] AC
    [fort] Fortitude
    [ref] Reflex
    [will] Will
   *[other] { $on }
}
effect-change-and = { $first } and { $last }
effect-change-damage = +{ $roll } damage{ $type ->
    [none] {""}
   *[other] {" "}({ $type })
}
effect-change-bonus = { $value } { $to }
