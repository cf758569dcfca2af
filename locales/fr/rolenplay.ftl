# Rôle'n Play (seed 003): the log lines of the events only this ruleset writes, and of DeathSaveCancelled
# (issue 9 §3). Message id: event-<event type in kebab-case>; variables: the event's fields by name.

event-rolenplay-options-set = options : règle cinématique { $cinematic ->
    [yes] oui
   *[no] non
 }, attaques d'opportunité { $opportunity-attacks ->
    [yes] oui
   *[no] non
 }
event-kept-alive-at-zero = { $id } tombe inconscient à 0 PV au lieu de mourir
event-reactions-restored = réaction retrouvée : { $ids }
event-plain-streak-changed = { $id } : { $streak ->
    [one] { $streak } attaque sans description
   *[other] { $streak } attaques sans description d'affilée
 } (règle cinématique)
event-aftermath-started = après le combat : { $rounds } rounds pour soigner ou stabiliser les mourants
event-aftermath-round-passed = round { $round } après le combat ({ $rounds-left ->
    [one] { $rounds-left } restant
   *[other] { $rounds-left } restants
 })
event-death-save-cancelled = { $id } : plus de jet de sauvegarde contre la mort à faire ({ $reason })
