# Un profil Pathfinder (projections/statblock.py, dans l'ordre du Bestiaire).
library-pf1-armor-class = CA { $ac }, contact { $touch }, pris au dépourvu { $flat }
library-pf1-saves = Vig { $fort }, Réf { $ref }, Vol { $will }
library-pf1-kind-melee = corps à corps
library-pf1-kind-ranged = distance
library-pf1-attack = { $id } : { $kind } { $to-hit }, { $damage } ({ $critical })
library-pf1-combat = BBA { $bab } ; BMO { $cmb } ; DMD { $cmd }
library-pf1-challenge = FP { $cr } ({ $xp } PX)
