# Errors the shell gives for a line it cannot understand (nothing is run).

error-square = « { $word } » n'est pas une case : écrivez x,y
error-unknown-command = commande inconnue « { $word } » (tapez aide)
error-json = JSON invalide ({ $error } à la colonne { $column })
error-json-object = une commande JSON est un objet avec un champ « do »
error-missing-arguments = il manque des arguments : { $usage }
error-whole-number = { $what } doit être un nombre entier, pas « { $word } »
error-amount = « { $word } » n'est ni un montant ni un jet comme 2d6+3
error-damage-type = type de dégâts inconnu « { $word } » (connus : { $known })
error-ability = caractéristique inconnue « { $word } » (for, dex, con, int, sag, cha)
error-ambiguous = « { $word } » peut désigner plusieurs { $what }s { ELISION($owner) ->
    [vowel] d'{ $owner }
   *[consonant] de { $owner }
 } : { $known }
error-ambiguous-template = « { $word } » peut désigner plusieurs modèles : { $known }
error-no-template = aucun modèle « { $word } » (connus : { $known })
error-which-attack = quelle attaque ? ({ $known })
error-save-needs = une sauvegarde demande une caractéristique et un DD : js { $example }
error-too-many = « { $words } » est de trop : { $usage }
error-who = qui ? ({ $who }) : { $usage }
error-whose-death-save = le jet contre la mort de qui ? jds ID
error-condition-sign = écrivez +état ou -état, par ex. +à_terre (pas « { $change } »)
error-by-whom = par qui ? par ID
error-duration = « { $word } » n'est pas une durée : jusqu'à fin:ID, jusqu'à début:ID, N rounds, js CAR DD, par ID
error-concentration-source = la concentration demande le lanceur : par ID conc
error-initiative-done = tout le monde a déjà son initiative
error-add-count = ajoutez de 1 à { $most } créatures à la fois (pas { $count })
error-which-template = quel modèle ? ajout ID MODÈLE
error-stat-number = { $key }= prend un nombre, pas « { $value } »
error-move-where = bouger où ? bouge ID X,Y [X,Y…]
error-skill = compétence ou caractéristique inconnue « { $word } »
error-shove = pousser : terre ou recul, pas « { $word } »
error-escape = se libérer avec athlétisme ou acrobaties
error-terrain = terrain difficile ou dégagé, pas « { $word } »

# Clés d'idempotence (request_id d'Encounter.execute, ticket 24)
api-request-id-invalid = request_id doit être un texte de 1 à { $limit } caractères imprimables
api-request-id-reused = le request_id « { $request_id } » a déjà servi pour une autre commande : envoyez une nouvelle clé (rien n'a été appliqué)
