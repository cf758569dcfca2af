# Characters brought in: `combatlog import-character` (party/characters.py) and the encounter's difficulty.

char-file-unreadable = { $file } cannot be read: { $reason }
char-file-is-folder = { $file } is a folder, not a character file
char-not-readable = { $file } is not valid JSON or YAML (line { $line }, column { $column }): { $reason }
char-not-a-character-file = the file is neither a Foundry VTT actor export ("Export Data": fields 'system' and 'items') nor a party file (field 'party')
char-unknown-system = this Foundry actor belongs to the system '{ $system }': only dnd5e exports are read (field '_stats.systemId')
char-not-a-character = the Foundry actor '{ $name }' is a '{ $type }', not a player character (field 'type')
char-ruleset-mismatch = a { $system } character cannot join a { $ruleset } encounter
char-field-missing = field '{ $field }' is missing
char-field-unknown = field '{ $field }' is not a party file field (known: id, name, level, class, side, foundry, stats)
char-field-bad = field '{ $field }': { $value } is not { $expected ->
    [integer] a whole number
    [level] a character level (1 to 20)
    [list] a list
    [object] an object
    [actor] a single character's export
   *[other] { $expected }
 }
char-no-class = '{ $name }' has no class item, so its level is unknown (field 'items', an item of type 'class')
char-ac-formula = the armour class calculation '{ $calc }' cannot be read (field 'system.attributes.ac.calc'; formula '{ $formula }'): choose a flat AC on the sheet
char-party-empty = the party file lists no character (field 'party': a list)
char-duplicate-id = field '{ $field }': two characters have the id '{ $id }'
char-in-member = { $field }: { $en }
char-stats-refused = { $field }: { $en }

char-output-is-folder = { $file } is a folder: name a file to write
char-output-not-written = { $file } cannot be written: { $reason }

char-note-default-speed = speed: none on the sheet or its species, 30 ft. (9 m) taken, the dnd5e default
char-note-damage-unreadable = { $weapon }: its damage formula cannot be read (field '{ $field }'); left out
char-note-no-damage-type = { $weapon }: no damage type (field '{ $field }'); left out
char-note-no-range = { $weapon }: no range (field '{ $field }'); left out
char-note-versatile = { $weapon }: its two-handed (versatile) damage is not listed
char-note-pact-magic = pact magic slots (back on a short rest) are not listed

char-summary = { $name } — level { $level }{ $has-class ->
    [yes] {" "}({ $class })
   *[no] {""}
 }: AC { $ac }, HP { $hp }, speed { $speed } m, initiative { $initiative }
char-saves = saving throws: { $saves }
char-skills = skills: { $skills }
char-attack = { $name }: { $to-hit } to hit, { $damage }
char-spellcasting = spellcasting ({ $ability }): save DC { $dc }, spell attack { $attack }; slots { $slots }; spells: { $spells }
char-note = note: { $text }
char-left-out = not written in the add commands (this combatlog does not take them yet): { $keys }
char-written = { $count ->
    [one] one character written to { $file }
   *[other] { $count } characters written to { $file }
 }

char-file-too-big = { $file } is { $size } MB: a character file is refused past { $limit } MB
char-too-deep = { $file } nests deeper than { $limit } levels: not a character sheet
char-too-many-values = { $file } holds more than { $limit } values: not a character sheet
char-yaml-alias = { $file }: YAML anchors and aliases are refused (line { $line }, column { $column }): write each value out
char-formula = field '{ $field }': the formula '{ $formula }' cannot be read ({ $reason })
