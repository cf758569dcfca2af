# Erreurs des journaux eux-mêmes (events/stores, les contrôles de l'enveloppe) : un journal qu'on ne peut pas
# ouvrir, lire ou écrire, un journal abîmé, un autre programme qui a écrit le premier.

## Un journal auquel on ne peut plus se fier à partir d'un événement (LogCorrupted) ; $reason est l'un des store-reason-* ci-dessous.
store-log-corrupted = journal corrompu à l'événement { $seq }{ $has-encounter ->
    [yes] {" "}de la rencontre « { $encounter } »
   *[no] {""}
 } : { $reason }
store-reason-bytes-changed = ses octets ne correspondent plus à son empreinte (modifié ou abîmé)
store-reason-version-newer = il est en version { $version }, plus récente que ce que connaît ce combatlog ({ $current })
store-reason-seq-elsewhere = on y trouve l'événement { $found } à la place du { $expected }
store-reason-chain-broken = il ne suit pas l'empreinte de l'événement précédent (chaîne rompue)
store-reason-unreadable = événement illisible ({ $error })
store-reason-no-upcaster = aucune conversion connue pour { $type } v{ $version }
store-reason-upcast-invalid = { $type } converti depuis une ancienne version est invalide ({ $error })
store-reason-missing = il manque au journal
store-reason-at-line = { $file }, ligne { $line } : { $reason }

## Un autre programme a écrit le premier (ConcurrencyConflict).
store-conflict = la rencontre « { $encounter } » { $moved-on ->
    [yes] a avancé : l'événement { $expected } devait être écrit, mais le journal en compte déjà { $count } { $count ->
        [one] événement
       *[other] événements
    }
   *[no] est en retard : l'événement { $expected } devait être écrit, mais le journal { $count ->
        [0] ne compte encore aucun événement
        [one] n'en compte que { $count } événement
       *[other] n'en compte que { $count } événements
    }
 } ; rechargez et recommencez

## Un journal qu'on ne peut pas ouvrir, lire ou écrire (StoreError).
store-no-such-log-file = { $path } : journal introuvable
store-folder-missing = impossible d'ouvrir { $path } : le dossier { $folder } n'existe pas
store-schema-version = { $path } est un journal au format (schéma) version { $version } ; ce combatlog lit la version { $supported }
store-schema-version-unknown = inconnue
store-busy = { $path } : un autre programme tient le journal ; réessayez
store-busy-too-long = { $path } : un autre programme a tenu le journal trop longtemps ; rien n'a été écrit, réessayez
store-foreign-database = { $path } est une base SQLite d'une autre application, pas un journal combatlog
store-empty-file = { $path } est un fichier vide, pas un journal combatlog
store-no-events-table = { $path } est une base SQLite, mais pas un journal combatlog (pas de table des événements)
store-unreadable-log = { $path } n'est pas un journal combatlog lisible : { $error }
store-file-error = { $path } : { $error }
store-head-mismatch = { $path } : la rencontre « { $encounter } » ne s'arrête pas là où le dit sa fin enregistrée ({ $damage }) ; rien n'a été écrit (lancez combatlog verify)
store-head-cut = les événements { $first } à { $last } manquent à la fin
store-head-added = les événements { $first } à { $last } ont été ajoutés sans la mettre à jour
store-head-replaced = l'événement { $seq } n'est pas celui qu'elle enregistre
store-needs-module = un journal PostgreSQL a besoin de { $module } : pip install 'combatlog[postgres]'
store-jsonl-unreadable-line = { $file }, ligne { $line } : pas un événement combatlog lisible{ $torn ->
    [yes] {" "}(le fichier s'arrête au milieu d'une ligne : une écriture interrompue ? `combatlog repair { $file }` la coupe)
   *[no] {""}
 } : { $error }
store-jsonl-unrepairable-line = { $file }, ligne { $line } : pas un événement combatlog lisible : { $error } ; seule une dernière ligne coupée en plein milieu peut être réparée
store-jsonl-unfinished-not-last = { $path } : la commande inachevée n'est pas à la fin du fichier ; réparez-le à la main
store-postgres-unreachable = { $path } : impossible de joindre le serveur PostgreSQL
store-postgres-unreachable-because = { $path } : impossible de joindre le serveur PostgreSQL : { $error }
store-postgres-no-database = { $path } : journal introuvable (la base de données n'existe pas)
store-postgres-no-log = { $path } : journal introuvable (la base de données ne contient aucun événement combatlog)
store-postgres-cannot-create = { $path } : la base de données n'existe pas et ne peut pas être créée : { $error }
store-postgres-no-connection = { $path } : aucune connexion au serveur PostgreSQL
store-postgres-closed = { $path } : le journal est fermé
store-postgres-cannot-listen = { $path } : impossible d'écouter les nouveaux événements : { $error }
store-postgres-no-connection-reason = pas de connexion
store-postgres-cannot-migrate = { $path } : impossible de créer ou de mettre à jour les tables du journal : { $error }
store-other-log = { $path } : ces événements sont chaînés à l'identité d'un autre journal ({ $theirs }), celle de ce journal est { $ours } ; rien n'a été écrit (importez-les dans un nouveau journal)
store-jsonl-lines-cut = { $path } : son fichier de tête compte { $lines } événements mais le journal n'en contient plus que { $now } : des événements en ont été coupés ; rien n'a été écrit (lancez combatlog verify)
store-outcome-unknown = { $path } : la connexion a été perdue pendant l'enregistrement de la commande ({ $error }) : elle a peut-être été écrite : rechargez avant de réessayer
store-bad-seq = { $field } doit être un numéro d'événement (un nombre entier à partir de { $lowest }), pas { $value }
store-key-exists = { $path } existe déjà : une clé n'est jamais écrasée (choisissez un autre fichier)
store-key-unreadable = { $path } n'est pas une clé Ed25519 lisible ({ $error })
