// Playing cards drawn as SVG from their wire codes ("AS", "10D", "QH"), and as short text ("Q♥").
// Suits are drawn as paths, not font glyphs, so they look the same in every browser.
// Example: document.body.append(cardSVG("10D"), cardSVG(null)) draws the ten of diamonds and a card back.

const SVG = "http://www.w3.org/2000/svg";
const SUITS = { S: "♠", H: "♥", D: "♦", C: "♣" };
const RED = new Set(["H", "D"]);
const CARD_RE = /^(10|[1-9AJQKN])([SHDC])$/; // N: the Tarok cavalier; 1..4: Tarok's red pips
const TRUMP_RE = /^(?:T([1-9]|1[0-9]|2[01])|SKIS)$/;
const HIDDEN = new Set(["??", "##"]);
const ROMAN = ["", "I", "II", "III", "IIII", "V", "VI", "VII", "VIII", "IX", "X", "XI", "XII", "XIII", "XIV", "XV",
  "XVI", "XVII", "XVIII", "XIX", "XX", "XXI"];

// Suit outlines in a 100×100 box.
const SUIT_PATHS = {
  D: "M50 0 L88 50 L50 100 L12 50 Z",
  H: "M50 96 C22 72 0 54 0 30 C0 12 13 0 28 0 C40 0 48 8 50 18 C52 8 60 0 72 0 C87 0 100 12 100 30 C100 54 78 72 50 96 Z",
  S: "M50 0 C78 24 100 44 100 62 C100 78 88 88 74 88 C64 88 57 83 54 77 C55 87 59 94 68 100 L32 100 C41 94 45 87 46 77 " +
     "C43 83 36 88 26 88 C12 88 0 78 0 62 C0 44 22 24 50 0 Z",
  C: "M50 2 A22 22 0 0 1 68 37 A22 22 0 1 1 55 72 C56 86 60 94 68 100 L32 100 C40 94 44 86 45 72 A22 22 0 1 1 32 37 " +
     "A22 22 0 0 1 50 2 Z",
};

// Pip centres for 2..10 in a 60×84 card (A and faces are drawn differently).
const L = 20, M = 30, R = 40, T = 21, B = 63, MID = 42;
const PIPS = {
  2: [[M, T], [M, B]],
  3: [[M, T], [M, MID], [M, B]],
  4: [[L, T], [R, T], [L, B], [R, B]],
  5: [[L, T], [R, T], [M, MID], [L, B], [R, B]],
  6: [[L, T], [R, T], [L, MID], [R, MID], [L, B], [R, B]],
  7: [[L, T], [R, T], [M, 31.5], [L, MID], [R, MID], [L, B], [R, B]],
  8: [[L, T], [R, T], [M, 31.5], [L, MID], [R, MID], [M, 52.5], [L, B], [R, B]],
  9: [[L, T], [R, T], [L, 35], [R, 35], [M, MID], [L, 49], [R, 49], [L, B], [R, B]],
  10: [[L, T], [R, T], [M, 28], [L, 35], [R, 35], [L, 49], [R, 49], [M, 56], [L, B], [R, B]],
};

/** Split a card code into {rank, suit}, or null when it is not a French-suited card code. */
export function parseCard(code) {
  const m = CARD_RE.exec(String(code));
  return m ? { rank: m[1], suit: m[2] } : null;
}

/** True for any code drawn as a card: a suited card, a Tarok trump (T1..T21, SKIS), or a hidden one ("##", "??"). */
export function isCard(code) {
  return typeof code === "string" && (HIDDEN.has(code) || TRUMP_RE.test(code) || !!parseCard(code));
}

/** True when a list is not empty and every item is a card (so a view field can be drawn as cards). */
export function isCardList(list) {
  return Array.isArray(list) && list.length > 0 && list.every(isCard);
}

/** "QH" → "Q♥"; "T21" → "XXI"; anything else is returned unchanged. */
export function cardText(code) {
  const c = parseCard(code);
  if (c) return c.rank + SUITS[c.suit];
  const t = TRUMP_RE.exec(String(code));
  if (t) return t[1] ? ROMAN[Number(t[1])] : "Škis"; // the Tarok trump's own name in every language
  return String(code);
}

/** True for hearts and diamonds. */
export function isRed(code) {
  const c = parseCard(code);
  return !!c && RED.has(c.suit);
}

/** Replace every card code in an action text or log line by its display form: "capture QH 9D+4D" → "capture Q♥ 9♦+4♦". */
export function prettyText(text) {
  return String(text).replace(/\b(10|[1-9AJQKN])([SHDC])\b/g, (_, r, s) => r + SUITS[s]);
}

function el(name, attrs = {}, ...children) {
  const node = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  node.append(...children);
  return node;
}

function suitShape(suit, cx, cy, size, flip = false) {
  const s = size / 100;
  const rot = flip ? ` rotate(180 50 50)` : "";
  return el("path", { d: SUIT_PATHS[suit], transform: `translate(${cx - size / 2} ${cy - size / 2}) scale(${s})${rot}` });
}

function corner(rank, suit) {
  const g = el("g", { class: "corner" });
  const narrow = rank === "10";
  g.append(el("text", { x: 7, y: 13, "text-anchor": "middle", "font-size": narrow ? 10 : 11.5, "font-weight": 700,
    "letter-spacing": narrow ? -1 : 0 }, rank));
  g.append(suitShape(suit, 7, 20, 8));
  return g;
}

function face(rank, suit, color) {
  const g = el("g");
  g.append(el("rect", { x: 13, y: 11, width: 34, height: 62, rx: 3, fill: RED.has(suit) ? "#fdecea" : "#eceff6",
    stroke: color, "stroke-width": 0.8 }));
  g.append(el("text", { x: 30, y: 45, "text-anchor": "middle", "font-size": 26, "font-weight": 700,
    "font-family": "Georgia, 'DejaVu Serif', serif" }, rank));
  g.append(suitShape(suit, 30, 58, 11));
  g.append(suitShape(suit, 30, 22, 7, true));
  return g;
}

/**
 * An <svg> of one card. A null/undefined/"??" code draws a card back.
 * Options: {title} for a tooltip. Size it with CSS (the viewBox is 60×84).
 */
export function cardSVG(code, { title } = {}) {
  const svg = el("svg", { viewBox: "0 0 60 84", class: "card", role: "img" });
  const c = code == null ? null : parseCard(code);
  if (code == null || HIDDEN.has(code)) {
    svg.classList.add("back");
    svg.setAttribute("aria-label", "hidden card");
    svg.append(
      el("rect", { x: 0.5, y: 0.5, width: 59, height: 83, rx: 5, class: "edge", fill: "#fff" }),
      el("rect", { x: 4, y: 4, width: 52, height: 76, rx: 3, class: "back-fill" }),
      el("svg", { x: 4, y: 4, width: 52, height: 76, viewBox: "0 0 52 76" },
        el("path", { d: backLattice(), class: "back-lattice" })),
      el("rect", { x: 4, y: 4, width: 52, height: 76, rx: 3, fill: "none", class: "back-rim" }),
    );
    return svg;
  }
  svg.dataset.code = code;
  svg.setAttribute("aria-label", c ? cardText(code) : String(code));
  if (title) svg.append(el("title", {}, title));
  svg.append(el("rect", { x: 0.5, y: 0.5, width: 59, height: 83, rx: 5, class: "edge", fill: "#fff" }));
  const trump = TRUMP_RE.exec(String(code));
  if (trump) {
    svg.classList.add("trump");
    svg.append(...trumpFace(trump[1] ? Number(trump[1]) : 22));
    return svg;
  }
  if (!c) {
    svg.append(el("text", { x: 30, y: 48, "text-anchor": "middle", "font-size": 16, "font-weight": 700 }, String(code)));
    return svg;
  }
  const color = RED.has(c.suit) ? "#c62828" : "#1b1b1f";
  svg.classList.add(RED.has(c.suit) ? "red" : "black");
  const ink = el("g", { fill: color });
  ink.append(corner(c.rank, c.suit));
  const bottom = corner(c.rank, c.suit);
  bottom.setAttribute("transform", "rotate(180 30 42)");
  ink.append(bottom);
  if (c.rank === "A" || c.rank === "1") ink.append(suitShape(c.suit, 30, 42, 30));
  else if ("JQKN".includes(c.rank)) ink.append(face(c.rank, c.suit, color));
  else for (const [x, y] of PIPS[c.rank]) ink.append(suitShape(c.suit, x, y, 11, y > MID));
  svg.append(ink);
  return svg;
}

const TRUMP_NAMES = { 1: "Pagat", 21: "Mond", 22: "Škis" };

// A tarok (1..21, 22 the Škis): its Roman numeral big in the top-left corner (what shows in a fanned hand) with the
// number under it, the numeral again in the middle, the corner turned at the bottom right.
function trumpFace(n) {
  const name = n === 22 ? "Šk" : ROMAN[n];
  const ink = "#3b2a06";
  const fit = (len, width) => (len > 3 ? { textLength: width, lengthAdjust: "spacingAndGlyphs" } : {});
  const corner = (rotate) => {
    const g = el("g", rotate ? { transform: "rotate(180 30 42)" } : {});
    g.append(el("text", { x: 4.5, y: 13, "font-size": 11, "font-weight": 800, fill: ink, ...fit(name.length, 24) }, name),
      el("text", { x: 5, y: 21, "font-size": 6.5, "font-weight": 600, fill: "#8a6a1c" }, n === 22 ? "★" : String(n)));
    return g;
  };
  const label = TRUMP_NAMES[n];
  const big = n === 22 ? "Škis" : ROMAN[n];
  return [
    el("rect", { x: 3, y: 3, width: 54, height: 78, rx: 3.5, fill: "#fbf3dc", stroke: "#b08d3c", "stroke-width": 0.9 }),
    el("rect", { x: 12, y: 25, width: 36, height: 34, rx: 3, fill: n === 22 ? "#f3d9a4" : "#f1e2b8", stroke: "#c9a653",
      "stroke-width": 0.6 }),
    el("text", { x: 30, y: label && n !== 22 ? 44 : 47, "text-anchor": "middle", "font-size": big.length > 3 ? 12 : 15,
      "font-weight": 700, "font-family": "Georgia, 'DejaVu Serif', serif", fill: ink, ...fit(big.length, 32) }, big),
    label && n !== 22 ? el("text", { x: 30, y: 54, "text-anchor": "middle", "font-size": 6.5, fill: "#6b4e12" }, label) : null,
    corner(false), corner(true),
  ].filter(Boolean);
}

// Diagonal lines across the 52×76 inner panel; the nested <svg> clips them to it.
function backLattice() {
  let d = "";
  for (let x = -76; x <= 52; x += 7) d += `M${x} 0 l76 76 M${x + 76} 0 l-76 76 `;
  return d;
}
