# A Pathfinder stat block (projections/statblock.py, PRD Bestiary order).
library-pf1-armor-class = AC { $ac }, touch { $touch }, flat-footed { $flat }
library-pf1-saves = Fort { $fort }, Ref { $ref }, Will { $will }
library-pf1-kind-melee = melee
library-pf1-kind-ranged = ranged
library-pf1-attack = { $id }: { $kind } { $to-hit }, { $damage } ({ $critical })
library-pf1-combat = Base Atk { $bab }; CMB { $cmb }; CMD { $cmd }
library-pf1-challenge = CR { $cr } ({ $xp } XP)
