# After the fight (INTERFACE.md §5): `combatlog summary`, the transcript's last section, the players' page.

summary-title = Summary — { $name }: { $rounds ->
    [one] { $rounds } round
   *[other] { $rounds } rounds
 }
summary-title-plain = Summary: { $rounds ->
    [one] { $rounds } round
   *[other] { $rounds } rounds
 }
summary-combatant = Combatant
summary-damage-dealt = Damage dealt
summary-damage-taken = Damage taken
summary-healing-done = Healing done
summary-hits = Hits
summary-misses = Misses
summary-crits = Crits
summary-kills = Kills
summary-saves = Saves (made/failed)
summary-per-round = Damage dealt / taken, round by round
summary-round = Round { $round }
summary-nobody = Nobody fought yet.
