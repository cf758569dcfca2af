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
    [yes] fait un pas de placement ({ $metres } m)
   *[no] { $forced ->
        [yes] est déplacé de force
       *[no] se déplace de { $metres } m
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
 }) : d20 { $d20 } + BMO { $cmb } = { $total } contre DMD { $cmd } → { $success ->
    [yes] réussie
   *[no] ratée
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
       *[other] { $trigger-fr }
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

pf1-rule-step-too-slow = { $mover } ne peut pas faire de pas de placement à une vitesse de { $speed } m
pf1-rule-move-too-far = { $mover } ne peut pas atteindre { $square } : { $cost } m nécessaires, { $how ->
    [crawl] ramper
    [withdraw] un retrait
    [double] un double mouvement
   *[run] une course
 } permet { $limit } m
pf1-rule-charge-too-far = { $mover } peut charger d'au plus { $limit } m
