# The coin-flip duel's words (a plug-in ruleset's own catalog).
event-duellist-joined = { $id } joins the duel ({ $side }, { $max-hp } HP)
event-duel-started = the duel begins: { $order }
event-coin-flipped = { $id } flips a coin at { $target }: { $heads ->
    [yes] heads, { $target } drops to { $hp-after } HP
   *[no] tails, nothing happens
}
event-turn-passed = { $id } ends their turn; { $next } is up (round { $round })
coinflip-rule-duel-started = { $what } is refused: the duel has started
coinflip-rule-already-there = there is already a duellist { $id }
coinflip-rule-hp-at-least-one = { $id } needs at least 1 hit point
coinflip-rule-two-sides = a duel needs two sides
coinflip-rule-not-started = { $what } is refused: the duel has not started or is over
coinflip-rule-not-your-turn = it is not { $id }'s turn but { $turn }'s
coinflip-rule-no-such-duellist = there is no duellist { $id }
coinflip-rule-not-a-target = { $id } cannot be flipped at
coinflip-rule-bad-command = not a coin-flip command: { $reason }
coinflip-rule-already-created = this log already holds a duel
