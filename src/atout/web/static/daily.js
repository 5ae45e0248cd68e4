/* atout: the deal of the day (/daily/GAME): your run through the day's deals and the day's
   standings. Plain script, no build step; the API is /api/daily (docs/protocol.md). Nothing
   of the day's deals is asked for before you press the button that starts your run. */
"use strict";

const GAMES = ["jass", "putze", "tarot", "pitch", "knock-rummy"];
const D = {
  token: localStorage.getItem("atout.token"),
  player: JSON.parse(localStorage.getItem("atout.player") || "null"),
  game: "jass",
};
const WORDS = { lang: "en", labels: {} };
/* document.body.dataset.moves counts the moves answered (tests wait on it) */

function $(id) { return document.getElementById(id); }
function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === "text") node.textContent = v; else node.setAttribute(k, v);
  }
  for (const c of children) if (c) node.appendChild(typeof c === "string" ? document.createTextNode(c) : c);
  return node;
}
/* the page's words from the catalogue (GET /api/i18n/LANG), in the language the tables page
   chose; the HTML's [data-l] nodes put in words at once */
function L(key, params) {
  let text = WORDS.labels[key] || key;
  for (const [k, v] of Object.entries(params || {})) text = text.split(`{${k}}`).join(String(v));
  return text;
}
async function loadWords() {
  let lang = localStorage.getItem("atout.lang") || (navigator.language || "en").slice(0, 2);
  if (!["en", "fr"].includes(lang)) lang = "en";
  try {
    const answer = await fetch(`/api/i18n/${lang}`);
    if (answer.ok) WORDS.labels = await answer.json();
  } catch (e) { WORDS.labels = {}; }  /* no words: the page stays in English */
  if (!WORDS.labels.lang) return;
  WORDS.lang = lang;
  document.documentElement.lang = lang;
  for (const node of document.querySelectorAll("[data-l]")) node.textContent = L(node.dataset.l);
}
function gameTitle(game) { return WORDS.labels[`title_${game}`] || game; }
function status(text) { $("status").textContent = text || ""; }
function num(x) {  /* the decimal comma in French */
  if (x === null || x === undefined) return "–";
  const text = String(Math.round(Number(x) * 100) / 100);
  return WORDS.lang === "fr" ? text.replace(".", ",") : text;
}

async function api(path, body) {
  const headers = { "content-type": "application/json" };
  if (D.token) headers.authorization = `Bearer ${D.token}`;
  const answer = await fetch(path, body === undefined ? { headers }
    : { method: "POST", headers, body: JSON.stringify(body) });
  let data = {};
  try { data = await answer.json(); } catch (e) { data = { message: `HTTP ${answer.status}` }; }
  return { ok: answer.ok, data };
}

function gameFromPath() {
  let part = "";
  try { part = decodeURIComponent(location.pathname.split("/")[2] || ""); } catch (e) { part = ""; }
  return GAMES.includes(part) ? part : "jass";
}

function standingsTable(s) {
  const box = $("standings");
  box.replaceChildren();
  if (!s.players.length) {
    box.appendChild(el("p", { text: L("d_nobody", { game: gameTitle(s.game), day: s.day }) }));
    return;
  }
  const head = el("tr", {}, el("th", { scope: "col", class: "num", text: L("d_rank") }),
    el("th", { scope: "col", text: L("d_player") }));
  for (let i = 0; i < s.deals; i++) head.appendChild(el("th", { scope: "col", class: "num", text: L("d_deal", { n: i + 1 }) }));
  head.appendChild(el("th", { scope: "col", class: "num", text: L("d_total") }));
  const body = el("tbody");
  for (const p of s.players) {
    const row = el("tr", {}, el("td", { class: "num", text: String(p.rank) }),
      el("th", { scope: "row", text: p.name }));
    for (const x of p.points) row.appendChild(el("td", { class: "num", text: num(x) }));
    row.appendChild(el("td", { class: "num", text: num(p.total) }));
    body.appendChild(row);
  }
  const foot = el("tfoot");
  for (const [label, values] of [[L("d_best"), s.best], [L("d_average"), s.average]]) {
    const row = el("tr", {}, el("td"), el("th", { scope: "row", text: label }));
    for (const x of values) row.appendChild(el("td", { class: "num", text: num(x) }));
    row.appendChild(el("td"));
    foot.appendChild(row);
  }
  box.appendChild(el("table", { class: "data", id: "table" },
    el("caption", { text: L("d_caption", { game: gameTitle(s.game), day: s.day }) }),
    el("thead", {}, head), body, foot));
}

function showRun(state) {
  const done = state.points || [];
  $("played").textContent = done.length
    ? L("d_sofar", { points: done.map(num).join(", "), total: num(state.total) }) : "";
  if (state.over) {
    $("board").hidden = true;
    $("start").hidden = true;
    $("mine").textContent = L("d_done", { game: gameTitle(D.game), total: num(state.total) });
    return;
  }
  if (!state.view) {
    $("board").hidden = true;
    $("start").hidden = false;
    $("start").textContent = L("d_start");
    $("mine").textContent = L("d_waiting", { deals: state.deals });
    return;
  }
  const v = state.view;
  $("start").hidden = true;
  $("board").hidden = false;
  $("mine").textContent = "";
  const onTable = v.table.map(([s, c]) => L("d_seatcard", { seat: s + 1, card: c })).join(", ");
  $("where").textContent = L("d_where", { deal: state.deal + 1, deals: state.deals, seat: v.seat + 1 }) +
    (onTable ? ` ${L("d_ontable", { cards: onTable })}` : "");
  const box = $("actions");
  box.replaceChildren();
  box.appendChild(el("p", { text: L("d_hand", { cards: v.hand.join(" ") }) }));
  for (const a of v.legal) {
    const b = el("button", { type: "button", class: "action", text: a });
    b.addEventListener("click", () => play(a));
    box.appendChild(b);
  }
}

async function play(action) {
  const { ok, data } = await api(`/api/daily/${D.game}/play`, { action });
  if (!ok) { status(data.message); return; }
  status("");
  showRun(data);
  if (data.over) await loadStandings();
  else $("actions").querySelector("button")?.focus();
  document.body.dataset.moves = String(Number(document.body.dataset.moves || 0) + 1);
}

async function start() {
  const { ok, data } = await api(`/api/daily/${D.game}/start`, {});
  if (!ok) { status(data.message); return; }
  status(data.continued ? L("d_continued") : "");
  showRun(data);
  $("actions").querySelector("button")?.focus();
}

async function loadStandings() {
  const { ok, data } = await api(`/api/daily/${D.game}/standings`);
  if (!ok) { status(data.message); return; }
  standingsTable(data);
}

async function loadMine() {
  if (!D.token || !D.player) {
    $("mine").textContent = L("d_signin");
    return;
  }
  if (D.player.kind === "guest") {
    $("mine").textContent = L("d_guest");
    return;
  }
  const { ok, data } = await api(`/api/daily/${D.game}`);
  if (!ok) { status(data.message); return; }
  showRun(data);
}

async function main() {
  await loadWords();
  D.game = gameFromPath();
  const select = $("game");
  for (const g of GAMES) select.appendChild(el("option", { value: g, text: gameTitle(g) }));
  select.value = D.game;
  select.addEventListener("change", () => { location.href = `/daily/${select.value}`; });
  $("start").addEventListener("click", start);
  $("title").textContent = L("d_title_game", { game: gameTitle(D.game) });
  await Promise.all([loadMine(), loadStandings()]);
}

main();
