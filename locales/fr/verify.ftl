# Ce que `combatlog verify` trouve d'anormal dans un journal (replay/verify.py), un problème par événement.

verify-problem = événement { $seq } : { $problem }
verify-and = { $first } ; { $then }

## En rejouant chaque commande enregistrée avec ses dés enregistrés.
verify-transaction-without-command = une transaction doit commencer par CommandIssued
verify-rules-reject = les règles refusent maintenant cette commande : { $error }
verify-rules-cannot-run = les règles ne peuvent pas exécuter cette commande ({ $kind } : { $error })
verify-event-count = la commande a produit { $produced ->
    [one] { $produced } événement
   *[other] { $produced } événements
 }, le journal en contient { $recorded }
verify-other-type = le journal contient { $logged } là où les règles donnent { $derived }
verify-field-differs = { $field } vaut { $logged } dans le journal, les règles donnent { $derived }
verify-more-fields = { $fields } (et { $count ->
    [one] { $count } champ
   *[other] { $count } champs
 } de plus)
verify-event-differs = { $type } diffère de ce que donnent les règles

## Les lignes enregistrées : octets, place, chaînage, colonnes, enveloppes.
verify-event-missing = l'événement { $first } manque au journal
verify-events-missing = les événements { $first } à { $last } manquent au journal
verify-stored-twice = il est enregistré deux fois ou dans le désordre
verify-bytes-changed = ses octets ne correspondent plus à son empreinte enregistrée (modifié ou abîmé)
verify-unreadable = ses octets ne forment pas un événement lisible ({ $reason })
verify-seq-or-prev-hash-type = son seq ou son prev_hash n'est pas du bon type
verify-moved = il porte le numéro { $held } mais il est enregistré comme l'événement { $seq } (déplacé ou réordonné)
verify-txn-column = la colonne txn enregistrée indique { $column }, l'événement indique { $txn }
verify-type-column = la colonne type enregistrée indique { $column }, l'événement est un { $type }
verify-command-txn = un CommandIssued ouvre sa propre transaction, pourtant son txn vaut { $txn }
verify-envelope-of-command = son enveloppe ne concorde pas avec les événements de sa commande : { $detail }
verify-envelope-field-of-command = { $field } { $command } là où ses { $count } événements ont { $events }
verify-envelope = son enveloppe ne concorde pas avec sa commande : { $detail }
verify-envelope-field = { $field } { $event } là où sa commande a { $command }

## Les instantanés et la fin enregistrée du journal.
verify-snapshot-forged = l'instantané enregistré à cet événement est illisible ou ne passe pas son authentification (abîmé ou falsifié)
verify-snapshot-elsewhere = l'instantané enregistré à cet événement ne lui appartient pas (son numéro ou l'empreinte de son événement diffèrent)
verify-snapshot-state = l'instantané enregistré à cet événement contient un autre état que celui que donnent les événements ({ $fields })
verify-head-cut-one = la fin enregistrée du journal dit qu'il s'arrête à l'événement { $seq } : l'événement { $first } a été coupé de sa fin
verify-head-cut = la fin enregistrée du journal dit qu'il s'arrête à l'événement { $seq } : les événements { $first } à { $last } ont été coupés de sa fin
verify-head-hash = son empreinte diffère de celle qu'a enregistrée la fin du journal

## Le stockage lui-même (les contrôles propres à SQLite).
verify-sqlite-integrity = contrôle d'intégrité SQLite : { $line }
verify-damaged-index = rencontre « { $encounter } » : la table contient { $count } événements mais son index en trouve { $indexed } (index abîmé)
verify-rows-missing = rencontre « { $encounter } » : { $count } événements enregistrés, mais le dernier porte le numéro { $last } (événements manquants)

## Le lien de la chaîne à sa rencontre et à son journal (version 2), empreintes, signatures.
verify-chain-elsewhere = sa chaîne ne part pas de l'identité de cette rencontre dans ce journal (événements venus d'une autre rencontre ou d'un autre journal, ou renommés)
verify-head-missing = la fin enregistrée de cette rencontre a disparu du journal (supprimée, peut-être avec des événements coupés à la fin)
verify-chain-v2 = chaîne version 2 (journal { $id }) : la chaîne de chaque rencontre est liée à ce journal et à son nom
verify-chain-v1 = chaîne version 1 (un journal écrit avant la version 2) : la chaîne prouve l'ordre et les octets des événements de chaque rencontre, pas à quelle rencontre ni à quel journal ils appartiennent, ni une fin enregistrée supprimée avec ses derniers événements
verify-fingerprint = fin de { $encounter } : événement { $seq }, empreinte { $fingerprint }
verify-expect-found = empreinte { $fingerprint } trouvée : l'événement { $seq } de { $encounter } est toujours dans le journal
verify-expect-missing = l'empreinte { $fingerprint } n'est pas dans ce journal : la fin notée alors a disparu (le journal a été réécrit, ou c'est un autre journal)
verify-expect-malformed = « { $fingerprint } » n'est pas une empreinte : il faut 16 lettres et chiffres en 4 groupes de 4, par exemple ABCD-EFGH-IJKL-MNOP
verify-table-fingerprint = Empreinte du journal : { $fingerprint } (notez-la : combatlog verify --expect { $fingerprint } prouve que le journal contient toujours ce moment)
verify-signature-invalid = la signature de fin enregistrée à cet événement ne se vérifie pas avec cette clé publique (contrefaite, ou signée par une autre clé)
verify-signature-elsewhere = une signature de fin valide désigne cet événement, mais le journal ne le contient plus tel que signé (modifié ou coupé après la signature)
verify-head-unsigned = aucune signature de la clé du MJ ne couvre cette fin : le journal a été écrit ou modifié sans la clé
cli-key-written = clé privée écrite dans { $private } (gardez-la secrète), clé publique dans { $public } (donnez-la aux joueurs) ; signez chaque fin avec COMBATLOG_SIGNING_KEY={ $private } ; vérifiez avec combatlog verify JOURNAL --public-key { $public }
cli-verify-jobs = --jobs { $jobs } est impossible : indiquez combien de processus verify peut lancer à la fois, 1 ou plus (1 : ce processus seul)
