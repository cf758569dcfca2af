// Shared by both pages: tiny DOM helpers (text only, never HTML built from data) and the words of the page.
"use strict";
const INITIAL = JSON.parse(document.getElementById("initial").textContent);
const W = INITIAL.words;

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") node.className = value;
    else if (key === "style") node.style.cssText = value;
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined) continue;
    node.append(child instanceof Node ? child : String(child));
  }
  return node;
}

function fill(template, values) {
  return template.replace(/\{(\w+)\}/g, (whole, key) => (key in values ? values[key] : whole));
}

function hpBar(hp, maxHp, status) {
  const ratio = maxHp > 0 ? Math.max(0, Math.min(1, hp / maxHp)) : 0;
  const tone = status === "dead" ? "dead" : ratio > 0.5 ? "good" : ratio > 0.25 ? "hurt" : "bad";
  return el("div", {class: "hp"},
    el("div", {class: "bar"}, el("div", {class: "fill " + tone, style: `width:${Math.round(ratio * 100)}%`})),
    el("span", {class: "hp-text"}, `${hp}/${maxHp}`));
}

function title(doc) {
  // Phase, round and whose turn, worded by the server from the catalogs (French elision: "tour d'Aria").
  return doc ? doc.heading || "" : "";
}

function follow(url, onState, onTrouble) {
  // EventSource reconnects by itself; the server's `retry:` keeps the gap under a second.
  const source = new EventSource(url);
  source.addEventListener("state", (message) => onState(JSON.parse(message.data)));
  source.onerror = () => onTrouble && onTrouble(true);
  source.onopen = () => onTrouble && onTrouble(false);
  return source;
}
