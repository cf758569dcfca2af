# One line per event, as `combatlog log` and the shell print it: message event-<event type in kebab-case>,
# variables = the event's fields (combatant ids replaced by display names).

event-encounter-created = rencontre créée ({ $ruleset }, graine { $seed })
event-command-issued = ▸ { $summary }
event-undone = annule { $count ->
    [one] la commande
   *[other] les commandes
 } n° { $txns }
event-redone = rétablit { $count ->
    [one] la commande
   *[other] les commandes
 } n° { $txns }
event-reverted = retour à l'événement n° { $to } ({ $count ->
    [one] commande annulée
   *[other] commandes annulées
 } : { $txns })
event-combat-ended = fin du combat{ $has-reason ->
    [no] {""}
   *[yes] {" "}: « { $reason } »
 }
event-dice-left-unused = dés saisis non utilisés : { $faces }{ $has-reason ->
    [no] {""}
   *[yes] {" "}({ $reason })
 }
event-combatant-added = { $id } rejoint le combat ({ $kind }, camp { $side })
event-combatant-removed = { $id } quitte le combat
event-placed = { $id } : case { $at }
event-surprise-declared = surpris : { $ids }
event-initiative-rolled = { $set-by-dm ->
    [yes] initiative { ELISION($ids) ->
    [vowel] d'{ $ids }
   *[consonant] de { $ids }
 } fixée à { $total }
   *[no] initiative { ELISION($ids) ->
    [vowel] d'{ $ids }
   *[consonant] de { $ids }
 } : d20 { $faces }{ $why } → { $total }
 }
event-ties-ordered = égalités départagées : { $ids }
event-order-changed = nouvel ordre : { $order }
event-combat-started = début du combat : { $order }
event-turn-started = round { $round }, tour { ELISION($id) ->
    [vowel] d'{ $id }
   *[consonant] de { $id }
 }
event-turn-skipped = tour { ELISION($id) ->
    [vowel] d'{ $id }
   *[consonant] de { $id }
 } sauté ({ $reason })
event-turn-ended = fin du tour { ELISION($id) ->
    [vowel] d'{ $id }
   *[consonant] de { $id }
 }
event-economy-spent = { $id } utilise { $resource }{ $has-by ->
    [no] {""}
   *[yes] {" "}({ $by })
 }
event-action-taken = { $id } : action { $action }{ $slot ->
    [bonus] {" "}(action bonus)
   *[other] {""}
 }
event-moved = { $forced ->
    [yes] { $id } est déplacé de force en { $to }
   *[no] { $id } se déplace en { $to } ({ $distance }{ $walking ->
        [yes] {""}
       *[no] , { $mode }
    })
 }
event-movement-spent = { $id } dépense { $distance } de déplacement{ $has-reason ->
    [no] {""}
   *[yes] {" "}({ $reason })
 }
event-terrain-marked = terrain { $kind } : { $count } { $count ->
    [one] case
   *[other] cases
 }
# Un modificateur lancé d'un test de d20 (Bénédiction +1d4, Fléau -1d4) : « + 1d4 [3] (Bénédiction) ».
roll-bonus = {" "}{ $sign } { $roll } { $faces } ({ $effect })
event-attack-rolled = { $attacker } attaque { $target } ({ $attack }) : d20 { $faces }{ $why }{ $rolled } → { $total } contre CA { $target-ac } : { $outcome ->
    [critical] coup critique
    [hit] touche
    [auto-miss] raté d'office ({ $auto-miss })
   *[miss] raté
 }
event-attack-reevaluated = { $target } : CA { $target-ac } → { $outcome ->
    [critical] coup critique
    [hit] touche
   *[miss] raté
 }
event-saving-throw-rolled = { $has-auto-fail ->
    [no] { $id } : JS { $ability } DD { $dc }{ $purpose ->
        [concentration] {" "}pour maintenir sa concentration
       *[other] {""}
    } : d20 { $faces }{ $why }{ $rolled } → { $total }, { $success ->
    [yes] réussite
   *[no] échec
 }
   *[yes] { $id } : JS { $ability } DD { $dc } : échec automatique ({ $auto-fail })
 }
event-check-rolled = { $id } : test { ELISION($what) ->
    [vowel] d'{ $what }
   *[consonant] de { $what }
 } : d20 { $faces }{ $why } → { $total }{ $success ->
    [yes] , réussite (DD { $dc })
    [no] , échec (DD { $dc })
   *[none] {""}
 }
event-contest-resolved = opposition : { $tie ->
    [yes] égalité, rien ne change
   *[no] { $winner } l'emporte
 }
event-damage-taken = { $target } subit { $parts } (PV { $hp-before } → { $hp-after }{ $temp ->
    [yes] , PV temporaires { $temp-before } → { $temp-after }
   *[no] {""}
 })
event-healed = { $target } récupère { $amount } PV (PV { $hp-before } → { $hp-after })
event-temp-hp-granted = { $target } : PV temporaires { $before } → { $after }
event-status-changed = { $status ->
    [dead] { $id } meurt
    [dying] { $id } tombe à 0 PV et fait des jets de sauvegarde contre la mort
    [stable] { $id } est stable
   *[alive] { $gender ->
        [f] { $id } revient à elle
        [m] { $id } revient à lui
       *[other] { $id } reprend connaissance
    }
 }{ $has-reason ->
    [no] {""}
   *[yes] {" "}({ $reason })
 }
event-death-save-rolled = { $id } : JS contre la mort d20 { $faces } : { $outcome ->
    [success] réussite
    [failure] échec
    [two-failures] 1 naturel, deux échecs
    [regains-1-hp] 20 naturel, reprend 1 PV
    [stable] réussite, stable
    [dead] échec, mort
   *[other] { $outcome }
 } ({ $successes } ✓, { $failures } ✗)
event-death-save-failed = { $id } : { $count } { $count ->
    [one] échec
   *[other] échecs
 } au JS contre la mort{ $has-reason ->
    [no] {""}
   *[yes] {" "}({ $reason })
 } ({ $successes } ✓, { $failures } ✗)
event-death-saves-reset = { $id } : JS contre la mort remis à zéro
event-condition-applied = { $immune ->
    [yes] { $gender ->
        [f] { $target } est immunisée : « { $condition } » sans effet
        [m] { $target } est immunisé : « { $condition } » sans effet
       *[other] « { $condition } » sans effet sur { $target } (immunité)
    }
   *[no] { $target } : { $condition }{ $has-source ->
        [no] {""}
       *[yes] {" "}({ $source })
    }{ $has-until ->
        [no] {""}
       *[yes] , { $until }
    }
 }
event-condition-ended = { $gender ->
    [f] { $target } n'est plus { $condition }
    [m] { $target } n'est plus { $condition }
   *[other] { $target } : fin de l'état « { $condition } »
 }{ $has-reason ->
    [no] {""}
   *[yes] {" "}({ $reason })
 }
event-concentration-started = { $id } se concentre sur « { $effect } »
event-concentration-ended = { $id } perd sa concentration (« { $effect } »){ $has-reason ->
    [no] {""}
   *[yes] {" "}: { $reason }
 }
event-effect-started = { $ac-bonus ->
    [0] { $id } : { $effect }
   *[other] { $id } : { $effect }, CA +{ $ac-bonus }
 }{ $has-until ->
    [no] {""}
   *[yes] , { $until }
 }
event-effect-ended = { $id } : fin de « { $effect } »{ $has-reason ->
    [no] {""}
   *[yes] {" "}({ $reason })
 }
event-reaction-window-opened = fenêtre de réaction : { $kind ->
    [move] { $mover } quitte l'allonge { ELISION($reactors) ->
        [vowel] d'{ $reactors }
       *[consonant] de { $reactors }
    }
    [attack-damage] { $attacker } touche { $target }
    [readied] le déclencheur { ELISION($reactors) ->
        [vowel] d'{ $reactors }
       *[consonant] de { $reactors }
    } survient
    [cast] { $caster } lance { $spell }
   *[other] { $trigger }
 } → { $reactors } { $count ->
    [one] peut
   *[other] peuvent
 } réagir ou passer
event-reaction-taken = { $id } réagit : { $reaction }
event-reaction-passed = { $id } passe
event-reaction-window-closed = fenêtre de réaction fermée

# Durations of conditions and effects.
until-end-of-turn = jusqu'à la fin du tour { ELISION($who) ->
    [vowel] d'{ $who }
   *[consonant] de { $who }
 }
until-start-of-turn = jusqu'au début du tour { ELISION($who) ->
    [vowel] d'{ $who }
   *[consonant] de { $who }
 }
until-rounds = pendant { $count } { $count ->
    [one] round
   *[other] rounds
 }
until-save = JS { $ability } DD { $dc } à la fin de chacun de ses tours
until-concentration = tant que dure la concentration { ELISION($who) ->
    [vowel] d'{ $who }
   *[consonant] de { $who }
 }
left-rounds = { $count ->
    [one] encore { $count } round
   *[other] encore { $count } rounds
 }

# Reasons the rules record.
reason-dead = mort
reason-knocked-out = hors de combat
reason-dropped-to-0-hp = {""}
reason-damaged-while-stable = blessé alors qu'il était stable
reason-critical-hit-at-0-hp = coup critique à 0 PV
reason-damage-at-0-hp = dégâts à 0 PV
reason-a-monster-dies-at-0-hp = un monstre meurt à 0 PV
reason-damage-at-0-hp-max-hp = dégâts à 0 PV au moins égaux aux PV max
reason-three-death-save-failures = trois échecs aux JS contre la mort
reason-three-death-save-successes = trois réussites aux JS contre la mort
reason-exhaustion-level-6 = épuisement de niveau 6
reason-regained-hit-points = a récupéré des PV
reason-natural-20-on-a-death-save = 20 naturel au JS contre la mort
reason-hit-point-maximum-halved-exhaustion = PV max réduits de moitié (épuisement)
reason-not-needed-once-the-reaction-was-resolved = inutiles une fois la réaction résolue
reason-the-spell-was-countered = le sort a été contré
reason-stand-up = se relever
reason-saving-throw-succeeded = JS réussi
reason-removed-by-the-dm = retiré par le MJ
reason-escaped = libération réussie
reason-stood-up = s'est relevé
reason-attacked-position-revealed = position révélée par son attaque
reason-used-on-a-check = utilisé pour un test
reason-used-on-an-attack = utilisé pour une attaque
reason-the-attack-is-resolved = l'attaque est résolue
reason-released = déclenchée
reason-incapacitated = ne peut plus agir
reason-died = mort
reason-fell-unconscious = perte de connaissance
reason-damage-dice-thrown-with-a-missed-attack = dés de dégâts lancés avec une attaque ratée
reason-failed-its-concentration-save = JS de concentration raté
reason-ended-by-choice = par choix
reason-started-concentrating-on-something-else = nouvelle concentration
reason-readied-action-released = action préparée déclenchée
reason-dropped-prone = se jette à terre
reason-surprised = surprise
reason-readied-move = déplacement préparé
reason-start-of-turn = début du tour { ELISION($who) ->
    [vowel] d'{ $who }
   *[consonant] de { $who }
 }
reason-end-of-turn = fin du tour { ELISION($who) ->
    [vowel] d'{ $who }
   *[consonant] de { $who }
 }
reason-rounds-elapsed = { $count } { $count ->
    [one] round écoulé
   *[other] rounds écoulés
 }
reason-incapacitated-grappler = { $who } ne peut plus agir
reason-creature-died = mort { ELISION($who) ->
    [vowel] d'{ $who }
   *[consonant] de { $who }
 }
reason-first-aid = premiers soins { ELISION($who) ->
    [vowel] d'{ $who }
   *[consonant] de { $who }
 }
reason-stabilized-by = stabilisé par { $who }
reason-concentration-of = fin de la concentration { ELISION($who) ->
    [vowel] d'{ $who }
   *[consonant] de { $who }
 }
reason-massive-damage = dégâts massifs : { $over } en trop pour { $max } PV max
by-creature = par { $who }
reason-0-hp = 0 PV
reason-beyond-long-range = au-delà de la portée longue
reason-underwater-beyond-normal-range = sous l'eau, au-delà de la portée normale
reason-woke-up = au réveil
reason-disabled-strain = effort en étant hors de combat
reason-casting-defensively = incantation sur la défensive
reason-hurt-while-casting = blessé pendant l'incantation
reason-unconscious = inconscience
# Why a d20 roll had advantage or disadvantage, after its faces (the reasons' words: tr-source-* in transcript.ftl).
event-roll-why = { $has_advantage ->
    [yes] { $has_disadvantage ->
        [yes] {" "}(avantage : { $advantage } ; désavantage : { $disadvantage } ; ils s'annulent)
       *[no] {" "}(avantage : { $advantage })
    }
   *[no] {" "}(désavantage : { $disadvantage })
 }
event-roll-help = { ELISION($helper) ->
    [vowel] aide d'{ $helper }
   *[consonant] aide de { $helper }
 }
event-hidden-changed = { $id } { $shown ->
    [hidden] caché aux joueurs
   *[revealed] montré aux joueurs
 }

# Reason codes added when events stopped storing English sentences (events/reasons.py).
reason-left-the-fight = { $who } a quitté le combat
reason-out-of-reach = hors de l'allonge { ELISION($who) ->
    [vowel] d'{ $who }
   *[consonant] de { $who }
 }
reason-ended-turn-in-space = a fini son tour dans l'espace { ELISION($who) ->
    [vowel] d'{ $who }
   *[consonant] de { $who }
 }
reason-nobody-healed-or-stabilized-it-within-5-rounds-after-the-combat = personne ne l'a soigné ni stabilisé dans les 5 rounds après le combat
reason-took-damage = a subi des dégâts
reason-readied-action-given-up = action préparée abandonnée
reason-its-held-spell-is-lost = son sort tenu est perdu
reason-passed-the-readied-action-is-spent = passe : l'action préparée est dépensée
reason-failed-to-cast-defensively = incantation sur la défensive ratée
reason-hurt-by-an-attack-of-opportunity = blessé par une attaque d'opportunité
reason-cannot-act = { $who } ne peut plus agir
reason-coup-de-grace-already-dead = coup de grâce : { $who } est déjà mort
reason-attack-target-dead = attaque { $count } ({ $attack }) : { $who } est mort
