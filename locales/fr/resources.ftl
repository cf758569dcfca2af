# Ce qui s'épuise et revient (INTERFACE.md §7) : utilisations limitées, actions et résistance légendaires, antre, repos, reprise.

lair-name = l'antre
verb-legendary = faire une action légendaire
rest-short-rest = un repos court
rest-long-rest = un repos long

## Refus
rule-no-use-left = { $creature } n'a plus de { $use } ({ $max } { $max ->
    [one] utilisée
   *[other] utilisées
 } ; { $recharge ->
    [0] de retour après { $per }
   *[other] de retour sur un d6 de { $recharge } ou plus au début de son tour
 })
rule-attack-one-target = { $attack } de { $attacker } est un jet d'attaque contre une seule cible : donnez `target`, pas `targets`
rule-save-attack-needs-targets = { $attack } de { $attacker } a besoin de ses cibles (`targets` ou `target`)
rule-rest-not-in-combat = personne ne se repose au milieu d'un combat : `rest` vient avant `start` ou après `end` (la rencontre est en phase { $phase })
rule-rest-kind = un repos est `short` (court) ou `long`, pas « { $kind } »
rule-rest-listed-twice = un combattant est nommé deux fois dans `ids`
rule-rest-nobody = personne à faire reposer : il n'y a aucun personnage joueur, nommez les combattants dans `ids`
rule-add-needs-side = { $id } a besoin d'un camp `side` (un nom quelconque ; même camp = alliés)
rule-carry-not-with-stats = { $id } est repris d'une autre rencontre : il apporte son propre profil, ne donnez ni `stats` ni `template` (utilisez `overrides` pour le modifier)
rule-carry-no-encounter = impossible de reprendre { $id } : ce journal n'a pas d'autre rencontre nommée « { $encounter } »
rule-carry-other-ruleset = impossible de reprendre { $id } de « { $encounter } » : cette rencontre se joue en { $theirs }, celle-ci en { $ours }
rule-carry-no-combatant = impossible de reprendre { $id } : la rencontre « { $encounter } » n'a pas de combattant « { $wanted } » (elle a : { $known })
rule-carry-dead = impossible de reprendre { $id } : « { $wanted } » est mort dans la rencontre « { $encounter } »
rule-legendary-none = { $creature } n'a pas d'actions légendaires
rule-legendary-unknown = { $creature } n'a pas d'action légendaire « { $action } » (il a : { $known })
rule-legendary-not-between-turns = { $creature } ne peut pas faire d'action légendaire maintenant : seulement entre deux tours, juste après un `end_turn` et avant la première commande de la créature suivante (c'est le tour de { $turn })
rule-legendary-own-turn-just-ended = { $creature } ne peut pas faire d'action légendaire maintenant : son propre tour vient de finir
rule-legendary-one-per-gap = { $creature } a déjà fait une action légendaire depuis la fin du tour de { $after } (une par créature entre deux tours)
rule-legendary-not-enough = { $creature } ne peut pas faire { $action } : elle coûte { $cost } { $cost ->
    [one] action légendaire
   *[other] actions légendaires
 } et il en reste { $left }
rule-legendary-needs-target = l'action légendaire { $action } de { $creature } est une attaque : donnez sa cible `target`
rule-legendary-one-target = l'action légendaire { $action } de { $creature } est un jet d'attaque contre une seule cible
rule-legendary-resistance-not-a-target = { $creature } est nommé dans `legendary_resistance` mais ne fait pas de jet de sauvegarde dans cette commande
rule-legendary-resistance-none = { $creature } n'a pas de résistance légendaire (`legendary_resistance` dans son profil)
rule-legendary-resistance-needs-save = `legendary_resistance` demande un jet de sauvegarde dans la même commande (`save`)
rule-lair-not-in-2024 = { $creature } ne peut pas avoir `lair_actions` en dnd5e-2024 : le DRS 5.2 n'a pas d'actions d'antre à l'initiative 20 (jouez-les avec les commandes du MJ)
rule-lair-id-reserved = l'identifiant « lair » est le tour de l'antre dans l'ordre : donnez un autre identifiant au combattant

## Problèmes de profil
stats-use-twice = l'utilisation « { $use } » est listée deux fois
stats-use-recharge = utilisation « { $use } » : `recharge` est la plus petite face du d6 qui la rend, de 2 à 6, pas { $value }
stats-attack-unknown-use = l'attaque « { $attack } » dépense l'utilisation « { $use } », que le profil n'a pas (utilisations : { $known })
stats-attack-needs-kind-and-to-hit = l'attaque « { $attack } » a besoin de `kind` et de `to_hit` (ou d'un `save`)
stats-save-attack-one-damage = l'attaque « { $attack } » a un `save` : donnez-lui exactement un jet de dégâts
stats-legendary-unknown-attack = l'action légendaire « { $action } » fait l'attaque « { $attack } », que le profil n'a pas (attaques : { $known })
stats-legendary-without-count = `legendary` liste des actions légendaires mais `legendary_actions` (combien par round) manque

## Lignes du journal
event-use-spent = { $id } utilise { $use } (il en reste { $left })
event-recharge-rolled = { $id } : recharge de { $use }, d6 { $faces } (il faut { $needed }+) : { $recharged ->
    [yes] rechargé
   *[no] pas encore
 }
event-uses-restored = { $id } récupère { $uses } ({ $reason ->
    [short_rest] repos court
   *[long_rest] repos long
 })
event-legendary-action-taken = { $id } fait l'action légendaire { $action } (coût { $cost }, il en reste { $left })
event-legendary-gap-closed = plus d'actions légendaires jusqu'à la fin du prochain tour
event-legendary-actions-restored = { $id } récupère { $restored } { $restored ->
    [one] action légendaire
   *[other] actions légendaires
 }
event-legendary-resistance-used = { $id } rate le JS de { $ability } (DD { $dc }) et choisit de le réussir : résistance légendaire (il en reste { $left })
event-legendary-resistance-spent-out = { $id } rate le JS de { $ability } (DD { $dc }) : plus de résistance légendaire
event-rest-taken = { $kind ->
    [short] repos court
   *[long] repos long
 } pour { $ids }{ $has-gained_nothing ->
    [yes] ; à 0 PV, rien pour { $gained_nothing }
   *[no] {""}
 }
event-rested-hit-points = { $target } revient à { $hp-after } PV (avant : { $hp-before }){ $temp_hp_lost ->
    [0] {""}
   *[other] ; ses { $temp_hp_lost } PV temporaires prennent fin
 }
event-exhaustion-lowered = { $id } : épuisement { $level-before } → { $level-after }
event-combatant-carried = { $id } rejoint le combat tel qu'il a fini la rencontre « { $from_encounter } » : { $hp } PV{ $temp_hp ->
    [0] {""}
   *[other] , { $temp_hp } PV temporaires
 }{ $exhaustion ->
    [0] {""}
   *[other] , épuisement { $exhaustion }
 }
legendary-resistance-name = résistance légendaire

## Les commandes comme la table les dit
command-legendary = action légendaire { ELISION($id) ->
    [vowel] d'{ $id }
   *[consonant] de { $id }
 } : { $action }{ $has-target ->
    [yes] {" "}contre { $target }
   *[no] {""}
 }
command-rest = { $kind ->
    [short] repos court
   *[long] repos long
 }

## Le shell : la fiche d'une créature et le tableau
shell-sheet-save-attack = { $name } ({ $id }) : JS de { $ability } DD { $dc }, { $damage }{ $half ->
    [yes] , moitié en cas de réussite
   *[no] , rien en cas de réussite
 }{ $has-uses ->
    [yes] {" "}(utilise { $uses })
   *[no] {""}
 }
label-resources = Ressources
resources-use = { $name } { $left }/{ $max }
resources-legendary-actions = légendaires { $left }/{ $max }
resources-legendary-resistance = résist. lég. { $left }/{ $max }
help-legendary = légendaire ID ACTION [CIBLE[,CIBLE…]] [avantage|désavantage] — une action légendaire entre deux tours (juste après « suivant »)
help-rest = repos court|long [ID…] — un repos avant le combat ou après (par défaut : tous les personnages joueurs)
