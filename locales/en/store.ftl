# Errors of the logs themselves (events/stores, the envelope's checks): a log that cannot be opened, read or
# written, a damaged log, another writer that got there first. The English texts are what `str(error)` gives.

## A log that cannot be trusted from one event on (LogCorrupted); $reason is one of the store-reason-* below.
store-log-corrupted = log corrupted at event { $seq }{ $has-encounter ->
    [yes] {" "}of encounter '{ $encounter }'
   *[no] {""}
 }: { $reason }
store-reason-bytes-changed = its bytes do not match its hash (edited or damaged)
store-reason-version-newer = event version { $version } is newer than this combatlog knows ({ $current })
store-reason-seq-elsewhere = found seq { $found } where { $expected } was expected
store-reason-chain-broken = it does not follow the previous event's hash (chain broken)
store-reason-unreadable = unreadable event ({ $error })
store-reason-no-upcaster = no upcaster for { $type } v{ $version }
store-reason-upcast-invalid = upcast { $type } is invalid ({ $error })
store-reason-missing = it is missing from the log
store-reason-at-line = { $file }, line { $line }: { $reason }

## Another writer appended first (ConcurrencyConflict).
store-conflict = encounter '{ $encounter }' { $moved-on ->
    [yes] moved on: expected to write event { $expected } but the log already has { $count } { $count ->
        [one] event
       *[other] events
    }
   *[no] is behind: expected to write event { $expected } but the log has only { $count } { $count ->
        [one] event
       *[other] events
    }
 }; reload and try again

## A log that cannot be opened, read or written (StoreError).
store-no-such-log-file = { $path }: no such log file
store-folder-missing = cannot open { $path }: the folder { $folder } does not exist
store-schema-version = { $path } has log schema version { $version }; this combatlog reads version { $supported }
store-schema-version-unknown = unknown
store-busy = { $path }: another process holds the log; try again
store-busy-too-long = { $path }: another process held the log too long; nothing was written, try again
store-foreign-database = { $path } is a SQLite database of another application, not a combatlog log
store-empty-file = { $path } is an empty file, not a combatlog log
store-no-events-table = { $path } is a SQLite database but not a combatlog log (no events table)
store-unreadable-log = { $path } is not a readable combatlog log: { $error }
store-file-error = { $path }: { $error }
store-head-mismatch = { $path }: encounter '{ $encounter }' does not end where its recorded head says ({ $damage }); nothing was written (run combatlog verify)
store-head-cut = events { $first } to { $last } are missing from its end
store-head-added = events { $first } to { $last } were added without updating it
store-head-replaced = event { $seq } is not the one it records
store-needs-module = a PostgreSQL log needs { $module }: pip install 'combatlog[postgres]'
store-jsonl-unreadable-line = { $file }, line { $line }: not a readable combatlog event{ $torn ->
    [yes] {" "}(the file ends mid-line: an interrupted write? `combatlog repair { $file }` cuts it off)
   *[no] {""}
 }: { $error }
store-jsonl-unrepairable-line = { $file }, line { $line }: not a readable combatlog event: { $error }; only a last line cut mid-way can be repaired
store-jsonl-unfinished-not-last = { $path }: the unfinished command is not at the end of the file; repair it by hand
store-postgres-unreachable = { $path }: cannot connect to the PostgreSQL server
store-postgres-unreachable-because = { $path }: cannot connect to the PostgreSQL server: { $error }
store-postgres-no-database = { $path }: no such log (the database does not exist)
store-postgres-no-log = { $path }: no such log (the database holds no combatlog events)
store-postgres-cannot-create = { $path }: the database does not exist and cannot be created: { $error }
store-postgres-no-connection = { $path }: no connection to the PostgreSQL server
store-postgres-closed = { $path }: the store is closed
store-postgres-cannot-listen = { $path }: cannot listen for new events: { $error }
store-postgres-no-connection-reason = no connection
store-postgres-cannot-migrate = { $path }: cannot create or update the log's tables: { $error }
store-other-log = { $path }: these events are chained to another log's identity ({ $theirs }), this log's is { $ours }; nothing was written (import them into a new log)
store-jsonl-lines-cut = { $path }: its head file counts { $lines } events but the log now holds { $now }: events were cut from it; nothing was written (run combatlog verify)
store-outcome-unknown = { $path }: the connection was lost while the command was being committed ({ $error }): it may have been written: reload before retrying
store-bad-seq = { $field } must be an event number (a whole number from { $lowest } up), not { $value }
store-key-exists = { $path } exists already: a key is never overwritten (choose another file)
store-key-unreadable = { $path } is not a readable Ed25519 key ({ $error })
