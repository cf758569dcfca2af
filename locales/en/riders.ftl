# Stat blocks that play themselves (INTERFACE.md §8): attack riders, save actions, weapon qualities and
# qualified defences.

## Refusals
stats-unknown-word = field '{ $field }': unknown '{ $value }' (allowed: { $allowed })
stats-rider-dice = field '{ $field }': { $error }
stats-rider-one-kind = field '{ $field }': a rider is exactly one of `damage`, `condition` or `grapple`
stats-rider-until = field '{ $field }': `until` is `start_of_turn`, `end_of_turn`, a number of rounds (`rounds`) or a save to repeat (`save`, with `ability` and `dc`)
stats-save-attack-no-effect = attack '{ $attack }' has a `save`: give it its damage or its `on_hit` conditions
rule-unknown-quality = field '{ $field }': unknown weapon quality '{ $value }' (allowed: { $allowed })
rule-attack-not-versatile = { $attacker }'s { $attack } is not versatile: it has no two-handed damage (`two_handed`)
