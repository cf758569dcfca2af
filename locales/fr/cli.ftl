# The command line: log, state, diff, run.

log-undone = (annulé)
log-place = r{ $round } { $turn }
log-setup = préparation

state-encounter = rencontre
state-title = { $name } [{ $ruleset }] — { $phase }, round { $round }{ $has-turn ->
    [yes] , tour { ELISION($turn) ->
        [vowel] d'{ $turn }
       *[consonant] de { $turn }
    }
   *[no] {""}
 } (événement n° { $seq })
state-window = fenêtre de réaction ouverte pour { $waiting } : peuvent encore réagir : { $reactors }
label-hp = PV
label-init = init
label-ac = CA
label-temp-hp = PVT
label-name = Nom
label-conditions = États
label-reaction = Réac.
label-left = Reste
label-concentration = Conc.
label-position = Pos.
death-saves = JS contre la mort { $successes } ✓ { $failures } ✗
concentrating = concentration : « { $effect } »
movement-left = déplacement restant { $distance }

diff-events = événements { $from } -> { $to }
diff-nothing = aucun changement
diff-none = -
diff-round = round
diff-turn = tour
diff-phase = phase
diff-order = ordre
diff-hp = PV
diff-temp-hp = PV temporaires
diff-status = état
diff-position = position
diff-initiative = initiative
diff-conditions = états
diff-joined = { $id } arrive :
diff-left = { $id } : part
diff-line = { $head } : { $changes }
diff-field = { $field } : { $from } -> { $to }

run-rejected = ligne { $line } : { $reason }
run-not-json = ligne { $line } : JSON invalide ({ $error } à la colonne { $column })
run-done = { $count ->
    [one] { $count } commande exécutée
   *[other] { $count } commandes exécutées
 }, { $events ->
    [one] { $events } événement
   *[other] { $events } événements
 } dans le journal { $log }
