// Giacomotto (Serbian Tablić) at the table: the open table cards on the felt, the stock and the sides' piles, the
// other seats around it with their backs, your hand along the bottom.
// Play: click a card of your hand; if it can only be trailed it is, otherwise choose Capture or Trail. A capture
// is made as at a real table: the table cards that can still complete your group are lit, click them one at a
// time (a group closes when it adds up: its cards take a colour), then Done.
// Actions on the wire: "trail 3D", then for a capture "capture QH", "take 9D", "take 4D", ..., "done".

import {
  h, cardSVG, cardText, prettyText, seatName, sideOf, sideLabel,
  placeSeats, feltTable, seatPlate, hand, backs, pile, stock,
} from "/static/kit/kit.js";

export const styles = ["table.css"];
export const ownsLegal = false;

/** Split a legal action text: "capture QH" → {text, kind: "capture", card: "QH"}; "done" → {text, kind: "done"}. */
export function parseAction(text) {
  const [kind, card] = String(text).trim().split(/\s+/);
  return { text, kind, card };
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
      return `${who} took ${(e.groups || [e.cards || []]).map((g) => g.map(cardText).join("+")).join(" ")} with ${cardText(e.card)}${e.tabla ? " — tabla!" : ""}`;
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

/** Where each table card stands in the capture under way: the group it closed in (0, 1, ...), or "open". */
function capturePlaces(capture) {
  const place = new Map();
  if (!capture) return place;
  capture.groups.forEach((g, i) => g.forEach((c) => place.set(c, i)));
  capture.group.forEach((c) => place.set(c, "open"));
  return place;
}

function center(view, ctx, takes) {
  const place = capturePlaces(view.capture);
  const capturing = Boolean(view.capture);
  const cards = (view.table || []).map((c) => {
    const cls = ["tcard"];
    const at = place.get(c);
    if (at === "open") cls.push("hl", "open");
    else if (at !== undefined) cls.push("hl", `hl-${at % 4}`);
    else if (takes.has(c)) cls.push("takeable");
    else if (capturing) cls.push("dim");
    const attrs = { class: cls.join(" "), dataset: { code: c, flip: `card:${c}` } };
    if (takes.has(c)) {
      return h("button", { ...attrs, type: "button", disabled: ctx.pending, title: `take ${cardText(c)}`,
        onclick: () => ctx.play(`take ${c}`) }, cardSVG(c));
    }
    return h("div", attrs, cardSVG(c));
  });
  return [
    h("div", { class: "felt-top" }, stock(view.stock ?? 0), piles(view, ctx)),
    capturing ? captureBar(view, ctx) : null,
    h("div", { class: "table-cards", "aria-label": "Cards on the table" },
      cards.length ? cards : h("p", { class: "felt-empty" }, "The table is empty")),
    capturing ? null : lastPlay(view, ctx),
  ];
}

/** The capture under way, for everybody: the card played, its value, the groups taken, the group being taken. */
function captureBar(view, ctx) {
  const cap = view.capture;
  const worth = cap.values.join(" or ");
  const mine = ctx.myTurn && cap.seat === ctx.seat;
  const done = (view.legal || []).includes("done");
  let hint;
  if (!mine) hint = `${seatName(ctx, cap.seat)} ${cap.seat === ctx.seat ? "are" : "is"} capturing…`;
  else if (cap.group.length) hint = "Finish the group: click a lit card.";
  else if (cap.groups.length) hint = "Take another group, or Done.";
  else hint = `Click the table cards to take: each group adds up to ${worth}.`;
  return h("div", { class: "capture-bar", role: "group", "aria-label": "Capture under way" },
    h("span", { class: "mini-cards" }, cardSVG(cap.card)),
    h("span", { class: "capture-worth" }, `${cardText(cap.card)} (${worth})`),
    cap.groups.map((g, i) => h("span", { class: `grp hl-${i % 4}` }, g.map(cardText).join("+"))),
    cap.group.length ? h("span", { class: "grp open" }, `${cap.group.map(cardText).join("+")}+…`) : null,
    h("span", { class: "capture-hint" }, hint),
    mine ? h("button", { type: "button", class: "primary capture-done", dataset: { action: "done" },
      disabled: !done || ctx.pending, onclick: () => ctx.play("done") }, "Done") : null);
}

function choices(view, ctx, options) {
  const sel = ctx.ui.selected;
  if (!sel || !options.length) return null;
  const btn = (o) => h("button", {
    type: "button", class: `choice ${o.kind}`, dataset: { action: o.text }, disabled: ctx.pending,
    onclick: () => { ctx.ui.selected = null; ctx.play(o.text); },
  }, o.kind === "trail" ? `Trail ${cardText(o.card)}` : `Capture with ${cardText(o.card)}`);
  return h("div", { class: "kit-chooser choices", role: "group", "aria-label": `Plays for ${cardText(sel)}` },
    h("span", { class: "kit-chooser-title" }, `${cardText(sel)}:`),
    options.map(btn),
    h("button", { type: "button", class: "quiet", onclick: () => { ctx.ui.selected = null; ctx.rerender(); } }, "Cancel"));
}

function pick(ctx, card, legal) {
  const options = legal.filter((o) => o.card === card);
  if (options.length === 1) {
    ctx.ui.selected = null;
    ctx.play(options[0].text);
    return;
  }
  ctx.ui.selected = ctx.ui.selected === card ? null : card;
  ctx.rerender();
}

function me(view, ctx, legal, options, bottom) {
  const seat = ctx.seat;
  const mine = ctx.myTurn;
  const capturing = Boolean(view.capture);
  const toAct = view.to_act || [];
  let message;
  if (view.over) message = "The match is over.";
  else if (mine) {
    message = ctx.pending ? "Playing…" : capturing ? "Capturing: take the lit cards, then Done."
      : ctx.ui.selected ? "Capture or trail it — or cancel." : "Your turn: pick a card.";
  } else if (toAct.length) message = `Waiting for ${toAct.map((s) => seatName(ctx, s)).join(", ")}…`;
  else message = "";
  const cards = seat == null
    ? backs((view.hands || [])[bottom] ?? 0)
    : hand(view.hand || [], {
      active: mine && !ctx.pending && !capturing, legal: (c) => legal.some((o) => o.card === c),
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
  if (!ctx.myTurn || view.capture) ctx.ui.selected = null;
  const options = ctx.ui.selected ? legal.filter((o) => o.card === ctx.ui.selected) : [];
  const takes = new Set(ctx.myTurn ? legal.filter((o) => o.kind === "take").map((o) => o.card) : []);
  const n = view.players || (view.hands || []).length;
  const places = placeSeats(n, ctx.seat ?? 0);
  return feltTable(places, (seat, where) => opponent(view, ctx, seat, where), {
    cls: `giaco players-${n}`,
    center: center(view, ctx, takes),
    me: me(view, ctx, legal, options, places[0].seat),
  });
}
