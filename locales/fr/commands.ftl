# A command as the table says it (log lines of commands, undo summaries).

command-other = commande { $do }
command-create = création de la rencontre ({ $ruleset })
command-add = ajout { ELISION($id) ->
    [vowel] d'{ $id }
   *[consonant] de { $id }
 }
command-remove = { $id } quitte le combat
command-place = { $id } placé en { $at }
command-surprise = surprise : { $ids }
command-initiative = initiative { ELISION($id) ->
    [vowel] d'{ $id }
   *[consonant] de { $id }
 }
command-order = départage : { $ids }
command-start = début du combat
command-move = { $id } se déplace{ $has-to ->
    [yes] {" "}en { $to }
   *[no] {""}
 }
command-action = { $id } : { $action }
command-attack = { $attacker } attaque { $target } ({ $with })
command-grapple = { $attacker } tente d'empoigner { $target }
command-shove = { $attacker } tente de pousser { $target } ({ $effect })
command-escape = { $id } tente de se libérer
command-damage = { $amount } { $type } à { $target }
command-heal = soins pour { $target } ({ $amount })
command-temp-hp = { $amount } PV temporaires pour { $target }
command-save = JS { $ability } DD { $dc } pour { $id }
command-check = test { ELISION($what) ->
    [vowel] d'{ $what }
   *[consonant] de { $what }
 } pour { $id }
command-condition = { $adding ->
    [yes] { $target } : + { $condition }
   *[no] { $target } : − { $condition }
 }
command-concentrate = concentration { ELISION($id) ->
    [vowel] d'{ $id }
   *[consonant] de { $id }
 }
command-death-save = JS contre la mort { ELISION($id) ->
    [vowel] d'{ $id }
   *[consonant] de { $id }
 }
command-stabilize = { $id } tente de stabiliser { $target }
command-react = { $id } réagit ({ $with })
command-pass = { $id } passe
command-end-turn = fin du tour
command-stand = { $id } se relève
command-drop-prone = { $id } se jette à terre
command-terrain = terrain { $kind } ({ $count } { $count ->
    [one] case
   *[other] cases
 })
command-trigger = déclencheur { ELISION($id) ->
    [vowel] d'{ $id }
   *[consonant] de { $id }
 }
command-end = fin du combat
command-undo = annuler ({ $steps })
command-redo = rétablir ({ $steps })
command-revert = retour à l'événement n° { $to }
command-next-round = { $rounds ->
    [1] round suivant après le combat
   *[other] { $rounds } rounds après le combat
 }
command-full-attack = attaque à outrance { ELISION($attacker) ->
    [vowel] d'{ $attacker }
   *[consonant] de { $attacker }
 }{ $has-target ->
    [yes] {" "}sur { $target }
   *[no] {""}
 }{ $has-with ->
    [yes] {" "}({ $with })
   *[no] {""}
 }
command-maneuver = manœuvre de combat { ELISION($attacker) ->
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
 })
command-roll-off = jet pour départager l'initiative : { $ids }
command-hidden = { $shown ->
    [hidden] cacher { $id } aux joueurs
   *[revealed] montrer { $id } aux joueurs
 }
