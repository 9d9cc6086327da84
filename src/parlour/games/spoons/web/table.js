// Spoons at the table: the ring of players (the one you pass to on your left, the one passing to you on your
// right), the spoons in the middle, your hand along the bottom.
// Play: click a card of your hand to pass it on to your left; the cards passed to you slide in from your right.
// With four of a kind, click the spoons (or "Grab!") to take one; once the first is taken they shake and everyone
// grabs. The table keeps who grabbed in what order, and how long after the first.
// Actions on the wire: "pass 7H", "grab".

import { h, cardText, seatName, feltTable, seatPlate, hand, backs, stock, countdown, translator, N_ } from "/static/kit/kit.js";

const { t, tn } = await translator(import.meta.url);

export const styles = ["table.css"];
export const ownsLegal = true;

const ORDINAL = ["", N_("1st"), N_("2nd"), N_("3rd")];
const ordinal = (n) => (ORDINAL[n] ? t(ORDINAL[n]) : t("{n}th", { n }));
/** One of two sentences: the one for you, or the one for another player ({who} filled in). */
const said = (ctx, seat, you, them, values = {}) => (seat === ctx.seat ? t(you, values)
  : t(them, { ...values, who: seatName(ctx, seat) }));

/**
 * Where every seat sits, seen from `me`: you at the bottom, the seat you pass to (the next one) on your LEFT, the
 * one passing to you on your right, the others across, so that cards go round clockwise as at a real table.
 */
export function clockwise(n, me) {
  const out = [{ seat: me, where: "bottom" }];
  const top = [];
  for (let k = 1; k < n; k++) {
    const seat = (me + k) % n;
    if (n === 2 || (k > 1 && k < n - 1)) top.push({ seat, where: "top" });
    else out.push({ seat, where: k === 1 ? "left" : "right" });
  }
  // the kit lays the top rim out right to left: the next seat after the left one comes first from the left
  return [...out, ...top.reverse()];
}

/** The seat that passes to `seat` (its right-hand neighbour among the seats still in). */
function passerTo(view, seat) {
  const alive = view.alive;
  const i = alive.indexOf(seat);
  return i < 0 ? null : alive[(i - 1 + alive.length) % alive.length];
}

function leftOf(view, seat) {
  const alive = view.alive;
  return alive[(alive.indexOf(seat) + 1) % alive.length];
}

export function title(view) {
  return t("{word} (Spoons)", { word: [...view.word].join("-") });
}

/** The top bar's line, short enough for a phone's: who is still in shows on the plates (and is one more than
 * the spoons). */
export function info(view) {
  return `${t("round {round}", { round: view.round })} · ${tn("{n} spoon", "{n} spoons", view.spoons)}`;
}

/** The server's clock (seconds) of each grab this page saw: kept in ctx.ui, per round. */
function grabTimes(round, grabbed, ctx) {
  const times = (ctx.ui[`grabs:${round}`] ||= {});
  for (const seat of grabbed) {
    if (!(seat in times)) times[seat] = ctx.at ?? Date.now() / 1000;
  }
  return times;
}

/** More grabs than this and the line tells the first and the last two only (a crowd's would fill a phone). */
const GRABS_TOLD = 4;

/** "1st Ana · 2nd You +0.21 s · 3rd Bot 2 +0.48 s": the grabs of `round` in order (this round's by default); of
 * a crowd's, "1st Ana · … · 8th Wei +0.40 s · 9th Luka +1.06 s" (the log keeps them all). */
export function grabLine(view, ctx, round = view.round, grabbed = view.grabbed) {
  const times = grabTimes(round, grabbed, ctx);
  const first = times[grabbed[0]];
  const told = grabbed.map((seat, i) => {
    const after = i && first != null && times[seat] != null ? ` +${(times[seat] - first).toFixed(2)} s` : "";
    return `${ordinal(i + 1)} ${seatName(ctx, seat)}${after}`;
  });
  return (told.length > GRABS_TOLD ? [told[0], "…", ...told.slice(-2)] : told).join(" · ");
}

/** During the countdown, how the last round ended: its grabs in order and who got a letter. */
function lastRound(view, ctx) {
  const before = view.previous || [];
  const score = before.find((e) => e.type === "score");
  if (!score) return null;
  const letters = before.filter((e) => e.type === "letter")
    .map((e) => said(ctx, e.seat, N_("You get {letter}"), N_("{who} gets {letter}"), { letter: [...e.letters].pop() }));
  const grabs = score.grabs.length ? `${grabLine(view, ctx, score.round, score.grabs)} — ` : "";
  return h("div", { class: "last-round" }, `${t("Round {round}", { round: score.round })}: ${grabs}${letters.join(", ")}`);
}

/**
 * The state in which the first spoon is taken stays on screen at least this long before the next is drawn, even
 * when that one is already here (a page drawing late, states arriving together): the grab is always seen, never
 * replaced in the same frame by the round's end.
 */
const GRAB_SEEN_MS = 800;

export function hold(view, ctx) {
  return ctx.fresh.some((e) => e.type === "grab" && e.order === 1 && !e.false) ? GRAB_SEEN_MS : 0;
}

export function describe(e, ctx) {
  switch (e.type) {
    case "round": {
      const deals = said(ctx, e.dealer, N_("Round {round}: you deal"), N_("Round {round}: {who} deals"), { round: e.round });
      const holds = said(ctx, e.holder, N_("you hold the stock"), N_("{who} holds the stock"));
      return `${deals}, ${holds}; ${tn("{n} spoon", "{n} spoons", e.spoons)}`;
    }
    case "go":
      return t("Go!");
    case "restock":
      return t("The stock ran out: the discard pile ({n} cards), shuffled, is the new stock", { n: e.cards });
    case "grab":
      if (e.false) return said(ctx, e.seat, N_("You grab the first spoon without four of a kind!"), N_("{who} grabs the first spoon without four of a kind!"));
      if (e.cards) return said(ctx, e.seat, N_("You lay down {cards} and take the first spoon"), N_("{who} lays down {cards} and takes the first spoon"), { cards: e.cards.map(cardText).join(" ") });
      return said(ctx, e.seat, N_("You grab spoon {n}"), N_("{who} grabs spoon {n}"), { n: e.order });
    case "timeout":
      return t("Time's up for grabbing");
    case "letter":
      return said(ctx, e.seat, N_("You get a letter: {letters}"), N_("{who} gets a letter: {letters}"), { letters: [...e.letters].join(" ") });
    case "out":
      return said(ctx, e.seat, N_("You are out"), N_("{who} is out"));
    case "end":
      if (e.winners.length === 1) return said(ctx, e.winners[0], N_("Match over: you win"), N_("Match over: {who} wins"));
      return t("Match over: {names} win", { names: e.winners.map((s) => seatName(ctx, s)).join(" & ") });
    default:
      return null;
  }
}

export function headline(e, ctx) {
  const kind = (good) => (ctx.seat == null ? "info" : good ? "good" : "bad");
  if (e.type === "go") return { text: t("Go!"), kind: "info" };
  if (e.type === "grab" && e.order === 1 && e.false) {
    return { text: t("{who} grabbed without four of a kind!", { who: seatName(ctx, e.seat) }), kind: kind(false) };
  }
  if (e.type === "grab" && e.order === 1) {
    // shown here, not returned: the banner goes when the grab ends (board), never to stand beside the letter
    const text = e.seat === ctx.seat ? t("Four of a kind: you took the first spoon!")
      : t("{who} has four of a kind — grab!", { who: seatName(ctx, e.seat) });
    ctx.ui.grabBanner = ctx.banner(text, { kind: kind(e.seat === ctx.seat) });
    return null;
  }
  if (e.type === "round" && e.round > 1) {
    const letters = (ctx.view.previous || []).filter((x) => x.type === "letter");
    if (letters.length) {
      return { text: letters.map((x) => said(ctx, x.seat, N_("You get {letter}"), N_("{who} gets {letter}"), { letter: [...x.letters].pop() })).join(", "),
        kind: kind(!letters.some((x) => x.seat === ctx.seat)) };
    }
  }
  if (e.type === "end") return { text: describe(e, ctx), kind: kind(e.winners.includes(ctx.seat)) };
  return null;
}

/** One spoon, drawn: a bowl and a handle. */
function spoonSVG() {
  const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  svg.setAttribute("viewBox", "0 0 24 80");
  svg.setAttribute("class", "spoon-svg");
  svg.innerHTML = '<ellipse cx="12" cy="14" rx="10" ry="13" /><rect x="9.5" y="24" width="5" height="54" rx="2.5" />';
  return svg;
}

function spoon(view, i, cls = "") {
  return h("span", { class: `spoon ${cls}`.trim(), dataset: { flip: `spoon:${view.round}:${i}` } }, spoonSVG());
}

function letters(view, seat) {
  const n = view.letters[seat] || 0;
  return h("span", { class: "letters", "aria-label": n ? t("letters {letters}", { letters: view.word.slice(0, n) }) : t("no letters") },
    [...view.word].map((ch, i) => h("span", { class: i < n ? "got" : "" }, ch)));
}

/** What lies before a seat: its cards face down, the cards waiting for it, and the spoon it grabbed. */
function plateContents(view, ctx, seat, just) {
  const out = [];
  const i = view.grabbed.indexOf(seat);
  if (i >= 0) out.push(spoon(view, i, "taken"));
  if (!view.alive.includes(seat)) return out;
  const waiting = view.queues[seat];
  out.push(h("div", { class: "before-seat" }, backs(view.hands[seat], { max: 5 }),
    waiting ? h("span", { class: "waiting", title: t("cards passed to this seat, waiting") }, `+${waiting}`) : null,
    just.filter((g) => g.to === seat).map((g) => g.el)));
  return out;
}

function plate(view, ctx, seat, where, just) {
  const out = !view.alive.includes(seat);
  const badges = [letters(view, seat)];
  if (seat === view.holder && !view.over) badges.push(h("span", { class: "kit-badge gold", title: t("holds the stock") }, t("stock")));
  const i = view.grabbed.indexOf(seat);
  if (i >= 0) badges.push(h("span", { class: "kit-badge blue" }, ordinal(i + 1)));
  const node = seatPlate(ctx, seat, { where, badges, note: out ? t("out") : null,
    children: plateContents(view, ctx, seat, just) });
  if (out) node.classList.add("out");
  return node;
}

/** Cards that just went by: a back flying from the passer to the receiver (your own card face up). */
function passesSeen(view, ctx) {
  const prev = ctx.prev;
  if (!prev || prev.round !== view.round || view.phase !== "passing" && view.phase !== "grab") return [];
  const out = [];
  for (const seat of view.alive) {
    if ((view.passed[seat] || 0) <= (prev.passed[seat] || 0)) continue;
    const to = leftOf(view, seat) === view.holder ? "discard" : leftOf(view, seat);
    let el;
    if (seat === ctx.seat) {
      const gone = [...prev.hand];
      for (const c of view.hand) { const k = gone.indexOf(c); if (k >= 0) gone.splice(k, 1); }
      el = h("span", { class: "flying", dataset: { flip: gone.length ? `card:${gone[0]}` : `pass:${seat}` } },
        backs(1, { max: 1 }).firstChild);
    } else {
      el = h("span", { class: "flying", dataset: { flip: `pass:${seat}:${view.passed[seat]}`, flipFrom: `plate:${seat}` } },
        backs(1, { max: 1 }).firstChild);
    }
    out.push({ to, el });
  }
  return out;
}

function status(view, ctx) {
  const legal = view.legal || [];
  if (view.over) return describe({ type: "end", winners: view.winners }, ctx);
  if (view.phase === "countdown") return t("Round {round}: get ready…", { round: view.round });
  if (ctx.seat == null) return view.phase === "grab" ? t("Grab!") : t("Cards go round to the left");
  if (!view.alive.includes(ctx.seat)) return t("You are out: watch the others");
  if (view.phase === "grab") return view.grabbed.includes(ctx.seat) ? t("You have a spoon") : t("GRAB A SPOON!");
  if (legal.includes("grab")) return t("Four of a kind — grab a spoon!");
  if (view.hand.length === 5) {
    return leftOf(view, ctx.seat) === view.holder ? t("Click a card to pass it to the discard pile")
      : t("Click a card to pass it to {who}", { who: seatName(ctx, leftOf(view, ctx.seat)) });
  }
  return ctx.seat === view.holder ? t("Waiting for the stock…") : t("Waiting for a card from {who}", { who: seatName(ctx, passerTo(view, ctx.seat)) });
}

/** Why a spoon may not be grabbed now (said when the spoons or Grab! are clicked), or null. */
function noGrab(view, ctx) {
  if ((view.legal || []).includes("grab") || ctx.pending || ctx.seat == null || view.over) return null;
  if (view.grabbed.includes(ctx.seat)) return t("You have a spoon already.");
  return t("Not yet: grab with four of a kind, or as soon as someone else has grabbed a spoon.");
}

function center(view, ctx, just) {
  const left = view.spoons - view.grabbed.length;
  const canGrab = (view.legal || []).includes("grab") && !ctx.pending;
  const ring = [];
  for (let i = view.grabbed.length; i < view.spoons; i++) ring.push(spoon(view, i, view.phase === "grab" ? "shake" : ""));
  const spoons = h("button", {
    type: "button", class: `spoons${canGrab ? " can-grab" : ""}${view.phase === "grab" ? " race" : ""}`,
    disabled: !canGrab, onclick: canGrab ? () => ctx.play("grab") : null, "data-why": noGrab(view, ctx),
    "aria-label": canGrab ? tn("{n} spoon in the middle: grab one", "{n} spoons in the middle: grab one", left)
      : tn("{n} spoon in the middle", "{n} spoons in the middle", left),
  }, ring.length ? ring : h("span", { class: "none" }, t("no spoon left")));
  const piles = h("div", { class: "piles" },
    stock(view.stock, { label: `${t("Stock")} · ${seatName(ctx, view.holder)}` }),
    h("div", { class: "kit-pile discard", dataset: { flip: "discard" } },
      backs(Math.min(view.discard, 1), { max: 1 }),
      h("span", { class: "kit-pile-text" }, h("strong", {}, t("Discard")), h("span", {}, tn("{n} card", "{n} cards", view.discard))),
      just.filter((g) => g.to === "discard").map((g) => g.el)));
  const timer = (view.phase === "countdown" || view.phase === "grab") ? countdown(ctx, { size: 46,
    label: view.phase === "countdown" ? t("Starts in") : t("Time to grab") }) : null;
  return [
    h("div", { class: "spoon-status", role: "status", "data-now": "" }, status(view, ctx), timer),
    view.phase === "countdown" ? lastRound(view, ctx) : null,
    spoons,
    view.grabbed.length ? h("div", { class: "grab-line" }, grabLine(view, ctx)) : null,
    view.laid ? h("div", { class: "laid" }, `${seatName(ctx, view.laid.seat)}: `,
      view.laid.cards.map((c) => h("span", { class: "laid-card" }, cardText(c)))) : null,
    piles,
  ];
}

function mine(view, ctx, seat, just) {
  const legal = new Set(view.legal || []);
  const canGrab = legal.has("grab") && !ctx.pending;
  const cards = view.hand || [];
  const fan = hand(cards, {
    active: cards.length === 5 && [...legal].some((a) => a.startsWith("pass ")) && !ctx.pending,
    legal: (c) => legal.has(`pass ${c}`) || t("you may not pass now"),
    onPick: (c) => ctx.play(`pass ${c}`), label: t("Your hand"),
    title: (c) => t("Pass {card} on", { card: cardText(c) }),
  });
  // a card new in the hand slides in from the seat that passed it (the stock, for the pile-holder)
  const before = [...((ctx.prev && ctx.prev.round === view.round && ctx.prev.hand) || [])];
  for (const node of fan.querySelectorAll(".kit-card")) {
    const k = before.indexOf(node.dataset.code);
    if (k >= 0) before.splice(k, 1);
    else if (ctx.prev && ctx.prev.round === view.round) {
      node.dataset.flipFrom = seat === view.holder ? "stock" : `plate:${passerTo(view, seat)}`;
    }
  }
  const i = view.grabbed.indexOf(seat);
  return [
    seatPlate(ctx, seat, { where: "bottom", badges: [letters(view, seat),
      seat === view.holder && !view.over ? h("span", { class: "kit-badge gold" }, t("you hold the stock")) : null,
      i >= 0 ? h("span", { class: "kit-badge blue" }, t("{nth} spoon", { nth: ordinal(i + 1) })) : null,
      view.queues[seat] ? h("span", { class: "waiting" }, t("{n} waiting", { n: view.queues[seat] })) : null,
      i >= 0 ? spoon(view, i, "taken") : null] }),
    h("div", { class: "my-row" }, fan,
      h("button", { type: "button", class: `grab-button${canGrab ? " can-grab" : ""}`, disabled: !canGrab,
        "data-why": noGrab(view, ctx), onclick: canGrab ? () => ctx.play("grab") : null }, t("Grab!"))),
  ];
}

/**
 * The lesson's move at the table (contract B): "pass 7H" is that card in your hand, "grab" the spoons in the middle
 * and the Grab! button beside your hand.
 */
export function lessonTargets(text) {
  if (text === "grab") return [...document.querySelectorAll(".spoons-table button.spoons, .spoons-table .grab-button")];
  const m = /^pass (\S+)$/.exec(text);
  return m ? [...document.querySelectorAll(`.spoons-table .my-row .kit-card[data-code="${CSS.escape(m[1])}"]`)] : [];
}

export function board(view, ctx) {
  if (view.phase !== "grab" && ctx.ui.grabBanner) {  // the grab is over: its call to grab is no longer true
    ctx.ui.grabBanner.remove();
    ctx.ui.grabBanner = null;
  }
  const me = ctx.seat ?? 0;
  const just = passesSeen(view, ctx);
  const places = clockwise(view.players, me);
  // a crowd: five or more plates along the top rim, drawn narrower (table.css)
  return feltTable(places, (seat, where) => plate(view, ctx, seat, where, just), {
    cls: `spoons-table phase-${view.phase}${view.players >= 7 ? " crowd" : ""}`, center: center(view, ctx, just),
    me: ctx.seat == null ? plate(view, ctx, me, "bottom", just) : mine(view, ctx, me, just),
  });
}

/** The sheet's "round 3" in words. */
function roundLabel(label) {
  const m = /^round (\d+)$/.exec(label || "");
  return m ? t("Round {round}", { round: m[1] }) : label;
}

/** The score sheet: each round's loser(s) and the grabs in order, and the letters each seat holds. */
export function sheet(view, ctx) {
  const rows = (view.sheet && view.sheet.rows) || [];
  return h("section", { class: "panel sheet", "aria-label": t("Score sheet") }, h("h3", {}, t("Letters")),
    h("table", {}, h("tbody", {},
      Array.from({ length: view.players }, (_, seat) => h("tr", { class: seat === ctx.seat ? "mine" : "" },
        h("th", { scope: "row" }, seatName(ctx, seat)), h("td", {}, letters(view, seat)),
        h("td", { class: "muted" }, view.alive.includes(seat) ? "" : t("out")))))),
    rows.length ? h("ol", { class: "rounds" }, rows.map((r) => h("li", {},
      t("{round}: {names} got a letter", { round: roundLabel(r.label), names: (r.detail.losers || []).map((s) => seatName(ctx, s)).join(", ") })))) : null);
}
