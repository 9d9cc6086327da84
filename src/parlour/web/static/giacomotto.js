// Giacomotto (Serbian Tablić): a green felt with the open table cards, your hand at the bottom, the other seats
// around it showing card backs for their hand sizes, the stock and the sides' piles.
// Play: click a card of your hand; if it has one legal play it is made at once, otherwise its plays appear as
// buttons (hovering one lights up the table cards it takes).
// Actions on the wire: "trail 3D", "capture QH 9D+4D 6S+7H" (the played card, then disjoint groups).

import { h } from "./util.js";
import { cardSVG, cardText, prettyText } from "./cards.js";
import { seatName, seatLabel, sideOf, sideLabel } from "./panels.js";

/** Split a legal action text: "capture QH 9D+4D" → {text, kind: "capture", card: "QH", groups: [["9D", "4D"]]}. */
export function parseAction(text) {
  const [kind, card, ...groups] = String(text).trim().split(/\s+/);
  return { text, kind, card, groups: groups.map((g) => g.split("+")) };
}

export function title() {
  return "Giacomotto";
}

export function info(view) {
  const deals = view.players ? Math.round(48 / (6 * view.players)) : null;
  return [`pack ${view.pack}`, `deal ${view.deal}${deals ? ` of ${deals}` : ""}`].join(" · ");
}


/** One log entry in words (null: not worth a line). */
export function describe(e, ctx) {
  const who = e.seat != null ? seatName(ctx, e.seat) : "";
  const view = ctx.view;
  switch (e.type) {
    case "pack":
      return `Pack ${e.pack}: ${seatName(ctx, e.dealer)} deal${e.dealer === ctx.seat ? "" : "s"}; on the table ${(e.table || []).map(cardText).join(" ")}`;
    case "deal":
      return `Deal ${e.deal} — ${e.stock} cards left in the stock`;
    case "hand":
      return null;
    case "trail":
      return `${who} trailed ${cardText(e.card)}`;
    case "capture":
      return `${who} took ${(e.cards || []).map(cardText).join(" ")} with ${cardText(e.card)}${e.tabla ? " — tabla!" : ""}`;
    case "sweep":
      return `${who} gather${e.seat === ctx.seat ? "" : "s"} the rest: ${(e.cards || []).map(cardText).join(" ")}`;
    case "score": {
      const pts = (e.points || []).map((p, i) => `${sideLabel(view, ctx, i)} ${p}`).join(", ");
      return `Pack ${e.pack} scored — ${pts}`;
    }
    case "end":
      return `Match over — ${(e.winners || []).map((s) => seatName(ctx, s)).join(" & ")} win${(e.winners || []).length === 1 && e.winners[0] !== ctx.seat ? "s" : ""}`;
    default:
      return prettyText(`${e.type} ${JSON.stringify(e)}`);
  }
}

/** Which seat sits where around the felt, seen from `base` (you, or seat 0 for a spectator). Play runs counter-clockwise. */
function places(n, base) {
  const at = (k) => (base + k) % n;
  return n === 4 ? { bottom: at(0), right: at(1), top: at(2), left: at(3) } : { bottom: at(0), top: at(1) };
}

function backs(count, cls) {
  const shown = Math.min(count, 12);
  return h("div", { class: `backs ${cls}`, "aria-label": `${count} cards` },
    Array.from({ length: shown }, () => cardSVG(null)));
}

function badges(view, ctx, seat) {
  const s = ctx.table && ctx.table.seats && ctx.table.seats[seat];
  return [
    view.dealer === seat ? h("span", { class: "badge dealer", title: "dealer" }, "D") : null,
    s && s.kind === "bot" ? h("span", { class: "badge bot", title: `bot ${s.level || ""}` }, s.level || "bot") : null,
    s && s.kind === "human" ? h("span", { class: `dot ${s.connected ? "on" : "off"}`,
      title: s.connected ? "connected" : "not connected" }) : null,
    view.last_capturer === seat ? h("span", { class: "badge last", title: "captured last: takes what is left at the end of the pack" }, "last") : null,
  ];
}

function opponent(view, ctx, seat, where) {
  const count = (view.hands || [])[seat] ?? 0;
  const acting = (view.to_act || []).includes(seat);
  const side = sideOf(view, seat);
  const partner = ctx.seat != null && side === sideOf(view, ctx.seat);
  return h("div", { class: `opp ${where} ${acting ? "acting" : ""}`, dataset: { seat }, title: seatLabel(ctx, seat) },
    h("div", { class: "opp-name" }, h("strong", {}, seatName(ctx, seat)), ...badges(view, ctx, seat)),
    h("div", { class: "opp-sub" }, partner ? "partner" : view.players === 4 ? sideLabel(view, ctx, side) : `seat ${seat}`, ` · ${count} card${count === 1 ? "" : "s"}`),
    backs(count, where === "left" || where === "right" ? "vertical" : ""),
    acting ? h("div", { class: "thinking" }, "to play") : null);
}

function lastPlay(view, ctx) {
  const e = [...(view.log || [])].reverse().find((x) => ["trail", "capture", "sweep"].includes(x.type));
  if (!e) return h("div", { class: "last-play empty" }, "No card played yet");
  const mini = (codes) => h("span", { class: "mini-cards" }, codes.map((c) => cardSVG(c)));
  if (e.type === "trail") {
    return h("div", { class: "last-play" }, h("span", {}, `${seatName(ctx, e.seat)} trailed`), mini([e.card]));
  }
  if (e.type === "sweep") {
    return h("div", { class: "last-play" }, h("span", {}, `${seatName(ctx, e.seat)} gathered`), mini(e.cards || []));
  }
  return h("div", { class: "last-play" }, h("span", {}, `${seatName(ctx, e.seat)} took`), mini(e.cards || []),
    h("span", {}, "with"), mini([e.card]), e.tabla ? h("span", { class: "badge tabla" }, "tabla!") : null);
}

function pileInfo(view, ctx) {
  const mine = sideOf(view, ctx.seat);
  return h("div", { class: "piles" }, (view.piles || []).map((n, i) =>
    h("div", { class: `pile ${i === mine ? "mine" : ""}`, dataset: { side: i } },
      n > 0 ? cardSVG(null) : h("span", { class: "pile-empty" }),
      h("div", { class: "pile-text" }, h("strong", {}, i === mine ? (view.players === 4 ? "Your side" : "Your pile") : sideLabel(view, ctx, i)),
        h("span", {}, `${n} card${n === 1 ? "" : "s"}`),
        (view.tablas || [])[i] ? h("span", { class: "badge tabla" }, `${view.tablas[i]} tabla${view.tablas[i] > 1 ? "s" : ""}`) : null))));
}

function stockInfo(view) {
  return h("div", { class: "stock", title: "cards left to deal" },
    view.stock > 0 ? cardSVG(null) : h("span", { class: "pile-empty" }),
    h("div", { class: "pile-text" }, h("strong", {}, "Stock"), h("span", { class: "stock-count" }, String(view.stock ?? 0))));
}

function felt(view, ctx, options) {
  const hovered = ctx.ui.hover;
  const selected = ctx.ui.selected;
  // Colour the table cards the selected card can take; the hovered play's groups get their own colours.
  const groupOf = new Map();
  const takeable = new Set();
  for (const o of options) for (const g of o.groups) for (const c of g) takeable.add(c);
  if (hovered) hovered.groups.forEach((g, i) => g.forEach((c) => groupOf.set(c, i)));
  const last = (view.log || [])[(view.log || []).length - 1];
  const fresh = last && last.type === "trail" ? last.card : null;
  const cards = (view.table || []).map((c) => {
    const cls = ["tcard"];
    if (groupOf.has(c)) cls.push("hl", `hl-${groupOf.get(c) % 4}`);
    else if (selected && takeable.has(c)) cls.push("takeable");
    else if (selected && options.length) cls.push("dim");
    if (c === fresh) cls.push("fresh");
    return h("div", { class: cls.join(" "), dataset: { code: c } }, cardSVG(c));
  });
  return h("div", { class: "felt" },
    h("div", { class: "felt-top" }, stockInfo(view), pileInfo(view, ctx)),
    h("div", { class: "table-cards", "aria-label": "Cards on the table" },
      cards.length ? cards : h("p", { class: "felt-empty" }, "The table is empty")),
    lastPlay(view, ctx));
}

// Redraw only when the hovered play changes: a redraw puts a new button under the pointer.
function hover(ctx, o) {
  if (ctx.ui.hover && ctx.ui.hover.text === o.text) return;
  ctx.ui.hover = o;
  ctx.rerender();
}

function choices(view, ctx, options) {
  const sel = ctx.ui.selected;
  if (!sel || !options.length) return null;
  const btn = (o) => h("button", {
    type: "button", class: `choice ${o.kind}`, dataset: { action: o.text }, disabled: ctx.pending,
    onclick: () => { ctx.ui.selected = null; ctx.ui.hover = null; ctx.play(o.text); },
    onmouseenter: () => hover(ctx, o),
    onfocus: () => hover(ctx, o),
  }, o.kind === "trail" ? `Trail ${cardText(o.card)}` : h("span", {},
    `Take `, o.groups.map((g, i) => h("span", { class: `grp hl-${i % 4}` }, g.map(cardText).join("+")))));
  return h("div", { class: "choices", role: "group", "aria-label": `Plays for ${cardText(sel)}` },
    h("span", { class: "choices-title" }, `${cardText(sel)}:`),
    options.map(btn),
    h("button", { type: "button", class: "quiet", onclick: () => { ctx.ui.selected = null; ctx.ui.hover = null; ctx.rerender(); } }, "Cancel"));
}

function pick(ctx, card, legal) {
  const options = legal.filter((o) => o.card === card);
  if (options.length === 1) {
    ctx.ui.selected = null;
    ctx.ui.hover = null;
    ctx.play(options[0].text);
    return;
  }
  ctx.ui.selected = ctx.ui.selected === card ? null : card;
  ctx.ui.hover = null;
  ctx.rerender();
}

function me(view, ctx, legal, options) {
  const seat = ctx.seat;
  const mine = seat != null && (view.to_act || []).includes(seat) && !view.over;
  const toAct = view.to_act || [];
  let message;
  if (view.over) message = "The match is over.";
  else if (mine) message = ctx.pending ? "Playing…" : ctx.ui.selected ? "Choose what to take — or cancel." : "Your turn: pick a card.";
  else if (toAct.length) message = `Waiting for ${toAct.map((s) => seatName(ctx, s)).join(", ")}…`;
  else message = "";
  let hand;
  if (seat == null) {
    hand = backs((view.hands || [])[0] ?? 0, "");
  } else {
    hand = h("div", { class: "hand", "aria-label": "Your hand" }, (view.hand || []).map((c) => {
      const playable = mine && legal.some((o) => o.card === c);
      return h("button", {
        type: "button", class: `card-btn ${ctx.ui.selected === c ? "selected" : ""}`, dataset: { code: c },
        disabled: !playable || ctx.pending, "aria-pressed": String(ctx.ui.selected === c), title: cardText(c),
        onclick: () => pick(ctx, c, legal),
      }, cardSVG(c));
    }));
  }
  const who = seat == null ? seatName(ctx, places(view.players, 0).bottom) : "You";
  return h("div", { class: `me ${mine ? "acting" : ""}` },
    h("div", { class: "me-bar" }, h("strong", {}, who), ...badges(view, ctx, seat ?? 0),
      h("span", { class: `turn ${mine ? "yours" : ""}`, role: "status" }, message)),
    choices(view, ctx, options),
    hand);
}

export function board(view, ctx) {
  const legal = (view.legal || []).map(parseAction);
  if (ctx.ui.selected && !(view.hand || []).includes(ctx.ui.selected)) ctx.ui.selected = null;
  const mine = ctx.seat != null && (view.to_act || []).includes(ctx.seat);
  if (!mine) { ctx.ui.selected = null; ctx.ui.hover = null; }
  const options = ctx.ui.selected ? legal.filter((o) => o.card === ctx.ui.selected) : [];
  if (ctx.ui.hover && !options.some((o) => o.text === ctx.ui.hover.text)) ctx.ui.hover = null;
  const n = view.players || (view.hands || []).length;
  const p = places(n, ctx.seat ?? 0);
  return h("div", { class: `giaco players-${n}` },
    h("div", { class: "opp-slot top" }, opponent(view, ctx, p.top, "top")),
    n === 4 ? h("div", { class: "opp-slot left" }, opponent(view, ctx, p.left, "left")) : null,
    felt(view, ctx, options),
    n === 4 ? h("div", { class: "opp-slot right" }, opponent(view, ctx, p.right, "right")) : null,
    me(view, ctx, legal, options));
}
