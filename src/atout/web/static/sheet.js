/* The score sheet, kept as players keep it: the Jass board (both teams' columns and the
   target), Tarot's table of deals, Pitch's High, Low, Jack and Game per hand, the deals of
   Putze and Knock Rummy. The points of each deal and the totals are the game's own (the
   view's info.match: deal_points and scores); the details of a row (the taker, the contract,
   High, Low, Jack and Game...) come from the public events of the deal's end, kept for the
   tab in session storage (a page that joins later has the points without the details). */

const KEY = (table) => `atout.sheet.${table}`;

export const sheet = { table: null, rows: [], live: null };

function load(table) {
  if (sheet.table === table) return;
  sheet.table = table; sheet.live = null;
  try { sheet.rows = JSON.parse(sessionStorage.getItem(KEY(table)) || "[]"); } catch (e) { sheet.rows = []; }
}
function save() { sessionStorage.setItem(KEY(sheet.table), JSON.stringify(sheet.rows.slice(-200))); }

function num(x) { return typeof x === "number" ? (Number.isInteger(x) ? x : Math.round(x * 10) / 10) : x; }
function signed(x) { x = num(x); return typeof x === "number" && x > 0 ? `+${x}` : String(x); }

/** The sides of a game's sheet: Jass's two teams, or each seat. */
export function sides(view, names) {
  const teams = (view.info || {}).teams;
  if (view.game === "jass" && Array.isArray(teams)) return teams.map((t) => t.map((s) => names[s]).join(" & "));
  if (view.game === "pitch" && Array.isArray(teams)) return teams.map((t) => t.map((s) => names[s]).join(" & "));
  return names.slice(0, view.seats);
}

/** The game's running totals by side: the engine's numbers, from the view's info.match, or
    from the frame's result when a deal limit ended the game (the view is then the deal's). */
export function totals(view, result) {
  const m = (view.info || {}).match || {};
  const teams = (view.info || {}).teams;
  const scores = Array.isArray(m.scores) ? m.scores : result && Array.isArray(result.scores) ? result.scores : [];
  if (view.game === "jass" && Array.isArray(m.team_scores)) return m.team_scores.map(num);
  if (view.game === "putze" && Array.isArray(m.putzes)) return m.putzes.map(num);
  if ((view.game === "jass" || view.game === "pitch") && Array.isArray(teams) && scores.length) {
    return teams.map((t) => num(scores[t[0]]));
  }
  return scores.map(num);
}

/* a list by seat as a list by side (the teams' first seats in Jass and team Pitch) */
function bySide(view, perSeat) {
  const teams = (view.info || {}).teams;
  if ((view.game === "jass" || view.game === "pitch") && Array.isArray(teams)) return teams.map((t) => num(perSeat[t[0]]));
  return perSeat.map(num);
}

/** Keep what the current deal has shown so far (for the "why" of its end). */
function track(view) {
  const info = view.info || {};
  if (view.game === "jass") {
    sheet.live = { weis: [...(info.weis_points || [0, 0])], stoeck: [...(info.stoeck_points || [0, 0])] };
  } else if (view.game === "tarot") {
    sheet.live = { taker: info.taker, contract: info.contract, called: info.called, partner: info.partner };
  } else if (view.game === "pitch") {
    sheet.live = { pitcher: info.pitcher, bid: info.bid };
  } else sheet.live = {};
}

/** Take in a frame (before it is drawn): the rows of the deals that end in it; returns the
    summary of a deal just ended ({title, lines, shows}) or null. */
export function noteFrame(frame, previous, names, L) {
  load(frame.table);
  const view = frame.view, events = frame.events || [];
  if (previous && previous.view && previous.table === frame.table) track(previous.view);
  else if (!sheet.live) track(view);
  let ended = null;
  const live = sheet.live || {};
  let extra = {};
  const shows = {};
  for (const e of events) {
    if (view.game === "jass" && e.kind === "stoeck" && live.stoeck && typeof e.side === "number") {
      live.stoeck[e.side] = Math.max(live.stoeck[e.side] || 0, e.points || 0);
    }
    if (e.kind === "score" || e.kind === "deal_end" || e.kind === "deal_scored") extra = { ...extra, ...e };
    if (e.kind === "show" && typeof e.seat === "number") shows[e.seat] = e;
    if (e.kind === "deal_over") {
      const row = rowOf(view.game, e, extra, live);
      sheet.rows = sheet.rows.filter((r) => r.deal !== row.deal);
      sheet.rows.push(row); save();
      ended = { title: L("dealscored", { deal: row.deal }), lines: reasons(view, row, names, L), shows };
      extra = {};
    }
  }
  return ended;
}

function rowOf(game, over, extra, live) {
  const row = { deal: over.deal, points: (over.points || []).map(num) };
  if (game === "jass") {
    row.points = [num(over.points[0]), num(over.points[1])];  // seats 0 and 1: one of each team
    row.why = { weis: live.weis || [0, 0], stoeck: live.stoeck || [0, 0] };
  } else if (game === "tarot") {
    row.taker = live.taker; row.contract = live.contract; row.called = live.called;
    row.made = extra.made;
  } else if (game === "pitch") {
    for (const k of ["pitcher", "bid", "made", "high", "low", "jack", "game"]) row[k] = extra[k] ?? null;
    if (row.game) row.game = { side: row.game.side };
  } else if (game === "putze") {
    row.totals = (extra.totals || []).map(num); row.pommes = extra.pommes || [];
  } else if (game === "knock-rummy") {
    row.outcome = extra.outcome; row.knocker = extra.knocker; row.deadwood = extra.deadwood || [];
  }
  return row;
}

/* one sentence per side: what it scored in the deal and why */
function reasons(view, row, names, L) {
  const who = sides(view, names);
  const lines = [];
  if (view.game === "tarot" && row.taker !== null && row.taker !== undefined) {
    lines.push(L(row.made ? "sheet_made" : "sheet_lost", { name: names[row.taker] || "", contract: row.contract || "" }));
  }
  if (view.game === "pitch" && row.pitcher !== null && row.pitcher !== undefined) {
    for (const k of ["high", "low", "jack", "game"]) {
      const part = row[k];
      if (part && typeof part.side === "number") lines.push(L("pair", { name: L("sheet_" + k), value: `${who[part.side] || ""}${part.card ? ` (${part.card})` : ""}` }));
    }
  }
  if (view.game === "knock-rummy" && typeof row.knocker === "number") {
    lines.push(L("pair", { name: L("mark_knocker"), value: names[row.knocker] || "" }));
  }
  row.points.forEach((p, i) => {
    let why = "";
    if (view.game === "jass" && row.why) {
      const w = row.why.weis[i] || 0, s = row.why.stoeck[i] || 0;
      if (w) why += ` ${L("sheet_weis")} ${w}`;
      if (s) why += ` ${L("sheet_stoeck")} ${s}`;
    }
    if (view.game === "knock-rummy" && row.deadwood[i] !== undefined) why = ` ${L("sheet_deadwood")} ${row.deadwood[i]}`;
    if (view.game === "putze" && row.totals && row.totals[i] !== undefined) why = ` (${row.totals[i]})`;
    if (who[i] !== undefined) lines.push(L("pair", { name: who[i], value: signed(p) + why }));
  });
  return lines;
}

function cell(tag, text, attrs) {
  const c = document.createElement(tag);
  c.textContent = text === undefined || text === null ? "" : String(text);
  for (const [k, v] of Object.entries(attrs || {})) c.setAttribute(k, v);
  return c;
}

/** Fill ``box`` with the sheet of the current game: a caption, a header of sides, a row per
    deal ended in this tab (Knock Rummy's every deal, from the view) and the totals. */
export function drawSheet(box, frame, names, L) {
  load(frame.table);
  const view = frame.view, m = (view.info || {}).match || {};
  box.textContent = "";
  const who = sides(view, names);
  const table = document.createElement("table");
  table.className = "sheet";
  let caption = frame.info && frame.info.status === "over" ? L("gameover")
    : L("sheet_caption", { deal: m.deal_number || 1 });
  if (m.target) caption += ` · ${L("sheet_target", { target: m.target })}`;
  if (view.game === "tarot" && m.deals) caption += ` · ${L("sheet_deals", { count: m.deals })}`;
  table.appendChild(cell("caption", caption));
  const head = document.createElement("thead"), hr = document.createElement("tr");
  hr.appendChild(cell("th", L("sheet_deal"), { scope: "col" }));
  const detail = { tarot: ["sheet_taker"], pitch: ["sheet_bid", "sheet_high", "sheet_low", "sheet_jack", "sheet_game"],
                   "knock-rummy": ["mark_knocker"] }[view.game] || [];
  for (const k of detail) hr.appendChild(cell("th", L(k), { scope: "col" }));
  for (const w of who) hr.appendChild(cell("th", w, { scope: "col" }));
  head.appendChild(hr); table.appendChild(head);
  const body = document.createElement("tbody");
  let rows = sheet.rows;
  if (Array.isArray(m.deal_points)) {  // the view has every deal's points: the sheet is complete
    rows = m.deal_points.map((p, i) => ({ ...(sheet.rows.find((r) => r.deal === i + 1) || {}), deal: i + 1,
                                          points: bySide(view, p) }));
  }
  for (const r of rows) {
    const tr = document.createElement("tr");
    tr.appendChild(cell("th", r.deal, { scope: "row" }));
    if (view.game === "tarot") {
      tr.appendChild(cell("td", r.taker === undefined || r.taker === null ? "—"
        : `${names[r.taker] || ""}, ${r.contract || ""} ${r.made ? "✓" : "✗"}`));
    }
    if (view.game === "pitch") {
      tr.appendChild(cell("td", r.pitcher === null || r.pitcher === undefined ? "—" : `${names[r.pitcher] || ""} ${r.bid ?? ""}`));
      for (const k of ["high", "low", "jack", "game"]) {
        const part = r[k];
        tr.appendChild(cell("td", part && typeof part.side === "number" ? `${who[part.side] || ""}${part.card ? " " + part.card : ""}` : "—"));
      }
    }
    if (view.game === "knock-rummy") tr.appendChild(cell("td", typeof r.knocker === "number" ? names[r.knocker] : "—"));
    for (let i = 0; i < who.length; i++) tr.appendChild(cell("td", r.points[i] === undefined ? "" : signed(r.points[i])));
    body.appendChild(tr);
  }
  table.appendChild(body);
  const foot = document.createElement("tfoot"), fr = document.createElement("tr");
  fr.appendChild(cell("th", L("sheet_total"), { scope: "row" }));
  for (let k = 0; k < detail.length; k++) fr.appendChild(cell("td", ""));
  const sums = totals(view, frame.result);
  for (let i = 0; i < who.length; i++) {
    const td = cell("td", sums[i] === undefined ? "" : sums[i]);
    td.dataset.total = String(i);
    fr.appendChild(td);
  }
  foot.appendChild(fr); table.appendChild(foot);
  box.appendChild(table);
  if (m.coiffeur && Array.isArray(m.coiffeur.rows)) box.appendChild(coiffeurTable(m.coiffeur, who, L));
  if (!Array.isArray(m.deal_points) && (m.deal_number || 1) - 1 > rows.length) {  // (an older server)
    box.appendChild(cell("p", L("sheet_partial")));
  }
}

const MODE = { "trump H": "♥", "trump D": "♦", "trump S": "♠", "trump C": "♣", obenabe: "Obenabe", undenufe: "Undenufe" };
/* the Coiffeur's board: a row per trump mode with its multiplier, each team's score (— open) */
function coiffeurTable(c, who, L) {
  const table = document.createElement("table");
  table.className = "sheet";
  table.appendChild(cell("caption", "Coiffeur"));
  const head = document.createElement("thead"), hr = document.createElement("tr");
  hr.appendChild(cell("th", L("sheet_trump"), { scope: "col" }));
  for (const w of who) hr.appendChild(cell("th", w, { scope: "col" }));
  head.appendChild(hr); table.appendChild(head);
  const body = document.createElement("tbody");
  c.rows.forEach((mode, i) => {
    const tr = document.createElement("tr");
    tr.appendChild(cell("th", `${MODE[mode] || mode} ×${(c.multipliers || [])[i] ?? 1}`, { scope: "row" }));
    for (let t = 0; t < who.length; t++) {
      const v = ((c.sheet || [])[t] || [])[i];
      tr.appendChild(cell("td", v === null || v === undefined ? "—" : num(v)));
    }
    body.appendChild(tr);
  });
  table.appendChild(body);
  return table;
}
