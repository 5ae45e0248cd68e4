/* atout: the profile page (/players/NAME) and the leaderboards (/leaderboard/GAME).
   Plain script, no build step, no library: the rating chart is drawn as SVG, with a title,
   a description in words and the same numbers as a table (docs/web.md). */
"use strict";

const GAMES = ["jass", "putze", "tarot", "pitch", "knock-rummy"];
const R = {
  lang: localStorage.getItem("atout.lang") || (navigator.language || "en").slice(0, 2),
  token: localStorage.getItem("atout.token"),
  player: JSON.parse(localStorage.getItem("atout.player") || "null"),
  labels: {},
};
const SVG = "http://www.w3.org/2000/svg";

function $(id) { return document.getElementById(id); }
function L(key, params) {
  let text = R.labels[key] || key;
  for (const [k, v] of Object.entries(params || {})) text = text.split(`{${k}}`).join(String(v));
  return text;
}
function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === "text") node.textContent = v; else node.setAttribute(k, v);
  }
  for (const c of children) if (c) node.appendChild(typeof c === "string" ? document.createTextNode(c) : c);
  return node;
}
function svg(tag, attrs, text) {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, String(v));
  if (text !== undefined) node.textContent = text;
  return node;
}
function num(x) { return Number(x).toLocaleString(R.lang, { minimumFractionDigits: 2, maximumFractionDigits: 2 }); }
function day(iso) { return new Date(iso).toLocaleDateString(R.lang, { year: "numeric", month: "long", day: "numeric" }); }
function pathPart(fallback) {
  try { return decodeURIComponent(location.pathname.split("/")[2] || fallback); }
  catch (e) { return fallback; }  /* a malformed address: as if none was given */
}
function status(text) { $("status").textContent = text || ""; }
function gameTitle(game) { return L(`title_${game}`); }
function poolTitle(b) {
  if (b.game === "jass") return gameTitle("jass");
  return L(b.partners ? "r_pool_partners" : "r_pool", { game: gameTitle(b.game), count: b.seats });
}

async function getJSON(path) {
  const headers = R.token ? { authorization: `Bearer ${R.token}` } : {};
  const answer = await fetch(path, { headers });
  const data = await answer.json();
  return { ok: answer.ok, data };
}

async function loadLabels() {
  if (!["en", "fr"].includes(R.lang)) R.lang = "en";
  const answer = await fetch(`/api/i18n/${R.lang}`);
  R.labels = await answer.json();
  document.documentElement.lang = R.lang;
  for (const node of document.querySelectorAll("[data-l]")) node.textContent = L(node.dataset.l);
}

function table(caption, heads, rows, numeric) {
  const t = el("table", { class: "data" }, el("caption", { text: caption }));
  const head = el("tr");
  heads.forEach((h, i) => head.appendChild(el("th", { scope: "col", class: numeric[i] ? "num" : "", text: h })));
  t.appendChild(el("thead", {}, head));
  const body = el("tbody");
  for (const row of rows) {
    const tr = el("tr");
    row.forEach((cell, i) => {
      const td = el(i === 0 ? "th" : "td", i === 0 ? { scope: "row" } : {});
      if (numeric[i]) td.setAttribute("class", "num");
      if (typeof cell === "string") td.textContent = cell; else td.appendChild(cell);
      tr.appendChild(td);
    });
    body.appendChild(tr);
  }
  t.appendChild(body);
  return t;
}

/* ---- the chart: the rating before the first game, then after each ---- */
function chart(id, title, history) {
  const values = [history[0].before, ...history.map((h) => h.rating)];
  const low = Math.min(...values), high = Math.max(...values);
  const pad = high - low < 1 ? 1 : (high - low) * 0.1;
  const lo = low - pad, hi = high + pad;
  const W = 640, H = 260, left = 56, right = 16, top = 16, bottom = 40;
  const x = (i) => left + (values.length === 1 ? 0 : i * (W - left - right) / (values.length - 1));
  const y = (v) => top + (hi - v) * (H - top - bottom) / (hi - lo);
  const root = svg("svg", { viewBox: `0 0 ${W} ${H}`, class: "chart", role: "img",
                            "aria-labelledby": `${id}-t ${id}-d`, focusable: "false" });
  root.appendChild(svg("title", { id: `${id}-t` }, title));
  root.appendChild(svg("desc", { id: `${id}-d` }, L("r_chartdesc", {
    first: num(values[0]), last: num(values[values.length - 1]), count: history.length,
    low: num(low), high: num(high) })));
  for (let k = 0; k <= 4; k += 1) {
    const v = lo + (hi - lo) * k / 4;
    root.appendChild(svg("line", { x1: left, x2: W - right, y1: y(v), y2: y(v), stroke: "#c8c8c8", "stroke-width": 1 }));
    root.appendChild(svg("text", { x: left - 6, y: y(v) + 4, "text-anchor": "end", "font-size": 12, fill: "#1a1a1a" }, num(v)));
  }
  root.appendChild(svg("line", { x1: left, x2: left, y1: top, y2: H - bottom, stroke: "#6b6b6b" }));
  root.appendChild(svg("line", { x1: left, x2: W - right, y1: H - bottom, y2: H - bottom, stroke: "#6b6b6b" }));
  root.appendChild(svg("text", { x: left, y: H - bottom + 18, "text-anchor": "middle", "font-size": 12, fill: "#1a1a1a" }, "0"));
  root.appendChild(svg("text", { x: x(values.length - 1), y: H - bottom + 18, "text-anchor": "middle", "font-size": 12, fill: "#1a1a1a" }, String(history.length)));
  root.appendChild(svg("text", { x: (left + W - right) / 2, y: H - 6, "text-anchor": "middle", "font-size": 12, fill: "#1a1a1a" }, L("r_games")));
  root.appendChild(svg("polyline", { points: values.map((v, i) => `${x(i)},${y(v)}`).join(" "),
                                     fill: "none", stroke: "#0b5394", "stroke-width": 2.5 }));
  values.forEach((v, i) => root.appendChild(svg("circle", { cx: x(i), cy: y(v), r: 3.5, fill: "#0b5394" })));
  return root;
}

/* ---- the profile ---- */
function gameCell(game) {
  if (game === null || game === undefined) return L("r_private");
  return L("r_number", { game });
}

function ratingSection(r, i) {
  const title = poolTitle(r);
  const id = `pool-${i}`;
  const section = el("section", { class: "pool", "aria-labelledby": `${id}-h` },
    el("h3", { id: `${id}-h`, text: title }),
    el("p", { text: L("r_summary", { rating: num(r.rating), games: r.games, wins: r.wins }) }),
    el("p", { class: "status", text: L("r_mu", { mu: num(r.mu), sigma: num(r.sigma) }) }));
  if (r.history.length) {
    section.appendChild(chart(`chart-${i}`, L("r_chart", { pool: title }), r.history));
    const rows = r.history.map((h) => [gameCell(h.game), day(h.at), num(h.rating),
      `${h.change >= 0 ? "+" : "−"}${num(Math.abs(h.change))}`,
      h.abandoned ? L("r_left") : L(h.won ? "r_won" : "r_lost")]);
    const details = el("details", {}, el("summary", { text: L("r_table") }),
      table(L("r_chart", { pool: title }), [L("r_after"), L("r_date"), L("r_rating"), L("r_change"), L("r_result")],
            rows, [false, false, true, true, false]));
    section.appendChild(details);
  }
  return section;
}

async function profile() {
  const name = pathPart("");
  $("title").textContent = L("r_profile", { name });
  document.title = `atout: ${L("r_profile", { name })}`;
  status(L("r_loading"));
  let answer;
  try { answer = await getJSON(`/api/players/${encodeURIComponent(name)}`); }
  catch (e) { status(L("r_failed", { message: String(e) })); return; }
  if (!answer.ok) { status(answer.data.error === "not_found" ? L("r_notfound", { name }) : answer.data.message); return; }
  const p = answer.data;
  status("");
  const content = $("content");
  content.textContent = "";
  content.appendChild(el("p", { text: L("r_record", { date: day(p.since), played: p.played, won: p.won }) }));
  content.appendChild(el("h2", { id: "h-ratings", text: L("r_ratings") }));
  if (!p.ratings.length) content.appendChild(el("p", { text: L("r_norating") }));
  p.ratings.forEach((r, i) => content.appendChild(ratingSection(r, i)));
  content.appendChild(el("h2", { id: "h-recent", text: L("r_recent") }));
  if (!p.recent.length) { content.appendChild(el("p", { text: L("r_nogames") })); return; }
  const rows = p.recent.map((g) => [String(g.game), gameTitle(g.name), day(g.updated),
    L(g.rated ? "r_yes" : "r_no"),
    g.status !== "finished" ? L("r_unfinished") : L(g.won ? "r_won" : "r_lost")]);
  content.appendChild(table(L("r_recent"), [L("tablenum"), L("game"), L("r_date"),
    L("r_ratedcol"), L("r_result")], rows, [false, false, false, false, false]));
}

/* ---- the leaderboards ---- */
function playerLink(name) { return el("a", { href: `/players/${encodeURIComponent(name)}`, text: name }); }

async function leaderboard() {
  let game = pathPart("jass");
  if (!GAMES.includes(game)) game = "jass";
  const pick = $("game");
  for (const g of GAMES) pick.appendChild(el("option", { value: g, text: gameTitle(g) }));
  pick.value = game;
  pick.addEventListener("change", () => { location.href = `/leaderboard/${pick.value}`; });
  $("find").addEventListener("submit", (e) => {
    e.preventDefault();
    const who = $("who").value.trim();
    if (who) location.href = `/players/${encodeURIComponent(who)}`;
  });
  if (R.player && R.player.kind === "account") {
    $("mine").href = `/players/${encodeURIComponent(R.player.name)}`;
    $("mine").hidden = false;
  }
  $("title").textContent = L("r_leaderboard", { game: gameTitle(game) });
  document.title = `atout: ${L("r_leaderboard", { game: gameTitle(game) })}`;
  status(L("r_loading"));
  let answer;
  try { answer = await getJSON(`/api/leaderboard/${game}`); }
  catch (e) { status(L("r_failed", { message: String(e) })); return; }
  if (!answer.ok) { status(answer.data.message); return; }
  status("");
  const content = $("content");
  content.textContent = "";
  if (!answer.data.boards.length) content.appendChild(el("p", { text: L("r_nobody") }));
  answer.data.boards.forEach((b, i) => {
    const title = poolTitle(b);
    const section = el("section", { class: "pool", "aria-labelledby": `board-${i}` },
      el("h2", { id: `board-${i}`, text: title }));
    if (b.players.length) {
      section.appendChild(table(title, [L("r_rank"), L("r_player"), L("r_rating"), L("r_games"), L("r_wins")],
        b.players.map((p) => [String(p.rank), playerLink(p.name), num(p.rating), String(p.games), String(p.wins)]),
        [true, false, true, true, true]));
    } else {
      section.appendChild(el("p", { text: L("r_nobody") }));
    }
    if (b.bots.length) {
      section.appendChild(table(`${L("r_bots")}: ${title}`, [L("r_player"), L("r_rating"), "mu", "sigma"],
        b.bots.map((x) => [L(`bot_${x.name}`), num(x.rating), num(x.mu), num(x.sigma)]),
        [false, true, true, true]));
    }
    content.appendChild(section);
  });
}

(async () => {
  await loadLabels();
  try {
    if (document.body.dataset.page === "profile") await profile(); else await leaderboard();
  } finally {
    document.body.dataset.ready = "1";  /* drawn (or said why not): the tests wait for it */
  }
})();
