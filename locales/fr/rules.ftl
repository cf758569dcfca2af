# Refus des règles et de la rencontre (core/, replay/) : `fail(*both("rule-…", …))`.

rule-no-named = aucun { $role } indiqué
rule-there-no-combatant-known = aucun combattant « { $combatant_id } » (connus : { $has-known ->
    [yes] { $known }
   *[no] aucun
 })
rule-use-attack-command-to-attack = utilisez la commande « attack » pour attaquer
rule-unknown-action-known = action inconnue « { $action } » (connues : { $ACTIONS })
rule-there-no-disengage-action-without = pas d'action se désengager sans attaques d'opportunité (créez avec « opportunity_attacks » à true)
rule-help-needs-ally-one-who = aider demande un « ally » (celui qui obtient l'avantage)
rule-cannot-help-itself = { $helper } ne peut pas s'aider lui-même
rule-cannot-help-must-be-within = { $helper } ne peut pas aider { $ally } : il doit être à { DISTANCE($within) } au maximum de { $ally }
rule-does-not-need-stabilizing = { $target } n'a pas besoin d'être stabilisé : il est { $status }
rule-cannot-stabilize-not-within-m = { $helper } ne peut pas stabiliser { $target } : pas à { DISTANCE($within) }
rule-move-needs-path-of-squares = un déplacement demande un chemin de cases
rule-not-on-map-place-first = { $mover } n'est pas sur la carte : placez-le d'abord
rule-cannot-dead = { $creature } ne peut pas { $what } : il est mort
rule-cannot-not-now = { $creature } ne peut pas { $what } : { $now }
rule-cannot-surprised-until-first-turn = { $creature } ne peut pas { $what } : il est surpris jusqu'à la fin de son premier tour
rule-cannot-speed-zero = { $creature } ne peut pas { $what } : il est { $stopped }
rule-not-prone = { $creature } n'est pas à terre
rule-cannot-stand-unconscious = { $creature } ne peut pas se relever : il est inconscient
rule-cannot-stand-speed = { $creature } ne peut pas se relever : sa vitesse est 0
rule-cannot-stand-m-needed-m = { $creature } ne peut pas se relever : { DISTANCE($cost) } nécessaires, il reste { DISTANCE($left) }
rule-cannot-drop-prone = { $creature } ne peut pas se jeter au sol : { $now }
rule-cannot-drop-prone-at-speed = { $creature } ne peut pas se jeter au sol avec une vitesse de 0
rule-ready-needs-trigger-what-creature = se tenir prêt demande un « trigger » (le déclencheur)
rule-ready-needs-response-attack-or = se tenir prêt demande une « response » : une commande attack, move ou cast
rule-rounds-after-combat-have-run = les 5 rounds après le combat sont écoulés
rule-cannot-stabilize-cannot-act = { $helper } ne peut pas stabiliser : il ne peut pas agir
rule-action-spent-round = { $helper } a déjà utilisé son action ce round-ci (next_round la lui rend)
rule-cannot-step-from-to-squares = { $mover } ne peut pas passer de { $position } à { $square } : les cases doivent être adjacentes
rule-cannot-move-to-frightened-of = { $mover } ne peut pas aller en { $where } : il est effrayé par { $source } et ne peut pas s'en approcher
rule-cannot-move-to-turned-by = { $mover } ne peut pas aller en { $where } : il est repoussé par { $source } et doit s'en éloigner
rule-cannot-move-through-there = { $mover } ne peut pas traverser { $square } : { $other } s'y trouve
rule-cannot-end-move-in-there = { $mover } ne peut pas finir son déplacement en { $square } : { $other } s'y trouve
rule-cannot-reach-m-needed-m = { $mover } ne peut pas atteindre { $where } : { DISTANCE($spent_bound) } nécessaires, il reste { DISTANCE($budget) }
rule-help-needs-ally-and-target = aider demande un « ally » (et une cible « target » pour une attaque)
rule-cannot-help-itself-action = { $creature_id } ne peut pas s'aider lui-même
rule-cannot-help-against-must-be = { $creature_id } ne peut pas aider contre { $enemy } : il doit être à { DISTANCE($within) } de { $enemy }
rule-cannot-incapacitated = { $creature } ne peut pas { $what } : il est { $cause }
rule-cannot-turned-and-may-only = { $creature } ne peut pas { $what } : il est repoussé et ne peut que se précipiter (ou esquiver, ou se libérer)
rule-has-no-attack-attacks = { $attacker } n'a pas d'attaque « { $wanted } » (ses attaques : { $has-known ->
    [yes] { $known }
   *[no] aucune
 })
rule-cannot-attack-dead = { $attacker } ne peut pas attaquer { $target } : { $target } est mort
rule-cannot-target-has-total-cover = { $attacker } ne peut pas cibler { $target } : il bénéficie d'un abri total
rule-cannot-target-dead = { $attacker } ne peut pas { $what } { $target } : il est mort
rule-cannot-more-than-one-size = { $attacker } ne peut pas { $what } { $target } : il a plus d'une catégorie de taille de plus
rule-cannot-not-within-m = { $attacker } ne peut pas { $what } { $target } : pas à { DISTANCE($within) }
rule-not-grappled = { $creature } n'est pas agrippé
rule-action-spent = { $creature } a déjà utilisé son action ce tour-ci ({ $action })
rule-action-spent-attacks = { $attacker } a déjà utilisé son action ce tour-ci (Attaquer : { $made ->
    [one] { $made } attaque faite
   *[other] { $made } attaques faites
 })
rule-has-no-bonus-action-attack = { $attacker } n'a pas d'attaque en action bonus : rien ne l'accorde (le combat à deux armes demande d'abord l'action Attaquer avec une arme légère de corps à corps, puis une autre arme légère)
rule-cannot-attack-charmed-by = { $attacker } ne peut pas attaquer { $target } : il est charmé par { $target }
rule-cannot-reach-with-m-away = { $attacker } ne peut pas atteindre { $target } avec { $profile } : à { DISTANCE($distance) }, allonge { DISTANCE($reach) }
rule-cannot-hit-with-m-away = { $attacker } ne peut pas toucher { $target } avec { $profile } : à { DISTANCE($distance) }, au-delà de sa portée longue de { DISTANCE($long) }
rule-has-already-used-bonus-action = { $creature } a déjà utilisé son action bonus ce tour-ci ({ $bonus })
rule-has-already-used-reaction-this = { $creature } a déjà utilisé sa réaction ce round-ci
rule-command-must-be-json-object = une commande doit être un objet JSON avec un champ « do »
rule-command-has-no-do-field = la commande n'a pas de champ « do »
rule-unknown-command-known = commande inconnue « { $name } » (connues : { $COMMAND_NAMES })
rule-command-field = { $name } : { $reason }
rule-unknown-duration = durée inconnue { $spec }
rule-unknown-condition-known = condition inconnue « { $condition } » (connues : { $known })
rule-turned-needs-source-who-turned = repoussé demande une « source » : qui a repoussé la créature
rule-dead-no-condition-can-be = { $target_id } est mort : aucune condition ne peut s'ajouter
rule-duration-of-rounds-too-short = une durée de { $count ->
    [one] { $count } round
   *[other] { $count } rounds
 } est trop courte
rule-save-duration-needs-ability-dc = une durée par sauvegarde demande « ability » et « dc »
rule-exhaustion-levels-run-from-to = les niveaux d'épuisement vont de 1 à 6, pas { $level }
rule-unknown-duration-use-end-of = durée inconnue « { $until } » : utilisez end_of_turn, start_of_turn, rounds ou save
rule-aftermath-only = { $name } appartient à l'après-combat de Rôle'n Play (système rolenplay)
rule-undo-redo-and-revert-are = annuler, rétablir et revenir sont gérés par la rencontre, pas par les règles
rule-this-log-already-holds-encounter = ce journal contient déjà une rencontre : « create » doit être sa première commande
rule-during-phase = { $subject } pendant la phase { $phase_name }
rule-cinematic-and-opportunity-attacks-are = « cinematic » et « opportunity_attacks » sont des options de Rôle'n Play, pas de { $ruleset }
rule-damage-needs-target-or-targets = les dégâts demandent « target » ou « targets »
rule-target-listed-twice = une cible est citée deux fois
rule-damage-needs-exactly-one-of = les dégâts demandent soit « amount » soit « roll »
rule-damage-cannot-be-negative = des dégâts ne peuvent pas être négatifs ({ $amount })
rule-heal-needs-exactly-one-of = les soins demandent soit « amount » soit « roll »
rule-check-needs-ability-or-skill = le test demande « ability » ou « skill »
rule-condition-needs-exactly-one-of = condition demande soit « add » soit « remove »
rule-concentrate-needs-effect-name = concentrate demande le nom de l'effet (« effect »)
rule-log-has-no-encounter-yet = le journal n'a pas encore de rencontre : la première commande doit être « create »
rule-cannot-now-reaction-window-open = impossible { ELISION($doing) ->
    [vowel] d'{ $doing }
   *[consonant] de { $doing }
 } maintenant : une fenêtre de réaction est ouverte ({ $trigger }) ; on attend que { $reactors } réagisse ou passe
rule-cannot-now-must-roll-death = impossible { ELISION($doing) ->
    [vowel] d'{ $doing }
   *[consonant] de { $doing }
 } maintenant : { $turn } doit d'abord faire son jet de sauvegarde contre la mort
rule-no-death-save-due = { $subject } : aucun jet contre la mort n'est attendu ({ $now })
rule-combat-has-not-started-use = { $subject } : le combat n'a pas commencé (utilisez « start »)
rule-combat-has-ended = { $subject } : le combat est terminé
rule-already-dead = { $target_id } est déjà mort
rule-cover-given-for-which-not = un abri est donné pour { $target_id }, qui n'est pas une cible
rule-not-concentrating = { $creature } ne se concentre sur rien
rule-unknown-damage-type-known = type de dégâts inconnu « { $damage_type } » (connus : { $DAMAGE_TYPES })
rule-dead-healing-cannot-help = { $target_id } est mort : les soins n'y peuvent rien
rule-healing-cannot-be-negative = des soins ne peuvent pas être négatifs ({ $amount })
rule-temporary-hp-cannot-be-negative = des PV temporaires ne peuvent pas être négatifs ({ $amount })
rule-is-dead = { $target_id } est mort
rule-cannot-roll-death-save-s = { $creature_id } ne peut pas faire de JS contre la mort : c'est le tour de { $turn }
rule-not-dying = { $creature_id } n'est pas mourant
rule-cannot-react-reaction-spent-or = { $reactor } ne peut pas réagir : sa réaction est utilisée ou il ne peut pas agir
rule-may-not-react-now-waiting = { $reactor_id } ne peut pas réagir maintenant : on attend { $reactors } ({ $trigger })
rule-opportunity-attack-targets = une attaque d'opportunité vise { $mover_id }
rule-has-no-melee-attack = { $reactor } n'a pas d'attaque de corps à corps « { $attack } »
rule-has-no-reaction-reactions = { $reactor } n'a pas de réaction « { $wanted } » (ses réactions : { $has-known ->
    [yes] { $known }
   *[no] aucune
 })
rule-answers-attack-that-hits = { $reaction } répond à une attaque qui touche { $reactor }
rule-only-answers-melee-attack = { $reaction } ne répond qu'à une attaque au corps à corps
rule-has-no-readied-action = { $readier } n'a pas d'action préparée
rule-cannot-react-now-reaction-spent = { $readier } ne peut pas réagir maintenant (réaction utilisée, ou il ne peut pas agir)
rule-opportunity-attack-answers-creature-leaving = une attaque d'opportunité répond à une créature qui quitte l'allonge, pas à cette fenêtre
rule-has-already-answered-this-window = { $reactor_id } a déjà répondu à cette fenêtre
rule-has-no-readied-attack = { $reactor } n'a pas d'attaque « { $value } »
rule-has-no-readied-action-waiting = { $id } n'a pas d'action préparée pour cette fenêtre
rule-rolenplay-no-death-saves = Rôle'n Play n'a pas de jets de sauvegarde contre la mort : un personnage mourant attend d'être soigné ou stabilisé
rule-character-characters-have-their-own = { $id } est un personnage : chaque personnage a sa propre initiative, pas de groupe (Rôle'n Play)
rule-unconscious-at-zero-for-monsters = unconscious_at_zero concerne les monstres : les personnages tombent déjà inconscients à 0 PV
rule-next-round-counts-rounds-after = les rounds après le combat ne se comptent qu'une fois le combat fini : pendant le combat, finissez le tour (suivant)
rule-rounds-must-be-at-least = rounds doit valoir au moins 1, pas { $rounds }
rule-only-round-s-are-left = il ne reste { $aftermath ->
    [one] qu'un round
   *[other] que { $aftermath } rounds
 } après le combat
rule-character-tied-with-character-acts = { $creature } est un personnage à égalité avec { $seen_monster } : le personnage agit en premier (Rôle'n Play)
rule-unknown-ability-use-one-of = caractéristique inconnue « { $ability } » (utilisez { $ABILITIES })
rule-unknown-skill = compétence inconnue « { $skill } »
rule-stats = caractéristiques de { $who } : { $text }
rule-stats-error = caractéristiques de { $who } : { $error }
# Un problème d'un bloc de caractéristiques 5e (dnd5e/stats.py), joints par « ; » dans rule-stats
stats-unknown-value = { $key } : « { $value } » inconnu
stats-max-hp-low = max_hp doit valoir au moins 1, pas { $value }
stats-hp-outside = hp { $hp } doit être compris entre 0 et max_hp { $max_hp }
stats-speed-negative = speed ne peut pas être négative ({ $value })
stats-attacks-per-action = attacks_per_action doit valoir au moins 1
stats-out-of-range = champ « { $field } » : { $value } est hors limites (de { $low } à { $high })
stats-attack-twice = l'attaque « { $attack } » figure deux fois
stats-unknown-damage-type = attaque « { $attack } » : type de dégâts « { $type } » inconnu
stats-attack-dice = attaque « { $attack } » : { $error }
stats-ranged-needs-range = l'attaque « { $attack } » est à distance et demande une portée [normale, longue]
rule-every-combatant-dead-end-combat = tous les combattants sont morts : terminez le combat
rule-unconscious-at-zero-rolenplay = unconscious_at_zero est une option de Rôle'n Play
rule-combatant-needs-id = un combattant a besoin d'un identifiant
rule-there-already-combatant = il y a déjà un combattant « { $id } »
rule-needs-kind-pc-or-monster = { $id } doit avoir un type (kind) : pc ou monster
rule-no-creature-templates-are-available = aucun modèle de créature n'est disponible ici
rule-unknown-template = modèle inconnu « { $name } »
rule-cannot-start-nobody-in-fight = impossible de commencer : personne ne combat
rule-cannot-start-no-initiative-yet = impossible de commencer : pas encore d'initiative pour { $missing }
rule-cannot-start-initiative-ties-to = impossible de commencer : égalités d'initiative à départager avec « order » : { $listed }
rule-needs-stats-or-template = { $id } a besoin de « stats » ou d'un « template »
rule-has-no-initiative-yet = { $combatant_id } n'a pas encore d'initiative
rule-order-only-breaks-ties-cannot = order ne fait que départager les égalités : il ne peut pas placer une initiative plus basse avant une plus haute
rule-there-no-event-to-revert = il n'y a pas d'événement { $to } (le journal va de 0 à { $txn_bound })
rule-event-inside-command-that-runs = l'événement { $to } est au milieu de la commande qui va de { $inside } à { $end_of_txn } : revenez à { $end_of_txn } ou { $inside_bound }
rule-nothing-to-revert-after-event = rien à défaire après l'événement { $to }
rule-undo-steps-must-be-at = le nombre d'annulations doit être d'au moins 1
rule-nothing-to-undo = rien à annuler
rule-redo-steps-must-be-at = le nombre de rétablissements doit être d'au moins 1
rule-nothing-to-redo-redo-only = rien à rétablir : rétablir ne suit qu'une annulation
rule-cannot-redo-commands-only-were = impossible de rétablir { $steps } commandes : seules { $length } ont été annulées
rule-cannot-undo-commands-only-can = impossible d'annuler { $steps } commandes : seules { $step } peuvent l'être
rule-there-no-event-log-runs = il n'y a pas d'événement { $seq } (le journal va de 0 à { $count_bound })
rule-characters-long-at-most = { $what_fr } fait { $length } caractères (au plus { $limit })
rule-holds-control-character-or-line = { $what_fr } contient un caractère de contrôle ou un saut de ligne ({ $code })
rule-must-be-non-empty-text = { $what_fr } doit être un texte non vide
rule-not-json-value = { $fr } : un { $kind } n'est pas une valeur JSON
rule-distance-runs-from-to-m = { $fr } : une distance va de 0 à { $MAX_DISTANCE } m, pas { $number }
rule-field-until-expected-text-or = champ « until » : texte ou objet attendu
rule-field-expected-object-ability-dc = champ « { $where } » : objet avec « ability » et « dc » attendu
rule-line-characters-long-at-most = la ligne fait { $length } caractères (au plus { $MAX_LINE })
rule-holds-lone-surrogate-not-valid = { $what_fr } contient un demi-caractère isolé ({ $code }) : ce n'est pas du texte Unicode valide
rule-command-holds-more-than-values = la commande contient plus de { $MAX_NODES } valeurs
rule-nested-more-than-levels-deep = { $fr } : imbriqué sur plus de { $MAX_DEPTH } niveaux
rule-field-until-unknown-key-known = champ « until » : clé inconnue « { $key } » (connues : end_of_turn, start_of_turn, rounds, save, of)
rule-field-expected-creature-id = champ « { $where } » : identifiant de créature attendu
rule-field-expected-whole-number-of = champ « { $where } » : nombre entier de rounds attendu
rule-field-unknown-key = champ « { $where } » : clé inconnue « { $key } »
rule-field-ability-expected-ability-str = champ « { $where }.ability » : caractéristique attendue (str, dex, con, int, wis, cha)
rule-field-dc-expected-whole-number = champ « { $where }.dc » : nombre entier attendu
rule-field-half-expected-true-or = champ « { $where }.half » : true ou false attendu
rule-field-seed-empty-seed-cannot = champ « seed » : une graine vide ne se rejoue pas ; donnez un nombre ou un mot, ou omettez-la
rule-field-seed-expected-whole-number = champ « seed » : nombre entier ou mot attendu
rule-not-valid-json-at-column = JSON invalide ({ $msg } à la colonne { $colno })
rule-json-nested-too-deeply = le JSON est imbriqué trop profondément
rule-not-valid-json = JSON invalide ({ $error })
rule-event-not-read-back = l'événement { $kind } de la commande ne se relirait pas tel qu'écrit
rule-number-out-of-range-at = { $fr } : le nombre { $item } est hors limites (au plus { $limit } dans chaque sens)
rule-not-finite-number-nor-json = { $fr } : { $name } n'est pas un nombre fini (ni du JSON)
rule-number-out-of-range-any = { $fr } : le nombre { $item } est hors limites (au plus { $MAX_NUMBER } dans chaque sens)
rule-more-than-keys = { $fr } : plus de { $MAX_ITEMS } clés
rule-more-than-items = { $fr } : plus de { $MAX_ITEMS } éléments
rule-event-not-read-back-from-log = l'événement { $kind } de la commande ne se relirait pas depuis le journal ({ $error })
rule-key-not-text = { $fr } : la clé { $key } n'est pas du texte

# Morceaux de refus : ce qu'une créature ne peut pas faire (« gob1 ne peut pas { $what } : … »), et à qui est le tour.
verb-attack = attaquer
verb-action = faire l'action { $action }
verb-stabilize = stabiliser
verb-move = se déplacer
verb-stand-up = se relever
verb-grapple = agripper
verb-shove = bousculer
rule-whose-turn = { $has-turn ->
    [yes] c'est le tour { ELISION($turn) ->
        [vowel] d'{ $turn }
       *[consonant] de { $turn }
    } (round { $round })
   *[no] le combat n'a pas commencé
 }
rule-subject-cannot = { $has-who ->
    [yes] { $who } ne peut pas { $doing }
   *[no] impossible { ELISION($doing) ->
        [vowel] d'{ $doing }
       *[consonant] de { $doing }
    }
 }
# Ce que fait une commande, comme un verbe (« gob1 ne peut pas { $doing } »).
rule-doing = { $name ->
    [attack] attaquer
    [full_attack] attaquer à outrance
    [maneuver] tenter une manœuvre
    [move] se déplacer
    [action] agir
    [damage] infliger des dégâts
    [heal] soigner
    [temp_hp] donner des PV temporaires
    [end_turn] finir le tour
    [save] faire un jet de sauvegarde
    [check] faire un test
    [condition] changer un état
    [react] réagir
    [pass] passer
    [death_save] faire un jet contre la mort
    [stand] se relever
    [drop_prone] se jeter au sol
    [grapple] empoigner
    [shove] pousser
    [escape] se libérer
    [stabilize] stabiliser
    [start] commencer le combat
    [end] finir le combat
    [next_round] passer au round suivant
    [initiative] lancer l'initiative
    [add] ajouter une créature
    [remove] retirer une créature
   *[other] faire { $name }
 }

# Dés fournis (dice.py)
dice-not-enough = pas assez de dés fournis : il manque un d{ $sides }
dice-not-whole = le dé { $number } (un d{ $sides }) doit être un nombre entier, pas { $face }
dice-cannot-show = le dé { $number } (un d{ $sides }) ne peut pas montrer { $face } : les faces vont de 1 à { $sides }
dice-not-used = { $count ->
    [one] 1 dé fourni non utilisé
   *[other] { $count } dés fournis non utilisés
 } : { $listed }
# Expressions de dés (dice.py) : $text est l'expression telle qu'écrite
dice-not-text = une expression de dés est un texte, pas { $kind }
dice-empty = « { $text } » n'est pas une expression de dés : elle est vide ; il faut quelque chose comme 2d6+3
dice-not-expression = « { $text } » n'est pas une expression de dés : il faut quelque chose comme 2d6+3
dice-bad-term = « { $text } » n'est pas une expression de dés : { $reason }
dice-term-count = un terme lance de 1 à { $max } dés, pas { $count }
dice-term-sides = un dé a de 1 à { $max } faces, pas { $sides }
dice-term-keep = impossible de garder { $keep } dés sur { $count }
rule-nothing-to-remove = { $target } n'a pas l'état « { $condition_name } »{ $has-source ->
    [yes] {" "}venant { ELISION($source) ->
        [vowel] d'{ $source }
       *[consonant] de { $source }
    }
   *[no] {""}
 } à retirer

# Pourquoi les champs d'une commande sont refusés.
rule-reason-unknown-field = champ inconnu « { $key } »{ $has-field ->
    [yes] {" "}dans « { $field } »
   *[no] {""}
 }
rule-reason-missing-field = champ « { $key } » manquant{ $has-field ->
    [yes] {" "}dans « { $field } »
   *[no] {""}
 }
rule-reason-field = { $has-field ->
    [yes] champ « { $field } » : { $detail }
   *[no] { $detail }
 }
rule-reason-expected = { $expected } attendu, pas { $got }

# The ruleset a create names.
rule-ruleset-not-available = le système '{ $name }' n'est pas encore disponible ; choisissez parmi : { $known }
rule-ruleset-unknown = système de règles inconnu '{ $name }' ; choisissez parmi : { $known }

# Un champ de la durée d'un état (conditions.py).
rule-field-not-whole = champ '{ $field }' : nombre entier attendu, pas { $kind }
rule-field-out-of-range = champ '{ $field }' : { $value } est hors limites ({ $bounded ->
    [yes] { $low } à { $high }
   *[no] au plus { $high }
 })
rule-field-not-creature = champ '{ $field }' : identifiant de créature attendu, pas { $kind }
rule-save-ability-unknown = champ 'until.save.ability' : attendu l'une de { $known }

# Ce qui a ouvert une fenêtre de réaction, cité par un refus (core/rulesets/dnd5e/window_words.py).
window-trigger-move = { $mover } quitte l'allonge de { $reactors }
window-trigger-hit = { $attacker } touche { $target } avec { $attack }
window-trigger-readied = déclencheur de { $readier } : { $text }
window-trigger-cast = { $caster } lance { $spell }
