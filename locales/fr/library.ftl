# La bibliothèque (INTERFACE §7) : `combatlog library`, `library show`, la `fiche` du shell.

library-size-tiny = Très petite
library-size-small = Petite
library-size-medium = Moyenne
library-size-large = Grande
library-size-huge = Très grande
library-size-gargantuan = Gigantesque
library-type-aberration = aberration
library-type-beast = bête
library-type-celestial = céleste
library-type-construct = créature artificielle
library-type-dragon = dragon
library-type-elemental = élémentaire
library-type-fey = fée
library-type-fiend = fiélon
library-type-giant = géant
library-type-humanoid = humanoïde
library-type-monstrosity = créature monstrueuse
library-type-ooze = vase
library-type-plant = plante
library-type-undead = mort-vivant
library-heading = { $type } de taille { $size }, { $alignment }
library-armor-class = Classe d'armure { $ac }{ $has-armor ->
    [yes] {" "}({ $armor })
   *[no] {""}
 }
library-hit-points = Points de vie { $hp }{ $has-dice ->
    [yes] {" "}({ $dice })
   *[no] {""}
 }
library-initiative = Initiative { $bonus }
library-speed = Vitesse { $speeds }
library-speed-walk = { $distance }
library-speed-fly = vol { $distance }
library-speed-swim = nage { $distance }
library-speed-climb = escalade { $distance }
library-speed-burrow = creusement { $distance }
library-ability = { $name } { $score } ({ $modifier })
library-saving-throws = Jets de sauvegarde { $list }
library-skills = Compétences { $list }
library-vulnerabilities = Vulnérabilités aux dégâts { $list }
library-resistances = Résistances aux dégâts { $list }
library-immunities = Immunités contre les dégâts { $list }
library-condition-immunities = Immunités contre les états { $list }
library-sense-blindsight = vision aveugle { $distance }
library-sense-darkvision = vision dans le noir { $distance }
library-sense-tremorsense = perception des vibrations { $distance }
library-sense-truesight = vision véritable { $distance }
library-senses = Sens { $has-list ->
    [yes] { $list },{" "}
   *[no] {""}
 }Perception passive { $passive }
library-languages = Langues { $languages }
library-challenge = Puissance { $cr } ({ $xp } PX) ; bonus de maîtrise { $proficiency }
library-legendary-resistance = Résistance légendaire { $count }/jour
library-section-traits = Capacités
library-section-actions = Actions
library-section-bonus-actions = Actions bonus
library-section-reactions = Réactions
library-section-legendary-actions = Actions légendaires ({ $count } par round)
library-section-attacks = Attaques (identifiants pour `attaque … avec`)
library-section-saves = Actions à jet de sauvegarde
library-section-legendary-options = Actions légendaires (identifiants pour `legendary`)
library-section-spellcasting = Incantation
library-attack-melee = { $id } : corps à corps, { $to-hit } pour toucher, allonge { $reach } ; touché : { $damage }{ $has-uses ->
    [yes] {" "}(utilise { $uses })
   *[no] {""}
 }
library-attack-ranged = { $id } : distance, { $to-hit } pour toucher, portée { $range } ; touché : { $damage }{ $has-uses ->
    [yes] {" "}(utilise { $uses })
   *[no] {""}
 }
library-damage-part = { $roll } { $type }
library-multiattack = { $count } attaques par action Attaquer
library-save-action = { $id } : jet de sauvegarde de { $ability } DD { $dc }{ $has-damage ->
    [yes] {" "}; échec : { $damage }{ $half ->
        [yes] , moitié en cas de réussite
       *[no] {""}
    }
   *[no] {""}
 }
library-use-recharge = { $id } : recharge { $recharge }–6
library-use-per = { $id } : { $max }/{ $per ->
    [short_rest] repos court
   *[long_rest] jour
 }
library-spellcasting-line = { $ability }, DD de sauvegarde des sorts { $dc }{ $has-attack ->
    [yes] , { $attack } pour toucher avec les attaques de sort
   *[no] {""}
 }
library-spell-slots = Emplacements : { $slots }
library-spell-slot = niveau { $level } ×{ $count }
library-spell-list = Sorts : { $spells }
library-per-day = { $times }/jour : { $spells }
library-legendary-option = { $id } (coûte { $cost }){ $has-attack ->
    [yes] {" "}: attaque { $attack }
   *[no] {""}
 }
library-text-in-english = (texte en anglais seulement)
library-spell-heading = { $level ->
    [0] Tour de magie, { $school }
   *[other] Niveau { $level }, { $school }
 }{ $ritual ->
    [yes] {" "}(rituel)
   *[no] {""}
 }
library-school-abjuration = abjuration
library-school-conjuration = invocation
library-school-divination = divination
library-school-enchantment = enchantement
library-school-evocation = évocation
library-school-illusion = illusion
library-school-necromancy = nécromancie
library-school-transmutation = transmutation
library-casting-time = Temps d'incantation { $time }
library-casting-action = 1 action
library-casting-bonus = 1 action bonus
library-casting-reaction = 1 réaction
library-range = Portée { $range }
library-components = Composantes { $components }
library-duration = Durée { $duration }{ $concentration ->
    [yes] {" "}(concentration)
   *[no] {""}
 }
library-not-executable = Non résolu par le moteur : { $why }
library-at-higher-levels = Aux niveaux supérieurs. { $text }
library-list-creature = { $id } — { $name } (FP { $cr }, { $type })
library-list-spell = { $id } — { $name } ({ $level ->
    [0] tour de magie
   *[other] niveau { $level }
 }, { $school })
library-found = { $count ->
    [0] Rien dans la bibliothèque { $family } ne correspond à « { $query } ».
    [one] 1 entrée dans la bibliothèque { $family }.
   *[other] { $count } entrées dans la bibliothèque { $family }.
 }
library-unknown-entry = « { $id } » n'est pas dans la bibliothèque { $family } : cherchez-le avec `combatlog library { $id }`.
library-about-heading = Licences de la bibliothèque { $family }
library-about-source = { $name } : { $repo } au commit { $commit } ({ $licence })
library-alignment-unaligned = sans alignement
library-alignment-chaotic-evil = chaotique mauvais
library-alignment-lawful-evil = loyal mauvais
library-alignment-neutral-evil = neutre mauvais
library-alignment-neutral = neutre
library-alignment-lawful-good = loyal bon
library-alignment-any-alignment = tout alignement
library-alignment-chaotic-good = chaotique bon
library-alignment-neutral-good = neutre bon
library-alignment-any-non-good-alignment = tout alignement non bon
library-alignment-lawful-neutral = loyal neutre
library-alignment-chaotic-neutral = chaotique neutre
library-alignment-any-non-lawful-alignment = tout alignement non loyal
library-alignment-any-chaotic-alignment = tout alignement chaotique
library-alignment-any-evil-alignment = tout alignement mauvais
