// The DM's page: status table, command line, buttons, running log, time slider. Talks to the JSON API only.
"use strict";
const ENC = encodeURIComponent(INITIAL.enc);
const LANG = INITIAL.lang;
const api = (path) => `/api/encounters/${ENC}${path}`;
let live = INITIAL.doc;      // the latest state, with the page's extras
let viewingAt = null;        // a seq while the time slider looks at the past
const LOG_SHOWN = INITIAL.log_shown;  // the running log's last lines (the server reads only those)

function render(doc) {
  const body = document.querySelector("#status tbody");
  body.replaceChildren();
  // The shell's status table, in the shell's words (the server words them from the catalogs).
  document.getElementById("title").textContent = doc ? doc.view.title : W.dm_title;
  if (!doc) return;
  const windowLine = document.getElementById("window");
  if (doc.window) {
    windowLine.hidden = false;
    windowLine.textContent = doc.view.window || fill(W.window, {trigger: doc.window.trigger, who: doc.window.reactors.join(", ")});
  } else windowLine.hidden = true;
  const reactors = doc.window ? doc.window.reactors : [];
  for (const cid of doc.view.order_all) {
    const c = doc.combatants[cid];
    const current = cid === doc.turn;
    const hp = hpBar(c.hp, c.max_hp, c.status);
    if (c.temp_hp) hp.append(el("span", {class: "thp"}, ` +${c.temp_hp} ${W.col_thp}`));
    body.append(el("tr", {class: [current ? "current" : "", c.status === "dead" ? "dead" : "", c.kind].join(" "), "data-id": cid},
      el("td", {class: "marker"}, current ? "▶" : reactors.includes(cid) ? "?" : ""),
      el("td", {class: "num"}, c.initiative === null ? "" : c.initiative),
      el("td", {class: "id"}, cid),
      el("td", {class: "name"}, c.name),
      el("td", {class: "hpcell"}, hp),
      el("td", {class: "num ac"}, c.ac),
      el("td", {class: "conditions"}, doc.view.conditions[cid] || ""),
      el("td", {class: "left"}, doc.view.left[cid] || "")));
  }
  function writable(yes) {
  // Looking at the past is read-only: the command line and the buttons wait for "Live".
  for (const control of document.querySelectorAll("#command, #send, .buttons button")) control.disabled = !yes;
}

const slider = document.getElementById("time");
  if (viewingAt === null) {
    slider.max = Math.max(0, live ? live.seq : 0);
    slider.value = slider.max;
    document.getElementById("time-value").textContent = slider.value;
  }
}

async function refreshLog() {
  const response = await fetch(api(`/log?lang=${LANG}&last=${LOG_SHOWN}`));
  if (!response.ok) return;
  const lines = (await response.json()).lines;
  renderLog(lines);
}

function renderLog(lines) {
  const list = document.getElementById("log");
  list.replaceChildren(...lines.slice(-LOG_SHOWN).reverse().map((line) =>
    el("li", {class: line.undone ? "undone" : "", "data-seq": line.seq},
      el("span", {class: "seq"}, line.seq), " ",
      el("span", {class: "place"}, line.turn ? `r${line.round} ${line.turn}` : "—"), " ",
      el("span", {class: "text"}, line.text),
      line.undone ? el("span", {class: "mark"}, ` ${W.undone}`) : null)));
}

async function refresh() {
  const response = await fetch(api(`/dm?lang=${LANG}`));
  if (response.ok) {
    live = await response.json();
    if (!stream) stream = follow(api(`/stream?lang=${LANG}`), () => refresh(), null);
    if (viewingAt === null) render(live);
    else document.getElementById("time").max = live.seq;
  }
  await refreshLog();
}

async function send(body, url) {
  const feedback = document.getElementById("feedback");
  const response = await fetch(url, {method: "POST", headers: {"Content-Type": "application/json"}, body});
  let answer = {};
  try { answer = await response.json(); } catch (error) { answer = {error: response.statusText}; }
  feedback.className = "feedback " + (response.ok ? "ok" : "error");
  feedback.textContent = response.ok ? fill(W.ok_seq, {seq: answer.seq}) : answer.error;
  if (response.ok) await refresh();
  return response.ok;
}

document.getElementById("command-form").addEventListener("submit", async (event) => {
  event.preventDefault();
  const input = document.getElementById("command");
  const text = input.value.trim();
  if (!text) return;
  const ok = text.startsWith("[")
    ? await send(text, api("/commands"))
    : await send(JSON.stringify({line: text}), api("/line"));
  if (ok) {
    history.push(text);
    recalled = history.length;
    input.value = "";
  }
});

// Up and Down recall the lines sent from this page, as in the shell.
const history = [];
let recalled = 0;
document.getElementById("command").addEventListener("keydown", (event) => {
  if (event.key !== "ArrowUp" && event.key !== "ArrowDown") return;
  event.preventDefault();
  recalled = Math.max(0, Math.min(history.length, recalled + (event.key === "ArrowUp" ? -1 : 1)));
  event.target.value = history[recalled] || "";
});

for (const button of document.querySelectorAll(".buttons button")) {
  button.addEventListener("click", () => send(button.dataset.line, api("/commands")));
}

function writable(yes) {
  // Looking at the past is read-only: the command line and the buttons wait for "Live".
  for (const control of document.querySelectorAll("#command, #send, .buttons button")) control.disabled = !yes;
}

const slider = document.getElementById("time");
slider.addEventListener("input", async () => {
  const seq = Number(slider.value);
  document.getElementById("time-value").textContent = seq;
  const liveButton = document.getElementById("live");
  const banner = document.getElementById("banner");
  if (live && seq >= live.seq) {
    viewingAt = null; banner.hidden = true; liveButton.disabled = true;
    document.body.classList.remove("past");
    writable(true);
    render(live);
    return;
  }
  viewingAt = seq;
  writable(false);
  const response = await fetch(api(`/dm?lang=${LANG}&at=${seq}`));
  if (!response.ok || viewingAt !== seq) return;
  render(await response.json());
  banner.hidden = false;
  banner.textContent = fill(W.viewing_at, {seq});
  liveButton.disabled = false;
  document.body.classList.add("past");
});

document.getElementById("live").addEventListener("click", () => {
  viewingAt = null;
  document.getElementById("banner").hidden = true;
  document.getElementById("live").disabled = true;
  document.body.classList.remove("past");
  writable(true);
  render(live);
});

render(live);
renderLog(INITIAL.lines || []);
// An empty log has no stream yet: it starts with the encounter's first command.
let stream = live ? follow(api(`/stream?lang=${LANG}`), () => refresh(), null) : null;
