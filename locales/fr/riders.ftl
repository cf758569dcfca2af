# Des fiches qui se jouent seules (INTERFACE.md §8) : effets des attaques, actions à jet de sauvegarde, qualités des
# armes et défenses conditionnelles.

## Refus
stats-unknown-word = champ « { $field } » : « { $value } » inconnu (permis : { $allowed })
stats-rider-dice = champ « { $field } » : { $error }
stats-rider-one-kind = champ « { $field } » : un effet est exactement un de `damage`, `condition` ou `grapple`
stats-rider-until = champ « { $field } » : `until` vaut `start_of_turn`, `end_of_turn`, un nombre de rounds (`rounds`) ou une sauvegarde à refaire (`save`, avec `ability` et `dc`)
stats-save-attack-no-effect = l'attaque « { $attack } » a un `save` : donnez-lui ses dégâts ou les états de son `on_hit`
rule-unknown-quality = champ « { $field } » : qualité d'arme « { $value } » inconnue (permises : { $allowed })
rule-attack-not-versatile = { $attack } de { $attacker } n'est pas polyvalente : elle n'a pas de dégâts à deux mains (`two_handed`)
