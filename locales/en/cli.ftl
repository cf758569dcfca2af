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

# What the command line says about files, logs and encounters (cli/main.py), in the reader's language.
cli-log-path-empty-name-log = --log: the path is empty; name a log file (LOG.db or LOG.jsonl)
cli-log-memory-keeps-nothing-once = --log { $path } keeps nothing once the command ends; name a log file (LOG.db or LOG.jsonl)
cli-folder-not-log-file = { $path } is a folder, not a log file
cli-o-path-empty = -o: the path is empty
cli-folder-name-file-to-write = { $output } is a folder; name a file to write
cli-cannot-write-folder-does-not = cannot write { $output }: the folder { $folder } does not exist
cli-cannot-write-permission-denied = cannot write { $output }: permission denied
cli-cannot-write-folder-not-writable = cannot write { $output }: the folder { $folder } is not writable
cli-combatlog-log-will-not-be = { $path } is a combatlog log; it will not be overwritten (choose another file)
cli-log-itself-import-into-another = { $file } is the log itself; import it into another log
cli-no-such-log-file = { $log }: no such log file
cli-log-has-no-encounter = the log has no encounter '{ $wanted }' ({ $has-known ->
    [yes] it has: { $known }
   *[no] it holds no encounter yet
 })
cli-no-such-script = { $path }: no such script
cli-folder-not-script = { $path } is a folder, not a script
cli-script-not-utf-text-byte = { $path }: the script is not UTF-8 text (byte { $start })
cli-cannot-read-script = { $path }: cannot read the script ({ $value })
cli-log-being-exported-choose-another = { $output } is the log being exported; choose another file
cli-combatlog-log-holding-events-this = { $path } is a combatlog log holding events this export does not; it will not be overwritten (choose another file)
cli-cannot-write = cannot write { $path }: { $value }
cli-folder-not-export = { $file } is a folder, not an export
cli-no-such-file = { $file }: no such file
cli-holds-no-events-nothing-was = { $file } holds no events; nothing was imported
cli-appeared-while-importing-nothing-was = { $target } appeared while importing; nothing was imported into it
cli-no-encounter-yet = the log holds no encounter yet
cli-several-encounters = the log holds several encounters ({ $names }): choose one with --encounter
cli-play-no-such-encounter = the log has no encounter '{ $wanted }' (it has: { $known }): add --new to create it
cli-play-other-ruleset = the encounter '{ $wanted }' is played with { $ruleset }, not { $asked }: leave out --ruleset, or open a new encounter with --encounter NAME --new
cli-output-cannot-be-written = combatlog: the output holds text that cannot be written ({ $error })
cli-input-nested-too-deeply = combatlog: the input is nested too deeply
cli-command-failed = combatlog: { $command } failed ({ $kind }: { $error }); run with -v for the details
cli-line = line { $number }: { $text }
cli-command-nested-too-deeply = the command is nested too deeply
cli-command-not-run = this command could not be run ({ $kind }: { $error }); { $written ->
    [yes] its events were written
   *[no] nothing was written
 }
cli-imported = imported { $count } events into encounter '{ $name }'
cli-repair-sqlite = nothing to repair: { $log } is a SQLite log, written one whole command at a time
cli-repair-whole = nothing to repair: { $log } ends with a whole command
cli-repaired = repaired { $log }: cut { $torn ->
    [yes] line { $line }, cut mid-way{ $events ->
        [0] {""}
       *[other] {" "}and{" "}
    }
   *[no] {""}
 }{ $events ->
    [0] {""}
    [1] event { $first } of encounter '{ $encounter }' (a command not written whole)
   *[other] events { $first } to { $last } of encounter '{ $encounter }' (a command not written whole)
 }, { $size } bytes from byte { $offset }; the cut bytes are kept in { $saved }
cli-verify-failed = combatlog: verify failed{ $has-where ->
    [yes] {" "}(encounter '{ $where }')
   *[no] {""}
 }: { $problem }
cli-verify-more = combatlog: verify failed{ $has-where ->
    [yes] {" "}(encounter '{ $where }')
   *[no] {""}
 }: and { $count } more events
cli-verify-ok = ok: { $events } events in { $encounters } encounter(s): hash chain intact, every command re-derived identically
cli-error = combatlog: { $text }
cli-verify-ok-heads = { $verdict }; { $count ->
    [one] head fingerprint
   *[other] head fingerprints
 }: { $heads }
cli-serve-needs-extra = combatlog: serve needs the server extra ({ $install }): { $error }
