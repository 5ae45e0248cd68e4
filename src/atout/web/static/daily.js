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
function status(text) { $("status").textContent = text || ""; }
function num(x) { return x === null || x === undefined ? "–" : String(Math.round(Number(x) * 100) / 100); }

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
    box.appendChild(el("p", { text: `Nobody has finished the ${s.game} deals of ${s.day} yet.` }));
    return;
  }
  const head = el("tr", {}, el("th", { scope: "col", class: "num", text: "Rank" }),
    el("th", { scope: "col", text: "Player" }));
  for (let i = 0; i < s.deals; i++) head.appendChild(el("th", { scope: "col", class: "num", text: `Deal ${i + 1}` }));
  head.appendChild(el("th", { scope: "col", class: "num", text: "Total" }));
  const body = el("tbody");
  for (const p of s.players) {
    const row = el("tr", {}, el("td", { class: "num", text: String(p.rank) }),
      el("th", { scope: "row", text: p.name }));
    for (const x of p.points) row.appendChild(el("td", { class: "num", text: num(x) }));
    row.appendChild(el("td", { class: "num", text: num(p.total) }));
    body.appendChild(row);
  }
  const foot = el("tfoot");
  for (const [label, values] of [["Best", s.best], ["Average", s.average]]) {
    const row = el("tr", {}, el("td"), el("th", { scope: "row", text: label }));
    for (const x of values) row.appendChild(el("td", { class: "num", text: num(x) }));
    row.appendChild(el("td"));
    foot.appendChild(row);
  }
  box.appendChild(el("table", { class: "data", id: "table" },
    el("caption", { text: `${s.game}, ${s.day}: points deal by deal` }),
    el("thead", {}, head), body, foot));
}

function showRun(state) {
  const done = state.points || [];
  $("played").textContent = done.length
    ? `Your points so far: ${done.map(num).join(", ")} (total ${num(state.total)}).` : "";
  if (state.over) {
    $("board").hidden = true;
    $("start").hidden = true;
    $("mine").textContent = `You have played today's ${D.game} deals: ${num(state.total)} points.`;
    return;
  }
  if (!state.view) {
    $("board").hidden = true;
    $("start").hidden = false;
    $("start").textContent = "Play today's deals";
    $("mine").textContent = `${state.deals} deals wait for you; you play them once.`;
    return;
  }
  const v = state.view;
  $("start").hidden = true;
  $("board").hidden = false;
  $("mine").textContent = "";
  const onTable = v.table.map(([s, c]) => `seat ${s + 1}: ${c}`).join(", ");
  $("where").textContent = `Deal ${state.deal + 1} of ${state.deals}. You are seat ${v.seat + 1}.` +
    (onTable ? ` On the table: ${onTable}.` : "");
  const box = $("actions");
  box.replaceChildren();
  box.appendChild(el("p", { text: `Your hand: ${v.hand.join(" ")}` }));
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
  status(data.continued ? "Your run continues where you left it." : "");
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
    $("mine").textContent = "Sign in with an account (on the tables page) to play the deal of the day.";
    return;
  }
  if (D.player.kind === "guest") {
    $("mine").textContent = "The deal of the day is played with an account: guests see the standings only.";
    return;
  }
  const { ok, data } = await api(`/api/daily/${D.game}`);
  if (!ok) { status(data.message); return; }
  showRun(data);
}

async function main() {
  D.game = gameFromPath();
  const select = $("game");
  for (const g of GAMES) select.appendChild(el("option", { value: g, text: g }));
  select.value = D.game;
  select.addEventListener("change", () => { location.href = `/daily/${select.value}`; });
  $("start").addEventListener("click", start);
  $("title").textContent = `Deal of the day: ${D.game}`;
  await Promise.all([loadMine(), loadStandings()]);
}

main();
