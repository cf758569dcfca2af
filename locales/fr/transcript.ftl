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
tr-label-undone = annulé
tr-label-dice_typed = dés de la table
tr-label-dice_rolled = dés tirés par le moteur

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
tr-damage-line = { $line } ; { $hp }.
tr-sentence = { $text }.
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

# Attack outcomes, actions, reaction windows.
tr-outcome = { $kind ->
    [auto-miss] { $underwater ->
        [yes] raté d'office (sous l'eau, au-delà de la portée normale)
       *[no] raté d'office ({ $text })
    }
    [critical-natural] coup critique (20 naturel)
    [critical-auto] coup critique automatique ({ $cause ->
        [target-unconscious] cible inconsciente à { DISTANCE($within) }
        [target-paralyzed] cible paralysée à { DISTANCE($within) }
       *[none] au contact
    })
    [hit] touché
   *[miss] { $natural-one ->
        [yes] raté (1 naturel)
       *[no] raté
    }
 }
tr-action-name = { $action ->
    [dash] Foncer
    [disengage] { $edition ->
        [2014] Se désengager
       *[other] Désengager
    }
    [dodge] Esquiver
    [help] Aider
    [hide] Se cacher
    [ready] { $edition ->
        [2014] Se tenir prêt
       *[other] Se préparer
    }
    [search] Chercher
    [magic] { $edition ->
        [2014] Lancer un sort
       *[other] Magie
    }
    [influence] Influencer
    [study] Étudier
    [utilize] { $edition ->
        [2014] Utiliser un objet
       *[other] Utiliser
    }
    [escape] S'échapper
   *[other] { $raw }
 }
tr-action = { $how ->
    [first-aid] { $who-subj } tente de stabiliser { $target-obj } (premiers soins).
    [help] { $who-subj } utilise l'action Aider{ $bonus ->
        [yes] {" "}(action bonus)
       *[no] {""}
    }{ $has-ally ->
        [yes] {" "}au profit { $ally-de }
       *[no] {""}
    }{ $has-against ->
        [yes] , contre { $against-obj }.
       *[no] .
    }
    [ready] { $who-subj } utilise l'action { $name }{ $bonus ->
        [yes] {" "}(action bonus)
       *[no] {""}
    } : déclencheur « { $trigger } ».
    [dash] { $who-subj } utilise l'action { $name }{ $bonus ->
        [yes] {" "}(action bonus)
       *[no] {""}
    } (+{ $distance } de déplacement).
    [escape] { $who-subj } tente de se libérer.
   *[other] { $who-subj } utilise l'action { $name }{ $bonus ->
        [yes] {" "}(action bonus)
       *[no] {""}
    }.
 }
tr-window = Fenêtre de réaction{ $kind ->
    [move] {" "}: { $mover-obj } quitte l'allonge { $reactors-de } ;
    [attack-damage] {" "}: { $attacker-obj } touche { $target-obj } ;
    [readied] {" "}: le déclencheur { $first-de } survient{ $has-trigger ->
        [yes] {" "}(« { $trigger } »)
       *[no] {""}
    } ;
   *[other] {" "};
 } { $reactors-obj } { $count ->
    [1] peut
   *[other] peuvent
 } réagir{ $kind ->
    [attack-damage] {" "}avant les dégâts.
   *[other] .
 }

# Sources of advantage and disadvantage as the rules label them, and damage types after a number.
tr-source-dm = décision du MJ
tr-source-long-range = portée longue
tr-source-ranged-attack-with-a-hostile-creature-within-1-5-m = attaque à distance avec un ennemi à { DISTANCE($within) }
tr-source-cannot-see-the-target = l'attaquant ne voit pas la cible
tr-source-target-invisible = cible invisible
tr-source-target-cannot-see-the-attacker = la cible ne voit pas l'attaquant
tr-source-attacker-invisible = attaquant invisible
tr-source-attacker-prone = attaquant à terre
tr-source-attacker-restrained = attaquant entravé
tr-source-grappled-attacking-another-creature = agrippé, attaque une autre créature que l'agrippeur
tr-source-target-prone-within-1-5-m = cible à terre à { DISTANCE($within) }
tr-source-target-prone-beyond-1-5-m = cible à terre à plus de { DISTANCE($within) }
tr-source-target-restrained = cible entravée
tr-source-target-paralyzed = cible paralysée
tr-source-target-stunned = cible étourdie
tr-source-target-unconscious = cible inconsciente
tr-source-target-petrified = cible pétrifiée
tr-source-target-dodging = la cible esquive
tr-source-underwater-melee = corps à corps sous l'eau
tr-source-underwater-ranged = attaque à distance sous l'eau
tr-source-poisoned = empoisonnement
tr-source-frightened = peur
tr-source-surprised = surprise
tr-source-incapacitated = incapacité
tr-source-invisible = invisibilité
tr-source-dodging = esquive
tr-source-restrained = entrave
tr-damage-after-acid = d'acide
tr-damage-after-bludgeoning = { $count ->
    [0] contondant
    [1] contondant
   *[other] contondants
 }
tr-damage-after-cold = de froid
tr-damage-after-fire = de feu
tr-damage-after-force = de force
tr-damage-after-lightning = de foudre
tr-damage-after-necrotic = { $count ->
    [0] nécrotique
    [1] nécrotique
   *[other] nécrotiques
 }
tr-damage-after-piercing = { $count ->
    [0] perforant
    [1] perforant
   *[other] perforants
 }
tr-damage-after-poison = de poison
tr-damage-after-psychic = { $count ->
    [0] psychique
    [1] psychique
   *[other] psychiques
 }
tr-damage-after-radiant = { $count ->
    [0] radiant
    [1] radiant
   *[other] radiants
 }
tr-damage-after-slashing = { $count ->
    [0] tranchant
    [1] tranchant
   *[other] tranchants
 }
tr-damage-after-thunder = de tonnerre

# What an undo took back: a short name for a command.
tr-summary = { $do ->
    [attack] l'attaque { $attacker-de } contre { $target-obj } ({ $weapon-low })
    [move] le déplacement { $id-de }
    [shove] la bousculade { $attacker-de } contre { $target-obj }
    [grapple] l'empoignade { $attacker-de } contre { $target-obj }
    [damage] les dégâts infligés { $targets-a }
    [heal] les soins { $target-de }
    [temp_hp] les PV temporaires { $target-de }
    [condition] { $adding ->
        [yes] { $condition-term } sur { $target-obj }
       *[no] le retrait de { $condition-term } { $target-de }
    }
    [end_turn] la fin du tour
    [save] le JS { $id-de }
    [check] le test { $id-de }
    [death_save] le jet de sauvegarde contre la mort { $id-de }
    [stabilize] les premiers soins { $id-de } à { $target-obj }
    [stand] { $id-obj } qui se relève
    [react] la réaction { $id-de }
    [pass] { $id-obj } qui ne réagit pas
    [initiative] l'initiative { $id-de }
    [action] l'action { $action } { $id-de }
    [add] l'arrivée { $id-de }
    [remove] le départ { $id-de }
    [place] le placement { $id-de }
    [start] le début du combat
    [end] la fin du combat
   *[other] la commande « { $raw-do } »
 }

# How long a condition lasts, and why it ended.
tr-until = { $kind ->
    [this-turn] {" "}jusqu'à la fin de ce tour
    [end-own] {" "}jusqu'à la fin de son prochain tour
    [start-own] {" "}jusqu'au début de son prochain tour
    [end-other] {" "}jusqu'à la fin du tour { $anchor-de }
    [start-other] {" "}jusqu'au début du tour { $anchor-de }
    [rounds] {" "}pendant { $count } { $count ->
        [0] round
        [1] round
       *[other] rounds
    }
    [save] {" "}(JS { ELISION($ability) ->
        [vowel] d'{ $ability }
       *[consonant] de { $ability }
    } DD { $dc } à la fin de chacun de ses tours pour y mettre fin)
    [concentration] {" "}(tant que dure la concentration { $anchor-de })
   *[none] {""}
 }
tr-end-reason = { $kind ->
    [saving-throw-succeeded] JS réussi
    [removed-by-the-dm] le MJ y met fin
    [escaped] libération réussie
    [attacked-position-revealed] position révélée par son attaque
    [regained-hit-points] {""}
    [natural-20-on-a-death-save] {""}
    [stood-up] {""}
    [used-on-a-check] {""}
    [used-on-an-attack] {""}
    [the-attack-is-resolved] {""}
    [released] {""}
    [start-of-turn] début du tour { $who-de }
    [end-of-turn] fin du tour { $who-de }
    [rounds-elapsed] { $count } { $count ->
        [0] round écoulé
        [1] round écoulé
       *[other] rounds écoulés
    }
    [incapacitated] { $who-obj } ne peut plus agir
    [died] mort { $who-de }
    [first-aid] premiers soins { $who-de }
    [concentration-ended] fin de la concentration { $who-de }
   *[other] { $text }
 }

# Damage outside an attack, and each typed part of a damage roll.
tr-damage-save = { $has-dc ->
    [yes] {" "}(JS { ELISION($ability) ->
        [vowel] d'{ $ability }
       *[consonant] de { $ability }
    } DD { $dc } { $half ->
        [yes] pour moitié
       *[no] pour les éviter
    })
   *[no] {""}
 }
tr-damage-what = { $has-amount ->
    [yes] { $amount } dégâts { $kind }
   *[no] des dégâts
 }
tr-damage-head = { $has-source ->
    [yes] { $source } inflige { $what } { $targets-a }{ $save }.
   *[no] { $targets-cap } { $count ->
        [1] subit
       *[other] subissent
    } { $what }{ $save }.
 }
tr-damage-roll = { $has-expr ->
    [yes] { $expr } = { $rolled } { $kind }
   *[no] { $rolled } { $kind }
 }
tr-damage-step = { $step ->
    [adjusted] ajustés de { $value } par le MJ
    [halved-save] réduits de moitié à { $value } (JS réussi)
    [immune] annulés par l'immunité
    [both] résistance et vulnérabilité : { $value }
    [resistant] réduits à { $value } par la résistance
   *[vulnerable] doublés à { $value } par la vulnérabilité
 }

# Conditions: the rule's term (2024: "la condition Agrippé"; 2014: "l'état empoigné") and the adjective that
# agrees with a creature of known gender ("l'araignée est agrippée").
tr-condition-name = { $condition ->
    [blinded] Aveuglé
    [charmed] Charmé
    [deafened] Assourdi
    [frightened] Effrayé
    [grappled] { $edition ->
        [2014] empoigné
       *[other] Agrippé
    }
    [incapacitated] { $edition ->
        [2014] neutralisé
       *[other] Incapacité
    }
    [paralyzed] Paralysé
    [petrified] Pétrifié
    [poisoned] Empoisonné
    [restrained] Entravé
    [stunned] Étourdi
    [turned] Renvoyé
    [surprised] Surpris
    [prone] à terre
    [unconscious] inconscient
    [invisible] invisible
    [exhaustion] épuisement
   *[other] { $raw }
 }
tr-condition-adj = { $condition ->
    [blinded] { $gender ->
        [f] aveuglée
       *[other] aveuglé
    }
    [charmed] { $gender ->
        [f] charmée
       *[other] charmé
    }
    [deafened] { $gender ->
        [f] assourdie
       *[other] assourdi
    }
    [frightened] { $gender ->
        [f] effrayée
       *[other] effrayé
    }
    [grappled] { $edition ->
        [2014] { $gender ->
            [f] empoignée
           *[other] empoigné
        }
       *[other] { $gender ->
            [f] agrippée
           *[other] agrippé
        }
    }
    [incapacitated] { $edition ->
        [2014] { $gender ->
            [f] neutralisée
           *[other] neutralisé
        }
       *[other] { $gender ->
            [f] frappée d'incapacité
           *[other] frappé d'incapacité
        }
    }
    [paralyzed] { $gender ->
        [f] paralysée
       *[other] paralysé
    }
    [petrified] { $gender ->
        [f] pétrifiée
       *[other] pétrifié
    }
    [poisoned] { $gender ->
        [f] empoisonnée
       *[other] empoisonné
    }
    [restrained] { $gender ->
        [f] entravée
       *[other] entravé
    }
    [stunned] { $gender ->
        [f] étourdie
       *[other] étourdi
    }
    [turned] { $gender ->
        [f] renvoyée
       *[other] renvoyé
    }
    [surprised] { $gender ->
        [f] surprise
       *[other] surpris
    }
   *[other] {""}
 }

# Conditions gained and lost; saves that end them.
tr-condition-is = { $has-adjective ->
    [yes] { $who-subj } est { $adjective }{ $has-source ->
        [yes] {" "}par { $source-obj }
       *[no] {""}
    }{ $has-extra ->
        [yes] {" "}({ $source-text })
       *[no] {""}
    }{ $until }.
   *[no] { $who-subj } subit { $term }{ $has-source ->
        [yes] {" "}(source : { $source-obj })
       *[no] { $has-extra ->
            [yes] {" "}({ $source-text })
           *[no] {""}
        }
    }{ $until }.
 }
tr-condition-gained = { $condition ->
    [prone] { $dropped ->
        [yes] { $who-subj } se jette à terre{ $until }.
       *[no] { $who-subj } est à terre{ $until }.
    }
    [unconscious] { $who-subj } perd connaissance{ $until }.
    [invisible] { $who-subj } devient invisible{ $until }.
    [exhaustion] { $who-subj } subit { $level } { $level ->
        [1] niveau
       *[other] niveaux
    } d'épuisement{ $until }.
   *[other] { tr-condition-is }
 }
tr-condition-lost = { $condition ->
    [prone] { $who-subj } n'est plus à terre{ $reason }.
    [unconscious] { $who-subj } reprend connaissance{ $reason }.
    [invisible] { $who-subj } redevient visible{ $reason }.
    [exhaustion] { $who-subj } se remet de son épuisement{ $reason }.
   *[other] { $has-adjective ->
        [yes] { $who-subj } n'est plus { $adjective }{ $reason }.
       *[no] { $term-cap } { $who-de } prend fin{ $reason }.
    }
 }
tr-condition-no-effect = { $term-cap } reste sans effet sur { $who-obj } (immunité).
tr-save-purpose = { $purpose ->
    [concentration] {" "}pour maintenir sa concentration
    [end] {" "}pour mettre fin à { $term }
   *[other] {""}
 }
tr-save-auto-fail = { $who-subj } rate automatiquement son JS { ELISION($ability) ->
    [vowel] d'{ $ability }
   *[consonant] de { $ability }
 } DD { $dc }{ $why } ({ $cause-term }).

# Ability checks and the labels of roll modifiers.
tr-check = { $who-subj } fait un test { ELISION($ability) ->
    [vowel] d'{ $ability }
   *[consonant] de { $ability }
 }{ $has-skill ->
    [yes] {" "}({ $skill })
   *[no] {""}
 }{ $has-dc ->
    [yes] {" "}DD { $dc }
   *[no] {""}
 }{ $mode } : { $roll }{ $success ->
    [yes] {" "}— réussite
    [no] {" "}— échec
   *[none] {""}
 }.
tr-modifier = { $label ->
    [proficiency] maîtrise
    [half-cover] abri partiel
    [three-quarters-cover] abri important
    [cinematic-rule] règle cinématique
    [spell-attack] attaque de sort
    [exhaustion] épuisement { $level }
   *[other] { $raw }
 }

# Noun phrases: a creature named by the table is a proper noun ("Aria", "d'Aria", "à Aria"); a creature named
# after its template takes an article that elides and agrees ("l'orc", "la araignée" never: "l'araignée",
# "du gobelin", "de la panthère", "au loup").
tr-np-obj = { $proper ->
    [yes] { $noun }
   *[no] { ELISION($noun) ->
        [vowel] l'{ $noun }
       *[consonant] { $gender ->
            [f] la { $noun }
           *[other] le { $noun }
        }
    }
 }
tr-np-de = { $proper ->
    [yes] { ELISION($noun) ->
        [vowel] d'{ $noun }
       *[consonant] de { $noun }
    }
   *[no] { ELISION($noun) ->
        [vowel] de l'{ $noun }
       *[consonant] { $gender ->
            [f] de la { $noun }
           *[other] du { $noun }
        }
    }
 }
tr-np-a = { $proper ->
    [yes] à { $noun }
   *[no] { ELISION($noun) ->
        [vowel] à l'{ $noun }
       *[consonant] { $gender ->
            [f] à la { $noun }
           *[other] au { $noun }
        }
    }
 }

# Grammar the phrasebook asks for: a weapon with its possessive, by the gender of the name's first word ("son épée
# longue", "sa dague", "son arc"); before a vowel or a mute h always "son"; a word not listed: feminine when it ends in -e.
# $head-key is the first word without its accents (Fluent keys are ASCII: fleau for fléau).
tr-weapon = { ELISION($head) ->
    [vowel] son { $weapon }
   *[consonant] { $head-key ->
        [dague] sa { $weapon }
        [griffe] sa { $weapon }
        [hache] sa { $weapon }
        [hachette] sa { $weapon }
        [hallebarde] sa { $weapon }
        [javeline] sa { $weapon }
        [lance] sa { $weapon }
        [masse] sa { $weapon }
        [massue] sa { $weapon }
        [morgenstern] sa { $weapon }
        [morsure] sa { $weapon }
        [rapiere] sa { $weapon }
        [fronde] sa { $weapon }
        [faux] sa { $weapon }
        [serpe] sa { $weapon }
        [pique] sa { $weapon }
        [queue] sa { $weapon }
        [corne] sa { $weapon }
        [pince] sa { $weapon }
        [fleche] sa { $weapon }
        [frappe] sa { $weapon }
        [boule] sa { $weapon }
        [gifle] sa { $weapon }
        [lame] sa { $weapon }
        [cimeterre] son { $weapon }
        [coup] son { $weapon }
        [trait] son { $weapon }
        [baton] son { $weapon }
        [gourdin] son { $weapon }
        [marteau] son { $weapon }
        [fleau] son { $weapon }
        [fouet] son { $weapon }
        [trident] son { $weapon }
        [pic] son { $weapon }
        [javelot] son { $weapon }
        [sabre] son { $weapon }
        [glaive] son { $weapon }
        [poing] son { $weapon }
        [dard] son { $weapon }
        [souffle] son { $weapon }
        [rayon] son { $weapon }
        [tentacule] son { $weapon }
        [projectile] son { $weapon }
        [rocher] son { $weapon }
       *[other] { $ending ->
            [e] sa { $weapon }
           *[other] son { $weapon }
        }
    }
 }
# The gender of a creature template's French name (le gobelin, l'araignée géante).
tr-template-gender = { $template ->
    [giant_spider] f
   *[other] m
 }
tr-and = et
tr-condition-term = { $edition ->
    [2014] { $article ->
        [yes] l'état { $name }
       *[no] état { $name }
    }
   *[other] { $article ->
        [yes] la condition { $name }
       *[no] condition { $name }
    }
 }
tr-source-help = aide { $helper-de }
tr-source-exhaustion = épuisement { $level }
tr-opportunity-attack = attaque d'opportunité
# The English phrasebook's possessive and "to …" list; French builds these with tr-np-de and tr-np-a.
tr-np-poss = { $noun }
tr-to-list = { $people }
