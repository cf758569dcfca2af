// The DM's page: the fight run with the mouse or a finger (issue 22). Every control posts one of INTERFACE.md's
// commands to the JSON API; the page never computes a rule, it shows what the engine answers.
"use strict";
const ENC = encodeURIComponent(INITIAL.enc);
const LANG = INITIAL.lang;
const NAMES = INITIAL.names;
const api = (path) => `/api/encounters/${ENC}${path}`;
const $ = (id) => document.getElementById(id);
let live = INITIAL.doc;      // the latest state, with the page's extras
let viewingAt = null;        // a seq while the time slider looks at the past
const LOG_SHOWN = INITIAL.log_shown;  // the running log's last lines (the server reads only those)
let stats = {};              // id -> stat block as it joined (GET /statblocks)
let terrain = [];            // difficult squares
let groups = {};             // id -> its initiative group, when it has one
let speeds = {};             // id -> its speed in words, in the encounter's units ("30 ft", "9 m") (GET /statblocks)
let spellFacts = {};         // spell id -> {level, name, targets?} (GET /statblocks)
let shownBlock = null;       // whose stat block the side panel shows
let selected = null;         // the token whose reach the map shows
let picking = null;          // {what, make(targets), many, targets: []} while the DM picks targets
let lastSeq = live ? live.seq : -1;
let liveText = null;         // the last /dm answer, as received
let lastTurn;                // whose turn the page last drew (undefined before the first drawing)
const SQUARE = 40;

// ------------------------------------------------------------------ helpers
function nameOf(cid) {
  const c = live && live.combatants[cid];
  return c ? c.name : cid;
}
function label(thing) {
  // A library name {"en", "fr"} or a plain string, in the page's language.
  if (!thing) return "";
  if (typeof thing === "string") return thing;
  return thing[LANG] || thing.en || Object.values(thing)[0] || "";
}
function patchChildren(parent, fresh) {
  // A redraw keeps each child whose fresh twin (same data-key, or data-id) renders the same: the element under a
  // finger is never swapped for an identical one (a tap whose target is replaced between touchstart and touchend
  // never becomes a click). What changed is replaced, in order.
  const keyOf = (node) => node.getAttribute("data-key") || node.getAttribute("data-id");
  const old = new Map();
  for (const node of parent.children) if (keyOf(node)) old.set(keyOf(node), node);
  const wanted = fresh.map((node) => {
    const sig = node.outerHTML;
    const was = keyOf(node) && old.get(keyOf(node));
    if (was && was.sig === sig) return was;
    node.sig = sig;
    return node;
  });
  wanted.forEach((node, index) => { if (parent.children[index] !== node) parent.insertBefore(node, parent.children[index] || null); });
  while (parent.children.length > wanted.length) parent.lastElementChild.remove();
}
function replaceIfChanged(parent, fresh) {
  // Whole sections (the prompt, the stat block): left alone when what they would show is what they show.
  const sig = fresh.map((node) => node.outerHTML).join("");
  if (parent.sig === sig && parent.children.length === fresh.length) return;
  parent.sig = sig;
  parent.replaceChildren(...fresh);
}
function typedDice() {
  if (!$("typed-dice").checked) return null;
  const faces = $("dice").value.trim().split(/[\s,;]+/).filter(Boolean).map(Number);
  return faces.length ? faces : null;
}
function withDice(command) {
  const dice = typedDice();
  return dice ? {...command, dice} : command;
}
function acting() {
  // Who acts now: the turn's creature, or the first reactor of an open window.
  if (!live) return null;
  return live.turn;
}

// ------------------------------------------------------------------ talking to the server
async function post(commands) {
  return send(JSON.stringify(commands), api(`/commands?lang=${LANG}`));
}

async function send(body, url) {
  const feedback = $("feedback");
  const before = live ? live.seq : -1;
  // A refusal comes back as 200 with its status in the body (`Prefer`): the browser's console stays clean.
  const response = await fetch(url, {method: "POST", headers: {"Content-Type": "application/json", "Prefer": "combatlog-refusal=200"}, body});
  let answer = {};
  try { answer = await response.json(); } catch (error) { answer = {error: response.statusText}; }
  const ok = response.ok && !answer.status && !answer.error;
  feedback.className = "feedback " + (ok ? "ok" : "error");
  $("help-text").hidden = !answer.help;
  if (answer.help) {
    $("help-text").textContent = answer.help;
    feedback.textContent = "";
    return true;
  }
  // The shell's remarks on a line (the dead targets a dmg left out), in the page's words, after the seq.
  feedback.textContent = ok ? [fill(W.ok_seq, {seq: answer.seq}), ...(answer.notes || [])].join(" — ")
    : answer.error;
  if (ok) {
    if ($("typed-dice").checked) $("dice").value = "";
    await refresh(before);
  }
  return ok;
}

async function refresh(before) {
  // Redraws only what changed: a control under the DM's finger is not replaced by an identical one (a tap whose
  // target is swapped between touchstart and touchend never becomes a click).
  const response = await fetch(api(`/dm?lang=${LANG}`));
  let changed = false;
  if (response.ok) {
    const text = await response.text();
    if (text !== liveText) {
      const known = live ? Object.keys(live.combatants).join() : "";
      liveText = text;
      live = JSON.parse(text);
      changed = true;
      if (!stream) stream = follow(api(`/stream?lang=${LANG}`), () => refresh(), null);
      if (Object.keys(live.combatants).join() !== known) await loadStats();
    }
  }
  if (await refreshLog(before)) changed = (await loadStats()) || changed;
  if (!changed) return;
  if (viewingAt === null) render(live);
  else $("time").max = live.seq;
}

let statsText = null;
async function loadStats() {
  // True when the stat blocks, groups or terrain changed.
  const response = await fetch(api("/statblocks"));
  if (!response.ok) return false;
  const text = await response.text();
  if (text === statsText) return false;
  statsText = text;
  const answer = JSON.parse(text);
  stats = answer.stats;
  groups = answer.groups;
  terrain = answer.terrain;
  spellFacts = answer.spells || {};
  speeds = answer.speeds || {};
  return true;
}

async function refreshLog(before) {
  const response = await fetch(api(`/log?lang=${LANG}&last=${LOG_SHOWN}`));
  if (!response.ok) return;
  const lines = (await response.json()).lines;
  renderLog(lines);
  if (before !== undefined && before !== null) {
    // What the command just did, where the DM looks: dice, modifiers, hit or miss, damage (the log's own words).
    const fresh = lines.filter((line) => line.seq > before && !line.undone);
    if (fresh.length) $("result").replaceChildren(...fresh.map((line) => el("p", {}, line.text)));
  }
  // True when the map's terrain changed (marked, or a mark undone): the page asks for it again.
  const changed = lines.some((line) => line.seq > lastSeq && ["TerrainMarked", "Undone", "Redone", "Reverted"].includes(line.type));
  lastSeq = lines.length ? lines[lines.length - 1].seq : lastSeq;
  return changed;
}

function renderLog(lines) {
  $("log").replaceChildren(...lines.slice(-LOG_SHOWN).reverse().map((line) =>
    el("li", {class: line.undone ? "undone" : "", "data-seq": line.seq},
      el("span", {class: "seq"}, line.seq), " ",
      el("span", {class: "place"}, line.turn ? `r${line.round} ${line.turn}` : "—"), " ",
      el("span", {class: "text"}, line.text),
      line.undone ? el("span", {class: "mark"}, ` ${W.undone}`) : null)));
}

// ------------------------------------------------------------------ rendering
function render(doc) {
  const body = document.querySelector("#status tbody");
  $("title").textContent = doc ? doc.view.title : W.dm_title;
  $("new-encounter").hidden = !!doc;
  $("toolbar").hidden = !doc;
  document.body.classList.toggle("empty", !doc);
  document.body.classList.toggle("setup", !!doc && doc.phase === "setup");
  if (!doc) { body.replaceChildren(); renderMap(null); return; }
  if (viewingAt === null && doc.turn !== lastTurn) {
    // A turn passed: the profile follows the creature that acts now, and a choice of targets begun for the one
    // whose turn ended is given up, saying so (its attack or spell could no longer be sent).
    if (lastTurn !== undefined) {
      $("picking-ended").hidden = true;
      if (doc.turn) { shownBlock = doc.turn; selected = null; }
      if (picking && picking.owner && picking.owner !== doc.turn) {
        const what = picking.what;
        picking = null;
        $("picking-ended").textContent = fill(W.picking_ended, {what});
        $("picking-ended").hidden = false;
      }
    }
    lastTurn = doc.turn;
  }
  renderPrompt(doc);
  const reactors = doc.window ? doc.window.reactors : [];
  patchChildren(body, doc.view.order_all.map((cid) => row(doc, cid, reactors)));
  const slider = $("time");
  if (viewingAt === null) {
    slider.max = Math.max(0, doc.seq);
    slider.value = slider.max;
    $("time-value").textContent = slider.value;
  }
  renderMap(doc);
  if (!shownBlock || !doc.combatants[shownBlock]) shownBlock = doc.turn;
  renderStatBlock(doc);
  renderPicking();
}

function rowButton(text, labelText, onClick, extra) {
  const button = el("button", {type: "button", "aria-label": labelText, ...(extra || {})}, text);
  button.addEventListener("click", (event) => { event.stopPropagation(); onClick(); });
  return button;
}

function row(doc, cid, reactors) {
  const c = doc.combatants[cid];
  const current = cid === doc.turn;
  const hp = hpBar(c.hp, c.max_hp, c.status);
  if (c.temp_hp) hp.append(el("span", {class: "thp"}, ` +${c.temp_hp} ${W.col_thp}`));
  const who = c.name === cid ? cid : `${c.name} (${cid})`;
  const nameButton = rowButton(c.name, fill(W.stat_block_of, {name: who}), () => { if (picking) pick(cid); else { shownBlock = cid; renderStatBlock(live); } },
    {class: "link name-button"});
  const extras = [];
  if (c.concentration) extras.push(el("span", {class: "tag"}, fill(W.concentration, {what: c.concentration})));
  if ((c.death_saves.successes || c.death_saves.failures) && !(doc.view.conditions[cid] || "")) {
    extras.push(el("span", {class: "tag saves"}, fill(W.death_saves, {ok: c.death_saves.successes, ko: c.death_saves.failures})));
  }
  for (const [level, slot] of Object.entries(c.slots || {}).concat(Object.entries(c.spells_per_day || {}))) {
    // ●●○: one dot a slot, the spent ones hollow; a screen reader hears "2/3".
    extras.push(el("span", {class: "tag slots", "data-level": level}, `${W.slots} ${level} `,
      el("span", {class: "dots", "aria-hidden": "true"}, "●".repeat(Math.max(0, slot.left)) + "○".repeat(Math.max(0, slot.max - slot.left))),
      el("span", {class: "sr-only"}, `${slot.left}/${slot.max}`)));
  }
  for (const [use, left] of Object.entries(c.uses || {})) extras.push(el("span", {class: "tag"}, `${use}: ${left.left}/${left.max}`));
  if (c.legendary_actions) extras.push(el("span", {class: "tag"}, `${W.legendary}: ${c.legendary_actions.left}/${c.legendary_actions.max}`));
  const actions = el("div", {class: "row-actions"},
    // INTERFACE.md §5's names, exactly: the row (tr[data-id]) says whose they are.
    rowButton(W.damage, W.damage, () => openHp("damage", cid), {"data-act": "damage"}),
    rowButton(W.heal, W.heal, () => openHp("heal", cid), {"data-act": "heal"}),
    rowButton(W.temp_hp, W.temp_hp, () => openHp("temp_hp", cid), {"data-act": "temp_hp"}),
    rowButton(W.conditions, W.conditions, () => openConditions(cid), {"data-act": "conditions"}),
    // Hidden from the players' view until revealed: an event (`hidden`), so undo and the slider know it.
    rowButton(c.hidden ? W.reveal : W.hide, c.hidden ? W.reveal : W.hide,
      () => post({do: "hidden", id: cid, hidden: !c.hidden}), {"data-act": "hidden", "aria-pressed": c.hidden ? "true" : "false"}));
  if (doc.phase === "setup") {
    const init = el("input", {type: "number", class: "init-input", "aria-label": fill(W.initiative_of, {name: who}),
                              value: c.initiative === null ? "" : c.initiative, inputmode: "numeric"});
    init.addEventListener("change", () => init.value !== "" && post({do: "initiative", id: cid, value: Number(init.value)}));
    init.addEventListener("click", (event) => event.stopPropagation());
    actions.prepend(init, rowButton("🎲", `${W.roll} — ${fill(W.initiative_of, {name: who})}`,
      () => post(withDice({do: "initiative", id: cid})), {"data-act": "roll"}));
  }
  if (doc.phase === "death_save" && current) {
    actions.prepend(rowButton(W.death_save, W.death_save, () => post(withDice({do: "death_save", id: cid})),
      {"data-act": "death_save", class: "primary"}));
  }
  const tr = el("tr", {class: [current ? "current" : "", c.status === "dead" ? "dead" : "", c.kind, c.hidden ? "unseen" : "",
                                picking && picking.targets.includes(cid) ? "picked" : ""].join(" "), "data-id": cid},
    el("td", {class: "marker"}, current ? "▶" : reactors.includes(cid) ? "?" : ""),
    el("td", {class: "num init"}, c.initiative === null ? "" : c.initiative),
    el("td", {class: "id"}, cid),
    el("td", {class: "name"}, nameButton),
    el("td", {class: "hpcell"}, hp),
    el("td", {class: "num ac"}, el("span", {class: "ac-label"}, `${W.ac} `), c.ac),
    el("td", {class: "conditions"}, doc.view.conditions[cid] || "", ...extras),
    el("td", {class: "left"}, doc.view.left[cid] || ""),
    el("td", {class: "actions"}, actions));
  tr.addEventListener("click", () => { if (picking) pick(cid); });
  return tr;
}

function renderPrompt(doc) {
  // An open reaction window: who may react and how, so the fight never waits on a hidden state.
  const prompt = $("prompt");
  if (!doc.window) { prompt.hidden = true; prompt.replaceChildren(); prompt.sig = null; return; }
  prompt.hidden = false;
  const text = doc.view.window || fill(W.window, {trigger: doc.window.trigger, who: doc.window.reactors.join(", ")});
  const buttons = [];
  // What the window answers (the server's `view.answers`: a move, a hit, a spell being cast, a readied action);
  // a ruleset that does not say keeps the words' guess of a move.
  const answers = (doc.view.answers || {});
  const kind = answers.kind || (/reach|allonge|leav|quitt|opportun|move/i.test(doc.window.trigger + " " + text) ? "move" : null);
  for (const cid of doc.window.reactors) {
    const who = nameOf(cid) === cid ? cid : `${nameOf(cid)} (${cid})`;
    const offer = (what, command, extra) => buttons.push(rowButton(fill(W.react_with, {what, who}), fill(W.react_with, {what, who}),
      () => post(withDice(command)), {class: "primary", "data-react": cid, "data-with": command.with, ...(extra || {})}));
    const block = stats[cid] || {};
    if (kind === "move" && (block.attacks || []).some((attack) => attack.kind === "melee")) {
      buttons.push(rowButton(fill(W.opportunity_of, {who}), fill(W.opportunity_of, {who}),
        () => post(withDice({do: "react", id: cid, with: "opportunity_attack"})),
        {class: "primary", "data-react": cid, "data-with": "opportunity_attack"}));
    }
    if (kind === "readied") offer(W.readied, {do: "react", id: cid, with: "readied"});
    // The stat block's own reactions to a hit on it (Parry: melee only).
    const hitOnIt = kind === "attack_damage" && answers.target === cid;
    for (const reaction of (block.reactions || [])) {
      if (kind && !(hitOnIt && (reaction.on === "hit" || (reaction.on === "melee_hit" && answers.attack_kind === "melee")))) continue;
      offer(label(reaction.name) || reaction.id, {do: "react", id: cid, with: reaction.id});
    }
    // Its reaction spells that answer this window (Shield a hit on it, Counterspell a spell being cast) while it
    // has something left to cast them with.
    for (const spell of ((block.spellcasting || {}).spells || [])) {
      const id = typeof spell === "string" ? spell : spell.id;
      const facts = {...(typeof spell === "object" ? spell : {}), ...(spellFacts[id] || {})};
      if (facts.casting_time !== "reaction") continue;
      if (!((facts.on === "hit" && hitOnIt) || (facts.on === "cast" && kind === "cast"))) continue;
      if (!canCast(cid, facts.level || 0)) continue;
      offer(label(facts.name) || id, {do: "react", id: cid, with: id}, {"data-spell": id});
    }
    buttons.push(rowButton(fill(W.pass_of, {who}), fill(W.pass_of, {who}), () => post({do: "pass", id: cid}), {"data-pass": cid}));
  }
  replaceIfChanged(prompt, [el("p", {}, fill(W.react_prompt, {who: doc.window.reactors.map(nameOf).join(", ")}), " — ", text),
    el("div", {class: "buttons"}, buttons)]);
}

function canCast(cid, level) {
  // A cantrip always; else a slot of its level or higher left (a creature without slots: its daily uses say).
  const c = live && live.combatants[cid];
  if (!c || !level) return true;
  const slots = Object.entries(c.slots || {});
  if (!slots.length) return true;
  return slots.some(([slot, left]) => Number(slot) >= level && left.left > 0);
}

// ------------------------------------------------------------------ the stat block and acting from it
function renderStatBlock(doc) {
  const panel = $("statblock");
  const cid = shownBlock;
  const block = stats[cid];
  if (!doc || !cid || !doc.combatants[cid]) { panel.hidden = true; return; }
  const c = doc.combatants[cid];
  const who = c.name === cid ? cid : `${c.name} (${cid})`;
  panel.hidden = false;
  panel.setAttribute("aria-label", fill(W.stat_block_of, {name: who}));
  const parts = [el("h2", {}, fill(W.stat_block_of, {name: who}))];
  const canAct = viewingAt === null && (doc.turn === cid || doc.phase === "setup" || doc.phase === "turn");
  if (block) {
    parts.push(el("p", {class: "line"}, `${W.ac} ${block.ac} · ${W.hp} ${c.hp}/${block.max_hp} · ${speeds[cid] || `${block.speed} m`}`));
    if (block.abilities) {
      parts.push(el("p", {class: "abilities"}, Object.entries(block.abilities).map(([k, v]) => {
        const mod = Math.floor((v - 10) / 2);
        return `${NAMES.abilities[k] || k} ${v} (${mod >= 0 ? "+" : ""}${mod})  `;
      }).join("")));
    }
    const attacks = block.attacks || [];
    if (attacks.length) {
      parts.push(el("h3", {}, W.attacks));
      parts.push(el("div", {class: "buttons"}, attacks.map((attack) => {
        const name = label(attack.name) || attack.id;
        const damage = (attack.damage || []).map((d) => `${d.roll} ${NAMES.damage[d.type] || d.type}`).join(" + ");
        const button = rowButton(`${name} (+${attack.to_hit}; ${damage})`, `${name} — ${who}`, () => startPicking({
          what: name, many: false, owner: cid,
          make: ([target]) => withDice({do: "attack", attacker: cid, target, with: attack.id}),
        }), {"data-attack": attack.id, disabled: doc.turn !== cid || !canAct});
        return button;
      })));
    }
    const casting = block.spellcasting;
    if (casting && (casting.spells || []).length) {
      parts.push(el("h3", {}, W.spells));
      parts.push(el("div", {class: "buttons"}, casting.spells.map((spell) => {
        const id = typeof spell === "string" ? spell : spell.id;
        const facts = spellFacts[id] || {};
        const name = label(facts.name) || (typeof spell === "string" ? spell : label(spell.name) || spell.id);
        const level = typeof facts.level === "number" ? facts.level : (typeof spell === "object" ? spell.level : undefined);
        // A spell cast so many times a day by a creature with no slots (a dragon's, a lich's) spends a daily use.
        const daily = id in (casting.per_day || {}) && !Object.keys(casting.slots || {}).length;
        return rowButton(level === undefined ? name : `${name} (${level})`, `${name} — ${who}`, () => startPicking({
          what: name, many: true, caster: cid, owner: cid, level: daily ? undefined : level,
          make: (targets) => {
            const slot = !daily && level > 0 && $("slot-level").value ? {level: Number($("slot-level").value)} : {};
            return withDice({do: "cast", caster: cid, spell: id, targets, ...slot, ...(daily ? {using: "per_day"} : {})});
          },
        }), {"data-spell": id, disabled: doc.turn !== cid || !canAct});
      })));
    }
    if ((block.legendary || []).length) {
      parts.push(el("h3", {}, W.legendary));
      parts.push(el("div", {class: "buttons"}, block.legendary.map((action) => {
        const name = label(action.name) || action.id;
        return rowButton(`${name} (${action.cost || 1})`, `${name} — ${who}`, () => startPicking({
          what: name, many: false,
          make: ([target]) => withDice({do: "legendary", id: cid, action: action.id, target}),
        }), {"data-legendary": action.id, disabled: !canAct});
      })));
    }
  }
  replaceIfChanged(panel, parts);
}

function startPicking(how) {
  picking = {...how, targets: []};
  $("picking-ended").hidden = true;
  $("slot-level").dataset.options = "";
  renderPicking();
  if (live) render(live);
}

function renderPicking() {
  const box = $("picking");
  box.hidden = !picking;
  if (!picking) return;
  $("picking-text").textContent = fill(picking.many ? W.pick_targets : W.pick_target, {what: picking.what});
  $("targets-done").hidden = !picking.many;
  // A spell with a level: which slot it spends (the lowest with one left, unless the DM picks a higher one).
  const select = $("slot-level");
  const caster = picking.caster && live && live.combatants[picking.caster];
  const slots = caster ? Object.entries(caster.slots || {}).filter(([level]) => Number(level) >= picking.level) : [];
  $("slot-level-label").hidden = !(picking.level > 0 && slots.length);
  const options = slots.map(([level, slot]) => `${level}:${slot.left}/${slot.max}`).join();
  if (select.dataset.options !== options) {
    select.dataset.options = options;
    select.replaceChildren(...slots.map(([level, slot]) => el("option", {value: level}, `${level} (${slot.left}/${slot.max})`)));
    const first = slots.find(([, slot]) => slot.left > 0);
    if (first) select.value = first[0];
  }
}

async function pick(cid) {
  if (!picking) return;
  if (picking.many) {
    picking.targets = picking.targets.includes(cid) ? picking.targets.filter((t) => t !== cid) : [...picking.targets, cid];
    render(live);
    return;
  }
  const command = picking.make([cid]);
  picking = null;
  renderPicking();
  await post(command);
}

$("targets-done").addEventListener("click", async () => {
  if (!picking || !picking.targets.length) return;
  const command = picking.make(picking.targets);
  picking = null;
  renderPicking();
  await post(command);
});
$("picking-cancel").addEventListener("click", () => { picking = null; renderPicking(); if (live) render(live); });

// ------------------------------------------------------------------ the map
const svgNS = "http://www.w3.org/2000/svg";
function svg(tag, attrs, ...children) {
  const node = document.createElementNS(svgNS, tag);
  for (const [key, value] of Object.entries(attrs || {})) node.setAttribute(key, value);
  for (const child of children) node.append(child);
  return node;
}

function renderMap(doc) {
  const map = $("map");
  if (!doc) { map.replaceChildren(); map.setAttribute("viewBox", "0 0 0 0"); return; }
  // Patched in place, like the rows: a token under a finger stays the same element while it is unchanged.
  const nodes = [];
  const placed = Object.entries(doc.combatants).filter(([, c]) => c.position);
  let width = 12, height = 8;
  for (const [, c] of placed) { width = Math.max(width, c.position[0] + 3); height = Math.max(height, c.position[1] + 3); }
  for (const [x, y] of terrain) { width = Math.max(width, x + 2); height = Math.max(height, y + 2); }
  map.setAttribute("viewBox", `0 0 ${width * SQUARE} ${height * SQUARE}`);
  map.style.width = `${width * SQUARE}px`;
  map.style.maxWidth = "100%";
  for (const [x, y] of terrain) {
    nodes.push(svg("rect", {x: x * SQUARE, y: y * SQUARE, width: SQUARE, height: SQUARE, class: "difficult", "data-key": `t${x},${y}`}));
  }
  for (let x = 0; x <= width; x++) nodes.push(svg("line", {x1: x * SQUARE, y1: 0, x2: x * SQUARE, y2: height * SQUARE, class: "grid", "data-key": `x${x}`}));
  for (let y = 0; y <= height; y++) nodes.push(svg("line", {x1: 0, y1: y * SQUARE, x2: width * SQUARE, y2: y * SQUARE, class: "grid", "data-key": `y${y}`}));
  const focus = selected && doc.combatants[selected] ? selected : doc.turn;
  if (focus && doc.combatants[focus] && doc.combatants[focus].position) {
    // Reach: the squares within the longest melee reach of its stat block (1.5 m = one square).
    const block = stats[focus] || {};
    const reach = Math.max(1.5, ...(block.attacks || []).filter((a) => a.kind === "melee").map((a) => a.reach || 1.5));
    const squares = Math.round(reach / 1.5);
    const [fx, fy] = doc.combatants[focus].position;
    nodes.push(svg("rect", {x: (fx - squares) * SQUARE, y: (fy - squares) * SQUARE, width: (2 * squares + 1) * SQUARE,
                            height: (2 * squares + 1) * SQUARE, class: "reach", "data-key": "reach"}));
  }
  nodes.push(svg("g", {class: "preview", "data-key": "preview"}, ...previewNodes()));
  for (const [cid, c] of placed) {
    const [x, y] = c.position;
    const group = svg("g", {class: `token ${c.kind} ${c.status} ${cid === doc.turn ? "current" : ""}`, "data-id": cid,
                            transform: `translate(${x * SQUARE},${y * SQUARE})`, tabindex: "0", role: "button",
                            "aria-label": `${c.name} (${cid}) [${x}, ${y}]`},
      svg("circle", {cx: SQUARE / 2, cy: SQUARE / 2, r: SQUARE / 2 - 3}),
      svg("text", {x: SQUARE / 2, y: SQUARE / 2 + 5, "text-anchor": "middle"}, cid.slice(0, 4)));
    dragToken(group, cid, c.position);
    nodes.push(group);
  }
  patchChildren(map, nodes);
}

function squareAt(event) {
  const map = $("map");
  const box = map.getBoundingClientRect();
  const view = map.viewBox.baseVal;
  const scale = view.width / box.width;
  return [Math.floor((event.clientX - box.left) * scale / SQUARE), Math.floor((event.clientY - box.top) * scale / SQUARE)];
}

function pathTo(from, to) {
  // Square by square: diagonal while both axes differ, then straight (the engine checks each step's cost).
  const path = [];
  let [x, y] = from;
  while (x !== to[0] || y !== to[1]) {
    x += Math.sign(to[0] - x);
    y += Math.sign(to[1] - y);
    path.push([x, y]);
  }
  return path;
}

// The cheapest legal path of the token being dragged, asked of the server square by square (GET /path: the
// ruleset's own rules of difficult terrain and of other creatures' spaces), drawn with its cost before the drop.
let preview = null;  // {id, key: "x,y", path: [[x, y]...] | null, text, from: [x, y]}
function askPath(cid, from, to) {
  const key = to.join();
  if (preview && preview.id === cid && preview.key === key) return preview.answer;
  const answer = fetch(api(`/path?id=${encodeURIComponent(cid)}&to=${key}&lang=${LANG}`))
    .then((response) => response.ok ? response.json() : {path: null, text: ""}).catch(() => ({path: null, text: ""}));
  preview = {id: cid, key, from, path: undefined, text: "", answer};
  answer.then((found) => {
    if (!preview || preview.answer !== answer) return;
    preview.path = found.path;
    preview.text = found.text || "";
    preview.far = !!found.path && typeof found.left === "number" && found.metres > found.left + 1e-9;
    drawPreview();
  });
  return answer;
}
function previewNodes() {
  if (!preview || !preview.path) return [];
  const points = [preview.from, ...preview.path].map(([x, y]) => `${x * SQUARE + SQUARE / 2},${y * SQUARE + SQUARE / 2}`).join(" ");
  const [gx, gy] = preview.path[preview.path.length - 1];
  return [svg("polyline", {points, class: "path-line" + (preview.far ? " far" : "")}),
          ...preview.path.map(([x, y]) => svg("rect", {x: x * SQUARE + SQUARE / 2 - 4, y: y * SQUARE + SQUARE / 2 - 4, width: 8, height: 8,
                                                     class: "path-step", "data-square": `${x},${y}`})),
          svg("rect", {x: gx * SQUARE + 2, y: gy * SQUARE + 2, width: SQUARE - 4, height: SQUARE - 4, class: "path-goal"})];
}
function drawPreview() {
  const layer = $("map").querySelector("[data-key=preview]");
  if (layer) layer.replaceChildren(...previewNodes());
  const box = $("move-preview");
  box.hidden = !preview || !preview.text;
  box.textContent = preview ? preview.text : "";
  box.classList.toggle("far", !!(preview && (preview.far || preview.path === null)));
}
function endPreview() {
  preview = null;
  drawPreview();
}

function dragToken(group, cid, position) {
  let start = null;
  group.addEventListener("pointerdown", (event) => {
    if (viewingAt !== null) return;
    event.preventDefault();
    start = {x: event.clientX, y: event.clientY};
    group.setPointerCapture(event.pointerId);
  });
  group.addEventListener("pointermove", (event) => {
    if (!start) return;
    const map = $("map");
    const scale = map.viewBox.baseVal.width / map.getBoundingClientRect().width;
    const dx = (event.clientX - start.x) * scale, dy = (event.clientY - start.y) * scale;
    group.setAttribute("transform", `translate(${position[0] * SQUARE + dx},${position[1] * SQUARE + dy})`);
    const to = squareAt(event);
    if (live && live.phase !== "setup" && to.join() !== position.join()) askPath(cid, position, to);
  });
  const drop = async (event) => {
    if (!start) return;
    const moved = Math.abs(event.clientX - start.x) + Math.abs(event.clientY - start.y);
    start = null;
    if (moved > 0) group.sig = null;  // it was moved by hand: the next redraw puts it where the state says
    if (moved < 6) {
      // A tap: pick it as a target, or show its reach and stat block.
      endPreview();
      if (picking) return pick(cid);
      selected = cid; shownBlock = cid;
      return render(live);
    }
    const to = squareAt(event);
    if (to.join() === position.join()) { endPreview(); return render(live); }
    // Before the fight a token is set down where the DM drops it (no movement cost, no reaction).
    if (live.phase === "setup") {
      endPreview();
      if (!(await post({do: "place", id: cid, at: to}))) render(live);
      return;
    }
    // The path shown is the one sent; with no legal path the straight line goes, and the engine says why not.
    const found = await askPath(cid, position, to);
    const path = found.path || pathTo(position, to);
    const ok = await post({do: "move", id: cid, path});
    endPreview();
    if (!ok) render(live);
  };
  group.addEventListener("pointerup", drop);
  group.addEventListener("pointercancel", () => { start = null; group.sig = null; endPreview(); render(live); });
  group.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") { event.preventDefault(); if (picking) pick(cid); else { selected = cid; shownBlock = cid; render(live); } }
  });
}

// ------------------------------------------------------------------ dialogs: add, damage/heal, conditions, help
for (const dialog of document.querySelectorAll("dialog")) {
  dialog.querySelector(".close").addEventListener("click", () => dialog.close());
}

let chosen = null;  // the library entry picked in the Add dialog
let searching = 0;
$("add-button").addEventListener("click", () => { $("add-dialog").showModal(); $("creature").focus(); loadCarry(); });

// PCs from another encounter of the log (`add` with `carry`, INTERFACE.md §7): they join as they ended it.
let carryChoices = [];
async function loadCarry() {
  const response = await fetch(api(`/carry?lang=${LANG}`));
  carryChoices = response.ok ? (await response.json()).encounters : [];
  $("carry-form").hidden = !carryChoices.length;
  const select = $("carry-from");
  const before = select.value;
  select.replaceChildren(...carryChoices.map((other) => el("option", {value: other.id}, other.name === other.id ? other.id : `${other.name} (${other.id})`)));
  if (carryChoices.some((other) => other.id === before)) select.value = before;
  listCarried();
}
function listCarried() {
  const other = carryChoices.find((choice) => choice.id === $("carry-from").value);
  const here = (live || {}).combatants || {};
  $("carry-pcs").replaceChildren(el("legend", {}, W.pc), ...(other ? other.pcs : []).map((pc) => {
    // One already in this fight (carried before) is left unticked.
    const box = el("input", {type: "checkbox", value: pc.id, checked: !(pc.id in here)});
    return el("label", {}, box, `${pc.name === pc.id ? pc.id : `${pc.name} (${pc.id})`} — ${pc.hp}/${pc.max_hp}`);
  }));
}
$("carry-from").addEventListener("change", listCarried);
$("carry-form").addEventListener("submit", async (event) => {
  event.preventDefault();
  const other = carryChoices.find((choice) => choice.id === $("carry-from").value);
  if (!other) return;
  const ticked = [...$("carry-pcs").querySelectorAll("input:checked")].map((box) => other.pcs.find((pc) => pc.id === box.value));
  if (!ticked.length) return;
  const taken = new Set(Object.keys((live || {}).combatants || {}));
  const commands = [];
  const squares = freeSquares(ticked.length, "party");
  ticked.forEach((pc, index) => {
    const id = taken.has(pc.id) ? freshIds(pc.id, 1)[0] : pc.id;
    taken.add(id);
    commands.push({do: "add", id, carry: {from: other.id, id: pc.id}, at: squares[index]});
  });
  if (await post(commands)) $("add-dialog").close();
});
$("creature").addEventListener("input", async () => {
  const query = $("creature").value.trim();
  const mine = ++searching;
  chosen = null;
  $("add-to-fight").disabled = true;
  if (query.length < 2) { $("library-results").replaceChildren(); return; }
  const ruleset = live ? live.ruleset : "dnd5e-2024";
  const response = await fetch(`/api/library?q=${encodeURIComponent(query)}&ruleset=${ruleset}&kind=creature&lang=${LANG}`);
  if (!response.ok || mine !== searching) return;
  const entries = (await response.json()).entries.slice(0, 12);
  if (!entries.length) { $("library-results").replaceChildren(el("li", {}, W.no_result)); return; }
  $("library-results").replaceChildren(...entries.map((entry) => {
    const option = el("li", {role: "option", tabindex: "0", "aria-selected": "false", "data-id": entry.id},
      `${label(entry.name)}${entry.cr !== undefined && entry.cr !== null ? ` (CR ${entry.cr})` : ""}`);
    const choose = () => {
      chosen = entry;
      for (const other of $("library-results").children) other.setAttribute("aria-selected", String(other === option));
      $("add-to-fight").disabled = false;
    };
    option.addEventListener("click", choose);
    option.addEventListener("keydown", (event) => { if (event.key === "Enter" || event.key === " ") { event.preventDefault(); choose(); } });
    return option;
  }));
  if (entries.length === 1) $("library-results").firstChild.click();
});

function freshIds(base, count) {
  // gob1..gob4: the first free numbers after the ids already taken.
  const taken = new Set(Object.keys((live || {}).combatants || {}));
  const ids = [];
  for (let n = 1; ids.length < count; n++) if (!taken.has(`${base}${n}`)) ids.push(`${base}${n}`);
  return ids;
}
function slug(text, length = 8) {
  return text.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase().replace(/[^a-z0-9]+/g, "").slice(0, length) || "c";
}
function freeSquares(count, side) {
  // New tokens go on free squares along a row: the party on the left, the others on the right.
  const used = new Set(Object.values((live || {}).combatants || {}).filter((c) => c.position).map((c) => c.position.join()));
  const squares = [];
  const column = side === "party" ? 1 : 6;
  for (let y = 1; squares.length < count; y++) {
    for (let x = column; x < column + 4 && squares.length < count; x++) if (!used.has(`${x},${y}`)) squares.push([x, y]);
  }
  return squares;
}

$("library-form").addEventListener("submit", async (event) => {
  event.preventDefault();
  if (!chosen) return;
  const count = Math.max(1, Math.min(20, Number($("count").value) || 1));
  const base = chosen.id.startsWith("goblin") ? "gob" : slug(chosen.id.split("-")[0]).slice(0, 5);
  const ids = freshIds(base, count);
  const side = $("library-side").value.trim() || "monsters";
  const squares = freeSquares(count, side);
  const group = count > 1 ? `${base}-${ids[0]}` : undefined;
  const commands = ids.map((id, index) => ({do: "add", id, side, kind: "monster", template: chosen.id, at: squares[index],
                                            ...(group ? {group} : {})}));
  // One batch, one write: the players' view never sees them before they are hidden.
  if ($("library-hidden").checked) commands.push(...ids.map((id) => ({do: "hidden", id, hidden: true})));
  if (await post(commands)) $("add-dialog").close();
});

$("custom-form").addEventListener("submit", async (event) => {
  event.preventDefault();
  const name = $("custom-name").value.trim();
  const hp = Number($("custom-hp").value), ac = Number($("custom-ac").value);
  const pc = $("custom-pc").checked;
  const attacks = [];
  const attack = $("custom-attack").value.trim();
  if (attack) {
    attacks.push({id: slug(attack, 40), name: attack, kind: "melee", to_hit: Number($("custom-to-hit").value) || 0, reach: 1.5,
                  damage: [{roll: $("custom-damage").value.trim() || "1d6", type: "slashing"}]});
  }
  const abilities = {str: 10, dex: 10, con: 10, int: 10, wis: 10, cha: 10};
  const initiative = Number($("custom-init").value) || 0;
  // Pathfinder's stat block (abilities 10, BAB 0, base saves 0; the AC above 10 is natural armour, so touch AC
  // is 10 and flat-footed AC the AC), as the shell's `ajout chef pv=30 ca=14` builds it; else the 5e one.
  const statsBlock = (live || {}).ruleset === "pf1"
    ? {max_hp: hp, speed: 9, bab: 0, abilities, initiative_bonus: initiative, saves: {fort: 0, ref: 0, will: 0},
       ac: ac >= 10 ? {natural: ac - 10} : {misc: ac - 10},
       attacks: attacks.map(({id, name, kind, to_hit, damage}) => ({id, name, kind, to_hit, damage}))}
    : {ac, hp, max_hp: hp, speed: 9, initiative_bonus: initiative, abilities, proficiency_bonus: 2, attacks};
  const side = pc ? "party" : "monsters";
  const [id] = freshIds(slug(name), 1).map((candidate) => candidate.replace(/1$/, "")).filter((candidate) =>
    !((live || {}).combatants || {})[candidate]).concat(freshIds(slug(name), 1));
  const command = {do: "add", id, name, side, kind: pc ? "pc" : "monster", stats: statsBlock, at: freeSquares(1, side)[0]};
  if (await post(command)) {
    $("add-dialog").close();
    $("custom-form").reset();
  }
});

let hpFor = null;  // {kind: damage|heal|temp_hp, id}
function openHp(kind, cid) {
  hpFor = {kind, id: cid};
  $("hp-title").textContent = `${{damage: W.damage, heal: W.heal, temp_hp: W.temp_hp}[kind]} — ${nameOf(cid)} (${cid})`;
  $("hp-type-label").hidden = kind !== "damage";
  $("hp-amount").value = "";
  $("hp-dialog").showModal();
}
$("pad").append(...["1", "2", "3", "4", "5", "6", "7", "8", "9", "0", "⌫"].map((key) => {
  const button = el("button", {type: "button", "aria-label": key === "⌫" ? W.erase : key}, key);
  button.addEventListener("click", () => {
    const field = $("hp-amount");
    field.value = key === "⌫" ? field.value.slice(0, -1) : field.value + key;
  });
  return button;
}));
$("hp-form").addEventListener("submit", async (event) => {
  event.preventDefault();
  const amount = $("hp-amount").value.trim();
  if (!hpFor || !amount) return;
  const rolled = /d/i.test(amount);
  const value = rolled ? {roll: amount} : {amount: Number(amount)};
  let command;
  if (hpFor.kind === "damage") command = withDice({do: "damage", target: hpFor.id, ...value, type: $("hp-type").value});
  else if (hpFor.kind === "heal") command = withDice({do: "heal", target: hpFor.id, ...value});
  else command = {do: "temp_hp", target: hpFor.id, amount: Number(amount)};
  if (await post(command)) $("hp-dialog").close();
});

let condFor = null;
function openConditions(cid) {
  condFor = cid;
  const c = live.combatants[cid];
  $("cond-title").textContent = `${W.conditions} — ${c.name} (${cid})`;
  $("cond-current").replaceChildren(...c.conditions.map((condition) => {
    const name = NAMES.conditions[condition] || condition;
    return rowButton(`${name} ✕`, fill(W.remove, {what: name}), async () => {
      if (await post({do: "condition", target: cid, remove: condition})) openConditions(cid);
    });
  }));
  if (!$("cond-dialog").open) $("cond-dialog").showModal();
}
$("cond-form").addEventListener("submit", async (event) => {
  event.preventDefault();
  const until = document.querySelector("input[name=until]:checked").value;
  const command = {do: "condition", target: condFor, add: $("cond-id").value};
  if (until === "end_of_turn") Object.assign(command, {until: "end_of_turn", of: condFor});
  if (until === "rounds") command.until = {rounds: Math.max(1, Number($("cond-rounds").value) || 1)};
  if (until === "save") Object.assign(command, {until: "save", save: {ability: $("cond-ability").value, dc: Number($("cond-dc").value) || 10}});
  if (await post(command)) $("cond-dialog").close();
});

// ------------------------------------------------------------------ the page's other controls
$("new-encounter").addEventListener("submit", async (event) => {
  event.preventDefault();
  const command = {do: "create", ruleset: $("new-ruleset").value, lang: $("new-lang").value};
  const name = $("new-name").value.trim();
  if (name) command.name = name;
  await post(command);
});
$("roll-all").addEventListener("click", () => {
  // One roll per group (the engine rolls a group once), one per creature otherwise; typed ones stay.
  const commands = [];
  const rolled = new Set();
  for (const cid of live.view.order_all) {
    const c = live.combatants[cid];
    if (c.initiative !== null) continue;
    const group = groups[cid];
    if (group) { if (rolled.has(group)) continue; rolled.add(group); }
    commands.push({do: "initiative", id: cid});
  }
  if (commands.length) post(commands);
});
$("start").addEventListener("click", async () => {
  // Tied initiatives the ruleset leaves to the DM stop `start`: the page asks for their ranking instead of
  // showing the refusal, then sends `order` for each tie and `start`, in one batch.
  if (await post({do: "start"})) return;
  const ties = tiedUnits(live);
  if (ties.length) openTies(ties);
});

function tiedUnits(doc) {
  // [[unit, ...], ...]: the creatures of one initiative count, a group counting once (it acts together).
  const byCount = new Map();
  for (const cid of doc.view.order_all) {
    const c = doc.combatants[cid];
    if (c.initiative === null || c.initiative === undefined) continue;
    const units = byCount.get(c.initiative) || new Map();
    const key = groups[cid] || cid;
    units.set(key, [...(units.get(key) || []), cid]);
    byCount.set(c.initiative, units);
  }
  return [...byCount.entries()].filter(([, units]) => units.size > 1).sort(([a], [b]) => b - a)
    .map(([count, units]) => ({count, units: [...units.values()]}));
}

let ranking = [];  // [{count, units: [[id, ...], ...]}] as the DM orders them in the dialog
function openTies(ties) {
  ranking = ties;
  $("feedback").textContent = "";
  $("feedback").className = "feedback";
  drawTies();
  if (!$("ties-dialog").open) $("ties-dialog").showModal();
}
function drawTies() {
  $("ties-groups").replaceChildren(...ranking.map((tie, at) => el("section", {class: "tie"},
    el("h3", {}, fill(W.ties_at, {value: tie.count})),
    el("ol", {class: "tie-list"}, tie.units.map((unit, index) => {
      const name = unit.map((cid) => nameOf(cid) === cid ? cid : `${nameOf(cid)} (${cid})`).join(", ");
      const swap = (other) => {
        const units = [...tie.units];
        [units[index], units[other]] = [units[other], units[index]];
        ranking[at] = {...tie, units};
        drawTies();
        $("ties-groups").querySelector(`[data-unit="${unit[0]}"] [data-dir="${other < index ? "up" : "down"}"]`)?.focus();
      };
      return el("li", {"data-unit": unit[0]}, el("span", {class: "tie-name"}, name),
        rowButton("▲", fill(W.move_up, {name}), () => swap(index - 1), {"data-dir": "up", disabled: index === 0}),
        rowButton("▼", fill(W.move_down, {name}), () => swap(index + 1), {"data-dir": "down", disabled: index === tie.units.length - 1}));
    })))));
}
$("ties-confirm").addEventListener("click", async () => {
  const commands = ranking.map((tie) => ({do: "order", ids: tie.units.map((unit) => unit[0])}));
  if (await post([...commands, {do: "start"}])) $("ties-dialog").close();
});
$("typed-dice").addEventListener("change", () => { $("dice-field").hidden = !$("typed-dice").checked; });

document.getElementById("command-form").addEventListener("submit", async (event) => {
  event.preventDefault();
  const input = $("command");
  const text = input.value.trim();
  if (!text) return;
  const ok = text.startsWith("[")
    ? await send(text, api(`/commands?lang=${LANG}`))
    : await send(JSON.stringify({line: text}), api(`/line?lang=${LANG}`));
  if (ok) {
    history.push(text);
    recalled = history.length;
    input.value = "";
  }
});

// Up and Down recall the lines sent from this page, as in the shell.
const history = [];
let recalled = 0;
$("command").addEventListener("keydown", (event) => {
  if (event.key !== "ArrowUp" && event.key !== "ArrowDown") return;
  event.preventDefault();
  recalled = Math.max(0, Math.min(history.length, recalled + (event.key === "ArrowUp" ? -1 : 1)));
  event.target.value = history[recalled] || "";
});

for (const id of ["next-turn", "undo", "redo", "end-fight"]) {
  const button = $(id);
  button.addEventListener("click", () => send(button.dataset.line, api(`/commands?lang=${LANG}`)));
}

// Keyboard shortcuts (listed in the help overlay): not while typing in a field.
$("help-button").addEventListener("click", () => $("help-dialog").showModal());
document.addEventListener("keydown", (event) => {
  const typing = ["INPUT", "SELECT", "TEXTAREA"].includes(event.target.tagName) || document.querySelector("dialog[open]");
  const ctrl = event.ctrlKey || event.metaKey;
  if (typing || event.altKey) return;  // a field keeps its own keys (Ctrl+Z in a field undoes the typing)
  const key = event.key.toLowerCase();
  const click = (id) => { event.preventDefault(); if (!$(id).disabled) $(id).click(); };
  if (key === "n" && !ctrl) click("next-turn");
  else if (key === "z") click("undo");
  else if (key === "y") click("redo");
  else if (key === "/" && !ctrl) { event.preventDefault(); $("command").focus(); }
  else if (key === "?" && !ctrl) { event.preventDefault(); $("help-dialog").showModal(); }
});

function writable(yes) {
  // Looking at the past is read-only: the command line and the buttons wait for "Live".
  for (const control of document.querySelectorAll("#command, #send, .toolbar button, #status button, #status input")) control.disabled = !yes;
}

const slider = $("time");
slider.addEventListener("input", async () => {
  const seq = Number(slider.value);
  $("time-value").textContent = seq;
  const liveButton = $("live");
  const banner = $("banner");
  if (live && seq >= live.seq) {
    viewingAt = null; banner.hidden = true; liveButton.disabled = true;
    document.body.classList.remove("past");
    render(live);
    writable(true);
    return;
  }
  viewingAt = seq;
  const response = await fetch(api(`/dm?lang=${LANG}&at=${seq}`));
  if (!response.ok || viewingAt !== seq) return;
  render(await response.json());
  writable(false);
  banner.hidden = false;
  banner.textContent = fill(W.viewing_at, {seq});
  liveButton.disabled = false;
  document.body.classList.add("past");
});

$("live").addEventListener("click", () => {
  viewingAt = null;
  $("banner").hidden = true;
  $("live").disabled = true;
  document.body.classList.remove("past");
  render(live);
  writable(true);
});

renderLog(INITIAL.lines || []);
// An empty log has no stream yet: it starts with the encounter's first command.
let stream = live ? follow(api(`/stream?lang=${LANG}`), () => refresh(), null) : null;
render(live);
if (live) loadStats().then(() => render(live));
