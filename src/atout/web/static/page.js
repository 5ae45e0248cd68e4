/* atout: what the pages beside the tables share (the deal of the day, a tournament, a
   profile, the leaderboards, the replays): loaded as a plain script before each page's own,
   it declares the globals below and nothing runs until a page script calls them. No build
   step, no library (docs/web.md).
     GAMES            the games, in the pages' order
     WORDS, ME        the page's words and language; the signed-in person (token, player)
     $(id), el(tag, attrs, ...children)   find and make elements (attrs.text: the text)
     L(key, params)   a word of the catalogue, {name} filled in from params
     loadWords()      the catalogue in the tables page's language; [data-l] nodes worded
     gameTitle, status, num, pathPart, api, dataTable, dataRow, scroller: see each */
"use strict";

const GAMES = ["jass", "putze", "tarot", "pitch", "knock-rummy"];
const WORDS = { lang: "en", labels: {} };
const ME = {
  token: localStorage.getItem("atout.token"),
  player: (() => {
    try { return JSON.parse(localStorage.getItem("atout.player") || "null"); }
    catch (e) { return null; }  /* a spoilt entry: as if nobody had signed in here */
  })(),
};

function $(id) { return document.getElementById(id); }
function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === "text") node.textContent = v; else node.setAttribute(k, v);
  }
  for (const c of children) if (c) node.appendChild(typeof c === "string" ? document.createTextNode(c) : c);
  return node;
}

function L(key, params) {
  let text = WORDS.labels[key] || key;
  for (const [k, v] of Object.entries(params || {})) text = text.split(`{${k}}`).join(String(v));
  return text;
}
/* the label of a count n: KEY_one or KEY_other as the language's plural goes (French says
   0 and 1 in the singular), with {n} put in */
function Ln(key, n, params) {
  const one = WORDS.lang === "fr" ? n <= 1 : n === 1;
  return L(`${key}_${one ? "one" : "other"}`, { ...(params || {}), n });
}
/* the words from the catalogue (GET /api/i18n/LANG) in the language the tables page chose
   (else the browser's); without them the page stays in English */
async function loadWords() {
  let lang = localStorage.getItem("atout.lang") || (navigator.language || "en").slice(0, 2);
  if (!["en", "fr"].includes(lang)) lang = "en";
  try {
    const answer = await fetch(`/api/i18n/${lang}`);
    if (answer.ok) WORDS.labels = await answer.json();
  } catch (e) { WORDS.labels = {}; }
  if (!WORDS.labels.lang) return;
  WORDS.lang = lang;
  document.documentElement.lang = lang;
  for (const node of document.querySelectorAll("[data-l]")) node.textContent = L(node.dataset.l);
}
function gameTitle(game) { return WORDS.labels[`title_${game}`] || game; }
/* the page's status line (its #status, a role=status region) */
function status(text) { $("status").textContent = text || ""; }
/* a number to two decimals at most, with the decimal comma in French; – for none */
function num(x) {
  if (x === null || x === undefined) return "–";
  const text = String(Math.round(Number(x) * 100) / 100);
  return WORDS.lang === "fr" ? text.replace(".", ",") : text;
}
/* the address's second part (/players/NAME: NAME), decoded; a malformed one: fallback */
function pathPart(fallback) {
  try { return decodeURIComponent(location.pathname.split("/")[2] || "") || fallback; }
  catch (e) { return fallback; }
}

/* GET path (or POST body as JSON), signed in when a token is kept: {ok, data, status}; an
   answer that is not JSON gives {message: "HTTP status"}; no answer at all (the network)
   throws, as fetch does */
async function api(path, body) {
  const headers = ME.token ? { authorization: `Bearer ${ME.token}` } : {};
  const init = { headers };
  if (body !== undefined) {
    init.method = "POST";
    init.body = JSON.stringify(body);
    headers["content-type"] = "application/json";
  }
  const answer = await fetch(path, init);
  let data = {};
  try { data = await answer.json(); } catch (e) { data = { message: `HTTP ${answer.status}` }; }
  return { ok: answer.ok, data, status: answer.status };
}

/* a row of a data table (see dataTable) */
function dataRow(cells, numeric, header) {
  const right = numeric || [];
  const rowHead = header === undefined ? 0 : header;
  const tr = el("tr");
  cells.forEach((cell, i) => {
    const td = el(i === rowHead ? "th" : "td", i === rowHead ? { scope: "row" } : {});
    if (right[i]) td.setAttribute("class", "num");
    if (cell instanceof Node) td.appendChild(cell); else td.textContent = String(cell);
    tr.appendChild(td);
  });
  return tr;
}
/* a data table in its scroller (below): its name, the column heads, the rows (cells:
   text, numbers or elements); numeric[i] right-aligns column i; column `header` (0 unless
   told) heads each row. The name is a text, the table's caption, or { by: id }: the heading
   just above that already says it names the table (aria-labelledby), and no caption says it
   again */
function dataTable(caption, heads, rows, numeric, header) {
  const head = el("tr");
  heads.forEach((h, i) => head.appendChild(el("th", { scope: "col", class: (numeric || [])[i] ? "num" : "", text: h })));
  const body = el("tbody");
  for (const cells of rows) body.appendChild(dataRow(cells, numeric, header));
  const named = typeof caption === "string";
  return scroller(el("table", named ? { class: "data" } : { class: "data", "aria-labelledby": caption.by },
    named && el("caption", { text: caption }), el("thead", {}, head), body));
}
/* a table in a box that scrolls sideways when the table is wider than the page (a phone);
   the box is then a region named as the table (its caption or its heading) and in the tab
   order, so the arrow keys scroll it too */
function scroller(table) {
  const box = el("div", { class: "scroller" }, table);
  if (typeof ResizeObserver === "undefined") return box;
  new ResizeObserver(() => {
    if (box.scrollWidth > box.clientWidth + 1) {
      const caption = table.querySelector("caption");
      const by = table.getAttribute("aria-labelledby");
      box.setAttribute("tabindex", "0");
      box.setAttribute("role", "region");
      if (by) box.setAttribute("aria-labelledby", by);
      else box.setAttribute("aria-label", caption ? caption.textContent : "");
    } else {
      for (const name of ["tabindex", "role", "aria-label", "aria-labelledby"]) box.removeAttribute(name);
    }
  }).observe(box);
  return box;
}
