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
  document.getElementById("lines").replaceChildren(...doc.log.slice().reverse().map((text) => el("li", {}, text)));
  document.body.dataset.seq = doc.seq;
}

render(INITIAL.doc);
follow(`/e/${ENC}/table/stream?lang=${INITIAL.lang}`, render,
  (trouble) => { document.getElementById("connection").hidden = !trouble; });
