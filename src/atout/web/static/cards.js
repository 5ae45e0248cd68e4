/* atout's card faces, drawn by the project (no image files): one SVG sprite of suit pips put
   in the page once, and each card an <svg> of a few <use> of it. French suits for every game;
   the Swiss-German deck (Rosen, Schellen, Schilten, Eicheln) for the Jass family; Tarot's 21
   trumps with their number large, the excuse and the three bouts framed in gold.
   Licence: the same as atout's code (MIT), see docs/web.md. Every card is aria-hidden: its
   name is said by the element that holds it. */

const NS = "http://www.w3.org/2000/svg";
const RED = "#c0172b", BLACK = "#1a1a1a", GOLD = "#c9a227";

/* each pip in a 10 × 10 box */
const PIPS = {
  H: `<path fill="${RED}" d="M5 9.3C1.2 6.4 0 4.4 1.2 2.4 2.4.7 4.3 1 5 2.6 5.7 1 7.6.7 8.8 2.4 10 4.4 8.8 6.4 5 9.3Z"/>`,
  D: `<path fill="${RED}" d="M5 .4 8.7 5 5 9.6 1.3 5Z"/>`,
  S: `<path fill="${BLACK}" d="M5 .5C3 3 .7 4.3.9 6.2c.2 1.7 2.3 2.2 3.5 1L3.7 9.5h2.6L5.6 7.2c1.2 1.2 3.3.7 3.5-1C9.3 4.3 7 3 5 .5Z"/>`,
  C: `<g fill="${BLACK}"><circle cx="5" cy="2.9" r="2"/><circle cx="2.8" cy="5.9" r="2"/><circle cx="7.2" cy="5.9" r="2"/><path d="M4.4 5.4 3.6 9.5h2.8L5.6 5.4Z"/></g>`,
  /* the Swiss-German suits: Rosen (roses), Schellen (bells), Schilten (shields), Eicheln (acorns) */
  sH: `<g><g fill="${RED}" stroke="#6d0d18" stroke-width=".3"><circle cx="5" cy="2.4" r="2"/><circle cx="7.5" cy="4.2" r="2"/><circle cx="6.6" cy="7.2" r="2"/><circle cx="3.4" cy="7.2" r="2"/><circle cx="2.5" cy="4.2" r="2"/></g><circle cx="5" cy="5" r="1.6" fill="#f2c832" stroke="#6d0d18" stroke-width=".3"/></g>`,
  sD: `<g stroke="#6b4a00" stroke-width=".35"><circle cx="5" cy="1.3" r=".8" fill="#e8b51e"/><circle cx="5" cy="5.6" r="3.9" fill="#e8b51e"/><path d="M1.3 4.6h7.4" fill="none" stroke-width=".7" stroke="#b5281e"/><path d="M3.2 7.6h3.6" fill="none"/><circle cx="5" cy="7.7" r=".5" fill="#3b2a00"/></g>`,
  sS: `<g stroke="#222" stroke-width=".35"><path fill="#f0c419" d="M1.4.8h7.2V5c0 2.5-2 4-3.6 4.7C3.4 9 1.4 7.5 1.4 5Z"/><path fill="${RED}" d="M1.4.8H5v8.9C3.4 9 1.4 7.5 1.4 5Z"/><path fill="none" d="M1.4 3.6h7.2"/></g>`,
  sC: `<g stroke="#3a2410" stroke-width=".3"><path fill="#3f8a2a" d="M5 .4c1.6.2 2.4 1.2 2.6 2.2C6.4 2.4 5.6 1.6 5 .4Z"/><path fill="#8a5a2b" d="M2.5 5.4C2.5 8 3.6 9.6 5 9.6S7.5 8 7.5 5.4Z"/><path fill="#5b3a1b" d="M2.1 5.6C2.1 3.6 3.4 2.5 5 2.5s2.9 1.1 2.9 3.1Z"/><path fill="none" d="M3 4.3l4-.9M3 5.2l4.6-.9M5 2.5v-1"/></g>`,
};

const CORNER = { 6: "6", 7: "7", 8: "8", 9: "9", T: "10", A: "A", K: "K", Q: "Q", J: "J", N: "C" };
const CORNER_FR = { ...CORNER, K: "R", Q: "D", J: "V", N: "C" };
const CORNER_SWISS = { ...CORNER, K: "K", Q: "O", J: "U" };
/* where the pips of a number card go: [x, y] in a 60 × 84 card */
const L = 21, C = 30, R = 39;
const LAYOUT = {
  1: [[C, 42]], 2: [[C, 20], [C, 64]], 3: [[C, 20], [C, 42], [C, 64]],
  4: [[L, 20], [R, 20], [L, 64], [R, 64]],
  5: [[L, 20], [R, 20], [C, 42], [L, 64], [R, 64]],
  6: [[L, 20], [R, 20], [L, 42], [R, 42], [L, 64], [R, 64]],
  7: [[L, 20], [R, 20], [C, 31], [L, 42], [R, 42], [L, 64], [R, 64]],
  8: [[L, 20], [R, 20], [C, 31], [L, 42], [R, 42], [C, 53], [L, 64], [R, 64]],
  9: [[L, 18], [R, 18], [L, 33], [R, 33], [C, 42], [L, 51], [R, 51], [L, 66], [R, 66]],
  10: [[L, 18], [R, 18], [C, 26], [L, 33], [R, 33], [L, 51], [R, 51], [C, 58], [L, 66], [R, 66]],
};

let sprite = null;
/** Put the pips' sprite in the page once (hidden from everyone). */
export function installSprite() {
  if (sprite && document.contains(sprite)) return;
  sprite = document.createElementNS(NS, "svg");
  sprite.setAttribute("aria-hidden", "true");
  sprite.setAttribute("width", "0"); sprite.setAttribute("height", "0");
  sprite.style.position = "absolute";
  sprite.innerHTML = "<defs>" + Object.entries(PIPS).map(
    ([k, body]) => `<symbol id="pip-${k}" viewBox="0 0 10 10">${body}</symbol>`).join("")
    + `<pattern id="back-lines" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">`
    + `<rect width="6" height="6" fill="#1d4f8f"/><path d="M0 3h6" stroke="#8fb3e0" stroke-width="1.2"/></pattern></defs>`;
  document.body.prepend(sprite);
}

/** What a card code is: {kind: "suit"|"trump"|"excuse", rank, suit, number}. */
export function parse(code) {
  if (code === "EX") return { kind: "excuse", rank: "EX", suit: "", number: 0 };
  if (/^T\d+$/.test(code)) return { kind: "trump", rank: code, suit: "", number: Number(code.slice(1)) };
  const suit = code.slice(-1), rank = code.slice(0, -1);
  return { kind: "suit", rank, suit, number: rank === "T" ? 10 : Number(rank) || 0 };
}

/** The deck the settings chose: "swiss" is used only for the games of the Jass family. */
export function deckFor(game, choice) {
  return choice === "swiss" && (game === "jass" || game === "putze") ? "swiss" : "french";
}

function use(pip, x, y, size, flip) {
  const h = size / 2;
  const turn = flip ? ` transform="rotate(180 ${x} ${y})"` : "";
  return `<use href="#pip-${pip}" x="${x - h}" y="${y - h}" width="${size}" height="${size}"${turn}/>`;
}

function suitFace(card, deck, lang) {
  const swiss = deck === "swiss";
  const pip = (swiss ? "s" : "") + card.suit;
  const red = !swiss && (card.suit === "H" || card.suit === "D");
  const ink = red ? RED : BLACK;
  const names = swiss ? CORNER_SWISS : lang === "fr" ? CORNER_FR : CORNER;
  const label = names[card.rank] || card.rank;
  let body = "";
  const corner = (x, y, flip) => `<g${flip ? ` transform="rotate(180 30 42)"` : ""}>`
    + `<text x="${x}" y="${y}" font-size="11" font-weight="700" text-anchor="middle" fill="${ink}" font-family="system-ui,sans-serif">${label}</text>`
    + use(pip, x, y + 6.5, 7.5, false) + "</g>";
  body += corner(7.5, 12, false) + corner(7.5, 12, true);
  const face = { J: 1, Q: 1, K: 1, N: 1 }[card.rank];
  if (face) {
    body += `<rect x="14" y="12" width="32" height="60" rx="3" fill="${swiss ? "#f6edd2" : "#f3ead0"}" stroke="${ink}" stroke-width=".8"/>`
      + `<text x="30" y="50" font-size="26" font-weight="700" text-anchor="middle" fill="${ink}" font-family="Georgia,serif">${label}</text>`
      + use(pip, 30, 22, 10, false) + use(pip, 30, 62, 10, true);
  } else if (card.rank === "A" || card.number === 1) {
    body += use(pip, 30, 42, swiss ? 26 : 22, false);
  } else if (swiss && card.rank === "T") {  // the Banner
    body += `<path d="M22 20v46" stroke="#6b4a00" stroke-width="1.4"/><path d="M22 21h18l-4 7 4 7H22Z" fill="#e8e2cf" stroke="#6b4a00" stroke-width=".6"/>`
      + use(pip, 31, 28, 7, false) + use(pip, 31, 52, 14, false);
  } else {
    const spots = LAYOUT[card.number] || [];
    for (const [x, y] of spots) body += use(pip, x, y, 10, y > 44);
  }
  return body;
}

function trumpFace(card) {
  const bout = card.number === 1 || card.number === 21;
  let body = `<rect x="4" y="4" width="52" height="76" rx="3" fill="#eef3fb" stroke="#2b4f86" stroke-width=".8"/>`
    + `<text x="${card.number > 9 ? 18 : 17}" y="51" font-size="${card.number > 9 ? 21 : 30}" font-weight="800" text-anchor="middle" fill="#17365f" font-family="Georgia,serif">${card.number}</text>`
    + `<text x="8" y="13" font-size="9" font-weight="700" fill="#17365f" font-family="system-ui,sans-serif">${card.number}</text>`
    + `<text x="52" y="78" font-size="9" font-weight="700" text-anchor="end" fill="#17365f" font-family="system-ui,sans-serif">${card.number}</text>`
    + `<path d="M14 64h32M14 20h32" stroke="#2b4f86" stroke-width=".6"/>`;
  if (bout) body += `<text x="30" y="17" font-size="10" text-anchor="middle" fill="${GOLD}">★</text>`;
  return body;
}

function excuseFace() {
  return `<rect x="4" y="4" width="52" height="76" rx="3" fill="#fbf4df" stroke="${GOLD}" stroke-width="1"/>`
    + `<text x="30" y="44" font-size="26" text-anchor="middle" fill="${GOLD}">★</text>`
    + `<text x="30" y="62" font-size="9" font-weight="700" text-anchor="middle" fill="#5b4310" font-family="system-ui,sans-serif">EXCUSE</text>`
    + `<text x="8" y="13" font-size="9" font-weight="700" fill="#5b4310">★</text>`;
}

/** The SVG markup of a card's face: ``deck`` "french" or "swiss"; ``lang`` for the letters
    of the court cards (R, D, V, C in French). */
export function faceSvg(code, deck = "french", lang = "en") {
  const card = parse(code);
  const bout = card.kind === "excuse" || (card.kind === "trump" && (card.number === 1 || card.number === 21));
  const body = card.kind === "trump" ? trumpFace(card) : card.kind === "excuse" ? excuseFace()
    : suitFace(card, deck, lang);
  const edge = bout ? `stroke="${GOLD}" stroke-width="2.4"` : `stroke="#777" stroke-width="1"`;
  return `<svg class="face" viewBox="0 0 60 84" aria-hidden="true" focusable="false">`
    + `<rect x=".5" y=".5" width="59" height="83" rx="5" fill="#fff" ${edge}/>${body}</svg>`;
}

/** The SVG markup of a card's back. */
export function backSvg() {
  return `<svg class="face" viewBox="0 0 60 84" aria-hidden="true" focusable="false">`
    + `<rect x=".5" y=".5" width="59" height="83" rx="5" fill="#fff" stroke="#777"/>`
    + `<rect x="4" y="4" width="52" height="76" rx="3" fill="url(#back-lines)"/></svg>`;
}

/** A card element (a <span class="pcard">) with its face, aria-hidden. */
export function cardElement(code, deck, lang) {
  const el = document.createElement("span");
  el.className = "pcard";
  el.setAttribute("aria-hidden", "true");
  el.dataset.card = code || "";
  el.innerHTML = code ? faceSvg(code, deck, lang) : backSvg();
  return el;
}
