# Lancer des sorts (INTERFACE.md §7) : les lignes du journal, le résumé de `cast` et chaque refus de `cast`.

event-spell-cast = { $caster } lance { $spell }{ $using ->
    [slot] {" "}avec un emplacement de niveau { $slot-level }{ $upcast ->
        [0] {""}
       *[other] {" "}({ $upcast } niveau(x) au-dessus)
    }
    [per_day] {" "}(un de ses lancers du jour)
    [ritual] {" "}en rituel ({ $ritual-minutes } minutes de plus)
    [at_will] {" "}(à volonté)
   *[cantrip] {" "}(tour de magie{ $multiplier ->
        [1] {""}
       *[other] , dés ×{ $multiplier }
    })
}{ $has-targets ->
    [yes] {" "}sur { $targets }
   *[no] {""}
}{ $dc ->
    [0] {""}
   *[other] , sauvegarde DD { $dc }
}
event-spell-slot-spent = { $caster } dépense un emplacement de sort de niveau { $level } (reste { $left }/{ $max })
event-per-day-spent = { $caster } dépense un lancer du jour de { $spell } (reste { $left }/{ $max })
event-spells-restored = { $id } récupère { $slots ->
    [0] {""}
    [one] un emplacement de sort
   *[other] { $slots } emplacements de sort
 }{ $slots ->
    [0] {""}
   *[other] { $per_day ->
        [0] {""}
       *[other] {" "}et{" "}
    }
 }{ $per_day ->
    [0] {""}
    [one] un lancer du jour
   *[other] { $per_day } lancers du jour
 } (repos long)
command-cast = { $caster } lance { $spell }{ $has-targets ->
    [yes] {" "}sur { $targets }
   *[no] {""}
}
verb-cast = lancer { $spell }

spell-invalid = objet sort : { $error }
spell-unknown = { $caster } ne peut pas lancer { $spell } : ce sort n'est ni parmi ses objets sorts ni dans la bibliothèque
spell-unsupported = { $spell } ne peut pas être lancé ici : { $reason }
spell-caster-has-no-spellcasting = { $caster } ne peut pas lancer de sorts : son profil n'a pas d'incantation (spellcasting)
spell-cantrip-has-no-slot = { $spell } est un tour de magie : il ne prend pas de niveau d'emplacement
spell-cantrip-needs-nothing = { $spell } est un tour de magie : il se lance sans emplacement, « using » { $using } ne s'applique pas
spell-per-day-at-its-level = { $spell } lancé sur ses lancers du jour l'est à son propre niveau ({ $level })
spell-not-per-day = { $caster } n'a pas de lancers du jour de { $spell } (spellcasting.per_day)
spell-per-day-spent = { $caster } a déjà lancé { $spell } ses { $count } fois du jour : il n'en reste plus
spell-not-a-ritual = { $spell } n'est pas un rituel
spell-ritual-in-combat = { $spell } ne peut pas être lancé en rituel pendant un combat : un rituel prend { $minutes } minutes de plus
spell-ritual-at-its-level = { $spell } lancé en rituel l'est à son propre niveau ({ $level })
spell-slot-below-spell = { $spell } est un sort de niveau { $spell-level } : il ne peut pas être lancé avec un emplacement de niveau { $level }
spell-slot-level-too-high = il n'y a pas d'emplacements de sort de niveau { $level } (niveau 9 au plus)
spell-no-slots-of-level = { $caster } n'a pas d'emplacements de sort de niveau { $level }
spell-no-slot-left = { $caster } n'a plus d'emplacement de sort de niveau { $level } (les { $count } sont dépensés)
spell-too-many-targets = { $spell } prend au plus { $most } cible(s), pas { $count }
spell-target-twice = { $spell } : une cible est nommée deux fois
spell-target-dead = { $spell } ne peut pas cibler { $target } : cette créature est morte
spell-needs-targets = { $spell } a besoin de ses cibles (« targets », une liste d'identifiants)
spell-window-open = { $caster } ne peut pas lancer { $spell } maintenant : une fenêtre de réaction est ouverte ({ $trigger }), en attente de { $reactors } ; seul l'un d'eux peut y répondre, avec un sort de réaction
spell-caster-cannot-cast = { $caster } ne peut pas lancer de sort : son état est « { $status } »
spell-casting-time-too-long = { $spell } ne peut pas être lancé en combat : son temps d'incantation est { $casting-time }
spell-no-reaction = { $caster } ne peut pas lancer { $spell } : sa réaction est dépensée ou il ne peut pas réagir
spell-bonus-action-rule-2014 = { $caster } ne peut pas lancer { $spell } ce tour-ci : le tour où un sort est lancé par une action bonus, le seul autre sort possible est un tour de magie dont le temps d'incantation est d'une action
spell-bonus-action-rule-2024 = { $caster } ne peut pas lancer { $spell } ce tour-ci : le tour où un sort est lancé par une action bonus, aucun autre sort ne peut être lancé avec un emplacement de sort
spell-held-needs-spell = { $caster } ne peut contenir un sort que si l'action se tenir prêt le nomme (« spell »)
spell-held-needs-one-action = { $spell } ne peut pas être contenu : seul un sort dont le temps d'incantation est d'une action peut être préparé (le sien est { $casting-time })
spell-unknown-duration = { $spell } : durée inconnue { $until }

spell-stats-level = level : { $value } n'est pas un niveau de personnage (1 à 30)
spell-stats-ability = spellcasting.ability : '{ $ability }' inconnue
spell-stats-slot-level = spellcasting.slots : '{ $level }' n'est pas un niveau d'emplacement (1 à 9)
spell-stats-slot-count = spellcasting.slots : { $count } emplacements de niveau { $level }, hors limites (0 à 100)
spell-stats-per-day-count = spellcasting.per_day : { $count } lancers de { $spell }, hors limites (1 à 100)
spell-level-out-of-range = sort { $spell } : le niveau { $level } est hors limites (0 à 9)
spell-unknown-ability = sort { $spell } : caractéristique de sauvegarde '{ $ability }' inconnue
spell-unknown-damage-type = sort { $spell } : type de dégâts '{ $type }' inconnu
spell-bad-dice = sort { $spell } : '{ $roll }' n'est pas une expression de dés
spell-unknown-condition = sort { $spell } : état '{ $condition }' inconnu
spell-roll-bonus-unknown-test = sort { $spell } : roll_bonus sur « { $test } », pas un test de d20 qu'il peut modifier (parmi { $tests })
spell-attack-and-save = sort { $spell } : un sort a un jet d'attaque ou une sauvegarde, pas les deux
spell-targets-at-least-one = sort { $spell } : « targets » vaut au moins 1

help-cast = lance LANCEUR SORT [CIBLES…] [niveau N] [rituel|jour] — lancer un sort sur ses cibles
label-slots = Emplacements

spell-pf1-casting-time = sort { $spell } : en pf1 un temps d'incantation est standard, swift, full_round ou immediate, pas { $casting-time }
spell-pf1-no-effects = sort { $spell } : un effet pf1 donne des « bonuses » (et « negates »), pas les ac_bonus, roll_bonus ou damage_bonus de 5e
spell-pf1-no-upcast = { $spell } se lance à son propre niveau ({ $level }) en pf1 : pas de sort intensifié par l'emplacement
spell-pf1-none-of-level = { $caster } n'a pas de sorts de niveau { $level } par jour
spell-pf1-none-left = { $caster } a lancé ses { $count } sort(s) de niveau { $level } du jour : il n'en reste plus
event-spell-countered = { $by } contre { $spell } de { $caster } : le sort est sans effet{ $slot-spent ->
    [yes] {""} (son emplacement est dépensé)
   *[other] {""}
 }
spell-pf1-unknown-duration = sort { $spell } : un effet pf1 dure {"{"}« rounds », « minutes » ou « hours » : N{"}"}, avec « per_level » vrai pour N par niveau de lanceur, pas { $until }
spell-bonus-unknown-target = sort { $spell } : un bonus porte sur { $targets }, pas sur « { $to } »
spell-pf1-missile-targets = { $spell } a { $count } projectile(s) à ce niveau de lanceur : nommez une créature pour tous, ou une par projectile ({ $count }), pas { $given }
spell-dismiss-nothing = aucun effet de sort « { $effect } » à terminer{ $has-target ->
    [yes] {" "}sur { $target }
   *[no] {""}
 }{ $has-source ->
    [yes] {" "}lancé par { $source }
   *[no] {""}
 }
spell-pf1-only-key = sort { $spell } : « { $key } » est une clé pf1 ; les règles 5e ne l'appliquent pas
spell-not-at-will = { $caster } ne lance pas { $spell } à volonté (le « at_will » de son incantation ne le cite pas)
spell-at-will-at-its-level = { $spell } se lance à volonté à son propre niveau ({ $level })
spell-pf1-rest-long-only = pf1 n'a que le repos long (une nuit de repos), pas « { $kind } »

# Les noms français des sorts que la bibliothèque importée n'a pas appariés (5e-drs) : `spell-name-ID`, lus par
# words.spell_names pour les nommer et les reconnaître dans `lance`/`réagir`.
spell-name-arcane-lock = Verrou magique
spell-name-aura-of-life = Aura de vie
spell-name-barkskin = Peau d'écorce
spell-name-charm-monster = Charme-monstre
spell-name-chromatic-orb = Orbe chromatique
spell-name-counterspell = Contresort
spell-name-darkvision = Vision dans le noir
spell-name-dissonant-whispers = Murmures dissonants
spell-name-divine-smite = Châtiment divin
spell-name-enthrall = Discours captivant
spell-name-ensnaring-strike = Frappe piégeuse
spell-name-fly = Vol
spell-name-goodberry = Baies nourricières
spell-name-hellish-rebuke = Représailles infernales
spell-name-hex = Maléfice
spell-name-ice-knife = Couteau de glace
spell-name-jump = Saut
spell-name-longstrider = Grande foulée
spell-name-mass-cure-wounds = Soins de groupe
spell-name-mass-heal = Guérison de groupe
spell-name-mind-spike = Pointe psychique
spell-name-phantasmal-force = Force fantasmagorique
spell-name-phantom-steed = Destrier fantôme
spell-name-plant-growth = Croissance végétale
spell-name-revivify = Retour à la vie
spell-name-rope-trick = Corde enchantée
spell-name-searing-smite = Châtiment ardent
spell-name-shield = Bouclier
spell-name-spider-climb = Pattes d'araignée
spell-name-warding-bond = Lien de protection
spell-name-water-breathing = Respiration aquatique
spell-name-water-walk = Marche sur l'onde
