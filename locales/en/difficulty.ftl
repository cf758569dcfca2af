# The encounter's difficulty (party/difficulty.py): `combatlog state` and the shell's status header.

difficulty-rating = { $rating ->
    [below_easy] below easy
    [easy] easy
    [medium] medium
    [hard] hard
    [deadly] deadly
    [below_low] below low
    [low] low
    [moderate] moderate
    [high] high
    [beyond_high] beyond high
    [average] average
    [challenging] challenging
    [epic] epic
   *[other] { $rating }
 }
difficulty-2014 = Difficulty: { $rating } — { $xp } XP × { $multiplier } = { $adjusted } XP (thresholds: easy { $easy }, medium { $medium }, hard { $hard }, deadly { $deadly })
difficulty-2024 = Difficulty: { $rating } — { $xp } XP (budget: low { $low }, moderate { $moderate }, high { $high })
difficulty-pf1 = Difficulty: { $rating } — encounter CR { $cr } ({ $xp } XP) against an average party level of { $apl }
difficulty-unknown-levels = Difficulty: unknown — no level for { $who }
difficulty-no-monster-rated = Difficulty: unknown — no monster has a CR or XP
difficulty-unrated = {" "}(not counted, no CR: { $who })
difficulty-short = difficulty: { $rating }

stats-bad-cr = 'cr' { $value } is not a challenge rating (0, 1/8, 1/6, 1/4, 1/3, 1/2, 1 to 30)
stats-bad-xp = 'xp' { $value } is not an XP value (0 or more)
