// The players' view: read-only, live over Server-Sent Events. It only ever receives what players may see.
"use strict";
const ENC = encodeURIComponent(INITIAL.enc);

function render(doc) {
  document.getElementById("title").textContent = doc.name || W.table_title;
  document.getElementById("round").textContent = title(doc);
  const body = document.querySelector("#order tbody");
  body.replaceChildren(...doc.combatants.map((c) => {
    let health;
    if (c.kind === "pc") {
      health = hpBar(c.hp, c.max_hp, c.status);
      if (c.temp_hp) health.append(el("span", {class: "thp"}, ` +${c.temp_hp}`));
    } else {
      health = el("span", {class: `health ${c.health}`}, c.health_word);
    }
    const shown = c.conditions_text;  // the shell's words: status, death saves, conditions with time left
    return el("tr", {class: [c.current ? "current" : "", c.kind, c.health].join(" "), "data-id": c.id},
      el("td", {class: "num"}, c.initiative === null ? "" : c.initiative),
      el("td", {class: "name"}, c.current ? "▶ " : "", c.name),
      el("td", {class: "health-cell"}, health),
      el("td", {class: "conditions"}, shown));
  }));
  drawMap(doc.combatants);
  document.getElementById("lines").replaceChildren(...doc.log.slice().reverse().map((text) => el("li", {}, text)));
  document.body.dataset.seq = doc.seq;
  document.getElementById("fingerprint").textContent = doc.fingerprint_text || "";  // the head, to note
}

function drawMap(combatants) {
  // The tokens at their squares (no reach, no terrain: the DM's business), 40 units a square.
  const ns = "http://www.w3.org/2000/svg";
  const make = (tag, attrs, text) => {
    const node = document.createElementNS(ns, tag);
    for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
    if (text !== undefined) node.textContent = text;
    return node;
  };
  const map = document.getElementById("map");
  const placed = combatants.filter((c) => c.position);
  let width = 12, height = 8;
  for (const c of placed) { width = Math.max(width, c.position[0] + 3); height = Math.max(height, c.position[1] + 3); }
  map.setAttribute("viewBox", `0 0 ${width * 40} ${height * 40}`);
  map.replaceChildren();
  for (let x = 0; x <= width; x++) map.append(make("line", {x1: x * 40, y1: 0, x2: x * 40, y2: height * 40, class: "grid"}));
  for (let y = 0; y <= height; y++) map.append(make("line", {x1: 0, y1: y * 40, x2: width * 40, y2: y * 40, class: "grid"}));
  for (const c of placed) {
    const group = make("g", {class: `token ${c.kind} ${c.health} ${c.current ? "current" : ""}`, "data-id": c.id,
                             transform: `translate(${c.position[0] * 40},${c.position[1] * 40})`});
    group.append(make("circle", {cx: 20, cy: 20, r: 17}), make("text", {x: 20, y: 25, "text-anchor": "middle"}, c.id.slice(0, 4)));
    group.append(make("title", {}, c.name));
    map.append(group);
  }
}

render(INITIAL.doc);
follow(`/e/${ENC}/table/stream?lang=${INITIAL.lang}`, render,
  (trouble) => { document.getElementById("connection").hidden = !trouble; });
