# `combatlog serve`: the DM's page, the players' view and the JSON API's errors (owned by the server).
# Reused from other catalogs (not copied): table-round, table-turn-of, table-window, table-death-saves,
# table-left-*, table-until-* (shell.ftl, through the shell's status table), shell-undone-mark (shell.ftl),
# phase-*, status-*, condition-* (terms.ftl).

## The pages
page-dm-title = Game master
page-table-title = The table
page-encounters = Encounters
page-no-encounter = The log holds no encounter yet.
page-setup = Setup
page-col-init = Init
page-col-id = Id
page-col-name = Name
page-col-hp = HP
page-col-thp = THP
page-col-ac = AC
page-col-conditions = Conditions
page-col-left = Left this turn
page-col-health = Health
page-command = Command
page-command-placeholder = attack aria gob1 · dmg gob1 5 slashing · next · { "{\"do\": …}" }
page-send = Send
page-next-turn = Next turn
page-undo = Undo
page-redo = Redo
page-log = Log
page-time = Time travel
page-live = Live
page-viewing-at = State after event { $seq } (read-only)
page-transcript = Transcript
page-players-view = Players' view
page-last-lines = Latest events
page-ok-seq = Done (event { $seq })
page-disconnected = Connection lost, reconnecting…
page-private-index = This server is private: open the address printed by 'combatlog serve'.

## How a monster looks to the players (never its exact HP)
players-health-healthy = healthy
players-health-bloodied = bloodied
players-health-down = down

## What the players read about the last events: no exact HP of a monster ever
players-combat-starts = Combat begins
players-combat-ends = Combat is over
players-turn = Round { $round }, { $who }'s turn
players-hit = { $who } hits { $target }
players-critical = { $who } lands a critical hit on { $target }
players-miss = { $who } misses { $target }
players-damage-pc = { $target } takes { $amount } damage
players-damage-monster = { $target } is wounded
players-heal-pc = { $target } regains { $amount } HP
players-heal-monster = { $target } recovers
players-dying = { $who } falls
players-dead = { $who } dies
players-stable = { $who } is stable
players-condition = { $target }: { $condition }
players-condition-ends = { $target }: { $condition } ends
players-save-ok = { $who } makes a saving throw
players-save-ko = { $who } fails a saving throw
players-reacts = { $who } reacts
players-joins = { $who } joins the fight
players-leaves = { $who } leaves the fight

## The JSON API's refusals
server-bad-token = Missing or wrong token: open the address printed by 'combatlog serve'.
server-body-too-large = request too large (at most { $limit } bytes)
server-not-json = not valid JSON ({ $reason })
server-no-such-encounter = the log has no encounter '{ $name }'
server-bad-seq = { $field }: '{ $value }' is not an event number
server-bad-lang = unknown language '{ $value }' (fr or en)
server-bad-format = unknown format '{ $value }' (md, html or json)
server-conflict = someone else just wrote to the encounter: reload and try again
server-nothing-to-run = nothing to run: '{ $line }' is a terminal shell command
server-bad-host = this server does not answer to the host '{ $host }' (open it at the address 'combatlog serve' printed)
server-cross-site = refused: the request comes from another site ({ $origin }); only this server's own pages may write
server-not-json-type = the body must be sent as application/json (not '{ $type }')
server-unknown-key = unknown field '{ $field }' (known: { $known })
server-not-text = '{ $field }' must be a text
server-too-deep = the body is nested too deeply to be a command
server-bad-encounter-quote = the encounter's name '{ $name }' holds a quote or a backslash: give it a name without them
server-bad-idempotency-key = { $field } must be a text of 1 to { $limit } printable characters
server-key-reused = the idempotency key '{ $id }' was already used for another request: send a new key
server-bad-count = { $field }: '{ $value }' is not a count from 1 to { $limit }

server-library-kind = kind must be creature or spell, not '{ $kind }'
server-library-unknown = the library has no entry '{ $id }'
