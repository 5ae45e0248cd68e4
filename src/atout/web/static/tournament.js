/* atout: a duplicate tournament's results (/tournaments/N): overall standings and every
   board, each entrant's points beside the datum (the mean of that seat's points over the
   tables). Plain script, no build step; the API is /api/tournaments (docs/protocol.md). */
"use strict";

function $(id) { return document.getElementById(id); }
function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === "text") node.textContent = v; else node.setAttribute(k, v);
  }
  for (const c of children) if (c) node.appendChild(typeof c === "string" ? document.createTextNode(c) : c);
  return node;
}
function num(x) { return String(Math.round(Number(x) * 100) / 100); }
function signed(x) { return (Number(x) > 0 ? "+" : "") + num(x); }

function table(caption, columns, rows, firstIsHeader) {
  const head = el("tr");
  for (const [label, isNum] of columns) head.appendChild(el("th", { scope: "col", class: isNum ? "num" : "", text: label }));
  const body = el("tbody");
  for (const cells of rows) {
    const row = el("tr");
    cells.forEach((c, i) => {
      const tag = i === firstIsHeader ? "th" : "td";
      const attrs = { class: columns[i][1] ? "num" : "", text: String(c) };
      if (tag === "th") attrs.scope = "row";
      row.appendChild(el(tag, attrs));
    });
    body.appendChild(row);
  }
  return el("table", { class: "data" }, el("caption", { text: caption }), el("thead", {}, head), body);
}

const T = { token: localStorage.getItem("atout.token"), id: "", polling: null };

async function api(path, body) {
  const headers = { "content-type": "application/json" };
  if (T.token) headers.authorization = `Bearer ${T.token}`;
  const answer = await fetch(path, body === undefined ? { headers }
    : { method: "POST", headers, body: JSON.stringify(body) });
  let data = {};
  try { data = await answer.json(); } catch (e) { data = { message: `HTTP ${answer.status}` }; }
  return { ok: answer.ok, data };
}

/* an entrant's board: their own seat's view and legal actions; polled while others move */
function showYours(state) {
  const you = state.you;
  if (!you) { $("yours").hidden = true; return; }
  $("yours").hidden = false;
  const box = $("actions");
  box.replaceChildren();
  if (!you.view) {
    $("where").textContent = `Table ${you.table}, place ${you.place}: your table has played every board.`;
    return;
  }
  const v = you.view;
  const onTable = v.table.map(([s, c]) => `seat ${s + 1}: ${c}`).join(", ");
  $("where").textContent = `Table ${you.table}, board ${you.board} of ${state.deals}; you are seat ${v.seat + 1}.` +
    (onTable ? ` On the table: ${onTable}.` : "") + (v.to_move === v.seat ? " Your turn." : " Waiting for the others.");
  box.appendChild(el("p", { text: `Your hand: ${v.hand.join(" ")}` }));
  if (v.to_move !== v.seat) return;
  for (const a of v.legal) {
    const b = el("button", { type: "button", text: a });
    b.addEventListener("click", () => play(a));
    box.appendChild(b);
  }
}

async function refresh() {
  const { ok, data } = await api(`/api/tournaments/${encodeURIComponent(T.id)}`);
  if (ok) showYours(data);
  return ok ? data : null;
}

async function play(action) {
  const { ok, data } = await api(`/api/tournaments/${encodeURIComponent(T.id)}/play`, { action });
  $("status").textContent = ok ? "" : data.message;
  if (ok) { showYours(data); await results(); $("actions").querySelector("button")?.focus(); }
}

async function create(event) {
  event.preventDefault();
  const tables = Number($("t-tables").value);
  const lines = $("t-entrants").value.split("\n").filter((l) => l.trim());
  const body = { game: $("t-game").value, deals: Number($("t-deals").value), tables };
  if (lines.length) {
    body.entrants = lines.map((l) => l.split(",").map((n) => n.trim() || null));
  }
  const { ok, data } = await api("/api/tournaments", body);
  if (!ok) { $("status").textContent = data.message; return; }
  location.href = `/tournaments/${data.id}`;
}

async function main() {
  let id = "";
  try { id = decodeURIComponent(location.pathname.split("/")[2] || ""); } catch (e) { id = ""; }
  T.id = id;
  if (!id) {
    $("host").hidden = false;
    $("make").addEventListener("submit", create);
    if (!T.token) $("status").textContent = "Sign in with an account (on the tables page) to host a tournament.";
    return;
  }
  const state = await refresh();
  if (state && state.you && !state.over) {
    T.polling = setInterval(async () => {
      if ($("actions").querySelector("button")) return;  /* your turn: wait for you */
      const now = await refresh();
      await results();
      if (!now || now.over) clearInterval(T.polling);
    }, 2000);
  }
  await results();
}

async function results() {
  const id = T.id;
  const answer = await fetch(`/api/tournaments/${encodeURIComponent(id)}/results`);
  const data = await answer.json();
  if (!answer.ok) { $("status").textContent = data.message; return; }
  $("title").textContent = `Duplicate tournament ${data.id}: ${data.game}`;
  $("about").textContent = `${data.tables} tables, ${data.deals} deals; seats rotated by ${data.rotation}. ` +
    (data.over ? "Every table has played every deal." : "Tables are still playing: the results grow as boards end.");
  const link = $("csv");
  link.href = `/api/tournaments/${data.id}/results.csv`;
  link.hidden = false;
  $("overall").replaceChildren(table("Overall: the sum of the differences from the datum",
    [["Rank", true], ["Entrant", false], ["Table", true], ["Points", true], ["Difference", true], ["Boards", true]],
    data.standings.map((s) => [s.rank, s.name, s.table + 1, num(s.points), signed(s.difference), s.boards]), 1));
  const boards = $("boards");
  boards.replaceChildren();
  const numbers = [...new Set(data.boards.map((b) => b.board))];
  for (const n of numbers) {
    const lines = data.boards.filter((b) => b.board === n);
    boards.appendChild(table(`Board ${n + 1}`,
      [["Entrant", false], ["Table", true], ["Seat", true], ["Points", true], ["Datum", true], ["Difference", true]],
      lines.map((b) => [b.name, b.table + 1, b.seat + 1, num(b.points), num(b.datum), signed(b.difference)]), 0));
  }
  if (!numbers.length) boards.appendChild(el("p", { text: "No board has been played yet." }));
}

main();
