/* atout: the deal of the day (/daily/GAME): your run through the day's deals and the day's
   standings. Plain script, no build step, after page.js (the shared $, el, L, api ...); the
   API is /api/daily (docs/protocol.md). Nothing of the day's deals is asked for before you
   press the button that starts your run. */
"use strict";

const D = { game: "jass" };
/* document.body.dataset.moves counts the moves answered (tests wait on it) */

function gameFromPath() {
  const part = pathPart("jass");
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
  box.appendChild(scroller(el("table", { class: "data", id: "table" },
    el("caption", { text: L("d_caption", { game: gameTitle(s.game), day: s.day }) }),
    el("thead", {}, head), body, foot)));
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
  if (!ME.token || !ME.player) {
    $("mine").textContent = L("d_signin");
    return;
  }
  if (ME.player.kind === "guest") {
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
