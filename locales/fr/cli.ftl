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

# What the command line says about files, logs and encounters (cli/main.py), in the reader's language.
cli-log-path-empty-name-log = --log : le chemin est vide ; nommez un fichier de journal (LOG.db ou LOG.jsonl)
cli-log-memory-keeps-nothing-once = --log { $path } ne garde rien une fois la commande finie ; nommez un fichier de journal (LOG.db ou LOG.jsonl)
cli-folder-not-log-file = { $path } est un dossier, pas un fichier de journal
cli-o-path-empty = -o : le chemin est vide
cli-folder-name-file-to-write = { $output } est un dossier ; nommez un fichier à écrire
cli-cannot-write-folder-does-not = impossible d'écrire { $output } : le dossier { $folder } n'existe pas
cli-cannot-write-permission-denied = impossible d'écrire { $output } : permission refusée
cli-cannot-write-folder-not-writable = impossible d'écrire { $output } : le dossier { $folder } n'est pas accessible en écriture
cli-combatlog-log-will-not-be = { $path } est un journal combatlog ; il ne sera pas écrasé (choisissez un autre fichier)
cli-log-itself-import-into-another = { $file } est le journal lui-même ; importez-le dans un autre journal
cli-no-such-log-file = { $log } : journal introuvable
cli-log-has-no-encounter = le journal n'a pas de rencontre « { $wanted } » ({ $has-known ->
    [yes] il a : { $known }
   *[no] il ne contient encore aucune rencontre
 })
cli-no-such-script = { $path } : script introuvable
cli-folder-not-script = { $path } est un dossier, pas un script
cli-script-not-utf-text-byte = { $path } : le script n'est pas du texte UTF-8 (octet { $start })
cli-cannot-read-script = { $path } : impossible de lire le script ({ $value })
cli-log-being-exported-choose-another = { $output } est le journal exporté ; choisissez un autre fichier
cli-combatlog-log-holding-events-this = { $path } est un journal combatlog qui contient des événements absents de cet export ; il ne sera pas écrasé (choisissez un autre fichier)
cli-cannot-write = impossible d'écrire { $path } : { $value }
cli-folder-not-export = { $file } est un dossier, pas un export
cli-no-such-file = { $file } : fichier introuvable
cli-holds-no-events-nothing-was = { $file } ne contient aucun événement ; rien n'a été importé
cli-appeared-while-importing-nothing-was = { $target } est apparu pendant l'import ; rien n'y a été importé
cli-no-encounter-yet = le journal ne contient encore aucune rencontre
cli-several-encounters = le journal contient plusieurs rencontres ({ $names }) : choisissez-en une avec --encounter
cli-play-no-such-encounter = le journal n'a pas de rencontre « { $wanted } » (il a : { $known }) : ajoutez --new pour la créer
cli-play-other-ruleset = la rencontre « { $wanted } » se joue en { $ruleset }, pas en { $asked } : retirez --ruleset, ou ouvrez une nouvelle rencontre avec --encounter NOM --new
cli-output-cannot-be-written = combatlog : la sortie contient du texte impossible à écrire ({ $error })
cli-input-nested-too-deeply = combatlog : l'entrée est imbriquée trop profondément
cli-command-failed = combatlog : { $command } a échoué ({ $kind } : { $error }) ; relancez avec -v pour les détails
cli-line = ligne { $number } : { $text }
cli-command-nested-too-deeply = la commande est imbriquée trop profondément
cli-command-not-run = cette commande n'a pas pu s'exécuter ({ $kind } : { $error }) ; { $written ->
    [yes] ses événements ont été écrits
   *[no] rien n'a été écrit
 }
cli-imported = { $count ->
    [one] { $count } événement importé
   *[other] { $count } événements importés
 } dans la rencontre « { $name } »
cli-repair-sqlite = rien à réparer : { $log } est un journal SQLite, écrit une commande entière à la fois
cli-repair-whole = rien à réparer : { $log } se termine par une commande entière
cli-repaired = { $log } réparé : coupé { $torn ->
    [yes] la ligne { $line }, coupée en plein milieu{ $events ->
        [0] {""}
       *[other] {" "}et{" "}
    }
   *[no] {""}
 }{ $events ->
    [0] {""}
    [1] l'événement { $first } de la rencontre « { $encounter } » (une commande écrite en partie)
   *[other] les événements { $first } à { $last } de la rencontre « { $encounter } » (une commande écrite en partie)
 }, { $size } octets à partir de l'octet { $offset } ; les octets coupés sont gardés dans { $saved }
cli-verify-failed = combatlog : échec de la vérification{ $has-where ->
    [yes] {" "}(rencontre « { $where } »)
   *[no] {""}
 } : { $problem }
cli-verify-more = combatlog : échec de la vérification{ $has-where ->
    [yes] {" "}(rencontre « { $where } »)
   *[no] {""}
 } : et { $count } événements de plus
cli-verify-ok = ok : { $events ->
    [one] { $events } événement
   *[other] { $events } événements
 } dans { $encounters ->
    [one] { $encounters } rencontre
   *[other] { $encounters } rencontres
 } : chaîne de hachage intacte, chaque commande redérivée à l'identique
cli-error = combatlog : { $text }
cli-verify-ok-heads = { $verdict } ; { $count ->
    [one] empreinte de la tête
   *[other] empreintes des têtes
 } : { $heads }
cli-serve-needs-extra = combatlog : serve a besoin de l'extra server ({ $install }) : { $error }
