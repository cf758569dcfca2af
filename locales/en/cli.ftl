# The command line: log, state, diff, run.

log-undone = (undone)
log-place = r{ $round } { $turn }
log-setup = setup

state-encounter = encounter
state-title = { $name } [{ $ruleset }] — { $phase }, round { $round }{ $has-turn ->
    [yes] , { $turn }'s turn
   *[no] {""}
 } (event #{ $seq })
state-window = reaction window open for { $waiting }: may still react: { $reactors }
label-hp = HP
label-init = init
label-ac = AC
label-temp-hp = THP
label-name = Name
label-conditions = Conditions
label-reaction = React.
label-left = Left
label-concentration = Conc.
label-position = Pos.
death-saves = death saves { $successes } ✓ { $failures } ✗
concentrating = concentrating on "{ $effect }"
movement-left = movement left { $distance }

diff-events = events { $from } -> { $to }
diff-nothing = no change
diff-none = -
diff-round = round
diff-turn = turn
diff-phase = phase
diff-order = order
diff-hp = HP
diff-temp-hp = temp HP
diff-status = status
diff-position = position
diff-initiative = initiative
diff-conditions = conditions
diff-joined = { $id } joined:
diff-left = { $id }: left
diff-line = { $head }: { $changes }
diff-field = { $field }: { $from } -> { $to }

run-rejected = line { $line }: { $reason }
run-not-json = line { $line }: not valid JSON ({ $error } at column { $column })
run-done = { $count ->
    [one] { $count } command run
   *[other] { $count } commands run
 }, { $events ->
    [one] { $events } event
   *[other] { $events } events
 } in the log { $log }
