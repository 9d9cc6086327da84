// Giacomotto (Serbian Tablić) at the table: the open table cards on the felt, the stock and the sides' piles, the
// other seats around it with their backs, your hand along the bottom.
// Play: click a card of your hand; if it has one legal play it is made at once, otherwise its plays appear as
// buttons (hovering one lights up the table cards it takes).
// Actions on the wire: "trail 3D", "capture QH 9D+4D 6S+7H" (the played card, then disjoint groups).

import {
  h, cardSVG, cardText, prettyText, seatName, sideOf, sideLabel,
  placeSeats, feltTable, seatPlate, hand, backs, pile, stock,
} from "/static/kit/kit.js";

export const styles = ["table.css"];
export const ownsLegal = false;

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

/** A banner for a tabla: the table swept clean. */
export function headline(e, ctx) {
  if (e.type === "capture" && e.tabla) return { text: `Tabla! ${seatName(ctx, e.seat)} swept the table`, kind: "good" };
  return null;
}

function badges(view, ctx, seat) {
  const out = [];
  if (view.last_capturer === seat) {
    out.push(h("span", { class: "kit-badge blue", title: "captured last: takes what is left at the end of the pack" }, "last"));
  }
  return out;
}

function opponent(view, ctx, seat, where) {
  const count = (view.hands || [])[seat] ?? 0;
  const side = sideOf(view, seat);
  const partner = ctx.seat != null && side === sideOf(view, ctx.seat);
  const sub = partner ? "partner" : view.players === 4 ? sideLabel(view, ctx, side) : null;
  return seatPlate(ctx, seat, {
    where, badges: badges(view, ctx, seat), note: sub,
    children: [backs(count, { vertical: where === "left" || where === "right" })],
  });
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
    h("span", {}, "with"), mini([e.card]), e.tabla ? h("span", { class: "kit-badge gold" }, "tabla!") : null);
}

function piles(view, ctx) {
  const mine = sideOf(view, ctx.seat);
  return h("div", { class: "piles" }, (view.piles || []).map((n, i) => {
    const tablas = (view.tablas || [])[i];
    return h("div", { class: "side-pile", dataset: { side: i } },
      pile({ count: n, mine: i === mine, flip: `pile:${i}`,
        label: i === mine ? (view.players === 4 ? "Your side" : "Your pile") : sideLabel(view, ctx, i) }),
      tablas ? h("span", { class: "kit-badge gold" }, `${tablas} tabla${tablas > 1 ? "s" : ""}`) : null);
  }));
}

function center(view, ctx, options) {
  const hovered = ctx.ui.hover;
  const selected = ctx.ui.selected;
  // Colour the table cards the selected card can take; the hovered play's groups get their own colours.
  const groupOf = new Map();
  const takeable = new Set();
  for (const o of options) for (const g of o.groups) for (const c of g) takeable.add(c);
  if (hovered) hovered.groups.forEach((g, i) => g.forEach((c) => groupOf.set(c, i)));
  const cards = (view.table || []).map((c) => {
    const cls = ["tcard"];
    if (groupOf.has(c)) cls.push("hl", `hl-${groupOf.get(c) % 4}`);
    else if (selected && takeable.has(c)) cls.push("takeable");
    else if (selected && options.length) cls.push("dim");
    return h("div", { class: cls.join(" "), dataset: { code: c, flip: `card:${c}` } }, cardSVG(c));
  });
  return [
    h("div", { class: "felt-top" }, stock(view.stock ?? 0), piles(view, ctx)),
    h("div", { class: "table-cards", "aria-label": "Cards on the table" },
      cards.length ? cards : h("p", { class: "felt-empty" }, "The table is empty")),
    lastPlay(view, ctx),
  ];
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
    "Take ", o.groups.map((g, i) => h("span", { class: `grp hl-${i % 4}` }, g.map(cardText).join("+")))));
  return h("div", { class: "kit-chooser choices", role: "group", "aria-label": `Plays for ${cardText(sel)}` },
    h("span", { class: "kit-chooser-title" }, `${cardText(sel)}:`),
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

function me(view, ctx, legal, options, bottom) {
  const seat = ctx.seat;
  const mine = ctx.myTurn;
  const toAct = view.to_act || [];
  let message;
  if (view.over) message = "The match is over.";
  else if (mine) message = ctx.pending ? "Playing…" : ctx.ui.selected ? "Choose what to take — or cancel." : "Your turn: pick a card.";
  else if (toAct.length) message = `Waiting for ${toAct.map((s) => seatName(ctx, s)).join(", ")}…`;
  else message = "";
  const cards = seat == null
    ? backs((view.hands || [])[bottom] ?? 0)
    : hand(view.hand || [], {
      active: mine && !ctx.pending, legal: (c) => legal.some((o) => o.card === c),
      selected: ctx.ui.selected ? [ctx.ui.selected] : [], onPick: (c) => pick(ctx, c, legal),
    });
  return [
    seatPlate(ctx, bottom, { where: "bottom", badges: [...badges(view, ctx, bottom),
      h("span", { class: `kit-turn ${mine ? "yours" : ""}`, role: "status" }, message)] }),
    choices(view, ctx, options),
    cards,
  ];
}

export function board(view, ctx) {
  const legal = (view.legal || []).map(parseAction);
  if (ctx.ui.selected && !(view.hand || []).includes(ctx.ui.selected)) ctx.ui.selected = null;
  if (!ctx.myTurn) { ctx.ui.selected = null; ctx.ui.hover = null; }
  const options = ctx.ui.selected ? legal.filter((o) => o.card === ctx.ui.selected) : [];
  if (ctx.ui.hover && !options.some((o) => o.text === ctx.ui.hover.text)) ctx.ui.hover = null;
  const n = view.players || (view.hands || []).length;
  const places = placeSeats(n, ctx.seat ?? 0);
  return feltTable(places, (seat, where) => opponent(view, ctx, seat, where), {
    cls: `giaco players-${n}`,
    center: center(view, ctx, options),
    me: me(view, ctx, legal, options, places[0].seat),
  });
}
