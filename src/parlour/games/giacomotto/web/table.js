// Giacomotto (Serbian Tablić) at the table: the open table cards on the felt, the stock and the sides' piles, the
// other seats around it with their backs, your hand along the bottom.
// Play: click a card of your hand; if it can only be trailed it is, otherwise choose Capture or Trail. A capture
// is made as at a real table: the table cards that can still complete your group are lit, click them one at a
// time (a group closes when it adds up: its cards take a colour), then Done.
// Actions on the wire: "trail 3D", then for a capture "capture QH", "take 9D", "take 4D", ..., "done".

import {
  h, cardSVG, cardText, prettyText, seatName, sideOf, sideLabel,
  placeSeats, feltTable, seatPlate, hand, backs, pile, stock, translator,
} from "/static/kit/kit.js";

const { t, tn, tx } = await translator(import.meta.url);

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
  return [t("pack {n}", { n: view.pack }),
    deals ? t("deal {n} of {deals}", { n: view.deal, deals }) : t("deal {n}", { n: view.deal })].join(" · ");
}

/** One log entry in words (null: not worth a line). */
export function describe(e, ctx) {
  const who = e.seat != null ? seatName(ctx, e.seat) : "";
  const you = e.seat != null && e.seat === ctx.seat;
  const view = ctx.view;
  const cards = (list) => (list || []).map(cardText).join(" ");
  switch (e.type) {
    case "pack":
      return e.dealer === ctx.seat ? t("Pack {pack}: you deal; on the table {cards}", { pack: e.pack, cards: cards(e.table) })
        : t("Pack {pack}: {who} deals; on the table {cards}", { pack: e.pack, who: seatName(ctx, e.dealer), cards: cards(e.table) });
    case "deal":
      return tn("Deal {deal} — {n} card left in the stock", "Deal {deal} — {n} cards left in the stock", e.stock,
        { deal: e.deal });
    case "hand":
      return null;
    case "trail":
      return you ? t("You trailed {card}", { card: cardText(e.card) }) : t("{who} trailed {card}", { who, card: cardText(e.card) });
    case "capture": {
      const values = { who, cards: (e.groups || [e.cards || []]).map((g) => g.map(cardText).join("+")).join(" "), card: cardText(e.card) };
      if (e.tabla) return you ? t("You took {cards} with {card} — tabla!", values) : t("{who} took {cards} with {card} — tabla!", values);
      return you ? t("You took {cards} with {card}", values) : t("{who} took {cards} with {card}", values);
    }
    case "sweep":
      return you ? t("You gather the rest: {cards}", { cards: cards(e.cards) })
        : t("{who} gathers the rest: {cards}", { who, cards: cards(e.cards) });
    case "score": {
      const pts = (e.points || []).map((p, i) => `${sideLabel(view, ctx, i)} ${p}`).join(", ");
      return t("Pack {pack} scored — {points}", { pack: e.pack, points: pts });
    }
    case "end": {
      const winners = e.winners || [];
      if (winners.length === 1 && winners[0] === ctx.seat) return t("Match over — you win");
      return tn("Match over — {names} wins", "Match over — {names} win", winners.length,
        { names: winners.map((s) => seatName(ctx, s)).join(" & ") });
    }
    default:
      return prettyText(`${e.type} ${JSON.stringify(e)}`);
  }
}

/** A banner for a tabla: the table swept clean. */
export function headline(e, ctx) {
  if (e.type === "capture" && e.tabla) {
    return { text: e.seat === ctx.seat ? t("Tabla! You swept the table") : t("Tabla! {who} swept the table", { who: seatName(ctx, e.seat) }),
      kind: "good" };
  }
  return null;
}

function badges(view, ctx, seat) {
  const out = [];
  if (view.last_capturer === seat) {
    out.push(h("span", { class: "kit-badge blue", title: t("captured last: takes what is left at the end of the pack") },
      // i18n: a badge on the seat that captured last
      t("last")));
  }
  return out;
}

function opponent(view, ctx, seat, where) {
  const count = (view.hands || [])[seat] ?? 0;
  const side = sideOf(view, seat);
  const partner = ctx.seat != null && side === sideOf(view, ctx.seat);
  const sub = partner ? t("partner") : view.players === 4 ? sideLabel(view, ctx, side) : null;
  return seatPlate(ctx, seat, {
    where, badges: badges(view, ctx, seat), note: sub,
    children: [backs(count, { vertical: where === "left" || where === "right" })],
  });
}

function lastPlay(view, ctx) {
  const e = [...(view.log || [])].reverse().find((x) => ["trail", "capture", "sweep"].includes(x.type));
  if (!e) return h("div", { class: "last-play empty" }, t("No card played yet"));
  const mini = (codes) => h("span", { class: "mini-cards" }, codes.map((c) => cardSVG(c)));
  const who = seatName(ctx, e.seat);
  const you = e.seat === ctx.seat;
  const line = (...parts) => h("div", { class: "last-play" }, parts.map((p) => (typeof p === "string" ? h("span", {}, p) : p)));
  if (e.type === "trail") {
    const v = { who, card: mini([e.card]) };
    return line(...(you ? tx("You trailed {card}", v) : tx("{who} trailed {card}", v)));
  }
  if (e.type === "sweep") {
    const v = { who, cards: mini(e.cards || []) };
    return line(...(you ? tx("You gathered {cards}", v) : tx("{who} gathered {cards}", v)));
  }
  const v = { who, cards: mini(e.cards || []), card: mini([e.card]) };
  return line(...(you ? tx("You took {cards} with {card}", v) : tx("{who} took {cards} with {card}", v)),
    e.tabla ? h("span", { class: "kit-badge gold" }, t("tabla!")) : null);
}

function piles(view, ctx) {
  const mine = sideOf(view, ctx.seat);
  return h("div", { class: "piles" }, (view.piles || []).map((n, i) => {
    const tablas = (view.tablas || [])[i];
    return h("div", { class: "side-pile", dataset: { side: i } },
      pile({ count: n, mine: i === mine, flip: `pile:${i}`,
        label: i === mine ? (view.players === 4 ? t("Your side") : t("Your pile")) : sideLabel(view, ctx, i) }),
      tablas ? h("span", { class: "kit-badge gold" }, tn("{n} tabla", "{n} tablas", tablas)) : null);
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
      return h("button", { ...attrs, type: "button", disabled: ctx.pending, title: t("take {card}", { card: cardText(c) }),
        onclick: () => ctx.play(`take ${c}`) }, cardSVG(c));
    }
    return h("div", attrs, cardSVG(c));
  });
  return [
    h("div", { class: "felt-top" }, stock(view.stock ?? 0), piles(view, ctx)),
    capturing ? captureBar(view, ctx) : null,
    h("div", { class: "table-cards", "aria-label": t("Cards on the table") },
      cards.length ? cards : h("p", { class: "felt-empty" }, t("The table is empty"))),
    capturing ? null : lastPlay(view, ctx),
  ];
}

/** The capture under way, for everybody: the card played, its value, the groups taken, the group being taken. */
function captureBar(view, ctx) {
  const cap = view.capture;
  const worth = cap.values.reduce((a, b) => (a === "" ? String(b) : t("{a} or {b}", { a, b })), "");
  const mine = ctx.myTurn && cap.seat === ctx.seat;
  const done = (view.legal || []).includes("done");
  let hint;
  if (!mine) hint = cap.seat === ctx.seat ? t("You are capturing…") : t("{who} is capturing…", { who: seatName(ctx, cap.seat) });
  else if (cap.group.length) hint = t("Finish the group: click a lit card.");
  else if (cap.groups.length) hint = t("Take another group, or Done.");
  else hint = t("Click the table cards to take: each group adds up to {worth}.", { worth });
  return h("div", { class: "capture-bar", role: "group", "aria-label": t("Capture under way") },
    h("span", { class: "mini-cards" }, cardSVG(cap.card)),
    h("span", { class: "capture-worth" }, `${cardText(cap.card)} (${worth})`),
    cap.groups.map((g, i) => h("span", { class: `grp hl-${i % 4}` }, g.map(cardText).join("+"))),
    cap.group.length ? h("span", { class: "grp open" }, `${cap.group.map(cardText).join("+")}+…`) : null,
    h("span", { class: "capture-hint" }, hint),
    mine ? h("button", { type: "button", class: "primary capture-done", dataset: { action: "done" },
      disabled: !done || ctx.pending, onclick: () => ctx.play("done") }, t("Done")) : null);
}

function choices(view, ctx, options) {
  const sel = ctx.ui.selected;
  if (!sel || !options.length) return null;
  const btn = (o) => h("button", {
    type: "button", class: `choice ${o.kind}`, dataset: { action: o.text }, disabled: ctx.pending,
    onclick: () => { ctx.ui.selected = null; ctx.play(o.text); },
  }, o.kind === "trail" ? t("Trail {card}", { card: cardText(o.card) }) : t("Capture with {card}", { card: cardText(o.card) }));
  return h("div", { class: "kit-chooser choices", role: "group", "aria-label": t("Plays for {card}", { card: cardText(sel) }) },
    h("span", { class: "kit-chooser-title" }, `${cardText(sel)}:`),
    options.map(btn),
    h("button", { type: "button", class: "quiet", onclick: () => { ctx.ui.selected = null; ctx.rerender(); } }, t("Cancel")));
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
  if (view.over) message = t("The match is over.");
  else if (mine) {
    message = ctx.pending ? t("Playing…") : capturing ? t("Capturing: take the lit cards, then Done.")
      : ctx.ui.selected ? t("Capture or trail it — or cancel.") : t("Your turn: pick a card.");
  } else if (toAct.length) message = t("Waiting for {names}…", { names: toAct.map((s) => seatName(ctx, s)).join(", ") });
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

/**
 * The element(s) to click now towards the legal action `text` (contract B of issue 25: a lesson highlights them).
 * "capture QH" / "trail QH": the chooser's button once the card is picked, else the card in your hand (a card that
 * can only be trailed plays at once); "take 9D": the lit card on the table; "done": the capture bar's Done.
 */
export function lessonTargets(text, view, ctx) {
  const root = document.getElementById("board") || document;
  const all = (sel) => [...root.querySelectorAll(sel)].slice(0, 1);
  const { kind, card } = parseAction(text);
  if (kind === "done") return all('.capture-done[data-action="done"]');
  if (kind === "take") return all(`.table-cards button[data-code="${card}"]`);
  const chosen = all(`.choices [data-action="${text}"]`);
  if (ctx.ui && ctx.ui.selected === card && chosen.length) return chosen;
  return all(`.kit-hand [data-code="${card}"]`);
}
