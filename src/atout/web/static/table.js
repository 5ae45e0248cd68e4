/* The drawn table: the seats around the felt, the trick in the middle (a won trick stays a
   moment, then goes to its winner's side), the contract, the chien, the stock and the discard
   pile. All of it is aria-hidden: the page's headings, list box and live regions say the same
   to a screen reader. It only draws what the frame's view already holds (the seat's view). */

import { cardElement } from "./cards.js";

/* the next seat to play (+1 or -1 in the engine's numbering), and the side of the screen it
   sits on (+1: on my right, counter-clockwise games) */
const STEP = { jass: -1, putze: -1, tarot: 1, pitch: 1, "knock-rummy": 1 };
const SIDE = { jass: 1, putze: 1, tarot: 1, pitch: -1, "knock-rummy": -1 };
const SHOW_MS = 1300, FLY_MS = 450;
const SYMBOL = { H: "♥", D: "♦", S: "♠", C: "♣" };

export const felt = { shown: null, timer: null, lastTrick: null, prevTable: [], ended: null };

function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined && text !== null) e.textContent = String(text);
  return e;
}

/** Where seat ``s`` sits, in percent of the felt: the viewer (or seat 0 for a spectator) at
    the bottom, the others around in the order of play. */
export function seatPlace(game, seats, me, s) {
  const k = (((s - (me ?? 0)) * (STEP[game] || 1)) % seats + seats) % seats;
  const angle = (90 - (SIDE[game] || 1) * k * 360 / seats) * Math.PI / 180;
  return { x: 50 + 41 * Math.cos(angle), y: 50 + 38 * Math.sin(angle), k };
}

/** How many cards each seat holds, when the view says it or it can be worked out. */
export function cardsLeft(view) {
  const info = view.info || {}, n = view.seats;
  if (Array.isArray(info.hand_sizes)) return info.hand_sizes;
  if (!["jass", "putze", "tarot"].includes(view.game) || view.phase !== "play") return null;
  const played = new Set(view.table.map((t) => t[0]));
  const tricks = (info.tricks || []).length;
  let start = null;
  if (typeof view.seat === "number") start = view.hand.length + tricks + (played.has(view.seat) ? 1 : 0);
  else if (view.game === "jass") start = 9;
  else if (view.game === "tarot") start = (78 - (info.chien_size || 6)) / n;
  if (start === null) return null;
  const out = new Set((info.out || []).map(Number));
  return Array.from({ length: n }, (_, s) => (out.has(s) ? 0 : start - tricks - (played.has(s) ? 1 : 0)));
}

/* the marks of a seat: dealer, taker/pitcher/partner/knocker, its bid */
function marks(view, s, L) {
  const info = view.info || {}, out = [];
  if (view.dealer === s) out.push(["dealer", L("mark_dealer")]);
  if (info.taker === s) out.push(["taker", info.contract ? L("pair", { name: L("mark_taker"), value: info.contract }) : L("mark_taker")]);
  if (info.partner === s && info.partner !== info.taker) out.push(["partner", L("mark_partner")]);
  if (info.pitcher === s) out.push(["taker", info.bid ? L("pair", { name: L("mark_pitcher"), value: info.bid }) : L("mark_pitcher")]);
  if (info.chooser === s && info.trump) out.push(["taker", L("mark_trump")]);
  if (info.knocker === s) out.push(["taker", L("mark_knocker")]);
  if (info.trump_card_holder === s && info.trump_card) out.push(["mark", L("mark_trumpcard")]);
  return out;
}

/* what a seat said in the auction, while the auction is on */
function bidOf(view, s) {
  const info = view.info || {};
  if (view.phase === "play" || view.is_over) return null;
  if (Array.isArray(info.bids)) {
    if (view.game === "pitch") {
      const b = info.bids[s];
      return b === null || b === undefined ? null : String(b);
    }
    const mine = info.bids.filter((b) => b[0] === s);
    return mine.length ? String(mine[mine.length - 1][1]) : null;
  }
  if (info.declarations && info.declarations[String(s)]) return String(info.declarations[String(s)]);
  return null;
}

function drawSeats(root, f, ctx) {
  const view = f.view, info = f.info, n = view.seats, me = ctx.me;
  const left = cardsLeft(view);
  const teams = (view.info || {}).teams;
  for (let s = 0; s < n; s++) {
    const place = seatPlace(view.game, n, me, s);
    const box = el("div", "seat");
    box.dataset.seat = String(s);
    box.style.left = `${place.x}%`; box.style.top = `${place.y}%`;
    const who = info.seats[s] || {};
    const turn = info.status === "playing" && view.to_move === s;
    if (turn) box.classList.add("turn");
    if (s === me) box.classList.add("me");
    if (Array.isArray(teams)) box.classList.add(teams[0].includes(s) ? "team0" : "team1");
    box.dataset.turn = String(turn);
    const name = el("div", "seat-name", ctx.names[s] || `${s + 1}`);
    const kind = el("span", "seat-kind", who.bot ? "⚙" : "●");
    kind.title = who.bot ? ctx.L("mark_bot") : ctx.L("mark_person");
    name.prepend(kind);
    box.appendChild(name);
    const line = el("div", "seat-line");
    if (!who.name && !who.bot) line.appendChild(el("span", "mark away", ctx.L("empty")));
    else if (who.name && !who.connected && !who.standin) line.appendChild(el("span", "mark away", ctx.L("away")));
    for (const [cls, text] of marks(view, s, ctx.L)) line.appendChild(el("span", `mark ${cls}`, text));
    if (left && s !== me) {
      const count = el("span", "mark count", `🂠 ${left[s]}`);
      count.dataset.left = String(left[s]);
      line.appendChild(count);
    }
    box.appendChild(line);
    const bid = bidOf(view, s);
    if (bid) box.appendChild(el("div", "bubble", bid));
    if (turn) box.appendChild(el("div", "turn-flag", s === me ? ctx.L("yourturn") : ctx.L("toplay")));
    const known = ((view.info || {}).known || [])[s];
    if (Array.isArray(known) && known.length) {  // cards taken from the discard pile, public
      const row = el("div", "seat-cards");
      for (const c of known) row.appendChild(cardElement(c, ctx.deck, ctx.lang));
      box.appendChild(row);
    }
    const shown = felt.ended && felt.ended.shows && felt.ended.shows[s];
    if (shown && shown.melds && shown.melds.length) {  // Knock Rummy: the melds at a knock
      const row = el("div", "seat-cards melds");
      for (const meld of shown.melds) {
        const group = el("span", "meld");
        for (const c of meld) group.appendChild(cardElement(c, ctx.deck, ctx.lang));
        row.appendChild(group);
      }
      box.appendChild(row);
    }
    root.appendChild(box);
  }
}

function drawTrick(root, plays, ctx, cls) {
  const area = el("div", "trick-area " + (cls || ""));
  plays.forEach(([s, code], i) => {
    const place = seatPlace(ctx.game, ctx.seats, ctx.me, s);
    const card = cardElement(code, ctx.deck, ctx.lang);
    card.classList.add("played");
    card.dataset.seat = String(s); card.dataset.card = code;
    card.style.left = `${50 + (place.x - 50) * 0.42}%`;
    card.style.top = `${50 + (place.y - 50) * 0.40}%`;
    card.style.zIndex = String(10 + i);
    area.appendChild(card);
  });
  root.appendChild(area);
  return area;
}

/* the bar above the felt: the trump or contract, the called king, Putze's trump card, the
   taker's écart in play; the felt's middle: the stock and discard pile, the chien */
function drawCenter(root, f, ctx) {
  const view = f.view, info = view.info || {};
  const bar = ctx.bar;
  if (bar) bar.textContent = "";
  const contract = el("span", "felt-contract");
  // the trump in words where it is short (the taker's contract is at the taker's seat)
  if (["jass", "putze", "pitch"].includes(view.game)) contract.textContent = ctx.words.answers.a || "";
  const trump = info.trump;
  if (typeof trump === "string" && SYMBOL[trump] && view.game !== "knock-rummy") {
    contract.prepend(el("span", "felt-trump " + (trump === "H" || trump === "D" ? "red" : ""), SYMBOL[trump]));
  }
  const mid = el("div", "felt-mid");
  const row = el("div", "felt-row");
  const pile = (where, label, codes, back, count) => {
    const box = el("div", "pile");
    box.appendChild(el("div", "pile-name", label));
    const cards = el("div", "pile-cards");
    if (back) cards.appendChild(cardElement(null));
    for (const c of codes) cards.appendChild(cardElement(c, ctx.deck, ctx.lang));
    box.appendChild(cards);
    if (count !== undefined) box.appendChild(el("div", "pile-count", count));
    where.appendChild(box);
  };
  const top = el("div", "bar-piles");
  if (view.game === "knock-rummy") {
    pile(row, ctx.L("stock"), [], info.stock > 0, String(info.stock));
    pile(row, ctx.L("discardpile"), info.top_discard ? [info.top_discard] : [], false,
         String((info.discard_pile || []).length));
  }
  if (view.game === "tarot") {
    if (info.called) pile(top, ctx.L("calledking"), [info.called]);
    // the chien until the taker takes it; during the écart its cards are in the taker's hand:
    // the felt shows the écart being made (the cards the taker chose, not yet sent) instead
    const before = view.phase !== "play" && view.phase !== "ecart";
    if (Array.isArray(info.chien) && info.chien.length && before) pile(row, ctx.L("chien"), info.chien);
    else if (before && info.chien_size) pile(row, ctx.L("chien"), [], true, String(info.chien_size));
    const ecart = [...(Array.isArray(info.ecart) ? info.ecart : []),
                   ...(view.phase === "ecart" && Array.isArray(ctx.ecart) ? ctx.ecart : [])];
    if (ecart.length) pile(view.phase === "play" ? top : row, ctx.L("ecart"), ecart);
  }
  if (view.game === "putze" && info.trump_card) pile(top, ctx.L("trumpcard"), [info.trump_card]);
  if (view.game === "putze" && info.talon && info.talon !== "none" && info.blind_available && view.phase !== "play") {
    pile(row, ctx.L("blind"), [], true);
  }
  if (view.game === "putze" && Array.isArray(info.own_discards) && info.own_discards.length) {
    pile(top, ctx.L("ecart"), info.own_discards);
  }
  if (bar) {
    bar.appendChild(contract);
    if (top.childElementCount) bar.appendChild(top);
  }
  if (row.childElementCount && !view.table.length || view.game === "knock-rummy") {
    mid.appendChild(row);
    root.appendChild(mid);
  }
}

function drawEnd(root, ctx) {
  if (!felt.ended) return;
  const box = el("div", "deal-end");
  box.appendChild(el("div", "deal-end-title", felt.ended.title));
  for (const line of felt.ended.lines) box.appendChild(el("div", "deal-end-line", line));
  root.appendChild(box);
}

/** Take in an update before it is drawn: a won trick (to show it a moment, then send it to
    its winner) and the end of a deal (its summary stays until the next deal's first card). */
export function noteUpdate(frame, previous) {
  const events = frame.events || [];
  const before = previous && previous.view ? previous.view.table.map((t) => [t[0], t[1]]) : [];
  const plays = [...before];
  for (const e of events) {
    if (e.kind === "card" && typeof e.seat === "number") plays.push([e.seat, e.card]);
    if (e.kind === "trick" && Array.isArray(e.cards)) {
      const seatOf = new Map(plays.map(([s, c]) => [c, s]));
      const trick = e.cards.map((c) => [seatOf.has(c) ? seatOf.get(c) : -1, c]).filter((p) => p[0] >= 0);
      felt.lastTrick = { plays: trick, winner: e.seat };
      felt.shown = { plays: trick, winner: e.seat, at: Date.now(), fly: true };
      plays.length = 0;
    }
    if (e.kind === "card" || e.kind === "discard") felt.ended = null;  // play goes on
  }
}

/** The summary of a deal's end, drawn in the middle until the next deal's play begins. */
export function dealEnded(title, lines, shows) {
  felt.ended = { title, lines, shows: shows || {} };
}

/** Show the last trick again, for a moment. */
export function showLastTrick(redraw) {
  if (!felt.lastTrick) return false;
  felt.shown = { ...felt.lastTrick, at: Date.now(), fly: false };
  redraw();
  return true;
}

/** Draw the felt for ``frame``; ``ctx``: me, names, deck, lang, words, L (labels),
    redraw (to call again when a shown trick is over). */
export function drawFelt(root, frame, ctx) {
  root.textContent = "";
  const view = frame.view;
  ctx.game = view.game; ctx.seats = view.seats;
  root.dataset.game = view.game;
  root.dataset.seats = String(view.seats);
  drawSeats(root, frame, ctx);
  drawCenter(root, frame, ctx);
  clearTimeout(felt.timer);
  const shown = felt.shown;
  const age = shown ? Date.now() - shown.at : 0;
  const still = (typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches);
  if (shown && age < SHOW_MS + (shown.fly ? FLY_MS : 0)) {
    root.dataset.showing = "true";
    const area = drawTrick(root, shown.plays, ctx, "won");
    if (shown.fly && age >= SHOW_MS && !still) {  // off to the winner's side
      const to = seatPlace(view.game, view.seats, ctx.me, shown.winner);
      area.style.setProperty("--fly-x", `${(to.x - 50) * 0.9}%`);
      area.style.setProperty("--fly-y", `${(to.y - 50) * 0.9}%`);
      area.classList.add("fly");
    }
    const next = age < SHOW_MS ? SHOW_MS - age : SHOW_MS + FLY_MS - age;
    felt.timer = setTimeout(ctx.redraw, Math.max(20, next));
  } else {
    felt.shown = null;
    root.dataset.showing = "false";
    if (view.game !== "knock-rummy") drawTrick(root, view.table.map((t) => [t[0], t[1]]), ctx, "current");
  }
  drawEnd(root, ctx);
}

/** Forget what was drawn (another table). */
export function resetFelt() {
  clearTimeout(felt.timer);
  felt.shown = null; felt.lastTrick = null; felt.ended = null;
}
