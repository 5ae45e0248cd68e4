/* atout: a person's games (/replay) and a game replayed action by action (/replay/NUMBER),
   with its reviews. Plain script, no build step, no library. Everything shown comes from
   /api/games/N/replay, which gives only what the chosen seat saw (docs/web.md). Keys: the
   right and left arrows step, Home and End jump; each step is said in the live region in
   the words of live play. After page.js (the shared $, el, L, api ...). */
"use strict";

const P = { replay: null, pos: 0, faces: null };
const PAGE = 50;  /* games listed at a time (unless the address says ?limit=N) */

function say(text) { $("said").textContent = text || ""; }

/* the card faces of the tables page (cards.js, an ES module), drawn beside the words and
   hidden from assistive technologies (the words say the card); without them, words alone */
async function loadFaces() {
  try {
    P.faces = await import("/static/cards.js");
    P.faces.installSprite();
  } catch (e) { P.faces = null; }
}
function isCard(code) {  /* as atout.i18n.text.is_card: AH, T21, EX */
  return typeof code === "string" && /^(EX|T[0-9]+|[1-9TJNQKA][HDSC])$/i.test(code.trim());
}
function drawn(code) {
  if (!P.faces || !P.replay || !isCard(code)) return null;
  const deck = P.faces.deckFor(P.replay.name, localStorage.getItem("atout.deck"));
  return P.faces.cardElement(code, deck, WORDS.lang);
}
/* a list item: the card drawn, then its words (span.words: what is said) */
function cardItem(code, text) { return el("li", { class: "named" }, drawn(code), el("span", { class: "words", text })); }

/* -- the list of games ------------------------------------------------------------------- */
function gameRow(g) {
  return [
    el("a", { href: g.replay, "aria-label": L("p_open", { game: g.game }), text: String(g.game) }),
    L(`title_${g.name}`),
    L(g.status === "finished" ? "p_finished" : "p_playing"),
    g.seat === null ? "" : String(g.seat + 1),
    g.won === null ? "" : L(g.won ? "p_won" : "p_lost"),
  ];
}

/* the next page of the list under the table; the focus goes to its first game */
function moreButton(list, next) {
  const old = $("more");
  if (old) old.remove();
  if (!next) return;
  const more = el("button", { id: "more", type: "button", text: L("p_more") });
  more.addEventListener("click", async () => {
    more.disabled = true;
    const { ok, data } = await api(next);
    if (!ok) { status(L("p_failed", { message: data.message || "" })); more.disabled = false; return; }
    const body = list.querySelector("tbody");
    const first = body.children.length;
    for (const g of data.games) body.appendChild(dataRow(gameRow(g)));
    moreButton(list, data.next);
    const link = body.children[first] && body.children[first].querySelector("a");
    if (link) link.focus();
  });
  list.after(more);
}

async function games() {
  $("title").textContent = L("p_games");
  document.title = `atout: ${L("p_games")}`;
  if (!ME.token) { status(L("p_signin")); return; }
  status(L("p_loading"));
  const asked = Number(new URLSearchParams(location.search).get("limit"));  /* /replay?limit=N */
  const limit = Number.isInteger(asked) && asked >= 1 && asked <= 200 ? asked : PAGE;
  const { ok, data } = await api(`/api/me/games?limit=${limit}`);
  if (!ok) { status(L("p_failed", { message: data.message || "" })); return; }
  status("");
  if (!data.games.length) { $("content").appendChild(el("p", { text: L("p_none") })); return; }
  const list = dataTable({ by: "title" },
    [L("p_game"), L("p_name"), L("p_status"), L("p_seat"), L("p_result")], data.games.map(gameRow));
  $("content").appendChild(list);
  moreButton(list, data.next);
}

/* -- one game ---------------------------------------------------------------------------- */
function picture(step) {
  const box = $("picture");
  box.textContent = "";
  const where = P.pos === 0 ? L("p_atstart")
    : L("p_position", { n: P.pos, total: P.replay.steps.length, deal: step.deal });
  box.appendChild(el("p", { id: "position", text: where }));
  if (P.pos > 0) {
    box.appendChild(el("p", { id: "action", text: step.said }));
    if (step.lines.length) box.appendChild(el("p", { id: "lines", text: step.lines.join(" ") }));
  }
  box.appendChild(el("h2", { text: L("p_hand") }));
  const hand = el("ul", { id: "hand", class: "cards" });
  for (const c of step.hand) hand.appendChild(cardItem(c.code, c.name));
  box.appendChild(step.hand.length ? hand : el("p", { text: L("p_empty") }));
  box.appendChild(el("h2", { text: L("p_table") }));
  const trick = el("ul", { id: "trick", class: "cards" });
  for (const t of step.table) trick.appendChild(cardItem(t.card, `${t.player}: ${t.name}`));
  box.appendChild(step.table.length ? trick : el("p", { text: L("p_empty") }));
  box.appendChild(el("p", { id: "scores", text: `${L("p_scores")}: ` +
    step.scores.map((s, i) => `${P.replay.seats[i]} ${s}`).join(", ") }));
}

function go(pos, speak) {
  const steps = P.replay.steps;
  P.pos = Math.max(0, Math.min(steps.length, pos));
  const step = P.pos === 0 ? P.replay.start : steps[P.pos - 1];
  picture(step);
  $("back").disabled = $("first").disabled = P.pos === 0;
  $("next").disabled = $("last").disabled = P.pos === steps.length;
  if (!speak) return;
  if (P.pos === 0) { say(L("p_atstart")); return; }
  say([L("p_position", { n: P.pos, total: steps.length, deal: step.deal }), step.said,
       ...step.lines].join(" "));
}

function onKey(event) {
  if (!P.replay || event.altKey || event.ctrlKey || event.metaKey) return;
  const tag = (event.target && event.target.tagName) || "";
  if (["SELECT", "INPUT", "TEXTAREA"].includes(tag)) return;
  const moves = { ArrowRight: P.pos + 1, ArrowLeft: P.pos - 1, Home: 0,
                  End: P.replay.steps.length };
  if (!(event.key in moves)) return;
  event.preventDefault();
  go(moves[event.key], true);
}

function button(id, label, keys, pos) {
  const b = el("button", { id, type: "button", "aria-keyshortcuts": keys, text: L(label) });
  b.addEventListener("click", () => go(pos(), true));
  return b;
}

async function load(game, seat) {
  status(L("p_loading"));
  const query = new URLSearchParams({ lang: WORDS.lang });
  if (seat !== undefined) query.set("seat", seat);
  const invite = new URLSearchParams(location.search).get("invite");
  if (invite) query.set("invite", invite);
  const { ok, data } = await api(`/api/games/${game}/replay?${query}`);
  if (!ok) { status(L("p_failed", { message: data.message || "" })); return false; }
  status(data.over ? "" : L("p_notover"));
  P.replay = data;
  return true;
}

function seatChooser(game) {
  const r = P.replay;
  const select = el("select", { id: "seat" });
  const choices = r.over ? [...r.seats.map((name, i) => [String(i), name]), ["none", L("p_nobody")]]
    : [[r.seat === null ? "none" : String(r.seat), r.seat === null ? L("p_nobody") : r.seats[r.seat]]];
  for (const [value, name] of choices) select.appendChild(el("option", { value, text: name }));
  select.value = r.seat === null ? "none" : String(r.seat);
  select.addEventListener("change", async () => {
    const at = P.pos;
    if (await load(game, select.value)) go(at, true);
  });
  return el("p", {}, el("label", { for: "seat", text: `${L("p_viewas")} ` }), select);
}

async function oneGame(game) {
  if (!(await load(game))) return;
  const r = P.replay;
  $("title").textContent = L("p_title", { game, name: r.title });
  document.title = `atout: ${$("title").textContent}`;
  const content = $("content");
  content.appendChild(seatChooser(game));
  content.appendChild(el("p", { id: "keys", text: L("p_keys") }));
  content.appendChild(el("div", { class: "controls", role: "group", "aria-label": L("p_keys") },
    button("first", "p_first", "Home", () => 0),
    button("back", "p_back", "ArrowLeft", () => P.pos - 1),
    button("next", "p_next", "ArrowRight", () => P.pos + 1),
    button("last", "p_last", "End", () => P.replay.steps.length)));
  content.appendChild(el("section", { id: "picture", "aria-label": L("p_title", { game, name: r.title }) }));
  const review = reviewSection(game);
  if (review) content.appendChild(review);
  document.addEventListener("keydown", onKey);
  go(0, false);
}

/* -- the review of a deal ------------------------------------------------------------- */
function cardNames() {
  const names = {};
  const r = P.replay;
  for (const step of [r.start, ...r.steps]) {
    for (const c of step.hand) names[c.code] = c.name;
    for (const t of step.table) names[t.card] = t.name;
  }
  return names;
}

function reviewTable(review) {
  const names = cardNames();
  const word = (a) => el("span", { class: "named" }, drawn(a), el("span", { class: "words", text: names[a] || a }));
  const rows = review.choices.map((c) => [
    String(c.index + 1), word(c.played), word(c.best), c.loss.toFixed(1),
    c.mark ? L(`p_${c.mark}`) : L("p_good"),
  ]);
  return dataTable(L("p_review"), [L("p_action"), L("p_played"), L("p_best"), L("p_loss"),
    L("p_mark")], rows, [true, false, false, true, false]);
}

function showReview(review) {
  const out = $("reviewout");
  out.textContent = "";
  const count = (m) => review.choices.filter((c) => c.mark === m).length;
  const summary = L("p_reviewdone", {
    deal: review.deal + 1, player: P.replay.seats[review.seat], loss: review.total_loss.toFixed(1),
    blunders: count("blunder"), mistakes: count("mistake"), inaccuracies: count("inaccuracy") });
  out.appendChild(el("p", { id: "reviewsummary", text: summary }));
  out.appendChild(reviewTable(review));
  status(summary);
}

async function askReview(game) {
  const deal = Number($("reviewdeal").value);
  const bar = $("reviewprogress");
  $("askreview").disabled = true;
  let answer = await api(`/api/games/${game}/review`, { deal });
  while (answer.ok && answer.data.state === "running") {
    bar.hidden = false;
    bar.max = Math.max(1, answer.data.total);
    bar.value = answer.data.done;
    status(L("p_reviewing", { done: answer.data.done, total: answer.data.total }));
    await new Promise((resolve) => setTimeout(resolve, 500));
    answer = await api(`/api/games/${game}/review?deal=${deal}`);
  }
  bar.hidden = true;
  $("askreview").disabled = false;
  if (answer.ok && answer.data.state === "done") showReview(answer.data.review);
  else status(L("p_failed", { message: answer.data.message || "" }));
}

function reviewSection(game) {
  const r = P.replay;
  const box = el("section", { id: "review", "aria-labelledby": "reviewtitle" },
    el("h2", { id: "reviewtitle", text: L("p_review") }));
  if (!ME.token || r.seat === null) return null;
  const deals = [...new Set(r.steps.map((s) => s.deal))];
  if (!r.over) deals.pop();  /* the deal under way: a review comes after the deal */
  if (!deals.length) return null;
  const select = el("select", { id: "reviewdeal" });
  for (const d of deals) select.appendChild(el("option", { value: String(d), text: String(d) }));
  const ask = el("button", { id: "askreview", type: "button", text: L("p_reviewask") });
  ask.addEventListener("click", () => askReview(game));
  box.appendChild(el("p", {}, el("label", { for: "reviewdeal", text: `${L("p_reviewdeal")} ` }),
    select, " ", ask));
  const bar = el("progress", { id: "reviewprogress", "aria-label": L("p_review") });
  bar.hidden = true;
  box.appendChild(bar);
  box.appendChild(el("div", { id: "reviewout" }));
  return box;
}

async function main() {
  await Promise.all([loadWords(), loadFaces()]);
  const part = location.pathname.split("/")[2] || "";
  if (/^[0-9]+$/.test(part)) await oneGame(part); else await games();
}

main().catch((e) => status(L("p_failed", { message: String(e) })));
