# Les mots du duel à pile ou face (le catalogue propre d'un jeu de règles greffé).
event-duellist-joined = { $id } entre dans le duel ({ $side }, { $max-hp } PV)
event-duel-started = le duel commence : { $order }
event-coin-flipped = { $id } lance une pièce contre { $target } : { $heads ->
    [yes] pile, { $target } tombe à { $hp-after } PV
   *[no] face, rien ne se passe
}
event-turn-passed = { $id } finit son tour ; à { $next } (round { $round })
coinflip-rule-duel-started = { $what } est refusé : le duel a commencé
coinflip-rule-already-there = il y a déjà un duelliste { $id }
coinflip-rule-hp-at-least-one = { $id } doit avoir au moins 1 point de vie
coinflip-rule-two-sides = un duel demande deux camps
coinflip-rule-not-started = { $what } est refusé : le duel n'a pas commencé ou est fini
coinflip-rule-not-your-turn = ce n'est pas le tour de { $id } mais celui de { $turn }
coinflip-rule-no-such-duellist = il n'y a pas de duelliste { $id }
coinflip-rule-not-a-target = { $id } ne peut pas être visé
coinflip-rule-bad-command = pas une commande du duel : { $reason }
coinflip-rule-already-created = ce journal contient déjà un duel
