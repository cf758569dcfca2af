# A command as the table says it (log lines of commands, undo summaries).

command-other = command { $do }
command-create = encounter created ({ $ruleset })
command-add = { $id } added
command-remove = { $id } leaves the fight
command-place = { $id } placed at { $at }
command-surprise = surprise: { $ids }
command-initiative = { FINAL_S($id) ->
    [s] { $id }' initiative
   *[other] { $id }'s initiative
 }
command-order = ties broken: { $ids }
command-start = combat starts
command-move = { $id } moves{ $has-to ->
    [yes] {" "}to { $to }
   *[no] {""}
 }
command-action = { $id }: { $action }
command-attack = { $attacker } attacks { $target } ({ $with })
command-grapple = { $attacker } tries to grapple { $target }
command-shove = { $attacker } tries to shove { $target } ({ $effect })
command-escape = { $id } tries to escape
command-damage = { $amount } { $type } damage to { $target }
command-heal = healing for { $target } ({ $amount })
command-temp-hp = { $amount } temporary HP for { $target }
command-save = { $ability } save DC { $dc } for { $id }
command-check = { $what } check for { $id }
command-condition = { $adding ->
    [yes] { $target }: + { $condition }
   *[no] { $target }: − { $condition }
 }
command-concentrate = { $id }'s concentration
command-death-save = { $id }'s death save
command-stabilize = { $id } tries to stabilize { $target }
command-react = { $id } reacts ({ $with })
command-pass = { $id } passes
command-end-turn = end of turn
command-stand = { $id } stands up
command-drop-prone = { $id } drops prone
command-terrain = { $kind } terrain ({ $count } { $count ->
    [one] square
   *[other] squares
 })
command-trigger = { $id }'s trigger
command-end = combat ends
command-undo = undo ({ $steps })
command-redo = redo ({ $steps })
command-revert = revert to event #{ $to }
command-next-round = { $rounds ->
    [1] next round after the combat
   *[other] { $rounds } rounds after the combat
 }
command-full-attack = full attack by { $attacker }{ $has-target ->
    [yes] {" "}on { $target }
   *[no] {""}
 }{ $has-with ->
    [yes] {" "}({ $with })
   *[no] {""}
 }
command-maneuver = combat maneuver by { $attacker } on { $target } ({ $maneuver ->
    [bull_rush] bull rush
    [dirty_trick] dirty trick
   *[other] { $maneuver }
 })
command-roll-off = initiative roll-off: { $ids }
command-hidden = { $shown ->
    [hidden] hide { $id } from the players
   *[revealed] reveal { $id } to the players
 }
