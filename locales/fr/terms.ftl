# Game terms in French: damage types, conditions, abilities, skills, statuses, actions, resources.
# Conditions agree with the creature's gender when it is known ($gender: m, f, other).

list-join = { $head } et { $last }
list-and = { $items }
distance-m = { $value } m
distance-ft = { $value } pieds
yes = oui
no = non

ruleset-dnd5e-2024 = D&D 5e (règles 2024)
ruleset-dnd5e-2014 = D&D 5e (règles 2014)
ruleset-rolenplay = Rôle'n Play
ruleset-pf1 = Pathfinder 1re édition

# French grammatical gender of each template's French name (a creature named by the table has none known).
template-gender = { $template ->
    [giant_spider] f
   *[other] m
 }

kind-pc = PJ
kind-monster = monstre
# Sides (issue 23: "camp groupe" read as an id): the shell's two defaults, and the sides a table often types, in
# either language (looked up without accents: "alliés" is side-allies), each worded in the reader's language.
side-party = aventuriers
side-monsters = monstres
side-groupe = aventuriers
side-aventuriers = aventuriers
side-adventurers = aventuriers
side-monstres = monstres
side-foes = ennemis
side-enemies = ennemis
side-ennemis = ennemis
side-allies = alliés
side-heroes = héros
side-heros = héros
side-pcs = PJ
side-pj = PJ
side-npcs = PNJ
side-pnj = PNJ
side-neutral = neutres
side-neutrals = neutres
side-neutres = neutres

damage-acid = acide
damage-bludgeoning = contondant
damage-cold = froid
damage-fire = feu
damage-force = force
damage-lightning = foudre
damage-necrotic = nécrotique
damage-piercing = perforant
damage-poison = poison
damage-psychic = psychique
damage-radiant = radiant
damage-slashing = tranchant
damage-thunder = tonnerre

damage-amount-acid = { $count ->
    [one] dégât
   *[other] dégâts
 } d'acide
damage-amount-bludgeoning = { $count ->
    [one] dégât contondant
   *[other] dégâts contondants
 }
damage-amount-cold = { $count ->
    [one] dégât
   *[other] dégâts
 } de froid
damage-amount-fire = { $count ->
    [one] dégât
   *[other] dégâts
 } de feu
damage-amount-force = { $count ->
    [one] dégât
   *[other] dégâts
 } de force
damage-amount-lightning = { $count ->
    [one] dégât
   *[other] dégâts
 } de foudre
damage-amount-necrotic = { $count ->
    [one] dégât nécrotique
   *[other] dégâts nécrotiques
 }
damage-amount-piercing = { $count ->
    [one] dégât perforant
   *[other] dégâts perforants
 }
damage-amount-poison = { $count ->
    [one] dégât
   *[other] dégâts
 } de poison
damage-amount-psychic = { $count ->
    [one] dégât psychique
   *[other] dégâts psychiques
 }
damage-amount-radiant = { $count ->
    [one] dégât radiant
   *[other] dégâts radiants
 }
damage-amount-slashing = { $count ->
    [one] dégât tranchant
   *[other] dégâts tranchants
 }
damage-amount-thunder = { $count ->
    [one] dégât
   *[other] dégâts
 } de tonnerre
damage-part = { $amount } { $type }
damage-part-from = { $part } ({ $effect })

condition-blinded = { $gender ->
    [f] aveuglée
   *[other] aveuglé
 }
condition-charmed = { $gender ->
    [f] charmée
   *[other] charmé
 }
condition-deafened = { $gender ->
    [f] assourdie
   *[other] assourdi
 }
condition-exhaustion = épuisement
condition-frightened = { $gender ->
    [f] effrayée
   *[other] effrayé
 }
condition-grappled = { $gender ->
    [f] agrippée
   *[other] agrippé
 }
condition-incapacitated = { $gender ->
    [f] neutralisée
   *[other] neutralisé
 }
condition-invisible = invisible
condition-paralyzed = { $gender ->
    [f] paralysée
   *[other] paralysé
 }
condition-petrified = { $gender ->
    [f] pétrifiée
   *[other] pétrifié
 }
condition-poisoned = { $gender ->
    [f] empoisonnée
   *[other] empoisonné
 }
condition-prone = à terre
condition-restrained = { $gender ->
    [f] entravée
   *[other] entravé
 }
condition-stunned = { $gender ->
    [f] étourdie
   *[other] étourdi
 }
condition-unconscious = { $gender ->
    [f] inconsciente
   *[other] inconscient
 }
condition-turned = { $gender ->
    [f] renvoyée
   *[other] renvoyé
 }
condition-surprised = { $gender ->
    [f] surprise
   *[other] surpris
 }

ability-str = For
ability-dex = Dex
ability-con = Con
ability-int = Int
ability-wis = Sag
ability-cha = Cha
ability-long-str = Force
ability-long-dex = Dextérité
ability-long-con = Constitution
ability-long-int = Intelligence
ability-long-wis = Sagesse
ability-long-cha = Charisme

skill-athletics = Athlétisme
skill-acrobatics = Acrobaties
skill-sleight-of-hand = Escamotage
skill-stealth = Discrétion
skill-arcana = Arcanes
skill-history = Histoire
skill-investigation = Investigation
skill-nature = Nature
skill-religion = Religion
skill-animal-handling = Dressage
skill-insight = Intuition
skill-medicine = Médecine
skill-perception = Perception
skill-survival = Survie
skill-deception = Tromperie
skill-intimidation = Intimidation
skill-performance = Représentation
skill-persuasion = Persuasion

status-alive = vivant
status-dying = { $gender ->
    [f] mourante
   *[other] mourant
 }
status-stable = stable
status-dead = { $gender ->
    [f] morte
   *[other] mort
 }

action-attack = attaque
action-dash = Foncer
action-disengage = Se désengager
action-dodge = Esquiver
action-help = Aider
action-hide = Se cacher
action-ready = Se préparer
action-search = Chercher
action-use-object = Utiliser un objet
action-magic = Magie
action-cast-spell = Lancer un sort
action-influence = Influencer
action-study = Étudier
action-utilize = Utiliser
action-escape = S'échapper
action-grapple = Empoigner
action-shove = Pousser
action-stabilize = Stabiliser
action-surprised = surprise
action-readied-move = déplacement préparé

resource-action = son action
resource-bonus = son action bonus
resource-reaction = sa réaction
resource-object = son interaction avec un objet
resource-attack = une attaque

mode-walk = marche
mode-crawl = en rampant
mode-fly = en volant
mode-swim = à la nage
mode-climb = en escaladant
mode-teleport = par téléportation

terrain-difficult = difficile
terrain-clear = dégagé

shove-prone = à terre
shove-push = repoussé

reaction-opportunity-attack = attaque d'opportunité
reaction-readied = action préparée
effect-dodging = esquive
effect-helped = aidé
effect-readied = action préparée
effect-bless = Bénédiction
effect-bane = Fléau
effect-hunters-mark = Marque du chasseur
effect-counterspell = Contresort

phase-setup = préparation
phase-turn = tour
phase-death-save = jet contre la mort
phase-reaction = réaction
phase-ended = combat terminé

economy-action = action
economy-bonus = bonus
economy-reaction = réaction
economy-movement = déplacement

# A side or an initiative group the DM named after a kind of creature ("goblins"), in the reader's words: the
# creature's name in the plural.
creatures-plural = { ENDING($name) ->
    [s] { $name }
    [x] { $name }
    [z] { $name }
    [au] { $name }x
    [eu] { $name }x
   *[other] { $name }s
 }
