# The interactive shell (`combatlog play`): prompts, banner, status table, help.

shell-prompt-reaction = réaction ? { $who } (réagir/passer/annuler) >{" "}
shell-prompt-death-save = jet contre la mort { ELISION($who) ->
    [vowel] d'{ $who }
   *[consonant] de { $who }
 } ? (Entrée ou jds) >{" "}
shell-prompt-setup = préparation >{" "}
shell-prompt-ended = fin >{" "}
shell-prompt-turn = r{ $round } { $who } >{" "}
shell-prompt-die = d{ $sides } ?{" "}
shell-goodbye = À bientôt. Journal : { $where } ({ $count } { $count ->
    [one] événement
   *[other] événements
 })
shell-banner = combatlog — { $name } ({ $ruleset }) · journal { $where } · dés { $dice ->
    [manual] manuels (la table lance)
   *[auto] automatiques
 }
shell-banner-help = Tapez aide pour la liste des commandes, Tab pour compléter.
shell-cancelled = commande abandonnée : rien n'est enregistré
shell-conflict = un autre programme a écrit dans le journal ; état relu, recommencez : { $error }
shell-store-error = journal illisible ou non inscriptible : { $error }
shell-interrupted = interrompu
shell-internal-error = erreur interne ({ $error }) ; état relu depuis le journal
shell-bad-die = un d{ $sides } montre un nombre de 1 à { $sides }, pas « { $text } »
shell-window-only = une fenêtre de réaction est ouverte : seulement réagir, passer ou annuler, ou les dégâts, soins et états du MJ ({ $who } peut réagir)
shell-undid = { $line } : { $commands }
shell-separator = {" ; "}
shell-undone-mark = (annulé)
shell-already = { $target } a déjà l'état « { $condition } »{ $has-source ->
    [yes] {" "}de la même source ({ $source })
   *[no] {""}
 } : rien n'est ajouté (retirez-le d'abord pour changer sa durée)
shell-unknown-command = commande inconnue « { $word } »
shell-templates-title = Modèles de créatures (ajout ID MODÈLE) :
shell-template-line = { $name } ({ $stem }) — { $kind }, CA { $ac }, PV { $hp }, vitesse { $speed }
shell-sheet-title = { $name } ({ $id }) — { $kind }, camp { $side }
shell-sheet-defence = CA { $ac } · PV { $hp }/{ $max-hp } · vitesse { $speed } · maîtrise +{ $proficiency } · initiative { $initiative }
shell-sheet-abilities = For { $str } · Dex { $dex } · Con { $con } · Int { $int } · Sag { $wis } · Cha { $cha }
shell-sheet-saves = Jets de sauvegarde maîtrisés : { $list }
shell-sheet-skills = Compétences : { $list }
shell-sheet-attacks = Attaques{ $per-action ->
    [1] {""}
   *[other] {" "}({ $per-action } par action)
 } :
shell-sheet-attack = { $name } ({ $id }) : { $kind ->
    [melee] corps à corps
   *[ranged] distance
 }, +{ $to-hit } pour toucher, { $kind ->
    [melee] allonge { $reach }
   *[ranged] portée { $range }
 }, { $damage }
shell-sheet-damage = { $roll } { $type }
shell-sheet-reactions = Réactions : { $list }
shell-sheet-effects = Effets : { $list }
shell-sheet-resistances = Résistances : { $list }
shell-sheet-vulnerabilities = Vulnérabilités : { $list }
shell-sheet-immunities = Immunités : { $list }
shell-sheet-condition-immunities = Immunités aux états : { $list }
shell-sheet-none = -
shell-no-creature = pas de créature « { $id } » (présentes : { $known })

# The status table.
table-encounter = rencontre
table-round = round { $round }
table-turn-of = tour { ELISION($who) ->
    [vowel] d'{ $who }
   *[consonant] de { $who }
 }
table-death-saves = JS contre la mort : { $successes } { $successes ->
    [one] réussite
    [0] réussite
   *[other] réussites
 }, { $failures } { $failures ->
    [one] échec
    [0] échec
   *[other] échecs
 }
table-dead = mort
table-left-action = action
table-left-attacks = { $count } { $count ->
    [one] attaque
   *[other] attaques
 }
table-left-bonus = bonus
table-left-reaction = réaction
table-left-none = rien
table-window = Fenêtre de réaction : { $trigger } → { $who } peut réagir ou passer
table-until-end = → fin du tour { ELISION($who) ->
    [vowel] d'{ $who }
   *[consonant] de { $who }
 }
table-until-start = → début du tour { ELISION($who) ->
    [vowel] d'{ $who }
   *[consonant] de { $who }
 }
table-until-rounds = { $left } { $left ->
    [one] round restant
    [0] round restant
   *[other] rounds restants
 }
table-until-save = JS { $ability } DD { $dc }
table-until-concentration = conc. { $who }

# Help: one usage line per command, then what it does.
help-intro = Commandes (en français ou en anglais ; les accents et la casse sont libres) :
help-outro = Les identifiants (aria, gob1), attaques, états et types de dégâts se complètent avec Tab. En dés manuels, le shell demande chaque dé (« d20 ? ») ; « annuler » abandonne la commande. Une ligne qui commence par { "{" } est une commande JSON brute, par ex. { "{" }"do": "heal", "target": "aria", "amount": 5{ "}" }.
help-attack = attaque ATTAQUANT CIBLE [ARME] [avantage|désavantage] [bonus] [nonlétal] — une attaque : jet pour toucher, puis dégâts
help-damage = dgt CIBLE[,CIBLE…] MONTANT|2d6+3 TYPE [js CAR DD [rien]] — des dégâts hors attaque (sort, piège), avec sauvegarde pour moitié
help-heal = soin CIBLE MONTANT|2d4+2 — des soins
help-temp_hp = pvt CIBLE MONTANT — des points de vie temporaires
help-state = état — le tableau de la rencontre
help-end_turn = suivant — fin du tour, le suivant commence
help-undo = annuler [N] — annule les N dernières commandes (rien n'est effacé)
help-redo = rétablir [N] — rétablit ce qui vient d'être annulé
help-death_save = jds [ID] — jet de sauvegarde contre la mort (Entrée suffit quand il est attendu)
help-react = réagir ID [ao|prêt|RÉACTION] [ARME] — répondre à la fenêtre de réaction (ao : attaque d'opportunité)
help-pass = passer [ID] — ne pas réagir
help-condition = cond CIBLE +ÉTAT [jusqu'à fin:ID|début:ID] [N rounds] [js CAR DD] [par SOURCE] [conc] | cond CIBLE -ÉTAT [par SOURCE] — ajoute ou retire un état, avec sa durée
help-initiative = init [ID [VALEUR]] [avantage] — lance (ou fixe) l'initiative ; sans ID : tous ceux qui n'en ont pas
help-order = ordre ID ID… — départage les égalités d'initiative
help-start = début — le combat commence
help-add = ajout ID MODÈLE [nom=…] [camp=…] [groupe=…] [pj|monstre] [X,Y] [pv=N] [ca=N] [vitesse=N] [init=+N] — ajoute une créature d'après un modèle (voir modèles) ou la bibliothèque ; « ajout 4 gobelins » en ajoute quatre (gob1…gob4, une seule initiative) ; sans modèle, une créature à vous : ajout chef pv=30 ca=14 nom=Chef [attaque=+4,1d6+2 tranchant]
help-remove = retirer ID — une créature quitte le combat
help-move = bouge ID X,Y [X,Y…] [vol|nage|rampe|escalade] — déplacement case par case (1 case = { DISTANCE($square) })
help-place = place ID X,Y — pose une créature sans déplacement
help-stand = debout ID — se relever (coûte la moitié de la vitesse)
help-action = action ID foncer|désengager|esquiver|aider|cacher|chercher|préparer|magie|… [bonus] — une action autre qu'une attaque
help-save = js ID CAR DD [avantage|désavantage] — jet de sauvegarde
help-check = test ID COMPÉTENCE|CAR [DD] — test de caractéristique
help-surprise = surprise ID ID… — ces créatures sont surprises au début du combat
help-end = fin [raison…] — fin du combat
help-log = journal [N] — les N derniers événements
help-help = aide [COMMANDE] — cette aide
help-quit = quitter — quitter le shell (ou Ctrl-D)
help-grapple = empoigner ATTAQUANT CIBLE — tentative d'empoignade (attaque à mains nues)
help-shove = pousser ATTAQUANT CIBLE [terre|recul] — pousser une créature : à terre ou à { DISTANCE($square) }
help-escape = échapper ID [acrobaties|athlétisme] — se libérer d'une empoignade
help-stabilize = stabiliser ID CIBLE — premiers soins (Sagesse (Médecine) DD 10)
help-concentration = concentration ID EFFET… | concentration ID fin — commencer ou cesser de se concentrer
help-terrain = terrain difficile|dégagé X,Y [X,Y…] — marque des cases de terrain difficile
help-trigger = déclencher ID — le déclencheur de l'action préparée de ID survient
help-revert = revenir SEQ — annule tout ce qui suit l'événement SEQ
help-templates = modèles — la liste des modèles de créatures
help-sheet = fiche ID — le profil d'une créature, avec ses attaques ; fiche NOM — une créature ou un sort de la bibliothèque
help-full_attack = outrance ATTAQUANT CIBLE [ARME] [défensive] — Pathfinder : l'attaque à outrance (toutes les attaques du round, une action complexe)
help-maneuver = manœuvre ATTAQUANT CIBLE croc-en-jambe|bousculade|désarmement|lutte|renversement|destruction|sale_coup|traction|repositionnement|vol — Pathfinder : une manœuvre de combat (BMO contre DMD)
help-step = pas ID X,Y — Pathfinder : le pas de placement ({ DISTANCE($square) }, sans attaque d'opportunité)
help-roll_off = départager ID ID… — Pathfinder : un d20 chacun pour départager une égalité d'initiative
help-next_round = round_suivant [N] — Rôle'n Play : les rounds après le combat (5 au plus, pour soigner les mourants)
error-maneuver = manœuvre inconnue « { $word } » (connues : { $known })
table-left-standard = simple
table-left-move = mouvement
table-left-step = pas de 1,5 m
table-left-swift = rapide
table-left-aoo = { $count ->
    [one] 1 AO
   *[other] { $count } AO
 }

# What the shell says about a line it cannot turn into a command (package/lines.py).
shell-no-window-pass = aucune fenêtre de réaction n'est ouverte : il n'y a rien à passer
shell-no-window-react = aucune fenêtre de réaction n'est ouverte : personne ne peut réagir maintenant
shell-skipped-dead = { $count ->
    [one] déjà mort, laissé de côté
   *[other] déjà morts, laissés de côté
 } : { $names }
shell-custom-needs = une créature sans modèle a besoin de ses PV et de sa CA, par ex. ajout chef pv=30 ca=14 nom=Chef attaque=+4,1d6+2 tranchant
shell-plain-attack = attaque={ $value } : écrivez le bonus pour toucher, les dés de dégâts et leur type, par ex. attaque=+4,1d6+2 tranchant
shell-plain-attack-name = { $number ->
    [1] Attaque
   *[other] Attaque { $number }
 }
shell-attack-needs-custom = attaque= sert à une créature sans modèle (ajout chef pv=30 ca=14 attaque=+4,1d6+2 tranchant) ; un modèle a déjà ses attaques

# Un effet à côté des états (projections/status.py effects_shown) : son nom et ce qu'il change.
table-effect = { $name } ({ $changes })
effect-change-ac = CA { $bonus }
effect-change-roll = { $sign }{ $roll } aux { $on }
effect-change-on = { $on ->
    [attack] attaques
    [save] JS
    [check] tests
    [ac] CA
    [fort] Vigueur
    [ref] Réflexes
    [will] Volonté
   *[other] { $on }
}
effect-change-and = { $first } et { $last }
effect-change-damage = +{ $roll } dégâts{ $type ->
    [none] {""}
   *[other] {" "}({ $type })
}
effect-change-bonus = { $value } { $to }
