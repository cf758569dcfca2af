# Rôle'n Play (seed 003): the log lines of the events only this ruleset writes, and of DeathSaveCancelled
# (issue 9 §3). Message id: event-<event type in kebab-case>; variables: the event's fields by name.

event-rolenplay-options-set = options: cinematic rule { $cinematic ->
    [yes] yes
   *[no] no
 }, opportunity attacks { $opportunity-attacks ->
    [yes] yes
   *[no] no
 }
event-kept-alive-at-zero = { $id } falls unconscious at 0 HP instead of dying
event-reactions-restored = reaction back: { $ids }
event-plain-streak-changed = { $id }: { $streak ->
    [one] { $streak } plain attack
   *[other] { $streak } plain attacks in a row
 } (cinematic rule)
event-aftermath-started = after the combat: { $rounds } rounds to heal or stabilize the dying
event-aftermath-round-passed = round { $round } after the combat ({ $rounds-left } left)
event-death-save-cancelled = { $id }: no death save due any more ({ $reason })
