"""The transcript of a log: walk its events in order, fold each with the encounter's ruleset, and write each
event's lines from the event and the folded state around it (HP, conditions, positions come from the fold).

Every line is written from the events alone (faces, labelled modifiers, AC, outcome, HP before/after),
never by running rules again. Timestamps are left out on purpose: a transcript of the same log is the
same text whenever and wherever it is produced.
"""

from __future__ import annotations

from typing import Iterable

from combatlog.core.kernel.dice import DiceError, DiceExpression
from combatlog.events import attacks, conditions, damage, meta, movement, reactions, resources, rolenplay, turns
from combatlog.events.envelope import Recorded
from combatlog.events.reasons import said  # reason codes as the sentences the phrases read
from combatlog.core.kernel.state import EMPTY
from combatlog.core.rulesets import RULESETS
from combatlog.projections.describe import effect_name, library_family, spell_name
from combatlog.projections.document import state_document
from combatlog.projections.fold import evolve
from combatlog.projections.summary import summary, summary_rows
from combatlog.replay.timeline import timeline_of
from combatlog.transcript.model import CastMember, Entry, Round, Transcript, Turn
from combatlog.words import name_in, term
from combatlog.transcript.phrases import LOG_WORDS, English, French, Who, _template_id, lair, ruleset_line

LAIR = "lair"  # the lair's turn in the order (INTERFACE.md §7; dnd5e/legendary.py LAIR)


class _Builder:
    def __init__(self, records: list[Recorded], lang: str | None, include_undone: bool, units: str | None = None):
        self.records = records
        timeline = timeline_of(records)
        self.undone_txns = timeline.undone
        self.commands = timeline.commands
        self.include_undone = include_undone
        created = next((r.event for r in records if isinstance(r.event, meta.EncounterCreated)), None)
        self.ruleset = created.ruleset if created else ""
        self.lang = lang or (created.lang if created else "en")
        units = units or (created.units if created else "m")
        self.p = French(self.ruleset, units) if self.lang == "fr" else English(self.ruleset, units)
        self.t = Transcript(
            title=(created.name if created and created.name else self.p.title_default()), lang=self.lang,
            ruleset=self.ruleset, subtitle=self.p.subtitle(self.ruleset),
            include_undone=include_undone,
        )
        self.who: dict[str, Who] = {}
        self.attack_names: dict[tuple[str | None, str | None], dict | str] = {}  # ids as recorded (may be missing)
        self.reaction_names: dict[tuple[str, str], dict | str] = {}
        self._collect_names()
        # The ruleset's own fold of the events in force, event by event: `before` is the state an event found,
        # `state` the one it left. HP, status, conditions, positions and initiative are read there, never kept here.
        self.fold_skips = timeline.undone | timeline.markers
        # The ruleset's own transcript words (pf1: its events' lines, its conditions), else its events' log lines.
        self.words = getattr(RULESETS.get(self.ruleset), "transcript_words", None) or LOG_WORDS
        self.ruleset_names: dict[str, str] | None = None
        self.ruleset_attacks: dict[tuple[str, str], dict] = {}
        self.before = self.state = EMPTY
        self.cast: dict[str, CastMember] = {}
        self.started = False
        self.current = ""  # whose turn it is
        self.suspended_moves: set[str | None] = set()  # movers waiting on a reaction window
        self.container: list[Entry] = self.t.setup
        self.entry: Entry | None = None
        self.txn = -1
        self.seq = 0
        self.command: dict = {}
        self.first_entry: Entry | None = None
        self.undone_now = False
        self.opportunity = False
        self.special_head = False
        self.contest_open = False
        # Who threw the dice of the command being read; a command a reaction window suspends keeps its own dice
        # for when it goes on, so the window remembers them.
        self.dice_source: tuple[str, ...] = ()
        self.suspended_dice: list[tuple[str, ...]] = []
        self.rolled = False  # a roll's line is being written
        self.pending_damage: str | None = None  # a ruleset's damage dice waiting for the hit points they change

    # ---- names ----
    def effect_name(self, effect: str) -> str:
        """What a creature concentrates on, in the transcript's language: a condition, a library spell, an effect."""
        return effect_name(effect, self.lang, library_family(self.ruleset))

    def _collect_names(self) -> None:
        adds = [r for r in self.records if isinstance(r.event, turns.CombatantAdded)]
        adds.sort(key=lambda r: r.txn in self.undone_txns)  # numbering follows the combatants really in the fight
        counts: dict[str, int] = {}
        for record in adds:
            event = record.event
            template = _template_id(event.template)
            proper = not (event.kind == "monster" and template
                          and event.name.lower().replace(" ", "_") == template)
            own = event.stats.get("gender") if isinstance(event.stats, dict) else None  # the stat block's f/m/n
            who = Who(id=event.id, name_en=event.name, name_fr=event.name_fr or event.name, proper=proper,
                      gender=own if own in ("f", "m") else self.p.template_gender(template) if not proper else None)
            self.who[event.id] = who
            if not proper:
                counts[who.name_fr] = counts.get(who.name_fr, 0) + 1
            for attack in event.stats.get("attacks") or ():
                self.attack_names[(event.id, attack.get("id"))] = attack.get("name") or {}
            for reaction in event.stats.get("reactions") or ():
                self.reaction_names[(event.id, reaction.get("id"))] = reaction.get("name") or {}
        seen: dict[str, int] = {}
        for record in adds:
            who = self.who[record.event.id]
            if not who.proper and counts[who.name_fr] > 1:
                seen[who.name_fr] = seen.get(who.name_fr, 0) + 1
                who.number = seen[who.name_fr]

    def name(self, creature_id: str | None) -> Who:
        if creature_id in self.who:
            return self.who[creature_id]
        text = str(creature_id or "?")
        if text == LAIR:
            return lair(text)
        return Who(id=text, name_en=text, name_fr=text, proper=True)

    def weapon_name(self, creature_id: str | None, attack_id: str | None) -> str:
        names = self.attack_names.get((creature_id, attack_id))
        if not names and attack_id:  # a spell attack (Fire Bolt): the spell's name, as the log says it (issue 23)
            spell = spell_name(attack_id, self.lang, library_family(self.ruleset))
            if spell != attack_id:
                return spell
        return name_in(names, self.lang, str(attack_id or "?").replace("_", " "))

    def reaction_name(self, creature_id: str, reaction_id: str) -> str:
        if reaction_id == "opportunity_attack":
            return self.p.t("opportunity-attack")
        if (creature_id, reaction_id) not in self.reaction_names and self.effect_name(reaction_id) != reaction_id:
            return self.effect_name(reaction_id)  # a reaction spell (Shield, Counterspell) by its name
        return name_in(self.reaction_names.get((creature_id, reaction_id)), self.lang, reaction_id.replace("_", " "))

    # ---- entries ----
    def head(self, kind: str, text: str, actor: str = "", tags: tuple[str, ...] = ()) -> Entry:
        entry = Entry(kind=kind, text=text, seq=self.seq, txn=self.txn, actor=actor, undone=self.undone_now,
                      tags=list(tags) + (["undone"] if self.undone_now else []))
        self.container.append(entry)
        self.entry = entry
        if self.first_entry is None:
            self.first_entry = entry
        self._mark_dice()
        return entry

    def detail(self, kind: str, text: str, actor: str = "") -> None:
        if self.entry is None:
            self.head(kind, text, actor)
        else:
            self.entry.details.append(text)
            self._mark_dice()

    def _mark_dice(self) -> None:
        """The entry that has just received a roll's line says who threw its dice (tags dice-typed, dice-rolled)."""
        if self.rolled:
            self.rolled = False
            for mark in self.dice_source:
                self.tag(mark)

    @staticmethod
    def _dice_source(event: meta.CommandIssued) -> tuple[str, ...]:
        """Who threw a command's dice: the table when it typed faces in ("dice" in the command), the engine's
        seeded stream otherwise; both when a command with typed faces also drew from the stream."""
        command = event.command if isinstance(event.command, dict) else {}
        if "dice" not in command:
            return ("dice-rolled",)
        return ("dice-typed", "dice-rolled") if event.rng_draws else ("dice-typed",)

    def tag(self, name: str) -> None:
        if self.entry is not None and name not in self.entry.tags:
            self.entry.tags.append(name)

    def _close_txn(self) -> None:
        self._flush_damage()
        note = self.command.get("note") if isinstance(self.command, dict) else None
        if note and self.command.get("do") not in ("undo", "redo", "revert"):
            if self.first_entry is not None:
                self.first_entry.details.insert(0, self.p.note(note))
            else:
                self.head("note", self.p.note(note))

    # ---- rolls ----
    def d20(self, faces, natural, modifiers, total, adv, dis) -> tuple[str, str]:
        """("d20 (4 et 9, on garde 9) + 7 = 16", the advantage/disadvantage wording)."""
        two = len(faces) == 2
        dice = f"d20 ({self.p.kept(faces, natural)})" if two else f"d20 ({natural})"
        mods = ""
        shown = [m for m in modifiers if m.value != 0] or list(modifiers[:1])
        for modifier in shown:
            sign = "-" if modifier.value < 0 else "+"
            label: str | None
            if getattr(modifier, "faces", ()):
                # A rolled modifier (Bless's 1d4): the effect, its dice and faces, "+ 3 (Bless 1d4 [3])".
                label = f"{term(self.lang, 'effect', modifier.label)} {modifier.roll} [{', '.join(map(str, modifier.faces))}]"
            else:
                label = self.p.modifier_label(self._localized_label(modifier.label))
            mods += f" {sign} {abs(modifier.value)}" + (f" ({label})" if label else "")
        roll = f"{dice}{mods} = {total}" if mods else f"{dice} = {total}" if total != natural else dice
        self.rolled = True
        adv_sources = [self.p.source(s, self.name) for s in adv]
        dis_sources = [self.p.source(s, self.name) for s in dis]
        return roll, self.p.mode(adv_sources, dis_sources, two)

    def _localized_label(self, label: str) -> str:
        for (_, reaction_id), names in self.reaction_names.items():
            if reaction_id == label:
                return name_in(names, self.lang, label)
        return self.effect_name(label)  # a spell's effect (Shield), a known effect, else as recorded

    def dice_expr(self, roll: str, faces: tuple[int, ...], critical: bool) -> str:
        if not roll:
            return ""
        self.rolled = bool(faces)
        try:
            parsed = DiceExpression.parse(roll)
        except DiceError:
            return f"{roll} ({', '.join(map(str, faces))})"
        factor = 2 if critical else 1
        parts = []
        position = 0
        for index, part in enumerate(parsed.terms):
            count = part.count * factor
            taken = faces[position:position + count]
            position += count
            sign = ("- " if part.sign < 0 else "+ ") if index else ("-" if part.sign < 0 else "")
            keep = f"k{part.keep}{part.keep_count * factor}" if part.keep else ""
            parts.append(f"{sign}{count}d{part.sides}{keep} ({', '.join(map(str, taken))})")
        if position != len(faces):
            return f"{roll} ({', '.join(map(str, faces))})"
        if parsed.constant:
            parts.append(f"{'+' if parsed.constant > 0 else '-'} {abs(parsed.constant)}")
        return " ".join(parts)

    # ---- the walk ----
    def build(self) -> Transcript:
        for record in self.records:
            undone = record.txn in self.undone_txns
            if undone and not self.include_undone:
                continue
            if record.txn != self.txn:
                self._close_txn()
                self.txn = record.txn
                self.entry = None
                self.first_entry = None
                self.command = {}
                self.opportunity = False
                self.special_head = False
                self.contest_open = False
            self.seq = record.seq
            self.undone_now = undone
            self.before = self.state
            if record.txn not in self.fold_skips:
                self.state = evolve(self.state, record.event)
            self.on(record.event)
        self._close_txn()
        self._finish()
        return self.t

    def _finish(self) -> None:
        """The final table: each creature's row from the state document of the last folded state."""
        document = state_document(self.state).get("combatants", {})
        for creature_id, row in self.cast.items():
            if creature_id in document:
                self._final_row(row, document[creature_id], self.creature(creature_id))
        self.t.combatants = list(self.cast.values())

    def _final_row(self, row: CastMember, creature: dict, folded, status: str = "") -> None:
        """HP and status as the state document shows them; the conditions the creature holds (the ones the
        table applied, not the ones they imply: "unconscious", not also "incapacitated"), unless the ruleset's
        words ask for the state document's full list."""
        row.final_hp, row.final_temp_hp = creature["hp"], creature["temp_hp"]
        status = status or creature["status"]
        row.final_status = self.p.labels.get(status, status)
        if self.words.final_conditions_implied:
            row.final_conditions = [self.condition_label(c) for c in creature["conditions"]]
        else:
            row.final_conditions = sorted({self.condition_label(c.condition) for c in folded.conditions})

    def condition_label(self, condition: str) -> str:
        """A condition in the final table: by the ruleset's own word (pf1 flat-footed), else the shared 5e word."""
        own = self.words.condition_name(condition, self.lang)
        return own if own != condition else self.p.condition_label(condition)

    def _join_cast(self, creature_id: str, name: str, side: str, kind: str) -> None:
        """A creature joins: its row in the cast, with AC and HP as the fold has just set them."""
        creature = state_document(self.state).get("combatants", {}).get(creature_id)
        if creature is not None:
            self.cast[creature_id] = CastMember(id=creature_id, name=name, side=side, kind=kind, ac=creature["ac"],
                                                hp=creature["hp"], max_hp=creature["max_hp"])

    def creature(self, creature_id: str | None, state=None):
        """A combatant of the folded state (default: after the event being read), or None."""
        return (state or self.state).combatants.get(creature_id) if creature_id is not None else None

    def initiative_of(self, creature_id: str):
        creature = self.creature(creature_id)
        return creature.initiative if creature is not None else None

    def _live(self) -> bool:
        return not self.undone_now

    def on(self, event) -> None:  # noqa: C901 - one dispatch over every event type, in the order of events/
        p = self.p
        match event:
            case meta.CommandIssued():
                self.command = event.command if isinstance(event.command, dict) else {}
                self.dice_source = self._dice_source(event)
            case meta.EncounterCreated():
                pass
            case meta.Undone(txns=txns):
                self._marker("undo", p.undo([self._summary(t) for t in txns]))
            case meta.Redone(txns=txns):
                self._marker("redo", p.redo([self._summary(t) for t in txns]))
            case meta.Reverted(to=to, txns=txns):
                self._marker("revert", p.revert(to, len(txns)))
            case meta.CombatEnded(reason=reason):
                if self._live():
                    self.container = self.t.ending
                    self.entry = None
                self.head("end", p.ended(reason))
            case meta.DiceLeftUnused(faces=faces):
                self.detail("dice", p.unused_dice(faces, said(event)))
            case turns.CombatantAdded():
                if self._live():
                    self._join_cast(event.id, p.display(self.name(event.id)), event.side, event.kind)
                if self.started or self.undone_now:
                    self.head("join", p.joins(self.name(event.id)), event.id)
            case turns.CombatantRemoved(id=who):
                self.head("leave", p.leaves(self.name(who)), who)
                self._left(who)
            case turns.Placed(id=who, at=at):
                if self.started or self.undone_now:
                    self.head("place", p.placed(self.name(who), at), who)
            case turns.SurpriseDeclared(ids=ids):
                self.head("surprise", p.surprise([self.name(i) for i in ids]))
            case turns.InitiativeRolled():
                people = [self.name(i) for i in event.ids]
                if event.set_by_dm:
                    self.head("initiative", p.initiative_set(people, event.total), event.ids[0])
                else:
                    roll, mode = self.d20(event.faces, event.natural, event.modifiers, event.total,
                                          event.advantage, event.disadvantage)
                    self.head("initiative", p.initiative(people, roll, mode), event.ids[0])
            case turns.TiesOrdered(ids=ids):
                self.head("order", p.ties([self.name(i) for i in ids]))
            case turns.OrderChanged(order=order):
                self.head("order", p.order_changed([p.order_item(self.name(i), self.initiative_of(i)) for i in order]))
            case turns.CombatStarted(order=order):
                if self._live():
                    self.started = True
                    self.t.initiative = p.order([p.order_item(self.name(i), self.initiative_of(i)) for i in order])
                    self.entry = None
                else:
                    self.head("turn", p.structural("start", None, None))
            case turns.TurnStarted(id=who, round=number):
                if self._live():
                    self._turn(who, number)
                else:
                    self.head("turn", p.structural("turn_start", self.name(who), number))
            case turns.TurnSkipped(id=who, round=number):
                if self._live():
                    self._turn(who, number, skipped=event.reason)
                else:
                    self.head("turn", p.structural("turn_skip", self.name(who), number))
            case turns.TurnEnded(id=who):
                if self.undone_now:
                    self.head("turn", p.structural("turn_end", self.name(who), None))
                self.entry = None
            case turns.EconomySpent():
                pass
            case turns.ActionTaken():
                if event.action == "hide":
                    self.head("action", p.hide(self.name(event.id)), event.id)
                else:
                    self.head("action", p.action(self.name(event.id), event.action, event.slot, event.details, self.name),
                              event.id)
            case movement.Moved():
                self._moved(event)
            case movement.MovementSpent(id=who, metres=metres):
                reason = said(event)
                if reason == "stand up":
                    self.head("move", p.stand(self.name(who), metres), who)
                else:
                    self.head("move", p.movement_spent(self.name(who), metres, reason), who)
            case movement.TerrainMarked(squares=squares, kind=kind):
                self.head("terrain", p.terrain(len(squares), kind))
            case attacks.AttackRolled():
                self._attack(event)
            case attacks.AttackReevaluated():
                self.detail("attack", p.reevaluated(self.name(event.target), self._ac_text(event.target, event), event.hit))
            case attacks.SavingThrowRolled():
                self._save(event)
            case attacks.CheckRolled():
                self._check(event)
            case attacks.ContestResolved(ids=ids, totals=totals, winner=winner):
                people = [self.name(i) for i in ids]
                if winner:
                    ordered = totals if winner == ids[0] else (totals[1], totals[0])
                    self.detail("contest", p.contest(people, ordered, self.name(winner)))
                else:
                    self.detail("contest", p.contest(people, totals, None))
            case damage.DamageTaken():
                self._damage(event)
            case damage.Healed():
                natural = event.reason == "natural_20_on_a_death_save"
                if natural and self.entry is not None and self.entry.kind == "death_save":
                    self.detail("heal", p.heal(self.name(event.target), event.amount, "", event.hp_before,
                                               event.hp_after, natural=True))
                else:
                    roll = self.dice_expr(event.roll, event.faces, False) if event.faces else event.roll
                    if event.faces:
                        roll = f"{roll} = {event.amount}"
                    self.detail("heal", p.heal(self.name(event.target), event.amount, roll, event.hp_before,
                                               event.hp_after, natural=natural), event.target)
            case damage.TempHpGranted():
                self.head("temp_hp", p.temp_hp(self.name(event.target), event.amount, event.before, event.after),
                          event.target)
            case damage.StatusChanged():
                self._status(event)
            case damage.DeathSaveRolled():
                roll, _ = self.d20(event.faces, event.natural, (), event.natural, (), ())
                self.head("death_save", p.death_save(self.name(event.id), roll, event.outcome, event.successes,
                                                     event.failures), event.id)
            case damage.DeathSaveFailed():
                self.detail("death_save", p.death_save_failed(self.name(event.id), event.count, said(event),
                                                              event.successes, event.failures), event.id)
            case damage.DeathSavesReset(id=who):
                self.detail("death_save", p.death_saves_reset(self.name(who)), who)
            case conditions.ConditionApplied():
                self._condition_applied(event)
            case conditions.ConditionEnded():
                self._condition_ended(event)
            case conditions.ConcentrationStarted(id=who, effect=effect):
                self.detail("concentration", p.concentration_start(self.name(who), self.effect_name(effect)), who)
            case conditions.ConcentrationEnded(id=who, effect=effect):
                self.detail("concentration", p.concentration_end(self.name(who), self.effect_name(effect), said(event)), who)
            case conditions.EffectStarted():
                if event.data.get("ac_bonus"):
                    until = p.until(event.until, self.name, event.id, self.current) if "this_attack" not in event.until else ""
                    named = (self.reaction_name(event.id, event.effect) if (event.id, event.effect) in self.reaction_names
                             else self.effect_name(event.effect))  # a reaction of the stat block, or a spell's (Shield)
                    self.detail("effect", p.effect_started(self.name(event.id), named, event.data, until), event.id)
            case conditions.EffectEnded():
                pass  # Dodge, Help and reaction bonuses end quietly: the rolls they touch already say so
            case reactions.ReactionWindowOpened():
                self.suspended_dice.append(self.dice_source)
                people = [self.name(i) for i in event.reactors]
                pending = dict(event.pending)
                if pending.get("kind") == "move":
                    self.suspended_moves.add(pending.get("id"))
                if pending.get("kind") == "readied":
                    pending["trigger"] = event.text  # the table's own words
                text = p.window(pending, people, self.name)
                if self.entry is None:
                    self.head("reaction_window", text)
                else:
                    self.detail("reaction_window", text)
            case reactions.ReactionTaken(id=who, reaction=reaction):
                if reaction == "opportunity_attack":
                    self.opportunity = True
                else:
                    self.head("reaction", p.reacts(self.name(who), self.reaction_name(who, reaction)), who)
            case reactions.ReactionPassed(id=who):
                self.head("reaction", p.passes(self.name(who)), who)
            case reactions.ReactionWindowClosed():
                if self.suspended_dice:
                    self.dice_source = self.suspended_dice.pop()
            case resources.LegendaryGapClosed():
                pass  # the gap for legendary actions closes: nothing happens at the table
            case rolenplay.ReactionsRestored() | rolenplay.PlainStreakChanged():
                pass  # the reaction is back / the streak shows as the target's AC bonus on the attack (Rôle'n Play)
            case _:
                self._ruleset_event(event)

    # ---- handlers ----
    def _ruleset_event(self, event) -> None:
        """A ruleset's own events (pf1), read by their fields: who joins (stats and side) goes in the cast; the
        event opening a turn opens it here; every other one is the line the ruleset's `transcript_words` write."""
        if self.ruleset_names is None:
            self.ruleset_names = self._collect_ruleset_names()
        names = self.ruleset_names
        if self._live() and hasattr(event, "stats") and hasattr(event, "side"):
            self._join_cast(event.id, names.get(event.id, event.id), event.side, event.kind)
        if self.creature(getattr(event, "id", None), self.before) is not None and \
                self.creature(event.id) is None and self._live():
            self._left(event.id)
        if getattr(event, "opens_turn", False) and self._live():
            self._turn(event.id, event.round)
            return
        view = self.words.view(event)
        if view is not None and view["kind"] == "hp" and self.pending_damage is not None:
            self._ruleset_hp(view, damage_line=self.pending_damage)
            return
        self._flush_damage()
        if view is not None:
            getattr(self, f"_ruleset_{view['kind']}")(view)
            return
        line = ruleset_line(self.words, event, self.lang, names, self.ruleset_attacks)
        if line is not None and any(hasattr(event, field) for field in ("d20", "d100", "faces", "rounds")):
            self.rolled = True
        self.detail("other", self.as_sentence(line) if line else type(event).__name__)

    def as_sentence(self, line: str) -> str:
        """A ruleset's log line as a transcript sentence, like the 5e ones: a capital first, a full stop last."""
        text = line[:1].upper() + line[1:]
        return text if text.rstrip().endswith((".", "!", "?", "…", ":")) else self.p.sentence(text)

    # A ruleset's rolls in the shared shapes of its `transcript_words.view`: the 5e transcript's own sentences.
    def _ruleset_initiative(self, view: dict) -> None:
        modifier = view["modifier"]
        roll = f"d20 ({view['faces'][0]}) {'-' if modifier < 0 else '+'} {abs(modifier)} = {view['total']}"
        self.rolled = True
        self.head("initiative", self.p.initiative([self.name(i) for i in view["ids"]], roll, ""), view["ids"][0])

    def _ruleset_damage(self, view: dict) -> None:
        """Damage dice: held until the hit points they change, to read as one line ("Dégâts : … ; PV … : 6 → 2.")."""
        parts = []
        for part in view["parts"]:
            expr = self.dice_expr(part["roll"], part["faces"], False) if part["faces"] else str(part["total"])
            if part.get("modifier") and part["faces"]:
                label = self.p.modifier_label(part.get("modifier_label", ""))
                sign = "-" if part["modifier"] < 0 else "+"
                expr += f" {sign} {abs(part['modifier'])}" + (f" ({label})" if label else "")
            parts.append(self.p.damage_part(expr, part["total"], part["type"], [], part["total"], part["total"]))
        self.pending_damage = self.p.damage(parts, view["total"], False, len(parts) > 1)

    def _ruleset_hp(self, view: dict, damage_line: str | None = None) -> None:
        self.pending_damage = None
        hurt = self.creature(view["target"], self.before)
        if hurt is None:
            return
        hp = self.p.hp(self.name(view["target"]), hurt.hp, view["hp_after"], hurt.temp_hp, view["temp_after"])
        self.detail("damage", self.p.damage_line(damage_line, hp) if damage_line else self.p.sentence(hp),
                    view["target"])

    def _flush_damage(self) -> None:
        """Damage dice no hit points followed (nonlethal, reduced): their line on its own."""
        if self.pending_damage is not None:
            line, self.pending_damage = self.pending_damage, None
            self.detail("damage", self.p.sentence(line))

    def _collect_ruleset_names(self) -> dict[str, str]:
        """Display names of a ruleset's joining events; the same name twice is numbered (Gobelin 1, Gobelin 2)."""
        joins = [r.event for r in self.records if hasattr(r.event, "stats") and hasattr(r.event, "side")
                 and hasattr(r.event, "name") and r.txn not in self.undone_txns]
        totals: dict[tuple[str, str], int] = {}
        for event in joins:
            key = (event.name, event.name_fr or event.name)
            totals[key] = totals.get(key, 0) + 1
        seen: dict[tuple[str, str], int] = {}
        names = {}
        for event in joins:
            key = (event.name, event.name_fr or event.name)
            seen[key] = seen.get(key, 0) + 1
            suffix = f" {seen[key]}" if totals[key] > 1 else ""
            self.who[event.id] = Who(id=event.id, name_en=key[0] + suffix, name_fr=key[1] + suffix, proper=True)
            names[event.id] = (key[1] if self.lang == "fr" else key[0]) + suffix
            for attack in event.stats.get("attacks") or ():
                # the ruleset's words pick the name in the reader's language (name, name_fr)
                self.ruleset_attacks[(event.id, attack.get("id"))] = attack
        return names

    def _left(self, creature_id: str) -> None:
        """A creature leaves the fight (the fold forgets it): its final row is the state it was in, "left"."""
        if not self._live() or creature_id not in self.cast:
            return
        creature = state_document(self.before).get("combatants", {}).get(creature_id)
        if creature is not None:
            self._final_row(self.cast[creature_id], creature, self.creature(creature_id, self.before), status="left")

    def _marker(self, kind: str, text: str) -> None:
        entry = self.head(kind, text)
        note = self.command.get("note")
        if note:
            entry.details.append(self.p.note(note))

    def _summary(self, txn: int) -> str:
        return self.p.summary(self.commands.get(txn, {}), self.name, self.weapon_name)

    def _turn(self, who: str, number: int, skipped: str = "") -> None:
        if not self.t.rounds or self.t.rounds[-1].number != number:
            self.t.rounds.append(Round(number=number, heading=self.p.round(number)))
        self.current = "" if skipped else who
        turn = Turn(id=who, heading=self.p.turn(self.name(who)),
                    skipped=self.p.skipped(self.name(who), skipped) if skipped else "")
        self.t.rounds[-1].turns.append(turn)
        self.container = turn.entries
        self.entry = None

    def _moved(self, event: movement.Moved) -> None:
        who = self.name(event.id)
        end = event.path[-1]
        mover = self.creature(event.id, self.before)
        start = mover.position if mover is not None else None
        if event.forced:
            self.detail("move", self.p.forced(who, end), event.id)
        else:
            resumed = self.command.get("do") in ("react", "pass") and event.id in self.suspended_moves
            reaction = not resumed and self.command.get("do") == "react"
            self.suspended_moves.discard(event.id)
            self.head("move", self.p.moved(who, event.cost, start, end, event.mode, resumed, reaction), event.id)

    def _ac_text(self, target: str, event) -> str:
        mods = []
        for modifier in event.ac_modifiers:
            label = self.p.modifier_label(modifier.label) or modifier.label
            label = self._localized_label(modifier.label) if label == modifier.label else label
            mods.append(f"{modifier.value} {label}")
        base = event.target_ac - sum(m.value for m in event.ac_modifiers)
        return self.p.ac(event.target_ac, base, mods)

    def _attack(self, event: attacks.AttackRolled) -> None:
        attacker, target = self.name(event.attacker), self.name(event.target)
        weapon = self.weapon_name(event.attacker, event.attack)
        opportunity = self.opportunity and event.slot == "reaction"
        self.opportunity = False
        tags = ("critical",) if event.critical else ()
        self.head("attack", self.p.attack(attacker, target, weapon, opportunity, event.nonlethal), event.attacker, tags)
        roll, mode = self.d20(event.faces, event.natural, event.modifiers, event.total, event.advantage,
                              event.disadvantage)
        self.detail("attack", self.p.attack_roll(mode, roll, self._ac_text(event.target, event), self.p.outcome(event)))

    def _save(self, event: attacks.SavingThrowRolled) -> None:
        who = self.name(event.id)
        if event.purpose in ("shove", "grapple") and not self.special_head:
            self.special_head = True
            attacker = self.name(self.command.get("attacker"))
            self.head("attack", self.p.special(attacker, who, event.purpose, self.command), attacker.id)
        why = self.p.save_purpose(event.purpose, event.condition)
        if event.auto_fail:
            text = self.p.save_auto_fail(who, event.ability, event.dc, event.auto_fail, why)
        else:
            roll, mode = self.d20(event.faces, event.natural, event.modifiers, event.total, event.advantage,
                                  event.disadvantage)
            text = self.p.save(who, event.ability, event.dc, mode, roll, event.success, why)
        if event.purpose in ("", "end_condition"):
            self.head("save", text, event.id)
        elif event.purpose == "damage" and self.entry is None:
            self._damage_head()
            self.detail("save", text, event.id)
        else:
            self.detail("save", text, event.id)

    def _damage_head(self) -> None:
        command = self.command
        targets = command.get("targets") or ([command.get("target")] if command.get("target") else [])
        source = command.get("source") or ""
        source_text = self.p.subj(self.name(source)) if source in self.who else source
        self.head("damage", self.p.damage_head([self.name(t) for t in targets], source_text, command, self.name),
                  source if source in self.who else "")

    def _check(self, event: attacks.CheckRolled) -> None:
        who = self.name(event.id)
        if event.purpose in ("shove", "grapple") and not self.special_head:
            self.special_head = True
            attacker = self.name(self.command.get("attacker"))
            self.head("attack", self.p.special(attacker, self.name(self.command.get("target")), event.purpose,
                                               self.command), attacker.id)
        if event.purpose == "contest" and not self.contest_open:
            self.contest_open = True
            against = (self.command.get("against") or {}).get("id")
            self.head("contest", self.p.contest_head(who, self.name(against)), event.id)
        roll, mode = self.d20(event.faces, event.natural, event.modifiers, event.total, event.advantage,
                              event.disadvantage)
        text = self.p.check(who, event.ability, event.skill, event.dc, mode, roll, event.success)
        if event.purpose in ("", "search", "study", "influence", "utilize", "magic"):
            if self.entry is not None and self.entry.kind == "action" and self.entry.actor == event.id:
                self.detail("check", text, event.id)
            else:
                self.head("check", text, event.id)
        else:
            self.detail("check", text, event.id)

    def _damage(self, event: damage.DamageTaken) -> None:
        who = self.name(event.target)
        if self.entry is None and self.command.get("do") == "damage":
            self._damage_head()
        elif self.command.get("do") in ("react", "pass") and event.source in self.who and (
                self.entry is None or self.entry.kind == "reaction"):
            # a suspended attack goes on once the window closes: its damage is not the reaction's
            self.head("damage", self.p.attack_lands(self.name(event.source), who), event.source)
        parts = []
        for part in event.parts:
            expr = self.dice_expr(part.roll, part.faces, event.critical) if part.faces else str(part.rolled)
            parts.append(self.p.damage_part(expr, part.rolled, part.type, list(part.notes), part.adjusted, part.applied))
        line = self.p.damage(parts, event.total, event.critical, len(event.parts) > 1)
        hp = self.p.hp(who, event.hp_before, event.hp_after, event.temp_before, event.temp_after)
        if self.entry is None:
            self.head("damage", self.p.damage_alone(who, line, hp), event.target)
        else:
            self.detail("damage", self.p.damage_line(line, hp))

    def _status(self, event: damage.StatusChanged) -> None:
        who = self.name(event.id)
        found = self.creature(event.id, self.before)
        previous = found.status if found is not None else "alive"
        if event.status == "dead":
            self.detail("status", self.p.dies(who, said(event)), event.id)
            self.tag("death")
        elif event.status == "dying":
            self.detail("status", self.p.dying(who, said(event)), event.id)
        elif event.status == "stable":
            self.detail("status", self.p.stable(who, said(event)), event.id)
        elif event.status == previous and event.hp is not None:
            self.detail("status", self.p.max_hp_halved(who, event.hp), event.id)
        # back to "alive": the healing and "regains consciousness" lines already say it

    def _condition_applied(self, event: conditions.ConditionApplied) -> None:
        who = self.name(event.target)
        if event.no_effect:
            self.detail("condition", self.p.condition_no_effect(who, event.condition, event.no_effect), event.target)
            return
        source = self.who.get(event.source)
        shoved = source is not None and event.condition == "prone" and self.command.get("do") in ("shove", "attack")
        internal = {"0_hp", "fell_unconscious", "hide", "knocked_out"}
        source_text = "" if event.source in internal else said(event, "source")
        if shoved:
            source = None
        until = self.p.until(event.until, self.name, event.target, self.current)
        self.detail("condition", self.p.condition_gained(who, event.condition, event.level, source, source_text, until),
                    event.target)

    def _condition_ended(self, event: conditions.ConditionEnded) -> None:
        if event.condition == "prone" and event.reason == "stood_up":
            return  # "X se relève" already says it
        reason = self.p.end_reason(said(event), self.name)
        self.detail("condition", self.p.condition_lost(self.name(event.target), event.condition, reason), event.target)


def transcript(records: Iterable[Recorded], *, lang: str | None = None, include_undone: bool = False,
               units: str | None = None) -> Transcript:
    """The transcript of one encounter's records, in `lang` (default: the encounter's language), distances in
    `units` ("m" or "ft"; default: the encounter's).

    Commands undone by the DM are left out unless `include_undone`, which shows them marked; the undo
    markers themselves are always shown."""
    if lang not in (None, "fr", "en"):
        raise ValueError(f"unknown transcript language '{lang}' (use fr or en)")
    records = list(records)
    built = _Builder(records, lang, include_undone, units).build()
    if built.rounds:  # the fight's summary closes it (issue 37)
        built.summary = summary_rows({**summary(records, built.lang), "name": ""}, built.lang)
    return built

