# Refusals of the rules and of the encounter (core/, replay/): `fail(*both("rule-…", …))`.
# The English wording is part of the outside contract: keep it as it is.

rule-no-named = no { $role } named
rule-there-no-combatant-known = there is no combatant '{ $combatant_id }' (known: { $has-known ->
    [yes] { $known }
   *[no] none yet
 })
rule-use-attack-command-to-attack = use the 'attack' command to attack
rule-unknown-action-known = unknown action '{ $action }' (known: { $ACTIONS })
rule-there-no-disengage-action-without = there is no Disengage action without opportunity attacks (create with "opportunity_attacks": true)
rule-help-needs-ally-one-who = help needs an 'ally' (the one who gets advantage)
rule-cannot-help-itself = { $helper } cannot help itself
rule-cannot-help-must-be-within = { $helper } cannot help { $ally }: it must be within { DISTANCE($within) } of { $ally }
rule-does-not-need-stabilizing = { $target } does not need stabilizing: it is { $status }
rule-cannot-stabilize-not-within-m = { $helper } cannot stabilize { $target }: not within { DISTANCE($within) }
rule-move-needs-path-of-squares = a move needs a path of squares
rule-not-on-map-place-first = { $mover } is not on the map: place it first
rule-cannot-dead = { $creature } cannot { $what }: it is dead
rule-cannot-not-now = { $creature } cannot { $what }: { $now }
rule-cannot-surprised-until-first-turn = { $creature } cannot { $what }: it is surprised until its first turn ends
rule-cannot-speed-zero = { $creature } cannot { $what }: it is { $stopped }
rule-not-prone = { $creature } is not prone
rule-cannot-stand-unconscious = { $creature } cannot stand: it is unconscious
rule-cannot-stand-speed = { $creature } cannot stand: its speed is 0
rule-cannot-stand-m-needed-m = { $creature } cannot stand: { DISTANCE($cost) } needed, { DISTANCE($left) } left
rule-cannot-drop-prone = { $creature } cannot drop prone: { $now }
rule-cannot-drop-prone-at-speed = { $creature } cannot drop prone at speed 0
rule-ready-needs-trigger-what-creature = ready needs a 'trigger' (what the creature waits for)
rule-ready-needs-response-attack-or = ready needs a 'response': an attack, a move or a cast command
rule-rounds-after-combat-have-run = the 5 rounds after the combat have run out
rule-cannot-stabilize-cannot-act = { $helper } cannot stabilize: it cannot act
rule-action-spent-round = { $helper } has already used its action this round (next_round gives it back)
rule-cannot-step-from-to-squares = { $mover } cannot step from { $position } to { $square }: squares must be adjacent
rule-cannot-move-to-frightened-of = { $mover } cannot move to { $where }: it is frightened of { $source } and cannot move closer
rule-cannot-move-to-turned-by = { $mover } cannot move to { $where }: it is turned by { $source } and must get away from it
rule-cannot-move-through-there = { $mover } cannot move through { $square }: { $other } is there
rule-cannot-end-move-in-there = { $mover } cannot end its move in { $square }: { $other } is there
rule-cannot-reach-m-needed-m = { $mover } cannot reach { $where }: { DISTANCE($spent_bound) } needed, { DISTANCE($budget) } left
rule-help-needs-ally-and-target = help needs an 'ally' (and a 'target' enemy for an attack)
rule-cannot-help-itself-action = { $creature_id } cannot help itself
rule-cannot-help-against-must-be = { $creature_id } cannot help against { $enemy }: it must be within { DISTANCE($within) } of { $enemy }
rule-cannot-incapacitated = { $creature } cannot { $what }: it is { $cause }
rule-cannot-turned-and-may-only = { $creature } cannot { $what }: it is turned and may only dash (or dodge, or escape)
rule-has-no-attack-attacks = { $attacker } has no attack '{ $wanted }' (its attacks: { $has-known ->
    [yes] { $known }
   *[no] none
 })
rule-cannot-attack-dead = { $attacker } cannot attack { $target }: { $target } is dead
rule-cannot-target-has-total-cover = { $attacker } cannot target { $target }: it has total cover
rule-cannot-target-dead = { $attacker } cannot { $what } { $target }: it is dead
rule-cannot-more-than-one-size = { $attacker } cannot { $what } { $target }: it is more than one size larger
rule-cannot-not-within-m = { $attacker } cannot { $what } { $target }: not within { DISTANCE($within) }
rule-not-grappled = { $creature } is not grappled
rule-action-spent = { $creature } has already used its action this turn ({ $action })
rule-action-spent-attacks = { $attacker } has already used its action this turn (Attack: { $made } of { $made } attacks made)
rule-has-no-bonus-action-attack = { $attacker } has no bonus-action attack: nothing grants one (two-weapon fighting needs an Attack action with a light melee weapon first, then another light weapon)
rule-cannot-attack-charmed-by = { $attacker } cannot attack { $target }: it is charmed by { $target }
rule-cannot-reach-with-m-away = { $attacker } cannot reach { $target } with { $profile }: { DISTANCE($distance) } away, reach { DISTANCE($reach) }
rule-cannot-hit-with-m-away = { $attacker } cannot hit { $target } with { $profile }: { DISTANCE($distance) } away, beyond its long range of { DISTANCE($long) }
rule-has-already-used-bonus-action = { $creature } has already used its bonus action this turn ({ $bonus })
rule-has-already-used-reaction-this = { $creature } has already used its reaction this round
rule-command-must-be-json-object = a command must be a JSON object with a "do" field
rule-command-has-no-do-field = the command has no "do" field
rule-unknown-command-known = unknown command '{ $name }' (known: { $COMMAND_NAMES })
rule-command-field = { $name }: { $reason }
rule-unknown-duration = unknown duration { $spec }
rule-unknown-condition-known = unknown condition '{ $condition }' (known: { $known })
rule-turned-needs-source-who-turned = turned needs a 'source': who turned the creature
rule-dead-no-condition-can-be = { $target_id } is dead: no condition can be added
rule-duration-of-rounds-too-short = a duration of { $count } rounds is too short
rule-save-duration-needs-ability-dc = a save duration needs {"{"}"ability", "dc"{"}"}
rule-exhaustion-levels-run-from-to = exhaustion levels run from 1 to 6, not { $level }
rule-unknown-duration-use-end-of = unknown duration '{ $until }': use end_of_turn, start_of_turn, rounds or save
rule-aftermath-only = { $name } belongs to Rôle'n Play's aftermath (ruleset rolenplay)
rule-undo-redo-and-revert-are = undo, redo and revert are handled by the encounter, not by the rules
rule-this-log-already-holds-encounter = this log already holds an encounter: 'create' must be its first command
rule-during-phase = { $subject } during the { $phase } phase
rule-cinematic-and-opportunity-attacks-are = 'cinematic' and 'opportunity_attacks' are Rôle'n Play options, not { $ruleset } ones
rule-damage-needs-target-or-targets = damage needs a 'target' or 'targets'
rule-target-listed-twice = a target is listed twice
rule-damage-needs-exactly-one-of = damage needs exactly one of 'amount' or 'roll'
rule-damage-cannot-be-negative = damage cannot be negative ({ $amount })
rule-heal-needs-exactly-one-of = heal needs exactly one of 'amount' or 'roll'
rule-check-needs-ability-or-skill = check needs an 'ability' or a 'skill'
rule-condition-needs-exactly-one-of = condition needs exactly one of 'add' or 'remove'
rule-concentrate-needs-effect-name = concentrate needs an 'effect' name
rule-log-has-no-encounter-yet = the log has no encounter yet: the first command must be 'create'
rule-cannot-now-reaction-window-open = cannot { $name } now: a reaction window is open ({ $trigger }); waiting for { $reactors } to react or pass
rule-cannot-now-must-roll-death = cannot { $name } now: { $turn } must roll its death save first
rule-no-death-save-due = { $subject }: no death save is due ({ $now })
rule-combat-has-not-started-use = { $subject }: combat has not started (use 'start')
rule-combat-has-ended = { $subject }: combat has ended
rule-already-dead = { $target_id } is already dead
rule-cover-given-for-which-not = cover is given for { $target_id }, which is not a target
rule-not-concentrating = { $creature } is not concentrating
rule-unknown-damage-type-known = unknown damage type '{ $damage_type }' (known: { $DAMAGE_TYPES })
rule-dead-healing-cannot-help = { $target_id } is dead: healing cannot help
rule-healing-cannot-be-negative = healing cannot be negative ({ $amount })
rule-temporary-hp-cannot-be-negative = temporary HP cannot be negative ({ $amount })
rule-is-dead = { $target_id } is dead
rule-cannot-roll-death-save-s = { $creature_id } cannot roll a death save: it is { $turn }'s turn
rule-not-dying = { $creature_id } is not dying
rule-cannot-react-reaction-spent-or = { $reactor } cannot react: its reaction is spent or it cannot act
rule-may-not-react-now-waiting = { $reactor_id } may not react now: waiting for { $reactors } ({ $trigger })
rule-opportunity-attack-targets = an opportunity attack targets { $mover_id }
rule-has-no-melee-attack = { $reactor } has no melee attack '{ $attack }'
rule-has-no-reaction-reactions = { $reactor } has no reaction '{ $wanted }' (its reactions: { $has-known ->
    [yes] { $known }
   *[no] none
 })
rule-answers-attack-that-hits = { $reaction } answers an attack that hits { $reactor }
rule-only-answers-melee-attack = { $reaction } only answers a melee attack
rule-has-no-readied-action = { $readier } has no readied action
rule-cannot-react-now-reaction-spent = { $readier } cannot react now (reaction spent, or it cannot act)
rule-opportunity-attack-answers-creature-leaving = an opportunity attack answers a creature leaving reach, not this window
rule-has-already-answered-this-window = { $reactor_id } has already answered this window
rule-has-no-readied-attack = { $reactor } has no attack '{ $value }'
rule-has-no-readied-action-waiting = { $id } has no readied action waiting on this window
rule-rolenplay-no-death-saves = Rôle'n Play has no death saving throws: a dying character waits to be healed or stabilized
rule-character-characters-have-their-own = { $id } is a character: characters have their own initiative, no group (Rôle'n Play)
rule-unconscious-at-zero-for-monsters = unconscious_at_zero is for monsters: characters already fall unconscious at 0 HP
rule-next-round-counts-rounds-after = next_round counts the rounds after the combat: during combat use end_turn
rule-rounds-must-be-at-least = rounds must be at least 1, not { $rounds }
rule-only-round-s-are-left = only { $aftermath } round(s) are left after the combat
rule-character-tied-with-character-acts = { $creature } is a character tied with { $seen_monster }: the character acts first (Rôle'n Play)
rule-unknown-ability-use-one-of = unknown ability '{ $ability }' (use one of { $ABILITIES })
rule-unknown-skill = unknown skill '{ $skill }'
rule-stats = { $who }'s stats: { $text }
rule-stats-error = { $who }'s stats: { $error }
# One problem of a 5e stat block (dnd5e/stats.py), joined by "; " into rule-stats
stats-unknown-value = { $key }: unknown '{ $value }'
stats-max-hp-low = max_hp must be at least 1, not { $value }
stats-hp-outside = hp { $hp } must lie between 0 and max_hp { $max_hp }
stats-speed-negative = speed cannot be negative ({ $value })
stats-attacks-per-action = attacks_per_action must be at least 1
stats-out-of-range = field '{ $field }': { $value } is out of range ({ $low } to { $high })
stats-attack-twice = attack '{ $attack }' is listed twice
stats-unknown-damage-type = attack '{ $attack }': unknown damage type '{ $type }'
stats-attack-dice = attack '{ $attack }': { $error }
stats-ranged-needs-range = attack '{ $attack }' is ranged and needs a range [normal, long]
rule-every-combatant-dead-end-combat = every combatant is dead: end the combat
rule-unconscious-at-zero-rolenplay = unconscious_at_zero is a Rôle'n Play option
rule-combatant-needs-id = a combatant needs an id
rule-there-already-combatant = there is already a combatant '{ $id }'
rule-needs-kind-pc-or-monster = { $id } needs a kind: pc or monster
rule-no-creature-templates-are-available = no creature templates are available here
rule-unknown-template = unknown template '{ $name }'
rule-cannot-start-nobody-in-fight = cannot start: nobody is in the fight
rule-cannot-start-no-initiative-yet = cannot start: no initiative yet for { $missing }
rule-cannot-start-initiative-ties-to = cannot start: initiative ties to break with 'order': { $listed }
rule-needs-stats-or-template = { $id } needs 'stats' or a 'template'
rule-has-no-initiative-yet = { $combatant_id } has no initiative yet
rule-order-only-breaks-ties-cannot = order only breaks ties: it cannot put a lower initiative before a higher one
rule-there-no-event-to-revert = there is no event { $to } to revert to (the log runs from 0 to { $txn_bound })
rule-event-inside-command-that-runs = event { $to } is inside the command that runs from { $inside } to { $end_of_txn }: revert to { $end_of_txn } or { $inside_bound }
rule-nothing-to-revert-after-event = nothing to revert after event { $to }
rule-undo-steps-must-be-at = undo steps must be at least 1
rule-nothing-to-undo = nothing to undo
rule-redo-steps-must-be-at = redo steps must be at least 1
rule-nothing-to-redo-redo-only = nothing to redo: redo only follows an undo
rule-cannot-redo-commands-only-were = cannot redo { $steps } commands: only { $length } were undone
rule-cannot-undo-commands-only-can = cannot undo { $steps } commands: only { $step } can be undone
rule-there-no-event-log-runs = there is no event { $seq } (the log runs from 0 to { $count_bound })
rule-characters-long-at-most = { $what } is { $length } characters long (at most { $limit })
rule-holds-control-character-or-line = { $what } holds a control character or line break ({ $code })
rule-must-be-non-empty-text = { $what } must be a non-empty text
rule-not-json-value = { $en }: a { $kind } is not a JSON value
rule-distance-runs-from-to-m = { $en }: a distance runs from 0 to { $MAX_DISTANCE } m, not { $number }
rule-field-until-expected-text-or = field 'until': expected text or an object
rule-field-expected-object-ability-dc = field '{ $where }': expected an object {"{"}"ability", "dc"{"}"}
rule-line-characters-long-at-most = the line is { $length } characters long (at most { $MAX_LINE })
rule-holds-lone-surrogate-not-valid = { $what } holds a lone surrogate ({ $code }): not valid Unicode text
rule-command-holds-more-than-values = the command holds more than { $MAX_NODES } values
rule-nested-more-than-levels-deep = { $en }: nested more than { $MAX_DEPTH } levels deep
rule-field-until-unknown-key-known = field 'until': unknown key '{ $key }' (known: end_of_turn, start_of_turn, rounds, save, of)
rule-field-expected-creature-id = field '{ $where }': expected a creature id
rule-field-expected-whole-number-of = field '{ $where }': expected a whole number of rounds
rule-field-unknown-key = field '{ $where }': unknown key '{ $key }'
rule-field-ability-expected-ability-str = field '{ $where }.ability': expected an ability (str, dex, con, int, wis, cha)
rule-field-dc-expected-whole-number = field '{ $where }.dc': expected a whole number
rule-field-half-expected-true-or = field '{ $where }.half': expected true or false
rule-field-seed-empty-seed-cannot = field 'seed': an empty seed cannot be replayed; give a number or a word, or leave it out
rule-field-seed-expected-whole-number = field 'seed': expected a whole number or a word
rule-not-valid-json-at-column = not valid JSON ({ $msg } at column { $colno })
rule-json-nested-too-deeply = the JSON is nested too deeply
rule-not-valid-json = not valid JSON ({ $error })
rule-event-not-read-back = the command's { $kind } would not read back as written
rule-number-out-of-range-at = { $en }: the number { $item } is out of range (at most { $limit } either way)
rule-not-finite-number-nor-json = { $en }: { $name } is not a finite number (nor JSON)
rule-number-out-of-range-any = { $en }: the number { $item } is out of range (at most { $MAX_NUMBER } either way)
rule-more-than-keys = { $en }: more than { $MAX_ITEMS } keys
rule-more-than-items = { $en }: more than { $MAX_ITEMS } items
rule-event-not-read-back-from-log = the command's { $kind } would not read back from the log ({ $error })
rule-key-not-text = { $en }: the key { $key } is not text

# Pieces of refusals: what a creature cannot do ("gob1 cannot { $what }: …"), and whose turn it is.
verb-attack = attack
verb-action = take the { $action } action
verb-stabilize = stabilize
verb-move = move
verb-stand-up = stand up
verb-grapple = grapple
verb-shove = shove
rule-whose-turn = { $has-turn ->
    [yes] it is { $turn }'s turn (round { $round })
   *[no] combat has not started
 }
rule-subject-cannot = { $has-who ->
    [yes] { $who } cannot { $name }
   *[no] cannot { $name }
 }
# What a command does, as a verb ("gob1 cannot { $doing }"): English says the command's name.
rule-doing = { $name }

# Supplied dice (dice.py)
dice-not-enough = not enough dice supplied: a d{ $sides } is still needed
dice-not-whole = die { $number } (a d{ $sides }) must be a whole number, not { $face }
dice-cannot-show = die { $number } (a d{ $sides }) cannot show { $face }: faces run from 1 to { $sides }
dice-not-used = { $count ->
    [one] 1 supplied die was not used
   *[other] { $count } supplied dice were not used
 }: { $listed }
# Dice expressions (dice.py): $shown is the expression as written, quoted
dice-not-text = a dice expression is text, not { $kind }
dice-empty = { $shown } is not a dice expression: it is empty; expected something like 2d6+3
dice-not-expression = { $shown } is not a dice expression: expected something like 2d6+3
dice-bad-term = { $shown } is not a dice expression: { $reason }
dice-term-count = a term rolls from 1 to { $max } dice, not { $count }
dice-term-sides = a die has from 1 to { $max } sides, not { $sides }
dice-term-keep = cannot keep { $keep } of { $count } dice
rule-nothing-to-remove = { $target } has no { $condition }{ $has-source ->
    [yes] {" "}from { $source }
   *[no] {""}
 } to remove

# Why a command's fields are refused (msgspec's findings in plain words).
rule-reason-unknown-field = unknown field '{ $key }'{ $has-field ->
    [yes] {" "}in '{ $field }'
   *[no] {""}
 }
rule-reason-missing-field = missing field '{ $key }'{ $has-field ->
    [yes] {" "}in '{ $field }'
   *[no] {""}
 }
rule-reason-field = { $has-field ->
    [yes] field '{ $field }': { $detail }
   *[no] { $detail }
 }
rule-reason-expected = expected { $expected }, got { $got }

# The ruleset a create names.
rule-ruleset-not-available = ruleset '{ $name }' is not available yet; use one of: { $known }
rule-ruleset-unknown = unknown ruleset '{ $name }'; use one of: { $known }

# A field of a condition's duration (conditions.py).
rule-field-not-whole = field '{ $field }': expected a whole number, not { $kind }
rule-field-out-of-range = field '{ $field }': { $value } is out of range ({ $bounded ->
    [yes] { $low } to { $high }
   *[no] at most { $high }
 })
rule-field-not-creature = field '{ $field }': expected a creature id, not { $kind }
rule-save-ability-unknown = field 'until.save.ability': expected one of { $known }

# What opened a reaction window, quoted by a refusal (core/rulesets/dnd5e/window_words.py).
window-trigger-move = { $mover } leaves the reach of { $reactors }
window-trigger-hit = { $attacker } hits { $target } with { $attack }
window-trigger-readied = { $readier }'s trigger: { $text }
window-trigger-cast = { $caster } casts { $spell }
