# `combatlog serve`: the DM's page, the players' view and the JSON API's errors (owned by the server).
# Reused from other catalogs (not copied): table-round, table-turn-of, table-window, table-death-saves,
# table-left-*, table-until-* (shell.ftl, through the shell's status table), shell-undone-mark (shell.ftl),
# phase-*, status-*, condition-* (terms.ftl).

## The pages
page-dm-title = Maître du jeu
page-table-title = La table
page-encounters = Rencontres
page-no-encounter = Le journal ne contient encore aucune rencontre.
page-setup = Préparation
page-col-init = Init
page-col-id = Id
page-col-name = Nom
page-col-hp = PV
page-col-thp = PVT
page-col-ac = CA
page-col-conditions = États
page-col-left = Reste ce tour
page-col-health = Santé
page-command = Commande
page-command-placeholder = attaque aria gob1 · dgt gob1 5 tranchant · suivant · { "{\"do\": …}" }
page-send = Envoyer
page-next-turn = Tour suivant
page-undo = Annuler
page-redo = Rétablir
page-log = Journal
page-time = Voyage dans le temps
page-live = En direct
page-viewing-at = État après l'événement { $seq } (lecture seule)
page-transcript = Compte rendu
page-players-view = Vue des joueurs
page-last-lines = Derniers événements
page-ok-seq = Fait (événement { $seq })
page-disconnected = Connexion perdue, reconnexion…
page-private-index = Ce serveur est privé : ouvrez l'adresse donnée par « combatlog serve ».

## How a monster looks to the players (never its exact HP)
players-health-healthy = en forme
players-health-bloodied = en sang
players-health-down = hors de combat

## What the players read about the last events: no exact HP of a monster ever
players-combat-starts = Le combat commence
players-combat-ends = Le combat est terminé
players-turn = Round { $round }, tour { ELISION($who) ->
    [vowel] d'{ $who }
   *[consonant] de { $who }
 }
players-hit = { $who } touche { $target }
players-critical = { $who } porte un coup critique à { $target }
players-miss = { $who } rate { $target }
players-damage-pc = { $target } subit { $amount } { $amount ->
    [one] dégât
   *[other] dégâts
 }
players-damage-monster = { $target } encaisse un coup
players-heal-pc = { $target } récupère { $amount } PV
players-heal-monster = { $target } reprend des forces
players-dying = { $who } s'effondre
players-dead = { $who } meurt
players-stable = { $who } : stable
players-condition = { $target } : { $condition }
players-condition-ends = { $target } : fin de l'état { $condition }
players-save-ok = { $who } réussit son jet de sauvegarde
players-save-ko = { $who } rate son jet de sauvegarde
players-reacts = { $who } réagit
players-joins = { $who } rejoint le combat
players-leaves = { $who } quitte le combat

## The JSON API's refusals
server-bad-token = Jeton absent ou incorrect : ouvrez l'adresse donnée par « combatlog serve ».
server-body-too-large = requête trop grosse (au plus { $limit } octets)
server-not-json = JSON invalide ({ $reason })
server-no-such-encounter = le journal n'a pas de rencontre « { $name } »
server-bad-seq = { $field } : « { $value } » n'est pas un numéro d'événement
server-bad-lang = langue inconnue « { $value } » (fr ou en)
server-bad-format = format inconnu « { $value } » (md, html ou json)
server-conflict = quelqu'un d'autre vient d'écrire dans la rencontre : rechargez et recommencez
server-nothing-to-run = rien à exécuter : « { $line } » est une commande du terminal
server-bad-host = ce serveur ne répond pas à l'hôte « { $host } » (ouvrez-le à l'adresse donnée par « combatlog serve »)
server-cross-site = refusé : la requête vient d'un autre site ({ $origin }) ; seules les pages de ce serveur peuvent écrire
server-not-json-type = le corps doit être envoyé en application/json (pas « { $type } »)
server-unknown-key = champ inconnu « { $field } » (connus : { $known })
server-not-text = « { $field } » doit être un texte
server-too-deep = le corps est trop imbriqué pour être une commande
server-bad-encounter-quote = le nom de rencontre « { $name } » contient un guillemet ou une barre oblique inverse : donnez-lui un nom sans
server-bad-idempotency-key = { $field } doit être un texte de 1 à { $limit } caractères imprimables
server-key-reused = la clé d'idempotence « { $id } » a déjà servi pour une autre requête : envoyez une nouvelle clé
server-bad-count = { $field } : « { $value } » n'est pas un nombre de 1 à { $limit }

server-library-kind = kind vaut creature ou spell, pas « { $kind } »
server-library-unknown = la bibliothèque n'a pas d'entrée « { $id } »

# The DM's page run with the mouse (issue 22)
page-new-encounter = Nouvelle rencontre
page-ruleset = Règles
page-language = Langue
page-enc-name = Nom
page-create = Créer
page-add = Ajouter
page-creature = Créature
page-count = Nombre
page-add-to-fight = Ajouter au combat
page-custom = Créature sur mesure
page-add-custom = Ajouter cette créature
page-from-library = Depuis la bibliothèque
page-hp = PV
page-ac = CA
page-init-bonus = Bonus d'initiative
page-attack-name = Nom de l'attaque
page-to-hit = Bonus au toucher
page-damage-roll = Dés de dégâts
page-side = Camp
page-pc = Personnage joueur
page-close = Fermer
page-roll-all = Lancer l'initiative
page-initiative-of = Initiative de { $name }
page-roll = Lancer
page-start = Commencer le combat
page-end-fight = Finir le combat
page-damage = Dégâts
page-heal = Soins
page-temp-hp = PV temporaires
page-conditions = États
page-amount = Montant
page-damage-type = Type de dégâts
page-apply = Appliquer
page-erase = Effacer
page-condition = État
page-duration = Durée
page-dur-none = Jusqu'à ce qu'on le retire
page-dur-eot = Fin de son prochain tour
page-dur-rounds = Rounds
page-dur-save = Sauvegarde pour finir (fin de chaque tour)
page-save-ability = Caractéristique de sauvegarde
page-dc = DD
page-remove = Retirer { $what }
page-stat-block-of = Profil de { $name }
page-actions-of = Actions de { $name }
page-pick-target = Choisissez la cible de { $what } : cliquez une ligne ou un pion
page-pick-targets = Choisissez les cibles de { $what }, puis confirmez
page-targets-done = Valider les cibles
page-give-up = Renoncer
page-typed-dice = Dés lancés à la table
page-dice = Dés (faces, dans l'ordre)
page-result = Résultat
page-react-prompt = Réaction : { $who } peut réagir
page-opportunity-of = Attaque d'opportunité de { $who }
page-react-with = { $what } ({ $who })
page-pass-of = { $who } passe
page-death-save = Jet contre la mort
page-map = Carte
page-map-hint = Glissez un pion pour le déplacer ; cliquez-en un pour voir son allonge.
page-shortcuts = Raccourcis clavier
page-key-next = n : tour suivant
page-key-undo = z ou Ctrl+Z : annuler
page-key-redo = y ou Ctrl+Y : rétablir
page-key-command = / : la ligne de commande
page-key-help = ? : cette aide
page-concentration = Concentration : { $what }
page-slots = Emplacements
page-uses = Utilisations
page-legendary = Actions légendaires
page-spells = Sorts
page-slot-level = Niveau d'emplacement
page-from-encounter = D'une autre rencontre
page-carry-from = Rencontre
page-carry-add = Ajouter ces personnages
page-carry-none = Aucun personnage joueur à reprendre d'une autre rencontre
page-attacks = Attaques
page-no-result = Aucune créature trouvée
page-hide = Cacher aux joueurs
page-reveal = Montrer aux joueurs
page-actions-col = Actions
page-death-saves = Jets contre la mort : { $ok } ✓ { $ko } ✗
page-dice-said = dés { $faces }
server-internal-error = erreur interne du serveur ({ $kind }) : rien n'a été écrit ; rechargez la page
page-path-cost = Chemin le moins cher : { $cost } ; il lui reste { $left }
page-path-cost-only = Chemin le moins cher : { $cost }
page-path-too-far = Trop loin : ce chemin coûte { $cost }, il ne lui reste que { $left }
page-no-path = Aucun chemin possible jusqu'à cette case
page-bad-square = case illisible : « { $value } » (attendu : x,y)
page-ties-title = Égalités d'initiative
page-ties-hint = Mettez dans l'ordre les créatures à égalité : la première agit avant les suivantes.
page-ties-at = Initiative { $value }
page-move-up = Monter { $name }
page-move-down = Descendre { $name }
page-ties-confirm = Valider l'ordre et commencer
page-picking-ended = Choix des cibles abandonné ({ $what }) : le tour est passé.
page-encounters-of-log = Rencontres du journal
page-short-rest = Repos court
page-long-rest = Repos long
page-readied = Action préparée
