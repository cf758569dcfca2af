# Après le combat (INTERFACE.md §5) : `combatlog summary`, la dernière section du compte rendu, la page du joueur.

summary-title = Bilan — { $name } : { $rounds ->
    [one] { $rounds } round
   *[other] { $rounds } rounds
 }
summary-title-plain = Bilan : { $rounds ->
    [one] { $rounds } round
   *[other] { $rounds } rounds
 }
summary-combatant = Combattant
summary-damage-dealt = Dégâts infligés
summary-damage-taken = Dégâts subis
summary-healing-done = Soins prodigués
summary-hits = Touches
summary-misses = Ratés
summary-crits = Critiques
summary-kills = Victimes
summary-saves = Sauvegardes (réussies/ratées)
summary-per-round = Dégâts infligés / subis, round par round
summary-round = Round { $round }
summary-nobody = Personne n'a encore combattu.
