# Transcripts (export --format md|html|json): the sentences shared by the document's structure.
# Noun phrases come ready-made as variables: $who-subj ("Le gobelin"), $who-obj ("le gobelin"),
# $who-de ("du gobelin", "d'Aria"), $who-a ("au gobelin"); lists as $people-obj, $people-de.

tr-title = Combat
tr-subtitle = Transcription du combat — { $ruleset }
tr-round = Round { $number }
tr-turn = Tour { $who-de }
tr-skipped = { $dead ->
    [yes] { $who-subj } { $who-gender ->
        [m] est mort
        [f] est morte
       *[other] a succombé
    } : son tour est sauté.
   *[no] Le tour { $who-de } est sauté ({ $reason }).
 }
tr-initiative = { $count ->
    [1] Initiative { $people-de }{ $mode } : { $roll }.
   *[other] Initiative commune { $people-de }{ $mode } : { $roll }.
 }
tr-initiative-set = Le MJ fixe l'initiative { $people-de } à { $total }.
tr-order = Ordre d'initiative : { $items }.
tr-then = puis
tr-ties = Égalité départagée par le MJ : { $people }.
tr-order-changed = Nouvel ordre d'initiative : { $items }.
tr-surprise = Surprise : { $people-obj } { $count ->
    [1] ne voit
   *[other] ne voient
 } rien venir.
tr-joins = { $who-subj } rejoint le combat.
tr-leaves = { $who-subj } quitte le combat.
tr-placed = Le MJ place { $who-obj } en { $square }.
tr-terrain = { $kind ->
    [difficult] Le MJ marque { $count } { $count ->
        [1] case
       *[other] cases
    } en terrain difficile.
   *[other] Le MJ rend { $count } { $count ->
        [1] case
       *[other] cases
    } au terrain normal.
 }
tr-forced = Déplacement forcé : { $who-obj } se retrouve en { $square }.
tr-stand = { $who-subj } se relève ({ $distance } de déplacement).
tr-movement-spent = { $who-subj } dépense { $distance } de déplacement ({ $reason }).
tr-reevaluated = La CA { $who-de } passe à { $ac } : l'attaque { $hit ->
    [yes] touche quand même
   *[no] rate finalement
 }.
tr-contest-head = Opposition entre { $first-obj } et { $second-obj }.
tr-contest = { $tie ->
    [yes] Égalité ({ $first-total } partout) : rien ne change.
   *[no] { $winner-subj } l'emporte ({ $first-total } contre { $second-total }).
 }
tr-hide = { $who-subj } tente de se cacher.
tr-attack-lands = L'attaque { $attacker-de } contre { $target-obj } porte.
tr-heal = { $who-subj } récupère { $amount } PV{ $natural ->
    [yes] {" "}(20 naturel)
   *[no] { $has-roll ->
        [yes] {" "}({ $roll })
       *[no] {""}
    }
 } ; PV { $before } → { $after }.
tr-dying = { $saves ->
    [no] { $reason ->
        [damaged-while-stable] { $who-subj } n'est plus stable : il faut à nouveau le stabiliser.
       *[other] { $who-subj } tombe à 0 PV : inconscient, en danger de mort jusqu'à être soigné ou stabilisé.
    }
   *[yes] { $reason ->
        [damaged-while-stable] { $who-subj } n'est plus stable : les jets de sauvegarde contre la mort reprennent.
       *[other] { $who-subj } tombe à 0 PV et devra faire des jets de sauvegarde contre la mort.
    }
 }
tr-stable = { $reason ->
    [knocked-out] { $who-subj } est hors de combat, mais stable.
    [three-death-save-successes] { $who-subj } est stable (trois réussites).
   *[other] { $who-subj } est stable.
 }
tr-max-hp-halved = Les PV max { $who-de } sont réduits de moitié : PV ramenés à { $hp }.
tr-death-saves-reset = Les jets de sauvegarde contre la mort { $who-de } sont remis à zéro.
tr-concentration-start = { $who-subj } se concentre sur { $effect }.
tr-passes = { $who-subj } ne réagit pas.
tr-unused-dice = { $reason ->
    [damage-dice-thrown-with-a-missed-attack] Dés de dégâts lancés avec le d20 et ignorés : { $faces } (attaque ratée).
   *[other] Dés saisis non utilisés : { $faces } (plus nécessaires après la réaction).
 }
tr-note = Note du MJ : « { $text } »
tr-separator = {" ; "}
tr-undo = Annulé par le MJ : { $summaries }.
tr-redo = Rétabli par le MJ : { $summaries }.
tr-revert = Le MJ revient à l'événement n° { $to } : { $count } { $count ->
    [1] commande annulée
   *[other] commandes annulées
 }.
tr-undone-mark = annulé
tr-structural = { $kind ->
    [start] Début du combat.
    [turn-end] Fin du tour { $who-de }.
    [turn-start] Début du tour { $who-de } (round { $number }).
   *[other] Tour { $who-de } passé (round { $number }).
 }
tr-ended = { $has-reason ->
    [yes] Le MJ met fin au combat : { $reason }.
   *[no] Le MJ met fin au combat.
 }

# Headings and tables.
tr-label-cast = Participants
tr-label-combatant = Combattant
tr-label-side = Camp
tr-label-kind = Type
tr-label-ac = CA
tr-label-hp_start = PV au début
tr-label-setup = Avant le combat
tr-label-end = Fin du combat
tr-label-final = État à la fin
tr-label-hp = PV
tr-label-status = Statut
tr-label-conditions = Conditions
tr-label-pc = PJ
tr-label-monster = monstre
tr-label-undone_shown = Les commandes annulées par le MJ sont montrées barrées.
tr-label-seq = événement
tr-label-alive = en vie
tr-label-dying = mourant
tr-label-stable = stable
tr-label-dead = mort
tr-label-nothing = Rien d'enregistré pour ce tour.
tr-label-left = a quitté le combat

# Rolls, damage and hit points.
tr-kept = { $first } et { $second }, on garde { $natural }
tr-mode = { $kind ->
    [both] {" "}(avantage : { $advantage } ; désavantage : { $disadvantage } ; ils s'annulent)
    [advantage] {" "}avec avantage ({ $advantage })
    [disadvantage] {" "}avec désavantage ({ $disadvantage })
   *[none] {""}
 }
tr-attack-roll = Jet d'attaque{ $mode } : { $roll } contre CA { $ac } — { $outcome }.
tr-special = { $purpose ->
    [grapple] { $attacker-subj } tente d'agripper { $target-obj }.
    [push] { $attacker-subj } tente de repousser { $target-obj }.
   *[prone] { $attacker-subj } tente de jeter { $target-obj } à terre.
 }
tr-save = { $who-subj } fait un JS { ELISION($ability) ->
    [vowel] d'{ $ability }
   *[consonant] de { $ability }
 } DD { $dc }{ $why }{ $mode } : { $roll } — { $success ->
    [yes] réussite
   *[no] échec
 }.
tr-damage = Dégâts{ $critical ->
    [yes] {" "}(coup critique : dés doublés)
   *[no] {""}
 } : { $parts }{ $several ->
    [yes] , soit { $total } au total
   *[no] {""}
 }
tr-hp = { $temp ->
    [yes] PV temporaires { $who-de } : { $temp-before } → { $temp-after }, PV : { $before } → { $after }
   *[no] PV { $who-de } : { $before } → { $after }
 }
tr-damage-alone = { $who-subj } subit des dégâts. { $line } ; { $hp }.
tr-temp-hp = { $kept ->
    [yes] { $who-subj } garde ses { $before } PV temporaires (les { $amount } nouveaux ne se cumulent pas).
   *[no] { $who-subj } reçoit { $amount } PV temporaires (PV temporaires { $before } → { $after }).
 }

# Movement, attacks, death, effects.
tr-route = { $has-start ->
    [yes] de { $start } à { $end }
   *[no] jusqu'en { $end }
 }
tr-moved = { $how ->
    [teleport] { $who-subj } se téléporte en { $end }.
    [resumed] { $who-subj } poursuit son déplacement : { $distance }, { $route }.
    [reaction] { $who-subj } se déplace avec sa réaction, { $route }.
   *[other] { $who-subj } { $mode ->
        [crawl] rampe
        [fly] vole
        [swim] nage
        [climb] grimpe
       *[other] se déplace
    } de { $distance }, { $route }.
 }
tr-attack = { $opportunity ->
    [yes] { $attacker-subj } fait une attaque d'opportunité contre { $target-obj } avec { $weapon }
   *[no] { $attacker-subj } attaque { $target-obj } avec { $weapon }
 }{ $nonlethal ->
    [yes] {" "}pour l'assommer
   *[no] {""}
 }.
tr-dies = { $reason ->
    [massive] { $who-subj } meurt sur le coup (dégâts massifs : { $over } en trop pour { $max } PV max).
    [a-monster-dies-at-0-hp] { $who-subj } meurt.
    [three-death-save-failures] { $who-subj } meurt (trois échecs aux jets de sauvegarde contre la mort).
    [damage-at-0-hp-max-hp] { $who-subj } meurt (dégâts à 0 PV au moins égaux à ses PV max).
    [exhaustion-level-6] { $who-subj } meurt (épuisement de niveau 6).
    [none] { $who-subj } meurt.
   *[other] { $who-subj } meurt ({ $text }).
 }
tr-death-save = { $who-subj } fait son jet de sauvegarde contre la mort : { $roll } — { $outcome ->
    [success] réussite
    [failure] échec
    [two-failures] 1 naturel : deux échecs
    [regains-1-hp] 20 naturel
    [stable] réussite
    [dead] échec
   *[other] { $text }
 }{ $outcome ->
    [regains-1-hp] {""}
   *[other] {" "}({ $successes } { $successes ->
        [0] réussite
        [1] réussite
       *[other] réussites
    }, { $failures } { $failures ->
        [0] échec
        [1] échec
       *[other] échecs
    })
 }.
tr-death-save-failed = { $critical ->
    [yes] Coup critique à 0 PV
   *[no] Dégâts à 0 PV
 } : { $who-obj } subit { $count ->
    [1] un échec
    [2] deux échecs
    [3] trois échecs
   *[other] { $count } échecs
 } au jet de sauvegarde contre la mort ({ $successes } { $successes ->
    [0] réussite
    [1] réussite
   *[other] réussites
 }, { $failures } { $failures ->
    [0] échec
    [1] échec
   *[other] échecs
 }).
tr-concentration-end = { $who-subj } perd sa concentration ({ $effect }){ $has-reason ->
    [yes] {" "}: { $reason ->
        [incapacitated] ne peut plus agir
        [died] mort
        [fell-unconscious] perte de connaissance
        [failed-its-concentration-save] JS de concentration raté
        [ended-by-choice] par choix
        [started-concentrating-on-something-else] nouvelle concentration
        [readied-action-released] action préparée déclenchée
       *[other] { $text }
    }
   *[no] {""}
 }.
tr-effect-started = { $bonus ->
    [0] { $who-subj } : { $name }{ $until }.
   *[other] { $name } : CA +{ $bonus } pour { $who-obj }{ $has-until ->
        [yes] { $until }
       *[no] {" "}contre cette attaque
    }.
 }
tr-reacts = { $readied ->
    [yes] { $who-subj } réagit : son action préparée se déclenche.
   *[no] { $who-subj } réagit : { $reaction }.
 }
