# Errors the shell gives for a line it cannot understand (nothing is run).

error-square = '{ $word }' is not a square: write x,y
error-unknown-command = unknown command '{ $word }' (type help)
error-json = not valid JSON ({ $error } at column { $column })
error-json-object = a JSON command is an object with a "do" field
error-missing-arguments = missing arguments: { $usage }
error-whole-number = { $what } must be a whole number, not '{ $word }'
error-amount = '{ $word }' is neither an amount nor a roll like 2d6+3
error-damage-type = unknown damage type '{ $word }' (known: { $known })
error-ability = unknown ability '{ $word }' (str, dex, con, int, wis, cha)
error-ambiguous = '{ $word }' could be several { $what }s of { $owner }: { $known }
error-ambiguous-template = '{ $word }' could be several templates: { $known }
error-no-template = no template '{ $word }' (known: { $known })
error-which-attack = which attack? ({ $known })
error-save-needs = a save needs an ability and a DC: save { $example }
error-too-many = '{ $words }' is one word too many: { $usage }
error-who = who? ({ $who }): { $usage }
error-whose-death-save = whose death save? deathsave ID
error-condition-sign = say +condition or -condition, e.g. +prone (not '{ $change }')
error-by-whom = by whom? by ID
error-duration = '{ $word }' is not a duration: until end:ID, until start:ID, N rounds, save ABILITY DC, by ID
error-concentration-source = concentration needs the caster: by ID conc
error-initiative-done = everyone already has an initiative
error-add-count = add from 1 to { $most } creatures at once (not { $count })
error-which-template = which template? add ID TEMPLATE
error-stat-number = { $key }= takes a number, not '{ $value }'
error-move-where = move where? move ID X,Y [X,Y…]
error-skill = unknown skill or ability '{ $word }'
error-shove = shove: prone or push, not '{ $word }'
error-escape = escape with athletics or acrobatics
error-terrain = terrain difficult or clear, not '{ $word }'

# Idempotency keys (Encounter.execute's request_id, issue 24)
api-request-id-invalid = request_id must be a text of 1 to { $limit } printable characters
api-request-id-reused = the request_id '{ $request_id }' was already used for another command: send a new key (nothing was applied)
