/* atout: the profile page (/players/NAME) and the leaderboards (/leaderboard/GAME).
   Plain script, no build step, no library: the rating chart is drawn as SVG, with a title,
   a description in words and the same numbers as a table (docs/web.md). After page.js (the
   shared $, el, L, api ...). */
"use strict";

const SVG = "http://www.w3.org/2000/svg";

function svg(tag, attrs, text) {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, String(v));
  if (text !== undefined) node.textContent = text;
  return node;
}
/* a rating (and mu, sigma) with two decimals, in the page's language */
function fixed(x) { return Number(x).toLocaleString(WORDS.lang, { minimumFractionDigits: 2, maximumFractionDigits: 2 }); }
/* a date in words; month "short" in the tables (Nov 28, 2026: narrow enough for a phone) */
function day(iso, month) { return new Date(iso).toLocaleDateString(WORDS.lang, { year: "numeric", month: month || "long", day: "numeric" }); }
function poolTitle(b) {
  if (b.game === "jass") return gameTitle("jass");
  return L(b.partners ? "r_pool_partners" : "r_pool", { game: gameTitle(b.game), count: b.seats });
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
    first: fixed(values[0]), last: fixed(values[values.length - 1]), count: history.length,
    low: fixed(low), high: fixed(high) })));
  for (let k = 0; k <= 4; k += 1) {
    const v = lo + (hi - lo) * k / 4;
    root.appendChild(svg("line", { x1: left, x2: W - right, y1: y(v), y2: y(v), stroke: "#c8c8c8", "stroke-width": 1 }));
    root.appendChild(svg("text", { x: left - 6, y: y(v) + 4, "text-anchor": "end", "font-size": 12, fill: "#1a1a1a" }, fixed(v)));
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
    el("p", { text: L("r_summary", { rating: fixed(r.rating), games: r.games, wins: r.wins }) }),
    el("p", { class: "status", text: L("r_mu", { mu: fixed(r.mu), sigma: fixed(r.sigma) }) }));
  if (r.history.length) {
    section.appendChild(chart(`chart-${i}`, L("r_chart", { pool: title }), r.history));
    const rows = r.history.map((h) => [gameCell(h.game), day(h.at, "short"), fixed(h.rating),
      `${h.change >= 0 ? "+" : "−"}${fixed(Math.abs(h.change))}`,
      h.abandoned ? L("r_left") : L(h.won ? "r_won" : "r_lost")]);
    const details = el("details", {}, el("summary", { text: L("r_table") }),
      dataTable(L("r_chart", { pool: title }), [L("r_after"), L("r_date"), L("r_rating"), L("r_change"), L("r_result")],
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
  try { answer = await api(`/api/players/${encodeURIComponent(name)}`); }
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
  /* a game's number links to its replay where the server says the reader may open it */
  const rows = p.recent.map((g) => [g.replay
    ? el("a", { href: g.replay, "aria-label": L("p_open", { game: g.game }), text: String(g.game) })
    : String(g.game), gameTitle(g.name), day(g.updated, "short"),
    L(g.rated ? "r_yes" : "r_no"),
    g.status !== "finished" ? L("r_unfinished") : L(g.won ? "r_won" : "r_lost")]);
  content.appendChild(dataTable({ by: "h-recent" }, [L("p_game"), L("p_name"), L("r_date"),
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
  if (ME.player && ME.player.kind === "account") {
    $("mine").href = `/players/${encodeURIComponent(ME.player.name)}`;
    $("mine").hidden = false;
  }
  $("title").textContent = L("r_leaderboard", { game: gameTitle(game) });
  document.title = `atout: ${L("r_leaderboard", { game: gameTitle(game) })}`;
  status(L("r_loading"));
  let answer;
  try { answer = await api(`/api/leaderboard/${game}`); }
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
      section.appendChild(dataTable({ by: `board-${i}` }, [L("r_rank"), L("r_player"), L("r_rating"), L("r_games"), L("r_wins")],
        b.players.map((p) => [String(p.rank), playerLink(p.name), fixed(p.rating), String(p.games), String(p.wins)]),
        [true, false, true, true, true]));
    } else {
      section.appendChild(el("p", { text: L("r_nobody") }));
    }
    if (b.bots.length) {
      section.appendChild(dataTable(`${L("r_bots")}: ${title}`, [L("r_player"), L("r_rating"), "mu", "sigma"],
        b.bots.map((x) => [L(`bot_${x.name}`), fixed(x.rating), fixed(x.mu), fixed(x.sigma)]),
        [false, true, true, true]));
    }
    content.appendChild(section);
  });
}

(async () => {
  await loadWords();
  try {
    if (document.body.dataset.page === "profile") await profile(); else await leaderboard();
  } finally {
    document.body.dataset.ready = "1";  /* drawn (or said why not): the tests wait for it */
  }
})();
