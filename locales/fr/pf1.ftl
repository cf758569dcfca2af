# Pathfinder 1e (`pf1`): une ligne par événement propre au système (message event-<type en kebab-case>),
# variables = les champs de l'événement, identifiants remplacés par les noms. Termes de la traduction française
# du seed 004 : BBA, CA, pris au dépourvu, attaque d'opportunité, pas de placement…

pf1-slot = { $slot ->
    [standard] action simple
    [move] action de mouvement
    [full_round] action complexe
    [swift] action rapide
    [immediate] action immédiate
   *[other] action libre
 }
pf1-status = { $status ->
    [alive] vivant
    [disabled] hors de combat
    [dying] mourant
    [stable] stable
   *[dead] mort
 }

# Tests de PF1 (compétences, BMO, concentration) : « test de Premiers secours », « test d'Évasion ».
pf1-check = { $check ->
    [heal] de Premiers secours
    [concentration] de concentration
    [aid_another] d'aide (aider quelqu'un)
    [cmb] de BMO
    [escape_artist] d'Évasion
    [acrobatics] d'Acrobaties
    [perception] de Perception
    [stealth] de Discrétion
    [climb] d'Escalade
    [swim] de Natation
    [intimidate] d'Intimidation
    [bluff] de Bluff
    [str] de Force
    [dex] de Dextérité
    [con] de Constitution
    [int] d'Intelligence
    [wis] de Sagesse
    [cha] de Charisme
   *[other] de « { $check } »
 }

pf1-condition = { $condition ->
    [prone] à terre
    [grappled] agrippé
    [pinned] immobilisé
    [staggered] chancelant
    [flat_footed] pris au dépourvu
    [helpless] sans défense
    [unconscious] inconscient
    [stunned] étourdi
    [dazed] hébété
    [shaken] secoué
    [frightened] effrayé
    [panicked] paniqué
    [sickened] fiévreux
    [nauseated] nauséeux
    [dazzled] ébloui
    [blinded] aveuglé
    [deafened] sourd
    [entangled] enchevêtré
    [paralyzed] paralysé
    [petrified] pétrifié
    [cowering] recroquevillé
    [confused] confus
    [fascinated] fasciné
    [fatigued] fatigué
    [exhausted] épuisé
    [invisible] invisible
    [bleed] saignement
    [surprised] surpris
   *[other] { $condition }
 }

# Les libellés des modificateurs d'un jet (`modifiers` de Pf1ManeuverRolled, Pf1AttackRolled) ; un libellé saisi par la
# table s'affiche tel quel.
pf1-modifier = { $label ->
    [aoo_damage] dégâts de l'attaque d'opportunité
    [range] portée
    [shooting_into_melee] tir dans la mêlée
    [flanking] prise en tenaille
    [charge] charge
    [fighting_defensively] combat sur la défensive
    [nonlethal] dégâts non létaux
    [prone] à terre
    [helpless_target] cible sans défense
    [invisible] invisible
    [fear] peur
    [sickened] fiévreux
    [dazzled] ébloui
    [grappled] agrippé
    [entangled] enchevêtré
    [aid_another] aide
   *[other] { $label }
 }

event-pf1-rules-chosen = règle optionnelle : dégâts massifs { $massive-damage ->
    [yes] activée
   *[no] désactivée
 }
event-pf1-combatant-added = { $id } rejoint le combat (camp : { $side }){ $unacted ->
    [yes] , pris au dépourvu jusqu'à son premier tour
   *[no] {""}
 }
event-pf1-combatant-removed = { $id } quitte le combat
event-pf1-placed = { $id } : case { $at }
event-pf1-terrain-marked = terrain { $kind ->
    [difficult] difficile
   *[clear] dégagé
 }
event-pf1-surprise-declared = surpris : { $ids }
event-pf1-initiative-rolled = { $set-by-dm ->
    [yes] initiative { ELISION($ids) ->
    [vowel] d'{ $ids }
   *[consonant] de { $ids }
 } fixée à { $total }
   *[no] initiative { ELISION($ids) ->
    [vowel] d'{ $ids }
   *[consonant] de { $ids }
 } : d20 { $faces } { $modifier } = { $total }
 }
event-pf1-rolled-off = nouveau jet d'initiative pour départager { $ids } : { $ranking }
event-pf1-order-set = ordre d'initiative : { $order }
event-pf1-combat-started = début du combat : { $order }{ $surprise-round ->
    [yes] {" "}— round de surprise ; tous sont pris au dépourvu jusqu'à leur premier tour
   *[no] {" "}— tous sont pris au dépourvu jusqu'à leur premier tour
 }
event-pf1-turn-started = round { $round }, tour { ELISION($id) ->
    [vowel] d'{ $id }
   *[consonant] de { $id }
 }{ $restricted ->
    [yes] {" "}(une seule action simple ou de mouvement)
   *[no] {""}
 }{ $awaiting-check ->
    [yes] {" "}— mourant : test de stabilisation d'abord
   *[no] {""}
 }
event-pf1-turn-skipped = tour { ELISION($id) ->
    [vowel] d'{ $id }
   *[consonant] de { $id }
 } sauté ({ $reason ->
    [dead] mort
    [surprised] surpris
   *[other] { $reason }
 })
event-pf1-turn-ended = fin du tour { ELISION($id) ->
    [vowel] d'{ $id }
   *[consonant] de { $id }
 }
event-pf1-surprise-round-ended = fin du round de surprise
event-pf1-action-spent = { $id } : { $owed ->
    [yes] action immédiate hors de son tour (prendra l'action rapide de son prochain tour)
   *[no] { $spent ->
        [full_round] action complexe
        [double] double mouvement
        [standard] action simple
        [move] action de mouvement
        [swift] action rapide
        [immediate] action immédiate
       *[other] action libre
    } ({ $by ->
        [attack] attaque
        [move] déplacement
        [full_attack] attaque à outrance
        [charge] charge
        [withdraw] retrait
        [run] course
        [total_defense] défense totale
        [cast_spell] sort
        [stand] se relever
        [crawl] ramper
        [draw_weapon] dégainer
        [stabilize] premiers secours
        [ready] action préparée
        [aid_another] aider un allié
        [escape] se libérer
        [use_object] utiliser un objet
        [immediate] action immédiate
        [trip] croc-en-jambe
        [grapple] lutte
        [bull_rush] bousculade
        [disarm] désarmement
        [sunder] destruction
        [overrun] renversement
        [dirty_trick] sale coup
        [drag] traction
        [reposition] repositionnement
        [steal] vol
        [feint] feinte
        [coup_de_grace] coup de grâce
       *[other] { $by }
    })
 }
event-pf1-action-taken = { $id } : { $action ->
    [cast_spell] lance un sort
    [readied] déclenche son action préparée
    [draw_weapon] dégaine une arme
    [use_object] utilise un objet
    [coup_de_grace] porte un coup de grâce
   *[other] { $action }
 }
event-pf1-moved = { $id } { $five-foot-step ->
    [yes] fait un pas de placement ({ DISTANCE($metres) })
   *[no] { $forced ->
        [yes] est déplacé de force
       *[no] se déplace de { DISTANCE($metres) }
    }
 }
event-pf1-effect-started = { $id } : { $effect ->
    [total_defense] défense totale (+4 esquive à la CA)
    [fighting_defensively] combat sur la défensive (-4 à l'attaque, +2 esquive à la CA)
    [charging] charge (+2 à l'attaque, -2 à la CA)
    [running] court (perd son bonus de Dextérité à la CA)
    [withdrawing] se retire
    [readied] prépare une action
    [aid_attack] aidé (+2 à sa prochaine attaque)
    [aid_ac] aidé (+2 à la CA)
    [feint] feinte réussie (sa prochaine attaque au corps à corps prive la cible de son bonus de Dextérité)
   *[other] { $effect }
 }
event-pf1-effect-changed = { $id } : { $effect ->
    [charging] la charge se poursuit
    [withdrawing] le retrait est fait
    [running] la course est faite
    [feint] la feinte vaut jusqu'à la fin de son prochain tour
   *[other] { $effect } se poursuit
 }
event-pf1-effect-ended = { $id } : fin { $effect ->
    [total_defense] de la défense totale
    [fighting_defensively] du combat sur la défensive
    [charging] de la charge
    [running] de la course
    [withdrawing] du retrait
    [readied] de l'action préparée
    [aid_attack] de l'aide (attaque)
    [aid_ac] de l'aide (CA)
    [feint] de la feinte
   *[other] de l'effet « { $effect } »
 }
event-pf1-condition-applied = { $target } : { $condition ->
    [prone] à terre
    [grappled] agrippé
    [pinned] immobilisé
    [staggered] chancelant
    [flat_footed] pris au dépourvu
    [helpless] sans défense
    [unconscious] inconscient
    [stunned] étourdi
    [dazed] hébété
    [shaken] secoué
    [frightened] effrayé
    [panicked] paniqué
    [sickened] fiévreux
    [nauseated] nauséeux
    [dazzled] ébloui
    [blinded] aveuglé
    [deafened] sourd
    [entangled] enchevêtré
    [paralyzed] paralysé
    [petrified] pétrifié
    [cowering] recroquevillé
    [confused] confus
    [fascinated] fasciné
    [fatigued] fatigué
    [exhausted] épuisé
    [invisible] invisible
    [bleed] saignement{ $amount ->
        [0] {""}
       *[other] {" "}({ $amount } PV au début de chacun de ses tours)
    }
    [surprised] surpris
   *[other] { $condition }
 }{ $no-effect ->
    [yes] {" (sans effet : immunisé)"}
   *[no] {""}
 }
event-pf1-condition-ended = { $target } : fin de l'état « { pf1-condition } »
event-pf1-attack-rolled = { $kind ->
    [opportunity] attaque d'opportunité { ELISION($attacker) ->
    [vowel] d'{ $attacker }
   *[consonant] de { $attacker }
 }
    [full_attack] attaque à outrance { ELISION($attacker) ->
    [vowel] d'{ $attacker }
   *[consonant] de { $attacker }
 }
    [charge] charge { ELISION($attacker) ->
    [vowel] d'{ $attacker }
   *[consonant] de { $attacker }
 }
    [readied] attaque préparée { ELISION($attacker) ->
    [vowel] d'{ $attacker }
   *[consonant] de { $attacker }
 }
   *[other] attaque { ELISION($attacker) ->
    [vowel] d'{ $attacker }
   *[consonant] de { $attacker }
 }
 } sur { $target } ({ $attack }) : d20 { $d20 } { $bonus } = { $total } contre CA { $ac }{ $ac-kind ->
    [flat_footed] {" "}(pris au dépourvu)
    [touch] {" "}(contact)
    [flat_footed_touch] {" "}(contact, pris au dépourvu)
   *[normal] {""}
 } → { $hit ->
    [yes] touche{ $threat ->
        [yes] , menace de critique
       *[no] {""}
    }
   *[no] raté
 }
event-pf1-miss-chance-rolled = chance de rater { $chance } % : d100 { $d100 } → { $missed ->
    [yes] raté
   *[no] touche
 }
event-pf1-critical-confirmed = critique confirmé (d20 { $d20 }, { $total } contre CA { $ac }) : dégâts ×{ $multiplier }
event-pf1-critical-not-confirmed = critique non confirmé (d20 { $d20 }, { $total } contre CA { $ac })
event-pf1-damage-rolled = dégâts sur { $target } : { $total }{ $minimum ->
    [yes] {" "}(dégâts minimaux : 1)
   *[no] {""}
 }
event-pf1-damage-taken = { $target } subit { $amount } { $amount ->
    [one] dégât
   *[other] dégâts
 }{ $nonlethal ->
    [yes] {" "}non létaux (total { $nonlethal-after })
   *[no] {" "}→ { $hp-after } PV
 }
event-pf1-status-changed = { $id } : { $status ->
    [alive] vivant
    [disabled] hors de combat (0 PV)
    [dying] mourant ({ $hp } PV)
    [stable] stabilisé ({ $hp } PV)
   *[dead] mort
 }
event-pf1-healed = { $target } récupère { $amount } PV → { $hp-after } PV
event-pf1-temp-hp-granted = { $target } : { $after } PV temporaires
event-pf1-save-rolled = jet de { $ability ->
    [fort] Vigueur
    [ref] Réflexes
   *[will] Volonté
 } { ELISION($id) ->
    [vowel] d'{ $id }
   *[consonant] de { $id }
 } : d20 { $d20 } { $bonus } = { $total } contre DD { $dc } → { $success ->
    [yes] réussi
   *[no] raté
 }
event-pf1-check-rolled = test { $check-name } { ELISION($id) ->
    [vowel] d'{ $id }
   *[consonant] de { $id }
 } : d20 { $d20 } { $bonus } = { $total }{ $success ->
    [yes] {" "}contre DD { $dc } → réussi
    [no] {" "}contre DD { $dc } → raté
   *[other] {""}
 }
event-pf1-stabilization-rolled = test de stabilisation { ELISION($id) ->
    [vowel] d'{ $id }
   *[consonant] de { $id }
 } : { $automatic-failure ->
    [yes] échec automatique (saignement)
   *[no] d20 { $d20 } { $bonus } = { $total } contre DD 10 → { $success ->
        [yes] stabilisé
       *[no] perd 1 PV
    }
 }
event-pf1-maneuver-rolled = manœuvre de combat { ELISION($attacker) ->
    [vowel] d'{ $attacker }
   *[consonant] de { $attacker }
 } sur { $target } ({ $maneuver ->
    [trip] croc-en-jambe
    [grapple] lutte
    [bull_rush] bousculade
    [disarm] désarmement
    [sunder] destruction
    [overrun] renversement
    [dirty_trick] sale coup
    [drag] traction
    [reposition] repositionnement
    [steal] vol
   *[other] { $maneuver }
 }) : d20 { $d20 } + BMO { $cmb }{ $modifiers } = { $total } contre DMD { $cmd } → { $automatic ->
    [unconscious] réussie d'office (cible inconsciente : comme un 20 naturel)
    [paralyzed] réussie d'office (cible paralysée : comme un 20 naturel)
    [petrified] réussie d'office (cible pétrifiée : comme un 20 naturel)
    [helpless] réussie d'office (cible sans défense : comme un 20 naturel)
   *[other] { $success ->
        [yes] réussie
       *[no] ratée
    }
 }
event-pf1-window-opened = { $act ->
    [readied] action préparée de { $reactors } : son déclencheur a lieu
   *[other] attaque d'opportunité possible pour { $reactors } : { $act ->
        [move] { $waiting } quitte la case { $square }
        [shoot] { $waiting } tire dans une case menacée
        [unarmed] { $waiting } frappe à mains nues
        [cast] { $waiting } lance un sort dans une case menacée
        [stand] { $waiting } se relève
        [maneuver] { $waiting } tente une manœuvre de combat
        [first_aid] { $waiting } prodigue les premiers secours
        [coup_de_grace] { $waiting } porte un coup de grâce
       *[other] { $waiting } : { $act }
    }
 }
event-pf1-reaction-taken = { $id } { $reaction ->
    [readied] déclenche son action préparée
   *[other] porte une attaque d'opportunité
 }
event-pf1-reaction-passed = { $id } renonce à son attaque d'opportunité
event-pf1-window-closed = fin de la fenêtre de réaction
event-pf1-spell-lost = { $id } perd son sort (concentration ratée)

# Résumés des commandes propres à pf1 (la ligne « ▸ » du journal) et des actions pf1.
command-coup-de-grace = { $attacker } porte un coup de grâce à { $target }{ $has-with ->
    [yes] {" "}({ $with })
   *[no] {""}
 }
action-total-defense = défense totale
action-withdraw = retrait
action-run = course
action-charge = charge
action-aid-another = aider quelqu'un
action-feint = feinte
action-draw-weapon = dégainer
action-other = autre action

# Les états PF1 que les catalogues communs ne nomment pas (« ▸ Orque : + saignement »).
condition-bleed = saignement
condition-confused = { $gender ->
    [f] confuse
   *[other] confus
 }
condition-cowering = { $gender ->
    [f] recroquevillée
   *[other] recroquevillé
 }
condition-dazed = { $gender ->
    [f] hébétée
   *[other] hébété
 }
condition-dazzled = { $gender ->
    [f] éblouie
   *[other] ébloui
 }
condition-entangled = { $gender ->
    [f] enchevêtrée
   *[other] enchevêtré
 }
condition-exhausted = { $gender ->
    [f] épuisée
   *[other] épuisé
 }
condition-fascinated = { $gender ->
    [f] fascinée
   *[other] fasciné
 }
condition-fatigued = { $gender ->
    [f] fatiguée
   *[other] fatigué
 }
condition-flat-footed = { $gender ->
    [f] prise au dépourvu
   *[other] pris au dépourvu
 }
condition-helpless = sans défense
condition-nauseated = { $gender ->
    [f] nauséeuse
   *[other] nauséeux
 }
condition-panicked = { $gender ->
    [f] paniquée
   *[other] paniqué
 }
condition-pinned = { $gender ->
    [f] immobilisée
   *[other] immobilisé
 }
condition-shaken = { $gender ->
    [f] secouée
   *[other] secoué
 }
condition-sickened = { $gender ->
    [f] fiévreuse
   *[other] fiévreux
 }
condition-staggered = { $gender ->
    [f] chancelante
   *[other] chancelant
 }

## Refusals of the pf1 rules (the command's shape)

pf1-rule-unknown-command = commande pf1 inconnue '{ $name }' (connues : { $known })
pf1-rule-no-advantage = { $name } : champ '{ $field }' refusé : pf1 n'a ni avantage ni désavantage
pf1-rule-no-slot = { $name } : champ 'slot' refusé en pf1 (l'action d'attaque est une action simple)

## Refusals of the pf1 rules (moving)

pf1-rule-step-too-slow = { $mover } ne peut pas faire de pas de placement à une vitesse de { DISTANCE($speed) }
pf1-rule-move-too-far = { $mover } ne peut pas atteindre { $square } : { DISTANCE($cost) } nécessaires, { $how ->
    [crawl] ramper
    [withdraw] un retrait
    [double] un double mouvement
   *[run] une course
 } permet { DISTANCE($limit) }
pf1-rule-charge-too-far = { $mover } peut charger d'au plus { DISTANCE($limit) }

## Refusals of the pf1 rules

pf1-rule-already-took-5-foot-step-this = { $mover } a déjà fait son pas de placement ce tour
pf1-rule-cannot-take-5-foot-step-already = { $mover } ne peut pas faire de pas de placement : il s'est déjà déplacé ce tour
pf1-rule-not-map-place-first = { $mover } n'est pas sur la carte : placez-le d'abord
pf1-rule-5-foot-step-one-square-not = un pas de placement fait une case : de { $position } à { $square } non
pf1-rule-cannot-take-5-foot-step-into = { $mover } ne peut pas faire de pas de placement en terrain difficile { $square }
pf1-rule-occupied = { $square } est occupée par { $blocker }
pf1-rule-move-needs-path-squares = un déplacement demande un chemin de cases
pf1-rule-took-5-foot-step-this-turn = { $mover } a fait un pas de placement ce tour : il ne peut pas se déplacer davantage
pf1-rule-cannot-move-speed-0 = { $mover } ne peut pas se déplacer (vitesse 0)
pf1-rule-cannot-end-move-s-square = { $mover } ne peut pas finir son déplacement sur la case { $end } de { $blocker }
pf1-rule-must-move-least-3-m-charge = { $mover } doit se déplacer d'au moins { DISTANCE($least) } pour charger
pf1-rule-s-charge-must-end-where-can = la charge de { $mover } doit finir là où il peut attaquer { $target }
pf1-rule-s-charge-must-stop-first-square = la charge de { $mover } doit s'arrêter en { $early }, la première case d'où il peut attaquer { $target }
pf1-rule-unknown-pf1-action-known = action pf1 inconnue '{ $name }' (connues : { $actions })
pf1-rule-feint-needs-target = feint demande une cible ('target')
pf1-rule-cannot-feint-itself = { $creature } ne peut pas se feinter lui-même
pf1-rule-has-no-intelligence-feint-cannot-fool = { $target } n'a pas d'Intelligence : une feinte ne peut pas le tromper
pf1-rule-already-prone = { $creature } est déjà à terre
pf1-rule-not-grappled = { $creature } n'est pas agrippé
pf1-rule-unknown-pf1-condition-known = condition pf1 inconnue '{ $name }' (connues : { $conditions })
pf1-rule-cannot-step-from-squares-must-adjacent = { $mover } ne peut pas passer de { $position } à { $square } : les cases doivent être adjacentes
pf1-rule-cannot-pass-through-s-square = { $mover } ne peut pas traverser la case { $square } de { $blocker }
pf1-rule-occupied-2 = { $path } est occupée par { $blocker }
pf1-rule-5-foot-step-path-exactly-one = un pas de placement est un chemin d'une seule case
pf1-rule-prone-stand-up-first-crawl-mode = { $mover } est à terre : relevez-le d'abord, ou rampez (mode crawl)
pf1-rule-cannot-charge-through-difficult-terrain = { $mover } ne peut pas charger en terrain difficile
pf1-rule-each-square-charge-must-bring-closer = chaque case d'une charge doit rapprocher { $mover } de { $target } ({ $square } non)
pf1-rule-cannot-act-now = { $creature } ne peut pas agir maintenant
pf1-rule-cannot-act = { $creature } ne peut pas agir
pf1-rule-fighting-defensively-no-total-defense-this = { $creature } combat sur la défensive : pas de défense totale ce tour
pf1-rule-cannot-run-may-take-only-one = { $creature } ne peut pas courir : il ne peut faire qu'une action simple ou de mouvement ce tour
pf1-rule-cannot-already-moved-this-turn = { $creature } ne peut pas faire { $name } : il s'est déjà déplacé ce tour
pf1-rule-spell-takes-standard-swift-immediate-full = un sort prend une action simple, rapide, immédiate ou complexe, pas { $slot }
pf1-rule-aid-another-needs-attack-ac = aid_another demande 'on' : attack ou ac
pf1-rule-not-prone = { $creature } n'est pas à terre
pf1-rule-neither-dying-nor-bleeding = { $target } n'est ni mourant ni en train de saigner ({ $status })
pf1-rule-cannot-charge-through = { $mover } ne peut pas charger à travers { $other }
pf1-rule-cannot-charge = { $creature } ne peut pas charger { $target }
pf1-rule-prone-cannot-charge = { $creature } est à terre : il ne peut pas charger
pf1-rule-runs-straight-line = { $mover } court en ligne droite
pf1-rule-cannot-run-through-difficult-terrain = { $mover } ne peut pas courir en terrain difficile
pf1-rule-already-dead = { $target } est déjà mort ({ $attack })
pf1-rule-has-total-cover-cannot-targeted = { $target } a un abri total : impossible de le viser
pf1-rule-cannot-reach = { $attacker } ne peut pas atteindre { $target } avec { $attack }
pf1-rule-prone-no-ranged-attack-except-crossbow = { $attacker } est à terre : pas d'attaque à distance sauf à l'arbalète
pf1-rule-has-no-attack-known = { $attacker } n'a pas d'attaque '{ $attack_id }' (connues : { $has-known ->
    [yes] { $known }
   *[no] aucune
 })
pf1-rule-total-defense-cannot-also-fight-defensively = { $attacker } est en défense totale : il ne peut pas aussi combattre sur la défensive
pf1-rule-unknown-maneuver-known = manœuvre inconnue '{ $maneuver }' (connues : { $maneuvers })
pf1-rule-out-range-m-most-increments-m = { $target } est hors de portée de { $attack } : { DISTANCE($distance) }, au plus { $limit } facteurs de { DISTANCE($range_increment) }
pf1-rule-already-dead-2 = { $target } est déjà mort
pf1-rule-not-helpless-no-coup-de-gr = { $target } n'est pas sans défense : pas de coup de grâce
pf1-rule-cannot-deliver-coup-de-gr-ce = { $attacker } ne peut pas porter de coup de grâce : il s'est déjà déplacé ce tour (action complexe)
pf1-rule-has-no-attack = { $attacker } n'a aucune attaque
pf1-rule-full-attack-allows-most-one-5 = une attaque à outrance permet au plus un pas de placement
pf1-rule-full-attack-needs-target-attacks = full_attack demande 'target' ou 'attacks'
pf1-rule-cannot-full-attack-already-moved-this = { $attacker } ne peut pas faire d'attaque à outrance : il s'est déjà déplacé ce tour (seul un pas de placement est permis)
pf1-rule-already-took-5-foot-step = { $attacker } a déjà fait son pas de placement
pf1-rule-attack-full-attack-already-dead-aim = attaque { $index } ({ $name }) de l'attaque à outrance : { $target } est déjà mort ; visez ailleurs
pf1-rule-cannot = { $attacker } ne peut pas faire { $maneuver } sur { $target }
pf1-rule-s-does-not-reach = { $profile } de { $reactor } n'atteint pas { $provoker }
pf1-rule-has-no-melee-attack-reaching = { $reactor } n'a aucune attaque au corps à corps qui atteint { $provoker }
pf1-rule-coup-de-gr-ce-needs-adjacent = un coup de grâce avec { $profile } demande que { $target } soit adjacent
pf1-rule-cannot-reach-2 = { $attacker } ne peut pas atteindre { $target } avec { $profile }
pf1-rule-charged-charge-attack-must-target = { $attacker } a chargé { $value } : l'attaque de charge doit le viser
pf1-rule-charge-ends-melee-attack = une charge se termine par une attaque au corps à corps
pf1-rule-gets-attack = { $attacker } a droit à { $count } { $count ->
    [one] attaque
   *[other] attaques
 } avec { $name } : { $listed }
pf1-rule-cannot-reach-3 = { $attacker } ne peut pas atteindre { $target }
pf1-rule-has-no-melee-attack = { $attacker } n'a aucune attaque au corps à corps
pf1-rule-gets-off-hand-attack = { $attacker } a droit à { $count } { $count ->
    [one] attaque
   *[other] attaques
 } de la main secondaire
pf1-rule-makes-each-natural-attack-once = { $attacker } ne fait chaque attaque naturelle qu'une fois ({ $with_ })
pf1-rule-full-attack-each-attack-target-maneuver = full_attack : chaque attaque est {"{"}with, target{"}"}, {"{"}maneuver, target{"}"} ou {"{"}five_foot_step{"}"}, pas { $keys }
pf1-rule-only-disarm-sunder-trip-may-replace = seuls désarmement, destruction et croc-en-jambe remplacent une attaque (pas { $maneuver })
pf1-rule-unknown-action-slot = type d'action inconnu '{ $slot }'
pf1-rule-square-x-y-whole-numbers-not = { $what } : une case s'écrit [x, y] (nombres entiers), pas { $value }
pf1-rule-must-id-text-not = { $what } doit être un identifiant (texte), pas { $value }
pf1-rule-not-its-turn = { $creature } ne peut pas faire { $what } : { $has-turn ->
    [yes] c'est le tour de { $turn }
   *[no] le combat n'a pas commencé
 }
pf1-rule-cannot-cannot-act = { $creature } ne peut pas faire { $what } : il ne peut pas agir ({ $why })
pf1-rule-action-already-spent = { $creature } ne peut pas faire { $by } : son { $slot ->
    [standard] action simple
    [move] action de mouvement
    [full_round] action complexe
    [swift] action rapide
   *[immediate] action immédiate
 } est déjà dépensée ({ $spent_by })
pf1-rule-unknown-save-pf1-saves-fort-ref = jet de sauvegarde inconnu '{ $ability }' (pf1 : fort, ref, will)
pf1-rule-no-named = aucun { $role } indiqué
pf1-rule-there-no-combatant-known = aucun combattant '{ $cid }' (connus : { $has-known ->
    [yes] { $known }
   *[no] aucun
 })
pf1-rule-cannot-already-took-immediate-action-this = { $creature } ne peut pas faire { $by } : il a déjà pris une action immédiate ce round
pf1-rule-cannot-may-take-only-one-standard = { $creature } ne peut pas faire { $by } : il ne peut faire qu'une action simple ou de mouvement ce tour ({ $move })
pf1-rule-cannot-may-take-only-one-standard-2 = { $creature } ne peut pas faire { $by } : il ne peut faire qu'une action simple ou de mouvement ce tour ({ $value })
pf1-rule-cannot-may-take-only-one-standard-3 = { $creature } ne peut pas faire { $by } : il ne peut faire qu'une action simple ou de mouvement ce tour
pf1-rule-cannot-during-phase = impossible de faire { $name } pendant la phase { $phase ->
    [setup] préparation
    [turn] tour
    [death_save] test de stabilisation
    [reaction] réaction
   *[ended] terminé
 }
pf1-rule-no-creature-can-take-turn-all = aucune créature ne peut jouer (toutes mortes ?) : utilisez 'end'
pf1-rule-this-log-already-holds-encounter-create = ce journal contient déjà une rencontre : 'create' doit être sa première commande
pf1-rule-concentrate-refused-pf1-no-5e-style = concentrate est refusé en pf1 (pas de concentration à la 5e)
pf1-rule-cannot-now-attack-opportunity-window-open = impossible de faire { $name } maintenant : une fenêtre d'attaque d'opportunité est ouverte ({ $trigger }) ; on attend que { $reactors } réagisse ou passe
pf1-rule-cannot-now-dying-must-roll-stabilization = impossible de faire { $name } maintenant : { $turn } est mourant et doit d'abord faire son test de stabilisation (death_save)
pf1-rule-cannot-combat-has-not-started-use = impossible de faire { $name } : le combat n'a pas commencé (utilisez 'start')
pf1-rule-cannot-combat-has-ended = impossible de faire { $name } : le combat est terminé
pf1-rule-there-already-combatant = il y a déjà un combattant '{ $command }'
pf1-rule-combatant-id-must-letters-digits = l'identifiant '{ $command }' doit être fait de lettres, chiffres, - ou _
pf1-rule-add-takes-stats-template-not-both = add prend 'stats' ou 'template', pas les deux
pf1-rule-needs-stats-template = { $command } demande 'stats' ou 'template'
pf1-rule-cannot-removed-during-own-turn-end = { $creature } ne peut pas être retiré pendant son tour (end_turn d'abord)
pf1-rule-occupied-3 = [{ $at0 },{ $at1 }] est occupée par { $blocker }
pf1-rule-roll-off-needs-least-two-different = roll_off demande au moins deux identifiants différents
pf1-rule-order-lists-combatant-twice = order cite deux fois un combattant
pf1-rule-during-combat-order-must-list-every = en combat, order doit citer tous les combattants de l'ordre
pf1-rule-no-combatants-yet-add-some-first = aucun combattant : ajoutez-en d'abord
pf1-rule-no-initiative-yet = pas encore d'initiative pour { $missing }
pf1-rule-initiative-tied-total-modifier-settle-roll = initiative à égalité (total et modificateur) : { $names } (départagez avec roll_off ou order)
pf1-rule-nobody-initiative-order = personne dans l'ordre d'initiative
pf1-rule-cannot-roll-now-s-stabilization-check = { $creature } ne peut pas lancer maintenant : c'est le test de stabilisation de { $turn }
pf1-rule-damage-needs-target-targets = les dégâts demandent 'target' ou 'targets'
pf1-rule-target-listed-twice = une cible est citée deux fois
pf1-rule-damage-needs-exactly-one-amount-roll = les dégâts demandent soit 'amount' soit 'roll'
pf1-rule-damage-cannot-negative = des dégâts ne peuvent pas être négatifs ({ $amount })
pf1-rule-multiplier-runs-from-2-6 = multiplier va de 2 à 6
pf1-rule-heal-needs-exactly-one-amount-roll = les soins demandent soit 'amount' soit 'roll'
pf1-rule-dead-healing-does-not-bring-back = { $target } est mort : les soins ne le ramènent pas
pf1-rule-healing-cannot-negative = des soins ne peuvent pas être négatifs ({ $amount })
pf1-rule-temporary-hit-points-cannot-negative = des points de vie temporaires ne peuvent pas être négatifs
pf1-rule-check-needs-ability-skill = le test demande 'ability' ou 'skill'
pf1-rule-has-no-skill-stats-known = { $creature } n'a pas la compétence '{ $skill }' (connues : { $has-known ->
    [yes] { $known }
   *[no] aucune
 })
pf1-rule-condition-needs-exactly-one-add-remove = condition demande soit 'add' soit 'remove'
pf1-rule-has-no-remove = { $target } n'a pas de condition { $name } à retirer
pf1-rule-unknown-duration = durée inconnue { $spec }
pf1-rule-has-no-readied-action = { $readier } n'a pas d'action préparée
pf1-rule-cannot-trigger-readied-action-own-turn = { $readier } ne peut pas déclencher son action préparée pendant son propre tour
pf1-rule-cannot-act-now-2 = { $readier } ne peut pas agir maintenant
pf1-rule-has-no-readied-action-waiting-this = { $reactor } n'a pas d'action préparée en attente sur cette fenêtre
pf1-rule-may-not-react-now-waiting = { $command } ne peut pas réagir maintenant : on attend { $reactors } ({ $trigger })
pf1-rule-pf1-reactions-opportunity-attack-readied-not = réactions pf1 : 'opportunity_attack' ou 'readied' (pas { $with_ })
pf1-rule-this-window-s-readied-trigger-answer = cette fenêtre est le déclencheur préparé : répondez avec 'readied' ou passez
pf1-rule-may-not-pass-now-waiting = { $command } ne peut pas passer maintenant : on attend { $reactors }
pf1-rule-there-no-pf1-creature-template = aucun modèle de créature pf1 '{ $template }'
pf1-rule-initiative-takes-value-dice-not-both = initiative prend 'value' ou 'dice', pas les deux
pf1-rule-roll-off-does-not-settle-type = le jet de départage ne tranche pas : donnez l'ordre avec 'order'
pf1-rule-already-dead-3 = { $tid } est déjà mort
pf1-rule-unknown-ability = caractéristique inconnue '{ $ability }'
pf1-rule-creature-cannot-oppose-itself = une créature ne peut pas s'opposer à elle-même
pf1-rule-amount-hp-bleed-costs-each-turn = 'amount' est la perte de PV par tour d'un saignement : seulement avec { $add }, 0 ou plus
pf1-rule-duration-rounds-too-short = une durée de { $rounds } round(s) est trop courte
pf1-rule-save-duration-needs-ability-dc = une durée par sauvegarde demande { $keys }
pf1-rule-s-readied-move-has-no-path = le déplacement préparé de { $reactor } n'a pas de chemin
pf1-rule-s-readied-move-longer-than-speed = le déplacement préparé de { $reactor } dépasse sa vitesse
pf1-rule-waiting-command = la commande en attente : dés fournis non utilisés
pf1-rule-unknown-duration-use-end-turn-start = durée inconnue '{ $until }' : utilisez end_of_turn, start_of_turn, rounds ou save
pf1-rule-stats-must-object = { $who } : stats doit être un objet
pf1-rule-pf1-ac-object-armor-shield-natural = { $who } : en pf1 'ac' est un objet (armor, shield, natural, deflection, dodge, misc, max_dex), pas un nombre
pf1-rule-stats-field = { $who } : stats, champ '{ $bad0 }' : { $bad1 }
pf1-rule-max-hp-must-least-1 = { $who } : max_hp doit valoir au moins 1
pf1-rule-hp-above-max-hp = { $who } : hp { $hp } dépasse max_hp { $max_hp }
pf1-rule-hp-below-death-threshold = { $who } : hp { $hp } est au seuil de la mort ({ $stats }) ou en dessous
pf1-rule-unknown-pf1-damage-type-known = type de dégâts pf1 inconnu '{ $name }' (connus : { $damage_types })
pf1-rule-stats-key-has-no-meaning-pf1 = { $who } : la clé '{ $key }' n'a pas de sens en pf1{ $key ->
    [resistances] { " (utilisez 'energy_resistance')" }
   *[other] {""}
 }
pf1-rule-stats = { $who } : stats : { $reason }
pf1-rule-ranged-attack-needs-range-increment = { $who } : l'attaque à distance '{ $attack }' demande range_increment
pf1-rule-attack-crit-range-runs-2-20 = { $who } : attaque '{ $attack }' : crit_range va de 2 à 20 et crit_multiplier de 2 à 6
pf1-rule-unknown-maneuver-known-2 = { $who } : manœuvre inconnue '{ $maneuver }' (connues : { $maneuvers })
pf1-rule-attack = { $who } : attaque '{ $attack }' : { $value }
# Les dés fournis qu'une commande n'a pas utilisés.
pf1-rule-dice-not-used = dés fournis non utilisés : { $listed }

# Ce qui a ouvert une fenêtre d'attaque d'opportunité, dans un refus ($act : ce qui provoque ; les ids du journal).
pf1-window-trigger = { $act ->
    [move] { $waiting } quitte { $square }
    [cast] { $waiting } lance un sort
    [stand] { $waiting } se relève
    [first_aid] { $waiting } prodigue les premiers secours à { $target }
    [coup_de_grace] { $waiting } porte un coup de grâce à { $target }
    [shoot] { $waiting } tire avec { $using }
    [unarmed] { $waiting } frappe à mains nues
    [maneuver] { $waiting } tente { $using } sur { $target }
    [readied] déclencheur de { $readier } : { $text }
   *[other] { $waiting } : { $act }
 }
