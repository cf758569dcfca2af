# La difficulté de la rencontre (party/difficulty.py) : `combatlog state` et l'en-tête d'état du shell.

difficulty-rating = { $rating ->
    [below_easy] en deçà de facile
    [easy] facile
    [medium] moyenne
    [hard] difficile
    [deadly] mortelle
    [below_low] en deçà de faible
    [low] faible
    [moderate] modérée
    [high] élevée
    [beyond_high] au-delà d'élevée
    [average] moyenne
    [challenging] stimulante
    [epic] épique
   *[other] { $rating }
 }
difficulty-2014 = Difficulté : { $rating } — { $xp } PX × { $multiplier } = { $adjusted } PX (seuils : facile { $easy }, moyenne { $medium }, difficile { $hard }, mortelle { $deadly })
difficulty-2024 = Difficulté : { $rating } — { $xp } PX (budget : faible { $low }, modérée { $moderate }, élevée { $high })
difficulty-pf1 = Difficulté : { $rating } — FP de la rencontre { $cr } ({ $xp } PX) face à un niveau moyen du groupe de { $apl }
difficulty-unknown-levels = Difficulté : inconnue — aucun niveau pour { $who }
difficulty-no-monster-rated = Difficulté : inconnue — aucun monstre n'a de FP ni de PX
difficulty-unrated = {" "}(non comptés, sans FP : { $who })
difficulty-short = difficulté : { $rating }

stats-bad-cr = 'cr' { $value } n'est pas un facteur de puissance (0, 1/8, 1/6, 1/4, 1/3, 1/2, 1 à 30)
stats-bad-xp = 'xp' { $value } n'est pas une valeur de PX (0 ou plus)
