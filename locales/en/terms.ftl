# Game terms in English: damage types, conditions, abilities, skills, statuses, actions, resources.

list-join = { $head } and { $last }
list-and = { $items }
distance-m = { $value } m
distance-ft = { $value } ft
yes = yes
no = no

ruleset-dnd5e-2024 = D&D 5e (2024 rules)
ruleset-dnd5e-2014 = D&D 5e (2014 rules)
ruleset-rolenplay = Rôle'n Play
ruleset-pf1 = Pathfinder 1st edition

template-gender = other

kind-pc = PC
kind-monster = monster
# Sides: the shell's two defaults, and the sides a table often types, in either language (looked up without
# accents: "alliés" is side-allies), each worded in the reader's language.
side-party = party
side-monsters = monsters
side-groupe = party
side-aventuriers = adventurers
side-adventurers = adventurers
side-monstres = monsters
side-foes = foes
side-enemies = enemies
side-ennemis = enemies
side-allies = allies
side-heroes = heroes
side-heros = heroes
side-pcs = PCs
side-pj = PCs
side-npcs = NPCs
side-pnj = NPCs
side-neutral = neutral
side-neutrals = neutrals
side-neutres = neutrals

damage-acid = acid
damage-bludgeoning = bludgeoning
damage-cold = cold
damage-fire = fire
damage-force = force
damage-lightning = lightning
damage-necrotic = necrotic
damage-piercing = piercing
damage-poison = poison
damage-psychic = psychic
damage-radiant = radiant
damage-slashing = slashing
damage-thunder = thunder

damage-amount-acid = acid
damage-amount-bludgeoning = bludgeoning
damage-amount-cold = cold
damage-amount-fire = fire
damage-amount-force = force
damage-amount-lightning = lightning
damage-amount-necrotic = necrotic
damage-amount-piercing = piercing
damage-amount-poison = poison
damage-amount-psychic = psychic
damage-amount-radiant = radiant
damage-amount-slashing = slashing
damage-amount-thunder = thunder
damage-part = { $amount } { $type }
damage-part-from = { $part } ({ $effect })

condition-blinded = blinded
condition-charmed = charmed
condition-deafened = deafened
condition-exhaustion = exhaustion
condition-frightened = frightened
condition-grappled = grappled
condition-incapacitated = incapacitated
condition-invisible = invisible
condition-paralyzed = paralyzed
condition-petrified = petrified
condition-poisoned = poisoned
condition-prone = prone
condition-restrained = restrained
condition-stunned = stunned
condition-unconscious = unconscious
condition-turned = turned
condition-surprised = surprised

ability-str = Str
ability-dex = Dex
ability-con = Con
ability-int = Int
ability-wis = Wis
ability-cha = Cha
ability-long-str = Strength
ability-long-dex = Dexterity
ability-long-con = Constitution
ability-long-int = Intelligence
ability-long-wis = Wisdom
ability-long-cha = Charisma

skill-athletics = Athletics
skill-acrobatics = Acrobatics
skill-sleight-of-hand = Sleight of Hand
skill-stealth = Stealth
skill-arcana = Arcana
skill-history = History
skill-investigation = Investigation
skill-nature = Nature
skill-religion = Religion
skill-animal-handling = Animal Handling
skill-insight = Insight
skill-medicine = Medicine
skill-perception = Perception
skill-survival = Survival
skill-deception = Deception
skill-intimidation = Intimidation
skill-performance = Performance
skill-persuasion = Persuasion

status-alive = alive
status-dying = dying
status-stable = stable
status-dead = dead

action-attack = attack
action-dash = Dash
action-disengage = Disengage
action-dodge = Dodge
action-help = Help
action-hide = Hide
action-ready = Ready
action-search = Search
action-use-object = Use an Object
action-magic = Magic
action-cast-spell = Cast a Spell
action-influence = Influence
action-study = Study
action-utilize = Utilize
action-escape = Escape
action-grapple = Grapple
action-shove = Shove
action-stabilize = Stabilize
action-surprised = surprise
action-readied-move = readied move

resource-action = { $gender ->
    [f] her
    [m] his
    [n] its
   *[other] their
 } action
resource-bonus = { $gender ->
    [f] her
    [m] his
    [n] its
   *[other] their
 } bonus action
resource-reaction = { $gender ->
    [f] her
    [m] his
    [n] its
   *[other] their
 } reaction
resource-object = { $gender ->
    [f] her
    [m] his
    [n] its
   *[other] their
 } object interaction
resource-attack = an attack

mode-walk = walking
mode-crawl = crawling
mode-fly = flying
mode-swim = swimming
mode-climb = climbing
mode-teleport = by teleport

terrain-difficult = difficult
terrain-clear = clear

shove-prone = prone
shove-push = pushed

reaction-opportunity-attack = opportunity attack
reaction-readied = readied action
effect-dodging = dodging
effect-helped = helped
effect-readied = readied action
effect-bless = Bless
effect-bane = Bane
effect-hunters-mark = Hunter's Mark
effect-counterspell = Counterspell

phase-setup = setup
phase-turn = turn
phase-death-save = death save
phase-reaction = reaction
phase-ended = combat over

economy-action = action
economy-bonus = bonus
economy-reaction = reaction
economy-movement = movement

# A side or an initiative group the DM named after a kind of creature ("gobelins"), in the reader's words: the
# creature's name in the plural.
creatures-plural = { ENDING($name) ->
    [s] { $name }es
    [x] { $name }es
    [z] { $name }es
   *[other] { $name }s
 }
