/* atout's web page: the server's protocol 1.1 (docs/protocol.md) in a browser.
   Every sentence comes from the server's catalogue: the page's labels from /api/i18n/<lang>,
   a table's sentences from the "words" of each frame. No build step: plain ES modules
   (cards.js the faces, table.js the drawn table, sheet.js the score sheet). */
import { cardElement, deckFor, installSprite } from "./cards.js";
import { dealEnded, drawFelt, noteUpdate, resetFelt, showLastTrick } from "./table.js";
import { drawSheet, noteFrame } from "./sheet.js";

const $ = (id) => document.getElementById(id);
const SUITS = { H: "♥", D: "♦", S: "♠", C: "♣" };
const KEYS = ["c", "a", "f", "h", "g", "s", "t", "l", "w", "p", "i", "m", "k", "o", "?"];

const state = {
  lang: localStorage.getItem("atout.lang") || (navigator.language || "en").slice(0, 2),
  token: localStorage.getItem("atout.token"),
  player: JSON.parse(localStorage.getItem("atout.player") || "null"),
  table: Number(sessionStorage.getItem("atout.table")) || null,
  epoch: "", n: 0,
  frame: null, words: null, labels: {},
  ws: null, welcomed: false, retry: 0, lobbyTimer: null,
  active: null, wasMyTurn: false, lastTable: null, armed: null,
  pending: 0,  // the updates of this page's own actions still to come (not its turn until 0)
  ecart: [],  // the cards chosen for a Tarot écart, not sent until confirmed
};
if (!["en", "fr"].includes(state.lang)) state.lang = "en";

function L(key, params) {
  let text = state.labels[key] || key;
  for (const [k, v] of Object.entries(params || {})) text = text.split(`{${k}}`).join(String(v));
  return text;
}

/* ---- speech: one polite live region, present from the start; each message is a new node,
   so a repeated sentence is read again ---- */
function say(text, urgent) {
  if (!text) return;
  const region = urgent ? $("alert") : $("live");
  const p = document.createElement("p");
  p.textContent = text;
  region.appendChild(p);
  while (region.childNodes.length > 5) region.removeChild(region.firstChild);
  logLine(text);
}
function logLine(text) {
  const li = document.createElement("li");
  li.textContent = text;
  $("messages").appendChild(li);
  while ($("messages").childNodes.length > 300) $("messages").removeChild($("messages").firstChild);
  $("messages").scrollTop = $("messages").scrollHeight;
  const saved = JSON.parse(sessionStorage.getItem("atout.log") || "[]");
  saved.push(text);
  sessionStorage.setItem("atout.log", JSON.stringify(saved.slice(-300)));
}
function pair(name, value) { return L("pair", { name, value }); }  // "a: b", « a : b »
function botWord(spec) {  // a computer player's kind in words, without its settings
  const name = String(spec).split(":")[0];
  return state.labels[`botword_${name}`] || name;
}
function status(text) { $("status").textContent = text || ""; }

let audio = null;
function beep() {
  if (!$("opt-sound").checked) return;
  try {
    audio = audio || new (window.AudioContext || window.webkitAudioContext)();
    const osc = audio.createOscillator(), gain = audio.createGain();
    osc.frequency.value = 660; gain.gain.value = 0.08;
    osc.connect(gain); gain.connect(audio.destination);
    osc.start(); osc.stop(audio.currentTime + 0.15);
  } catch (e) { /* no sound device: the live region still says it */ }
}

/* ---- labels ---- */
async function loadLabels() {
  const answer = await fetch(`/api/i18n/${state.lang}`);
  state.labels = await answer.json();
  document.documentElement.lang = state.lang;
  for (const el of document.querySelectorAll("[data-l]")) el.textContent = L(el.dataset.l);
  $("lang").value = state.lang;
  const game = $("c-game"), chosen = game.value || "jass";
  game.textContent = "";
  for (const g of ["jass", "putze", "tarot", "pitch", "knock-rummy"]) {
    const o = document.createElement("option");
    o.value = g; o.textContent = L(`title_${g}`); game.appendChild(o);
  }
  game.value = chosen;
  createFormGame();
}

/* ---- HTTP and the WebSocket ---- */
async function post(path, body) {
  const answer = await fetch(path, { method: "POST", headers: { "content-type": "application/json" },
                                     body: JSON.stringify(body) });
  const data = await answer.json();
  if (!answer.ok) throw data;
  return data;
}
function send(message) {
  if (state.ws && state.ws.readyState === WebSocket.OPEN) state.ws.send(JSON.stringify(message));
}
function connect() {
  status(L("connecting"));
  const ws = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws`);
  state.ws = ws; state.welcomed = false;
  ws.onopen = () => send({ type: "hello", protocol: 1, token: state.token, lang: state.lang });
  ws.onmessage = (m) => receive(JSON.parse(m.data));
  ws.onclose = () => {
    if (state.ws !== ws) return;
    state.ws = null;
    if (!state.token) return;
    status(L("disconnected"));
    state.retry = Math.min(state.retry + 1, 5);
    setTimeout(connect, 500 * state.retry);
  };
}

function receive(frame) {
  switch (frame.type) {
    case "welcome":
      state.welcomed = true; state.retry = 0; status("");
      // what the socket before took and did is in the sync below; what it lost is not waited for
      state.pending = 0;
      state.player = frame.player;
      localStorage.setItem("atout.player", JSON.stringify(frame.player));
      $("whoami").textContent = L("signedin", { name: frame.player.name });
      $("signout").hidden = false;
      if (state.table) send({ type: "sync", table: state.table, after: state.n, epoch: state.epoch });
      else showLobby();
      return;
    case "lobby": return showTables(frame.tables);
    case "table": return snapshot(frame);
    case "update": return update(frame);
    case "left": return showLobby();
    case "hint": return hinted(frame);
    case "error": return refused(frame);
  }
}

function refused(frame) {
  state.pending = 0;
  if (frame.code === "bad_token" || frame.code === "hello_first") {
    signOut(); say(L("err_bad_token"), true); return;
  }
  if (frame.code === "no_table" && state.table && frame.table === state.table) {
    leaveTable(); showLobby();
  }
  const known = state.labels[`err_${frame.code}`];
  let text = frame.said || known || L("err_other", { reason: frame.message });
  if (frame.code === "not_your_turn" && state.words) text = L("notyourturn", { turn: state.words.turn });
  say(text, true);
  if (state.frame) renderTable();
}

/* ---- screens ---- */
function show(id) {
  for (const s of ["signin", "lobby", "table"]) $(s).hidden = s !== id;
  clearInterval(state.lobbyTimer); state.lobbyTimer = null;
  if (id === "lobby") state.lobbyTimer = setInterval(() => send({ type: "lobby" }), 5000);
}
function showSignin() { show("signin"); $("name").focus(); }
function showLobby() {
  leaveTable();
  show("lobby");
  send({ type: "lobby" });
}
function leaveTable() {
  resetFelt();
  state.table = null; state.frame = null; state.words = null; state.epoch = ""; state.n = 0;
  sessionStorage.removeItem("atout.table");
}

function showTables(tables) {
  const list = $("tables");
  list.textContent = "";
  if (!tables.length) {
    const li = document.createElement("li"); li.textContent = L("notables"); list.appendChild(li);
  }
  for (const t of tables) {
    const li = document.createElement("li");
    li.dataset.table = t.table;
    const h = document.createElement("h3");
    h.textContent = pair(L("tableno", { table: t.table }), `${L("title_" + t.game)}, ${L("status_" + t.status)}`);
    h.className = "sr-heading"; li.appendChild(h);
    const seats = document.createElement("p");
    const rules = tableOptions(t);
    seats.textContent = (rules ? rules + ". " : "")
      + t.seats.map((s) => pair(L("seatn", { seat: s.seat + 1 }), seatWho(s))).join(meta("semicolon") || "; ")
      + (t.spectators ? `${meta("semicolon") || "; "}${L("spectators", { count: t.spectators })}` : "");
    li.appendChild(seats);
    const buttons = document.createElement("div"); buttons.className = "buttons";
    if (t.status === "waiting") {
      for (const s of t.seats) {
        if (s.name || s.bot) continue;
        buttons.appendChild(button(L("sit", { seat: s.seat + 1 }),
          () => send({ type: "join", table: t.table, seat: s.seat })));
      }
    }
    const mine = t.seats.find((s) => state.player && s.name  // "Ana (2)" beside another Ana
      && (s.name === state.player.name || s.name.startsWith(`${state.player.name} (`)));
    if (mine && t.status === "playing") {
      buttons.appendChild(button(L("sit", { seat: mine.seat + 1 }),
        () => send({ type: "join", table: t.table, seat: mine.seat })));
    }
    buttons.appendChild(button(L("watch", { table: t.table }), () => send({ type: "watch", table: t.table })));
    li.appendChild(buttons);
    list.appendChild(li);
  }
}
function seatWho(s, name) {
  if (s.name) return s.name + (s.connected || s.standin ? "" : ` (${L("away")})`);
  if (s.bot) return name ? L("botname", { name, bot: botWord(s.bot) }) : L("computer", { bot: botWord(s.bot) });
  return L("empty");
}
function button(text, action, cls) {
  const b = document.createElement("button");
  b.type = "button"; b.textContent = text; if (cls) b.className = cls;
  b.addEventListener("click", action);
  return b;
}

function meta(key) { return state.labels[key] || ""; }  // a label that may be empty
function fillSelect(select, values, chosen, label) {
  select.textContent = "";
  for (const v of values) {
    const o = document.createElement("option"); o.value = v; o.textContent = label ? label(v) : v;
    select.appendChild(o);
  }
  if (values.includes(chosen)) select.value = chosen;
}
function createFormGame() {  // the player counts and the presets of the game chosen
  const game = $("c-game").value;
  const counts = meta("players_" + game).split(",").filter(Boolean);
  $("c-players-box").hidden = counts.length < 2;
  fillSelect($("c-players"), counts, $("c-players").value || meta("defaultplayers_" + game));
  if (!counts.includes($("c-players").value)) $("c-players").value = meta("defaultplayers_" + game);
  fillSelect($("c-preset"), ["", ...meta("presets_" + game).split(",").filter(Boolean)],
             $("c-preset").value, (v) => v || L("preset_default"));
  createFormSeats();
}
function createOptions(game) {
  const options = {};
  const players = Number($("c-players").value);
  if (!$("c-players-box").hidden && players) options.players = players;
  if ($("c-preset").value) options.preset = $("c-preset").value;
  return options;
}
function tableOptions(t) {  // what a table's rules change from the game's defaults, in short
  let defaults = {};
  let names = {}, words = {};  // the options' names and values in the page's language
  try {
    defaults = JSON.parse(meta("defaults_" + t.game) || "{}");
    names = JSON.parse(meta("optlabels_" + t.game) || "{}");
    words = JSON.parse(meta("optvalues") || "{}");
  } catch (e) { defaults = {}; }
  const changed = Object.entries(t.options || {})
    .filter(([k, v]) => JSON.stringify(defaults[k]) !== JSON.stringify(v))
    .map(([k, v]) => pair(names[k] || k, words[JSON.stringify(v)] || String(v)));
  return changed.length ? L("options_shown", { options: changed.join(meta("semicolon") || "; ") }) : "";
}

function createFormSeats() {
  const game = $("c-game").value;
  const count = $("c-players-box").hidden ? Number(meta("defaultplayers_" + game) || 4)
    : Number($("c-players").value);
  const seat = $("c-seat"), was = seat.value;
  seat.textContent = "";
  for (let i = 0; i < count; i++) {
    const o = document.createElement("option"); o.value = i; o.textContent = String(i + 1); seat.appendChild(o);
  }
  if (was && Number(was) < count) seat.value = was;
}

/* ---- the table ---- */
function snapshot(frame) {
  if (state.table !== frame.table) {
    $("messages").textContent = "";
    sessionStorage.setItem("atout.log", "[]");
  }
  const first = state.frame === null || state.table !== frame.table;
  state.table = frame.table;
  sessionStorage.setItem("atout.table", String(frame.table));
  if (frame.invite) sessionStorage.setItem(`atout.invite.${frame.table}`, frame.invite);
  accept(frame);
  show("table");
  if (first) {
    say(`${L("joined", { table: frame.table })} ${state.words ? state.words.turn : ""}`);
    if (frame.info.status === "waiting" && frame.info.host === (state.player || {}).id && pendingFill) {
      fillAndStart(frame);
    }
    focusTable();
  }
}
function focusTable() {
  const hand = $("hand");
  if (!hand.hidden && hand.childElementCount) hand.focus();
  else {
    const first = $("choices").querySelector("button") || $("host").querySelector("button");
    if (first) first.focus(); else $("command").focus();
  }
}
let pendingFill = null;
function tableBot(game, bot) {  // the console's gentler player where the plain one leaves no game
  return state.labels[`tablebot:${game}:${bot}`] || bot;
}
function fillAndStart(frame) {
  const bot = tableBot(frame.info.game, pendingFill); pendingFill = null;
  frame.info.seats.forEach((s) => {
    if (!s.name && !s.bot) send({ type: "bot", table: frame.table, seat: s.seat, bot });
  });
  send({ type: "start", table: frame.table });
}

function update(frame) {
  if (frame.table !== state.table) return;
  const me = typeof frame.view.seat === "number" ? frame.view.seat : null;
  // one of mine taken: the last of a batch ends the wait
  if (frame.kind === "action" && frame.seat === me) state.pending = Math.max(0, state.pending - 1);
  const names = (frame.words && frame.words.names) || (state.words && state.words.names) || [];
  noteUpdate(frame, state.frame);
  const ended = noteFrame(frame, state.frame, names, L);
  if (ended) dealEnded(ended.title, ended.lines, ended.shows);
  accept(frame);
  const w = frame.words || {};
  for (const line of w.lines || []) say(line);
  if (frame.kind === "rematch") state.rematchTo = frame.next;
}
function accept(frame) {
  if (frame.type === "table") noteFrame(frame, null, (frame.words || {}).names || [], L);
  state.frame = frame; state.words = frame.words || null;
  state.epoch = frame.epoch; state.n = frame.n;
  renderTable();
}
function mySeat() {  // an update's "seat" is the seat that acted: the view says whose it is
  return state.frame && typeof state.frame.view.seat === "number" ? state.frame.view.seat : null;
}
function myTurn() {
  const f = state.frame;
  return !!f && mySeat() !== null && f.info.status === "playing" && f.view.to_move === mySeat()
    && f.view.legal.length > 0 && state.pending === 0;
}

function renderTable() {
  const f = state.frame, w = state.words;
  if (!f || !w) return;
  const info = f.info;
  const focused = document.activeElement;
  const had = focused && $("choices").contains(focused) ? focused.dataset.action || ""
    : focused && $("host").contains(focused) ? `#host ${focused.dataset.host}` : null;
  $("h-table").textContent = pair(`${w.title}, ${L("tableno", { table: f.table })}`, L("status_" + info.status));
  $("h-last").textContent = state.labels[`lasttrick_${info.game}`] || L("lasttrick");
  $("last-btn").hidden = info.game === "knock-rummy";  // no tricks in Knock Rummy: nothing to show again
  document.title = `${w.title} — atout`;
  $("turn").textContent = info.status === "waiting" ? L("status_waiting") : w.turn;
  const mine = myTurn();
  const t = $("table");  // the table's state, for the tests and for styles
  t.dataset.n = f.n; t.dataset.status = info.status; t.dataset.mine = String(mine);
  t.dataset.phase = f.view.phase;
  if (!ecartNeeded()) state.ecart = [];
  t.dataset.ecart = String(state.ecart.length);
  $("prompt").textContent = ecartNeeded()
    ? L("ecart_prompt", { total: ecartNeeded(), count: state.ecart.length })
    : mine ? w.prompt : (mySeat() === null ? L("spectating") : "");
  if (mine && !state.wasMyTurn) {
    beep();
    // the focus was lost (its element was rebuilt): back into the table for the turn
    if (!document.activeElement || document.activeElement === document.body) setTimeout(focusTable, 0);
  }
  if (!mine) $("hint-text").textContent = "";
  state.wasMyTurn = mine;
  renderSeats(f, w);
  renderFelt();
  renderHand(f, w, mine);
  renderChoices(w, mine, had);
  const trick = $("trick"); trick.textContent = "";
  for (const t of w.table) {
    const li = document.createElement("li"); li.textContent = pair(t.player, t.card); trick.appendChild(li);
  }
  if (!w.table.length) { const li = document.createElement("li"); li.textContent = w.answers.c; trick.appendChild(li); }
  $("contract").textContent = w.answers.a;  // the trump or contract (Knock Rummy: your melds)
  $("scores").textContent = w.answers.s;
  $("last").textContent = w.answers.l;
  const history = $("history"); history.textContent = "";
  for (const line of w.history) { const li = document.createElement("li"); li.textContent = line; history.appendChild(li); }
  $("end").hidden = info.status !== "over";
  if (info.status === "over") {
    $("result").textContent = (f.result && w.lines && w.lines.length) ? w.lines[w.lines.length - 1] : w.answers.s;
    $("rematch").hidden = mySeat() === null;
  }
  $("leave").hidden = info.status === "over";
}

function renderSeats(f, w) {
  const ul = $("seats"); ul.textContent = "";
  f.info.seats.forEach((s, i) => {
    const li = document.createElement("li");
    let text = pair(L("seatn", { seat: i + 1 }), seatWho(s, w.names[i]));
    if (i === mySeat()) text += ` (${L("you")})`;
    if (f.info.host !== null && s.name && state.player && f.info.host === state.player.id && i === mySeat()) text += `, ${L("host")}`;
    if (f.info.status === "playing" && f.view.to_move === i) text += `, ${L("toplay")}`;
    li.textContent = text; ul.appendChild(li);
  });
  const host = $("host"); host.textContent = "";
  const amHost = state.player && f.info.host === state.player.id;
  if (f.info.status === "waiting" && amHost) {
    f.info.seats.forEach((s, i) => {
      let b = null;
      if (!s.name && !s.bot) b = button(L("addbot", { seat: i + 1 }),
        () => send({ type: "bot", table: f.table, seat: i, bot: tableBot(f.info.game, $("c-bot").value || "heuristic") }));
      else if (s.bot) b = button(L("removebot", { seat: i + 1 }),
        () => send({ type: "unbot", table: f.table, seat: i }));
      if (b) { b.dataset.host = `seat-${i}`; host.appendChild(b); }
    });
    const start = button(L("start"), () => send({ type: "start", table: f.table }));
    start.dataset.host = "start";
    host.appendChild(start);
  }
  const code = f.invite || sessionStorage.getItem(`atout.invite.${f.table}`);
  $("invite").textContent = f.info.private && code
    ? L("invitecode", { code, link: `${location.origin}/?table=${f.table}&invite=${encodeURIComponent(code)}` }) : "";
}

/* ---- the drawn table, the score sheet, the rules ---- */
function deck() { return state.frame ? deckFor(state.frame.view.game, $("opt-deck").value) : "french"; }
function renderFelt() {
  const f = state.frame, w = state.words;
  if (!f || !w) return;
  drawFelt($("felt"), f, { me: mySeat(), names: w.names, deck: deck(), lang: state.lang, words: w, L,
                           redraw: renderFelt, bar: $("felt-bar"), ecart: state.ecart });
  if ($("sheet-dialog").open) renderSheet();
}
function renderSheet() {
  if (state.frame && state.words) drawSheet($("sheet"), state.frame, state.words.names, L);
}
function openSheet() { renderSheet(); $("sheet-dialog").showModal(); }
function openText(title, text) {
  $("h-rules").textContent = title;
  const box = $("rules"); box.textContent = "";
  for (const line of (text || "").split("\n")) {
    if (line.trim()) { const p = document.createElement("p"); p.textContent = line; box.appendChild(p); }
  }
  $("rules-dialog").showModal();
}
function gameOf() { return state.frame ? state.frame.view.game : $("c-game").value; }
function openRules() { openText(`${L("rules")}: ${L("title_" + gameOf())}`, L("rules_" + gameOf())); }
function openHowto() { openText(`${L("howtobtn")}: ${L("title_" + gameOf())}`, L("howto_" + gameOf())); }
function lastTrick() {
  if (state.words) say(state.words.answers.l);
  showLastTrick(renderFelt);
}

function renderHand(f, w, mine) {
  const box = $("hand");
  const keep = state.active;
  const hadFocus = document.activeElement === box;
  box.textContent = "";
  const playable = new Set();
  for (const l of w.legal) if (l.card) playable.add(l.card);
  const cards = [];
  for (const g of w.hand) {
    const group = document.createElement("div");
    group.setAttribute("role", "group");
    group.setAttribute("aria-label", g.name);
    const name = document.createElement("span");
    name.className = "group-name"; name.setAttribute("aria-hidden", "true");
    name.textContent = `${SUITS[g.suit] || ""} ${g.name}`;
    group.appendChild(name);
    for (const c of g.cards) {
      const el = document.createElement("div");
      el.id = `card-${c.code}`; el.setAttribute("role", "option");
      el.dataset.code = c.code;
      const ok = mine && playable.has(c.code);
      el.className = "card" + (ok ? " playable" : "") + (state.armed === c.code ? " armed" : "");
      el.setAttribute("aria-disabled", ok ? "false" : "true");
      el.setAttribute("aria-selected", "false");
      const chosen = state.ecart.includes(c.code);
      el.setAttribute("aria-label", chosen ? `${c.name}, ${L("ecart_marked")}`
        : ok || !mine ? c.name : `${c.name}, ${L("notplayable")}`);
      if (chosen) el.classList.add("chosen");
      el.appendChild(cardElement(c.code, deck(), state.lang));
      el.addEventListener("click", () => clickCard(c.code, ok));
      group.appendChild(el); cards.push(c.code);
    }
    box.appendChild(group);
  }
  box.hidden = cards.length === 0;
  $("nohand").hidden = cards.length !== 0 || mySeat() === null;
  $("hand-area").hidden = mySeat() === null;
  $("choices-area").hidden = mySeat() === null;  // a spectator has no choices to be told of
  let target = cards.includes(keep) ? keep : null;
  if (mine && (!target || !playable.has(target))) target = cards.find((c) => playable.has(c)) || target;
  setActive(target || cards[0] || null);
  if (hadFocus && box.hidden) focusTable();
}
function clickCard(code, ok) {  // with the confirm setting, a first tap only raises the card
  setActive(code);
  if (ecartNeeded()) { playCard(code); return; }  // the écart: a tap chooses, a second puts back
  if ($("opt-confirm").checked && ok && state.armed !== code) {
    state.armed = code;
    for (const e of $("hand").querySelectorAll(".armed")) e.classList.remove("armed");
    $(`card-${code}`).classList.add("armed");
    return;
  }
  state.armed = null;
  playCard(code);
}
function handCodes() { return [...$("hand").querySelectorAll("[role=option]")].map((e) => e.dataset.code); }
function setActive(code) {
  const box = $("hand");
  for (const el of box.querySelectorAll(".active")) { el.classList.remove("active"); el.setAttribute("aria-selected", "false"); }
  state.active = code;
  const el = code ? $(`card-${code}`) : null;
  if (el) {
    el.classList.add("active"); el.setAttribute("aria-selected", "true");
    box.setAttribute("aria-activedescendant", el.id);
    el.scrollIntoView({ block: "nearest", inline: "nearest" });
  } else box.removeAttribute("aria-activedescendant");
}

function renderChoices(w, mine, had) {
  const box = $("choices");
  box.textContent = "";
  const others = mine ? w.legal.filter((l) => !l.card) : [];
  const total = ecartNeeded();
  if (total) {  // the écart's buttons: discard the cards chosen, or take the last one back
    if (state.ecart.length === total) {
      others.push({ action: "ecart:confirm", words: L("ecart_confirm", { count: total, cards: state.ecart.map(inText).join(", ") }) });
    }
    if (state.ecart.length) {
      others.push({ action: "ecart:undo", words: L("ecart_undo", { card: inText(state.ecart[state.ecart.length - 1]) }) });
    }
  }
  for (const l of others) {
    const b = button(l.words, () => (l.action === "ecart:confirm" ? confirmEcart()
      : l.action === "ecart:undo" ? chooseForEcart(state.ecart[state.ecart.length - 1]) : act(l.action)), "choice");
    b.dataset.action = l.action;
    b.addEventListener("keydown", tableKeys);
    box.appendChild(b);
  }
  if (!others.length) {
    const p = document.createElement("p"); p.textContent = L("nochoice"); box.appendChild(p);
  }
  if (had !== null) {  // the focused button was rebuilt: keep the focus in the table
    const same = had.startsWith("#host ")
      ? $("host").querySelector(`button[data-host="${had.slice(6)}"]`) || $("host").querySelector("button")
      : had && box.querySelector(`button[data-action="${CSS.escape(had)}"]`);
    if (same) same.focus(); else focusTable();
  }
}

function act(action) {
  if (!myTurn()) { say(L("notyourturn", { turn: state.words ? state.words.turn : "" }), true); return; }
  state.pending = 1;
  send({ type: "act", table: state.table, action });
  renderTable();
}
function playCard(code) {
  const w = state.words;
  if (!w) return;
  if (!myTurn()) { say(L("notyourturn", { turn: w.turn }), true); return; }
  if (ecartNeeded()) { chooseForEcart(code); return; }
  const direct = w.legal.find((l) => l.action === code) || w.legal.find((l) => l.card === code);
  act(direct ? direct.action : code);  // an illegal card: the server says the engine's reason
}

/* ---- the écart: its cards chosen one by one (and taken back), then discarded at once ---- */
function ecartNeeded() {  // how many cards the écart still needs, when it is mine to make
  const f = state.frame;
  if (!f || f.view.phase !== "ecart" || !myTurn()) return 0;
  const info = f.view.info || {};
  return Math.max(0, Number(info.chien_size || 0) - (info.ecart || []).length);
}
function ecartAction(code) {
  const l = state.words.legal.find((x) => x.card === code);
  return l ? l.action : null;
}
function cardName(code) {
  for (const g of state.words.hand) for (const c of g.cards) if (c.code === code) return c.name;
  return code;
}
function inText(code) { const name = cardName(code); return name.charAt(0).toLowerCase() + name.slice(1); }
function chooseForEcart(code) {
  const total = ecartNeeded(), at = state.ecart.indexOf(code);
  if (at >= 0) {
    state.ecart.splice(at, 1);
    say(L("ecart_back", { card: cardName(code), count: state.ecart.length, total }));
  } else if (!ecartAction(code)) {
    act(`discard ${code}`);  // not a card the écart may take: the server says why
    return;
  } else if (state.ecart.length >= total) {
    say(L("ecart_full", { total }), true);
    return;
  } else {
    state.ecart.push(code);
    say(L("ecart_chosen", { card: cardName(code), count: state.ecart.length, total }));
  }
  renderTable();
}
function confirmEcart() {
  const actions = state.ecart.map(ecartAction);
  if (!actions.length || actions.includes(null) || actions.length !== ecartNeeded()) return;
  state.ecart = [];
  // the server sends an update for each card: the turn is not the page's again before the last
  state.pending = actions.length;
  send({ type: "acts", table: state.table, actions });
  renderTable();
}

function hinted(frame) {
  if (frame.table !== state.table) return;
  say(frame.said);
  $("hint-text").textContent = frame.said || "";
  const code = handCodes().includes(frame.action) ? frame.action
    : (state.words.legal.find((l) => l.action === frame.action) || {}).card;
  if (code) { setActive(code); $("hand").focus(); return; }
  const b = $("choices").querySelector(`button[data-action="${CSS.escape(frame.action)}"]`);
  if (b) b.focus();
}

/* ---- keys: only in the hand, the choices and the command box (never in browse mode) ---- */
function shortcut(key) {
  const w = state.words;
  if (!w || !$("opt-shortcuts").checked) return false;
  key = key.toLowerCase();
  if (!KEYS.includes(key)) return false;
  if (key === "?") { say(helpText()); return true; }
  if (key === "i") { hint(); return true; }
  const chosen = (w.keys || {})[key] || [];
  if (chosen.length) {
    const b = $("choices").querySelector(`button[data-action="${CSS.escape(chosen[0])}"]`);
    if (b) { b.focus(); return true; }
  }
  if (key === "h" || key === "g") { say(w.answers.w); return true; }
  say(w.answers[key] || "");
  return true;
}
function helpText() {
  const game = state.frame ? state.labels[`help_${state.frame.info.game}`] : "";
  if (game) return game;  // the game's own keys, only those it has
  const parts = ["key_play", "key_move", "key_c", "key_a", "key_f", "key_h", "key_g", "key_s", "key_t",
                 "key_l", "key_w", "key_i", "key_m", "key_k", "key_o", "key_help"].map((k) => L(k));
  return L("keys", { keys: parts.join("; ") });
}
function hint() {
  if (!myTurn()) { say(L("nohint")); return; }
  send({ type: "hint", table: state.table });
}

function tableKeys(e) {
  if (e.ctrlKey || e.altKey || e.metaKey) return;
  if (e.key.length === 1 && shortcut(e.key)) e.preventDefault();
}
function handKeys(e) {
  const codes = handCodes();
  if (!codes.length) return;
  let i = Math.max(0, codes.indexOf(state.active));
  switch (e.key) {
    case "ArrowRight": case "ArrowDown": i = Math.min(codes.length - 1, i + 1); break;
    case "ArrowLeft": case "ArrowUp": i = Math.max(0, i - 1); break;
    case "Home": i = 0; break;
    case "End": i = codes.length - 1; break;
    case "Enter": case " ": e.preventDefault(); if (state.active) playCard(state.active); return;
    default: return tableKeys(e);
  }
  e.preventDefault();
  setActive(codes[i]);
}

function command(text) {
  text = text.trim();
  if (!text) return;
  if (text.length === 1 && shortcut(text)) return;
  const w = state.words;
  if (!w) return;
  const lower = text.toLowerCase();
  const found = w.legal.find((l) => l.action.toLowerCase() === lower || l.words.toLowerCase() === lower
                                   || (l.card && l.card.toLowerCase() === lower));
  if (found) act(found.action);
  else if (myTurn()) act(text);  // the server answers with the reason in words
  else say(L("notyourturn", { turn: w.turn }), true);
}

/* ---- wiring ---- */
function signOut() {
  if (state.token) fetch("/api/logout", { method: "POST", headers: { authorization: `Bearer ${state.token}` } }).catch(() => {});
  state.token = null; state.player = null;
  localStorage.removeItem("atout.token"); localStorage.removeItem("atout.player");
  leaveTable();
  const ws = state.ws; state.ws = null; if (ws) ws.close();
  $("whoami").textContent = ""; $("signout").hidden = true;
  showSignin();
}
async function signIn(path) {
  const name = $("name").value.trim(), password = $("password").value;
  try {
    const answer = await post(path, path === "/api/guest" ? { name } : { name, password });
    state.token = answer.token; state.player = answer.player;
    localStorage.setItem("atout.token", answer.token);
    localStorage.setItem("atout.player", JSON.stringify(answer.player));
    connect();
  } catch (err) {
    say(state.labels[`err_${err.error}`] || L("err_other", { reason: err.message || err }), true);
  }
}

function wire() {
  $("signin-form").addEventListener("submit", (e) => {
    e.preventDefault(); signIn($("password").value ? "/api/login" : "/api/guest");
  });
  $("login").addEventListener("click", () => signIn("/api/login"));
  $("register").addEventListener("click", () => signIn("/api/register"));
  $("signout").addEventListener("click", signOut);
  $("refresh").addEventListener("click", () => send({ type: "lobby" }));
  $("c-game").addEventListener("change", createFormGame);
  $("c-players").addEventListener("change", createFormSeats);
  $("create-form").addEventListener("submit", (e) => {
    e.preventDefault();
    const game = $("c-game").value;
    const message = { type: "create", game, seat: Number($("c-seat").value), private: $("c-private").checked, rated: $("c-rated").checked,
                      options: createOptions(game) };
    if ($("c-deals").value) message.deals = Number($("c-deals").value);
    pendingFill = $("c-fill").checked ? $("c-bot").value : null;
    send(message);
  });
  $("join-form").addEventListener("submit", (e) => {
    e.preventDefault();
    const message = { type: "join", table: Number($("j-table").value), seat: Number($("j-seat").value) - 1 };
    if ($("j-invite").value.trim()) message.invite = $("j-invite").value.trim();
    send(message);
  });
  $("hand").addEventListener("keydown", handKeys);
  $("command").addEventListener("keydown", (e) => {
    if (e.key === "Escape") { $("command").value = ""; }
  });
  $("command-form").addEventListener("submit", (e) => {
    e.preventDefault(); const text = $("command").value; $("command").value = ""; command(text);
  });
  $("chat-form").addEventListener("submit", (e) => {
    e.preventDefault();
    const text = $("chat").value.trim();
    if (text && state.table) send({ type: "chat", table: state.table, text });
    $("chat").value = "";
  });
  $("leave").addEventListener("click", () => { if (state.table) send({ type: "leave", table: state.table }); });
  $("back").addEventListener("click", () => {
    if (state.table && state.frame && mySeat() === null) send({ type: "leave", table: state.table });
    showLobby();
  });
  $("rematch").addEventListener("click", () => send({ type: "rematch", table: state.table }));
  $("lang").addEventListener("change", async () => {
    state.lang = $("lang").value; localStorage.setItem("atout.lang", state.lang);
    await loadLabels();
    if (state.token) {  // a new connection in the new language; a snapshot in its words
      state.epoch = ""; state.n = 0;
      const ws = state.ws; state.ws = null; if (ws) ws.close(); connect();
    }
  });
  $("hint-btn").addEventListener("click", hint);
  $("last-btn").addEventListener("click", lastTrick);
  $("sheet-btn").addEventListener("click", openSheet);
  $("rules-btn").addEventListener("click", openRules);
  $("howto-btn").addEventListener("click", openHowto);
  const savedDeck = localStorage.getItem("atout.deck");
  if (savedDeck === "swiss" || savedDeck === "french") $("opt-deck").value = savedDeck;
  $("opt-deck").addEventListener("change", () => {
    localStorage.setItem("atout.deck", $("opt-deck").value);
    if (state.frame) renderTable();
  });
  for (const id of ["opt-shortcuts", "opt-sound", "opt-confirm"]) {
    const saved = localStorage.getItem(`atout.${id}`);
    if (saved !== null) $(id).checked = saved === "1";
    $(id).addEventListener("change", () => localStorage.setItem(`atout.${id}`, $(id).checked ? "1" : "0"));
  }
}

async function main() {
  installSprite();
  wire();
  await loadLabels();
  for (const line of JSON.parse(sessionStorage.getItem("atout.log") || "[]")) {
    const li = document.createElement("li"); li.textContent = line; $("messages").appendChild(li);
  }
  const params = new URLSearchParams(location.search);
  if (params.get("table")) { $("j-table").value = params.get("table"); $("j-invite").value = params.get("invite") || ""; }
  if (state.token) connect(); else showSignin();
}
window.tableOptions = tableOptions;  // for the tests, as before the page was a module
window.ecartNeeded = ecartNeeded;  // for the tests: how many cards the écart still needs
main();
