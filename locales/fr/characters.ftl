# Personnages importés : `combatlog import-character` (party/characters.py) et la difficulté de la rencontre.

char-file-unreadable = impossible de lire { $file } : { $reason }
char-file-is-folder = { $file } est un dossier, pas un fichier de personnage
char-not-readable = { $file } n'est pas du JSON ni du YAML valide (ligne { $line }, colonne { $column }) : { $reason }
char-not-a-character-file = ce fichier n'est ni un export d'acteur Foundry VTT (« Export Data » : champs 'system' et 'items') ni un fichier de groupe (champ 'party')
char-unknown-system = cet acteur Foundry appartient au système '{ $system }' : seuls les exports dnd5e sont lus (champ '_stats.systemId')
char-not-a-character = l'acteur Foundry '{ $name }' est de type '{ $type }', pas un personnage joueur (champ 'type')
char-ruleset-mismatch = un personnage { $system } ne peut pas rejoindre une rencontre { $ruleset }
char-field-missing = le champ '{ $field }' manque
char-field-unknown = le champ '{ $field }' n'existe pas dans un fichier de groupe (connus : id, name, level, class, side, foundry, stats)
char-field-bad = champ '{ $field }' : { $value } n'est pas { $expected ->
    [integer] un nombre entier
    [level] un niveau de personnage (de 1 à 20)
    [list] une liste
    [object] un objet
    [actor] l'export d'un seul personnage
   *[other] { $expected }
 }
char-no-class = '{ $name }' n'a aucun objet de classe : son niveau est inconnu (champ 'items', un objet de type 'class')
char-ac-formula = le calcul de classe d'armure '{ $calc }' est illisible (champ 'system.attributes.ac.calc' ; formule '{ $formula }') : choisissez une CA fixe sur la fiche
char-party-empty = le fichier de groupe ne liste aucun personnage (champ 'party' : une liste)
char-duplicate-id = champ '{ $field }' : deux personnages ont l'identifiant '{ $id }'
char-in-member = { $field } : { $fr }
char-stats-refused = { $field } : { $fr }

char-output-is-folder = { $file } est un dossier : nommez un fichier à écrire
char-output-not-written = impossible d'écrire { $file } : { $reason }

char-note-default-speed = vitesse : aucune sur la fiche ni sur l'espèce, 9 m (30 pieds) retenus, la valeur par défaut de dnd5e
char-note-damage-unreadable = { $weapon } : sa formule de dégâts est illisible (champ '{ $field }') ; arme écartée
char-note-no-damage-type = { $weapon } : aucun type de dégâts (champ '{ $field }') ; arme écartée
char-note-no-range = { $weapon } : aucune portée (champ '{ $field }') ; arme écartée
char-note-versatile = { $weapon } : ses dégâts à deux mains (polyvalente) ne sont pas repris
char-note-pact-magic = les emplacements de magie de pacte (rendus au repos court) ne sont pas repris

char-summary = { $name } — niveau { $level }{ $has-class ->
    [yes] {" "}({ $class })
   *[no] {""}
 } : CA { $ac }, PV { $hp }, vitesse { $speed } m, initiative { $initiative }
char-saves = jets de sauvegarde : { $saves }
char-skills = compétences : { $skills }
char-attack = { $name } : { $to-hit } pour toucher, { $damage }
char-spellcasting = incantation ({ $ability }) : DD des sauvegardes { $dc }, attaque des sorts { $attack } ; emplacements { $slots } ; sorts : { $spells }
char-note = remarque : { $text }
char-left-out = non repris dans les commandes add (ce combatlog ne les prend pas encore) : { $keys }
char-written = { $count ->
    [one] un personnage écrit dans { $file }
   *[other] { $count } personnages écrits dans { $file }
 }

char-file-too-big = { $file } pèse { $size } Mo : un fichier de personnage est refusé au-delà de { $limit } Mo
char-too-deep = { $file } s'imbrique sur plus de { $limit } niveaux : ce n'est pas une fiche de personnage
char-too-many-values = { $file } contient plus de { $limit } valeurs : ce n'est pas une fiche de personnage
char-yaml-alias = { $file } : les ancres et alias YAML sont refusés (ligne { $line }, colonne { $column }) : écrivez chaque valeur en entier
char-formula = le champ '{ $field }' : la formule '{ $formula }' est illisible ({ $reason })
