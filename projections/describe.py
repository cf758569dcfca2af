"""One line per event, in French or English: what `combatlog log` prints. Written from the event alone."""

from combatlog.core.conditions import CONDITIONS_FR
from combatlog.events import attacks, conditions, damage, meta, movement, reactions, turns

DAMAGE_FR = {
    "acid": "acide", "bludgeoning": "contondant", "cold": "froid", "fire": "feu", "force": "force",
    "lightning": "foudre", "necrotic": "nécrotique", "piercing": "perforant", "poison": "poison",
    "psychic": "psychique", "radiant": "radiant", "slashing": "tranchant", "thunder": "tonnerre",
}
ABILITY_FR = {"str": "For", "dex": "Dex", "con": "Con", "int": "Int", "wis": "Sag", "cha": "Cha"}
STATUS_FR = {"alive": "vivant", "dying": "mourant", "stable": "stable", "dead": "mort"}


def _faces(faces) -> str:
    return "[" + ", ".join(str(face) for face in faces) + "]"


def describe(event, lang: str = "en") -> str:
    fr = lang == "fr"
    match event:
        case meta.CommandIssued(command=command):
            fields = ", ".join(f"{k}={v}" for k, v in command.items() if k != "do")
            return f"{'commande' if fr else 'command'} {command.get('do')}" + (f" ({fields})" if fields else "")
        case meta.EncounterCreated():
            return (f"rencontre créée ({event.ruleset}, graine {event.seed})" if fr
                    else f"encounter created ({event.ruleset}, seed {event.seed})")
        case meta.Undone(txns=txns):
            return f"{'annule' if fr else 'undoes'} {', '.join(map(str, txns))}"
        case meta.Redone(txns=txns):
            return f"{'rétablit' if fr else 'redoes'} {', '.join(map(str, txns))}"
        case meta.Reverted(to=to, txns=txns):
            return (f"retour à l'événement {to} (annule {', '.join(map(str, txns))})" if fr
                    else f"reverts to event {to} (undoes {', '.join(map(str, txns))})")
        case meta.CombatEnded(reason=reason):
            return ("fin du combat" if fr else "combat ends") + (f" : {reason}" if fr and reason else f": {reason}" if reason else "")
        case meta.DiceLeftUnused(faces=faces):
            return f"{'dés inutilisés' if fr else 'dice left unused'} {_faces(faces)}"
        case turns.CombatantAdded():
            return f"{event.id} ({event.name_fr if fr else event.name}) {'rejoint le camp' if fr else 'joins side'} {event.side}"
        case turns.CombatantRemoved(id=who):
            return f"{who} {'quitte le combat' if fr else 'leaves the fight'}"
        case turns.Placed(id=who, at=at):
            return f"{who} {'placé en' if fr else 'placed at'} [{at[0]},{at[1]}]"
        case turns.SurpriseDeclared(ids=ids):
            return f"{'surpris' if fr else 'surprised'}: {', '.join(ids)}"
        case turns.InitiativeRolled():
            who = ", ".join(event.ids)
            if event.set_by_dm:
                return f"{'initiative de' if fr else 'initiative for'} {who} = {event.total}"
            return f"{'initiative de' if fr else 'initiative for'} {who}: d20 {_faces(event.faces)} → {event.total}"
        case turns.TiesOrdered(ids=ids):
            return f"{'égalités départagées' if fr else 'ties broken'}: {' > '.join(ids)}"
        case turns.CombatStarted(order=order):
            return f"{'début du combat' if fr else 'combat starts'}: {', '.join(order)}"
        case turns.TurnStarted(id=who, round=number):
            return f"round {number}, {'tour de' if fr else 'turn of'} {who}"
        case turns.TurnSkipped(id=who):
            return f"{'tour sauté' if fr else 'turn skipped'}: {who} ({event.reason})"
        case turns.TurnEnded(id=who):
            return f"{'fin du tour de' if fr else 'end of turn for'} {who}"
        case turns.EconomySpent(id=who, resource=resource, by=by):
            return f"{who} {'utilise' if fr else 'uses'} {resource}" + (f" ({by})" if by else "")
        case turns.ActionTaken(id=who, action=action):
            return f"{who}: {'action' if fr else 'action'} {action}"
        case movement.Moved(id=who, path=path):
            end = path[-1]
            return f"{who} {'se déplace vers' if fr else 'moves to'} [{end[0]},{end[1]}] ({event.cost:g} m)"
        case movement.MovementSpent(id=who, metres=metres):
            return f"{who}: {metres:g} m ({event.reason})"
        case movement.TerrainMarked(squares=squares, kind=kind):
            return f"{'terrain' if fr else 'terrain'} {kind}: {len(squares)} {'cases' if fr else 'squares'}"
        case attacks.AttackRolled():
            outcome = ("coup critique" if event.critical else "touche" if event.hit else "rate") if fr else (
                "critical hit" if event.critical else "hit" if event.hit else "miss")
            verb = "attaque" if fr else "attacks"
            ac = "CA" if fr else "AC"
            return f"{event.attacker} {verb} {event.target} ({event.attack}): d20 {_faces(event.faces)} → {event.total} {'contre' if fr else 'vs'} {ac} {event.target_ac}: {outcome}"
        case attacks.AttackReevaluated():
            return f"{event.target}: {'CA' if fr else 'AC'} {event.target_ac} → {('touche' if event.hit else 'rate') if fr else ('hit' if event.hit else 'miss')}"
        case attacks.SavingThrowRolled():
            ability = ABILITY_FR[event.ability] if fr else event.ability.upper()
            result = ("réussite" if event.success else "échec") if fr else ("success" if event.success else "failure")
            if event.auto_fail:
                return f"{event.id}: {'JS' if fr else 'save'} {ability} {'DD' if fr else 'DC'} {event.dc}: {result} ({event.auto_fail})"
            return f"{event.id}: {'JS' if fr else 'save'} {ability} {'DD' if fr else 'DC'} {event.dc}: d20 {_faces(event.faces)} → {event.total}, {result}"
        case attacks.CheckRolled():
            what = event.skill or event.ability
            return f"{event.id}: {'test' if fr else 'check'} {what}: d20 {_faces(event.faces)} → {event.total}"
        case attacks.ContestResolved(winner=winner):
            return (f"opposition : {winner or 'égalité'}" if fr else f"contest: {winner or 'tie'}")
        case damage.DamageTaken():
            parts = " + ".join(f"{p.applied} {DAMAGE_FR.get(p.type, p.type) if fr else p.type}" for p in event.parts)
            hp = "PV" if fr else "HP"
            return f"{event.target} {'subit' if fr else 'takes'} {parts} ({hp} {event.hp_before} → {event.hp_after})"
        case damage.Healed():
            return f"{event.target} {'récupère' if fr else 'regains'} {event.amount} ({'PV' if fr else 'HP'} {event.hp_before} → {event.hp_after})"
        case damage.TempHpGranted():
            return f"{event.target}: {'PV temporaires' if fr else 'temporary HP'} {event.before} → {event.after}"
        case damage.StatusChanged(id=who, status=status):
            return f"{who} {'est' if fr else 'is'} {STATUS_FR[status] if fr else status} ({event.reason})"
        case damage.DeathSaveRolled():
            return (f"{event.id}: {'JS contre la mort' if fr else 'death save'} d20 {_faces(event.faces)} "
                    f"({event.successes}/{event.failures})")
        case damage.DeathSaveFailed():
            return f"{event.id}: {event.count} {'échec(s) au JS contre la mort' if fr else 'death save failure(s)'}"
        case damage.DeathSavesReset(id=who):
            return f"{who}: {'JS contre la mort remis à zéro' if fr else 'death saves reset'}"
        case conditions.ConditionApplied():
            name = CONDITIONS_FR.get(event.condition, event.condition) if fr else event.condition
            extra = f" ({'sans effet' if fr else 'no effect'}: {event.no_effect})" if event.no_effect else ""
            return f"{event.target} {'devient' if fr else 'becomes'} {name}{extra}"
        case conditions.ConditionEnded():
            name = CONDITIONS_FR.get(event.condition, event.condition) if fr else event.condition
            return f"{event.target} {'n’est plus' if fr else 'is no longer'} {name}"
        case conditions.ConcentrationStarted(id=who, effect=effect):
            return f"{who} {'se concentre sur' if fr else 'concentrates on'} {effect}"
        case conditions.ConcentrationEnded(id=who, effect=effect):
            return f"{who} {'perd sa concentration' if fr else 'loses concentration'} ({effect})"
        case conditions.EffectStarted(id=who, effect=effect):
            return f"{who}: {effect}"
        case conditions.EffectEnded(id=who, effect=effect):
            return f"{who}: {'fin de' if fr else 'end of'} {effect}"
        case reactions.ReactionWindowOpened(trigger=trigger, reactors=reactors):
            return f"{'fenêtre de réaction' if fr else 'reaction window'}: {trigger} → {', '.join(reactors)}"
        case reactions.ReactionTaken(id=who, reaction=reaction):
            return f"{who} {'réagit' if fr else 'reacts'}: {reaction}"
        case reactions.ReactionPassed(id=who):
            return f"{who} {'passe' if fr else 'passes'}"
        case reactions.ReactionWindowClosed():
            return "fenêtre de réaction fermée" if fr else "reaction window closed"
    from combatlog.core.rulesets.pf1.words import describe as catalog_line  # ruleset events: their Fluent line

    return catalog_line(event, lang) or type(event).__name__
