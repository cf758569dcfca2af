# What `combatlog verify` finds wrong in a log (replay/verify.py), one problem per event. The English texts
# are what `str(problem)` and `problem.message` give.

verify-problem = event { $seq }: { $problem }
verify-and = { $first }; { $then }

## Re-running each recorded command with its recorded dice.
verify-transaction-without-command = a transaction must open with CommandIssued
verify-rules-reject = the rules reject this command now: { $error }
verify-rules-cannot-run = the rules cannot run this command ({ $kind }: { $error })
verify-event-count = the command produced { $produced } events, the log holds { $recorded }
verify-other-type = the log has { $logged } where the rules give { $derived }
verify-field-differs = { $field } is { $logged } in the log, the rules give { $derived }
verify-more-fields = { $fields } (and { $count } more fields)
verify-event-differs = { $type } differs from what the rules give

## The stored rows: bytes, place, link, columns, envelopes.
verify-event-missing = event { $first } is missing from the log
verify-events-missing = events { $first } to { $last } are missing from the log
verify-stored-twice = it is stored twice or out of order
verify-bytes-changed = its bytes do not match its stored hash (edited or damaged)
verify-unreadable = its bytes are not a readable event ({ $reason })
verify-seq-or-prev-hash-type = its seq or prev_hash is not of the right type
verify-moved = it holds seq { $held } but is stored as event { $seq } (moved or reordered)
verify-txn-column = the stored txn column says { $column }, the event says { $txn }
verify-type-column = the stored type column says { $column }, the event is { $type }
verify-command-txn = a CommandIssued opens its own transaction, yet its txn is { $txn }
verify-envelope-of-command = its envelope disagrees with its command's events: { $detail }
verify-envelope-field-of-command = { $field } { $command } where its { $count } events have { $events }
verify-envelope = its envelope disagrees with its command: { $detail }
verify-envelope-field = { $field } { $event } where its command has { $command }

## Snapshots and the log's recorded head.
verify-snapshot-forged = the snapshot stored at this event is unreadable or fails its authentication (damaged or forged)
verify-snapshot-elsewhere = the snapshot stored at this event does not belong to it (its seq or event hash differ)
verify-snapshot-state = the snapshot stored at this event holds another state than the events give ({ $fields })
verify-head-cut-one = the log's head says it ends at event { $seq }: event { $first } cut from its end
verify-head-cut = the log's head says it ends at event { $seq }: events { $first } to { $last } cut from its end
verify-head-hash = its hash differs from the one the log's head recorded

## The storage itself (SQLite's own checks).
verify-sqlite-integrity = SQLite integrity check: { $line }
verify-damaged-index = encounter '{ $encounter }': the table holds { $count } events but its index finds { $indexed } (damaged index)
verify-rows-missing = encounter '{ $encounter }': { $count } events stored but the last seq is { $last } (events missing)

## The chain's binding to its encounter and log (chain version 2), fingerprints, signatures.
verify-chain-elsewhere = its chain does not start from this encounter's identity in this log (events moved from another encounter or another log, or relabelled)
verify-head-missing = the log's head record for this encounter is missing (deleted, perhaps with events cut from its end)
verify-chain-v2 = chain version 2 (log { $id }): each encounter's chain is bound to this log and to its name
verify-chain-v1 = chain version 1 (a log written before version 2): the chain proves each encounter's order and bytes, not which encounter or log its events belong to, nor a head record deleted with its last events
verify-fingerprint = head of { $encounter }: event { $seq }, fingerprint { $fingerprint }
verify-expect-found = fingerprint { $fingerprint } found: event { $seq } of { $encounter } is still in the log
verify-expect-missing = fingerprint { $fingerprint } is not in this log: the head noted then is gone (the log was rewritten, or it is another log)
verify-expect-malformed = '{ $fingerprint }' is not a fingerprint: expected 16 letters and digits in 4 groups of 4, e.g. ABCD-EFGH-IJKL-MNOP
verify-table-fingerprint = Record fingerprint: { $fingerprint } (note it: combatlog verify --expect { $fingerprint } proves the log still holds this moment)
verify-signature-invalid = the head signature stored at this event does not verify with this public key (forged, or signed by another key)
verify-signature-elsewhere = a valid head signature names this event, but the log no longer holds it as signed (edited or cut after signing)
verify-head-unsigned = no signature of the DM's key covers this head: the log was written or edited without the key
cli-key-written = private key written to { $private } (keep it secret), public key to { $public } (give it to the players); sign every head with COMBATLOG_SIGNING_KEY={ $private }; check with combatlog verify LOG --public-key { $public }
cli-verify-jobs = --jobs { $jobs } cannot be used: give how many processes verify may run at once, 1 or more (1: this process alone)
